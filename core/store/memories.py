"""Rows of the `memories` table and their provenance. Nothing here is overwritten in place:
changes of belief go through `supersede`, which keeps the old version."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

import duckdb
import numpy as np
import pyarrow as pa

from core.decay import DEFAULT_DECAY, DecayConfig, boosted_stability
from core.errors import StoreError
from core.model import (
    Memory,
    MemoryKind,
    MemoryOrder,
    MemoryQuery,
    NewMemory,
    Tier,
)
from core.store.conversations import forget_what_was_said
from core.store.database import (
    BATCH_RELATION,
    IDS,
    NAMED_IDS,
    Database,
    any_of,
    id_in,
    pack_ids,
    unpack_ids,
)
from core.store.lineage import Lineage
from core.store.literals import quoted
from core.store.memory_rows import (
    COLUMNS,
    live,
    new_memory_id,
    row_to_memory,
    written_row,
)

_ORDERS = {
    MemoryOrder.NEWEST: "created_at DESC",
    MemoryOrder.OLDEST: "created_at ASC",
    MemoryOrder.IMPORTANCE: "importance DESC",
    MemoryOrder.MOST_USED: "access_count DESC",
}


def _times(moments: Sequence[datetime | None]) -> pa.Array:
    """A column of optional times: typed, so one of only NULLs is still a time."""
    return pa.array(moments, pa.timestamp("us", "UTC"))


class MemoryRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def insert(
        self,
        cur: duckdb.DuckDBPyConnection,
        memories: Sequence[NewMemory],
        embeddings: np.ndarray | None = None,
        supersedes: Sequence[str | None] | None = None,
    ) -> list[str]:
        """Insert inside the caller's write transaction; returns the new ids in order."""
        if embeddings is not None and len(embeddings) != len(memories):
            raise StoreError("Each memory needs exactly one embedding.")
        ids = [new_memory_id() for _ in memories]
        superseded = list(supersedes or [None] * len(ids))
        self._db.note_added(
            [written_row(*row) for row in zip(ids, memories, superseded, strict=True)]
        )
        self._db.insert_rows(
            cur,
            "memories",
            {
                "id": ids,
                "kind": [m.kind.value for m in memories],
                "tier": [m.tier.value for m in memories],
                "content": [m.content for m in memories],
                "summary": [m.summary for m in memories],
                "embedding": self._embedding_column(memories, embeddings),
                "decay_class": [m.decay_class.value for m in memories],
                "importance": [float(m.importance) for m in memories],
                "created_at": [m.created_at for m in memories],
                "updated_at": [m.created_at for m in memories],
                "last_accessed_at": [m.created_at for m in memories],
                "expires_at": _times([m.expires_at for m in memories]),
                "valid_from": [m.valid_from or m.created_at for m in memories],
                "project": pa.array([m.project for m in memories], pa.string()),
                "session_id": pa.array([m.session_id for m in memories], pa.string()),
                "entities": pa.array([list(m.entities) for m in memories], pa.list_(pa.string())),
                "key": pa.array([m.key for m in memories], pa.string()),
                "supersedes": pa.array(superseded, pa.string()),
                "confidence": [float(m.confidence) for m in memories],
                "source_path": pa.array([m.source_path for m in memories], pa.string()),
                "chunk_index": pa.array([m.chunk_index for m in memories], pa.int32()),
                "content_hash": pa.array([m.content_hash for m in memories], pa.string()),
                "happened_from": _times(
                    [m.happened.start if m.happened else None for m in memories]
                ),
                "happened_until": _times(
                    [m.happened.end if m.happened else None for m in memories]
                ),
                "source_turns": pa.array(
                    [pack_ids(m.source_turn_ids) or None for m in memories], pa.string()
                ),
            },
        )
        sources = [
            (mem_id, turn_id, None, None)
            for mem_id, mem in zip(ids, memories, strict=True)
            for turn_id in mem.source_turn_ids
        ] + [
            (mem_id, None, mem.source_path, mem.chunk_index)
            for mem_id, mem in zip(ids, memories, strict=True)
            if mem.source_path is not None
        ]
        if sources:
            memory_ids, turn_ids, paths, chunks = zip(*sources, strict=True)
            self._db.insert_rows(
                cur,
                "memory_sources",
                {
                    "memory_id": list(memory_ids),
                    "turn_id": pa.array(turn_ids, pa.string()),
                    "source_path": pa.array(paths, pa.string()),
                    "chunk_index": pa.array(chunks, pa.int32()),
                },
            )
        return ids

    def _embedding_column(
        self, memories: Sequence[NewMemory], embeddings: np.ndarray | None
    ) -> pa.Array:
        dim = self._db.config.embedding_dim
        vector_type = pa.list_(pa.float32(), dim)
        if embeddings is not None:
            flat = pa.array(np.ascontiguousarray(embeddings, dtype=np.float32).ravel())
            return pa.FixedSizeListArray.from_arrays(flat, dim)
        return pa.array(
            [None if m.embedding is None else list(m.embedding) for m in memories], vector_type
        )

    def get(self, memory_id: str) -> Memory | None:
        found = self.get_many([memory_id])
        return found[0] if found else None

    def get_many(self, memory_ids: Sequence[str]) -> list[Memory]:
        """Memories in the order asked for; unknown ids are left out."""
        if not memory_ids:
            return []
        where, params = id_in("id", memory_ids)
        rows = self._db.cursor().execute(f"SELECT {COLUMNS} FROM memories WHERE {where}", params)
        by_id = {row[0]: row_to_memory(row) for row in rows.fetchall()}
        return [by_id[i] for i in memory_ids if i in by_id]

    def read(self, cur: duckdb.DuckDBPyConnection, memory_id: str) -> Memory | None:
        """One memory as the caller's transaction sees it (uncommitted changes included)."""
        found = self.get_many_in(cur, [memory_id])
        return found[0] if found else None

    def get_many_in(
        self, cur: duckdb.DuckDBPyConnection, memory_ids: Sequence[str]
    ) -> list[Memory]:
        """Memories as the caller's transaction sees them."""
        where, params = id_in("id", memory_ids)
        rows = cur.execute(f"SELECT {COLUMNS} FROM memories WHERE {where}", params).fetchall()
        return [row_to_memory(row) for row in rows]

    def read_through(self) -> None:
        """Bring the vectors and texts a search reads back for its candidates into DuckDB's
        buffers: cold, the first searches at 100k memories fetched them block by block
        (120-180 ms where a warm search takes ~15); read whole, once, ~1 s."""
        self._db.cursor().execute(
            "SELECT sum(embedding[1]), sum(length(content)) FROM memories"
        ).fetchall()

    def with_text(self, memories: Sequence[Memory]) -> list[Memory]:
        """Copies held without their text (the searchable set) made whole, in the order given:
        text and provenance (kept on the row) in one statement, since at 100k memories each
        query costs ~0.5 ms before it reads a row. Ids no longer in the file are left out."""
        if not memories:
            return []
        where, params = id_in("id", [m.id for m in memories])
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT id, content, summary, content_hash, source_turns FROM memories "
                f"WHERE {where}",
                params,
            )
            .fetchall()
        )
        texts = {row[0]: row for row in rows}
        return [
            replace(
                m,
                content=texts[m.id][1] or "",
                summary=texts[m.id][2],
                content_hash=texts[m.id][3],
                source_turn_ids=unpack_ids(texts[m.id][4]),
            )
            for m in memories
            if m.id in texts
        ]

    def source_turns(
        self, memory_ids: Sequence[str], cur: duckdb.DuckDBPyConnection | None = None
    ) -> dict[str, tuple[str, ...]]:
        """Source turn ids in the order they were recorded (the order they were spoken), as
        `cur`'s transaction sees them when given."""
        where, params = id_in("id", memory_ids)
        rows = (cur or self._db.cursor()).execute(
            f"SELECT id, source_turns FROM memories WHERE {where} AND source_turns IS NOT NULL",
            params,
        )
        return {memory_id: unpack_ids(turns) for memory_id, turns in rows.fetchall()}

    def supersede(
        self,
        cur: duckdb.DuckDBPyConnection,
        old_id: str,
        new: NewMemory,
        embedding: np.ndarray | None,
    ) -> str:
        """Write `new` as the next version of `old_id` and close the old one's validity."""
        row = cur.execute(
            "SELECT superseded_by, forgotten_at FROM memories WHERE id = ?", [old_id]
        ).fetchall()
        if not row:
            raise StoreError(f"No memory with id {old_id}.")
        row = row[0]
        if row[0] is not None:
            raise StoreError(f"Memory {old_id} was already replaced by {row[0]}.")
        vectors = None if embedding is None else embedding.reshape(1, -1)
        (new_id,) = self.insert(cur, [new], vectors, supersedes=[old_id])
        valid_from = new.valid_from or new.created_at
        cur.execute(
            "UPDATE memories SET superseded_by = ?, valid_to = ?, updated_at = ? WHERE id = ?",
            [new_id, valid_from, new.created_at, old_id],
        )
        self._db.note_changed([old_id])
        return new_id

    def retire(
        self, cur: duckdb.DuckDBPyConnection, memory_ids: Sequence[str], at: datetime
    ) -> None:
        """No longer true from `at` on, with nothing to replace it (a passage deleted from a
        document, a fact withdrawn): kept for history and `as of` queries, out of search."""
        if memory_ids:
            cur.execute(
                f"UPDATE memories SET valid_to = $at, updated_at = $at WHERE id IN {NAMED_IDS} "
                "AND valid_to IS NULL",
                {"at": at, "ids": pack_ids(memory_ids)},
            )
            self._db.note_changed(memory_ids)

    def add_sources(
        self, cur: duckdb.DuckDBPyConnection, memory_id: str, turn_ids: Sequence[str]
    ) -> None:
        """More turns that said what this memory holds (a merged duplicate's provenance)."""
        known = self.source_turns([memory_id], cur).get(memory_id, ())
        new = [t for t in dict.fromkeys(turn_ids) if t not in known]
        if new:
            cur.execute(
                "UPDATE memories SET source_turns = ? WHERE id = ?",
                [pack_ids([*known, *new]), memory_id],
            )
            self._db.insert_rows(
                cur,
                "memory_sources",
                {
                    "memory_id": [memory_id] * len(new),
                    "turn_id": new,
                    "source_path": pa.array([None] * len(new), pa.string()),
                    "chunk_index": pa.array([None] * len(new), pa.int32()),
                },
            )

    def set_tier(
        self, cur: duckdb.DuckDBPyConnection, memory_ids: Sequence[str], tier: Tier
    ) -> None:
        if memory_ids:
            cur.execute(
                f"UPDATE memories SET tier = $tier WHERE id IN {NAMED_IDS}",
                {"tier": tier.value, "ids": pack_ids(memory_ids)},
            )
            self._db.note_changed(memory_ids)

    def set_summary(self, cur: duckdb.DuckDBPyConnection, memory_id: str, summary: str) -> None:
        """The short form of a memory (its content is kept as it was)."""
        cur.execute("UPDATE memories SET summary = ? WHERE id = ?", [summary, memory_id])
        self._db.note_changed([memory_id])

    def set_importance(
        self, cur: duckdb.DuckDBPyConnection, memory_id: str, importance: float
    ) -> None:
        cur.execute(
            "UPDATE memories SET importance = ? WHERE id = ?", [float(importance), memory_id]
        )
        self._db.note_changed([memory_id])

    def insert_earlier(
        self,
        cur: duckdb.DuckDBPyConnection,
        new: NewMemory,
        embedding: np.ndarray,
        later_id: str,
    ) -> str:
        """Write `new` into `later_id`'s chain just before it, as history: a statement learnt
        after a newer one on the same key (an old conversation imported late) was true until
        the newer one began, and whatever came before it was true until it began."""
        ((earlier_id, later_from),) = cur.execute(
            "SELECT supersedes, valid_from FROM memories WHERE id = ?", [later_id]
        ).fetchall()
        (new_id,) = self.insert(cur, [new], embedding.reshape(1, -1), supersedes=[earlier_id])
        cur.execute(
            "UPDATE memories SET superseded_by = ?, valid_to = ? WHERE id = ?",
            [later_id, later_from, new_id],
        )
        cur.execute("UPDATE memories SET supersedes = ? WHERE id = ?", [new_id, later_id])
        if earlier_id is not None:
            cur.execute(
                "UPDATE memories SET superseded_by = ?, valid_to = ? WHERE id = ?",
                [new_id, new.valid_from or new.created_at, earlier_id],
            )
        self._db.note_changed([i for i in (earlier_id, new_id, later_id) if i])
        return new_id

    def mark_superseded(
        self, cur: duckdb.DuckDBPyConnection, old_id: str, new_id: str, at: datetime
    ) -> None:
        """Record that an existing memory replaces another (two contradicting beliefs written
        separately): the older one's validity ends and the two are chained."""
        cur.execute(
            "UPDATE memories SET superseded_by = ?, valid_to = ?, updated_at = ? "
            "WHERE id = ? AND superseded_by IS NULL",
            [new_id, at, at, old_id],
        )
        cur.execute(
            "UPDATE memories SET supersedes = ? WHERE id = ? AND supersedes IS NULL",
            [old_id, new_id],
        )
        self._db.note_changed([old_id, new_id])

    def forgotten_since(self, since: datetime) -> list[str]:
        """Memories forgotten at or after `since`: what shows them lets their words go."""
        rows = (
            self._db.cursor()
            .execute("SELECT id FROM memories WHERE forgotten_at >= ?", [since])
            .fetchall()
        )
        return [row[0] for row in rows]

    def count(self, *, live_only: bool = True) -> int:
        where = f"WHERE {live()}" if live_only else ""
        return self._db.cursor().execute(f"SELECT count(*) FROM memories {where}").fetchall()[0][0]

    def counts_by_kind(self) -> dict[str, int]:
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT kind, count(*) FROM memories WHERE {live()} GROUP BY kind ORDER BY kind"
            )
            .fetchall()
        )
        return dict(rows)

    def record_access(
        self,
        cur: duckdb.DuckDBPyConnection,
        direct: Sequence[str],
        associative: Sequence[str],
        now: datetime,
        decay: DecayConfig = DEFAULT_DECAY,
    ) -> None:
        """A retrieval strengthens what it returned: stability grows (more for direct hits and
        long gaps), the decay clock restarts, the access count goes up."""
        direct_ids = set(direct)
        ids = list(dict.fromkeys([*direct, *associative]))
        if not ids:
            return
        where, params = id_in("id", ids)
        rows = cur.execute(
            f"SELECT id, stability, last_accessed_at, access_count FROM memories WHERE {where}",
            params,
        ).fetchall()
        boosted = {
            memory_id: {
                "stability": boosted_stability(
                    stability, accessed, now, direct=memory_id in direct_ids, config=decay
                ),
                "access_count": count + 1,
                "last_accessed_at": now,
            }
            for memory_id, stability, accessed, count in rows
        }
        self._db.with_batch(
            cur,
            {
                "id": list(boosted),
                "stability": [b["stability"] for b in boosted.values()],
                "access_count": pa.array([b["access_count"] for b in boosted.values()], pa.int32()),
                "accessed_at": pa.array([now] * len(boosted), pa.timestamp("us", "UTC")),
            },
            "UPDATE memories SET stability = b.stability, access_count = b.access_count, "
            f"last_accessed_at = b.accessed_at FROM {BATCH_RELATION} b WHERE memories.id = b.id",
        )
        self._db.note_patched(boosted)

    def forget(
        self, cur: duckdb.DuckDBPyConnection, memory_ids: Sequence[str], now: datetime, reason: str
    ) -> list[str]:
        """Purge for real: content, summary, embedding and entities of every version of these
        memories, the text of the turns they came from, every other memory made from those
        turns (a fact or a neighbouring segment would otherwise still hold the words) and the
        to-dos noticed in them. A tombstone (id, time, reason) stays so lineage does not break.
        Returns the ids purged."""
        lineage = Lineage(self._db)
        chain_ids: list[str] = []
        for memory_id in memory_ids:
            chain_ids += [v.memory_id for v in lineage.chain(memory_id, cur)]
        if not chain_ids:
            return []
        derived = cur.execute(
            "SELECT DISTINCT memory_id FROM memory_sources WHERE turn_id IN (SELECT turn_id "
            f"FROM memory_sources WHERE memory_id IN {IDS} AND turn_id IS NOT NULL)",
            [pack_ids(chain_ids)],
        ).fetchall()
        for (memory_id,) in derived:
            chain_ids += [v.memory_id for v in lineage.chain(memory_id, cur)]
        chain_ids = list(dict.fromkeys(chain_ids))
        said = (
            "(SELECT turn_id FROM memory_sources "
            f"WHERE memory_id IN {NAMED_IDS} AND turn_id IS NOT NULL)"
        )
        cur.execute(f"UPDATE turns SET text = '' WHERE id IN {said}", {"ids": pack_ids(chain_ids)})
        forget_what_was_said(cur, said, {"ids": pack_ids(chain_ids)})
        cur.execute(
            "UPDATE memories SET content = NULL, summary = NULL, embedding = NULL, entities = [], "
            "key = NULL, forgotten_at = $now, forget_reason = $reason, updated_at = $now "
            f"WHERE id IN {NAMED_IDS}",
            {"ids": pack_ids(chain_ids), "now": now, "reason": reason},
        )
        self._db.note_changed(chain_ids)
        cur.execute(
            f"DELETE FROM links WHERE src_id IN {NAMED_IDS} OR dst_id IN {NAMED_IDS}",
            {"ids": pack_ids(chain_ids)},
        )
        cur.execute(f"DELETE FROM memory_entities WHERE memory_id IN {IDS}", [pack_ids(chain_ids)])
        # A proposed change to a forgotten memory, or its copy in a working set, would keep
        # its words alive.
        cur.execute(f"DELETE FROM pending_changes WHERE target_id IN {IDS}", [pack_ids(chain_ids)])
        cur.execute(f"DELETE FROM working_items WHERE key IN {IDS}", [pack_ids(chain_ids)])
        return chain_ids

    def recent(self, limit: int) -> list[Memory]:
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT id FROM memories WHERE {live()} ORDER BY created_at DESC LIMIT ?", [limit]
            )
            .fetchall()
        )
        return self.get_many([r[0] for r in rows])

    def browse(self, query: MemoryQuery) -> list[Memory]:
        """Current memories matching the manager's filters, in its sort order (no scoring:
        this is the list a user scrolls, not a recall)."""
        conditions = ["forgotten_at IS NULL", "valid_to IS NULL"]
        params: list[object] = []
        for column, values in (("kind", query.kinds), ("tier", query.tiers)):
            if values:
                conditions.append(f"{column} IN ({', '.join('?' * len(values))})")
                params += sorted(v.value for v in values)
        for condition, value in (
            ("project = ?", query.project),
            ("created_at >= ?", query.since),
            ("created_at < ?", query.until),
        ):
            if value is not None:
                conditions.append(condition)
                params.append(value)
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT {COLUMNS} FROM memories WHERE {' AND '.join(conditions)} "
                f"ORDER BY {_ORDERS[query.order]}, seq DESC LIMIT ?",
                [*params, query.limit],
            )
            .fetchall()
        )
        return [row_to_memory(row) for row in rows]

    def projects(self) -> list[str]:
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT DISTINCT project FROM memories WHERE project IS NOT NULL AND {live()} "
                "ORDER BY project"
            )
            .fetchall()
        )
        return [r[0] for r in rows]

    def of_kind(self, kind: MemoryKind) -> list[Memory]:
        """Live memories of one kind, oldest first (core memory is small by design)."""
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT {COLUMNS} FROM memories WHERE kind = ? AND {live()} ORDER BY seq",
                [kind.value],
            )
            .fetchall()
        )
        return [row_to_memory(row) for row in rows]

    def core_and_keyed(
        self, keys: Sequence[str], prefixes: Sequence[str], patterns: Sequence[str] = ()
    ) -> list[Memory]:
        """Live core memories and those holding one of `keys`, a key starting with one of
        `prefixes` or one LIKE one of `patterns`, oldest first. Ids first: filters joined by
        OR are not pushed into the scan, and a scan of whole rows materialises every column of
        every row (~10 ms at 100k)."""
        starts = "".join(f" OR starts_with(key, {quoted(prefix)})" for prefix in prefixes)
        starts += "".join(f" OR key LIKE {quoted(pattern)}" for pattern in patterns)
        sql = (
            f"SELECT id FROM memories WHERE (kind = 'core' OR {any_of('key', keys)}{starts}) "
            f"AND {live()} ORDER BY seq"
        )
        return self.get_many([row[0] for row in self._db.cursor().execute(sql).fetchall()])

    def current_by_keys(
        self, cur: duckdb.DuckDBPyConnection, keys: Sequence[str]
    ) -> dict[str, Memory]:
        """The live memory holding each key that has one, in one read (through the writer's
        cursor, so facts written earlier in the same transaction count). The newest is picked
        here: a key has one live holder or very few, and DuckDB's top-N over every column cost
        ~1 ms more at 100k rows than the plain filtered scan."""
        if not keys:
            return {}
        rows = cur.execute(
            f"SELECT {COLUMNS} FROM memories WHERE {any_of('key', list(dict.fromkeys(keys)))} "
            f"AND {live()}"
        ).fetchall()
        held: dict[str, Memory] = {}
        for memory in (row_to_memory(row) for row in rows):
            known = held.get(memory.key or "")
            if memory.key and (known is None or memory.valid_from > known.valid_from):
                held[memory.key] = memory
        return held

    def keyed_with(self, prefixes: Sequence[str]) -> dict[str, str]:
        """What the live memories whose keys open with any of `prefixes` say, by key: what is
        believed of one's dogs ("user: dog "), for a statement that names none
        (`core.ingest.references`). Read rarely, so one filtered scan."""
        if not prefixes:
            return {}
        where = " OR ".join(f"starts_with(key, {quoted(prefix)})" for prefix in prefixes)
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT key, content FROM memories WHERE key IS NOT NULL "
                f"AND ({where}) AND {live()} ORDER BY valid_from"
            )
            .fetchall()
        )
        return {key: content or "" for key, content in rows}

    def close_versions(
        self, cur: duckdb.DuckDBPyConnection, versions: Sequence[tuple[str, str, datetime]]
    ) -> None:
        """Chain each (old id, new id, from when), both written: the old one's validity ends
        when the new one's starts. Two statements for any number of them."""
        if not versions:
            return
        old, new, since = zip(*versions, strict=True)
        columns = {"old": list(old), "new": list(new), "since": list(since)}
        self._db.with_batch(
            cur,
            columns,
            "UPDATE memories SET superseded_by = b.new, valid_to = b.since, "
            f"updated_at = b.since FROM {BATCH_RELATION} b WHERE memories.id = b.old",
        )
        self._db.with_batch(
            cur,
            columns,
            f"UPDATE memories SET supersedes = b.old FROM {BATCH_RELATION} b "
            "WHERE memories.id = b.new",
        )
        self._db.note_changed([*old, *new])
