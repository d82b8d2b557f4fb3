"""To-dos of an event the user says will not happen: "My dentist appointment got cancelled",
"Tom's party is off", "They called off the meeting", "Dinner with the Smiths isn't happening".
One in the inbox said so in a live chat is dismissed there, as its button would: its reminder
must not ring for an appointment that is gone. Only a to-do of an event is one (its title holds
a word for one: "Dentist appointment", "Pack for the trip"): "Call the dentist" stays when "the
dentist is cancelled", and so does a to-do of cancelling ("Cancel the gym membership", which "I
cancelled the gym membership" finishes). All the words said are in the to-do's title, and they
name that to-do alone ("the party" is "Tom's party"; "the meeting" of two meetings is neither).
A message saying only "They cancelled it" or "It's off" is of the event just spoken of. Not a
cancellation: one asked about, supposed or denied ("Is the party cancelled?", "If the trip
gets cancelled ...", "The meeting wasn't cancelled"), or in someone else's words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from core.due import parse_due
from core.model import Task
from core.others_words import others_words
from core.sentences import plain_quotes
from core.task_scoring import task_words
from core.task_words import TOLD_HEAD

# What can be called off, as `task_words` reads it ("classes" is "clas").
_EVENTS = task_words(
    "appointment appt meeting meetup interview exam test flight trip class lesson session "
    "dinner lunch breakfast brunch drinks date reservation booking checkup surgery haircut "
    "massage recital concert show gig wedding funeral ceremony party celebration reunion "
    "barbecue bbq picnic match game practice rehearsal training conference seminar workshop "
    "webinar lecture presentation demo review standup visit tour vacation holiday playdate "
    "sleepover"
)
# A word of the thing's name: no pronoun, verb of being or doubt, and no word denied ("The
# meeting wasn't cancelled").
_WORD = (
    r"(?!(?:i|i'm|we|we're|you|he|she|they|it|it's|that|that's|this|there|everything|me|us|"
    r"him|her|them|and|or|but|so|because|is|are|was|were|not|never|has|have|"
    r"had|will|would|could|should|might|may|must|be|been|got|get|gets|did|does|do|maybe|"
    r"perhaps|probably|possibly|hopefully)\b)(?![\w']*n't\b)[\w'][\w'-]*"
)
_THING = (
    r"(?:(?:the|my|our|his|her|their)\s+)?(?!(?:on|in|at|to|for|with|of)\b)"
    rf"{_WORD}(?:\s+{_WORD}){{0,4}}?"
)
_CALLED_OFF = r"(?:cancell?ed|called\s+off|scrapped)"
_AFTER = (
    r"(?:\s+by\s+[\w']+(?:\s+[\w']+)?)?"
    r"(?:\s+(?:on\s+(?:me|us)|now|today|tonight|tomorrow|after\s+all|any\s*more|again|"
    r"this\s+week))*(?:\s+(?:because|due\s+to|so)\b[^.!?;\n]*)?\s*(?P<end>[.!?;,\n]|$)"
)
_HEAD = r"(?:" + TOLD_HEAD + r"|(?<=[,:]\s))"
_CANCELLED = (
    # "My dentist appointment got cancelled", "Dinner's off", "The trip isn't happening".
    re.compile(
        _HEAD + rf"(?P<what>{_THING})(?:"
        r"(?:\s+(?:is|are|was|were|has\s+been|have\s+been|got|just\s+got)|'s|'re)?\s+"
        rf"(?:now\s+|just\s+|officially\s+)?{_CALLED_OFF}"
        r"|(?:\s+(?:is|are|was)|'s|'re)\s+(?:now\s+|officially\s+)?(?P<off>off)"
        r"|(?:\s+(?:isn't|aren't|is\s+not|are\s+not|won't\s+be)|'s\s+not|'re\s+not)\s+"
        r"(?P<not_happening>happening))" + _AFTER,
        re.IGNORECASE | re.MULTILINE,
    ),
    # "They called off the meeting", "Tom cancelled the dinner", "We had to cancel the trip".
    re.compile(
        _HEAD + r"(?:(?:the|my|our)\s+)?[\w']+\s+(?:(?:just|already|finally|'ve|have|has)\s+)?"
        rf"(?:{_CALLED_OFF}|had\s+to\s+(?:cancel|call\s+off))\s+(?P<what>{_THING})"
        r"(?:\s+off)?" + _AFTER,
        re.IGNORECASE | re.MULTILINE,
    ),
)
# A message saying only that "it", the event just spoken of, is called off: "It got
# cancelled", "They cancelled it", "It's off".
_IT_CANCELLED = re.compile(
    r"\W*(?:(?:oh|ok|okay|so|well|actually|ugh|sadly|unfortunately|update|bad\s+news)\W+)*"
    r"(?:(?:it|that)(?:(?:\s+(?:got|was|has\s+been|is)|'s(?:\s+been)?)\s+(?:just\s+)?"
    rf"{_CALLED_OFF}|(?:\s+is|'s)\s+off)|(?:they|we|i|he|she)\s+(?:just\s+)?"
    r"(?:cancell?ed|called\s+off)\s+(?:it|that)|(?:they|we|i|he|she)\s+called\s+(?:it|that)\s+"
    r"off)(?:\s+(?:today|now|after\s+all|again))?[\s.!]*",
    re.IGNORECASE,
)
# "If the trip gets cancelled, ...": a cancellation supposed, not made.
_SUPPOSED = re.compile(r"\b(?:if|when|unless|once|in\s+case|whether)\b", re.IGNORECASE)


def cancelled_said(text: str, said_at: datetime) -> list[str]:
    """The words naming each event `text` says will not happen ("my dentist appointment"),
    without its day ("the meeting on Friday" is "the meeting": a to-do's title has none)."""
    own = others_words(plain_quotes(text)).masked()
    said = []
    for pattern in _CANCELLED:
        for found in pattern.finditer(own):
            what = found.group("what")
            groups = found.groupdict()
            if found.group("end") == "?" or _SUPPOSED.search(
                re.split(r"[.!?]\s", own[: found.start()])[-1]
            ):
                continue
            # "Tom is off today" is not of an event; "the party is off" is.
            if (groups.get("off") or groups.get("not_happening")) and not (
                task_words(what) & _EVENTS
            ):
                continue
            due = parse_due(what, said_at)
            if due is not None:
                what = re.sub(re.escape(due.phrase) + r"(?:['’]s)?", " ", what, flags=re.I)
            said.append(" ".join(what.split()))
    return said


def it_cancelled(text: str) -> bool:
    """Whether `text`, saying nothing else, calls off the event just spoken of."""
    return bool(_IT_CANCELLED.fullmatch(text))


def events_of(tasks: Sequence[Task]) -> list[Task]:
    """Those of `tasks` that are of an event, which may be called off."""
    return [t for t in tasks if _of_an_event(t.title)]


def cancelled_named(said: Sequence[str], open_tasks: Sequence[Task]) -> list[Task]:
    """The open to-dos of an event these words (`cancelled_said`) name alone, each once."""
    events = events_of(open_tasks)
    named: dict[str, Task] = {}
    for what in said:
        words = task_words(what)
        of_it = [t for t in events if words and words <= task_words(t.title)]
        if len(of_it) == 1:
            named[of_it[0].id] = of_it[0]
    return list(named.values())


def _of_an_event(title: str) -> bool:
    return bool(task_words(title) & _EVENTS) and not title.lower().startswith("cancel")
