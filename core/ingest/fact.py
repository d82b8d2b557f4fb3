"""What inline extraction reads in a statement: a fact about the speaker, with the key a later
statement on the same thing supersedes it by, and the relation between named things it tells."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from core.model import MemoryKind, Span

# Who speaks when a turn names no speaker (a chat here, an import without names): the
# owner of what it says of itself, in facts' keys and relationships.
THE_USER = "user"


@dataclass(frozen=True, slots=True)
class Relation:
    """A typed link between two named things, e.g. (ana, lives_in, lisbon)."""

    subject: str
    relation: str
    object: str
    # "I quit my job at Acme": the relationship ends rather than begins.
    ended: bool = False


@dataclass(frozen=True, slots=True)
class Unnamed:
    """Whom or what a statement's own words leave open, for what is believed to name
    (`core.ingest.references`): "my dog died" (which dog?) is a `kin` ("dog"); "I left Google"
    (a firm or a town?) a `left` place ("Google"). Said by `who`, keyed as `owner`."""

    kind: str
    words: str
    who: str
    owner: str


@dataclass(frozen=True, slots=True)
class Fact:
    key: str | None
    content: str
    importance: float
    turn_id: str
    relation: Relation | None = None
    # When a thing told as done happened, where the telling says ("last Saturday"): a memory
    # dated by it is found for that day, and the prompt shows it then, not when it was told.
    happened: datetime | None = None
    # The stretch the telling dated it to, a day named or not ("last month"): what a question
    # about a time is matched against.
    happened_in: Span | None = None
    # What is done as a rule is procedural (`core.ingest.routines`); the rest semantic.
    kind: MemoryKind = MemoryKind.SEMANTIC
    # When a change told as the past began ("I moved to Berlin back in 2019"): what is
    # believed on its key since is not replaced by it (`core.ingest.remember`).
    began: datetime | None = None
    # Whom it tells of, when its words do not name them (kept as said when nothing believed
    # does either).
    unnamed: Unnamed | None = None
    # Another key whose belief this one is the next version of (`NewMemory.replaces_key`).
    replaces: str | None = None
    # Written only to end what its key holds: "I'm retired" ends "works at Orbital", and is
    # no second "Ana is retired" where nothing was believed there.
    ends_only: bool = False


def related(owner: str, relation: str, value: str, ended: bool = False) -> Relation | None:
    """Only between names: "lives in Lisbon" links two entities, "lives in a flat" does not."""
    return Relation(owner, relation, value.lower(), ended) if value[:1].isupper() else None


@dataclass(frozen=True, slots=True)
class Said:
    """One statement a rule read: the rule, the value it read (cleaned), its other parts, and
    the speaker as told ("Ana") and as keyed ("ana")."""

    rule: str
    value: str
    groups: Mapping[str, str | None]
    who: str
    owner: str
    turn_id: str

    def fact(self, key: str, content: str, importance: float) -> Fact:
        return Fact(f"{self.owner}: {key}", f"{self.who}{content}", importance, self.turn_id)
