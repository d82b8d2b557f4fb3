"""Ingestion throughput: turns per second through the real conversation import (segmenting,
rule extraction, embedding, writing, synaptic links) against the raw encoder's sentences per
second on the same texts. Target: ratio >= 0.8. Uses the LoCoMo dev conversations as realistic
turns.

    .venv/bin/python -m tests.bench.ingest_bench --json
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from core.eval.locomo import load_conversation
from core.ingest.conversations import ConversationImporter
from core.ingest.segments import segment_text, segment_turns
from core.store import MemoryStore
from tests.bench.encoder import app_encoder
from tests.bench.report import print_results

LOCOMO = Path(__file__).resolve().parents[3] / "shared" / "bench" / "locomo"


def run(files: list[Path]) -> dict[str, float]:
    embedder = app_encoder()
    conversations = [load_conversation(path) for path in files]
    sessions = [s for c in conversations for s in c.sessions]
    turns = sum(len(s.turns) for s in sessions)
    texts = [segment_text(seg) for s in sessions for seg in segment_turns(s.turns)]
    embedder.embed(texts[:64])  # warm up
    started = time.perf_counter()
    embedder.embed(texts)
    encoder_seconds = time.perf_counter() - started

    ingest_seconds = 0.0
    for conversation in conversations:
        with tempfile.TemporaryDirectory(prefix="engram-bench-") as home:
            store = MemoryStore.open(Path(home), embedder.model_id, embedder.dim)
            started = time.perf_counter()
            ConversationImporter(store, embedder).import_sessions(conversation.sessions)
            ingest_seconds += time.perf_counter() - started
            store.close()
    return {
        "turns": turns,
        "segments": len(texts),
        "encoder_segments_per_s": len(texts) / encoder_seconds,
        "encoder_turns_per_s": turns / encoder_seconds,
        "ingest_turns_per_s": turns / ingest_seconds,
        "ratio": (turns / ingest_seconds) / (turns / encoder_seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = run(args.files or sorted(LOCOMO.glob("conv-*.json")))
    print_results(results, args.json)


if __name__ == "__main__":
    main()
