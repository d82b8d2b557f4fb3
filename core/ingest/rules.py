"""Inline rule extraction (seed 003): no LLM, well under 10 ms a turn. Statements a person makes
about themselves become semantic memories with a key, so a later statement on the same key
("I moved to Lisbon" after "I live in Berlin") supersedes the earlier one."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.model import Turn

# A value runs to the end of the clause (a dash or a colon ends one too).
_VALUE = r"(?P<value>[^.,!?;:\n\u2013\u2014]+?)"
_END = r"(?=\s+(?:and|but|so|because|since)\b|\s+-\s|[.,!?;:\n\u2013\u2014]|$)"

_RULES: list[tuple[str, re.Pattern[str]]] = [
    (
        "location",
        re.compile(
            r"\bI(?:'ve| have)?\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+"
            rf"{_VALUE}{_END}",
            re.I,
        ),
    ),
    (
        "location",
        re.compile(rf"\bI\s+(?:now\s+)?(?:live|am living|'m living)\s+in\s+{_VALUE}{_END}", re.I),
    ),
    ("employer", re.compile(rf"\bI\s+(?:now\s+)?work\s+(?:at|for)\s+{_VALUE}{_END}", re.I)),
    (
        "attribute",
        re.compile(rf"\bmy\s+(?P<attr>[a-z][a-z ]{{1,30}}?)\s+is\s+{_VALUE}{_END}", re.I),
    ),
    (
        "preference",
        re.compile(
            r"\bI\s+(?P<neg>don't\s+|do not\s+|no longer\s+)?(?:really\s+)?"
            rf"(?P<verb>prefer|like|love|enjoy|hate|want)\s+{_VALUE}{_END}",
            re.I,
        ),
    ),
    (
        "decision",
        re.compile(
            rf"\b(?:we|I)(?:'ve| have)?\s+decided\s+to\s+{_VALUE}{_END}|\blet's\s+go\s+with\s+"
            rf"{_VALUE.replace('value', 'choice')}{_END}",
            re.I,
        ),
    ),
]
_ATTRIBUTE_SKIP = {"point", "guess", "bad", "pleasure", "problem", "question", "favorite thing"}
_PRONOUNS = re.compile(r"^(?:it|that|this|there|them|you|to)\b", re.I)
# A value that points at something said around it ("how it shows", "watching them play",
# "your turtles") means nothing once it stands alone; the segment keeps the whole exchange.
_POINTING = re.compile(
    r"^(?:how|what|why|which|so|such)\b"
    r"|\b(?:it|its|they|them|this|these|those|he|she|him|his|her|you|your|yours|yourself)\b"
    # "the thing I love is ...": the statement was inside another and its verb follows.
    r"|^(?:is|was|are|were|has|had|makes|made)\b",
    re.I,
)
# A state, not an attribute: "my hard work is paying off", "my team is like family".
_STATE = re.compile(
    r"^(?:going|getting|doing|paying|coming|looking|feeling|growing|improving|starting|like|so|"
    r"really|also|just|too|still|very)\b",
    re.I,
)
_LIST = re.compile(r"\b(?:and|or)\b")
# The speaker's own words, told of them: "my studio" is theirs once the fact names them.
_FIRST_PERSON = {
    "i": "they",
    "i'm": "they're",
    "i've": "they've",
    "i'd": "they'd",
    "i'll": "they'll",
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themselves",
}
_FIRST_PERSON_WORD = re.compile(r"\b(?:i'm|i've|i'd|i'll|i|me|my|mine|myself)\b", re.I)


@dataclass(frozen=True, slots=True)
class Relation:
    """A typed link between two named things, e.g. (ana, lives_in, lisbon)."""

    subject: str
    relation: str
    object: str


@dataclass(frozen=True, slots=True)
class Fact:
    key: str | None
    content: str
    importance: float
    turn_id: str
    relation: Relation | None = None


def _relation(owner: str, relation: str, value: str) -> Relation | None:
    """Only between names: "lives in Lisbon" links two entities, "lives in a flat" does not."""
    return Relation(owner, relation, value.lower()) if value[:1].isupper() else None


_TRAILING_TIME = re.compile(
    r"\s+(?:(?:last|this|next)\s+(?:week|month|year|weekend)|yesterday|today|recently|"
    r"a while ago|\w+\s+(?:days|weeks|months|years)\s+ago)$",
    re.I,
)


def _clean(value: str) -> str:
    value = re.sub(r"\s+", " ", value).strip(" '\"")
    return _TRAILING_TIME.sub("", value)


def _told_of(value: str) -> str:
    return _FIRST_PERSON_WORD.sub(lambda m: _FIRST_PERSON[m.group().lower()], value)


def extract_facts(turn: Turn) -> list[Fact]:
    """Facts, preferences and decisions the speaker states about themselves in `turn`."""
    facts: list[Fact] = []
    who = turn.speaker or "The user"
    owner = (turn.speaker or "user").lower()
    for rule, pattern in _RULES:
        for match in pattern.finditer(turn.text):
            groups = match.groupdict()
            value = _clean(groups.get("value") or groups.get("choice") or "")
            if not value or len(value) > 80 or _PRONOUNS.match(value):
                continue
            if rule in ("attribute", "preference") and _POINTING.search(value):
                continue
            value = _told_of(value)
            if rule == "location":
                facts.append(
                    Fact(
                        f"{owner}: location",
                        f"{who} lives in {value}",
                        0.7,
                        turn.id,
                        _relation(owner, "lives_in", value),
                    )
                )
            elif rule == "employer":
                facts.append(
                    Fact(
                        f"{owner}: employer",
                        f"{who} works at {value}",
                        0.7,
                        turn.id,
                        _relation(owner, "works_at", value),
                    )
                )
            elif rule == "attribute":
                attribute = _clean(groups["attr"]).lower()
                if attribute in _ATTRIBUTE_SKIP or _STATE.match(value) or _LIST.search(attribute):
                    continue
                facts.append(
                    Fact(f"{owner}: {attribute}", f"{who}'s {attribute} is {value}", 0.7, turn.id)
                )
            elif rule == "preference":
                verb = groups["verb"].lower()
                negated = bool(groups.get("neg"))
                stance = f"does not {verb}" if negated else f"{verb}s"
                facts.append(
                    Fact(f"{owner}: likes {value.lower()}", f"{who} {stance} {value}", 0.6, turn.id)
                )
            else:
                facts.append(Fact(None, f"Decided: {value}", 0.7, turn.id))
    return facts
