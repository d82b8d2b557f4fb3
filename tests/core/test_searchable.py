"""The rows a search scores from process memory must always say what the file says: after every
kind of write, after a rolled-back one, after months of consolidation, after everything is
forgotten, and when a commit lands while they are being read."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import numpy as np
import pytest

from core.consolidate import run_jobs
from core.embed import Embedder
from core.model import Memory, MemoryKind, NewMemory, Tier
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.store.searchable import SearchableMemories
from tests.core.memory_factory import remember
from tests.core.no_reads import forbid_reads_on_this_thread
from tests.core.test_consolidate import context, history

NOW = datetime(2026, 6, 1, tzinfo=UTC)
TEXTS = [
    "Ana adopted a grey cat called Miso from the shelter",
    "The team moved the release of Atlas to the first week of July",
    "I prefer green tea to coffee in the afternoon",
    "Ana's sister Lucia is getting married in Porto in September",
    "The dentist appointment is on Tuesday at nine",
    "We hiked the Dolomites last summer and want to go back",
]


def as_in_file(store: MemoryStore) -> dict[str, Memory]:
    """Every searchable memory as a fresh read of the file gives it, without its text."""
    rows = store.db.cursor().execute("SELECT id FROM memories").fetchall()
    return {
        m.id: replace(m, content="", summary=None, content_hash=None, source_turn_ids=())
        for m in store.memories.get_many([r[0] for r in rows])
        if m.forgotten_at is None and m.tier is not Tier.STUB
    }


def held(store: MemoryStore) -> dict[str, Memory]:
    rows = store.db.cursor().execute("SELECT id FROM memories").fetchall()
    return store.searchable.get(r[0] for r in rows)


def search_ids(retriever: Retriever, query: str, now: datetime = NOW) -> list[str]:
    request = SearchRequest(query, now, k=3, adaptive=False, expand=False, record_access=False)
    return [r.memory.id for r in retriever.search(request).results]


def test_held_rows_follow_every_kind_of_write(store: MemoryStore, embedder: Embedder) -> None:
    ids = remember(store, embedder, TEXTS, NOW - timedelta(days=30))
    cat, release, tea, wedding, dentist, hike = ids
    retriever = Retriever(store, embedder)
    assert search_ids(retriever, "Ana's cat")[0] == cat
    assert held(store) == as_in_file(store)

    retriever.search(SearchRequest("the Atlas release", NOW))
    assert held(store)[release].access_count == 1
    with store.db.write() as cur:
        store.memories.set_importance(cur, tea, 0.95)
        store.memories.set_summary(cur, wedding, "Lucia's wedding in Porto")
    assert held(store)[tea].importance == 0.95
    assert held(store) == as_in_file(store)

    coffee = NewMemory(MemoryKind.SEMANTIC, "I prefer coffee now, no more tea", NOW)
    with store.db.write() as cur:
        newer = store.memories.supersede(cur, tea, coffee, embedder.embed([coffee.content])[0])
        store.memories.retire(cur, [dentist], NOW)
        store.memories.set_tier(cur, [hike], Tier.STUB)
    assert held(store) == as_in_file(store)
    assert newer in search_ids(retriever, "what do I drink in the afternoon")
    assert tea not in search_ids(retriever, "what do I drink in the afternoon")
    assert dentist not in search_ids(retriever, "dentist appointment")
    assert hike not in search_ids(retriever, "hiking in the Dolomites")
    # Looking into the past still finds the replaced version, scored from the held rows.
    past = SearchRequest("green tea", NOW, as_of=NOW - timedelta(days=1), record_access=False)
    assert tea in [r.memory.id for r in retriever.search(past).results]

    with pytest.raises(RuntimeError), store.db.write() as cur:
        store.memories.set_importance(cur, cat, 0.01)
        raise RuntimeError("crash mid-write")
    assert held(store)[cat].importance == as_in_file(store)[cat].importance != 0.01

    store.forget([wedding], NOW)
    assert held(store) == as_in_file(store)
    assert wedding not in held(store)
    assert wedding not in search_ids(retriever, "Lucia's wedding in Porto")


def test_a_forget_keeps_the_other_memories_held_for_search(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file rewrite that finishes a forget copies the rows as they are: reading every
    searchable memory again cost the first search after a forget ~1.5 s at 100k."""
    ids = remember(store, embedder, TEXTS, NOW - timedelta(days=30))
    store.searchable.load()
    store.forget([ids[0]], NOW)
    forbid_reads_on_this_thread(monkeypatch, store.db)
    still = store.searchable.get(ids[1:])
    monkeypatch.undo()
    assert still == {i: m for i, m in as_in_file(store).items() if i in ids[1:]}
    assert len(still) == len(TEXTS) - 1
    assert store.searchable.get([ids[0]]) == {}


def test_a_retrievals_boosts_update_the_held_rows_without_reading_them_again(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = remember(store, embedder, TEXTS, NOW - timedelta(days=30))
    store.searchable.load()
    before = store.searchable.get(ids)
    Retriever(store, embedder).search(SearchRequest("Ana's cat Miso", NOW, k=3, adaptive=False))
    in_file = as_in_file(store)
    boosted = [i for i in ids if in_file[i].access_count == 1]
    assert len(boosted) == 3
    forbid_reads_on_this_thread(monkeypatch, store.db)
    now_held = store.searchable.get(ids)
    assert now_held == in_file
    assert all(now_held[i].stability > before[i].stability for i in boosted)
    assert all(now_held[i].last_accessed_at == NOW for i in boosted)


def test_new_memories_are_held_as_written_without_reading_them_back(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    remember(store, embedder, TEXTS[:2], NOW - timedelta(days=3))
    store.searchable.load()
    fact = NewMemory(
        MemoryKind.SEMANTIC,
        "Ana's sister Lucia lives in Porto",
        NOW,
        importance=0.36995516654807925,
        confidence=0.9210986675838745,
        project="family",
        session_id="s-9",
        entities=("Ana", "Lucia", "Porto"),
        key="lucia: location",
        valid_from=NOW - timedelta(days=400, microseconds=7),
        expires_at=NOW + timedelta(days=30),
    )
    chunk = NewMemory(
        MemoryKind.DOCUMENT, "## Setup\nRun it.", NOW, source_path="/notes/a.md", chunk_index=3
    )
    # A time without a zone is stored as UTC.
    plain = NewMemory(MemoryKind.EPISODIC, "no zone given", NOW.replace(tzinfo=None))
    stub = NewMemory(MemoryKind.EPISODIC, "compressed away", NOW, tier=Tier.STUB)
    with store.db.write() as cur:
        ids = store.memories.insert(
            cur, [fact, chunk, plain, stub], embedder.embed(["a", "b", "c", "d"])
        )
    in_file = as_in_file(store)
    forbid_reads_on_this_thread(monkeypatch, store.db)
    held_now = store.searchable.get(ids[:3])
    assert held_now == {i: in_file[i] for i in ids[:3]}
    assert held_now[ids[2]].created_at == NOW and held_now[ids[2]].created_at.tzinfo is not None
    assert held_now[ids[0]].entities == ("Ana", "Lucia", "Porto")
    assert ids[3] not in in_file


def test_a_row_boosted_and_changed_otherwise_in_one_write_is_read_again(
    store: MemoryStore, embedder: Embedder
) -> None:
    cat, release = remember(store, embedder, TEXTS[:2], NOW - timedelta(days=30))
    store.searchable.load()
    with store.db.write() as cur:
        store.memories.record_access(cur, [cat, release], [], NOW)
        store.memories.set_importance(cur, cat, 0.9)
    assert held(store) == as_in_file(store)
    assert held(store)[cat].importance == 0.9 and held(store)[cat].access_count == 1


def test_held_rows_match_the_file_after_months_of_consolidation(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    store.searchable.load()
    report = run_jobs(context(store, embedder, tmp_path), None)
    assert report  # the jobs ran: compression stubs originals, summaries join the store
    assert any(m.tier is Tier.COLD for m in as_in_file(store).values())
    assert held(store) == as_in_file(store)


def test_forgetting_everything_empties_them_and_new_memories_are_found(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember(store, embedder, TEXTS, NOW)
    store.searchable.load()
    store.forget_everything()
    assert held(store) == {}
    (fresh,) = remember(store, embedder, ["A new beginning in Lisbon"], NOW)
    assert search_ids(Retriever(store, embedder), "Lisbon") == [fresh]


class CommitDuringRead:
    """A cursor that lets a commit land after its query ran and before its rows are used."""

    def __init__(self, inner: duckdb.DuckDBPyConnection, commit: threading.Thread) -> None:
        self._inner, self._commit = inner, commit

    def execute(self, *args: object) -> CommitDuringRead:
        self._result = self._inner.execute(*args).fetchall()
        self._commit.start()
        self._commit.join()
        return self

    def fetchmany(self, size: int) -> list[tuple]:
        rows, self._result = self._result[:size], self._result[size:]
        return rows


def test_a_read_overtaken_by_a_commit_is_not_kept(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    (memory_id,) = remember(store, embedder, TEXTS[:1], NOW)
    searchable = SearchableMemories(store.db)
    searchable.load()

    def set_importance(value: float) -> None:
        with store.db.write() as cur:
            store.memories.set_importance(cur, memory_id, value)

    set_importance(0.7)
    real_cursor = store.db.cursor()
    reader = CommitDuringRead(real_cursor, threading.Thread(target=set_importance, args=(0.9,)))
    monkeypatch.setattr(store.db, "cursor", lambda: reader)
    # The read saw the row before the commit: it answers with that, and keeps nothing of it.
    assert searchable.get([memory_id])[memory_id].importance == 0.7
    monkeypatch.setattr(store.db, "cursor", lambda: real_cursor)
    assert searchable.get([memory_id])[memory_id].importance == 0.9


def test_reads_and_writes_at_once_leave_the_held_rows_as_the_file_says(
    store: MemoryStore,
) -> None:
    """Two searching threads while the writer boosts, re-weighs and compresses memories."""
    rng = np.random.default_rng(0)
    memories = [NewMemory(MemoryKind.EPISODIC, f"note {i}", NOW) for i in range(2000)]
    with store.db.write() as cur:
        ids = store.memories.insert(cur, memories, rng.standard_normal((2000, 384)))
    store.searchable.load()
    done = threading.Event()
    failures: list[BaseException] = []

    def guarded(work: Callable[[random.Random], None], seed: int) -> Callable[[], None]:
        def run() -> None:
            try:
                work(random.Random(seed))
            except BaseException as exc:  # reported by the assertion below
                failures.append(exc)
                done.set()

        return run

    def write(pick: random.Random) -> None:
        for n in range(150):
            with store.db.write() as cur:
                store.memories.record_access(cur, pick.sample(ids, 20), [], NOW + timedelta(n))
                store.memories.set_importance(cur, pick.choice(ids), pick.random())
                if n % 10 == 0:
                    store.memories.set_tier(cur, [pick.choice(ids)], Tier.COLD)
        done.set()

    def read(pick: random.Random) -> None:
        while not done.is_set():
            store.searchable.get(pick.sample(ids, 300))

    threads = [threading.Thread(target=guarded(write, 1))]
    threads += [threading.Thread(target=guarded(read, seed)) for seed in (2, 3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert held(store) == as_in_file(store)
