"""How a to-do reads in the inbox: what it is to do, without how long it was put off, what
follows if it is not done, or a time it points back at that its deadline now holds."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT

TODAY_AT_4 = SAID_AT.replace(hour=16)


def day(of_november: int) -> datetime:
    return SAID_AT.replace(day=of_november, hour=0)


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("I've been meaning to clean out the garage for months.", "Clean out the garage", None),
        (
            "I need to return the library books by Friday or I'll get fined.",
            "Return the library books",
            datetime(2026, 11, 20, tzinfo=SAID_AT.tzinfo),
        ),
        ("I have to pay the fine or else.", "Pay the fine", None),
        # A note under "Must remember:", a party one has (were "Remember: dentist", "We have
        # Tom's party").
        ("Must remember: dentist Tuesday 3pm", "Dentist", day(24).replace(hour=15)),
        ("Don't forget we have Tom's party on Saturday.", "Tom's party", day(21)),
        # Not to forget, said with "let's" (it was nothing, and "to call mom" weak).
        ("Let's not forget the milk.", "Remember the milk", None),
        ("Let me not forget to call mom.", "Call mom", None),
        # A word setting it beside another to-do: "Call the dentist instead", "... too".
        ("I need to call the dentist on Monday instead.", "Call the dentist", day(23)),
        ("I need to buy milk too.", "Buy milk", None),
        ("I should water the plants as well.", "Water the plants", None),
        ("I have to finish the essay anyway.", "Finish the essay", None),
        (
            "I have a call with the client at 4, need to prep slides before that.",
            "Prep slides",
            TODAY_AT_4,
        ),
        # Said with no time it stands for, or a time that says what it is, it stays.
        ("I need to call mom before that.", "Call mom before that", None),
        ("I need to book the cottage for two weeks.", "Book the cottage for two weeks", None),
        ("I need to decide whether to stay or go.", "Decide whether to stay or go", None),
    ],
)
def test_a_to_do_is_titled_by_what_is_to_be_done(
    text: str, title: str, due: datetime | None
) -> None:
    """These were nothing, or kept "for months", "or I'll get fined", "or else", "instead",
    "too", "as well", "anyway", "before that"."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, due)


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        (
            "I have a presentation on Thursday that I haven't started.",
            "Start the presentation",
            day(19),
        ),
        ("I have an exam on Monday that I haven't studied for.", "Study for the exam", day(23)),
        ("We have a report due tomorrow and we haven't even started.", "Start the report", day(19)),
        ("I have a project due Friday but I haven't done anything.", "Do the project", day(20)),
        ("My mom's birthday is next Tuesday and I haven't bought a gift.", "Buy a gift", day(24)),
        # What is due, said not done after it (it was "The rent is due", "My essay is due").
        ("Ugh, the rent is due tomorrow and I haven't paid it.", "Pay the rent", day(19)),
        ("My essay is due Monday and I haven't even started.", "Start my essay", day(23)),
    ],
)
def test_work_not_yet_begun_is_a_to_do_by_when_it_is_due(
    text: str, title: str, due: datetime
) -> None:
    """What one has, by a day, and has not done is what is left to do: each was nothing."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, due)
