"""Counts in plain words ("1 memory", "3 memories"): what the CLI and the window print reads
as a sentence, not as "1 memories" or "session(s)". And long texts shown as their head, or as
the part that matters."""

from __future__ import annotations

import re

from core.sentences import FINAL_DOT

_IRREGULAR = {"memory": "memories", "copy": "copies"}


def counted(count: int, noun: str) -> str:
    plural = _IRREGULAR.get(noun, f"{noun}s")
    return f"{count} {noun if count == 1 else plural}"


def duration(seconds: float) -> str:
    """How long something will take, as one says a guess: "less than a minute", "about
    12 min", "about 2 h 5 min"."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return "less than a minute"
    if minutes < 90:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60} min"


# A memory shown in a list (the sidebar, search results) shows this much of its text.
SHOWN_CHARS = 600


def clipped(text: str, limit: int = SHOWN_CHARS) -> str:
    """The head of a long text and how much is left out: a memory made of a long paste would
    fill a sidebar card or a terminal."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit:,} more characters)"


_SENTENCE_END = re.compile(rf"[!?\n]|{FINAL_DOT}")


def _where_said(text: str, phrase: str) -> tuple[int, int]:
    """Where `phrase`, or its last words, stand in `text` (case aside): a to-do titled
    "Remember the milk" was said as "don't let me forget the milk". (-1, 0) when not there."""
    lowered, words = text.lower(), phrase.lower().split()
    for first in range(max(1, len(words) - 1)):
        said = " ".join(words[first:])
        at = lowered.find(said) if said else -1
        if at >= 0:
            return at, len(said)
    return -1, 0


def excerpt(text: str, phrase: str, limit: int = SHOWN_CHARS) -> str:
    """The sentence of `text` that says `phrase`: the one a to-do came from, in a message that
    said several things or was a pasted page (cut around the phrase when longer than `limit`).
    The text's head when the phrase is not in it (the user reworded the to-do)."""
    at, length = _where_said(text, phrase) if phrase else (-1, 0)
    if at < 0:
        return clipped(text, limit)
    before = list(_SENTENCE_END.finditer(text, max(0, at - limit), at))
    opening = before[-1].end() if before else max(0, at - limit)
    after = _SENTENCE_END.search(text, at + length, at + length + limit)
    closing = after.end() if after else min(len(text), at + length + limit)
    sentence = text[opening:closing].strip()
    head = "..." if opening and not before else ""
    tail = "..." if closing < len(text) and not after else ""
    if len(sentence) <= limit:
        return f"{head}{sentence}{tail}"
    start = max(opening, at - limit // 3)
    end = min(closing, start + limit)
    return f"...{text[start:end].strip()}{'...' if end < closing else tail}"
