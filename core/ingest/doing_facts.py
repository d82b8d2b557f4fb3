"""What a doing says: done ("Ana ran a marathon"), being done or about to be ("is learning
Spanish", "is flying to Rome"), or been done for a while; one's people's too. What tells only how
it goes ("I've been doing great") or leaves its object behind says nothing on its own."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.ingest.fact import Fact, Said
from core.ingest.values import told_of

_PARTICLES = frozenset("in up out on off over back down away along".split())
_EVERY_DAY = re.compile(r"(?:bed|sleep|the\s+(?:bathroom|toilet|loo))\b", re.I)
# What a doing tells of how it goes, not what is done: "I've been doing great", "I'm making
# a difference", "I'm taking a break"...
_HOW_IT_GOES = re.compile(
    r"(?:great|good|well|fine|ok|okay|alright|better|worse|amazing|awesome|a\s+lot|so\s+much|"
    r"lots|a\s+ton|nothing|everything|something|anything|busy|hard|late|sure|around|the\s+same|"
    r"(?:my|their)\s+(?:best|part|bit|share)|progress|notes|care|as\s+usual|long$|ever$|"
    # ...or when or why, with nothing done: "I started when I was young".
    r"(?:when|because|since|while|if)\s|"
    r"a\s+new\s+lease\s+of\s+life|"
    r"a\s+(?:break|nap|rest|moment|look|second|minute)|"
    r"(?:a\s+(?:real\s+|big\s+|huge\s+)?|much\s+of\s+an\s+)?(?:difference|impact)|"
    # ...or an object that came before the verb ("the recipe I made for my family").
    r"(?:on|at|for|with|in|about|to|into|from|of)\s|"
    # ...or only how long: "I've been playing for about four months".
    r"(?:about\s+|almost\s+|nearly\s+|over\s+)?(?:an?|\w+)\s+(?:years?|months?|weeks?|days?|"
    r"hours?)$)\b",
    re.I,
)
# "we built both on and off the court": cut where the clause went on, mid-phrase.
_DANGLING = re.compile(r"\b(?:on|in|at|of|to|for|with|from|a|an|the|both|few|some|many)$", re.I)
# ...but a place one goes to ends so: "a homeless shelter I volunteer at".
_STRANDED = re.compile(r"\s(?:they|we|you|he|she)\s+[a-z]+\s+(?:at|in|on|to|for|with|from)$")


def _doing(said: Said) -> Fact | None:
    value, groups, rule = said.value, said.groups, said.rule
    # "I joined in": nothing said that stands alone; "I went to bed": every day's; "I've
    # been doing great": how they are.
    if (
        value.lower() in _PARTICLES
        or _EVERY_DAY.match(value)
        or _HOW_IT_GOES.match(value)
        or not value.lstrip('"')[:1].isalnum()
        or (_DANGLING.search(value) and not _STRANDED.search(value))
    ):
        return None
    # "off to go" / "off to do" is going / doing now; "I have a meeting on Friday" is
    # having one.
    off = groups.get("off")
    doing = (
        groups.get("doing")
        or (f"{off.lower()}ing" if off else "")
        or ("having" if groups.get("have") else "")
    )
    verb = told_of(" ".join((groups.get("verb") or doing).lower().split()))
    verb = re.sub(r"\bgonna\b", "going to", verb)
    # Done ("ran"), doing or about to ("is learning", "is flying to"), or been doing.
    tense = "is " if rule == "plan" or doing else "has been "
    if kin := groups.get("kin"):
        # ...or one's people's: "my sister Marta is getting married", all in the value.
        whose = " ".join(filter(None, (kin.lower(), groups.get("name"))))
        told = f"{said.who}'s {whose} {(groups['be'] or '').lower()} {value}"
        return Fact(None, " ".join(told.split()), 0.5, said.turn_id)
    told = f"{said.who} {'' if rule == 'event' else tense}{verb} {value}"
    return Fact(None, told, 0.5, said.turn_id)


_ARRIVING = frozenset({"lands", "arrives", "gets in"})


def _departs(said: Said) -> Fact | None:
    """ "Ana's flight leaves at 7:30 tomorrow", its day written in by `told_when.planned`."""
    thing, verb = (" ".join((said.groups[g] or "").lower().split()) for g in ("thing", "verb"))
    # Leaving is on the key "my flight is at 7" is on; arriving, on one of its own.
    key = f"{thing} arrival" if verb in _ARRIVING else thing
    return said.fact(key, f"'s {thing} {verb} {said.value}", 0.6)


def _called_off(said: Said) -> Fact | None:
    """ "Ana's flight was cancelled", on the key its time was told on."""
    thing = " ".join((said.groups["thing"] or "").split())
    return said.fact(thing.lower(), f"'s {thing} was {' '.join(said.value.lower().split())}", 0.6)


SAID_OF_DOING: dict[str, Callable[[Said], Fact | None]] = dict.fromkeys(
    ("event", "activity", "plan"), _doing
) | {"departs": _departs, "called_off": _called_off}
