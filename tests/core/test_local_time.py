"""Times are shown on the user's clock, not UTC's, wherever a person or the model reads them."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from core.digest import write_digest
from core.embed import Embedder
from core.forgetting import forget
from core.local_time import day_text, due_text, minute_text, overdue, start_of_local_day
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore
from core.tasks import extract_tasks

# 21:30 on Sunday 22 November in New York: already Monday in UTC.
EVENING_UTC = datetime(2026, 11, 23, 2, 30, tzinfo=UTC)


def test_times_read_on_the_users_clock(zone: str) -> None:
    assert minute_text(EVENING_UTC) == "2026-11-22 21:30"
    assert day_text(EVENING_UTC) == "2026-11-22"
    assert start_of_local_day(date(2026, 11, 22)) == datetime(2026, 11, 22, 5, tzinfo=UTC)


def test_a_deadline_said_in_the_evening_is_the_users_tomorrow(zone: str) -> None:
    """The app's clock is in the user's zone; stored, the deadline comes back in UTC and is
    shown as the day it names, with its time when one was said."""
    said_at = EVENING_UTC.astimezone()
    (day,) = extract_tasks("Remind me to call mom tomorrow", said_at, "t1")
    (timed,) = extract_tasks("Remind me to call the vet tomorrow at 9am", said_at, "t2")
    assert due_text(day.due_at.astimezone(UTC)) == "2026-11-23"
    assert due_text(timed.due_at.astimezone(UTC)) == "2026-11-23 09:00"


def test_a_forget_redacts_the_page_of_the_users_day(
    zone: str, store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """The evening's memory is on Sunday's page; a forget that looked for Monday's (its UTC
    day) left its words on disk."""
    secret = "The locker code is 9183746650."
    memory = NewMemory(MemoryKind.SEMANTIC, secret, EVENING_UTC, key="locker code")
    with store.db.write() as cur:
        (memory_id,) = store.memories.insert(cur, [memory], embedder.embed([secret]))
    page = write_digest(store, tmp_path, date(2026, 11, 22))
    assert page is not None and "9183746650" in page.read_text()
    assert write_digest(store, tmp_path, date(2026, 11, 23)) is None
    forget(store, tmp_path, [memory_id], datetime(2026, 12, 1, tzinfo=UTC), "test")
    assert not page.exists()


def test_a_deadline_is_overdue_once_its_day_or_time_has_passed(zone: str) -> None:
    """'By Friday' is not late on Friday evening; 'at 5pm' is late at 5pm."""
    friday = datetime(2026, 11, 27, 5, tzinfo=UTC)  # midnight in New York
    friday_evening = datetime(2026, 11, 28, 2, tzinfo=UTC)  # 21:00 in New York
    assert not overdue(friday, friday_evening)
    assert overdue(friday, datetime(2026, 11, 28, 5, 1, tzinfo=UTC))
    at_five = datetime(2026, 11, 27, 22, tzinfo=UTC)  # 17:00 in New York
    assert not overdue(at_five, datetime(2026, 11, 27, 21, 59, tzinfo=UTC))
    assert overdue(at_five, at_five)


def test_in_an_hour_is_an_hour_away_across_a_clock_change() -> None:
    """New York springs forward at 2:00 on 8 March 2026: said at 1:30, "in an hour" is 3:30 on
    the wall clock, 7:30 UTC, not a 2:30 that never happens."""
    said_at = datetime(2026, 3, 8, 1, 30, tzinfo=ZoneInfo("America/New_York"))
    (task,) = extract_tasks("Remind me to take the bread out in an hour", said_at, "t1")
    assert task.due_at == datetime(2026, 3, 8, 7, 30, tzinfo=UTC)
