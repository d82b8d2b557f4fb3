"""A thing the assistant is asked to note down is kept as a to-do: "Can you make a note that I
owe Tom $20?" was read as a question, and "Can you note that ..." was not asked at all. A bare
"Note that ...", which opens many a pasted page, is no such ask."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT, lands


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("Can you make a note that I owe Tom $20?", "Pay Tom $20", None),
        (
            "Can you note that the landlord is coming Friday at 10?",
            "The landlord is coming",
            datetime(2026, 11, 20, 10, tzinfo=UTC),
        ),
        ("Could you please write down that I need to call the bank?", "Call the bank", None),
        (
            "Please jot down that the plumber comes Thursday at 8.",
            "The plumber comes",
            datetime(2026, 11, 19, 8, tzinfo=UTC),
        ),
    ],
)
def test_a_thing_asked_to_be_noted_is_a_to_do(text: str, title: str, due: datetime | None) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, due) and lands(text)


@pytest.mark.parametrize(
    "text",
    [
        "Note that the API is deprecated on Friday.",
        "Can you note how much I spent?",
        "Can you write a poem about my cat?",
    ],
)
def test_what_asks_no_note_kept_is_no_to_do(text: str) -> None:
    assert not lands(text)
