"""Supersede chains: current head, whole history, and what was believed on a date."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest

from core.errors import StoreError
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore

JAN = datetime(2026, 1, 10, tzinfo=UTC)
FEB = datetime(2026, 2, 10, tzinfo=UTC)
MAR = datetime(2026, 3, 10, tzinfo=UTC)


def fact(text: str, at: datetime) -> NewMemory:
    return NewMemory(MemoryKind.SEMANTIC, text, at, key="deploy target")


def deploy_chain(store: MemoryStore) -> list[str]:
    with store.db.write() as cur:
        (first,) = store.memories.insert(cur, [fact("Deploy target: staging", JAN)])
        second = store.memories.supersede(cur, first, fact("Deploy target: production", FEB), None)
        third = store.memories.supersede(
            cur, second, fact("Deploy target: staging again", MAR), None
        )
    return [first, second, third]


def test_head_is_the_latest_version_from_any_point(store: MemoryStore) -> None:
    chain = deploy_chain(store)
    assert {store.lineage.head(m) for m in chain} == {chain[2]}


def test_chain_lists_every_version_oldest_first(store: MemoryStore) -> None:
    chain = deploy_chain(store)
    for member in chain:
        assert [v.memory_id for v in store.lineage.chain(member)] == chain
    versions = store.lineage.chain(chain[0])
    assert versions[0].valid_to == FEB and versions[1].valid_to == MAR
    assert versions[2].valid_to is None


def test_as_of_returns_what_was_true_then(store: MemoryStore) -> None:
    first, second, third = deploy_chain(store)
    assert store.lineage.as_of(third, datetime(2026, 1, 20, tzinfo=UTC)) == first
    assert store.lineage.as_of(first, datetime(2026, 2, 28, tzinfo=UTC)) == second
    assert store.lineage.as_of(first, datetime(2026, 6, 1, tzinfo=UTC)) == third
    assert store.lineage.as_of(first, datetime(2025, 12, 1, tzinfo=UTC)) is None


def test_old_version_is_kept_not_overwritten(store: MemoryStore) -> None:
    first, second, _ = deploy_chain(store)
    old = store.memories.get(first)
    assert old.content == "Deploy target: staging" and old.superseded_by == second


def test_a_version_learnt_late_goes_into_the_chain_at_its_time(store: MemoryStore) -> None:
    first, second, third = deploy_chain(store)
    late = datetime(2026, 2, 20, tzinfo=UTC)
    with store.db.write() as cur:
        between = store.memories.insert_earlier(
            cur, fact("Deploy target: canary", late), np.ones(384, dtype=np.float32), third
        )
    versions = store.lineage.chain(first)
    assert [v.memory_id for v in versions] == [first, second, between, third]
    assert [v.valid_to for v in versions] == [FEB, late, MAR, None]
    assert store.lineage.as_of(third, datetime(2026, 2, 25, tzinfo=UTC)) == between
    assert store.lineage.head(between) == third


def test_a_version_can_only_be_superseded_once(store: MemoryStore) -> None:
    first, _, _ = deploy_chain(store)
    with pytest.raises(StoreError, match="already replaced"), store.db.write() as cur:
        store.memories.supersede(cur, first, fact("Deploy target: mars", MAR), None)


def test_what_is_believed_on_several_keys_is_read_at_once_whatever_they_hold(
    store: MemoryStore,
) -> None:
    """Facts said together are judged against one read of their keys: each key's live head,
    and a key holding quotes is matched as text, not spliced into the SQL."""
    chain = deploy_chain(store)
    odd = "pub ' OR key IS NOT NULL --"
    with store.db.write() as cur:
        (pub,) = store.memories.insert(
            cur, [NewMemory(MemoryKind.SEMANTIC, "Local: O'Neill's", JAN, key=odd)]
        )
        held = store.memories.current_by_keys(cur, ["deploy target", odd, "never said"])
        assert {key: m.id for key, m in held.items()} == {"deploy target": chain[2], odd: pub}
        assert store.memories.current_by_keys(cur, ["pub "]) == {}
