"""Whom a statement leaves unnamed, named by what is believed. "My dog died" is the one dog the
user named ("I have a dog named Rex"): kept as "The user's dog Rex died" on Rex's key, it
supersedes having him, where recall would have found him alive. "I left Google" is the firm the
user works at ("no longer works at Google"), or the town they live in; a name that is neither
(a person, a place never mentioned) is not kept as a fact: the conversation keeps the words.
Nothing believed naming the dog, "my dog died" is kept as said. So is a breakup: "I broke up
with my boyfriend" is with the boyfriend named Tom."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from core.ingest.fact import Fact, Unnamed, related

# The live memories whose keys open with any of the given prefixes: {key: content}.
Beliefs = Callable[[Sequence[str]], Mapping[str, str]]

# One no longer in one's life: dead, or parted with.
_GONE = re.compile(
    r"\b(?:died|passed\s+away|put\s+(?:down|to\s+sleep)|broke\s+up|split\s+up)\b", re.I
)
# Where one works and lives, as the rules keep it (`core.ingest.rules`), and as they end.
_ENDS = {
    "employer": ("works at", "no longer works at", "works_at"),
    "location": ("lives in", "no longer lives in", "lives_in"),
}


def named(facts: Sequence[Fact], beliefs: Beliefs | None) -> list[Fact | None]:
    """Each of `facts` with whom it leaves unnamed named by `beliefs` (or by a fact before it
    here), in order: as said when nothing names them, None for a place left."""
    unnamed = [f.unnamed for f in facts if f.unnamed is not None]
    if not unnamed:
        return list(facts)
    prefixes = sorted({prefix for u in unnamed for prefix in _prefixes(u)})
    held = dict(beliefs(prefixes)) if beliefs is not None else {}
    kept: list[Fact | None] = []
    for fact in facts:
        if fact.unnamed is not None:
            found = _found(fact, fact.unnamed, held)
            if found is None and fact.unnamed.kind == "kin":
                found = replace(fact, unnamed=None)
            fact = found
        if fact is not None and fact.key:
            held[fact.key] = fact.content
        kept.append(fact)
    return kept


def _prefixes(unnamed: Unnamed) -> list[str]:
    if unnamed.kind == "kin":
        return [f"{unnamed.owner}: {unnamed.words.split()[-1]} "]
    return [f"{unnamed.owner}: {about}" for about in _ENDS]


def _found(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> Fact | None:
    if unnamed.kind == "kin":
        return _kin(fact, unnamed, held)
    return _left(fact, unnamed, held)


def _kin(fact: Fact, unnamed: Unnamed, held: Mapping[str, str]) -> Fact | None:
    """The one of this kin believed named and still in one's life, if one is: "dog rex" holds
    "... a dog named Rex" (not "dog age"; not two dogs, unless one has died)."""
    prefix = _prefixes(unnamed)[0]
    names = {}
    for key, content in held.items():
        name = key.removeprefix(prefix)
        if key == prefix + name and name and " " not in name and not _GONE.search(content):
            written = re.search(rf"\b{re.escape(name)}\b", content, re.I)
            if written is not None and written.group()[:1].isupper():
                names[name] = written.group()
    if len(names) != 1:
        return None
    name, written = next(iter(names.items()))
    kin = re.compile(rf"\b{re.escape(unnamed.words)}\b")
    return replace(
        fact,
        key=prefix + name,
        content=kin.sub(lambda said: f"{said.group()} {written}", fact.content, count=1),
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
