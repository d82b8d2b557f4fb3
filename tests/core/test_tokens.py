"""Budgets count tokens with the best tokenizer available offline."""

from __future__ import annotations

from pathlib import Path

from core.llm import LlamaCppLLM, LLMSettings
from core.tokens import (
    COUNT_CACHE_MAX_CHARS,
    LONG_COUNT_CACHE_ENTRIES,
    estimate_tokens,
    remembering_counts,
    token_counter,
)


def test_loaded_model_counts_with_its_own_tokenizer(tiny_gguf: Path) -> None:
    llm = LlamaCppLLM(LLMSettings(tiny_gguf, context_size=256, threads=1))
    assert token_counter(llm)("hello world") == llm.count_tokens("hello world") == 2


def test_without_a_model_tiktoken_counts_offline() -> None:
    count = token_counter(None)
    assert count("hello world") == 2
    assert count("<|endoftext|> is just text here") > 1


def test_estimate_is_about_four_characters_a_token() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcdefgh") == 2
    assert estimate_tokens("abcdefghi") == 3


def test_a_piece_reused_by_every_prompt_is_tokenized_once() -> None:
    asked: list[str] = []

    def count(text: str) -> int:
        asked.append(text)
        return len(text.split())

    counted = remembering_counts(count)
    assert [counted("call the dentist") for _ in range(3)] == [3, 3, 3]
    assert asked == ["call the dentist"]
    # Long pastes are held a few at a time: counted once while they are in play (they are
    # in every prompt of their conversation), forgotten when others take their place.
    paste = "word " * COUNT_CACHE_MAX_CHARS
    assert counted(paste) == counted(paste) == COUNT_CACHE_MAX_CHARS
    assert asked.count(paste) == 1
    for i in range(LONG_COUNT_CACHE_ENTRIES):
        counted(f"{i} " + paste)
    assert counted(paste) == COUNT_CACHE_MAX_CHARS and asked.count(paste) == 2
