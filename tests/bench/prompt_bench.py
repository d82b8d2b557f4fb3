"""How long a chat turn waits for llama.cpp to read its prompt, on a model of a real size, and
how much of each prompt it reuses from the turn before (llama.cpp reads a prompt again from
its first token that differs). The model is a ~1B llama of random weights in Q8_0 (16 layers,
2048 wide: ~0.9 GB, written to a scratch folder in ~20 s); the memory is one LoCoMo
conversation, imported; the turns are its first questions, asked in one chat a minute apart.
Replies are cut at 4 tokens: what is timed is the prompt's reading. No curation runs between
the turns (in the app it waits for the chat to pause: `core.curation.CURATION_QUIET_S`).
Measured on 2 cores: prompts of ~1,960 tokens, ~21 s a turn at p50, a fifth of each prompt
kept from the turn before.

    .venv/bin/python -m tests.bench.prompt_bench --json
"""

from __future__ import annotations

import argparse
import tempfile
from datetime import timedelta
from pathlib import Path

from core.eval.locomo import load_conversation
from core.ingest.conversations import ConversationImporter
from core.llm import LlamaCppLLM, LLMSettings
from core.store import MemoryStore
from tests.bench.chat import bench_assistant
from tests.bench.encoder import app_encoder
from tests.bench.ingest_bench import LOCOMO
from tests.bench.report import percentiles, print_results
from tests.tiny_gguf import ModelShape, write_tiny_gguf

ONE_B = ModelShape(embedding=2048, heads=16, layers=16, feed_forward=5632, context=4096)


def run(folder: Path, conversation: Path, turns: int, threads: int) -> dict[str, float]:
    embedder = app_encoder()
    store = MemoryStore.open(folder / "home", embedder.model_id, embedder.dim)
    talk = load_conversation(conversation)
    ConversationImporter(store, embedder).import_sessions(talk.sessions)
    model = write_tiny_gguf(folder / "one-b.gguf", quantised=True, shape=ONE_B)
    llm = LlamaCppLLM(LLMSettings(model, context_size=ONE_B.context, threads=threads))
    said = talk.sessions[-1].turns[-1].at + timedelta(days=1)
    assistant = bench_assistant(store, embedder, llm, said, timedelta(minutes=1), 4)
    read_ms: list[float] = []
    prompt_tokens: list[int] = []
    shared: list[int] = []
    before: list[int] = []
    for question in talk.questions[:turns]:
        result = assistant.turn(question.text)
        read_ms.append(result.timings_ms["generate"])
        prompt = llm.prompt_token_ids(result.context.messages)
        prompt_tokens.append(len(prompt))
        same = next(
            (i for i, (a, b) in enumerate(zip(before, prompt, strict=False)) if a != b), None
        )
        shared.append(min(len(before), len(prompt)) if same is None else same)
        before = prompt
    assistant.close_session()
    store.close()
    p50, p95 = percentiles(read_ms[1:])
    tokens = sum(prompt_tokens[1:])
    return {
        "turns": len(read_ms),
        "threads": threads,
        "prompt_tokens_p50": percentiles([float(t) for t in prompt_tokens])[0],
        "read_and_reply_ms_p50": p50,
        "read_and_reply_ms_p95": p95,
        "shared_with_turn_before": sum(shared[1:]) / tokens if tokens else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversation", type=Path, default=LOCOMO / "conv-26.json")
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="engram-bench-") as folder:
        results = run(Path(folder), args.conversation, max(2, args.turns), args.threads)
    print_results(results, args.json)


if __name__ == "__main__":
    main()
