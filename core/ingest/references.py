"""Whom a statement leaves unnamed, named by what is believed. "My dog died" is the one dog the
user named ("I have a dog named Rex"): kept as "The user's dog Rex died" on Rex's key, it
supersedes having him, where recall would have found him alive. "I left Google" is the firm the
user works at ("no longer works at Google"), or the town they live in; a name that is neither
(a person, a place never mentioned) is not kept as a fact: the conversation keeps the words.
Nothing believed naming the dog, "my dog died" is kept as said. So is a breakup: "I broke up
with my boyfriend" is with the boyfriend named Tom. What is told of one of one's people names
the one known by name: "my sister lives in Berlin" is kept as Maria's, on the key "my sister
Maria lives in Porto" would supersede."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from core.ingest.entities import ordinary_word
from core.ingest.fact import Fact, Unnamed, related
from core.ingest.fact_words import KIN, PEOPLE
from core.ingest.kin import FACETS
from core.ingest.person_facts import NO_NAMES

# The live memories whose keys open with any of the given prefixes: {key: content}.
Beliefs = Callable[[Sequence[str]], Mapping[str, str]]

# One no longer in one's life: dead, or parted with.
_GONE = re.compile(
    r"\b(?:died|passed\s+away|put\s+(?:down|to\s+sleep)|broke\s+up|split\s+up)\b", re.I
)
# Whom a statement tells of without naming: the latest on them (`kin`), or of theirs (`kin_of`).
_OF_KIN = frozenset({"kin", "kin_of"})
# ...and one named: a fact of theirs (`kin_named`), or their name given (`kin_naming`).
_NAMING = frozenset({"kin_named", "kin_naming"})
# ...and one told of by a name alone: gone (`gone_named`), or a pet put down (`pet_gone`).
_BY_NAME = frozenset({"gone_named", "pet_gone"})
# A name given as what one is: "The user's wife is Anna", "The user's mom's name is Rosa"
# (not "The user's mom is Portuguese": `NO_NAMES`).
_IS_NAME = re.compile(r"\bis\s+((?-i:[A-Z])[\w'-]+)(?:\s+(?-i:[A-Z])[\w'-]+)*\W*$")
# Where one works and lives, as the rules keep it (`core.ingest.rules`), and as they end.
_ENDS = {
    "employer": ("works at", "no longer works at", "works_at"),
    "location": ("lives in", "no longer lives in", "lives_in"),
}


def named(facts: Sequence[Fact], beliefs: Beliefs | None) -> list[list[Fact]]:
    """What each of `facts` keeps, in order, with whom it leaves unnamed named by `beliefs` (or
    by a fact before it here): itself as said when nothing names them, nothing for a place
    left; a name given ("I have a sister named Maria") brings her the facts told of her
    unnamed before ("my sister lives in Berlin" becomes Maria's)."""
    unnamed = [f.unnamed for f in facts if f.unnamed is not None]
    if not unnamed:
        return [[fact] for fact in facts]
    prefixes = sorted({prefix for u in unnamed for prefix in _prefixes(u)})
    held = dict(beliefs(prefixes)) if beliefs is not None else {}
    kept: list[list[Fact]] = []
    for fact in facts:
        found: list[Fact] = [fact]
        if fact.unnamed is not None:
            found = _found(fact, fact.unnamed, held)
            if not found and fact.unnamed.kind in _OF_KIN:
                found = [replace(fact, unnamed=None)]
        for said in found:
            if said.key:
                held[said.key] = said.content
        kept.append(found)
    return kept


def _prefixes(unnamed: Unnamed) -> list[str]:
    if unnamed.kind in _BY_NAME:
        # Whoever the name is of: any of one's facts may name them ("a golden retriever named
        # Max"). A death told by a name alone is rare; its one read is of one's keys only.
        return [f"{unnamed.owner}: "]
    if unnamed.kind in _OF_KIN:
        return [f"{unnamed.owner}: {unnamed.words}"]
    if unnamed.kind in _NAMING:
        return [f"{unnamed.owner}: {unnamed.words.rsplit(' ', 1)[0]}"]
    return [f"{unnamed.owner}: {about}" for about in _ENDS]


def _found(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> list[Fact]:
    if unnamed.kind in _OF_KIN:
        found = _kin(fact, unnamed, held)
    elif unnamed.kind == "kin_named":
        found = _told_unnamed(fact, unnamed, held)
    elif unnamed.kind == "kin_naming":
        return [replace(fact, unnamed=None), *_told_before(fact, unnamed, held)]
    elif unnamed.kind in _BY_NAME:
        found = _known_as(fact, unnamed, held)
    else:
        found = _left(fact, unnamed, held)
    return [found] if found is not None else []


def _told_before(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> list[Fact]:
    """The facts told of one's kin unnamed ("my sister lives in Berlin"), as the name now given
    (`unnamed.words`: "sister Maria") tells them: each the next version of the unnamed one, on
    her key. None where another of that kin is known by name."""
    kin, name = unnamed.words.rsplit(" ", 1)
    prefix = f"{unnamed.owner}: {kin}"
    if (
        name.lower() in NO_NAMES
        or ordinary_word(name)
        or set(_named(prefix, held)) - {name.lower()}
    ):
        return []
    said = re.compile(rf"\b{re.escape(kin)}\b", re.I)
    return [
        Fact(
            f"{prefix} {name.lower()} {facet}",
            said.sub(lambda word: f"{word.group()} {name}", content, count=1),
            fact.importance,
            fact.turn_id,
            replaces=key,
        )
        for key, content in held.items()
        if (facet := key.removeprefix(f"{prefix} ")) in FACETS
        and f"{prefix} {name.lower()} {facet}" not in held
        and said.search(content)
    ]


def _told_unnamed(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> Fact:
    """`fact` of one named, as the next version of the same fact told of their kin unnamed,
    where no other of that kin is known by name: "my sister Maria moved to Paris" after "my
    sister lives in Berlin" (which stood beside it) ends that."""
    kin, name = unnamed.words.rsplit(" ", 1)
    prefix = f"{unnamed.owner}: {kin}"
    said = replace(fact, unnamed=None)
    before = prefix + (fact.key or "").removeprefix(f"{prefix} {name}")
    if before not in held or set(_named(prefix, held)) - {name}:
        return said
    return replace(said, replaces=before)


def _kin(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> Fact | None:
    """`fact` of the one of this kin believed named and still in one's life, if there is one
    (not two dogs, unless one has died): their name said after the kin, and the key theirs. A
    death or a breakup is the latest on them ("dog rex"), another fact one of theirs ("sister
    location" is "sister maria location"); one with no key (an event) stays so."""
    prefix = _prefixes(unnamed)[0]
    names = _named(prefix, held)
    if len(names) != 1:
        return None
    name, written = next(iter(names.items()))
    key = fact.key
    if unnamed.kind == "kin":
        key = f"{prefix} {name}"
    elif key is not None and key.startswith(f"{prefix} "):
        key = f"{prefix} {name}{key.removeprefix(prefix)}"
    kin = re.compile(rf"\b{re.escape(unnamed.words)}\b")
    return replace(
        fact,
        key=key,
        content=kin.sub(lambda said: f"{said.group()} {written}", fact.content, count=1),
        unnamed=None,
    )


def _named(prefix: str, held: Mapping[str, str]) -> dict[str, str]:
    """The names of this kin that what is believed (under `prefix`) gives, as written, by
    their keys' words: "sister maria" holds "... a sister named Maria", "sister maria location"
    "... sister Maria lives in Porto" (not "sister age"), "wife" "... wife is Anna", "mom's
    name" "... name is Rosa". One dead or parted with is none."""
    names: dict[str, str] = {}
    gone: set[str] = set()
    for key, content in held.items():
        rest = key.removeprefix(prefix)
        if not rest or rest == "'s name":
            told = _IS_NAME.search(content)
            written = told.group(1) if told else ""
            name = written.lower()
            if name in NO_NAMES or ordinary_word(written):
                continue
        elif rest[:1] == " ":
            name = rest.split()[0]
            told = re.search(rf"\b{re.escape(name)}\b", content, re.I)
            written = told.group() if told and told.group()[:1].isupper() else ""
        else:
            continue
        if not written:
            continue
        names[name] = written
        if _GONE.search(content):
            gone.add(name)
    return {name: written for name, written in names.items() if name not in gone}


def _known_as(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> Fact | None:
    """`fact` told by a name alone ("Rex passed away", "we had to put Rex down") of the one of
    one's people or pets believed known by it ("I have a dog named Rex": "dog rex"), on their
    key, their kin said before the name; None where no one or two are, or where one put down
    is a person ("I put Leo down at 8" is a child's bedtime)."""
    name = unnamed.words.lower()
    owned = f"{unnamed.owner}: "
    kins = set()
    for key in held:
        words = key.removeprefix(owned).split() if key.startswith(owned) else []
        if name in words[1:]:
            kin = " ".join(words[: words.index(name)])
            if kin.split()[-1] in KIN or unnamed.kind == "pet_gone":
                kins.add(kin)
    if len(kins) != 1:
        return None
    (kin,) = kins
    if unnamed.kind == "pet_gone" and kin.split()[-1] in PEOPLE:
        return None
    said = re.compile(rf"\b{re.escape(unnamed.words)}\b")
    return replace(
        fact,
        key=f"{owned}{kin} {name}",
        content=said.sub(lambda word: f"{kin} {word.group()}", fact.content, count=1),
        unnamed=None,
    )


def _left(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> Fact | None:
    """The firm or the town left, as the one believed: "works at Google" ends."""
    for about, (verb, ended, relation) in _ENDS.items():
        said = held.get(f"{unnamed.owner}: {about}", "")
        if "no longer" in said:
            continue
        if re.search(rf"\b{verb} {re.escape(unnamed.words)}(?![\w'-])", said, re.I):
            return replace(
                fact,
                key=f"{unnamed.owner}: {about}",
                content=f"{unnamed.who} {ended} {unnamed.words}",
                relation=related(unnamed.owner, relation, unnamed.words, True),
                unnamed=None,
            )
    return None
