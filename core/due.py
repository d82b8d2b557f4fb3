"""When a task is due, from the words that say so ("tomorrow", "by Friday", "next week", "in
20 minutes", "by the 15th"), relative to the moment the words were said. Day-level dates land at
the start of that day in the speaker's timezone."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.temporal import ISO_DATE, MONTHS, NUMBER_WORDS, WEEKDAYS

_PART_OF_DAY = r"(?:\s+(?:morning|afternoon|evening|night))?"
_NUMBER = r"(\d+|" + "|".join(NUMBER_WORDS) + ")"
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY_TERMS = {"today": 0, "tonight": 0, "tomorrow": 1, "the day after tomorrow": 2}

_PATTERNS = (
    (
        "relative_day",
        re.compile(
            r"\b(?:by\s+)?(the day after tomorrow|today|tonight|tomorrow)" + _PART_OF_DAY + r"\b"
        ),
    ),
    ("part_of_today", re.compile(r"\bthis\s+(?:morning|afternoon|evening)\b")),
    (
        "end_of_day",
        re.compile(r"\b(?:by\s+)?(?:(?:the\s+)?end\s+of\s+(?:the\s+)?day|eod|asap)\b"),
    ),
    (
        "end_of_week",
        re.compile(
            r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?week\b|\bbefore\s+the\s+weekend\b"
        ),
    ),
    ("end_of_next_week", re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+next\s+week\b")),
    ("end_of_month", re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month\b")),
    ("weekend", re.compile(r"\b(?:this|over the|on the)\s+weekend\b")),
    ("this_week", re.compile(r"\bthis\s+week\b")),
    ("this_month", re.compile(r"\bthis\s+month\b")),
    ("next_week", re.compile(r"\bnext\s+week\b")),
    ("next_month", re.compile(r"\bnext\s+month\b")),
    (
        "weekday",
        re.compile(
            r"\b(?:(?:on|by|this|next|before)\s+)?("
            + "|".join(WEEKDAYS)
            + r")"
            + _PART_OF_DAY
            + r"\b"
        ),
    ),
    (
        "in_delta",
        re.compile(
            r"\b(?:in|within)\s+(?:a\s+)?" + _NUMBER + r"\s+(minute|hour|day|week|month)s?\b"
        ),
    ),
    ("iso_date", ISO_DATE),
    ("day_of_month", re.compile(r"\b(?:by|on|before)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b")),
    (
        "month_day",
        re.compile(
            r"\b(?:by|on|before)\s+(" + _MONTH_NAMES + r")(?:\s+(\d{1,2})"
            r"(?:st|nd|rd|th)?)?\b"
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Due:
    at: datetime
    phrase: str


def _start_of_day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _next_weekday(today: datetime, weekday: int) -> datetime:
    ahead = (weekday - today.weekday()) % 7 or 7
    return today + timedelta(days=ahead)


def _resolve(kind: str, match: re.Match[str], now: datetime) -> datetime | None:
    today = _start_of_day(now)
    if kind == "relative_day":
        return today + timedelta(days=_DAY_TERMS[match.group(1)])
    if kind in {"part_of_today", "end_of_day"}:
        return today
    if kind == "end_of_week" or kind == "this_week":
        return today + timedelta(days=max(0, 4 - today.weekday()))
    if kind in {"end_of_month", "this_month"}:
        return today.replace(day=calendar.monthrange(today.year, today.month)[1])
    if kind == "weekend":
        return today + timedelta(days=max(0, 5 - today.weekday()))
    if kind == "next_week":
        return _next_weekday(today, 0)
    if kind == "end_of_next_week":
        return _next_weekday(today, 0) + timedelta(days=4)
    if kind == "iso_date":
        year, month, day = (int(part) for part in match.groups())
        return today.replace(year=year, month=month, day=day)
    if kind == "next_month":
        return today.replace(day=1) + timedelta(
            days=calendar.monthrange(today.year, today.month)[1]
        )
    if kind == "weekday":
        return _next_weekday(today, WEEKDAYS.index(match.group(1)))
    if kind == "in_delta":
        unit, amount = match.group(2), _number(match.group(1))
        if unit == "month":
            year, month = divmod(today.month - 1 + amount, 12)
            year += today.year
            day = min(today.day, calendar.monthrange(year, month + 1)[1])
            return today.replace(year=year, month=month + 1, day=day)
        return now + timedelta(**{f"{unit}s": amount})
    if kind == "day_of_month":
        day = int(match.group(1))
        year, month = today.year, today.month
        if day < today.day:
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        if day > calendar.monthrange(year, month)[1]:
            return None
        return today.replace(year=year, month=month, day=day)
    month = MONTHS[match.group(1)]
    day = int(match.group(2)) if match.group(2) else 1
    year = today.year + (1 if (month, day) < (today.month, today.day) else 0)
    if day > calendar.monthrange(year, month)[1]:
        return None
    return today.replace(year=year, month=month, day=day)


def parse_due(text: str, now: datetime) -> Due | None:
    """The first stated deadline in `text`, or None. `now` is when the words were said."""
    lowered = text.lower()
    found: list[tuple[int, Due]] = []
    for kind, pattern in _PATTERNS:
        match = pattern.search(lowered)
        if match is None:
            continue
        try:
            at = _resolve(kind, match, now)
        except (OverflowError, ValueError):  # "in 99999999999 days": past the calendar
            continue
        if at is not None:
            found.append((match.start(), Due(at, text[match.start() : match.end()])))
    if not found:
        return None
    return min(found, key=lambda item: item[0])[1]
