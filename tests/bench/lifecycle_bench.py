"""Background lifecycle at scale (no LLM): the time of each consolidation job on a synthetic
store of N memories (hot capacity at 90%, so a tenth is compressed), the time of a full 3D
layout, and the time to place one new memory between layouts.

    .venv/bin/python -m tests.bench.lifecycle_bench --memories 10000 --json
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from core.consolidate import ConsolidationConfig, JobContext, run_jobs
from core.model import MemoryKind, NewMemory
from core.viz import full_layout, place_new
from tests.bench.encoder import app_encoder
from tests.bench.report import run_at_scale
from tests.bench.synthetic import DIM, NOW, synthetic_store


def run(folder: Path, count: int, placements: int) -> dict[str, float]:
    store, texts, vectors = synthetic_store(folder / "home", count)
    embedder = app_encoder()
    config = ConsolidationConfig(hot_capacity=int(count * 0.9))
    results: dict[str, float] = {"memories": count}
    for report in run_jobs(JobContext(store, embedder, NOW, folder, config)):
        # The first layout in a process also pays numba's import and compilation.
        name = "first_layout_with_jit" if report.job == "layout" else f"job_{report.job}"
        results[f"{name}_s"] = report.seconds
    started = time.perf_counter()
    results["full_layout_memories"] = full_layout(store)
    results["full_layout_s"] = time.perf_counter() - started
    rng = np.random.default_rng(2)
    picks = rng.integers(0, count, placements)
    fresh = vectors[picks] + 0.05 * rng.standard_normal((placements, DIM)).astype(np.float32)
    fresh /= np.linalg.norm(fresh, axis=1, keepdims=True)
    memories = [NewMemory(MemoryKind.EPISODIC, texts[i], NOW) for i in picks]
    with store.db.write() as cur:
        store.memories.insert(cur, memories, fresh)
    started = time.perf_counter()
    placed = place_new(store)
    results["placement_per_memory_ms"] = (time.perf_counter() - started) * 1000 / max(placed, 1)
    store.close()
    return results


if __name__ == "__main__":
    run_at_scale(__doc__, run, queries=50)
