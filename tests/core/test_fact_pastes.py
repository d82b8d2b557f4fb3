"""Facts are read from every message sent and every turn imported: a paste shaped to make
the patterns read it again and again must not stall learning."""

from __future__ import annotations

import time

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("pasted", "first"),
    [
        # A list with no "and", read to its end again from every "I like" in it: 170 s.
        ("I like a, " * 20_000, ("ana: likes a", "Ana likes a")),
        ("I speak French, " * 12_000, ("ana: speaks french", "Ana speaks French")),
        # "I" at every word, each tried as the start of a routine: 2.4 s.
        ("I go " * 40_000, None),
        # Each of thousands of matches read its sentence for when it happened: 12 s.
        ("I lost my job " * 30_000, ("ana: employer", "Ana lost their job")),
    ],
)
def test_a_pathological_paste_does_not_freeze_fact_extraction(
    pasted: str, first: tuple[str, str] | None
) -> None:
    """The bound is a hang guard, ~10 times what it takes."""
    started = time.perf_counter()
    found = facts(pasted)
    assert time.perf_counter() - started < 8
    assert found[:1] == ([first] if first else [])
