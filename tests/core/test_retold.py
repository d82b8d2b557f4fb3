"""A search does not spend the prompt twice on the same words: a memory made only from turns a
better result already holds is left out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.embed import Embedder
from core.model import MemoryKind, NewMemory
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore

NOW = datetime(2026, 3, 18, 12, tzinfo=UTC)
SEGMENT = (
    "Ana: We booked the cabin in Tromso for March, right by the fjord.\n"
    "Leo: Did you book the northern lights tour too?\n"
    "Ana: Yes, the northern lights tour leaves the cabin at ten."
)


def remember(
    store: MemoryStore, embedder: Embedder, items: list[tuple[MemoryKind, str, tuple[str, ...]]]
) -> list[str]:
    memories = [
        NewMemory(kind, text, NOW - timedelta(days=2), source_turn_ids=turns)
        for kind, text, turns in items
    ]
    with store.db.write() as cur:
        ids = store.memories.insert(cur, memories, embedder.embed([m.content for m in memories]))
    store.fulltext.rebuild()
    return ids


def found(store: MemoryStore, embedder: Embedder, query: str) -> list[str]:
    request = SearchRequest(query, NOW, adaptive=False, record_access=False)
    return [r.memory.id for r in Retriever(store, embedder).search(request).results]


def test_a_fact_from_a_turn_of_a_better_ranked_segment_is_left_out(
    store: MemoryStore, embedder: Embedder
) -> None:
    """The fact's one turn is inside the segment ranked above it; the fact from a turn of
    another day still comes, as does a document's chunk, which has no turns."""
    segment, retold, other, chunk = remember(
        store,
        embedder,
        [
            (MemoryKind.EPISODIC, SEGMENT, ("s1-t1", "s1-t2", "s1-t3")),
            (MemoryKind.SEMANTIC, "Ana booked a northern lights tour", ("s1-t3",)),
            (MemoryKind.SEMANTIC, "Ana saw the northern lights as a child", ("s0-t7",)),
            (MemoryKind.DOCUMENT, "Northern lights tours: Tromso, ten pm", ()),
        ],
    )
    results = found(
        store, embedder, "When does the northern lights tour leave the cabin in Tromso?"
    )
    assert results[0] == segment
    assert retold not in results
    assert other in results and chunk in results


def test_a_fact_ranked_above_its_segment_keeps_both(store: MemoryStore, embedder: Embedder) -> None:
    """The segment ranked below holds turns the fact lacks: it still tells something new."""
    segment, fact = remember(
        store,
        embedder,
        [
            (MemoryKind.EPISODIC, SEGMENT, ("s1-t1", "s1-t2", "s1-t3")),
            (MemoryKind.SEMANTIC, "Ana booked a cabin in Tromso for March", ("s1-t1",)),
        ],
    )
    assert found(store, embedder, "Where did Ana book a cabin for March?") == [fact, segment]
