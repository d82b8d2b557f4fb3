"""The memory in 3D: a UMAP layout of the embeddings, stored per memory, and the graph the
browser draws (nodes with position, kind, importance, retention, label and times; edges for
supersedes, shared entities, same session and temporal order). A full layout runs when the
store has grown by 20% since the last; in between, new memories are placed among their nearest
laid-out neighbours, which needs no refit."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import pyarrow as pa

from core.decay import DEFAULT_DECAY, decay_terms, retentions
from core.ingest.entities import ordinary_word
from core.model import Memory, MemoryKind
from core.process_apart import run_apart
from core.store import MemoryStore
from core.store.database import BATCH_RELATION, id_in
from core.store.memory_rows import live
from core.store.vector import read_vectors

log = logging.getLogger(__name__)

LAYOUT_COUNT = "layout_count"
WRITE_BATCH = 5000


@dataclass(frozen=True, slots=True)
class LayoutConfig:
    n_neighbors: int = 15
    min_dist: float = 0.1
    relayout_growth: float = 0.2
    place_neighbours: int = 8
    jitter: float = 0.01
    # Fixed for reproducible tests; None lets UMAP use every core.
    seed: int | None = None
    # UMAP runs in a process of its own (core.process_apart), however few the memories: its
    # first compile takes ~8 s in either place, and only a process stops at once. In the app's
    # own, quitting meanwhile aborted Engram (its upkeep thread outlived the shutdown). Tests of
    # the layout itself run it here, where that compile is paid once.
    apart: bool = True


DEFAULT_LAYOUT = LayoutConfig()


@dataclass(frozen=True, slots=True)
class Node:
    id: str
    position: tuple[float, float, float]
    kind: MemoryKind
    importance: float
    retention: float
    label: str
    created_at: datetime
    valid_from: datetime
    valid_to: datetime | None
    session_id: str | None


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    kind: str
    weight: float


@dataclass(frozen=True, slots=True)
class Graph:
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]


def _write_positions(store: MemoryStore, ids: list[str], positions: np.ndarray) -> None:
    """In batches, so a long layout yields the writer to chat between them."""
    for start in range(0, len(ids), WRITE_BATCH):
        part = positions[start : start + WRITE_BATCH]
        with store.db.write() as cur:
            store.db.with_batch(
                cur,
                {
                    "id": ids[start : start + WRITE_BATCH],
                    "x": pa.array(part[:, 0], pa.float32()),
                    "y": pa.array(part[:, 1], pa.float32()),
                    "z": pa.array(part[:, 2], pa.float32()),
                },
                "UPDATE memories SET pos_x = b.x, pos_y = b.y, pos_z = b.z "
                f"FROM {BATCH_RELATION} b WHERE memories.id = b.id",
            )


_LAYABLE = f"embedding IS NOT NULL AND {live()}"


def umap_positions(vectors: np.ndarray, config: LayoutConfig) -> np.ndarray:
    """UMAP to 3D, scaled into the unit cube (at module level: it also runs apart)."""
    import umap

    count = len(vectors)
    reducer = umap.UMAP(
        n_components=3,
        n_neighbors=min(config.n_neighbors, count - 1),
        min_dist=config.min_dist,
        metric="cosine",
        random_state=config.seed,
        n_jobs=1 if config.seed is not None else -1,
        init="random" if count < 10 else "spectral",
    )
    positions = reducer.fit_transform(vectors).astype(np.float32)
    positions -= positions.mean(axis=0)
    positions /= max(float(np.abs(positions).max()), 1e-9)
    return positions


def full_layout(
    store: MemoryStore,
    config: LayoutConfig = DEFAULT_LAYOUT,
    cancel: threading.Event | None = None,
) -> int | None:
    """Every live memory laid out afresh; None when `cancel` stopped it (nothing written)."""
    ids, vectors = read_vectors(store.db, _LAYABLE)
    if len(ids) < 3:
        positions = np.zeros((len(ids), 3), dtype=np.float32)
    elif config.apart:
        positions = run_apart(umap_positions, (vectors, config), "map layout", cancel)
        if positions is None:
            log.info("The map layout was cancelled")
            return None
    else:
        positions = umap_positions(vectors, config)
    _write_positions(store, ids, positions)
    with store.db.write() as cur:
        store.db.set_meta(cur, LAYOUT_COUNT, str(len(ids)))
    log.info("Laid out %d memories in 3D", len(ids))
    return len(ids)


def _jitter(memory_id: str, scale: float) -> np.ndarray:
    """A small, stable offset so memories placed at the same spot stay apart."""
    digest = hashlib.sha256(memory_id.encode()).digest()
    return (np.frombuffer(digest[:12], dtype=np.uint32) / 2**32 - 0.5).astype(np.float32) * scale


def place_new(store: MemoryStore, config: LayoutConfig = DEFAULT_LAYOUT) -> int:
    """Memories without a position go to the similarity-weighted centre of their nearest
    laid-out neighbours."""
    ids, vectors = read_vectors(store.db, f"{_LAYABLE} AND pos_x IS NULL")
    placed_ids: list[str] = []
    placed: list[np.ndarray] = []
    cur = store.db.cursor()
    for memory_id, vector in zip(ids, vectors, strict=True):
        hits = [
            h
            for h in store.vectors.nearest(vector, k=config.place_neighbours * 2)
            if h.memory_id != memory_id
        ]
        where, params = id_in("id", [h.memory_id for h in hits])
        rows = {
            r[0]: r[1:]
            for r in cur.execute(
                f"SELECT id, pos_x, pos_y, pos_z FROM memories WHERE pos_x IS NOT NULL AND {where}",
                params,
            ).fetchall()
        }
        near = [(h.similarity, rows[h.memory_id]) for h in hits if h.memory_id in rows]
        near = near[: config.place_neighbours]
        if near:
            weights = np.array([max(s, 1e-3) for s, _ in near], dtype=np.float32)
            points = np.array([p for _, p in near], dtype=np.float32)
            centre = (weights[:, None] * points).sum(axis=0) / weights.sum()
        else:
            centre = np.zeros(3, dtype=np.float32)
        placed_ids.append(memory_id)
        placed.append(centre + _jitter(memory_id, config.jitter))
    if placed_ids:
        _write_positions(store, placed_ids, np.array(placed, dtype=np.float32))
    return len(placed_ids)


def layable_count(store: MemoryStore) -> int:
    """How many memories the map would show: with none, there is nothing to lay out (and
    asking for a layout again and again would never make one)."""
    return int(
        store.db.cursor()
        .execute(f"SELECT count(*) FROM memories WHERE {_LAYABLE}")
        .fetchall()[0][0]
    )


def laid_out(store: MemoryStore) -> bool:
    """Whether a full layout exists that new memories can be placed beside (before one, or
    after a forget of everything, they would all go to one spot)."""
    if int(store.db.meta(LAYOUT_COUNT) or 0) == 0:
        return False
    placed = store.db.cursor().execute(
        f"SELECT 1 FROM memories WHERE {_LAYABLE} AND pos_x IS NOT NULL LIMIT 1"
    )
    return bool(placed.fetchall())


def update_layout(
    store: MemoryStore,
    config: LayoutConfig = DEFAULT_LAYOUT,
    cancel: threading.Event | None = None,
) -> tuple[str, int]:
    """A full layout when none exists or the store grew by 20%; otherwise placement of the
    new memories. Returns which it did ("cancelled" if `cancel` stopped a full one) and how
    many memories it positioned."""
    last = int(store.db.meta(LAYOUT_COUNT) or 0)
    count = layable_count(store)
    if not laid_out(store) or count >= last * (1 + config.relayout_growth):
        laid = full_layout(store, config, cancel)
        return ("cancelled", 0) if laid is None else ("full", laid)
    return "incremental", place_new(store, config)


def _label(memory: Memory) -> str:
    first = memory.content.strip().splitlines()[0] if memory.content.strip() else memory.id
    return first if len(first) <= 60 else first[:59] + "…"


def build_graph(
    store: MemoryStore,
    now: datetime,
    kinds: Collection[MemoryKind] | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    max_entity_edges: int = 3,
) -> Graph:
    """The laid-out memories matching the filter and time window, with their edges."""
    conditions = [live("", include_superseded=True), "pos_x IS NOT NULL"]
    params: list[object] = []
    if kinds:
        conditions.append(f"kind IN ({', '.join('?' for _ in kinds)})")
        params += [k.value for k in kinds]
    if since is not None:
        conditions.append("created_at >= ?")
        params.append(since)
    if until is not None:
        conditions.append("valid_from <= ?")
        params.append(until)
    cur = store.db.cursor()
    rows = cur.execute(
        f"SELECT id, pos_x, pos_y, pos_z FROM memories WHERE {' AND '.join(conditions)} "
        "ORDER BY created_at, seq",
        params,
    ).fetchall()
    positions = {r[0]: (float(r[1]), float(r[2]), float(r[3])) for r in rows}
    memories = store.memories.get_many(list(positions))
    held = retentions([decay_terms(m) for m in memories], now, DEFAULT_DECAY)
    nodes = tuple(
        Node(
            m.id,
            positions[m.id],
            m.kind,
            m.importance,
            float(r),
            _label(m),
            m.created_at,
            m.valid_from,
            m.valid_to,
            m.session_id,
        )
        for m, r in zip(memories, held, strict=True)
    )
    return Graph(nodes, tuple(_edges(memories, max_entity_edges)))


def _edges(memories: list[Memory], max_entity_edges: int) -> list[Edge]:
    present = {m.id for m in memories}
    edges = [
        Edge(m.supersedes, m.id, "supersedes", 1.0)
        for m in memories
        if m.supersedes and m.supersedes in present
    ]
    by_session: dict[str, list[Memory]] = defaultdict(list)
    for memory in memories:
        if memory.session_id:
            by_session[memory.session_id].append(memory)
    for group in by_session.values():
        edges += [
            Edge(a.id, b.id, "same_session", 1.0) for a, b in zip(group, group[1:], strict=False)
        ]
    edges += [
        Edge(a.id, b.id, "temporal", 0.5) for a, b in zip(memories, memories[1:], strict=False)
    ]
    # Shared entities, strongest few per memory; names on very many memories carry no signal,
    # nor do the ordinary words a memory's entity list keeps for scoring ("Yeah", "August").
    names = {m.id: {e for e in m.entities if not ordinary_word(e)} for m in memories}
    holders: dict[str, list[Memory]] = defaultdict(list)
    for memory in memories:
        for entity in names[memory.id]:
            holders[entity].append(memory)
    for memory in memories:
        mine = names[memory.id]
        scored: dict[str, float] = {}
        for entity in mine:
            group = holders[entity]
            if len(group) > 50:
                continue
            for other in group:
                if other.id > memory.id:
                    theirs = names[other.id]
                    scored[other.id] = len(mine & theirs) / len(mine | theirs)
        best = sorted(scored.items(), key=lambda item: item[1], reverse=True)[:max_entity_edges]
        edges += [Edge(memory.id, other, "entity", round(w, 4)) for other, w in best]
    return edges
