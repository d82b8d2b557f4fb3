"""To-dos whose day the user says has moved: "The dentist moved to Monday", "My dentist appointment
got pushed to next week", "Push the report to Friday", "Can you move the reminder to call mom to
Saturday?", "The essay is due Monday now", and "Make it 6pm" of the one just spoken of
("Tomorrow at 9" too, when the reply before asked when; "Push it back an hour" moves it from its
own time). One in the inbox said so in a live chat takes the new deadline there, as typing it
into its row would: the inbox kept the old day, and its reminder rang on it. Both halves must be
plain: the words before the day name one open to-do (`same_task`: "the dentist" is "Call the
dentist"; words naming two move neither), and the words after the verb are a day and nothing
else ("Move the couch to the living room on Monday" moves nothing). Not a move: one asked about
("Did the dentist move to Monday?"), supposed ("If they push the report to Friday, ..."), not
done ("They couldn't move the dentist"), or in someone else's words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.due import Due, parse_due
from core.others_words import others_words
from core.sentences import plain_quotes
from core.task_words import POINTING_ONLY, TOLD_HEAD
from core.temporal import NUMBER_WORDS


@dataclass(frozen=True, slots=True)
class MoveSaid:
    """Words naming a to-do (`what`; None: "it", the one just spoken of) and the day it moved
    to, or how far it moved from its own (`by`: "Push it back an hour")."""

    what: str | None
    due: Due | None
    by: timedelta | None = None


_WHEN = r"\s+(?:back\s+)?(?:to|till|until|for)\s+(?P<when>[^.!?;,\n]{2,40}?)\s*(?P<end>[.!?;,\n]|$)"
_WHAT = r"(?P<what>[^.!?;,\n]{2,80})"
_MOVES = (
    # "The dentist (got) moved to Monday", "My appointment has been pushed back to Friday".
    re.compile(
        TOLD_HEAD + r"(?P<what>(?:the|my|our)\s+[^.!?;,\n]{2,80}?)\s+"
        r"(?:(?:got|has\s+been|have\s+been|was|were|is|are)\s+)?(?:now\s+|just\s+)?"
        r"(?:moved|pushed(?:\s+back)?|postponed|rescheduled|bumped|shifted|put\s+off)" + _WHEN,
        re.IGNORECASE | re.MULTILINE,
    ),
    # "Push the report to Friday", "Can you move the reminder to call mom to Saturday?", "We
    # moved the dentist to Monday".
    re.compile(
        TOLD_HEAD + r"(?P<asked>(?:can|could|would)\s+you\s+)?(?:please\s+)?"
        r"(?:(?:i|we|they)(?:'ve|\s+have)?\s+(?:just\s+)?)?"
        r"(?:(?:move|push|postpone|reschedule|bump|shift)(?:d|ed)?(?:\s+back)?|put\s+off)\s+"
        + _WHAT
        + _WHEN,
        re.IGNORECASE | re.MULTILINE,
    ),
    # "The essay is due Monday now", "My dentist appointment is now on Friday instead", "The
    # report can wait until Monday".
    re.compile(
        TOLD_HEAD + r"(?P<what>(?:the|my|our)\s+[^.!?;,\n]{2,80}?)\s+"
        r"(?:(?:is|'s)\s+(?:now\s+)?(?P<now>due|on)|can\s+wait\s+(?:until|till))"
        r"\s+(?P<when>[^.!?;,\n]{2,40}?)\s*(?P<end>[.!?;,\n]|$)",
        re.IGNORECASE | re.MULTILINE,
    ),
)
# What may stand beside the day: "to Monday instead", "to next Friday at the latest".
_BESIDE_THE_DAY = re.compile(
    r"(?:\s*\b(?:on|by|now|instead|then|please|at\s+the\s+latest|after\s+all)\b)*\s*",
    re.IGNORECASE,
)
# "... due Monday" must say it changed; "The essay is due Monday" may be the first word of it.
_CHANGED = re.compile(r"\b(?:now|instead|actually)\b", re.IGNORECASE)
# Words that name the to-do's day, not the to-do: "my dentist appointment", "the reminder to
# call mom", "the deadline for the report", "the report's deadline".
_NOT_THE_TO_DO = re.compile(
    r"^(?:the|my|our)\s+|\b(?:reminder|deadline|due\s+date)\s+(?:to|about|for|of|on)\s+"
    r"|(?:['’]s)?\s+(?:appointment|reminder|deadline|due\s+date)\b",
    re.IGNORECASE,
)
# A message moving "it", the to-do just spoken of: "Make it 6pm", "Actually, make that Friday
# at 10", "Can you push it to Monday?", "Change it to 7pm instead", "Remind me at 6 instead".
# Its time says it is one ("Make it 6" may be six of anything).
_IT_MOVED = re.compile(
    r"\W*(?:(?:oh|ok|okay|actually|sorry|wait|no|hmm|so)\W+)*"
    r"(?P<asked>(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:make\s+(?:it|that)|(?P<remind>remind\s+me)|(?:move|push|change|bump|shift|reschedule|"
    r"postpone|put)\s+(?:it|that)(?:\s+back)?\s+(?:to|till|until|for)"
    # ...or told moved: "It got moved to Friday", "They pushed it back to Monday".
    r"|(?:(?:it|that)(?:\s+(?:got|has\s+been|was|is)|'s(?:\s+been)?)\s+(?:just\s+)?"
    r"(?:moved|pushed(?:\s+back)?|postponed|rescheduled|bumped|shifted)"
    r"|(?:they|we|i|he|she)\s+(?:just\s+)?(?:moved|pushed|postponed|rescheduled|bumped|shifted)"
    r"\s+(?:it|that)(?:\s+back)?)\s+(?:to|till|until|for)"
    # ...done another day: "Actually do it on Monday", "Let's do Monday instead".
    r"|(?:let's\s+)?do\s+(?:it|that)|let's\s+do)\s+"
    r"(?P<when>[^.!?;,\n]{1,40}?)(?(remind)\s+instead|(?:\s+instead)?)(?:\s+please)?\W*"
    # ...or the day alone, said instead: "Tomorrow instead", "Actually, Friday at 5".
    r"|\W*(?:(?P<instead_of>oh|actually|sorry|wait|no)\W+)*(?P<alone>[^.!?;,\n]{1,40}?)"
    r"(?(instead_of)(?:\s+instead)?|\s+instead)(?:\s+please)?\W*",
    re.IGNORECASE,
)
# A reply asking when the to-do is for: "When would you like me to remind you?", "What time
# should I set it for?", "When is it due?" (not "When is your flight?"): a day said alone
# answers it.
_WHEN_ASKED = re.compile(
    r"\b(?:when|what\s+time|what\s+day|which\s+day)\b[^.!?]*?\b(?:remind|like|want|prefer|"
    r"should|due|deadline|need\s+(?:it|to))\b[^.!?]*\?\W*$",
    re.IGNORECASE,
)
_DAY_ALONE = re.compile(
    r"\W*(?:(?:oh|ok|okay|um|hmm|maybe|say|let's\s+say|how\s+about)\W+)*(?P<when>[^.!?;,\n]{1,40}?)"
    r"(?:\s+please)?[\s.!?]*",
    re.IGNORECASE,
)
_BACK = re.compile(r"\s+back$", re.IGNORECASE)
# "It" moved by a stretch of time: "Push it back an hour", "Can you move it 30 minutes
# later?", "Make it a day later" (a to-do with no time of its own moves nowhere).
_IT_SHIFTED = re.compile(
    r"\W*(?:(?:oh|ok|okay|actually|sorry|wait|no|hmm|so)\W+)*"
    r"(?P<asked>(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:(?:push|move|bump|shift|put)\s+(?:it|that)(?P<back>\s+back)?(?:\s+by)?|make\s+(?:it|that))"
    r"\s+(?P<count>an?|half\s+an|\d{1,3}|" + "|".join(NUMBER_WORDS) + r")\s+"
    r"(?P<unit>minute|min|hour|hr|day|week)s?(?P<later>\s+later)?(?:\s+please)?\W*",
    re.IGNORECASE,
)
_UNITS = {"minute": 1, "min": 1, "hour": 60, "hr": 60, "day": 1440, "week": 10080}
# "If they push the report to Friday, ...": a move supposed, not made.
_SUPPOSED = re.compile(r"\b(?:if|when|unless|once|in\s+case|whether)\b", re.IGNORECASE)


def moves_said(text: str, said_at: datetime, reply: str = "") -> list[MoveSaid]:
    """Each to-do `text` says has moved, with the day it moved to (read from `said_at`).
    `reply`: the assistant's message before it, whose asking when ("When should I remind
    you?") a day said alone ("Tomorrow at 9") answers."""
    own = others_words(plain_quotes(text)).masked()
    moves = []
    for pattern in _MOVES:
        for found in pattern.finditer(own):
            groups = found.groupdict()
            asked = found.group("end") == "?"
            if asked and not groups.get("asked"):
                continue
            if groups.get("now") and not _CHANGED.search(found.group(0)):
                continue
            before = re.split(r"[.!?]\s", own[: found.start()])[-1]
            if _SUPPOSED.search(before):
                continue
            due = _the_day(found.group("when"), said_at)
            # "Push the report back to Friday": the report.
            what = _BACK.sub("", _NOT_THE_TO_DO.sub(" ", found.group("what")).strip())
            if due is not None and what and not POINTING_ONLY.fullmatch(what):
                moves.append(MoveSaid(what, due))
    it = _IT_MOVED.fullmatch(own)
    shifted = _IT_SHIFTED.fullmatch(own)
    if it and (it.group("asked") or not own.rstrip().endswith("?")):
        due = _the_day(it.group("when") or it.group("alone"), said_at)
        moves += [MoveSaid(None, due)] if due is not None else []
    elif _WHEN_ASKED.search(reply) and (alone := _DAY_ALONE.fullmatch(own)):
        due = _the_day(alone.group("when"), said_at)
        moves += [MoveSaid(None, due)] if due is not None else []
    if shifted and (shifted["back"] or shifted["later"]) and not moves:
        if shifted["asked"] or not own.rstrip().endswith("?"):
            moves.append(MoveSaid(None, None, _stretch(shifted["count"], shifted["unit"])))
    return moves


def _stretch(count: str, unit: str) -> timedelta:
    """ "an hour", "30 minutes", "half an hour", "two days" as time."""
    said = " ".join(count.lower().split())
    amount = 0.5 if said == "half an" else 1 if said in ("a", "an") else _count(said)
    return timedelta(minutes=amount * _UNITS[unit.lower()])


def _count(said: str) -> int:
    return int(said) if said.isdigit() else NUMBER_WORDS[said]


def _the_day(when: str, said_at: datetime) -> Due | None:
    """The day (or the hour) `when` is, when it is that and nothing more."""
    due = parse_due(when, said_at) or parse_due(f"on {when}", said_at)
    if due is None:
        return None
    said, lowered = due.phrase.lower(), when.lower()
    left = lowered.replace(said if said in lowered else said.removeprefix("on "), " ", 1)
    return due if _BESIDE_THE_DAY.fullmatch(left) else None
