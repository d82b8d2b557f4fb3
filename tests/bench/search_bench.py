"""Search latency at scale: the full `Retriever.search` path (query embedding excluded) against
a raw HNSW top-200 query on the same table, in the same run. Target: p95 ratio <= 2. The raw
query returns ids and distances, as the issue words it; search's own walk returns row numbers
(`seq`), which DuckDB fetches ~2 ms cheaper, so the ratio against that walk is printed too.
Also the one-off cost of holding the searchable memories in process (time, Python heap), and
the first searches after the store is opened again, cold and warmed (what the desktop does at
start).

    .venv/bin/python -m tests.bench.search_bench --memories 100000 --json
"""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import numpy as np

from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.store.searchable import SearchableMemories
from tests.bench.report import collector_pauses, percentiles, run_at_scale
from tests.bench.synthetic import DIM, NOW, synthetic_store

FIRST_SEARCHES = 5


class NoEncoder:
    """Queries arrive with their vector precomputed; nothing may embed during the timing."""

    model_id = "bench"
    dim = 384

    def embed(self, texts: list[str]) -> np.ndarray:
        raise AssertionError("the benchmark passes query vectors in")


def first_searches(
    home: Path, probes: np.ndarray, words: list[str], warm: bool
) -> tuple[float, list[float]]:
    """(seconds warming took, ms of each of the first searches) with the store opened again."""
    store = MemoryStore.open(home, "bench", DIM)
    started = time.perf_counter()
    if warm:
        store.warm()
    warm_s = time.perf_counter() - started
    retriever = Retriever(store, NoEncoder())
    times = []
    for probe, query in zip(probes, words, strict=True):
        started = time.perf_counter()
        retriever.search(SearchRequest(query, NOW, query_vector=probe, record_access=False))
        times.append((time.perf_counter() - started) * 1000)
    store.close()
    return warm_s, times


def run(home: Path, count: int, queries: int) -> dict[str, float]:
    store, texts, vectors = synthetic_store(home, count)
    rng = np.random.default_rng(1)
    picks = rng.integers(0, count, queries)
    probes = vectors[picks] + 0.05 * rng.standard_normal((queries, vectors.shape[1]))
    words = [" ".join(texts[i].split()[:4]) for i in picks]
    retriever = Retriever(store, NoEncoder())
    started = time.perf_counter()
    store.searchable.load()
    load_s = time.perf_counter() - started
    # The same rows read again by a second holder, with allocations traced (which slows it).
    tracemalloc.start()
    second = SearchableMemories(store.db)
    second.load()
    # Measured while it is still referenced: the store holds its listeners weakly.
    held_mb = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    del second
    raw, walk, full, recorded = [], [], [], []
    cursor = store.db.cursor()
    with collector_pauses() as pauses:
        for probe, query in zip(probes, words, strict=True):
            started = time.perf_counter()
            cursor.execute(store.vectors.walk_sql(probe, 200, key="id")).fetchall()
            raw.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            cursor.execute(store.vectors.walk_sql(probe, 200)).fetchall()
            walk.append((time.perf_counter() - started) * 1000)
            request = SearchRequest(query, NOW, query_vector=probe, record_access=False)
            started = time.perf_counter()
            retriever.search(request)
            full.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            retriever.search(SearchRequest(query, NOW, query_vector=probe))
            recorded.append((time.perf_counter() - started) * 1000)
    store.close()
    head = slice(0, FIRST_SEARCHES)
    _, cold = first_searches(home, probes[head], words[head], warm=False)
    warm_s, warmed = first_searches(home, probes[head], words[head], warm=True)
    raw_p50, raw_p95 = percentiles(raw)
    walk_p50, walk_p95 = percentiles(walk)
    full_p50, full_p95 = percentiles(full)
    rec_p50, rec_p95 = percentiles(recorded)
    return {
        "memories": count,
        "queries": queries,
        "searchable_load_s": load_s,
        "searchable_held_mb": held_mb,
        "raw_hnsw_top200_p50_ms": raw_p50,
        "raw_hnsw_top200_p95_ms": raw_p95,
        "walk_by_seq_top200_p50_ms": walk_p50,
        "walk_by_seq_top200_p95_ms": walk_p95,
        "search_p50_ms": full_p50,
        "search_p95_ms": full_p95,
        "search_with_boosting_p50_ms": rec_p50,
        "search_with_boosting_p95_ms": rec_p95,
        "p95_ratio": full_p95 / raw_p95,
        "p95_ratio_vs_walk_by_seq": full_p95 / walk_p95,
        "p95_ratio_with_boosting": rec_p95 / raw_p95,
        "first_search_cold_ms": cold[0],
        "first_searches_cold_mean_ms": float(np.mean(cold)),
        "warm_s": warm_s,
        "first_search_warmed_ms": warmed[0],
        "first_searches_warmed_mean_ms": float(np.mean(warmed)),
    } | pauses.results()


if __name__ == "__main__":
    # The p95 of 100 searches is their fifth slowest: one hiccup of this shared host moved
    # the ratio from ~1.7 to 2.3 in one run of six. 400 take ~40 s more at 100k memories.
    run_at_scale(__doc__, run, queries=400)
