"""Contradictions: confident ones resolved by supersede (newer wins), doubtful ones flagged,
and proposed changes applied or rejected only by the user."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.conflicts import find_key_conflicts, review_conflicts, settle_pending
from core.embed import Embedder
from core.errors import StoreError
from core.model import DecayClass, MemoryKind, NewMemory
from core.store import MemoryStore

NOW = datetime(2026, 11, 18, 10, tzinfo=UTC)


def believe(
    store: MemoryStore, embedder: Embedder, content: str, days_ago: int, confidence: float = 1.0
) -> str:
    """Written straight to the store, as two writers (rules and model) could each do."""
    memory = NewMemory(
        kind=MemoryKind.SEMANTIC,
        content=content,
        created_at=NOW - timedelta(days=days_ago),
        decay_class=DecayClass.SLOW,
        key="ana: employer",
        confidence=confidence,
    )
    with store.db.write() as cur:
        (memory_id,) = store.memories.insert(cur, [memory], embedder.embed([content]))
    return memory_id


def test_a_confident_contradiction_is_resolved_newer_wins(
    store: MemoryStore, embedder: Embedder
) -> None:
    old = believe(store, embedder, "Ana works at Orbital", days_ago=40)
    new = believe(store, embedder, "Ana works at Kestrel", days_ago=2)
    (conflict,) = find_key_conflicts(store)
    assert [m.id for m in conflict.memories] == [old, new]
    report = review_conflicts(store, NOW)
    assert [c.key for c in report.resolved] == ["ana: employer"]
    assert [v.memory_id for v in store.lineage.chain(new)] == [old, new]
    assert find_key_conflicts(store) == []
    (still,) = store.memories.get_many([old])
    assert still.content == "Ana works at Orbital" and still.valid_to is not None


def test_a_doubtful_contradiction_is_left_for_the_user(
    store: MemoryStore, embedder: Embedder
) -> None:
    believe(store, embedder, "Ana works at Orbital", days_ago=40)
    believe(store, embedder, "Ana works at Kestrel", days_ago=2, confidence=0.4)
    report = review_conflicts(store, NOW)
    assert report.resolved == () and len(report.flagged) == 1
    assert len(find_key_conflicts(store)) == 1


@pytest.mark.parametrize("apply", [True, False])
def test_a_proposed_change_waits_for_the_user(
    store: MemoryStore, embedder: Embedder, apply: bool
) -> None:
    target = believe(store, embedder, "Ana works at Orbital", days_ago=40)
    with store.db.write() as cur:
        change = store.pending.propose(
            cur,
            "update",
            target,
            MemoryKind.SEMANTIC,
            "Ana works at Kestrel",
            "ana: employer",
            0.7,
            NOW,
            ("s9-t4",),
        )
    (listed,) = review_conflicts(store, NOW).pending
    assert listed.id == change
    settle_pending(store, embedder, change, apply, NOW)
    assert store.pending.pending() == []
    current = store.memories.of_kind(MemoryKind.SEMANTIC)
    assert [m.content for m in current] == (
        ["Ana works at Kestrel"] if apply else ["Ana works at Orbital"]
    )
    # Applied, the new version keeps where its words came from (a forget finds it by them).
    if apply:
        assert store.memories.get(current[0].id).source_turn_ids == ("s9-t4",)
    with pytest.raises(StoreError, match="No pending change"):
        settle_pending(store, embedder, change, True, NOW)
