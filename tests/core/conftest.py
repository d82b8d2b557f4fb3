"""The chat tests' shared pieces: an injected clock and an assistant on the tiny model."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from core.assistant import Assistant, ForgottenSink
from core.context import DEFAULT_BUDGETS, ContextAssembler
from core.embed import Embedder
from core.llm import LlamaCppLLM, LLMSettings
from core.retrieval import Retriever
from core.store import MemoryStore
from tests.core.clock import Clock


@pytest.fixture
def llm(tiny_gguf: Path) -> LlamaCppLLM:
    """Loaded for each test (~16 ms): a model shared by a module samples on from where the
    tests before left it, so what a test's replies said, and what recall ranks above what,
    hung on which tests ran first (a date question found its fact alone, not after three
    others)."""
    return LlamaCppLLM(LLMSettings(tiny_gguf, context_size=2048, threads=1))


@pytest.fixture
def clock() -> Clock:
    return Clock()


def short_reply_assistant(
    store: MemoryStore,
    embedder: Embedder,
    llm: LlamaCppLLM,
    clock: Clock,
    on_forgotten: ForgottenSink | None = None,
) -> Assistant:
    """The tiny model babbles until its limit: short replies keep the conversation readable."""
    assembler = ContextAssembler(llm.count_tokens, replace(DEFAULT_BUDGETS, reply=48))
    return Assistant(
        store,
        embedder,
        llm,
        Retriever(store, embedder),
        clock,
        assembler=assembler,
        on_forgotten=on_forgotten,
    )


@pytest.fixture
def assistant(store: MemoryStore, embedder: Embedder, llm: LlamaCppLLM, clock: Clock) -> Assistant:
    return short_reply_assistant(store, embedder, llm, clock)
