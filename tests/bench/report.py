"""What every benchmark prints: JSON for machines, an aligned table for people."""

from __future__ import annotations

import argparse
import gc
import json
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p95) of timings in milliseconds."""
    return float(np.percentile(samples, 50)), float(np.percentile(samples, 95))


@dataclass
class CollectorPauses:
    """Full passes of Python's cycle collector and how long each held every thread (the
    window's too): at 100k held memories one takes 60-115 ms. They are rare (none in 120
    turns or 800 searches), so a run that saw one says so."""

    full_ms: list[float] = field(default_factory=list)

    def results(self) -> dict[str, float]:
        return {
            "gc_full_passes": len(self.full_ms),
            "gc_full_pass_max_ms": max(self.full_ms, default=0.0),
        }


@contextmanager
def collector_pauses() -> Iterator[CollectorPauses]:
    pauses = CollectorPauses()
    started = 0.0

    def heard(phase: str, info: dict[str, int]) -> None:
        nonlocal started
        if info["generation"] != 2:
            return
        if phase == "start":
            started = time.perf_counter()
        else:
            pauses.full_ms.append((time.perf_counter() - started) * 1000)

    gc.callbacks.append(heard)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(heard)


def print_results(results: Mapping[str, float], as_json: bool) -> None:
    if as_json:
        print(json.dumps(dict(results), indent=2))
        return
    width = max(len(key) for key in results)
    for key, value in results.items():
        print(f"{key:>{width}}: {value:,.2f}")


def run_at_scale(
    doc: str, run: Callable[[Path, int, int], Mapping[str, float]], queries: int
) -> None:
    """Command line shared by the benchmarks that build a synthetic store of N memories. The
    store lives in a scratch folder removed however the run ends: at 100k memories it is ~1 GB,
    and left behind after every run such folders once filled the disk CI runs on."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--memories", type=int, default=20_000)
    parser.add_argument("--queries", type=int, default=queries)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="engram-bench-") as folder:
        results = run(Path(folder), args.memories, args.queries)
    print_results(results, args.json)
