"""A reminder asked for with nothing to do in it ("Remind me in an hour.") is about the to-do
said before it, in the same message or in the user's message before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.model import TaskPriority
from core.store import MemoryStore
from core.tasks import TaskCandidate, extract_tasks
from tests.core.test_tasks import SAID_AT, record


def at(day: int, hour: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("I need to call mom. Remind me in an hour.", "Call mom", at(18, 11)),
        ("I have to finish the report. Remind me at 5pm.", "Finish the report", at(18, 17)),
        ("I should renew my passport. Can you remind me tomorrow?", "Renew my passport", at(19)),
        ("I might need to buy a charger. Set a reminder for Friday.", "Buy a charger", at(20)),
        ("I need to call mom. Remind me about that tonight please.", "Call mom", at(18, 20)),
        # Asked for after the deadline, the time asked is the deadline too.
        ("I have to pay rent by Thursday. Remind me on Friday.", "Pay rent", at(20)),
        # ...and asked as an alarm, or to be put on one's calendar (which the inbox keeps).
        ("I need to call mom. Set an alarm for 5pm.", "Call mom", at(18, 17)),
        ("I have to pay the plumber on Friday. Put it on my calendar.", "Pay the plumber", at(20)),
    ],
)
def test_a_reminder_after_a_to_do_lands_it_by_its_time(
    text: str, title: str, due: datetime
) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at, task.priority) == (title, due, TaskPriority.HIGH)


def test_a_reminder_asked_for_before_the_deadline_keeps_the_deadline() -> None:
    """The reminder's time replaced the deadline: "pay rent by Friday, remind me on Thursday"
    was due Thursday, and Friday was lost."""
    (task,) = extract_tasks(
        "I have to pay rent by Friday. Remind me on Thursday.", SAID_AT, "turn-1"
    )
    assert (task.title, task.due_at, task.remind_at) == ("Pay rent", at(20), at(19))
    (said,) = extract_tasks(
        "Can you remind me tomorrow at 9?",
        SAID_AT,
        "turn-2",
        said_before="I must file taxes by Friday.",
    )
    assert (said.due_at, said.remind_at) == (at(20), at(19, 9))


def test_a_reminder_asked_for_with_no_deadline_still_lands_the_to_do() -> None:
    (hedge,) = extract_tasks("I should call mom.", SAID_AT, "turn-1")
    (asked,) = extract_tasks("I should call mom. Please remind me.", SAID_AT, "turn-1")
    assert hedge.priority is TaskPriority.MEDIUM and hedge.confidence < 0.7
    assert (asked.title, asked.priority, asked.due_at) == ("Call mom", TaskPriority.HIGH, None)


def asked_after(before: str, text: str) -> TaskCandidate:
    """The one to-do `text` gives, said in "turn-3" after the user's message `before`."""
    (task,) = extract_tasks(text, SAID_AT, "turn-3", said_before=before)
    return task


def test_a_reminder_is_about_the_to_do_of_the_message_before() -> None:
    task = asked_after(
        "Ugh, I really should renew my passport.", "Can you remind me about it tomorrow?"
    )
    assert (task.title, task.due_at, task.source_turn_id) == ("Renew my passport", at(19), "turn-3")


@pytest.mark.parametrize("said_before", ["", "The movie was great.", "Should I renew it?"])
def test_a_reminder_with_no_to_do_before_it_and_no_time_is_none(said_before: str) -> None:
    """It was a to-do titled "It"."""
    for text in ("Remind me about it.", "Please remind me.", "Put it on my calendar."):
        assert extract_tasks(text, SAID_AT, "turn-2", said_before=said_before) == []


@pytest.mark.parametrize(
    ("said_before", "text", "title", "due"),
    [
        # Asked by its time alone, a reminder is what was asked for (it was nothing: the
        # assistant could say it would remind, and the inbox had nothing to remind with).
        ("", "Set a reminder for 5pm.", "Reminder", at(18, 17)),
        ("Should I renew it?", "Remind me about it tomorrow.", "Reminder", at(19)),
        ("", "Thanks! Can you remind me in an hour?", "Reminder", at(18, 11)),
        ("", "Set an alarm for 7am.", "Alarm", at(19, 7)),
        # ...of the thing said just before it, in the same message or the one before: due on
        # its own day when it has one, reminding when asked (it was due when asked).
        (
            "",
            "My sister's birthday is on Saturday. Remind me about it on Friday.",
            "My sister's birthday",
            (at(21), at(20)),
        ),
        (
            "The concert is in March.",
            "Remind me about it in February.",
            "The concert",
            (datetime(2027, 3, 1, tzinfo=UTC), datetime(2027, 2, 1, tzinfo=UTC)),
        ),
        ("The movie was great.", "Remind me about it tomorrow.", "The movie", at(19)),
    ],
)
def test_a_reminder_with_no_to_do_before_it_lands_by_its_time(
    said_before: str, text: str, title: str, due: datetime | tuple[datetime, datetime]
) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-2", said_before=said_before)
    due_at, remind_at = due if isinstance(due, tuple) else (due, None)
    assert (task.title, task.due_at, task.remind_at) == (title, due_at, remind_at)
    assert task.source_turn_id == "turn-2" and task.confidence >= 0.7


def test_a_reminder_about_what_runs_out_reminds_before_it_is_renewed() -> None:
    """What expires by a time is renewed by then: the reminder asked for after it is of that
    to-do, before its deadline (it had been "My passport", due in February)."""
    task = asked_after("My passport expires in March.", "Remind me about it in February.")
    assert (task.title, task.due_at, task.remind_at) == (
        "Renew my passport",
        datetime(2027, 3, 1, tzinfo=UTC),
        datetime(2027, 2, 1, tzinfo=UTC),
    )


def test_a_reminder_before_the_deadline_is_kept_until_the_deadline_changes(
    store: MemoryStore,
) -> None:
    """Kept with its deadline (the inbox and `engram tasks` show both); said again without a
    deadline it stays; a deadline typed by hand is when it reminds."""
    record(store, "I have to pay rent by Friday. Remind me on Thursday.", SAID_AT, "t1")
    (task,) = store.tasks.inbox()
    assert task.remind_at is not None and task.due_at is not None
    assert task.remind_at < task.due_at
    record(store, "I have to pay rent.", SAID_AT + timedelta(hours=1), "t2")
    assert store.tasks.get(task.id).remind_at == task.remind_at
    typed = store.tasks.set_due(task.id, task.due_at + timedelta(days=1), SAID_AT)
    assert typed.remind_at is None
