"""When a to-do's time comes, the user hears of it: "remind me to call mom at 5pm" asks for a
word at 5pm, not only a row in the inbox. A reminder put off is kept in the memory file until
it is called again, restart or not."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from core.local_time import local, whole_day
from core.model import Task
from core.store import MemoryStore

log = logging.getLogger(__name__)

# A deadline for a day ("tomorrow", "by Friday") is called in the morning of that day, on the
# user's clock: midnight would wake no one and tell them nothing in time. One set on its own
# day after the morning ("remind me to call mom today", at noon) is called in the afternoon
# or the evening, whichever is still to come.
DAY_REMINDER_HOURS = (9, 14, 19)


def remind_at(due_at: datetime, noticed_at: datetime | None = None) -> datetime:
    """The moment a deadline is called: its time, or the first of its day's reminder hours
    after the to-do was noticed (its morning when noticed on an earlier day). A day noticed
    after its evening is not called: the inbox shows it."""
    shown = local(due_at)
    if not whole_day(shown):
        return due_at
    hours = [shown.replace(hour=hour) for hour in DAY_REMINDER_HOURS]
    return next((at for at in hours if noticed_at is None or at > noticed_at), hours[0])


# "Remind me again" from the Reminder box: a short while, as on a phone.
SNOOZE = timedelta(minutes=10)
# Where the reminders put off are kept (to-do id -> when), so a restart does not lose them.
_SNOOZED_KEY = "reminders_snoozed"


def load_snoozed(store: MemoryStore) -> dict[str, datetime]:
    """The reminders put off and not yet called again, for to-dos still open."""
    try:
        kept = json.loads(store.db.meta(_SNOOZED_KEY) or "{}")
        snoozed = {task_id: datetime.fromisoformat(at) for task_id, at in kept.items()}
    except (ValueError, TypeError, AttributeError):
        log.warning("The reminders put off could not be read; they are called no more")
        return {}
    open_ids = {t.id for t in store.tasks.inbox()}
    return {task_id: at for task_id, at in snoozed.items() if task_id in open_ids}


def save_snoozed(store: MemoryStore, snoozed: Mapping[str, datetime]) -> None:
    value = json.dumps({task_id: at.isoformat() for task_id, at in snoozed.items()})
    with store.db.write() as cur:
        store.db.set_meta(cur, _SNOOZED_KEY, value)


def coming_due(
    tasks: Sequence[Task],
    since: datetime,
    now: datetime,
    snoozed: Mapping[str, datetime] | None = None,
) -> list[Task]:
    """The open to-dos whose reminder time falls after `since`, up to `now`: each is called
    once by a caller that moves `since` on. `snoozed`: to-dos to call again at that moment,
    by id. Soonest first."""
    again = snoozed or {}

    def called(task: Task) -> datetime | None:
        if task.id in again:
            return again[task.id]
        # A reminder asked for before the deadline, else the deadline itself.
        asked = task.remind_at or task.due_at
        return remind_at(asked, task.created_at) if asked is not None else None

    due = [(at, t) for t in tasks if (at := called(t)) is not None and since < at <= now]
    return [t for _, t in sorted(due, key=lambda pair: pair[0])]
