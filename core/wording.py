"""Counts in plain words ("1 memory", "3 memories"): what the CLI and the window print reads
as a sentence, not as "1 memories" or "session(s)"."""

from __future__ import annotations

_IRREGULAR = {"memory": "memories"}


def counted(count: int, noun: str) -> str:
    plural = _IRREGULAR.get(noun, f"{noun}s")
    return f"{count} {noun if count == 1 else plural}"
