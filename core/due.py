"""When a task is due, from the words that say so ("tomorrow", "by Friday", "next week", "in
20 minutes", "by the 15th"), relative to the moment the words were said. Day-level dates land at
the start of that day in the speaker's timezone."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from core.due_patterns import (
    DAY_SPELLINGS,
    DAY_TERMS,
    DAY_WORDS,
    NEXT_YEAR,
    PATTERNS,
    SHORT_WEEKDAYS,
)
from core.errors import InputError
from core.pattern_needs import folded, found_in
from core.temporal import MONTHS, NUMBER_WORDS, WEEKDAYS, day_words, month_words

# When a part of a day is called (a reminder at midnight would tell no one in time).
_PART_HOURS = {"morning": 9, "afternoon": 14, "evening": 19, "night": 20, "tonight": 20}
# "By mid-December": the day a part of a month is done by.
_PART_DAY = {"early": 10, "mid": 15}
# "At 5pm", "5:30 pm", "at 17:00": a time on the day the deadline names, or the next one;
# "at 7.30" as well (a dot, only after "at" or before am / pm: "version 2.30" is none).
_CLOCK = re.compile(
    r"\b(?:(?P<at>at|by|before)\s+)?(?P<hour>\d{1,2})(?:(?P<sep>[:.])(?P<minute>\d{2}))?\s*"
    r"(?P<half>am|pm)?\b"
)
# "Pick up the kids at 4", "tomorrow at 10": an hour said alone after "at", where the sentence
# ends or a word about the day or a clause ("at 3 that I can't miss") follows, is the hour a
# day is lived at (4 is 4 pm, 10 is 10 am; in the evening or at night, 8 is 8 pm). "At 5
# percent" and "at 5 people" are counts.
_BARE_HOUR = re.compile(
    r"\b(?:at|by|before)\s+(\d{1,2})(?:\s*o'?clock)?(?=\s*(?:[,.!?;)]|$)|\s+(?:on|"
    + DAY_WORDS
    + r"|this|"
    r"next|in\s+the|and|to|for|with|sharp|please|then|that|which|so|but)\b)"
)
# "In 30 mins", "in 2 hrs".
_UNIT_SPELLINGS = {"min": "minute", "hr": "hour"}
# "At half past six", "a quarter to 5": the hour said in words around the clock's.
_HOUR_WORDS = {
    word: hour
    for hour, word in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), 1
    )
}
_HOUR_SAID = r"(\d{1,2}|" + "|".join(_HOUR_WORDS) + r")\b"
_PAST_OR_TO = re.compile(
    r"\b(?:(?:at|by|before)\s+)?(?:a\s+)?(half|quarter)\s+(past|to)\s+"
    + _HOUR_SAID
    # ...or as said in Britain: "at half 5" is half past five.
    + r"|\b(?:at|by|before)\s+(half)\s+"
    + _HOUR_SAID
    + r"(?!\s*(?:hours?|minutes?|days?|weeks?|%|-))"
)
_EVENING = re.compile(r"\b(?:tonight|evening|night)\b")
_MORNING = re.compile(r"\b(?:morning|alarm|wake|waking|woke)\b")
# The hours a day's routine names: "by noon", "at lunch", "after work", "before bed".
_NAMED_HOURS = {
    "noon": 12,
    "midday": 12,
    "midnight": 0,
    "lunch": 12,
    "lunchtime": 12,
    "after lunch": 13,
    "before work": 8,
    "after work": 18,
    "dinner": 18,
    "dinnertime": 18,
    "after dinner": 20,
    "bed": 21,
    "bedtime": 21,
}
_NAMED_HOUR = re.compile(
    r"\b(?:(?:at|by|before)\s+)?(noon|midday|midnight)\b|\b(after\s+(?:lunch|work|dinner)|before\s+work)\b"
    r"|\b(?:at|by|before|over|around)\s+(lunch(?:time)?|dinner(?:time)?|bed(?:time)?)\b"
)
_HOUR_SAID = re.compile(r"\d\s*(?:am|pm)\b|\d[:.]\d\d|\bat\s+\d")


_MONTH_AHEAD = dict(PATTERNS)["month_ahead"]
_SEASON_MONTH = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_SEASON_SAID = re.compile(r"\b(spring|summer|autumn|fall|winter)\b")


@dataclass(frozen=True, slots=True)
class Due:
    at: datetime
    phrase: str


def _start_of_day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def _months_ahead(today: datetime, months: int) -> datetime:
    """The same day `months` on ("in a month" from 31 January is the last of February)."""
    year, month = divmod(today.month - 1 + months, 12)
    year += today.year
    day = min(today.day, calendar.monthrange(year, month + 1)[1])
    return today.replace(year=year, month=month + 1, day=day)


def _next_weekday(today: datetime, weekday: int) -> datetime:
    ahead = (weekday - today.weekday()) % 7 or 7
    return today + timedelta(days=ahead)


def _resolve(kind: str, match: re.Match[str], now: datetime) -> datetime | None:
    today = _start_of_day(now)
    if kind == "relative_day":
        said = DAY_SPELLINGS.get(match.group(2), match.group(2))
        day = today + timedelta(days=DAY_TERMS[said])
        first_thing = "morning" if match.group(1) else None
        part = match.group(3) or first_thing or ("tonight" if said == "tonight" else None)
        return day.replace(hour=_PART_HOURS[part]) if part else day
    if kind == "part_of_today":
        return today.replace(hour=_PART_HOURS[match.group(1)])
    if kind == "part_ahead":
        at = today.replace(hour=_PART_HOURS[match.group(1) or match.group(2) or "morning"])
        return at if at > now else at + timedelta(days=1)
    if kind == "later_today":
        return today
    if kind == "end_of_day":
        return today
    if kind == "end_of_week" or kind == "this_week":
        return today + timedelta(days=max(0, 4 - today.weekday()))
    if kind in {"end_of_month", "this_month"}:
        return today.replace(day=calendar.monthrange(today.year, today.month)[1])
    if kind == "weekend":
        return today + timedelta(days=max(0, 5 - today.weekday()))
    if kind == "next_week":
        return _next_weekday(today, 0)
    if kind == "next_weekend":
        # The weekend of next week, as "last weekend" is the one before this week.
        return _next_weekday(today, 0) + timedelta(days=5)
    if kind == "end_of_next_week":
        return _next_weekday(today, 0) + timedelta(days=4)
    if kind == "iso_date":
        year, month, day = (int(part) for part in match.groups())
        return today.replace(year=year, month=month, day=day)
    if kind == "numeric_date":
        return _numeric_date(match, today)
    if kind == "next_year":
        return today.replace(year=today.year + 1, month=1, day=1)
    if kind in ("next_month", "end_of_next_month"):
        first = today.replace(day=1) + timedelta(
            days=calendar.monthrange(today.year, today.month)[1]
        )
        last = calendar.monthrange(first.year, first.month)[1]
        return first.replace(day=last) if kind == "end_of_next_month" else first
    if kind == "weekday":
        day = _next_weekday(today, WEEKDAYS.index(match.group(2)))
        day += timedelta(days=7 if match.group(4) else 0)
        part = match.group(3) or ("morning" if match.group(1) else None)
        return day.replace(hour=_PART_HOURS[part]) if part else day
    if kind == "weekday_short":
        day = _next_weekday(today, SHORT_WEEKDAYS[match.group(1)])
        return day.replace(hour=_PART_HOURS[match.group(2)]) if match.group(2) else day
    if kind == "part_of_month":
        month = MONTHS[match.group(2)]
        year = today.year + (1 if month < today.month else 0)
        last = calendar.monthrange(year, month)[1]
        return today.replace(year=year, month=month, day=_PART_DAY.get(match.group(1), last))
    if kind == "from_now":
        amount = 1 if match.group(1) is None else _number(match.group(1))
        days = {"day": 1, "week": 7, "fortnight": 14}.get(match.group(2))
        if days is None:
            return _months_ahead(today, amount)
        return today + timedelta(days=days * amount)
    if kind == "in_delta":
        unit, amount = (
            ("minute", 30) if match.group(3) else (match.group(2), _number(match.group(1)))
        )
        unit = _UNIT_SPELLINGS.get(unit, unit)
        if unit == "fortnight":
            unit, amount = "day", amount * 14
        if unit == "month":
            return _months_ahead(today, amount)
        if unit in ("minute", "hour"):
            # Counted on the world's clock: over a daylight-saving change, "in an hour" is an
            # hour away, whatever the wall clock says (aware arithmetic is wall-clock time).
            return (now.astimezone(UTC) + timedelta(**{f"{unit}s": amount})).astimezone(now.tzinfo)
        return now + timedelta(**{f"{unit}s": amount})
    if kind == "day_of_month":
        day = int(match.group(1))
        year, month = today.year, today.month
        if not 1 <= day <= 31:
            return None
        if day < today.day:
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        # ..."the 31st" said in November is December's (it was no deadline at all).
        while day > calendar.monthrange(year, month)[1]:
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return today.replace(year=year, month=month, day=day)
    if kind == "end_of_year":
        return today.replace(month=12, day=31)
    if kind == "month_ahead":
        month = MONTHS[match.group(1)]
        # "Next June" said in June is a year on; "this June", the month it is.
        later = month < today.month or (month == today.month and "next" in match.group())
        if month == today.month and not later:
            # ..."in November" said in November is done by its end, as "this month" is.
            return today.replace(day=calendar.monthrange(today.year, month)[1])
        return today.replace(year=today.year + later, month=month, day=1)
    if kind == "season":
        return _season(match.group(1), _SEASON_MONTH[match.group(2)], today)
    if kind == "holiday":
        month, day = _holiday_date(match.group(1))
    elif kind == "day_month":
        month, day = MONTHS[match.group(2)], int(match.group(1))
    else:
        month = MONTHS[match.group(1) or match.group(3)]
        said_day = match.group(2) or match.group(4)
        day = int(said_day) if said_day else 1
    year = today.year + (1 if (month, day) < (today.month, today.day) else 0)
    if day > calendar.monthrange(year, month)[1]:
        return None
    return today.replace(year=year, month=month, day=day)


def _numeric_date(match: re.Match[str], today: datetime) -> datetime | None:
    """The day "12/15" or "15/12" names, the month the number that can be one; None when both
    can ("3/4"), or neither. Without its year, the next such day."""
    first, second, said_year = match.groups()
    a, b = int(first), int(second)
    if (a > 12) == (b > 12):
        return None
    month, day = (b, a) if a > 12 else (a, b)
    year = int(said_year) + (2000 if said_year and len(said_year) == 2 else 0) if said_year else 0
    year = year or today.year + (1 if (month, day) < (today.month, today.day) else 0)
    if day > calendar.monthrange(year, month)[1]:
        return None
    return today.replace(year=year, month=month, day=day)


def _season(said: str, first_month: int, today: datetime) -> datetime:
    """The first day of the season named, still to come ("by spring"), or the last of the one
    not yet over ("this summer"; the one after it for "next" when it is under way)."""
    seasons = []
    for year in (today.year - 1, today.year, today.year + 1):
        start = today.replace(year=year, month=first_month, day=1)
        seasons.append((start, (start + timedelta(days=92)).replace(day=1) - timedelta(days=1)))
    if said in ("by", "before"):
        return next(start for start, _ in seasons if start >= today)
    at = next(i for i, (_, end) in enumerate(seasons) if end >= today)
    if said == "next" and seasons[at][0] <= today:
        at += 1
    return seasons[at][1]


def _holiday_date(name: str) -> tuple[int, int]:
    """Month and day of a holiday `core.due_patterns.HOLIDAY` matched."""
    if name.startswith("christmas"):
        return 12, 24 if name.endswith("eve") else 25
    if name.startswith("new"):
        return (12, 31) if name.endswith("eve") else (1, 1)
    return (10, 31) if name == "halloween" else (2, 14)


def plan_words(due: Due, told: datetime) -> str:
    """When a plan is for, in calendar words ("on 20 November", "in the week of 23 November",
    "in December", "around 2 December"): "next week" read next month means another week."""
    phrase = due.phrase.lower()
    # "In 3 days" is about then; "in the morning" and "in a bit" are that day.
    rough = re.match(
        r"(?:in|within)\s"
        r"(?!the\s+(?:morning|afternoon|evening)\b|a\s+(?:little\s+)?(?:bit|while)\b)",
        phrase,
    )
    if season := _SEASON_SAID.search(phrase):
        year = "" if due.at.year == told.year else f" {due.at.year}"
        return f"in {season.group(1)}{year}"
    if NEXT_YEAR.fullmatch(phrase):
        return f"in {due.at.year}"
    if "month" in phrase or _MONTH_AHEAD.search(phrase):
        around = rough and not _MONTH_AHEAD.search(phrase)
        return f"{'around' if around else 'in'} {month_words(due.at, told)}"
    if rough and not re.search(r"\b(?:minute|hour)s?\b", phrase):
        return f"around {day_words(due.at, told)}"
    if "weekend" in phrase:
        return f"on the weekend of {day_words(due.at, told)}"
    if "week" in phrase:
        monday = _start_of_day(due.at) - timedelta(days=due.at.weekday())
        return f"in the week of {day_words(monday, told)}"
    # ...with its hour, when one was said ("tomorrow at 3": "on 25 November at 15:00"; not
    # "tomorrow morning").
    hour = f" at {due.at:%H:%M}" if _HOUR_SAID.search(phrase) else ""
    return f"on {day_words(due.at, told)}{hour}"


def parse_due(text: str, now: datetime) -> Due | None:
    """The first stated deadline in `text`, or None. `now` is when the words were said."""
    lowered = text.lower()
    found: list[tuple[int, Due, str]] = []
    folded_text = folded(lowered)
    for kind, pattern in PATTERNS:
        match = found_in(pattern, lowered, folded_text)
        if match is None:
            continue
        try:
            at = _resolve(kind, match, now)
        except (OverflowError, ValueError):  # "in 99999999999 days": past the calendar
            continue
        if at is not None:
            found.append((match.start(), Due(at, text[match.start() : match.end()]), kind))
    clock = _clock(lowered)
    if not found:
        if clock is None:
            return None
        # A time alone is today's, or tomorrow's once it has passed.
        at = _start_of_day(now).replace(hour=clock[0], minute=clock[1])
        at += timedelta(days=1) if at <= now else timedelta()
        return Due(at, text[clock[2] : clock[3]])
    start, due, kind = min(found, key=lambda item: item[0])
    # A time said with a day names the hour ("tomorrow morning at 8:30"); "in 20 minutes"
    # already has one.
    if clock is None or kind == "in_delta":
        return due
    # Said together ("tomorrow at 5pm", "at 17:00 on Friday"), both are the deadline's words.
    end = start + len(due.phrase)
    first, last = min(start, clock[2]), max(end, clock[3])
    together = not lowered[min(end, clock[3]) : max(start, clock[2])].strip()
    phrase = text[first:last] if together else due.phrase
    return Due(due.at.replace(hour=clock[0], minute=clock[1]), phrase)


def on_the_day(time: Due, day: Due) -> Due:
    """`time` on `day`, when `time` is said as an hour alone ("at 3", "by noon"), which
    `parse_due` puts on today: "On Monday I have to call the bank at 3" is Monday at 15:00."""
    clock = _hour_alone(time)
    if clock is None:
        return time
    return Due(day.at.replace(hour=clock[0], minute=clock[1]), time.phrase)


def the_day_alone(due: Due, said_at: datetime) -> Due | None:
    """The day of `due` without its hour, when the hour is all its words say: in "Tomorrow I
    need to email Sam and call the bank at 3" the call is at 3 and the email tomorrow. None
    when that day is the one it was said on: an hour alone names no day."""
    if _hour_alone(due) is None:
        return due
    day = _start_of_day(due.at)
    return None if day.date() == said_at.date() else Due(day, due.phrase)


def _hour_alone(due: Due) -> tuple[int, int, int, int] | None:
    """`_clock` of `due`'s words when they say an hour and nothing else."""
    clock = _clock(due.phrase.lower())
    if clock is None or due.phrase[: clock[2]].strip() or due.phrase[clock[3] :].strip():
        return None
    return clock


def _clock(lowered: str) -> tuple[int, int, int, int] | None:
    """Hour, minute and where "at 5pm" (or "at noon") stands; None without a time of day. A
    bare number needs its minutes ("at 17:00"), am / pm, or to be an hour said alone
    (`_BARE_HOUR`) to be a time and not a count."""
    for match in _CLOCK.finditer(lowered):
        hour, minute, half = match.group("hour", "minute", "half")
        if match.group("sep") == "." and not (match.group("at") or half):
            continue
        if minute is None and half is None:
            bare = _BARE_HOUR.match(lowered, match.start())
            if bare is None or not 1 <= int(hour) <= 12:
                continue
            return _lived_hour(int(hour), lowered), 0, bare.start(), bare.end()
        if half is None and hour[0] != "0" and 1 <= int(hour) <= 12:
            # "Pick up the kids at 3:30" is 15:30, as "at 3" is 15:00 ("07:30" is as written).
            return _lived_hour(int(hour), lowered), int(minute), match.start(), match.end()
        hour = int(hour)
        if half is not None:
            if not 1 <= hour <= 12:
                continue
            hour = hour % 12 + (12 if half == "pm" else 0)
        if hour > 23 or int(minute or 0) > 59:
            continue
        return hour, int(minute or 0), match.start(), match.end()
    if said := _PAST_OR_TO.search(lowered):
        part, way, told = ("half", "past", said.group(5)) if said.group(4) else said.group(1, 2, 3)
        minutes = 30 if part == "half" else 15
        hour = (int(told) if told.isdigit() else _HOUR_WORDS[told]) - (way == "to")
        if 0 <= hour <= 12:
            minute = minutes if way == "past" else 60 - minutes
            return _lived_hour(hour or 12, lowered), minute, said.start(), said.end()
    named = _NAMED_HOUR.search(lowered)
    if named is not None:
        said = " ".join(next(g for g in named.groups() if g).split())
        return _NAMED_HOURS[said], 0, named.start(), named.end()
    return None


def _lived_hour(hour: int, lowered: str) -> int:
    """The hour of the day a clock hour said without am / pm is lived at: 4 is 4 pm, 10 is 10
    am, 8 in the evening 8 pm, 6 for an alarm or in the morning 6 am."""
    if _MORNING.search(lowered):
        return hour % 12
    late = hour < 7 or hour == 12 or bool(_EVENING.search(lowered))
    return hour % 12 + (12 if late else 0)


def deadline_typed(text: str, now: datetime) -> datetime | None:
    """A deadline the user typed for a to-do: "Friday", "tomorrow 5pm", "Dec 3", "in 2 weeks",
    "2026-12-01"; nothing clears it. Words that name no day are an error, not a silent clear."""
    words = " ".join(text.split())
    if not words:
        return None
    # The reading that takes most of the words: "Dec 3 5pm" alone read only "5pm" (today).
    read = [due for lead in ("", "by ", "on ") if (due := parse_due(lead + words, now))]
    if read:
        return max(read, key=lambda due: len(due.phrase.removeprefix("by ").removeprefix("on "))).at
    raise InputError(
        f'No date in "{words[:60]}": try "Friday", "tomorrow 5pm", "Dec 3" or '
        '"2026-12-01" (empty clears the deadline).'
    )
