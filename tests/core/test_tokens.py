"""Budgets count tokens with the best tokenizer available offline."""

from __future__ import annotations

from pathlib import Path

from core.llm import LlamaCppLLM, LLMSettings
from core.tokens import estimate_tokens, token_counter


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
