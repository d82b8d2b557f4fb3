"""Store benchmark: bulk insert, HNSW build and queries, exact scan, fts rebuild and BM25 (indexed
and fresh rows) on a synthetic store of N memories. Run on demand, not in the test suite:

    .venv/bin/python -m tests.bench.store_bench --memories 100000 --json
"""

from __future__ import annotations

import statistics
import time
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

    started = time.perf_counter()
    store.fulltext.rebuild()
    results["fts_rebuild_s"] = time.perf_counter() - started
    words = [texts[i].split()[:3] for i in rng.integers(0, count, queries)]
    it = iter(words)
    bm25 = timed(lambda: store.fulltext.search(" ".join(next(it)), k=200), queries)
    results["bm25_top200_p50_ms"] = statistics.median(bm25)
    results["bm25_top200_p95_ms"] = percentile(bm25, 95)

    fresh = [NewMemory(MemoryKind.EPISODIC, t, T0) for t in texts[:1999]]
    with store.db.write() as cur:
        store.memories.insert(cur, fresh, vectors[:1999])
    it = iter(words)
    stale = timed(lambda: store.fulltext.search(" ".join(next(it)), k=200), queries)
    results["bm25_with_1999_fresh_rows_p95_ms"] = percentile(stale, 95)
    results["hnsw_top200_vs_exact_speedup"] = results["exact_top200_p50_ms"] / max(
        results["hnsw_top200_p50_ms"], 1e-9
    )
    store.close()
    return results


if __name__ == "__main__":
    run_at_scale(__doc__, run, queries=50)
