"""A to-do's deadline is called once, at its time or in the morning of its day."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from core.model import Task, TaskPriority, TaskStatus
from core.reminders import coming_due, remind_at

SAID = datetime(2026, 11, 20, 15, tzinfo=UTC)


def task(title: str, due_at: datetime | None) -> Task:
    return Task(
        title, title, TaskStatus.CANDIDATE, 0.9, TaskPriority.HIGH, due_at, None, 1, SAID, SAID
    )


def test_a_days_deadline_is_called_in_the_morning_of_the_users_day(zone: str) -> None:
    friday = datetime(2026, 11, 27, 5, tzinfo=UTC)  # midnight in New York
    assert remind_at(friday) == datetime(2026, 11, 27, 14, tzinfo=UTC)  # 9:00 there
    at_five = datetime(2026, 11, 27, 22, tzinfo=UTC)
    assert remind_at(at_five) == at_five


def test_a_day_set_on_that_day_after_its_morning_is_called_later_that_day(zone: str) -> None:
    """ "Remind me to call mom today" said at noon was due at that morning's reminder, already
    past: it was never called."""
    today = datetime(2026, 11, 27, 5, tzinfo=UTC)  # midnight in New York
    at_noon = datetime(2026, 11, 27, 17, tzinfo=UTC)
    assert remind_at(today, at_noon) == datetime(2026, 11, 27, 19, tzinfo=UTC)  # 14:00 there
    at_four = datetime(2026, 11, 27, 21, tzinfo=UTC)
    assert remind_at(today, at_four) == datetime(2026, 11, 28, tzinfo=UTC)  # 19:00 there
    called = task("Call mom", today)
    noticed = replace(called, created_at=at_noon, updated_at=at_noon)
    assert coming_due([noticed], at_noon, at_noon + timedelta(hours=3)) == [noticed]
    # Noticed the day before, it is the morning's; noticed too late, the inbox shows it.
    assert remind_at(today, today - timedelta(hours=3)) == datetime(2026, 11, 27, 14, tzinfo=UTC)
    late = datetime(2026, 11, 28, 2, tzinfo=UTC)  # 21:00 there
    assert coming_due([replace(called, created_at=late)], late, late + timedelta(hours=9)) == []


def test_each_deadline_is_called_once_soonest_first() -> None:
    five = task("Call mom", datetime(2026, 11, 20, 17, tzinfo=UTC))
    four = task("Feed the cat", datetime(2026, 11, 20, 16, tzinfo=UTC))
    undated = task("Read more", None)
    later = task("Pay rent", datetime(2026, 11, 23, tzinfo=UTC))
    tasks = [five, undated, later, four]
    assert coming_due(tasks, SAID, SAID + timedelta(minutes=59)) == []
    assert coming_due(tasks, SAID, SAID + timedelta(hours=2)) == [four, five]
    assert coming_due(tasks, SAID + timedelta(hours=2), SAID + timedelta(hours=3)) == []
    assert coming_due(tasks, SAID, datetime(2026, 11, 23, 9, tzinfo=UTC)) == [four, five, later]
    assert coming_due([replace(later, due_at=None)], SAID, SAID + timedelta(days=9)) == []


def test_a_reminder_asked_for_before_the_deadline_is_called_then() -> None:
    rent = replace(
        task("Pay rent", datetime(2026, 11, 27, 12, tzinfo=UTC)),
        remind_at=datetime(2026, 11, 26, 18, tzinfo=UTC),
    )
    assert coming_due([rent], SAID, datetime(2026, 11, 26, 18, tzinfo=UTC)) == [rent]
    assert coming_due([rent], datetime(2026, 11, 26, 18, tzinfo=UTC), rent.due_at) == []


def test_a_snoozed_to_do_is_called_again_when_asked_and_only_then() -> None:
    five = task("Call mom", datetime(2026, 11, 20, 17, tzinfo=UTC))
    undated = task("Read more", None)
    again = {five.id: datetime(2026, 11, 20, 17, 10, tzinfo=UTC), undated.id: SAID}
    called = datetime(2026, 11, 20, 17, tzinfo=UTC)
    # At five it is not called again: it was put off to ten past.
    assert coming_due([five], SAID, called, again) == []
    assert coming_due([five, undated], called, called + timedelta(minutes=10), again) == [five]
    assert coming_due([undated], SAID - timedelta(seconds=1), SAID, again) == [undated]
