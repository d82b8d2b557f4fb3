"""Hybrid retrieval: HNSW and BM25 candidates fused by reciprocal rank. When vector search is
unavailable it says so and carries on with keywords rather than returning nothing."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from core.embed import Embedder
from core.errors import EngramError
from core.model import Memory
from core.store import MemoryStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    candidates: int = 200
    rrf_k: int = 60


@dataclass(frozen=True, slots=True)
class SearchResult:
    memory: Memory
    score: float
    signals: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    results: list[SearchResult]
    degraded: str | None = None


class Retriever:
    def __init__(
        self, store: MemoryStore, embedder: Embedder, config: RetrievalConfig = RetrievalConfig()
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._config = config

    def search(self, query: str, k: int = 10) -> SearchOutcome:
        degraded = None
        semantic: dict[str, float] = {}
        try:
            vector = self._embedder.embed([query])[0]
            hits = self._store.vectors.nearest(vector, self._config.candidates)
            semantic = {h.memory_id: h.similarity for h in hits}
        except (EngramError, RuntimeError, OSError) as exc:
            log.warning("Vector search unavailable, using keywords only: %s", exc)
            degraded = f"Vector search unavailable ({exc}); results are keyword matches only."
        keyword = {
            h.memory_id: h.score
            for h in self._store.fulltext.search(query, self._config.candidates)
        }
        fused: dict[str, float] = {}
        for ranking in (semantic, keyword):
            ordered = sorted(ranking, key=ranking.__getitem__, reverse=True)
            for rank, memory_id in enumerate(ordered):
                fused[memory_id] = fused.get(memory_id, 0.0) + 1.0 / (self._config.rrf_k + rank + 1)
        top = sorted(fused, key=fused.__getitem__, reverse=True)[:k]
        memories = {m.id: m for m in self._store.memories.get_many(top)}
        results = [
            SearchResult(
                memory=memories[memory_id],
                score=fused[memory_id],
                signals={
                    "semantic": semantic.get(memory_id, 0.0),
                    "keyword": keyword.get(memory_id, 0.0),
                },
            )
            for memory_id in top
            if memory_id in memories
        ]
        return SearchOutcome(results, degraded)
