"""A memory's source turns come back in the order they were spoken, which is not the order
of their ids ("turn-10" sorts before "turn-9"): the sidebar lists them so, and the evaluation
counts them."""

from __future__ import annotations

from datetime import UTC, datetime

from core.embed import Embedder
from core.model import MemoryKind, NewMemory
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore

AT = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
SPOKEN = ("turn-9", "turn-10", "turn-2")


def test_sources_keep_the_order_they_were_spoken(store: MemoryStore, embedder: Embedder) -> None:
    text = "We planned the garden: tomatoes by the fence, basil in pots"
    memory = NewMemory(MemoryKind.EPISODIC, text, AT, source_turn_ids=SPOKEN)
    with store.db.write() as cur:
        (memory_id,) = store.memories.insert(cur, [memory], embedder.embed([text]))
    assert store.memories.source_turns([memory_id]) == {memory_id: SPOKEN}
    (found,) = (
        Retriever(store, embedder)
        .search(SearchRequest("garden plans", AT, record_access=False))
        .results
    )
    assert found.memory.content == text
    assert found.memory.source_turn_ids == SPOKEN


def test_turns_that_said_it_again_follow_the_first_ones(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A merged duplicate's turns are added after the memory's own, each once, in the same
    write as the memory itself."""
    text = "Ana's birthday is on the ninth of May"
    memory = NewMemory(MemoryKind.SEMANTIC, text, AT, source_turn_ids=("turn-4",))
    with store.db.write() as cur:
        (memory_id,) = store.memories.insert(cur, [memory], embedder.embed([text]))
        store.memories.add_sources(cur, memory_id, ("turn-30", "turn-4", "turn-12"))
    with store.db.write() as cur:
        store.memories.add_sources(cur, memory_id, ("turn-12", "turn-31"))
    said = ("turn-4", "turn-30", "turn-12", "turn-31")
    assert store.memories.source_turns([memory_id]) == {memory_id: said}
    (found,) = (
        Retriever(store, embedder)
        .search(SearchRequest("When is Ana's birthday?", AT, record_access=False))
        .results
    )
    assert found.memory.source_turn_ids == said
