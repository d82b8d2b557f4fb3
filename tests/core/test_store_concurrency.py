"""One writer, many readers: searches on other threads keep working while a session is written,
and a store whose vector index must be rebuilt opens at once."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from core.model import MemoryKind, NewMemory, Role, Session, Turn
from core.store import MemoryStore
from core.store.store import SMALL_STORE

DIM = 16
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def random_memories(store: MemoryStore, count: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    vectors = rng.standard_normal((count, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    memories = [
        NewMemory(MemoryKind.EPISODIC, f"note {i} about topic {i % 7}", T0) for i in range(count)
    ]
    with store.db.write() as cur:
        store.memories.insert(cur, memories, vectors)
    return vectors


def test_readers_on_other_threads_run_while_the_writer_writes(tmp_path: Path) -> None:
    store = MemoryStore.open(tmp_path, "test", DIM)
    try:
        random_memories(store, 200)
        errors: list[BaseException] = []
        cursors: set[int] = set()
        done = threading.Event()

        def reader() -> None:
            try:
                cursors.add(id(store.db.cursor()))
                query = np.ones(DIM, dtype=np.float32)
                while not done.is_set():
                    assert store.vectors.nearest(query, k=5)
                    assert store.fulltext.search("topic")
            except BaseException as exc:  # surfaced below; a thread cannot fail the test itself
                errors.append(exc)

        threads = [threading.Thread(target=reader) for _ in range(3)]
        for thread in threads:
            thread.start()
        for batch in range(5):
            random_memories(store, 50, seed=batch + 1)
        done.set()
        for thread in threads:
            thread.join(timeout=30)
        assert errors == []
        assert len(cursors) == 3
        assert store.memories.count() == 450
    finally:
        store.close()


def test_missing_vector_index_is_rebuilt_in_the_background(tmp_path: Path) -> None:
    store = MemoryStore.open(tmp_path, "test", DIM)
    vectors = random_memories(store, SMALL_STORE + 500)
    with store.db.exclusive() as cur:
        store.vectors.drop(cur)
    store.close()

    ready = threading.Event()
    started = time.perf_counter()
    store = MemoryStore.open(tmp_path, "test", DIM, on_index_ready=lambda error: ready.set())
    try:
        opened_in = time.perf_counter() - started
        # Exact search answers straight away, whatever the index is doing.
        assert store.vectors.nearest(vectors[42], k=1)[0].similarity > 0.999
        assert ready.wait(timeout=120), f"index not rebuilt (store opened in {opened_in:.2f}s)"
        assert store.stats().vector_index == "ready"
        assert "HNSW_INDEX_SCAN" in store.vectors.explain(vectors[42])
    finally:
        store.close()


def test_while_rows_are_frozen_turns_are_written_and_memory_writes_wait(tmp_path: Path) -> None:
    """An index build holds memory rows still for seconds: a chat turn's own rows are saved
    meanwhile, a write of memory rows waits for the build to end."""
    store = MemoryStore.open(tmp_path, "test", DIM)
    try:
        random_memories(store, 20)
        frozen, release = threading.Event(), threading.Event()
        order: list[str] = []

        def build() -> None:
            with store.db.freeze_rows():
                frozen.set()
                release.wait(30)
                order.append("build done")

        def learn() -> None:
            random_memories(store, 1, seed=9)
            order.append("memory written")

        builder = threading.Thread(target=build)
        builder.start()
        assert frozen.wait(10)
        assert store.db.rows_frozen
        learner = threading.Thread(target=learn)
        learner.start()
        session = Session("s1", T0, None, (Turn("s1-t0", "s1", 0, Role.USER, "Hi there", T0),))
        with store.db.write(memory_rows=False) as cur:
            store.conversations.insert_sessions(cur, [session])
        order.append("turn written")
        learner.join(0.5)
        assert learner.is_alive()
        release.set()
        builder.join(30)
        learner.join(30)
        assert order == ["turn written", "build done", "memory written"]
        assert not store.db.rows_frozen
        assert store.memories.count() == 21
        assert store.conversations.counts() == (1, 1)
    finally:
        store.close()


def test_turns_written_during_a_real_index_build_leave_a_sound_index(tmp_path: Path) -> None:
    """The build runs beside a chat's writes after a forget has left NULL vectors in the table
    (the case that corrupts a vss graph when memory rows are added during the build): turns
    go on being saved, and afterwards new memories join the index and survive a reopen."""
    store = MemoryStore.open(tmp_path, "test", DIM)
    vectors = random_memories(store, 20_000)
    forgotten = store.memories.recent(1)[0].id
    store.forget([forgotten], T0)
    turns = 0
    while store.vectors.building:
        at = T0 + timedelta(seconds=turns)
        said = Turn(f"s{turns}-t0", f"s{turns}", 0, Role.USER, "Hello", at)
        with store.db.write(memory_rows=False) as cur:
            store.conversations.insert_sessions(cur, [Session(f"s{turns}", at, None, (said,))])
        turns += 1
    store.vectors.wait_for_build(60)
    # Held back by the build, the first write would have ended the loop.
    assert turns >= 5
    added = random_memories(store, 50, seed=5)
    store.close()
    store = MemoryStore.open(tmp_path, "test", DIM)
    try:
        assert store.conversations.counts() == (turns, turns)
        assert "HNSW_INDEX_SCAN" in store.vectors.explain(added[3])
        assert store.vectors.nearest(added[3], k=1)[0].similarity > 0.999
        assert store.vectors.nearest(vectors[7], k=1)[0].similarity > 0.999
        random_memories(store, 5, seed=6)
        assert store.memories.count() == 20_000 - 1 + 50 + 5
    finally:
        store.close()


def test_reads_on_other_threads_go_on_through_forgets_that_swap_the_file(
    tmp_path: Path,
) -> None:
    """A forget swaps the file for a clean copy. Closing the connection under running reads
    failed whichever search hit that moment ("Connection already closed"): a chat turn lost."""
    store = MemoryStore.open(tmp_path, "test", DIM)
    try:
        random_memories(store, 300)
        ids = [m.id for m in store.memories.recent(300)]
        errors: list[BaseException] = []
        reads = [0, 0, 0]
        done = threading.Event()

        def reader(slot: int) -> None:
            try:
                query = np.ones(DIM, dtype=np.float32)
                while not done.is_set():
                    assert store.vectors.nearest_any(query, k=5)
                    assert store.fulltext.search("topic")
                    assert store.memories.count() > 0
                    with store.db.read_snapshot() as cur:
                        cur.execute("SELECT count(*) FROM turns").fetchall()
                    reads[slot] += 1
            except BaseException as exc:  # surfaced below; a thread cannot fail the test itself
                errors.append(exc)

        threads = [threading.Thread(target=reader, args=(slot,)) for slot in range(3)]
        for thread in threads:
            thread.start()
        for victim in ids[:4]:
            store.forget([victim], T0)
        done.set()
        for thread in threads:
            thread.join(timeout=30)
        assert errors == []
        assert min(reads) > 0
        assert store.memories.count() == 296
    finally:
        store.close()
