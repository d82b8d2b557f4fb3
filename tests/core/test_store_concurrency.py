"""One writer, many readers: searches on other threads keep working while a session is written,
and a store whose vector index must be rebuilt opens at once."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from core.model import MemoryKind, NewMemory
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
