"""When what a statement tells happened or is for, as its sentence says: "I retired last year"
is dated, "I'm flying to Lisbon on Friday" is a plan for a day, "I moved to Berlin back in
2019" is the past. Only the rules that tell of an event, a plan or a change read their
sentence: one read for every match made pastes slow."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from datetime import datetime, timedelta

from core.due import parse_due, plan_words
from core.ingest.stated import sentence_ends
from core.model import Span, Turn
from core.temporal import TimeWindow, looks_ahead, parse_time_window, period_words

# Rules for what happened, dated as their sentence says ("I retired last year").
DATED = frozenset({"event", "kin_event", "out_of_work", "new_role", "trip", "breakup", "graduated"})
# Moves and changes of work told with a time: "I moved to Berlin back in 2019" is the past,
# told long after; "I moved to Berlin last week" is news, even against something said since.
CHANGES = frozenset({"location", "employer", "left_location", "left_employer", "left_somewhere"})
CHANGE_VERB = re.compile(
    r"\b(?:moved|relocated|started|got|quit|left|lost|resigned|fired|laid|let)\b", re.I
)
_NEWS = timedelta(days=30)
# How far a statement's sentence is read for when it happened, either side of it.
_AROUND = 200
# "I moved to Lisbon in March" lives in Lisbon; "I'm training for a marathon in May" is
# training for the one in May.
IN_MONTH = (
    r"(?:back\s+)?in\s+(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december|(?:19|20)\d\d)"
)
_SAYS_MONTH = re.compile(rf"\b{IN_MONTH}\b", re.I)


class Sentences:
    """A turn's sentences, found once and only when a statement needs its own."""

    def __init__(self, turn: Turn) -> None:
        self._turn = turn
        self._ends: list[int] | None = None

    def around(self, start: int, end: int) -> str:
        """The sentence a statement at `start:end` is in, at most `_AROUND` characters either
        side of it: a paste without a full stop is no one sentence."""
        text = self._turn.text
        if self._ends is None:
            self._ends = sentence_ends(text)
        ends = self._ends
        after = bisect_left(ends, end)
        opening = max(ends[after - 1] + 1 if after else 0, start - _AROUND)
        closing = min(ends[after] if after < len(ends) else len(text), end + _AROUND)
        return text[opening:closing]

    def happened(self, start: int, end: int) -> TimeWindow | None:
        """When the sentence telling of a done thing says it happened ("Yesterday I ...",
        "... last Saturday"); None when it says no time, a time to come, or only a time since
        when ("since we last spoke, I went...")."""
        told = self._turn.at
        window = parse_time_window(self.around(start, end), told)
        if window is None or window.start >= told or window.phrase.startswith("since "):
            return None
        return window


def planned(content: str, clause: str, sentence: str, told: datetime) -> str | None:
    """A plan with the time it is for in calendar words ("on 20 November", "in December"), or
    as said when it names a month; one said with no time is not kept. The time in its own
    clause first ("I'm flying to Lisbon on Friday and visiting my parents next weekend"), else
    its sentence's ("Next month, I'm off to Ireland")."""
    due = parse_due(clause, told) or parse_due(sentence, told)
    if due is None:
        return content if _SAYS_MONTH.search(content) else None
    return _said_when(content, due.phrase, " " + plan_words(due, told))


def dated(content: str, window: TimeWindow | None, told: datetime) -> tuple[str, datetime | None]:
    """A done thing with when it happened. A day named ("last Saturday") dates the memory, and
    the phrase, which counted from the telling, leaves its text. A stretch ("last month") or
    a rough time ("three weeks ago") is written into the text in calendar words instead: one
    day shown for it ("2026-10-01") would be a day nobody said."""
    if window is None:
        return content, None
    day = window.named_day()
    words = "" if day is not None else " " + period_words(window, told)
    return _said_when(content, window.phrase, words), day


def stretch(window: TimeWindow | None, told: datetime) -> Span | None:
    """The time a done thing was told to have happened in, up to its telling at the latest
    ("this week" said on Wednesday is over by then)."""
    return None if window is None else Span(window.start, min(window.end, told))


def past_told_of(turns: Sequence[Turn]) -> Span | None:
    """The past time the first turn telling of something done names ("I'll always remember
    our camping trip last year"): a conversation is also about what it told of."""
    for turn in turns:
        if "?" not in turn.text and not looks_ahead(turn.text):
            window = parse_time_window(turn.text, turn.at)
            if window is not None and window.start < turn.at:
                return stretch(window, turn.at)
    return None


def began(window: TimeWindow | None, told: datetime) -> datetime | None:
    """When a change began, when its sentence tells it as the past, not as news."""
    if window is None or window.end > told - _NEWS:
        return None
    return window.start


def _said_when(content: str, phrase: str, words: str) -> str:
    """`content` with the time `phrase` (and the word it came with: "in", "on", "back in")
    replaced by `words`, or with `words` added when the phrase is not in it."""
    said = re.compile(
        rf"(?:\s+(?:back\s+in|in|on|during|over|at|an?))?\s+{re.escape(phrase)}\b", re.I
    )
    replaced, found = said.subn(lambda _: words, content, count=1)
    return replaced if found else content + words
