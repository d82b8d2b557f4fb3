"""What someone wants of one by a deadline, or an errand they need done by its day, is a
to-do: "My boss wants me to finish the report by Friday" was nothing (only "asked me to"
was read). A wish of theirs that is no deliverable is none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT, lands


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        (
            "My boss wants me to finish the report by Friday.",
            "Finish the report",
            datetime(2026, 11, 20, tzinfo=UTC),
        ),
        (
            "My boss told me to send the slides by Monday.",
            "Send the slides",
            datetime(2026, 11, 23, tzinfo=UTC),
        ),
        (
            "My mom needs me to pick up her prescription tomorrow.",
            "Pick up my mom's prescription",
            datetime(2026, 11, 19, tzinfo=UTC),
        ),
    ],
)
def test_what_is_wanted_of_one_by_a_day_is_a_to_do(text: str, title: str, due: datetime) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, due) and lands(text)


@pytest.mark.parametrize(
    "text",
    [
        "My boss wants me to work late on Friday.",
        "She wants me to leave.",
        "The doctor told me to rest for a week.",
    ],
)
def test_a_wish_of_theirs_that_is_no_deliverable_is_none(text: str) -> None:
    assert not lands(text)
