"""Links are written as new rows or updated in place: what a later write sees must be the
weight and time the earlier one left, within one transaction or across several."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from core.model import MemoryKind, NewMemory
from core.store import MemoryStore

NOW = datetime(2026, 5, 4, 18, tzinfo=UTC)


def memories(store: MemoryStore, count: int) -> list[str]:
    with store.db.write() as cur:
        return store.memories.insert(
            cur, [NewMemory(MemoryKind.EPISODIC, f"note {i}", NOW) for i in range(count)]
        )


def stored(store: MemoryStore, kind: str) -> dict[tuple[str, str], tuple[float, datetime]]:
    """Each link of `kind` as written: (source, target) -> (weight, when)."""
    rows = (
        store.db.cursor()
        .execute("SELECT src_id, dst_id, weight, updated_at FROM links WHERE kind = ?", [kind])
        .fetchall()
    )
    return {(src, dst): (weight, at) for src, dst, weight, at in rows}


def test_a_link_raised_in_the_transaction_that_made_it_keeps_the_greater_weight(
    store: MemoryStore,
) -> None:
    a, b, c = memories(store, 3)
    later = NOW + timedelta(hours=1)
    with store.db.write() as cur:
        store.links.add(cur, [(a, b, 0.4, NOW)], "synaptic")
        store.links.add(cur, [(a, b, 0.7, later), (a, c, 0.5, NOW)], "synaptic")
        store.links.add(cur, [(b, a, 0.2, later)], "synaptic")
    assert stored(store, "synaptic") == {
        (a, b): (0.7, later),
        (b, a): (0.7, later),
        (a, c): (0.5, NOW),
        (c, a): (0.5, NOW),
    }


def test_co_retrieval_adds_up_within_a_transaction_and_decays_between_uses(
    store: MemoryStore,
) -> None:
    a, b, c = memories(store, 3)
    with store.db.write() as cur:
        store.links.add(cur, [(a, b, 0.6, NOW)], "synaptic")
        store.links.strengthen(cur, [a, b, c], "co_retrieval", 0.1, NOW)
        store.links.strengthen(cur, [a, b], "co_retrieval", 0.1, NOW)
    co = {pair: weight for pair, (weight, _) in stored(store, "co_retrieval").items()}
    assert co == pytest.approx(
        {(a, b): 0.2, (b, a): 0.2, (a, c): 0.1, (c, a): 0.1, (b, c): 0.1, (c, b): 0.1}
    )
    later = NOW + timedelta(days=90)
    with store.db.write() as cur:
        store.links.strengthen(cur, [b, a], "co_retrieval", 0.1, later)
    co = stored(store, "co_retrieval")
    renewed = (pytest.approx(0.2 * math.exp(-1) + 0.1), later)
    assert co[(a, b)] == renewed and co[(b, a)] == renewed
    assert co[(a, c)] == (pytest.approx(0.1), NOW)
    # The synaptic link of the same pair is its own row, untouched.
    assert stored(store, "synaptic") == {(a, b): (0.6, NOW), (b, a): (0.6, NOW)}
