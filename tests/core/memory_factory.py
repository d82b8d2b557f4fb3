"""Writes memories with real embeddings the way the app does, for tests that need a few."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.embed import Embedder
from core.model import DecayClass, Memory, MemoryKind, NewMemory, Tier
from core.store import MemoryStore


def remember(
    store: MemoryStore, embedder: Embedder, texts: Sequence[str], at: datetime
) -> list[str]:
    memories = [NewMemory(MemoryKind.EPISODIC, text, at) for text in texts]
    vectors = embedder.embed(texts)
    with store.db.write() as cur:
        return store.memories.insert(cur, memories, vectors)


def memory_value(
    memory_id: str,
    text: str,
    at: datetime,
    kind: MemoryKind = MemoryKind.EPISODIC,
    sources: tuple[str, ...] = (),
) -> Memory:
    """A memory as read back from the store, for tests of code that only displays or ranks."""
    return Memory(
        id=memory_id,
        kind=kind,
        content=text,
        tier=Tier.HOT,
        decay_class=DecayClass.MEDIUM,
        importance=0.5,
        stability=1.0,
        access_count=0,
        created_at=at,
        updated_at=at,
        last_accessed_at=at,
        valid_from=at,
        valid_to=None,
        source_turn_ids=sources,
    )
