"""Contradictions in what is believed: two live memories holding different values for the same
key. Confident ones are resolved by supersede (the newer wins, the older stays in its history);
a low-confidence one is flagged for the user. Changes the model proposed without the rules'
agreement wait here too, for the user to apply or reject."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from core.embed import Embedder
from core.errors import InputError
from core.model import Memory, NewMemory
from core.store import MemoryStore
from core.store.memory_rows import live
from core.store.pending import PendingChange

# Below this confidence a contradiction is the user's call, not the newest statement's.
AUTO_RESOLVE_CONFIDENCE = 0.7


@dataclass(frozen=True, slots=True)
class KeyConflict:
    key: str
    memories: tuple[Memory, ...]  # oldest first

    @property
    def confident(self) -> bool:
        return all(m.confidence >= AUTO_RESOLVE_CONFIDENCE for m in self.memories)


@dataclass(frozen=True, slots=True)
class ConflictReport:
    resolved: tuple[KeyConflict, ...]
    flagged: tuple[KeyConflict, ...]
    pending: tuple[PendingChange, ...]
    # Beliefs held with little confidence (a model's guess, a distilled pattern): worth a look.
    doubtful: tuple[Memory, ...] = ()


def find_key_conflicts(store: MemoryStore) -> list[KeyConflict]:
    rows = (
        store.db.cursor()
        .execute(
            f"SELECT key, id FROM memories WHERE key IS NOT NULL AND {live()} AND key IN ("
            f"SELECT key FROM memories WHERE key IS NOT NULL AND {live()} "
            "GROUP BY key HAVING count(DISTINCT content) > 1) ORDER BY key, valid_from, seq"
        )
        .fetchall()
    )
    by_key: dict[str, list[str]] = defaultdict(list)
    for key, memory_id in rows:
        by_key[key].append(memory_id)
    conflicts = []
    for key, ids in by_key.items():
        memories = {m.id: m for m in store.memories.get_many(ids)}
        conflicts.append(KeyConflict(key, tuple(memories[i] for i in ids)))
    return conflicts


def review_conflicts(store: MemoryStore, now: datetime) -> ConflictReport:
    """Resolve what can be resolved (newer wins), report the rest and pending changes."""
    resolved, flagged = [], []
    for conflict in find_key_conflicts(store):
        if not conflict.confident:
            flagged.append(conflict)
            continue
        versions = conflict.memories
        with store.db.write() as cur:
            for older, newer in zip(versions, versions[1:], strict=False):
                store.memories.mark_superseded(cur, older.id, newer.id, newer.valid_from)
        resolved.append(conflict)
    return ConflictReport(
        tuple(resolved), tuple(flagged), tuple(store.pending.pending()), tuple(doubtful(store))
    )


@dataclass(frozen=True, slots=True)
class ChangeToReview:
    """A change the model proposed, beside what is remembered now, for the user to decide."""

    id: str
    action: str  # "update" or "delete"
    remembered: str
    proposed: str | None
    proposed_at: datetime
    # The memory changed since the proposal (an edit, a newer fact): it can only be rejected.
    outdated: bool


def changes_to_review(store: MemoryStore) -> list[ChangeToReview]:
    """The proposals waiting for the user, oldest first, each with the words it would change."""
    changes = store.pending.pending()
    targets = {m.id: m for m in store.memories.get_many([c.target_id for c in changes])}
    reviews = []
    for change in changes:
        target = targets.get(change.target_id)
        if target is None or target.forgotten_at is not None:
            continue
        reviews.append(
            ChangeToReview(
                change.id,
                change.action,
                target.content,
                change.content,
                change.proposed_at,
                outdated=target.valid_to is not None or target.superseded_by is not None,
            )
        )
    return reviews


def doubtful(store: MemoryStore) -> list[Memory]:
    rows = (
        store.db.cursor()
        .execute(
            f"SELECT id FROM memories WHERE kind = 'semantic' AND confidence < ? AND {live()} "
            "ORDER BY created_at DESC",
            [AUTO_RESOLVE_CONFIDENCE],
        )
        .fetchall()
    )
    return store.memories.get_many([r[0] for r in rows])


def settle_pending(
    store: MemoryStore, embedder: Embedder, change_id: str, apply: bool, now: datetime
) -> tuple[str, str] | None:
    """The user's answer to a proposed change: apply it (update = supersede with the proposed
    text, delete = retire) or reject it (nothing changes). Returns (old id, new id) when a
    memory was corrected, for whatever shows the old version."""
    change = store.pending.get(change_id)
    target = store.memories.get(change.target_id)
    if apply and (target is None or target.valid_to is not None):
        raise InputError(
            f"The memory this change was about ({change.target_id}) has changed since; "
            "reject the proposal instead."
        )
    corrected = None
    if apply and target is not None and change.action != "delete":
        corrected = NewMemory(
            kind=change.kind,
            content=change.content or "",
            created_at=now,
            importance=change.importance,
            key=change.key,
            decay_class=target.decay_class,
            entities=target.entities,
            source_turn_ids=change.source_turn_ids,
        )
    # Embedded before the write: the writer is not held while the encoder runs.
    vector = embedder.embed([corrected.content])[0] if corrected is not None else None
    replaced = None
    with store.db.write() as cur:
        if apply and target is not None:
            if corrected is None:
                store.memories.retire(cur, [target.id], now)
            else:
                new_id = store.memories.supersede(cur, target.id, corrected, vector)
                store.entities.link_written(cur, new_id, corrected)
                replaced = (target.id, new_id)
        store.pending.resolve(cur, change_id, "applied" if apply else "rejected")
    return replaced
