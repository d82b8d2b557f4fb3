"""Whom a sentence's "She" or "He" is, when one of one's people of that kind was told of just
before it: "I have a sister named Anna. She lives in Rome." tells where Anna lives, and "My
daughter loves school. She's 7." her age (each was no fact). Read as "My sister Anna lives in
Rome" by the rules (`core.ingest.rules`); left as said where two could be meant."""

from __future__ import annotations

import re

from core.ingest.fact_words import EITHER_KIN, HE_KIN, SHE_KIN

_MODIFIER = r"(?:(?P<mod>older|younger|little|big|best|eldest|oldest|youngest|twin)\s+)?"
# ...and the kin a word is glued to: "my stepdad", "my step-dad", "my ex-wife", "my half-sister".
_PREFIX = r"(?P<pre>step-?|ex-|half-)?"
# One's kin told of: "my sister", "my older sister Anna", "(I have) a sister (named Anna)", "Anna
# is my sister" (not "my son's friend": the friend is told of), or one who could be either ("my
# boss": with a sister told of too, a "She" is neither).
_TOLD_OF = {
    pronoun: re.compile(
        rf"\b(?:(?:my|our)\s+{_MODIFIER}{_PREFIX}(?P<kin>{'|'.join(words.split())})(?!'s|-)\b"
        r"(?:,?\s+(?P<name>(?-i:[A-Z][a-z]+))\b)?"
        rf"|\ban?\s+{_MODIFIER.replace('mod', 'amod')}{_PREFIX.replace('pre', 'apre')}"
        rf"(?P<akin>{'|'.join(words.split())})\b"
        r"(?:\s+(?:named|called)\s+(?P<aname>(?-i:[A-Z][a-z]+)))?"
        rf"|\b(?P<bname>(?-i:[A-Z][a-z]+))\s+is\s+my\s+{_MODIFIER.replace('mod', 'bmod')}"
        rf"{_PREFIX.replace('pre', 'bpre')}(?P<bkin>{'|'.join(words.split())})\b)",
        re.IGNORECASE,
    )
    for pronoun, words in (
        ("She", " ".join((*SHE_KIN, EITHER_KIN))),
        ("He", " ".join((*HE_KIN, EITHER_KIN))),
    )
}
# "She"/"He" opening a sentence, and what it is or has ("She's 7", "He's got a cat").
_PRONOUN = re.compile(r"(?:^|(?<=[.!?]\s))(?P<who>She|He)(?P<be>'s|\s+is)?(?=\s)", re.MULTILINE)
_HAD = re.compile(r"\b(?:have|got|adopted)\s+$", re.IGNORECASE)
# How far back one's kin are looked for.
_NEAR = 300


def with_kin_for_pronouns(text: str) -> str:
    """`text` with each sentence-opening "She" or "He" written as the one of one's people it
    stands for, where the 300 characters before it tell of exactly one of that kind."""
    said, at = [], 0
    for pronoun in _PRONOUN.finditer(text):
        who = _the_one(pronoun["who"], text[max(0, pronoun.start() - _NEAR) : pronoun.start()])
        if who is None:
            continue
        be = pronoun["be"]
        if be == "'s":
            be = " has" if re.match(r"\s+(?:got|been)\b", text[pronoun.end() :]) else " is"
        said += [text[at : pronoun.start()], who, be or ""]
        at = pronoun.end()
    return "".join([*said, text[at:]])


def _the_one(pronoun: str, before: str) -> str | None:
    """ "My sister Anna", when `before` tells of one such kin only (a name said once for them
    names them); None for none, or two."""
    told: dict[str, str | None] = {}
    for found in _TOLD_OF[pronoun].finditer(before):
        # "A friend" unnamed is one's own only as one had ("I have a friend", not "I met a
        # friend at the bar").
        if found["akin"] and not found["aname"] and not _HAD.search(before, 0, found.start()):
            continue
        kin = (found["kin"] or found["akin"] or found["bkin"]).lower()
        modifier = (found["mod"] or found["amod"] or found["bmod"] or "").lower()
        prefix = (found["pre"] or found["apre"] or found["bpre"] or "").lower()
        name = found["name"] or found["aname"] or found["bname"]
        key = f"{modifier} {prefix}{kin}".strip()
        known = told.get(key)
        if known and name and known != name:
            return None
        told[key] = name or known
    if len(told) != 1:
        return None
    ((kin, name),) = told.items()
    return f"My {kin} {name}" if name else f"My {kin}"
