"""Core memory: the few things pinned to be in every prompt (seed 000 tier 2: "the assistant
knows these the way you know your own name"). Small by design; the context assembler reports
when it outgrows its budget. Unpinning keeps the fact as an ordinary memory, a new version in
the same lineage, rather than deleting it."""

from __future__ import annotations

import re
import threading
from datetime import datetime

from core.embed import Embedder
from core.errors import InputError
from core.ingest.entities import extract_entities
from core.model import DecayClass, Memory, MemoryKind, NewMemory
from core.store import MemoryStore
from core.store.database import RowChanges
from core.text_input import clean_text

MAX_PIN_CHARS = 2000
# Who the user is goes in every prompt beside what they pinned (seed 000's core memory holds
# "user identity, role, and communication preferences"): the current fact on each of these
# keys, as the user last told it in chat ("call me Sam", "my pronouns are they/them", "I work
# as a nurse", "I'm vegan", "always answer in Portuguese", "I have asthma", "I'm coeliac", "I'm
# on insulin").
IDENTITY_KEYS = (
    "user: name",
    "user: pronouns",
    "user: occupation",
    "user: location",
    "user: diet",
)
IDENTITY_PREFIXES = (
    "user: allergic to ",
    "user: condition ",
    "user: medication ",
    "user: replies ",
    "user: diet ",
)
# ...and what one's people are allergic to or live with ("my son is allergic to peanuts", "my
# mom has dementia"): what to cook, buy or plan with them turns on it as on one's own.
IDENTITY_PATTERNS = ("user: % allergic to %", "user: % condition %")
_IDENTITY_LIKE = re.compile(
    "|".join(".*".join(map(re.escape, pattern.split("%"))) for pattern in IDENTITY_PATTERNS)
)


def _identity(key: str | None) -> bool:
    return key is not None and (
        key in IDENTITY_KEYS
        or key.startswith(IDENTITY_PREFIXES)
        or bool(_IDENTITY_LIKE.fullmatch(key))
    )


class CoreMemory:
    def __init__(self, store: MemoryStore, embedder: Embedder) -> None:
        self._store = store
        self._embedder = embedder
        self._lock = threading.Lock()
        # What is pinned and who the user is, as last read.
        self._held: tuple[list[Memory], list[Memory]] | None = None
        # Bumped by every write that may have changed what is pinned: a read under way
        # across one does not keep what it read.
        self._writes_seen = 0
        store.db.on_rows_changed(self._on_rows_changed)

    def items(self) -> list[Memory]:
        """What is pinned."""
        return list(self._read()[0])

    def always(self) -> list[Memory]:
        """What every prompt carries: what is pinned, then who the user is."""
        pinned, identity = self._read()
        return [*pinned, *identity]

    def _read(self) -> tuple[list[Memory], list[Memory]]:
        """Read once and kept until a write adds a core memory or an identity fact, or changes
        one: every prompt carries them, and scanning for them cost a turn ~6-10 ms at 100,000
        memories. A recall's boost of one (where the user lives, recalled often) is taken in
        place: read again after each, they were scanned for on every fourth turn of the turn
        benchmark."""
        with self._lock:
            if self._held is not None:
                return self._held
            seen = self._writes_seen
        found = self._store.memories.core_and_keyed(
            IDENTITY_KEYS, IDENTITY_PREFIXES, IDENTITY_PATTERNS
        )
        held = (
            [m for m in found if m.kind is MemoryKind.CORE],
            [m for m in found if m.kind is not MemoryKind.CORE],
        )
        with self._lock:
            if seen == self._writes_seen:
                self._held = held
        return held

    def _on_rows_changed(self, changes: RowChanges) -> None:
        with self._lock:
            held = self._held
            if held is not None and not (
                changes.stale is None
                or {m.id for m in (*held[0], *held[1])} & changes.stale
                or any(
                    row.kind is MemoryKind.CORE or _identity(row.key)
                    for row in changes.added.values()
                )
            ):
                self._held = (
                    [changes.patch(m) for m in held[0]],
                    [changes.patch(m) for m in held[1]],
                )
                return
            self._held = None
            self._writes_seen += 1

    def pin(self, text: str, now: datetime) -> Memory:
        content = " ".join(clean_text(text).split())
        if not content:
            raise InputError("Nothing to pin: the text is empty.")
        if len(content) > MAX_PIN_CHARS:
            raise InputError(
                f"Core memory items are kept short (at most {MAX_PIN_CHARS} characters; this is "
                f"{len(content)}). Pin the gist, or import the text as a document."
            )
        memory = NewMemory(
            kind=MemoryKind.CORE,
            content=content,
            created_at=now,
            decay_class=DecayClass.NONE,
            importance=1.0,
            entities=extract_entities(content),
        )
        vector = self._embedder.embed([content])
        with self._store.db.write() as cur:
            (memory_id,) = self._store.memories.insert(cur, [memory], vector)
            self._store.entities.link_written(cur, memory_id, memory)
        pinned = self._store.memories.get(memory_id)
        assert pinned is not None
        return pinned

    def pin_memory(self, memory_id: str, now: datetime) -> Memory:
        """Pin something already remembered: it becomes core memory as its next version (one
        memory, not a copy competing with the original in search)."""
        current = self._store.memories.get(memory_id)
        if current is None or current.forgotten_at is not None or current.superseded_by:
            raise InputError(f"No current memory with id {memory_id}.")
        if current.kind is MemoryKind.CORE:
            return current
        if len(current.content) > MAX_PIN_CHARS:
            raise InputError(
                f"Core memory items are kept short (at most {MAX_PIN_CHARS} characters); edit "
                "this memory down to its gist first."
            )
        return self._new_version(
            current, replace_kind(current, MemoryKind.CORE, DecayClass.NONE, 1.0, now)
        )

    def unpin(self, memory_id: str, now: datetime) -> Memory:
        """The pinned text becomes an ordinary (slowly fading) semantic memory."""
        current = self._store.memories.get(memory_id)
        if current is None or current.kind is not MemoryKind.CORE or current.superseded_by:
            raise InputError(f"No pinned core memory with id {memory_id}.")
        return self._new_version(
            current,
            replace_kind(current, MemoryKind.SEMANTIC, DecayClass.SLOW, current.importance, now),
        )

    def _new_version(self, current: Memory, new: NewMemory) -> Memory:
        """Same words, new kind: the old version closes, provenance carries over."""
        vector = self._embedder.embed([new.content])[0]
        with self._store.db.write() as cur:
            new_id = self._store.memories.supersede(cur, current.id, new, vector)
            self._store.entities.link_written(cur, new_id, new)
            self._store.memories.add_sources(cur, new_id, current.source_turn_ids)
        result = self._store.memories.get(new_id)
        assert result is not None
        return result


def replace_kind(
    memory: Memory, kind: MemoryKind, decay: DecayClass, importance: float, now: datetime
) -> NewMemory:
    """The same words as a new version of another kind (pinning and unpinning)."""
    return NewMemory(
        kind=kind,
        content=memory.content,
        created_at=now,
        valid_from=now,
        decay_class=decay,
        importance=importance,
        project=memory.project,
        entities=memory.entities,
    )
