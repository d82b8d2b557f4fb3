"""A reminder asked for after what it is of: "I have to pay rent by Friday. Remind me on
Thursday.", "Remind me about it tomorrow." (of the message before), "My passport expires in
March. Remind me about it in February." (of the thing told), and one asked for ahead of the
day: "I have a dentist appointment on Thursday at 2. Remind me the day before." (it was
nothing), "... remind me an hour before", "the night before", "two days before". The thing may
be told alone ("Dentist appointment Thursday at 2."), and an hour asked of it is on its day
("Haircut Friday at 10. Remind me at 9." was a "Reminder" at 9 the next morning)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from core.due import Due, on_the_day, parse_due
from core.task_phrases import FOLLOWING_REMINDER, REMINDER_STRENGTH
from core.task_scoring import TaskSignal, entity_density
from core.task_titles import POLITE
from core.task_words import A_DATE
from core.temporal import NUMBER_WORDS
from core.to_do_referents import thing_said
from core.to_do_words import DANGLING

# How far ahead of the day it is of: "the day before", "the night before", "an hour before",
# "two days before", "the morning of".
_AHEAD = re.compile(
    r"\s+(?:(?P<part>the\s+(?:day|night|evening)\s+before)|(?P<morning>the\s+morning\s+of)"
    r"|(?P<count>\d+|" + "|".join(NUMBER_WORDS) + r")\s+(?P<unit>minute|min|hour|hr|day|week)s?"
    r"\s+(?:before|ahead|early))(?:\s+(?:it|that|then|the\s+day))?(?=[\s.!?;:,]*$)"
)
# What one has with its day: "I have a dentist appointment on Thursday".
_ONE_HAS = re.compile(
    rf"\b(?:i|we)(?:'ve\s+got|\s+have(?:\s+got)?|\s+got)\s+(?P<thing>{A_DATE})", re.I
)
# ...or told with its day and nothing more: "Dentist appointment Thursday at 2", "It's
# Sarah's birthday on Sunday", "Our anniversary is next Friday" (not "I'm busy on Friday").
_THING_TOLD = re.compile(
    r"^\W*(?:it's\s+|it\s+is\s+)?(?P<thing>(?!(?:i|i'm|i've|we|we're|we've|you|you're|he|she|"
    r"they|it|it's|there|this|that|what|when|is|are)\b)[\w'-]+(?:\s+[\w'-]+){0,4}?)"
    r"(?:\s+(?:is|are)|'s)?\s*$",
    re.I,
)
# ...or is doing then: "We're having dinner with the Smiths on Saturday" ("Dinner with the
# Smiths"), "I'm seeing Tom on Friday" ("Seeing Tom").
_ONES_PLAN = re.compile(
    r"^\W*(?:i'm|i\s+am|we're|we\s+are)\s+(?:having\s+(?:an?\s+)?|(?=(?:seeing|meeting|visiting)\s))"
    r"(?P<plan>[\w'-]+(?:\s+[\w'-]+){0,5}?)\s*$",
    re.I,
)
_ARTICLE = re.compile(r"^(?:an?|my|our|the)\s+", re.I)
_AN = re.compile(r"^an?\s+", re.I)
# The hour of a part of the day before: "the night before" is its evening.
_EVE_HOURS = {"day": 0, "night": 20, "evening": 19}


@dataclass(frozen=True, slots=True)
class Ahead:
    """A reminder asked for ahead of a day: the words without how far (`rest`), and when it
    reminds for a deadline (`of`; None where it says nothing: "an hour before" a day)."""

    rest: str
    of: Callable[[Due], Due | None]


def ahead_of(sentence: str) -> Ahead | None:
    """How far ahead `sentence` (in lower case) asks to be reminded, if it does."""
    found = _AHEAD.search(sentence)
    if found is None:
        return None
    said = found.group().strip()

    def of(due: Due) -> Due | None:
        day = due.at.replace(hour=0, minute=0, second=0, microsecond=0)
        if part := found.group("part"):
            hour = _EVE_HOURS[part.split()[1]]
            return Due(day - timedelta(days=1) + timedelta(hours=hour), said)
        if found.group("morning"):
            # ...a day alone is called in its morning already.
            morning = day + timedelta(hours=9)
            return Due(morning, said) if due.at > morning else None
        count = found.group("count")
        amount = int(count) if count.isdigit() else NUMBER_WORDS[count]
        unit = found.group("unit")
        if unit in ("day", "week"):
            return Due(day - timedelta(days=amount * (7 if unit == "week" else 1)), said)
        # An hour before a day is before nothing said: its time must be told.
        if due.at == day:
            return None
        return Due(due.at - timedelta(minutes=amount * (60 if unit in ("hour", "hr") else 1)), said)

    return Ahead(sentence[: found.start()] + sentence[found.end() :], of)


def follows(sentence: str, due: Due | None) -> bool:
    """Whether `sentence` asks to be reminded of what was said before it (see
    `FOLLOWING_REMINDER`)."""
    rest = re.sub(re.escape(due.phrase), " ", sentence) if due is not None else sentence
    rest = re.sub(r"\s+", " ", POLITE.sub(" ", rest)).strip(" .!?;:,")
    return bool(FOLLOWING_REMINDER.fullmatch(rest))


def asked_for(signal: TaskSignal, due: Due | None, ahead: Ahead | None = None) -> TaskSignal:
    """A to-do one asked to be reminded of: as sure as a reminder asked for with its to-do,
    and reminding when asked. Before its deadline, the deadline stays ("I have to pay rent by
    Friday. Remind me on Thursday."); else the time asked is its deadline too. Asked ahead of
    its deadline ("Remind me the day before"), it reminds that far ahead."""
    if ahead is not None and signal.due is not None:
        due = ahead.of(signal.due)
    before = due is not None and signal.due is not None and due.at < signal.due.at
    return replace(
        signal,
        strength=max(signal.strength, REMINDER_STRENGTH),
        due=signal.due if before else due or signal.due,
        remind=due if before else None,
        directive=True,
    )


def reminder(
    due: Due | None,
    before: str,
    asked: str,
    known: frozenset[str],
    said_at: datetime,
    ahead: Ahead | None = None,
) -> TaskSignal | None:
    """A reminder `asked` for by its time with no to-do before it: of the thing said just
    before it ("My passport expires in March. Remind me about it in February." is "My
    passport"), or of itself ("Set a reminder for 5pm": "Reminder"; "Alarm"), as asked. Asked
    ahead of a day, it is of the thing told with that day ("I have a dentist appointment on
    Thursday at 2. Remind me the day before."); None where nothing before it has one."""
    told = re.split(r"[.!?]\s", before.rstrip(" .!?"))[-1]
    day = parse_due(told, said_at)
    had = _one_has(told, day) if day else None
    thing = thing_said(before) or had
    title = thing[:1].upper() + thing[1:] if thing else "Alarm" if "alarm" in asked else "Reminder"
    signal = TaskSignal(
        title=title,
        pattern="reminder",
        strength=REMINDER_STRENGTH,
        entity_density=entity_density(title, known, a_thing=bool(had) and thing == had),
        due=due,
        directive=True,
    )
    if ahead is None and not (had and thing == had):
        return signal if due is not None else None
    if not thing or day is None:
        return None
    # What one has is due on its day; "Remind me at 9" of it is at 9 that day.
    return asked_for(replace(signal, due=day), due and on_the_day(due, day), ahead)


def _one_has(told: str, day: Due) -> str | None:
    """What one has on `day`, as `told` says it: "a meeting with Tom" of "I have a meeting
    with Tom on Monday at 10" ("Meeting with Tom"), "Sarah's birthday" of "It's Sarah's
    birthday on Sunday"."""
    at = told.lower().find(day.phrase.lower())
    found = _ONE_HAS.search(told)
    if found is not None:
        end = told.lower().find(day.phrase.lower(), found.end("thing"))
        thing = told[found.start("thing") : end if end >= 0 else len(told)]
        return DANGLING.sub("", _ARTICLE.sub("", thing.strip(" ,")))
    if at < 0 or told[at + len(day.phrase) :].strip(" ,.!;:"):
        return None
    if planned := _ONES_PLAN.match(told[:at]):
        plan = planned.group("plan").strip()
        return plan[:1].upper() + plan[1:]
    told_alone = _THING_TOLD.match(told[:at])
    return _AN.sub("", told_alone.group("thing")) if told_alone else None
