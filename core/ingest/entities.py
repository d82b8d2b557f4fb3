"""Cheap, inline entity spotting: capitalised words that are not sentence furniture. Good enough
for entity overlap in scoring; the LLM path (knowledge curation) does proper extraction."""

from __future__ import annotations

import re

_CAPITALISED = re.compile(r"\b[A-Z][a-zA-Z'’-]+\b")
COMMON = frozenset(
    """I I'm I've I'd I'll The A An And But Or So Yes No Oh Hey Hi Hello Thanks Thank Sure Well
    What When Where Why Who How Which That This These Those It It's Its My Your Our Their We You
    He She They Me Him Her Them Is Are Was Were Do Does Did Have Has Had Can Could Would Should
    Will Just Also Then Now Today Yesterday Tomorrow Wow Cool Great Nice Awesome Okay Ok Let
    Let's Maybe Really Definitely Absolutely Totally Haha Lol Sounds Good Glad Sorry Please
    If In On At For With From To Of As By Not Any Some All Every Here There Congrats Anyway
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday""".split()
)


def extract_entities(text: str) -> tuple[str, ...]:
    """Distinct lower-cased names in order of first mention."""
    seen: dict[str, None] = {}
    for word in _CAPITALISED.findall(text):
        word = word.rstrip("'’-")
        if word.endswith(("'s", "’s")):
            word = word[:-2]
        if word and word not in COMMON and len(word) > 1:
            seen.setdefault(word.lower(), None)
    return tuple(seen)


def jaccard(a: tuple[str, ...] | frozenset[str], b: tuple[str, ...] | frozenset[str]) -> float:
    left, right = set(a), set(b)
    if not left or not right:
        return 0.0
    return len(left & right) / len(left | right)
