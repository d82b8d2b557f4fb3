"""Store benchmark: bulk insert, HNSW build and queries, exact scan, fts rebuild, BM25 (indexed
and fresh rows) and folding the fresh rows into the fts index (with how long each holds the
writer), on a synthetic store of N memories. Run on demand, not in the test suite:

    .venv/bin/python -m tests.bench.store_bench --memories 100000 --json
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from core.model import MemoryKind, NewMemory
from core.store import MemoryStore
from tests.bench.report import run_at_scale
from tests.bench.synthetic import DIM, synthetic

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def percentile(samples: list[float], q: float) -> float:
    return float(np.percentile(np.array(samples), q))


def timed(fn, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def writer_held(store: MemoryStore, action: Callable[[], object]) -> tuple[float, float]:
    """(seconds `action` took, the longest in ms an empty write waited meanwhile): how long a
    chat turn's write would have been held back."""
    worker = threading.Thread(target=action)
    started = time.perf_counter()
    worker.start()
    longest = 0.0
    while worker.is_alive():
        asked = time.perf_counter()
        with store.db.write():
            pass
        longest = max(longest, time.perf_counter() - asked)
        time.sleep(0.001)
    worker.join()
    return time.perf_counter() - started, longest * 1000


def run(home: Path, count: int, queries: int) -> dict[str, float]:
    rng = np.random.default_rng(0)
    texts, vectors = synthetic(count, rng)
    store = MemoryStore.open(home, "bench", DIM)
    with store.db.exclusive() as cur:
        store.vectors.drop(cur)
    results: dict[str, float] = {"memories": count}

    started = time.perf_counter()
    for start in range(0, count, 5000):
        batch = [NewMemory(MemoryKind.EPISODIC, t, T0) for t in texts[start : start + 5000]]
        with store.db.write() as cur:
            store.memories.insert(cur, batch, vectors[start : start + 5000])
    results["insert_rows_per_s"] = count / (time.perf_counter() - started)

    probes = vectors[rng.integers(0, count, queries)] + 0.05 * rng.standard_normal((queries, DIM))
    exact = timed(lambda: store.vectors.nearest(probes[0], k=200), 5)
    results["exact_top200_p50_ms"] = statistics.median(exact)

    started = time.perf_counter()
    store.vectors.build()
    results["hnsw_build_s"] = time.perf_counter() - started

    it = iter(probes)
    top10 = timed(lambda: store.vectors.nearest(next(it), k=10), queries)
    it = iter(probes)
    top200 = timed(lambda: store.vectors.nearest(next(it), k=200), queries)
    results["hnsw_top10_p50_ms"] = statistics.median(top10)
    results["hnsw_top10_p95_ms"] = percentile(top10, 95)
    results["hnsw_top200_p50_ms"] = statistics.median(top200)
    results["hnsw_top200_p95_ms"] = percentile(top200, 95)

    results["fts_rebuild_s"], results["fts_rebuild_writer_held_ms"] = writer_held(
        store, store.fulltext.rebuild
    )
    words = [texts[i].split()[:3] for i in rng.integers(0, count, queries)]
    it = iter(words)
    bm25 = timed(lambda: store.fulltext.search(" ".join(next(it)), k=200), queries)
    results["bm25_top200_p50_ms"] = statistics.median(bm25)
    results["bm25_top200_p95_ms"] = percentile(bm25, 95)

    # The most rows searched outside the index: upkeep folds them in at the next one.
    most = store.fulltext.stale_rows_before_fold - 1
    fresh = [NewMemory(MemoryKind.EPISODIC, t, T0) for t in texts[:most]]
    with store.db.write() as cur:
        store.memories.insert(cur, fresh, vectors[:most])
    results["fresh_rows"] = most
    it = iter(words)
    stale = timed(lambda: store.fulltext.search(" ".join(next(it)), k=200), queries)
    results["bm25_with_fresh_rows_p95_ms"] = percentile(stale, 95)
    # The fold's own time includes reloading the postings, which holds nothing back.
    results["fts_fold_s"], results["fts_fold_writer_held_ms"] = writer_held(
        store, store.fulltext.fold
    )
    results["fts_writer_held_rebuild_vs_fold"] = results["fts_rebuild_writer_held_ms"] / max(
        results["fts_fold_writer_held_ms"], 1e-9
    )
    it = iter(words)
    folded = timed(lambda: store.fulltext.search(" ".join(next(it)), k=200), queries)
    results["bm25_after_fold_p95_ms"] = percentile(folded, 95)
    results["hnsw_top200_vs_exact_speedup"] = results["exact_top200_p50_ms"] / max(
        results["hnsw_top200_p50_ms"], 1e-9
    )
    store.close()
    return results


if __name__ == "__main__":
    run_at_scale(__doc__, run, queries=50)
