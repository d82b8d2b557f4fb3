"""Counts in plain words ("1 memory", "3 memories"): what the CLI and the window print reads
as a sentence, not as "1 memories" or "session(s)". And long texts shown as their head, or as
the part that matters."""

from __future__ import annotations

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


def excerpt(text: str, phrase: str, limit: int = SHOWN_CHARS) -> str:
    """The part of a long text around `phrase` (its head when the phrase is not in it): the
    sentence a to-do came from, in a message that was a pasted page."""
    if len(text) <= limit:
        return text
    at = text.lower().find(phrase.lower()) if phrase else -1
    if at < 0:
        return clipped(text, limit)
    start = max(0, at - limit // 3)
    end = min(len(text), start + limit)
    return f"{'...' if start else ''}{text[start:end]}{'...' if end < len(text) else ''}"
