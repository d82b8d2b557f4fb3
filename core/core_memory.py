"""Core memory: the few things pinned to be in every prompt (seed 000 tier 2: "the assistant
knows these the way you know your own name"). Small by design; the context assembler reports
when it outgrows its budget. Unpinning keeps the fact as an ordinary memory, a new version in
the same lineage, rather than deleting it."""

from __future__ import annotations

from datetime import datetime

from core.embed import Embedder
from core.errors import InputError
from core.ingest.entities import extract_entities
from core.model import DecayClass, Memory, MemoryKind, NewMemory
from core.store import MemoryStore

MAX_PIN_CHARS = 2000


class CoreMemory:
    def __init__(self, store: MemoryStore, embedder: Embedder) -> None:
        self._store = store
        self._embedder = embedder

    def items(self) -> list[Memory]:
        return self._store.memories.of_kind(MemoryKind.CORE)

    def pin(self, text: str, now: datetime) -> Memory:
        content = " ".join(text.split())
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
        pinned = self._store.memories.get(memory_id)
        assert pinned is not None
        return pinned

    def unpin(self, memory_id: str, now: datetime) -> Memory:
        """The pinned text becomes an ordinary (slowly fading) semantic memory."""
        current = self._store.memories.get(memory_id)
        if current is None or current.kind is not MemoryKind.CORE or current.superseded_by:
            raise InputError(f"No pinned core memory with id {memory_id}.")
        demoted = NewMemory(
            kind=MemoryKind.SEMANTIC,
            content=current.content,
            created_at=now,
            valid_from=now,
            decay_class=DecayClass.SLOW,
            importance=current.importance,
            entities=current.entities,
        )
        vector = self._embedder.embed([current.content])[0]
        with self._store.db.write() as cur:
            new_id = self._store.memories.supersede(cur, memory_id, demoted, vector)
        unpinned = self._store.memories.get(new_id)
        assert unpinned is not None
        return unpinned
