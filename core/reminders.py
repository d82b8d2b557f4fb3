"""When a to-do's time comes, the user hears of it: "remind me to call mom at 5pm" asks for a
word at 5pm, not only a row in the inbox."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.local_time import local, whole_day
from core.model import Task

# A deadline for a day ("tomorrow", "by Friday") is called in the morning of that day, on the
# user's clock: midnight would wake no one and tell them nothing in time.
DAY_REMINDER_HOUR = 9


def remind_at(due_at: datetime) -> datetime:
    """The moment a deadline is called: its time, or the morning of its day."""
    shown = local(due_at)
    return shown.replace(hour=DAY_REMINDER_HOUR) if whole_day(shown) else due_at


def coming_due(tasks: Sequence[Task], since: datetime, now: datetime) -> list[Task]:
    """The open to-dos whose reminder time falls after `since`, up to `now`: each is called
    once by a caller that moves `since` on. Soonest first."""
    due = [t for t in tasks if t.due_at is not None and since < remind_at(t.due_at) <= now]
    return sorted(due, key=lambda t: remind_at(t.due_at or now))
