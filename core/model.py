"""Value types shared by every layer, frozen so a memory read once cannot drift from the store."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class MemoryKind(StrEnum):
    WORKING = "working"
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"
    DOCUMENT = "document"
    CORE = "core"


class Tier(StrEnum):
    HOT = "hot"
    COLD = "cold"
    STUB = "stub"


class DecayClass(StrEnum):
    NONE = "none"
    SLOW = "slow"
    MEDIUM = "medium"
    FAST = "fast"


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"


@dataclass(frozen=True, slots=True)
class Turn:
    id: str
    session_id: str
    seq: int
    role: Role
    text: str
    at: datetime
    speaker: str | None = None


@dataclass(frozen=True, slots=True)
class Session:
    id: str
    started_at: datetime
    project: str | None = None
    turns: tuple[Turn, ...] = ()
    # A name given to it (an export's conversation title, or the user's); None: unnamed.
    title: str | None = None


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A conversation as the sessions list shows it: named by its title when it has one, else
    by its first message."""

    id: str
    started_at: datetime
    project: str | None
    turns: int
    title: str
    # When its last turn was said: a conversation gone on with comes up the list again.
    last_said_at: datetime | None = None

    @property
    def active_at(self) -> datetime:
        return self.last_said_at or self.started_at


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of time, `end` excluded."""

    start: datetime
    end: datetime


@dataclass(frozen=True, slots=True)
class NewMemory:
    """What a writer hands the store; the store assigns id, position and bookkeeping."""

    kind: MemoryKind
    content: str
    created_at: datetime
    embedding: tuple[float, ...] | None = None
    summary: str | None = None
    decay_class: DecayClass = DecayClass.MEDIUM
    importance: float = 0.5
    confidence: float = 1.0
    project: str | None = None
    session_id: str | None = None
    entities: tuple[str, ...] = ()
    key: str | None = None
    # Another key whose belief this one is the next version of: "my sister lives in Berlin",
    # told before her name was, is Maria's once "my sister Maria moved to Paris" is told.
    replaces_key: str | None = None
    # Written only where its key holds a belief, to end it (`core.ingest.fact.Fact.ends_only`).
    ends_only: bool = False
    valid_from: datetime | None = None
    # When a fact told as the past began ("I moved to Berlin back in 2019"): it orders the fact
    # against what is believed on its key, and is not kept (a year shown as its first day
    # would be a day nobody said) unless the fact goes into the key's history at that time.
    began: datetime | None = None
    # The stretch a done thing happened in, where its telling dated it (see `Memory`).
    happened: Span | None = None
    expires_at: datetime | None = None
    source_turn_ids: tuple[str, ...] = ()
    source_path: str | None = None
    chunk_index: int | None = None
    content_hash: str | None = None
    tier: Tier = Tier.HOT


@dataclass(frozen=True, slots=True)
class Memory:
    id: str
    kind: MemoryKind
    content: str
    tier: Tier
    decay_class: DecayClass
    importance: float
    stability: float
    access_count: int
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime
    valid_from: datetime
    valid_to: datetime | None
    summary: str | None = None
    confidence: float = 1.0
    project: str | None = None
    session_id: str | None = None
    entities: tuple[str, ...] = ()
    key: str | None = None
    expires_at: datetime | None = None
    supersedes: str | None = None
    superseded_by: str | None = None
    source_path: str | None = None
    chunk_index: int | None = None
    content_hash: str | None = None
    forgotten_at: datetime | None = None
    source_turn_ids: tuple[str, ...] = field(default=())
    # When its telling dated what it tells ("last Saturday", "last month"): the stretch that
    # happened in, which a question about a time is matched against instead of when it was
    # said. None: dated by `valid_from` and `created_at` alone.
    happened: Span | None = None


class MemoryOrder(StrEnum):
    NEWEST = "newest"
    OLDEST = "oldest"
    IMPORTANCE = "importance"
    MOST_USED = "most used"


@dataclass(frozen=True, slots=True)
class MemoryQuery:
    """What the memory manager asks to see. Stubs (the originals a summary replaced) only
    when asked for by tier."""

    kinds: frozenset[MemoryKind] = frozenset()
    tiers: frozenset[Tier] = frozenset({Tier.HOT, Tier.COLD})
    project: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    order: MemoryOrder = MemoryOrder.NEWEST
    limit: int = 500


class TaskStatus(StrEnum):
    CANDIDATE = "candidate"
    CONFIRMED = "confirmed"
    DONE = "done"
    DISMISSED = "dismissed"
    EXPIRED = "expired"


class TaskPriority(StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


@dataclass(frozen=True, slots=True)
class Task:
    """A to-do the assistant noticed (candidate) or the user accepted (confirmed)."""

    id: str
    title: str
    status: TaskStatus
    confidence: float
    priority: TaskPriority
    due_at: datetime | None
    source_turn_id: str | None
    mentions: int
    created_at: datetime
    updated_at: datetime
    # When it reminds, asked for before the deadline; None: as the deadline says.
    remind_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class LearntDocument:
    """A document learnt (`path` is where it was, or its place in a zip), with how many passages
    of it are remembered now."""

    path: str
    learnt_at: datetime
    passages: int
