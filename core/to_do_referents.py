"""Whom and what a to-do's "it", "her" or "him" stands for, by what was said before it: "My
passport expires next month, I should renew it" is "Renew my passport", "My mom's birthday is
on Tuesday, I need to get her a gift" is "Get my mom a gift" (`core.tasks`)."""

from __future__ import annotations

import re

from core.ingest.fact_words import HE_KIN, SHE_KIN
from core.task_words import OWED, OWN_DUE_THING
from core.temporal import MONTHS, WEEKDAYS

# "it" as a word of its own ("it's" is a sentence of its own).
_IT = re.compile(r"(?<![\w'])it(?![\w'])", re.IGNORECASE)
# A thing of one's own, or a known one, opening a clause and doing or being something: what a
# later "it" stands for ("my passport expires", "the sink is leaking").
_SUBJECT_THING = re.compile(
    r"(?:^|[.!?;,]\s*|\b(?:and|but|so)\s+)(?P<thing>(?:my|our|the)\s+(?:[\w'-]+\s+){0,2}?"
    r"[\w-]+)\s+(?:is|was|has|had|needs|keeps|kept|expires|broke|leaks|runs|ran|looks|"
    r"seems|got|gets|will|won't|isn't|wasn't|doesn't|didn't|hasn't|can't|finally|still|just|"
    r"[a-z]+ed)\b",
    re.IGNORECASE,
)
# An "it" that is no thing: "make it up to her", "make it through the week".
_NO_THING = re.compile(r"it\s+(?:up\s+to|through)\b", re.I)
# Money one owes someone, which paying "it" pays: "I owe my mom $100 and need to pay it back".
_OWED = re.compile(rf"\bowe\s+(?P<owed>{OWED})", re.I)
_PAYING = re.compile(r"pay\s+it\b", re.I)
# Words that go on past a thing: "a movie with Tom" is a movie.
_WITH = r"(?:with|for|to|at|in|on|from|by|about|into|of)\b"
# ...or a thing one just did something with, its clause ending there: "I finished the report
# and have to send it to Tom", "I bought a car, need to register it" ("the car").
_OWN_THING = re.compile(
    r"\b(?:i|we)\s+(?:just\s+|finally\s+)?(?:[a-z]+ed|bought|got|found|made|wrote|built|sold|"
    r"broke|lost|took|brought)\s+(?P<thing>(?:my|our|the|an?)\s+"
    r"(?:(?!" + _WITH + r")[\w'-]+\s+){0,2}?(?!" + _WITH + r")[\w-]+)"
    r"(?=\s*(?:[.!?;,]|$)|\s+(?:and|but|so|yesterday|today|earlier|last|this)\b)",
    re.IGNORECASE,
)
# ...or the thing of a to-do said just before, in one breath: "buy a present for Ana and wrap
# it" ("the present").
_DONE_FIRST = re.compile(
    r"^[a-z]+(?:\s+up)?\s+(?P<thing>(?:my|our|the|an?)\s+(?:(?!" + _WITH + r")[\w'-]+\s+){0,2}?"
    r"(?!" + _WITH + r")[\w-]+)(?:\s+(?:for|to|at|from)\s+[\w' -]{1,30}?)?\s*(?:,\s*|\s+)"
    r"(?:and\s+)?(?:then\s+)?$",
    re.IGNORECASE,
)
_ONE = re.compile(r"^an?\s+", re.IGNORECASE)
# One's people a "her" or a "him" stands for, and how they are said: "my mom", "my sister's",
# or as a name, "Mom", "Dad's".
# ...or whom one knows by what they are to one, "her" or "him" alike: "My boss is annoyed, I
# need to email him an apology".
_ANYONE = (
    "boss manager coworker co-worker colleague friend neighbour neighbor landlord teacher "
    "doctor therapist partner roommate flatmate client coach tutor"
)
_KIN = {
    pronoun: re.compile(
        rf"\b(?P<kin>(?:my|our)\s+(?:{'|'.join(f'{kin} {_ANYONE} {called}'.split())})|"
        rf"(?:{'|'.join(called.split())}))(?:'s)?\b",
        re.IGNORECASE,
    )
    for pronoun, (kin, called) in (("her", SHE_KIN), ("him", HE_KIN))
} | {
    # ...and "them", the ones of one's people said together: "The kids have a recital on
    # Friday. I need to pick them up at 5" ("Pick the kids up").
    "them": re.compile(
        r"\b(?P<kin>(?:my|our|the)\s+(?:kids|children|parents|grandparents|in-laws|boys|girls|"
        r"twins|folks|guests))\b",
        re.IGNORECASE,
    )
}
# "her" as the one a thing is done to ("get her a gift", "pick her up", "call her"), not whose
# it is ("fix her bike": "my mom's bike").
_HER_OBJECT = re.compile(
    r"\s*(?:$|[,.!?;]|(?:a|an|the|some|up|back|out|off|in|to|for|with|about|at|on|over|"
    r"around|and|know|again|today|tonight|tomorrow|something|anything|everything)\b)",
    re.IGNORECASE,
)
# ...as is the one helped: "help her move" is helping Sarah move, not "Sarah's move".
_HELPED = re.compile(r"\bhelp\s+$", re.IGNORECASE)
_PERSON = re.compile(r"(?<![\w'])(?P<word>him|his|her|them)(?![\w'])", re.IGNORECASE)
# A word written with a capital mid-sentence, a name ("I owe Jake $50"), and those that are none.
_NAMED = re.compile(
    # (without the "'s" of whose: "Sarah's birthday" names Sarah; "O'Brien" is whole).
    r"(?<=[a-z,]\s)(?-i:[A-Z][a-z]*(?:['-](?!s\b)[A-Z]?[a-z]+)*)(?=(?:'s)?(?![\w']))"
    # ...or doing what a person does: "Sarah called, I need to call her", "the plumber called".
    r"|(?:(?:^|(?<=[.!?]\s))(?-i:[A-Z][a-z'-]+)|\b(?i:the|my|our)\s+(?-i:[a-z]+))(?=\s+(?:just\s+)?"
    r"(?:called|texted|rang|emailed|messaged|wrote|asked|invited|told|said|mentioned|needs|"
    r"wants)\b)"
)
_NO_PERSON = frozenset({*WEEKDAYS, *MONTHS, "i", "i'm", "i've", "i'll", "i'd"})
# How far back what a word stands for is looked for: what was said just before it (a page of
# to-dos, each reading all before it, took seconds).
_NEAR = 300
_DO_THAT = re.compile(r"do\s+(?:that|this|it)(?:\s+(?:now|too|later|asap|first))?", re.IGNORECASE)
# A deed said to be done, or forgotten: "I forgot to call the vet", "I was meant to email Sam".
_DEED = re.compile(
    r"\b(?:forgot|forget|need|needed|have|had|meant|meaning|supposed|promised|got)\s+to\s+"
    r"(?P<deed>(?!do\b|be\b)[a-z][\w'-]*(?:\s+(?!(?:and|but|so|because|then|yesterday|today|"
    r"tonight|tomorrow|last|this|next|earlier|ago)\b)[\w'-]+){0,6})",
    re.IGNORECASE,
)
_DUE_THING = re.compile(r"\b" + OWN_DUE_THING + r"\b", re.IGNORECASE)
_IT_DUE = re.compile(r"it(?:'s|\s+is)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?]+(?=\s)")
_ABOUT_IT = re.compile(r"\s*it(?:'s|\s)", re.IGNORECASE)


def thing_said(before: str) -> str | None:
    """The thing the latest clause of `before` opens with ("my passport" of "My passport
    expires in March") or that the speaker did something with ("the report" of "I finished
    the report"), if one does."""
    near = before[-_NEAR:]
    # ...in the sentence it is in or the one before, or further back through sentences about
    # "it": "Our anniversary is on the 20th. I want to surprise Mark with dinner at Luigi's. I
    # need to book it" books no anniversary; "My car broke down. It's been a nightmare. I need
    # to get it fixed" fixes the car.
    starts = [0, *(end.end() for end in _SENTENCE_END.finditer(near.rstrip()))]
    back = max(len(starts) - 2, 0)
    while back > 0 and _ABOUT_IT.match(near, starts[back]):
        back -= 1
    since = starts[back]
    said = [
        found
        for pattern in (_SUBJECT_THING, _OWN_THING, _DONE_FIRST)
        for found in pattern.finditer(near, since)
    ]
    if not said:
        return None
    # "a car" is the car once it was said.
    return _ONE.sub("the ", max(said, key=lambda found: found.start("thing")).group("thing"))


def due_thing_named(title: str, before: str) -> str | None:
    """ "It's due on Monday" as what is due, when the sentence before it or its own names one's
    work or bill ("Can you help me with my essay? It's due on Monday": "My essay is due"); None
    when neither does. Any other title is as it is."""
    it = _IT_DUE.match(title)
    if it is None:
        return title
    said = _last_said(_DUE_THING, before)
    if said is None:
        return None
    thing = said.group()
    return f"{thing[:1].upper()}{thing[1:]} is{title[it.end() :]}"


def named(title: str, before: str) -> str:
    """The to-do with the thing its "it" stands for, when what was said before it opens a
    clause with that thing ("The sink is leaking again. Need to fix it tomorrow." is "Fix the
    sink"), and the one of one's people its "her", "him" or "his" stands for, when `before`
    names one of them only ("Dad's flight lands at 6pm, I need to pick him up": "Pick Dad
    up")."""
    return _kin_named(_thing_named(_deed_named(title, before), before), before[-_NEAR:])


def _deed_named(title: str, before: str) -> str:
    """ "Do that" as the deed just said to be done: "I forgot to call the vet, need to do that
    first thing tomorrow" is "Call the vet" (in its own sentence or the one before)."""
    said = _last_said(_DEED, before) if _DO_THAT.fullmatch(title) else None
    if said is None:
        return title
    deed = said.group("deed")
    return deed[:1].upper() + deed[1:]


def _last_said(pattern: re.Pattern[str], before: str) -> re.Match[str] | None:
    """The last match of `pattern` in the sentence `before` ends in, or the one before it."""
    near = before[-_NEAR:]
    starts = [0, *(end.end() for end in _SENTENCE_END.finditer(near))]
    said = list(pattern.finditer(near, starts[max(len(starts) - 2, 0)]))
    return said[-1] if said else None


def _thing_named(title: str, before: str) -> str:
    pronoun = _IT.search(title)
    # "Gotta do it again" after "the party was fun" does no party, nor is "make it up to her"
    # of a thing, nor "ask about it" of the bank just called.
    if (
        pronoun is None
        or pronoun.start() == 0
        or title[: pronoun.start()].lower() == "do "
        or title[: pronoun.start()].lower().endswith("about ")
        or _NO_THING.match(title, pronoun.start())
    ):
        return title
    owed = _OWED.findall(before[-_NEAR:]) if _PAYING.match(title) else []
    thing = owed[-1] if owed else thing_said(before)
    if thing is None:
        return title
    return title[: pronoun.start()] + thing[:1].lower() + thing[1:] + title[pronoun.end() :]


def _kin_named(title: str, before: str) -> str:
    pronoun = _PERSON.search(title)
    if pronoun is None or pronoun.start() == 0:
        return title
    word = pronoun.group("word").lower()
    said = [
        found.group("kin")
        for found in _KIN[word if word in ("her", "them") else "him"].finditer(before)
    ]
    # ...or the one person named mid-sentence: "I owe Jake $50, need to pay him back".
    if not said and word != "them":
        said = [
            name
            for found in _NAMED.finditer(before)
            if (name := found.group()).lower() not in _NO_PERSON
        ]
    if len({kin.lower() for kin in said}) != 1:
        return title
    kin = re.sub(r"^(?:my|our|the)\b", lambda opening: opening.group().lower(), said[0], flags=re.I)
    whose = word == "his" or (
        word == "her"
        and not _HER_OBJECT.match(title, pronoun.end())
        and not _HELPED.search(title[: pronoun.start()])
    )
    return title[: pronoun.start()] + kin + ("'s" if whose else "") + title[pronoun.end() :]
