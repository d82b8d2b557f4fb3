"""An errand one commits a day to is a to-do, as one with a deadline is: "I'll call mom
tomorrow" was nothing (only "... by Friday" landed). So is a note to oneself of an errand,
"Need to call mom", which waited to be said again."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT, lands


def day(of_november: int, hour: int = 0) -> datetime:
    return SAID_AT.replace(day=of_november, hour=hour)


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("I'll call mom tomorrow.", "Call mom", day(19)),
        ("I'm going to call the bank on Monday.", "Call the bank", day(23)),
        ("Tomorrow I'll clean the garage.", "Clean the garage", day(19)),
        ("I'll pick up the kids at 4.", "Pick up the kids", day(18, 16)),
        ("I'll contact the landlord tomorrow.", "Contact the landlord", day(19)),
        ("Ring the council tomorrow.", "Ring the council", day(19)),
    ],
)
def test_an_errand_committed_to_a_day_is_a_to_do(text: str, title: str, due: datetime) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, due)
    assert lands(text)


@pytest.mark.parametrize(
    "text",
    [
        # Not an errand: a place gone to, a pastime, a state, an event.
        "I'm going to the gym tomorrow.",
        "I'll watch the game tonight.",
        "I'll have more time tomorrow.",
        "I'll start my new job on Monday.",
        # Said to the assistant, by someone else, or supposed.
        "I'll call you tomorrow.",
        "She'll call me tomorrow.",
        "If it rains I'll clean the garage tomorrow.",
        # No day: a plan said in passing.
        "I'll call mom at some point.",
    ],
)
def test_a_plan_that_is_no_errand_on_a_day_is_none(text: str) -> None:
    assert not lands(text)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Need to email Dan back re: the contract.", "Email Dan back re: the contract"),
        ("Need to call mom.", "Call mom"),
        ("Gotta call the bank.", "Call the bank"),
        ("Have to renew my passport.", "Renew my passport"),
        # ...as chat types it (it was nothing).
        ("need 2 buy milk", "Buy milk"),
        ("Need to chase up the invoice with Acme.", "Chase up the invoice with Acme"),
        ("Need to follow up with the recruiter.", "Follow up with the recruiter"),
        ("remind me 2 call mum", "Call mum"),
    ],
)
def test_a_note_to_oneself_of_an_errand_lands_with_no_day(text: str, title: str) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert task.title == title and lands(text)


@pytest.mark.parametrize(
    "text",
    [
        "Need to visit more often.",
        "Gotta stay focused.",
        "Need to call it a night.",
        "I need 2 tickets for the show.",
    ],
)
def test_a_note_to_oneself_of_no_errand_waits_to_be_said_again(text: str) -> None:
    assert not lands(text)
