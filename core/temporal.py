"""Relative time phrases in a query ("yesterday", "last week", "in March", "two days ago") and
days named outright ("on 3 May, 2023") turned into a time window relative to the clock the
caller passes in, or to a day the query names ("the week before 16 November 2023")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.model import Span
from core.others_words import others_words

MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "couple of": 2,
    "few": 3,
}
_NUMBER = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|couple of|few)"
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_AGO = re.compile(rf"\b{_NUMBER}\s+(day|week|fortnight|month|year)s?\s+(?:ago|back)\b")
# "In the past few days", "over the last 3 weeks", "the past month": up to now. "The last day
# of the trip" is no such stretch: "last" needs a count.
_PAST = re.compile(rf"\bthe\s+(past|last)\s+(?:{_NUMBER}\s+)?(day|week|month|year)s?\b")
_WEEKENDS_AGO = re.compile(rf"\b{_NUMBER}\s+weekends?\s+ago\b")
# "In early March", "mid-May", "late June 2024": a third of the month; "the first half of
# September 2022": a half. Each part's first day and length in days (None: to the month's end).
_PART_OF_MONTH = re.compile(
    rf"\b(early|mid|late|(?:first|second)\s+half\s+of)[\s-]+({_MONTH_NAMES})\b(?:\s+(\d{{4}}))?"
)
_PARTS = {
    "early": (0, 10),
    "mid": (10, 10),
    "late": (20, None),
    "first half of": (0, 15),
    "second half of": (15, None),
}
# "On the 3rd": the last such day of a month, up to today.
_DAY_OF_MONTH = re.compile(
    rf"\bon\s+the\s+(\d{{1,2}})(?:st|nd|rd|th)\b(?!\s+of\s+(?:{_MONTH_NAMES})\b)"
)
_RECENT_AGO = re.compile(rf"\b{_NUMBER}\s+(minute|hour)s?\s+ago\b")
_YEAR = re.compile(r"\b(?:in|during|back in)\s+((?:19|20)\d\d)\b")
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_SEASON = re.compile(
    r"\b(last|this|in the|over the|during the|in|during)\s+(spring|summer|autumn|fall|winter)\b"
    r"(?:\s+(?:of\s+)?((?:19|20)\d\d)\b)?"
)
_WEEKEND = re.compile(r"\b(?:this past|over the|this|on the)\s+weekend\b")
# A holiday's first day and how many days it spans ("new year" otherwise: Dec 31 - Jan 2).
_HOLIDAY_DAYS = {
    "christmas": (12, 24, 4),
    "new year's eve": (12, 31, 1),
    "new years eve": (12, 31, 1),
    "halloween": (10, 31, 1),
    "valentine's day": (2, 14, 1),
    "valentines day": (2, 14, 1),
    "valentine's": (2, 14, 1),
    "valentines": (2, 14, 1),
}
_SINCE = re.compile(r"\bsince\s+")
_BETWEEN = re.compile(rf"\bbetween\s+({_MONTH_NAMES})\s+and\s+({_MONTH_NAMES})\b")
_HOLIDAYS = re.compile(
    r"\b(?:at|on|over|during|for)\s+(christmas|new year'?s eve|new year|halloween|"
    r"valentine'?s(?:\s+day)?)\b"
)
_MONTH = re.compile(
    rf"\b(?:in|during|back in)\s+({_MONTH_NAMES})\b"
    r"(?:\s+(\d{4}))?"
)
# "on 3 May, 2023", "May 3rd 2023", "on March 14", "on the 5th of December": a day named
# outright (a year, or "on").
_DATE = re.compile(
    rf"\b(?:(on)\s+)?(?:(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES})|"
    rf"({_MONTH_NAMES})\s+"
    rf"(\d{{1,2}})(?:st|nd|rd|th)?)\b(?:,?\s+(\d{{4}}))?"
)
# 2026-03-05 (a deadline in `core.due` is written so too).
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_WEEKDAY = re.compile(r"\b(?:on|last)\s+(" + "|".join(WEEKDAYS) + r")\b")
_BEFORE_AFTER = re.compile(r"\b(before|prior to|after)\s+")
_BETWEEN_WORD = re.compile(r"\bbetween\s+")
_AND = re.compile(r"\s+and\s+")
# "...last week, as I mentioned on November 6": the day named is when it was said.
_SAID_ON = re.compile(
    r"\b(?:mentioned|said|told(?:\s+(?:me|you|us|him|her|them))?|wrote|noted)\s+(?=on\s)"
)
# What comes right before "before <day>": "two weeks", "the week", "last weekend", "the Sunday".
_SPAN_BEFORE = re.compile(
    rf"\b(?:{_NUMBER}\s+(day|week|month|year)s?|(?:the|a|last)\s+(day|weekend|week|month|year)"
    rf"|(?:the|last)\s+({'|'.join(WEEKDAYS)}))\s*$"
)
_SPAN_DAYS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}
# "N days ago" is searched a day either side of the day it names.
_ROUGH_DAY = timedelta(days=3)
# Month names as a period is written out: each month's first name in `MONTHS` is its full one.
_MONTH_WORDS = {number: name.capitalize() for name, number in reversed(MONTHS.items())}


@dataclass(frozen=True, slots=True)
class TimeWindow:
    start: datetime
    end: datetime
    phrase: str
    # The moment a rough phrase is about ("three weeks ago"), searched with slack either side.
    centre: datetime | None = None

    def holds(self, said_from: datetime, said_at: datetime, happened: Span | None = None) -> bool:
        """Whether a memory valid from `said_from`, made at `said_at`, dates from the window;
        one whose telling dated what it tells, whether that `happened` in it ("last month"
        told in November is October, not November)."""
        if happened is not None:
            # Most of it, or most of the window: a week told as "last week" that ends on 1
            # August is not July's.
            shared = min(happened.end, self.end) - max(happened.start, self.start)
            shorter = min(happened.end - happened.start, self.end - self.start)
            return shared > timedelta(0) and shared * 2 >= shorter
        return said_from < self.end and said_at >= self.start

    def named_day(self) -> datetime | None:
        """The one day the phrase names ("yesterday", "last Saturday", "two days ago"), or
        None for a stretch of days ("last week", "in March", "three weeks ago")."""
        if self.centre is not None:
            return _day(self.centre) if self.end - self.start <= _ROUGH_DAY else None
        return _day(self.start) if self.end - self.start <= timedelta(days=1) else None


_PREPOSITION = re.compile(r"^(?:on|in|during|back in)\s+", re.I)


def _phrase(query: str, text: str, start: int, end: int) -> str:
    """The words as the user wrote them, without a leading "in" or "on": the phrase is shown
    as "Nothing remembered from <phrase>". Positions are of `text`, the lower-cased query
    (lower-casing changes the length of a few letters, "İ": then the phrase stays lower-case)."""
    said = query if len(query) == len(text) else text
    return _PREPOSITION.sub("", said[start:end].strip())


def _day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _month_start(year: int, month: int, like: datetime) -> datetime:
    while month > 12:
        year, month = year + 1, month - 12
    while month < 1:
        year, month = year - 1, month + 12
    return _day(like).replace(year=year, month=month, day=1)


def _ago(amount: int, unit: str, now: datetime) -> tuple[datetime, datetime]:
    """'N units ago' is fuzzy: a window around the moment, one unit wide each side for days,
    half a unit otherwise."""
    span = _SPAN_DAYS[unit]
    centre = now - timedelta(days=amount * span)
    slack = timedelta(days=1 if unit == "day" else span / 2)
    return _day(centre - slack), _day(centre + slack) + timedelta(days=1)


def parse_time_window(query: str, now: datetime) -> TimeWindow | None:
    """The first time phrase in `query` as a window, or None when there is none, or when it
    reaches past the calendar ("9999999 years ago", "after December 31, 9999"): that names
    no time anything was said in, and must not fail the search it is part of. A phrase in
    someone else's words (a quoted email's "last month") is theirs, not the question's."""
    try:
        return _parse_time_window(others_words(query).masked(), now)
    except (OverflowError, ValueError):
        return None


def _parse_time_window(query: str, now: datetime, since: bool = True) -> TimeWindow | None:
    text = query.lower()
    if window := _before_named_day(query, text, now):
        return window
    if window := _between_days(query, text, now):
        return window
    if window := _said_on_day(query, text, now):
        return window
    if since and (window := _since(query, text, now)):
        return window
    today = _day(now)
    week_start = today - timedelta(days=today.weekday())
    fixed = [
        ("day before yesterday", today - timedelta(days=2), today - timedelta(days=1)),
        ("yesterday", today - timedelta(days=1), today),
        ("today", today, today + timedelta(days=1)),
        ("the other day", today - timedelta(days=7), today),
        ("this morning", today, today + timedelta(hours=12)),
        ("last night", today - timedelta(hours=6), today + timedelta(hours=6)),
        ("last weekend", week_start - timedelta(days=2), week_start),
        ("this week", week_start, today + timedelta(days=1)),
        ("last week", week_start - timedelta(days=7), week_start),
        ("this month", _month_start(now.year, now.month, now), today + timedelta(days=1)),
        (
            "last month",
            _month_start(now.year, now.month - 1, now),
            _month_start(now.year, now.month, now),
        ),
        ("this year", _day(now).replace(month=1, day=1), today + timedelta(days=1)),
        (
            "last year",
            _day(now).replace(year=now.year - 1, month=1, day=1),
            _day(now).replace(month=1, day=1),
        ),
    ]
    for phrase, start, end in fixed:
        if re.search(rf"\b{phrase}\b", text):
            return TimeWindow(start, end, phrase)
    if window := _span(query, text, now):
        return window
    if match := _AGO.search(text):
        raw = match.group(1)
        amount = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
        start, end = _ago(amount, match.group(2), now)
        phrase = _phrase(query, text, match.start(), match.end())
        centre = now - timedelta(days=amount * _SPAN_DAYS[match.group(2)])
        return TimeWindow(start, end, phrase, centre)
    if window := _named_day(query, text, now):
        return window
    if match := _MONTH.search(text):
        month = MONTHS[match.group(1)]
        if _the_verb(match.group(1), query):
            return None
        year = int(match.group(2)) if match.group(2) else now.year
        if not match.group(2) and (year, month) > (now.year, now.month):
            year -= 1  # "in March" said in January means last March
        start = _month_start(year, month, now)
        end = _month_start(year, month + 1, now)
        return TimeWindow(start, end, _phrase(query, text, match.start(), match.end()))
    if match := _WEEKDAY.search(text):
        back = (today.weekday() - WEEKDAYS.index(match.group(1))) % 7 or 7
        start = today - timedelta(days=back)
        return TimeWindow(start, start + timedelta(days=1), _phrase(query, text, *match.span()))
    return None


def _since(query: str, text: str, now: datetime) -> TimeWindow | None:
    """ "Since January", "since May 3", "since last week": from the start of what follows
    "since" up to now."""
    match = _SINCE.search(text)
    if match is None:
        return None
    rest = query[match.end() :]
    # What follows may be a month or a day on its own, which elsewhere needs "in" or "on". It
    # follows right away: "since we last spoke, I went to a park yesterday" is since no day.
    for lead in ("", "on ", "in "):
        after = _parse_time_window(lead + rest, now, since=False)
        if after is not None and rest.lower().startswith(after.phrase.lower()):
            phrase = "since " + after.phrase
            return TimeWindow(after.start, _day(now) + timedelta(days=1), phrase)
    return None


def _span(query: str, text: str, now: datetime) -> TimeWindow | None:
    """Phrases that name a stretch of time rather than a unit back from now: "between March
    and May", "this past weekend", "last summer", "in 2023", "at Christmas",
    "an hour ago"."""
    today = _day(now)
    if match := _BETWEEN.search(text):
        first, last = (MONTHS[name] for name in match.groups())
        if not any(_the_verb(name, query) for name in match.groups()):
            year = now.year - (1 if (last, 1) > (now.month, now.day) else 0)
            start = _month_start(year - (1 if first > last else 0), first, now)
            end = _month_start(year, last + 1, now)
            return TimeWindow(start, end, _phrase(query, text, *match.span()))
    stretches = (m for m in _PAST.finditer(text) if m.group(1) == "past" or m.group(2))
    if match := next(stretches, None):
        _, raw, unit = match.groups()
        amount = 1 if raw is None else int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
        start = today - timedelta(days=amount * _SPAN_DAYS[unit])
        return TimeWindow(start, today + timedelta(days=1), _phrase(query, text, *match.span()))
    if match := _WEEKENDS_AGO.search(text):
        raw = match.group(1)
        amount = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
        last = today - timedelta(days=today.weekday() + 2)
        saturday = last - timedelta(days=7 * (amount - 1))
        return TimeWindow(
            saturday, saturday + timedelta(days=2), _phrase(query, text, *match.span())
        )
    if match := _PART_OF_MONTH.search(text):
        part, name, year = match.groups()
        if not _the_verb(name, query):
            month = MONTHS[name]
            year_of = int(year) if year else now.year
            if not year and (year_of, month) > (now.year, now.month):
                year_of -= 1
            first, days = _PARTS[" ".join(part.split())]
            start = _month_start(year_of, month, now) + timedelta(days=first)
            end = _month_start(year_of, month + 1, now)
            if days is not None:
                end = start + timedelta(days=days)
            return TimeWindow(start, end, _phrase(query, text, *match.span()))
    if match := _DAY_OF_MONTH.search(text):
        day, month_start = int(match.group(1)), _month_start(now.year, now.month, now)
        for back in range(12):
            try:
                start = _month_start(month_start.year, month_start.month - back, now).replace(
                    day=day
                )
            except ValueError:  # no 31st in this month
                continue
            if start <= today:
                return TimeWindow(
                    start, start + timedelta(days=1), _phrase(query, text, *match.span())
                )
    if match := _WEEKEND.search(text):
        # The weekend being lived, or else the one just past.
        saturday = today - timedelta(days=(today.weekday() - 5) % 7)
        return TimeWindow(
            saturday, saturday + timedelta(days=2), _phrase(query, text, *match.span())
        )
    if match := _SEASON.search(text):
        which, season, year = match.groups()
        start = _month_start(int(year) if year else now.year, _SEASONS[season], now)
        while start > now and not year:
            start = _month_start(start.year - 1, start.month, now)
        end = _month_start(start.year, start.month + 3, now)
        if which == "last" and end > now and not year:
            start, end = (_month_start(t.year - 1, t.month, now) for t in (start, end))
        return TimeWindow(start, end, _phrase(query, text, *match.span()))
    if match := _YEAR.search(text):
        year = int(match.group(1))
        start = today.replace(year=year, month=1, day=1)
        return TimeWindow(start, start.replace(year=year + 1), _phrase(query, text, *match.span()))
    if match := _HOLIDAYS.search(text):
        month, day, days = _HOLIDAY_DAYS.get(match.group(1), (12, 31, 3))
        start = today.replace(month=month, day=day)
        if start > now:
            start = start.replace(year=start.year - 1)
        return TimeWindow(start, start + timedelta(days=days), _phrase(query, text, *match.span()))
    if match := _RECENT_AGO.search(text):
        raw, unit = match.groups()
        amount = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
        step = timedelta(minutes=1) if unit == "minute" else timedelta(hours=1)
        start, end = now - step * (amount * 2 + 1), now - step * (amount // 2)
        return TimeWindow(start, end, _phrase(query, text, *match.span()))
    return None


def _the_verb(month_name: str, query: str) -> bool:
    """A lower-case "may" is the verb, not the month."""
    return month_name == "may" and not re.search(r"\bMay\b", query)


def _named_day(query: str, text: str, now: datetime) -> TimeWindow | None:
    """A day named by its date: with a year, or after "on" (the last such day up to now), or
    written as 2026-03-05."""
    if match := ISO_DATE.search(text):
        year, month, day = (int(part) for part in match.groups())
        start = _day(now).replace(year=year, month=month, day=day)
        return TimeWindow(start, start + timedelta(days=1), match.group())
    for match in _DATE.finditer(text):
        start = _date_of(match, query, now, needs_year_or_on=True)
        if start is not None:
            return TimeWindow(start, start + timedelta(days=1), _phrase(query, text, *match.span()))
    return None


def _date_of(
    match: re.Match[str], query: str, now: datetime, *, needs_year_or_on: bool
) -> datetime | None:
    """The day a `_DATE` match names; without a year, the last such day up to `now`."""
    on, day_first, month_first, month_second, day_second, year = match.groups()
    name = month_first or month_second
    if _the_verb(name, query) or (needs_year_or_on and not year and not on):
        return None
    month, day = MONTHS[name], int(day_first or day_second)
    try:
        start = _day(now).replace(year=int(year) if year else now.year, month=month, day=day)
    except ValueError:  # no such day ("31 February"; "February 29" before a leap day)
        return None
    if not year and start > now:
        try:
            start = start.replace(year=start.year - 1)
        except ValueError:
            return None
    return start


def _before_named_day(query: str, text: str, now: datetime) -> TimeWindow | None:
    """ "The week before 16 November 2023", "two weeks before August 11", "last weekend before
    April 10, 2023": a span counted back from the day named, not from now. The window runs to
    the end of that day: such a question is usually asked from what was said on it ("as I
    told you on the 10th, last weekend I..."). Plain "before May 3" and "after May 3" are
    everything up to that day, and everything since the day after it."""
    for word in _BEFORE_AFTER.finditer(text):
        date = _DATE.match(text, word.end())
        anchor = _date_of(date, query, now, needs_year_or_on=False) if date else None
        if date is None or anchor is None:
            continue
        span = _SPAN_BEFORE.search(text, 0, word.start())
        if word.group(1) == "after":
            start = anchor + timedelta(days=1)
            end = max(_day(now), anchor) + timedelta(days=1)
            return TimeWindow(start, end, _phrase(query, text, word.start(), date.end()))
        if span is None:
            start = datetime.min.replace(tzinfo=now.tzinfo)
            return TimeWindow(start, anchor, _phrase(query, text, word.start(), date.end()))
        amount, unit, one, weekday = span.groups()
        if weekday is not None:
            start = anchor - timedelta(days=(anchor.weekday() - WEEKDAYS.index(weekday)) % 7 or 7)
        elif one == "weekend":
            start = anchor - timedelta(days=(anchor.weekday() - 5) % 7 or 7)
        else:
            count = 1 if one else int(amount) if amount.isdigit() else NUMBER_WORDS[amount]
            start = anchor - timedelta(days=count * _SPAN_DAYS[unit or one])
        phrase = _phrase(query, text, span.start(), date.end())
        return TimeWindow(start, anchor + timedelta(days=1), phrase)
    return None


def _between_days(query: str, text: str, now: datetime) -> TimeWindow | None:
    """ "Between August 11 and August 15 2023": both days and the days between, a year said
    once being both's (read a day at a time, it was 15 August alone)."""
    for word in _BETWEEN_WORD.finditer(text):
        first = _DATE.match(text, word.end())
        joint = _AND.match(text, first.end()) if first else None
        last = _DATE.match(text, joint.end()) if joint else None
        if first is None or last is None:
            continue
        start = _date_of(first, query, now, needs_year_or_on=False)
        end = _date_of(last, query, now, needs_year_or_on=False)
        if start is None or end is None:
            continue
        if first.group(6) is None:
            start = start.replace(year=end.year)
            if start > end:
                start = start.replace(year=end.year - 1)
        if start <= end:
            phrase = _phrase(query, text, word.start(), last.end())
            return TimeWindow(start, end + timedelta(days=1), phrase)
    return None


def _said_on_day(query: str, text: str, now: datetime) -> TimeWindow | None:
    """ "What was my writing problem last week, as I mentioned on November 6?": the day it was
    said on, which "last week" there is counted from, is the day asked about (read from now,
    "last week" named a week nothing of it was said in)."""
    for said in _SAID_ON.finditer(text):
        date = _DATE.match(text, said.end())
        start = _date_of(date, query, now, needs_year_or_on=True) if date else None
        if date is not None and start is not None:
            phrase = _phrase(query, text, date.start(), date.end())
            return TimeWindow(start, start + timedelta(days=1), phrase)
    return None


# What may open a sentence before its subject ("Actually, I moved...").
_OPENERS = r"(?:(?:actually|so|well|oh|also|btw|and|but|ok|okay|yes|no|hey|anyway|guess what)\W+)*"
_FIRST_PERSON = re.compile(
    rf"^\W*{_OPENERS}(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|we'd|we'll|my|our)\b", re.I
)
# Words that turn a first-person sentence into one about what was said or remembered.
_RECALLING = re.compile(
    r"\b(?:forgot|forget|remember|recall|said|say|told|tell|talked|talk|discussed|decided|"
    r"mentioned|asked|wrote|noted|wondering|know)\b",
    re.I,
)


# A question about the conversation itself ("What did we talk about last week?"): its time
# phrase says when it was said, so only what was said then answers it.
_ABOUT_TALK = re.compile(
    r"\b(?:talk|talked|talking|discuss|discussed|say|said|tell|told|mention|mentioned|chat|"
    r"chatted|ask|asked|decide|decided|agree|agreed|share|shared)\b",
    re.I,
)


def asks_what_was_said(query: str) -> bool:
    """Whether a query's time phrase names when something was said rather than when it
    happened: events are often told later ("In April: we went to a conference last month"),
    so for them the phrase ranks what was said then first without hiding the rest."""
    return bool(_ABOUT_TALK.search(others_words(query).masked()))


# A question about what is to come: "What am I doing in December?", "What will we do today?".
# What is planned was said before, at any time: "December" there is the next one, and no
# window of when things were said holds it.
_AHEAD = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|upcoming|coming\s+up|planned\s+for|"
    r"(?:am\s+i|are\s+(?:we|you|they))\s+(?:\w+\s+)?\w+ing)\b",
    re.I,
)


def looks_ahead(query: str) -> bool:
    """Whether a query asks what is to come, so that its time phrase names no time things
    were said in."""
    return bool(_AHEAD.search(others_words(query).masked()))


def dates_an_event(message: str) -> bool:
    """Whether a chat message tells of something that happened ("I moved to Lisbon last
    month") rather than asking to recall something ("What did we decide last week?", "I forgot
    what I said yesterday"). The time phrase of the first dates the event: recall for it must
    not be narrowed to that time, or what it changes ("User lives in Berlin") is never seen."""
    own = others_words(message).masked()
    return "?" not in own and bool(_FIRST_PERSON.match(own)) and not _RECALLING.search(own)


def month_words(moment: datetime, told: datetime) -> str:
    """A month as a memory says it: "October", with its year when not the telling's (which
    the memory shows beside it: a year in every text matched every question naming one)."""
    return _MONTH_WORDS[moment.month] + ("" if moment.year == told.year else f" {moment.year}")


def day_words(moment: datetime, told: datetime) -> str:
    """A day as a memory says it: "28 October", with its year when not the telling's."""
    return f"{moment.day} {month_words(moment, told)}"


def period_words(window: TimeWindow, told: datetime) -> str:
    """A stretch of past time in calendar words ("in October", "in 2025", "between 9 and 15
    November", "around 28 October"): how a memory told "last month" or "three weeks ago"
    says when, as no one day can be shown for it and the relative phrase means something else
    once read later. A stretch reaching past the telling ("this week") ends there."""
    if window.centre is not None:
        span = window.end - window.start
        if span <= timedelta(days=20):
            return f"around {day_words(window.centre, told)}"
        if span <= timedelta(days=62):
            return f"around {month_words(window.centre, told)}"
        return f"around {window.centre.year}"
    first = _day(window.start)
    last = _day(min(window.end - timedelta(microseconds=1), told))
    if first.day == 1 and window.end == _month_start(last.year, last.month + 1, last):
        if (first.month, last.month, first.year) == (1, 12, last.year):
            return f"in {first.year}"
        if (first.year, first.month) == (last.year, last.month):
            return f"in {month_words(first, told)}"
        opening = _MONTH_WORDS[first.month] if first.year == last.year else month_words(first, told)
        return f"between {opening} and {month_words(last, told)}"
    if first == last:
        return f"on {day_words(first, told)}"
    if (first.year, first.month) == (last.year, last.month):
        return f"between {first.day} and {day_words(last, told)}"
    opening = (
        f"{first.day} {_MONTH_WORDS[first.month]}"
        if first.year == last.year
        else day_words(first, told)
    )
    return f"between {opening} and {day_words(last, told)}"
