"""Turns grouped into 3-5 turn segments with one turn of overlap, trivial turns left out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.ingest.segments import is_trivial, segment_text, segment_turns
from core.model import Role, Turn

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def turns(n: int) -> list[Turn]:
    return [Turn(f"t{i}", "s", i, Role.USER, f"statement number {i}", T0, "Ana") for i in range(n)]


def ids(segments: list[tuple[Turn, ...]]) -> list[list[int]]:
    return [[t.seq for t in segment] for segment in segments]


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, []),
        (2, [[0, 1]]),
        (5, [[0, 1, 2, 3, 4]]),
        (7, [[0, 1, 2, 3, 4], [4, 5, 6]]),
        (6, [[0, 1, 2, 3, 4], [3, 4, 5]]),
        (9, [[0, 1, 2, 3, 4], [4, 5, 6, 7, 8]]),
        (13, [[0, 1, 2, 3, 4], [4, 5, 6, 7, 8], [8, 9, 10, 11, 12]]),
    ],
)
def test_segments_of_three_to_five_turns_share_one_turn(count: int, expected: list) -> None:
    assert ids(segment_turns(turns(count))) == expected


@pytest.mark.parametrize(
    "text", ["ok", "Thanks!", "ok thanks", "haha yes", "👍", "Sounds good.", "Thank you!!"]
)
def test_acknowledgements_are_trivial(text: str) -> None:
    assert is_trivial(text)


@pytest.mark.parametrize(
    "text", ["No, I moved to Lisbon", "ok so the meeting is at 3", "Yes I adopted a dog"]
)
def test_statements_are_not_trivial(text: str) -> None:
    assert not is_trivial(text)


def test_segment_text_labels_speakers() -> None:
    assert segment_text(turns(2)) == "Ana: statement number 0\nAna: statement number 1"


def test_turns_without_a_speaker_name_are_labelled_by_role() -> None:
    said = [
        Turn("t0", "s", 0, Role.USER, "I live in Berlin", T0),
        Turn("t1", "s", 1, Role.ASSISTANT, "Berlin is lovely", T0),
    ]
    assert segment_text(said) == "User: I live in Berlin\nAssistant: Berlin is lovely"
