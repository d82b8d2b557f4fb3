"""Writes memories with real embeddings the way the app does, for tests that need a few."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.embed import Embedder
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore


def remember(
    store: MemoryStore, embedder: Embedder, texts: Sequence[str], at: datetime
) -> list[str]:
    memories = [NewMemory(MemoryKind.EPISODIC, text, at) for text in texts]
    vectors = embedder.embed(texts)
    with store.db.write() as cur:
        return store.memories.insert(cur, memories, vectors)
