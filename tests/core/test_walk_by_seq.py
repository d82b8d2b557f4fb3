"""The vector walk returns rows by their `seq` and search names them by the ids held for those
numbers: a memory learnt after the first search, or after a forget rewrote the file, must be
found by meaning under its own id and with its own words, never under another's."""

from __future__ import annotations

from datetime import UTC, datetime

from core.embed import Embedder
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.store.seq_ids import IdsBySeq
from tests.core.memory_factory import remember

NOW = datetime(2026, 6, 1, tzinfo=UTC)
GARDEN = [
    "We planted tomatoes along the south fence",
    "The basil went into terracotta pots by the kitchen door",
    "Slugs ate the lettuce seedlings overnight",
]


def found_by_meaning(store: MemoryStore, embedder: Embedder, query: str) -> dict[str, str]:
    """Id -> words of what a search by meaning alone finds (the query shares no keyword)."""
    hits = store.vectors.nearest_any(embedder.embed([query])[0], 5)
    held = store.memories.get_many([h.memory_id for h in hits])
    return {m.id: m.content for m in held}


def test_a_memory_learnt_after_the_first_search_is_found_under_its_own_id(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, GARDEN, NOW)
    assert (
        "Slugs ate the lettuce seedlings overnight"
        in found_by_meaning(store, embedder, "pests in the vegetable patch").values()
    )
    (piano,) = remember(store, embedder, ["Mia started piano lessons on Tuesdays"], NOW)
    found = found_by_meaning(store, embedder, "my daughter's music classes")
    assert found[piano] == "Mia started piano lessons on Tuesdays"
    (result, *_) = (
        Retriever(store, embedder)
        .search(SearchRequest("my daughter's music classes", NOW, record_access=False))
        .results
    )
    assert (result.memory.id, result.memory.content) == (
        piano,
        "Mia started piano lessons on Tuesdays",
    )


def test_memories_learnt_after_a_forget_rewrote_the_file_keep_their_own_ids(
    store: MemoryStore, embedder: Embedder
) -> None:
    tomatoes, _, slugs = remember(store, embedder, GARDEN, NOW)
    assert found_by_meaning(store, embedder, "pests in the vegetable patch")
    store.forget([slugs], NOW, "asked to forget")
    store.vectors.wait_for_build(timeout=60)
    (boat,) = remember(store, embedder, ["We rented a rowing boat on the lake"], NOW)
    found = found_by_meaning(store, embedder, "a day out on the water")
    assert found[boat] == "We rented a rowing boat on the lake"
    assert slugs not in found_by_meaning(store, embedder, "pests in the vegetable patch")
    assert found_by_meaning(store, embedder, "growing tomatoes")[tomatoes] == GARDEN[0]


def test_a_number_no_row_has_names_no_memory(store: MemoryStore, embedder: Embedder) -> None:
    ids = remember(store, embedder, GARDEN, NOW)
    seqs = [
        row[0]
        for row in store.db.cursor().execute("SELECT seq FROM memories ORDER BY seq").fetchall()
    ]
    held = IdsBySeq(store.db)
    assert held.ids([seqs[2], seqs[0], seqs[-1] + 10, -1]) == [ids[2], ids[0], None, None]
