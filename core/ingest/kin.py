"""The people (and pets) in someone's life, each with facts of their own: "my wife is Anna",
then "my wife is a nurse", are two facts about her, and "my mom lives in Coimbra" is where
she lives, not where the user does."""

from __future__ import annotations

import re

from core.ingest.fact_words import DIETS, KIN

_AGED = re.compile(r"\d{1,3}(?:\s+(?:years?|months?)(?:\s+old)?)?", re.I)
# What "my mom lives in / works at / is from / moved to ..." tells: its key and its telling.
_WHERE = {
    "lives in": ("location", "lives in"),
    "moved to": ("location", "lives in"),
    "works at": ("employer", "works at"),
    "works for": ("employer", "works at"),
    "is from": ("origin", "is from"),
    # Several: "my parents live in Florida".
    "live in": ("location", "live in"),
    "work at": ("employer", "work at"),
    "work for": ("employer", "work at"),
    "are from": ("origin", "are from"),
}


def facet(attribute: str, value: str) -> str | None:
    """Which of a person's (or a pet's) facts "my X is ..." tells, added to its key. None when
    it tells none that lasts ("my son is at school")."""
    if attribute.split()[-1] not in KIN or value[:1].isupper():
        return ""
    if _AGED.fullmatch(value):
        return " age"
    if re.fullmatch(DIETS, value, re.I):
        return " diet"
    if re.match(r"from\s", value, re.I):
        return " origin"
    if re.match(r"an?\s", value, re.I):
        return " role"
    return None


def where_kin(kin: str, name: str | None, verb: str, value: str) -> tuple[str, str] | None:
    """The key (after the owner) and the telling (after "Ana's") of "my sister Mia lives in
    Porto": ("sister mia location", "sister Mia lives in Porto"). `kin` is one of `KIN`, a
    word before it allowed. Only a place or a firm named: "my dad works at night", "my mom
    lives in the moment" tell none."""
    if not value[:1].isupper():
        return None
    kin = " ".join(kin.lower().split())
    key, said = _WHERE[" ".join(verb.lower().split())]
    who = f"{kin} {name}" if name else kin
    return f"{who.lower()} {key}", f"{who} {said} {value}"
