"""The two indexes search stands on: HNSW for meaning, fts BM25 for words."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import numpy as np
import pytest

from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, Embedder
from core.errors import StoreError
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore
from core.store import vector as vector_module
from core.store.database import Database
from core.store.fulltext import FTS_SCHEMA, FullTextIndex
from core.store.postings import PostingsSnapshot, StemCache
from core.store.unindexed import UnindexedDocuments
from core.store.vector import MIN_GRAPH_VECTORS, VectorHit, VectorIndex, vector_literal
from tests.core.memory_factory import remember
from tests.core.no_reads import forbid_reads_on_this_thread

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

TEXTS = [
    "I adopted a golden retriever puppy called Biscuit",
    "My sister is getting married in Porto next June",
    "The quarterly budget review moved to Thursday afternoon",
    "I started learning to play the cello last winter",
    "Our team migrated the billing service to Postgres",
]


def test_nearest_neighbour_query_uses_the_hnsw_index(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, TEXTS, T0)
    query = embedder.embed(["a new dog"])[0]
    plan = store.vectors.explain(query)
    assert "HNSW_INDEX_SCAN" in plan
    hits = store.vectors.nearest(query, k=3)
    assert store.memories.get(hits[0].memory_id).content == TEXTS[0]
    assert hits[0].similarity > hits[1].similarity


@pytest.mark.parametrize("rows_per_walk", [0, 1000])
def test_neighbours_of_many_vectors_at_once_are_each_ones_own(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch, rows_per_walk: int
) -> None:
    """An import looks up its new facts' neighbours together: a walk each, or one exact scan
    of a table small beside them (`rows_per_walk` 1000); either way each gets the neighbours
    a search of its own finds, best first."""
    ids = remember(store, embedder, TEXTS, T0)
    queries = embedder.embed(
        ["a new dog", "wedding in Portugal", "moving billing databases"]
        + [f"{text} again" for text in TEXTS]
    )
    assert len(queries) >= vector_module.SCAN_FROM_VECTORS
    monkeypatch.setattr(vector_module, "SCAN_ROWS_PER_WALK", rows_per_walk)
    together = store.vectors.nearest_any_each(queries, 3)
    alone = [store.vectors.nearest_any(query, 3) for query in queries]
    assert [[h.memory_id for h in hits] for hits in together] == [
        [h.memory_id for h in hits] for hits in alone
    ]
    assert [hits[0].memory_id for hits in together[:3]] == [ids[0], ids[1], ids[4]]
    for mine, its_own in zip(together, alone, strict=True):
        assert [h.similarity for h in mine] == pytest.approx(
            [h.similarity for h in its_own], abs=1e-5
        )


def test_the_query_vector_reaches_the_index_exactly(store: MemoryStore) -> None:
    """A search's vector is written into its statement as text: what DuckDB reads must be the
    very float32s the encoder gave (the tiniest, the largest, a negative zero)."""
    rng = np.random.default_rng(11)
    query = rng.standard_normal(store.db.config.embedding_dim).astype(np.float32)
    query[:3] = [np.float32(1e-45), np.float32(3.4e38), np.float32(-0.0)]
    (read,) = store.db.cursor().execute(f"SELECT {vector_literal(query, query.size)}").fetchone()
    assert np.array(read, dtype=np.float32).view(np.uint32).tolist() == (
        query.view(np.uint32).tolist()
    )


def test_exact_search_serves_while_the_index_is_rebuilt(
    store: MemoryStore, embedder: Embedder
) -> None:
    ids = remember(store, embedder, TEXTS, T0)
    with store.db.exclusive() as cur:
        store.vectors.drop(cur)
    query = embedder.embed(["wedding in Portugal"])[0]
    assert "HNSW_INDEX_SCAN" not in store.vectors.explain(query)
    assert store.vectors.nearest(query, k=1)[0].memory_id == ids[1]
    finished: list[BaseException | None] = []
    assert store.vectors.ensure_in_background(finished.append)
    store.vectors.wait_for_build(timeout=60)
    assert finished == [None]
    assert "HNSW_INDEX_SCAN" in store.vectors.explain(query)
    assert store.vectors.nearest(query, k=1)[0].memory_id == ids[1]


def test_search_while_a_forget_rewrites_the_file_and_rebuilds_the_graph_reads_no_vectors(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forget drops the graph, copies the file, then builds the graph again; beside that
    build the file's exact scan took 0.2-1.7 s a search at 100k memories. Meanwhile the
    vectors are held in process and search scans those, exactly, without the forgotten one.
    (Enough memories that a graph is built beside a forgotten one: see MIN_GRAPH_VECTORS.)"""
    texts = TEXTS + [f"Filed note {i} on the shelf by the window" for i in range(MIN_GRAPH_VECTORS)]
    ids = remember(store, embedder, texts, T0)
    query = embedder.embed(["a new dog"])[0]
    vectors = embedder.embed(texts)
    expected = [ids[i] for i in np.argsort(-(vectors @ query)) if i != 0][:10]
    during: dict[str, list[VectorHit]] = {}

    def search_from_process(moment: str) -> None:
        with monkeypatch.context() as patch:
            forbid_reads_on_this_thread(patch, store.db)
            during[moment] = store.vectors.nearest_any(query, 10)

    copy, create = Database._copy_into, VectorIndex._create

    def copying(cur: duckdb.DuckDBPyConnection, catalog: str) -> None:
        search_from_process("copy")
        copy(cur, catalog)

    def building(index: VectorIndex, cur: duckdb.DuckDBPyConnection, name: str) -> None:
        search_from_process("build")
        create(index, cur, name)

    monkeypatch.setattr(Database, "_copy_into", staticmethod(copying))
    monkeypatch.setattr(VectorIndex, "_create", building)
    store.forget([ids[0]], T0)
    store.vectors.wait_for_build(timeout=60)
    similarity = dict(zip(ids, (vectors @ query).tolist(), strict=True))
    assert during.keys() == {"copy", "build"}
    for hits in during.values():
        assert [h.memory_id for h in hits] == expected
        assert [h.similarity for h in hits] == pytest.approx(
            [similarity[i] for i in expected], abs=1e-5
        )
    assert "HNSW_INDEX_SCAN" in store.vectors.explain(query)
    assert [h.memory_id for h in store.vectors.nearest_any(query, 10)] == expected


def vector_indexes(store: MemoryStore) -> list[str]:
    rows = store.db.cursor().execute(
        "SELECT index_name FROM duckdb_indexes() WHERE table_name = 'memories' "
        "AND sql ILIKE '%USING HNSW%'"
    )
    return sorted(row[0] for row in rows.fetchall())


def test_a_compaction_keeps_search_on_a_graph_while_the_new_one_is_built(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dropping the graph first left search on an exact scan for the whole build (0.4-1.7 s
    a turn at 100k memories): the new graph is built beside the old one, then the old goes."""
    ids = remember(store, embedder, TEXTS, T0)
    before = vector_indexes(store)
    query = embedder.embed(["wedding in Portugal"])[0]
    during: list[tuple[str, str]] = []
    create = VectorIndex._create

    def watched(index: VectorIndex, cur: duckdb.DuckDBPyConnection, name: str) -> None:
        hits = store.vectors.nearest(query, k=1)
        during.append((store.vectors.explain(query), hits[0].memory_id))
        assert store.stats().vector_index == "compacting (learning waits)"
        create(index, cur, name)

    monkeypatch.setattr(VectorIndex, "_create", watched)
    store.vectors.rebuild()
    ((plan, found),) = during
    assert "HNSW_INDEX_SCAN" in plan and found == ids[1]
    after = vector_indexes(store)
    assert len(before) == len(after) == 1 and before != after
    assert store.vectors.dead_share() == 0.0 and store.stats().vector_index == "ready"
    assert "HNSW_INDEX_SCAN" in store.vectors.explain(query)
    assert store.vectors.nearest(query, k=1)[0].memory_id == ids[1]
    store.vectors.rebuild()
    assert vector_indexes(store) == before


def test_a_second_graph_a_stopped_compaction_left_is_dropped_at_open(
    tmp_path: Path, embedder: Embedder
) -> None:
    store = MemoryStore.open(tmp_path, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    ids = remember(store, embedder, TEXTS, T0)
    (name,) = vector_indexes(store)
    with store.db.exclusive() as cur:
        cur.execute(
            f"CREATE INDEX {name}_b ON memories USING HNSW (embedding) WITH (metric = 'cosine')"
        )
    assert len(vector_indexes(store)) == 2
    store.close()
    store = MemoryStore.open(tmp_path, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    try:
        assert vector_indexes(store) == [name]
        query = embedder.embed(["learning an instrument"])[0]
        assert "HNSW_INDEX_SCAN" in store.vectors.explain(query)
        assert store.vectors.nearest(query, k=1)[0].memory_id == ids[3]
    finally:
        store.close()


def test_bm25_finds_rows_written_after_the_last_fts_rebuild(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    assert store.fulltext.stale_rows() == 0
    (late,) = remember(store, embedder, ["Booked the ferry to Stromboli for August"], T0)
    assert store.fulltext.stale_rows() == 1
    hits = store.fulltext.search("stromboli ferry")
    assert [h.memory_id for h in hits] == [late]
    # Stemming matches the indexed rows too: "migrating" finds "migrated".
    indexed = store.fulltext.search("migrating billing")
    assert "billing" in store.memories.get(indexed[0].memory_id).content
    store.fulltext.rebuild()
    assert [h.memory_id for h in store.fulltext.search("stromboli ferry")] == [late]


def test_a_keyword_index_lost_after_it_was_built_is_built_again(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Whether the index exists is asked once, not on every search: a search that fails
    because it is gone says so, and the next one builds it again."""
    ids = remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    with store.db.exclusive() as cur:
        cur.execute("DROP SCHEMA fts_main_memories CASCADE")
    # Plain words are scored from the postings held in process; others ask the index.
    assert [h.memory_id for h in store.fulltext.search("cello")] == [ids[3]]
    with pytest.raises(StoreError, match="Keyword search failed"):
        store.fulltext.search("Pórto")
    assert [h.memory_id for h in store.fulltext.search("Pórto")] == [ids[1]]
    assert store.fulltext.exists()


def test_words_of_new_memories_are_read_once_and_only_after_memories_were_added(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keyword search reads the rows written since the index was built after commits that
    added some, not after those that only changed rows (a chat turn's boosts), and holds the
    words a full read of the file gives."""
    stopwords = frozenset({"the", "to", "in"})

    def stem(words: list[str]) -> list[str]:
        return [w[:5] for w in words]

    def read(words: UnindexedDocuments) -> dict[str, list[str]]:
        return words.documents(0, 0, stopwords, store.db.additions)

    (first,) = remember(store, embedder, TEXTS[:1], T0)
    words = UnindexedDocuments(store.db, FTS_SCHEMA, StemCache(stem))
    assert set(read(words)) == {first}
    (last,) = remember(store, embedder, ["Booked the ferry to Stromboli"], T0)
    assert read(words)[last] == ["booke", "ferry", "strom"]
    with store.db.write() as cur:
        store.memories.record_access(cur, [first, last], [], T0)
    forbid_reads_on_this_thread(monkeypatch, store.db)
    held = read(words)
    monkeypatch.undo()
    assert held == read(UnindexedDocuments(store.db, FTS_SCHEMA, StemCache(stem)))
    assert set(held) == {first, last}


def test_a_memory_written_while_a_keyword_search_reads_is_found_by_the_next(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search through SQL reads in one transaction: a memory committed after it began is
    not in what it sees, and must not be taken as read by the searches after it."""
    remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    index = sql_only(store)
    assert index.search("ferry") == []
    began = store.db.read_snapshot
    late: list[str] = []

    @contextmanager
    def overtaken() -> Iterator[duckdb.DuckDBPyConnection]:
        with began() as cur:
            late.extend(remember(store, embedder, ["Booked the ferry to Stromboli"], T0))
            yield cur

    monkeypatch.setattr(store.db, "read_snapshot", overtaken)
    assert index.search("ferry") == []
    monkeypatch.undo()
    assert [h.memory_id for h in index.search("ferry")] == late


def test_fresh_and_indexed_rows_rank_on_one_scale(store: MemoryStore, embedder: Embedder) -> None:
    (indexed,) = remember(store, embedder, ["cello cello cello practice"], T0)
    store.fulltext.rebuild()
    (fresh,) = remember(store, embedder, ["a cello"], T0)
    hits = store.fulltext.search("cello")
    assert [h.memory_id for h in hits] == [indexed, fresh]


def test_superseded_memories_leave_both_searches(store: MemoryStore, embedder: Embedder) -> None:
    (old,) = remember(store, embedder, ["I live in Berlin"], T0)
    store.fulltext.rebuild()
    new = NewMemory(MemoryKind.SEMANTIC, "I live in Lisbon", datetime(2026, 5, 1, tzinfo=UTC))
    with store.db.write() as cur:
        current = store.memories.supersede(cur, old, new, embedder.embed([new.content])[0])
    assert [h.memory_id for h in store.fulltext.search("live")] == [current]
    query = embedder.embed(["where do I live"])[0]
    assert [h.memory_id for h in store.vectors.nearest(query)] == [current]


def sql_only(store: MemoryStore) -> FullTextIndex:
    """The same index scored by DuckDB alone (no in-memory postings)."""
    index = FullTextIndex(store.db, store.searchable)
    index._postings = lambda watermark: None  # type: ignore[method-assign]
    return index


def scores(index: FullTextIndex, queries: list[str]) -> list[list[tuple[str, float]]]:
    """Each query's hits with their scores to 9 decimals, in id order."""
    return [sorted((h.memory_id, round(h.score, 9)) for h in index.search(q)) for q in queries]


def test_in_memory_bm25_scores_exactly_like_the_extension(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, [*TEXTS, "Biscuit the retriever loves the Porto beaches"], T0)
    (replaced,) = remember(store, embedder, ["The cello teacher lives in Porto"], T0)
    store.fulltext.rebuild()
    new = NewMemory(MemoryKind.EPISODIC, "The cello teacher moved to Braga", T0)
    with store.db.write() as cur:
        store.memories.supersede(cur, replaced, new, embedder.embed([new.content])[0])
    # Written after the build, one of them beyond plain ASCII: scored as a rebuild would.
    fresh = ["Zoë bakes crème brûlée in Porto", "We walked along the Porto river at night"]
    remember(store, embedder, fresh, T0)
    for query in ["Porto", "retriever puppy Biscuit", "cello teacher", "Thursday's budget", "zzz"]:
        fast = [(h.memory_id, round(h.score, 9)) for h in store.fulltext.search(query)]
        slow = [(h.memory_id, round(h.score, 9)) for h in sql_only(store).search(query)]
        assert sorted(fast) == sorted(slow), query
    assert replaced not in {h.memory_id for h in store.fulltext.search("Porto")}
    # A query that is not plain ASCII is split by DuckDB itself, with the same results.
    assert [h.memory_id for h in store.fulltext.search("Pórto")] == [
        h.memory_id for h in sql_only(store).search("Pórto")
    ]


def counted_loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Watermarks of the keyword postings read whole from here on (~2 s at 100k memories)."""
    loads: list[int] = []
    load = PostingsSnapshot.load

    def counted(
        cur: object, schema: str, watermark: int, build: int, drops: int
    ) -> PostingsSnapshot:
        loads.append(watermark)
        return load(cur, schema, watermark, build, drops)  # type: ignore[arg-type]

    monkeypatch.setattr(PostingsSnapshot, "load", counted)
    return loads


def superseded_since_the_index(store: MemoryStore, embedder: Embedder) -> str:
    """A memory written after the index was built, and superseded: both versions are new to
    it, the old one no longer searchable. Returns the old one's id."""
    (replaced,) = remember(store, embedder, ["The cello teacher lives in Porto"], T0)
    new = NewMemory(MemoryKind.EPISODIC, "The cello teacher moved to Braga", T0)
    with store.db.write() as cur:
        store.memories.supersede(cur, replaced, new, embedder.embed([new.content])[0])
    return replaced


def test_new_memories_folded_into_the_keyword_index_score_as_after_a_rebuild(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Folding in what was written since the last build takes the writer briefly (a rebuild
    held it 7.4 s at 100k memories) and the postings held in process take in only what it
    appended (reading them whole cost ~2 s of CPU); every score, through those postings and
    through SQL, must be what a rebuild gives."""
    remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    loads = counted_loads(monkeypatch)
    assert store.fulltext.fold() == 0
    replaced = superseded_since_the_index(store, embedder)
    # New words, known words, a repeated word, text beyond plain ASCII, only stopwords.
    later = [
        "Zoë bakes crème brûlée in Porto, Porto, Porto",
        "Biscuit the retriever swam in the Douro",
        "and the of it",
    ]
    remember(store, embedder, later, T0)
    queries = ["Porto", "cello teacher Braga", "retriever Biscuit", "Douro", "Pórto", "zzz"]

    assert store.fulltext.fold() == 5
    assert store.fulltext.stale_rows() == 0
    folded = scores(store.fulltext, queries)
    assert folded == scores(sql_only(store), queries)
    assert replaced not in {i for i, _ in folded[0]}
    assert len(folded[0]) == 2 and len(folded[3]) == 1
    # A second fold grows the grown postings: known words, a new one, a stopword alone.
    remember(store, embedder, ["Biscuit chased a pelican along the Douro", "the"], T0)
    assert store.fulltext.fold() == 2
    queries.append("pelican Douro Biscuit")
    twice, twice_sql = scores(store.fulltext, queries), scores(sql_only(store), queries)
    assert loads == []
    store.fulltext.rebuild()
    assert twice == scores(store.fulltext, queries) == twice_sql
    assert len(twice[3]) == 2 and twice[-1] != []


def test_keyword_scores_stay_put_when_new_memories_are_folded_in(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Rows written since the index are scored on its statistics extended by them, the way a
    rebuild counts (every row, a forgotten one as an empty document): a memory's score, and
    so the order of results, is the same before the background fold, after it and after a
    rebuild, through the postings held in process and through SQL."""
    remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    superseded_since_the_index(store, embedder)
    later = [
        "Zoë bakes crème brûlée in Porto",
        "Biscuit the retriever swam in the Douro near Porto",
        "and the of it",
        "The zebra code for the Porto flat",
    ]
    forgotten = remember(store, embedder, later, T0)[-1]
    assert [h.memory_id for h in store.fulltext.search("zebra")] == [forgotten]
    assert store.forget([forgotten], T0) == [forgotten]
    queries = ["Porto", "cello teacher Braga", "retriever Biscuit", "Douro", "Pórto", "zebra"]

    before = scores(store.fulltext, queries)
    assert before == scores(sql_only(store), queries)
    assert store.fulltext.fold() == 6
    assert scores(store.fulltext, queries) == before == scores(sql_only(store), queries)
    store.fulltext.rebuild()
    assert scores(store.fulltext, queries) == before
    assert len(before[0]) == 3 and before[5] == []


def test_a_forget_takes_its_words_out_of_the_keyword_index_as_a_rebuild_would(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forgetting no longer rebuilds the index (11 s of a 21 s forget at 100k memories), nor
    reads the postings held in process whole again (2 s more): the forgotten memory's
    postings and the words only it used leave, and every score is what a rebuild gives,
    also once more memories are folded in after it."""
    texts = [*TEXTS, "Back in Porto with the cello", "A zanzibarquokka in Porto bit Biscuit"]
    ids = remember(store, embedder, texts, T0)
    store.fulltext.rebuild()
    loads = counted_loads(monkeypatch)
    assert store.forget([ids[-1], ids[1]], T0) == [ids[-1], ids[1]]
    terms = store.db.cursor().execute(f"SELECT term FROM {FTS_SCHEMA}.dict").fetchall()
    assert ("zanzibarquokka",) not in terms and ("porto",) in terms
    queries = ["Porto", "retriever Biscuit", "zanzibarquokka", "Pórto cello", "bit", "sister"]

    dropped = scores(store.fulltext, queries)
    assert dropped == scores(sql_only(store), queries)
    assert dropped[2] == dropped[4] == dropped[5] == [] and len(dropped[0]) == 1
    remember(store, embedder, ["Biscuit met my sister in Porto"], T0)
    assert store.fulltext.fold() == 1
    folded, folded_sql = scores(store.fulltext, queries), scores(sql_only(store), queries)
    assert loads == []
    store.fulltext.rebuild()
    assert folded == scores(store.fulltext, queries) == folded_sql
    assert len(folded[0]) == 2 and len(folded[5]) == 1


def test_keyword_search_after_everything_is_forgotten_finds_only_what_came_after(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    assert store.fulltext.search("cello") != []
    store.forget_everything()
    assert store.fulltext.search("cello") == []
    (again,) = remember(store, embedder, ["Cello lessons start again in May"], T0)
    store.fulltext.fold()
    assert [h.memory_id for h in store.fulltext.search("cello")] == [again]


def test_a_search_racing_a_fold_counts_each_memory_once(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A search that last saw the index before a fold committed (here: readers that learnt
    its watermark before it) takes the watermark with the tables, so the folded rows are not
    scored both as indexed and as new."""
    sister = remember(store, embedder, TEXTS, T0)[1]
    store.fulltext.rebuild()
    in_process, sql = FullTextIndex(store.db, store.searchable), sql_only(store)
    assert in_process.watermark() == sql.watermark() == store.fulltext.watermark()
    (again,) = remember(store, embedder, ["Back in Porto for the wedding"], T0)
    store.fulltext.fold()
    for index in (in_process, sql):
        for query in ("Porto", "Pórto"):
            ids = [h.memory_id for h in index.search(query)]
            assert sorted(ids) == sorted([sister, again]), (index, query)


def test_upkeep_folds_new_memories_into_the_keyword_index_once_there_are_enough(
    store: MemoryStore, embedder: Embedder
) -> None:
    store.fulltext.stale_rows_before_fold = 3
    remember(store, embedder, TEXTS[:2], T0)
    store.maintain()
    assert store.fulltext.stale_rows() == 2
    (cello,) = remember(store, embedder, TEXTS[3:4], T0)
    store.maintain()
    assert store.fulltext.stale_rows() == 0
    assert [h.memory_id for h in store.fulltext.search("cello")] == [cello]


def test_a_warmed_store_answers_its_first_keyword_search_without_reading_the_postings(
    store: MemoryStore, embedder: Embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The desktop warms the store as it starts: at 100k memories the postings took the first
    question 2.5 s to read."""
    ids = remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    store.close()
    loads = counted_loads(monkeypatch)
    reopened = MemoryStore.open(tmp_path / "home", BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    try:
        assert loads == []
        reopened.warm()
        assert len(loads) == 1
        assert [h.memory_id for h in reopened.fulltext.search("cello")] == [ids[3]]
        assert len(loads) == 1
    finally:
        reopened.close()


def test_a_memory_forgotten_before_the_next_index_build_leaves_keyword_search(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, TEXTS, T0)
    store.fulltext.rebuild()
    (secret,) = remember(store, embedder, ["The safe code is hidden behind the zebra painting"], T0)
    assert [h.memory_id for h in store.fulltext.search("zebra painting")] == [secret]
    store.forget([secret], T0)
    assert store.fulltext.search("zebra painting") == []
    (again,) = remember(store, embedder, ["A zebra painting now hangs in the hall"], T0)
    assert [h.memory_id for h in store.fulltext.search("zebra painting")] == [again]
