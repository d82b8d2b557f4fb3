"""Near-duplicates merge instead of piling up (seed 003): a new memory with cosine > 0.92 to one
of the same kind becomes part of it. The more specific text wins, importance is the larger of
the two plus 0.05, and the provenance of both is kept. A merge that changes the text is a new
version (supersede), so nothing is overwritten silently. Overlapping windows of one
conversation (segments sharing a turn) are neighbours, not duplicates. Two that give one
thing different values ("Tom's birthday is June 3", then "June 4") are a correction: the later
one's text is kept."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import duckdb
import numpy as np

from core.model import Memory, MemoryKind, NewMemory
from core.store import MemoryStore
from core.store.memory_rows import is_live, live

DUPLICATE_COSINE = 0.92
# What merges: beliefs and habits. Conversation segments and documents are records: two segments
# of one focused conversation can pass 0.92 (MiniLM weighs shared topic words heavily) while
# saying different things, and merging keeps only one text. Segments are condensed by WARM ->
# COLD compression instead; documents follow their files.
MERGED_KINDS = frozenset({MemoryKind.SEMANTIC, MemoryKind.PROCEDURAL})
IMPORTANCE_BONUS = 0.05
_WORD = re.compile(r"[a-z0-9']+")
# A value: a word holding a digit ("4711", "3rd", "sunflower42") or a capitalised one.
_VALUE = re.compile(r"\b(?:\w*\d\w*|[A-Z][\w'-]*)")


@dataclass(frozen=True, slots=True)
class Candidate:
    memory: NewMemory
    vector: np.ndarray


def specificity(text: str) -> int:
    """How much a text says: its distinct words."""
    return len(set(_WORD.findall(text.lower())))


def _values(text: str) -> set[str]:
    """The numbers, codes and names a text holds, past its first word (whose it is)."""
    return set(_VALUE.findall(text)[1:] if _VALUE.match(text) else _VALUE.findall(text))


def corrects(later: str, earlier: str) -> bool:
    """Whether two near-identical texts give one thing different values: "Tom's birthday is
    June 4" after "... June 3" is a correction, and the later one is kept whatever its length
    (the richer text won, and on a tie the earlier: the correction was lost)."""
    said, before = _values(later), _values(earlier)
    return bool(said - before) and bool(before - said)


def _prevails(new: Memory | NewMemory, old: Memory | NewMemory) -> bool:
    """Whether `new`'s text is the one kept when the two merge."""
    if corrects(new.content, old.content):
        return new.created_at >= old.created_at
    return specificity(new.content) > specificity(old.content)


def combine(kept: NewMemory, other: NewMemory, other_sources: Sequence[str] = ()) -> NewMemory:
    """`kept` absorbing `other`: the more specific content (or the later value), both
    provenances and entities."""
    richer = other if _prevails(other, kept) else kept
    sources = tuple(dict.fromkeys([*kept.source_turn_ids, *other_sources, *other.source_turn_ids]))
    return replace(
        richer,
        importance=min(1.0, max(kept.importance, other.importance) + IMPORTANCE_BONUS),
        source_turn_ids=sources,
        entities=tuple(dict.fromkeys([*kept.entities, *other.entities])),
        created_at=max(kept.created_at, other.created_at),
        valid_from=min(kept.valid_from or kept.created_at, other.valid_from or other.created_at),
    )


def twin_among(candidates: Sequence[Candidate], new: Candidate) -> int | None:
    """Where in `candidates` (not yet written) the near-identical twin of `new` is, if any."""
    memory = new.memory
    if memory.kind not in MERGED_KINDS:
        return None
    return next(
        (
            i
            for i, c in enumerate(candidates)
            if c.memory.kind is memory.kind
            and not set(c.memory.source_turn_ids) & set(memory.source_turn_ids)
            and float(c.vector @ new.vector) > DUPLICATE_COSINE
        ),
        None,
    )


def merge_within(memories: Sequence[NewMemory], vectors: np.ndarray) -> list[Candidate]:
    """Near-identical memories written together become one."""
    kept: list[Candidate] = []
    for memory, vector in zip(memories, vectors, strict=True):
        new = Candidate(memory, vector)
        twin = twin_among(kept, new)
        if twin is None:
            kept.append(new)
        else:
            kept[twin] = Candidate(combine(kept[twin].memory, memory), kept[twin].vector)
    return kept


def stored_twins(store: MemoryStore, candidates: Sequence[Candidate]) -> list[Memory | None]:
    """For each candidate, the live memory of the same kind it nearly repeats, if any
    (documents excepted: they are kept in step with their files by hash). Looked up together:
    the neighbours of all in one pass, the rows of those close enough in one read."""
    merged = [i for i, c in enumerate(candidates) if c.memory.kind in MERGED_KINDS]
    if not merged:
        return [None] * len(candidates)
    hits = store.vectors.nearest_any_each(np.array([candidates[i].vector for i in merged]), k=5)
    close = {
        i: [hit.memory_id for hit in found if hit.similarity > DUPLICATE_COSINE]
        for i, found in zip(merged, hits, strict=True)
    }
    wanted = list(dict.fromkeys(memory_id for ids in close.values() for memory_id in ids))
    rows = {m.id: m for m in store.memories.get_many(wanted)} if wanted else {}
    return [
        _twin(candidate, [rows[m] for m in close.get(i, ()) if m in rows])
        for i, candidate in enumerate(candidates)
    ]


def _twin(candidate: Candidate, near: Sequence[Memory]) -> Memory | None:
    own = set(candidate.memory.source_turn_ids)
    return next(
        (
            m
            for m in near
            if is_live(m)
            and m.kind is candidate.memory.kind
            and not m.source_path
            and not own & set(m.source_turn_ids)
        ),
        None,
    )


def merge_into(
    store: MemoryStore, cur: duckdb.DuckDBPyConnection, existing: Memory, candidate: Candidate
) -> str:
    """Fold `candidate` into `existing` inside the caller's transaction; returns the id that
    now holds both."""
    new = candidate.memory
    importance = min(1.0, max(existing.importance, new.importance) + IMPORTANCE_BONUS)
    if not _prevails(new, existing):
        store.memories.add_sources(cur, existing.id, new.source_turn_ids)
        store.memories.set_importance(cur, existing.id, importance)
        return existing.id
    sources = store.memories.source_turns([existing.id], cur).get(existing.id, ())
    merged = replace(
        new,
        importance=importance,
        source_turn_ids=tuple(dict.fromkeys([*sources, *new.source_turn_ids])),
        entities=tuple(dict.fromkeys([*existing.entities, *new.entities])),
    )
    return store.memories.supersede(cur, existing.id, merged, candidate.vector)


@dataclass(frozen=True, slots=True)
class MergeReport:
    checked: int
    merged: int


DEDUPE_WATERMARK = "dedupe_checked_seq"


def merge_stored_duplicates(store: MemoryStore, now: datetime, batch: int = 500) -> MergeReport:
    """The safety net of duplicate merging: beliefs and habits written since the last run
    without the write-time check (older files, other writers) are compared with the store, and
    a near-duplicate folds into its twin. The less specific of the two (or the earlier value)
    is chained to the other, which gains its provenance and importance + 0.05."""
    start = int(store.db.meta(DEDUPE_WATERMARK) or 0)
    rows = (
        store.db.cursor()
        .execute(
            f"SELECT id, seq, embedding FROM memories WHERE seq > ? AND {live()} "
            "AND embedding IS NOT NULL AND source_path IS NULL AND kind IN ('semantic', "
            "'procedural') ORDER BY seq LIMIT ?",
            [start, batch],
        )
        .fetchall()
    )
    merged = 0
    for memory_id, _, embedding in rows:
        (memory,) = store.memories.get_many([memory_id]) or (None,)
        if memory is None or memory.valid_to is not None:
            continue  # folded into another earlier in this run
        own = set(memory.source_turn_ids)
        hits = [
            h
            for h in store.vectors.nearest(np.asarray(embedding, dtype=np.float32), k=5)
            if h.memory_id != memory_id and h.similarity > DUPLICATE_COSINE
        ]
        twins = [
            m
            for m in store.memories.get_many([h.memory_id for h in hits])
            if m.kind is memory.kind and not m.source_path and not own & set(m.source_turn_ids)
        ]
        if not twins:
            continue
        twin = twins[0]
        winner, loser = (memory, twin) if _prevails(memory, twin) else (twin, memory)
        with store.db.write() as cur:
            store.memories.add_sources(cur, winner.id, loser.source_turn_ids)
            store.memories.set_importance(
                cur,
                winner.id,
                min(1.0, max(winner.importance, loser.importance) + IMPORTANCE_BONUS),
            )
            store.memories.mark_superseded(cur, loser.id, winner.id, now)
        merged += 1
    if rows:
        with store.db.write() as cur:
            store.db.set_meta(cur, DEDUPE_WATERMARK, str(rows[-1][1]))
    return MergeReport(len(rows), merged)
