"""Counts read as words: what the CLI and the window print about one thing is singular."""

from __future__ import annotations

import pytest

from core.wording import counted


@pytest.mark.parametrize(
    ("count", "noun", "said"),
    [
        (1, "memory", "1 memory"),
        (0, "memory", "0 memories"),
        (3, "memory", "3 memories"),
        (1, "session", "1 session"),
        (2, "session", "2 sessions"),
        (5, "unsupported file", "5 unsupported files"),
    ],
)
def test_one_is_singular_and_every_other_count_plural(count: int, noun: str, said: str) -> None:
    assert counted(count, noun) == said
