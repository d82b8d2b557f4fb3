"""Ingestion throughput: turns per second through the real conversation import (segmenting,
rule extraction, embedding, writing, synaptic links) against the raw encoder's sentences per
second on the same texts. Target: ratio >= 0.8. Uses the LoCoMo dev conversations as realistic
turns. The two are timed in alternation, several rounds, and the median ratio reported: one
round of each swung the ratio from 0.75 to 1.03 on the same build (the machine's speed drifts
between two runs a few seconds apart).

    .venv/bin/python -m tests.bench.ingest_bench --json
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from core.embed import Embedder
from core.eval.locomo import Conversation, load_conversation
from core.ingest.conversations import ConversationImporter
from core.ingest.segments import segment_text, segment_turns
from core.store import MemoryStore
from tests.bench.encoder import app_encoder
from tests.bench.report import print_results

LOCOMO = Path(__file__).resolve().parents[3] / "shared" / "bench" / "locomo"


def run(files: list[Path], rounds: int = 3) -> dict[str, float]:
    embedder = app_encoder()
    conversations = [load_conversation(path) for path in files]
    sessions = [s for c in conversations for s in c.sessions]
    turns = sum(len(s.turns) for s in sessions)
    texts = [segment_text(seg) for s in sessions for seg in segment_turns(s.turns)]
    embedder.embed(texts[:64])  # warm up
    encoder_times, ingest_times = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        embedder.embed(texts)
        encoder_times.append(time.perf_counter() - started)
        ingest_times.append(sum(_import_seconds(c, embedder) for c in conversations))
    ratios = [encoder / ingest for encoder, ingest in zip(encoder_times, ingest_times, strict=True)]
    return {
        "turns": turns,
        "segments": len(texts),
        "rounds": rounds,
        "encoder_segments_per_s": len(texts) / statistics.median(encoder_times),
        "encoder_turns_per_s": turns / statistics.median(encoder_times),
        "ingest_turns_per_s": turns / statistics.median(ingest_times),
        "ratio": statistics.median(ratios),
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
        "ratios": [round(r, 3) for r in ratios],
    }


def _import_seconds(conversation: Conversation, embedder: Embedder) -> float:
    with tempfile.TemporaryDirectory(prefix="engram-bench-") as home:
        store = MemoryStore.open(Path(home), embedder.model_id, embedder.dim)
        try:
            started = time.perf_counter()
            ConversationImporter(store, embedder).import_sessions(conversation.sessions)
            return time.perf_counter() - started
        finally:
            store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = run(args.files or sorted(LOCOMO.glob("conv-*.json")), max(1, args.rounds))
    print_results(results, args.json)


if __name__ == "__main__":
    main()
