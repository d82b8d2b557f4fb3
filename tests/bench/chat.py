"""The chat the turn benchmarks drive: the app's Assistant on a given store, encoder and model,
with a simulated clock (a turn each `every`) and replies cut at `reply_tokens`."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from core.assistant import Assistant
from core.context import DEFAULT_BUDGETS, ContextAssembler
from core.embed import Embedder
from core.llm import LlamaCppLLM
from core.retrieval import Retriever
from core.store import MemoryStore
from core.tokens import token_counter


def bench_assistant(
    store: MemoryStore,
    embedder: Embedder,
    llm: LlamaCppLLM,
    start: datetime,
    every: timedelta,
    reply_tokens: int,
) -> Assistant:
    clock = iter(start + every * i for i in range(10**6))
    return Assistant(
        store,
        embedder,
        llm,
        Retriever(store, embedder),
        lambda: next(clock),
        assembler=ContextAssembler(
            token_counter(llm), replace(DEFAULT_BUDGETS, reply=reply_tokens)
        ),
    )
