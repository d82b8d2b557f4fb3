"""Times as the person using the app reads them. Moments are stored as instants and read back in
UTC; a person reads them on their own clock: a to-do "due 2026-11-23" must name the day they live
in, and a conversation started at 21:00 in New York did not start at 02:00 the next day."""

from __future__ import annotations

from datetime import date, datetime


def local(moment: datetime) -> datetime:
    """`moment` on this machine's clock, the zone of the person using it."""
    return moment.astimezone()


def local_day(moment: datetime) -> date:
    return local(moment).date()


def day_text(moment: datetime) -> str:
    return local_day(moment).isoformat()


def days_told(happened: datetime, told: datetime) -> tuple[str, str | None]:
    """The day something dates from, and the day it was told when that was another ("I ran a
    race last Saturday", said on Wednesday)."""
    when, said = day_text(happened), day_text(told)
    return when, (said if said != when else None)


def minute_text(moment: datetime) -> str:
    return f"{local(moment):%Y-%m-%d %H:%M}"


def whole_day(shown: datetime) -> bool:
    """A deadline set for a day ("by Friday") lands at its midnight; one with a time, not."""
    return (shown.hour, shown.minute) == (0, 0)


def due_text(due_at: datetime) -> str:
    """A deadline's day, and its time when one was said ("at 5pm", "in 20 minutes")."""
    shown = local(due_at)
    return day_text(shown) if whole_day(shown) else minute_text(shown)


def overdue(due_at: datetime, now: datetime) -> bool:
    """Whether a deadline has passed: a day's once that day is over on the user's clock ("by
    Friday" is not late on Friday), a time's once it is reached."""
    shown = local(due_at)
    return local_day(now) > shown.date() if whole_day(shown) else now >= due_at


def start_of_local_day(day: date) -> datetime:
    """Midnight of `day` on this machine's clock, as an aware moment."""
    return datetime(day.year, day.month, day.day).astimezone()
