"""A search judges the memories its keywords found on one thread and those only the vector
index found on another, then ranks them together: each result must keep its own retention,
recency and importance, whichever way it came in."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from core.embed import Embedder
from core.model import MemoryKind, NewMemory
from core.retrieval import DEFAULT_RETRIEVAL, Retriever, SearchRequest
from core.store import MemoryStore

NOW = datetime(2026, 3, 18, 12, tzinfo=UTC)


def test_each_result_keeps_its_own_signals_whichever_way_it_was_found(
    store: MemoryStore, embedder: Embedder
) -> None:
    said = {
        "The dentist moved my appointment to Friday": (1, 0.9),
        "My teeth need checking by the orthodontist soon": (30, 0.2),
        "The dentist told me to floss every evening": (7, 0.6),
        "Our orthodontist visit cost more than we expected": (60, 0.4),
    }
    memories = [
        NewMemory(MemoryKind.EPISODIC, text, NOW - timedelta(days=age), importance=importance)
        for text, (age, importance) in said.items()
    ]
    with store.db.write() as cur:
        store.memories.insert(cur, memories, embedder.embed(list(said)))

    request = SearchRequest("dentist", NOW, k=10, adaptive=False, expand=False)
    results = Retriever(store, embedder).search(request).results

    assert {r.memory.content for r in results} == set(said)
    for result in results:
        age, importance = said[result.memory.content]
        signals = result.signals
        # Episodic memories fade with a 14-day half-life; recency halves every 30 days.
        assert signals["retention"] == pytest.approx(0.5 ** (age / 14), rel=1e-6)
        assert signals["recency"] == pytest.approx(
            math.exp(-math.log(2) * age / DEFAULT_RETRIEVAL.recency_half_life_days), rel=1e-6
        )
        assert signals["importance"] == pytest.approx(importance)
        assert (signals["keyword"] > 0) == ("dentist" in result.memory.content)
    by_keyword = [r for r in results if r.signals["keyword"] > 0]
    assert by_keyword and len(by_keyword) < len(results)
