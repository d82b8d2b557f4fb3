"""The 3D layout: UMAP places related memories together, new ones land among their neighbours
without a refit, a 20% growth triggers a full layout, and the graph carries what the browser
draws."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from core.embed import Embedder
from core.ingest.entities import extract_entities
from core.ingest.remember import Lesson, remember
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore
from core.viz import LayoutConfig, build_graph, update_layout
from tests.core.test_consolidate import history

NOW = datetime(2026, 6, 1, tzinfo=UTC)
# In this process: the layout itself is tested here, its compile paid once.
SEEDED = LayoutConfig(seed=0, apart=False)
TOPICS = ("knots", "tides", "the jib", "reefing", "a capsize drill", "docking in wind")


def positions(store: MemoryStore) -> dict[str, np.ndarray]:
    rows = (
        store.db.cursor()
        .execute("SELECT id, pos_x, pos_y, pos_z FROM memories WHERE pos_x IS NOT NULL")
        .fetchall()
    )
    return {r[0]: np.array(r[1:]) for r in rows}


def test_layout_groups_related_memories_and_places_new_ones_near_their_kin(
    store: MemoryStore, embedder: Embedder
) -> None:
    history(store, embedder)
    assert update_layout(store, SEEDED) == ("full", 30)
    placed = positions(store)
    assert len(placed) == 30
    assert all(np.abs(p).max() <= 1.0 + 1e-6 for p in placed.values())
    sessions = {m.id: m.session_id for m in store.memories.recent(100)}
    same = [
        np.linalg.norm(placed[a] - placed[b])
        for a in placed
        for b in placed
        if a < b and sessions[a] == sessions[b]
    ]
    other = [
        np.linalg.norm(placed[a] - placed[b])
        for a in placed
        for b in placed
        if a < b and sessions[a] != sessions[b]
    ]
    assert np.mean(same) < np.mean(other)

    # A new memory close to an old one (under 20% growth): placed among its neighbours.
    (old,) = store.memories.get_many([next(iter(placed))])
    twin = old.content + " And one more thing about it."
    new = NewMemory(MemoryKind.EPISODIC, twin, NOW, session_id=old.session_id)
    with store.db.write() as cur:
        (new_id,) = remember(store, cur, Lesson((new,)), embedder.embed([twin]), NOW).memory_ids
    assert update_layout(store, SEEDED) == ("incremental", 1)
    now_placed = positions(store)
    distances = sorted(np.linalg.norm(now_placed[new_id] - p) for k, p in placed.items())
    assert np.linalg.norm(now_placed[new_id] - placed[old.id]) <= distances[len(distances) // 4]


def test_growing_by_a_fifth_triggers_a_full_layout(store: MemoryStore, embedder: Embedder) -> None:
    history(store, embedder)
    update_layout(store, SEEDED)
    texts = [f"A brand new topic number {i}: learning to juggle flaming torches." for i in range(6)]
    memories = tuple(NewMemory(MemoryKind.EPISODIC, t, NOW) for t in texts)
    with store.db.write() as cur:
        remember(store, cur, Lesson(memories), embedder.embed(texts), NOW)
    assert update_layout(store, SEEDED) == ("full", 36)


def test_after_forgetting_everything_the_next_memories_get_a_layout_of_their_own(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Placed beside neighbours that no longer exist, they all went to one spot until the
    memory grew past a fifth of its old size."""
    history(store, embedder)
    update_layout(store, SEEDED)
    store.forget_everything()
    texts = [f"Day {i} of learning to sail: {topic}." for i, topic in enumerate(TOPICS)]
    memories = tuple(NewMemory(MemoryKind.EPISODIC, t, NOW) for t in texts)
    with store.db.write() as cur:
        remember(store, cur, Lesson(memories), embedder.embed(texts), NOW)
    assert update_layout(store, SEEDED) == ("full", len(TOPICS))
    assert len({tuple(p.round(4)) for p in positions(store).values()}) == len(TOPICS)


def test_the_graph_has_positions_and_the_edges_the_browser_draws(
    store: MemoryStore, embedder: Embedder
) -> None:
    history(store, embedder)
    update_layout(store, SEEDED)
    graph = build_graph(store, NOW)
    assert len(graph.nodes) == 30
    node = graph.nodes[0]
    assert node.kind is MemoryKind.EPISODIC and 0 < node.retention <= 1 and node.label
    kinds = {e.kind for e in graph.edges}
    assert {"same_session", "temporal", "entity"} <= kinds
    ids = {n.id for n in graph.nodes}
    assert all(e.source in ids and e.target in ids for e in graph.edges)
    later = build_graph(store, NOW, since=datetime(2026, 2, 1, tzinfo=UTC))
    assert 0 < len(later.nodes) < 30
    assert build_graph(store, NOW, kinds={MemoryKind.SEMANTIC}).nodes == ()
    assert all(n.created_at >= datetime(2026, 2, 1, tzinfo=UTC) for n in later.nodes)


def test_memories_are_joined_by_a_name_they_share_not_by_a_word_that_opens_their_sentences(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A memory's entity list keeps every capitalised word (for scoring): the browser drew
    an entity edge between any two memories that both said "Yeah" or named a month."""
    texts = [
        "Yeah, Marta and I went sailing in August.",
        "Yeah, the jib tore in August, a long day.",
        "Marta fixed the jib on her own.",
    ]
    memories = tuple(
        NewMemory(MemoryKind.EPISODIC, t, NOW, session_id=f"s{i}", entities=extract_entities(t))
        for i, t in enumerate(texts)
    )
    with store.db.write() as cur:
        ids = remember(store, cur, Lesson(memories), embedder.embed(texts), NOW).memory_ids
    update_layout(store, SEEDED)
    joined = {
        frozenset((e.source, e.target)) for e in build_graph(store, NOW).edges if e.kind == "entity"
    }
    assert joined == {frozenset((ids[0], ids[2]))}
