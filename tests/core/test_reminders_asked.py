"""A reminder asked for ahead of the day it is of: "Remind me the day before", "... the night
before", "... 30 minutes before", "... two days before". Each was nothing, or the deadline's
own time. So is one of a thing told with its day ("It's Sarah's birthday on Sunday, remind me
on Saturday", "... don't let me forget")."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT, lands


def at(day: int, hour: int = 0, minute: int = 0) -> datetime:
    return SAID_AT.replace(day=day, hour=hour, minute=minute)


@pytest.mark.parametrize(
    ("text", "title", "due", "remind"),
    [
        # Of the to-do before it.
        ("I have to pay rent by Friday. Remind me the day before.", "Pay rent", at(20), at(19)),
        (
            "I need to submit the report by Monday. Remind me two days before.",
            "Submit the report",
            at(23),
            at(21),
        ),
        # ...or of the thing with its day told before it (it was nothing).
        (
            "I have a dentist appointment on Friday at 2. Remind me the day before.",
            "Dentist appointment",
            at(20, 14),
            at(19),
        ),
        (
            "I have a meeting with Tom on Monday at 10. Can you remind me 30 minutes before?",
            "Meeting with Tom",
            at(23, 10),
            at(23, 9, 30),
        ),
        (
            "My flight is Saturday at 7am. Remind me the night before.",
            "My flight",
            at(21, 7),
            at(20, 20),
        ),
        # ...or told alone, the thing and its day (nothing before).
        (
            "Dentist appointment Thursday at 2. Remind me an hour before.",
            "Dentist appointment",
            at(19, 14),
            at(19, 13),
        ),
        (
            "Meeting with Tom Monday 10am. Remind me 30 minutes before.",
            "Meeting with Tom",
            at(23, 10),
            at(23, 9, 30),
        ),
        (
            "It's Sarah's birthday on Sunday, remind me on Saturday.",
            "Sarah's birthday",
            at(22),
            at(21),
        ),
        (
            "Our anniversary is on Friday. Remind me about it on Thursday.",
            "Our anniversary",
            at(20),
            at(19),
        ),
        # An hour asked of it is on its day (was "Reminder", at 9 the next morning).
        ("Haircut Friday at 10. Remind me at 9.", "Haircut", at(20, 10), at(20, 9)),
        (
            "I have a dentist appointment on Friday at 2. Remind me at 1.",
            "Dentist appointment",
            at(20, 14),
            at(20, 13),
        ),
        # ...said after a comma (each was nothing, or a to-do titled "Remind me").
        (
            "I've got a dentist appointment Friday at 2, remind me the day before.",
            "Dentist appointment",
            at(20, 14),
            at(19),
        ),
        ("I have to pay rent by Friday, remind me on Thursday.", "Pay rent", at(20), at(19)),
        ("I need to call mom, remind me at 5.", "Call mom", at(18, 17), None),
        # An hour before a day alone says no time: the day reminds as it would.
        ("I have to pay rent by Friday. Remind me an hour before.", "Pay rent", at(20), None),
    ],
)
def test_a_reminder_asked_ahead_reminds_that_far_before_its_day(
    text: str, title: str, due: datetime, remind: datetime | None
) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at, task.remind_at) == (title, due, remind)


@pytest.mark.parametrize(
    "text",
    [
        "Remind me the day before.",
        "I have a dentist appointment. Remind me the day before.",
    ],
)
def test_a_reminder_ahead_of_no_day_is_none(text: str) -> None:
    assert extract_tasks(text, SAID_AT, "turn-1") == []


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("It's Sarah's birthday on Sunday, don't let me forget.", "Sarah's birthday", at(22)),
        ("The plumber comes Thursday, make sure I don't forget.", "The plumber comes", at(19)),
        (
            "I have a dentist appointment on Friday at 2, don't let me forget.",
            "Dentist appointment",
            at(20, 14),
        ),
        ("Our anniversary is on Friday. Don't let me forget it!", "Our anniversary", at(20)),
        ("I'm seeing Tom on Friday, don't let me forget.", "Seeing Tom", at(20)),
        (
            "We're having dinner with the Smiths on Saturday, remind me the day before.",
            "Dinner with the Smiths",
            at(21),
        ),
    ],
)
def test_a_thing_with_its_day_not_to_be_forgotten_is_a_to_do_by_that_day(
    text: str, title: str, due: datetime
) -> None:
    """Each was nothing, or a to-do titled "Don't forget"."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, due) and lands(text)


@pytest.mark.parametrize("text", ["Don't let me forget.", "I'm busy on Friday, don't forget."])
def test_not_forgetting_nothing_with_a_day_is_no_to_do(text: str) -> None:
    assert not lands(text)
