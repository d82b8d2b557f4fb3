"""Associations between memories: typed, weighted, timestamped, stored in both directions so a
neighbour lookup is one indexed scan. Weights decay with time (core.decay.link_weight) and are
strengthened by co-retrieval; decay is applied when a weight is read or updated, never by a
sweep that rewrites every row."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.decay import DEFAULT_DECAY, DecayConfig, link_weight
from core.store.database import BATCH_RELATION, Database, id_in
from core.store.literals import quoted
from core.store.memory_rows import not_live_ids
from core.store.upserts import upsert_rows


@dataclass(frozen=True, slots=True)
class Link:
    src_id: str
    dst_id: str
    kind: str
    weight: float
    updated_at: datetime


class LinkRepository:
    def __init__(self, db: Database, decay: DecayConfig = DEFAULT_DECAY) -> None:
        self._db = db
        self._decay = decay

    def add(
        self,
        cur: duckdb.DuckDBPyConnection,
        links: Iterable[tuple[str, str, float, datetime]],
        kind: str,
        *,
        both_ways: bool = True,
        fresh: Collection[str] = frozenset(),
    ) -> None:
        """Create links (source, target, weight, when) in both directions unless the relation
        has one, like "summary of", or raise an existing one to at least `weight`. Each has its
        own time, so several sessions' links are one statement; a pair given twice keeps its
        greater weight and later time (DuckDB applies only the first of two conflicting rows of
        one statement). `fresh`: memories this transaction inserted and linked nothing of this
        kind to yet; a link touching one skips the check against stored ones (`upsert_rows`)."""
        best: dict[tuple[str, str], tuple[float, datetime]] = {}
        for a, b, weight, at in links:
            for pair in ((a, b), (b, a)) if both_ways else ((a, b),):
                had_weight, had_at = best.get(pair, (weight, at))
                best[pair] = (max(had_weight, weight), max(had_at, at))
        rows = [(a, b, w, at) for (a, b), (w, at) in best.items() if a != b]
        self._upsert(cur, rows, kind, [a in fresh or b in fresh for a, b, _, _ in rows])

    def strengthen(
        self,
        cur: duckdb.DuckDBPyConnection,
        memory_ids: Sequence[str],
        kind: str,
        amount: float,
        now: datetime,
    ) -> None:
        """Co-retrieval: every pair in `memory_ids` gets `amount` added to its decayed weight.
        Pairs not linked yet are written as new rows, the others as updates: read just before
        under the writer, they are known to exist, and an update of their weight cost 3.5 ms
        with its commit where `ON CONFLICT` cost 6 (20 rows at 100k memories)."""
        memory_ids = list(dict.fromkeys(memory_ids))
        pairs = [(a, b) for i, a in enumerate(memory_ids) for b in memory_ids[i + 1 :]]
        if not pairs:
            return
        sources, source_params = id_in("src_id", memory_ids)
        targets, target_params = id_in("dst_id", memory_ids)
        current = {
            (src, dst): link_weight(weight, updated, now, self._decay)
            for src, dst, weight, updated in cur.execute(
                "SELECT src_id, dst_id, weight, updated_at FROM links "
                f"WHERE kind = {quoted(kind)} AND {sources} AND {targets}",
                [*source_params, *target_params],
            ).fetchall()
        }
        rows = []
        for a, b in pairs:
            weight = min(1.0, current.get((a, b), 0.0) + amount)
            rows += [(a, b, weight, now), (b, a, weight, now)]
        added = [row for row in rows if row[:2] not in current]
        self._upsert(cur, added, kind, [True] * len(added))
        linked = [row for row in rows if row[:2] in current]
        self._db.with_batch(
            cur,
            {
                "src_id": [row[0] for row in linked],
                "dst_id": [row[1] for row in linked],
                "weight": [float(row[2]) for row in linked],
                "updated_at": [row[3] for row in linked],
            },
            f"UPDATE links SET weight = b.weight, updated_at = b.updated_at FROM {BATCH_RELATION} "
            f"b WHERE links.src_id = b.src_id AND links.dst_id = b.dst_id AND links.kind = "
            f"{quoted(kind)}",
        )

    def _upsert(
        self,
        cur: duckdb.DuckDBPyConnection,
        rows: list[tuple[str, str, float, datetime]],
        kind: str,
        new: Sequence[bool],
    ) -> None:
        """`new`: whether each row is known to have no stored twin (see `upsert_rows`)."""
        if not rows:
            return
        src, dst, weight, at = zip(*rows, strict=True)
        upsert_rows(
            cur,
            "links",
            {
                "src_id": list(src),
                "dst_id": list(dst),
                "kind": [kind] * len(rows),
                "weight": [float(w) for w in weight],
                "created_at": list(at),
                "updated_at": list(at),
            },
            "(src_id, dst_id, kind) DO UPDATE SET "
            "weight = greatest(links.weight, excluded.weight), updated_at = excluded.updated_at",
            new,
        )

    def neighbours(
        self,
        memory_ids: Sequence[str],
        now: datetime,
        min_weight: float = 0.0,
        *,
        live_only: bool = True,
    ) -> list[Link]:
        """Links from `memory_ids`, strongest first, weights decayed to `now`. Only to live
        memories unless the caller judges the targets itself (ruling out the others costs a
        scan of the memories table)."""
        if not memory_ids:
            return []
        sources, params = id_in("src_id", memory_ids)
        targets = f" AND dst_id NOT IN ({not_live_ids()})" if live_only else ""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT src_id, dst_id, kind, weight, updated_at FROM links "
                f"WHERE {sources}{targets}",
                params,
            )
            .fetchall()
        )
        links = [
            Link(src, dst, kind, link_weight(w, updated, now, self._decay), updated)
            for src, dst, kind, w, updated in rows
        ]
        return sorted(
            (link for link in links if link.weight >= min_weight),
            key=lambda link: link.weight,
            reverse=True,
        )
