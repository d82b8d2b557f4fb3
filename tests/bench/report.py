"""What every benchmark prints: JSON for machines, an aligned table for people."""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np


def percentiles(samples: list[float]) -> tuple[float, float]:
    """(p50, p95) of timings in milliseconds."""
    return float(np.percentile(samples, 50)), float(np.percentile(samples, 95))


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
