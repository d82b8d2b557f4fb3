"""Launch benchmark: time from starting `engram` (a new process, as a double-click does) to a
window that takes input, and from Ctrl-C to the process gone (clean shutdown). Models load
lazily after the window is up, so neither should wait for them. Run on demand:

    .venv/bin/python -m tests.bench.launch_bench --runs 5 [--memories 10000] [--model F.gguf]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from app.shell import INTERACTIVE_MESSAGE
from core.settings import Settings, save_settings
from tests.bench.report import percentiles, print_results

TARGET_S = 1.5
LOG_TIME = "%Y-%m-%d %H:%M:%S,%f"


def _interactive_at(log: Path, timeout_s: float) -> datetime:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if log.exists():
            for line in log.read_text("utf-8", "replace").splitlines():
                if INTERACTIVE_MESSAGE in line:
                    return datetime.strptime(line[:23], LOG_TIME)
        time.sleep(0.02)
    raise TimeoutError(f"no '{INTERACTIVE_MESSAGE}' in {log} after {timeout_s} s")


def launch_once(home: Path, settle_s: float = 0.0) -> tuple[float, float]:
    """(seconds to interactive, seconds from Ctrl-C to exit); Ctrl-C comes `settle_s` after
    the window is interactive (0: while the models are still loading behind it)."""
    log = home / "logs" / "engram.log"
    log.unlink(missing_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    started = datetime.now()
    process = subprocess.Popen(
        [sys.executable, "-m", "app.main", "--home", str(home)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        interactive = (_interactive_at(log, 60) - started).total_seconds()
        time.sleep(settle_s)
        asked = time.perf_counter()
        process.send_signal(signal.SIGINT)
        process.wait(30)
        return interactive, time.perf_counter() - asked
    finally:
        if process.poll() is None:
            process.kill()


def _fill(home: Path, count: int) -> None:
    import numpy as np

    from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID
    from core.model import MemoryKind, NewMemory
    from core.store import MemoryStore
    from tests.bench.synthetic import synthetic

    texts, vectors = synthetic(count, np.random.default_rng(0))
    store = MemoryStore.open(home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    now = datetime.now().astimezone()
    with store.db.write() as cur:
        store.memories.insert(cur, [NewMemory(MemoryKind.EPISODIC, t, now) for t in texts], vectors)
    store.vectors.build()
    store.fulltext.rebuild()
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--memories", type=int, default=0)
    parser.add_argument("--settle", type=float, default=10.0, help="seconds before Ctrl-C")
    parser.add_argument("--model", type=Path, help="a GGUF file to load behind the window")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="engram-launch-"))
    atexit.register(shutil.rmtree, home, True)
    if args.memories:
        _fill(home, args.memories)
    if args.model:
        save_settings(home, Settings(llm_model_path=str(args.model.resolve())))
    # The first launch creates the store and warms the OS file cache; it is not counted.
    launch_once(home)
    runs = [launch_once(home, args.settle) for _ in range(args.runs)]
    up50, up95 = percentiles([r[0] * 1000 for r in runs])
    down50, down95 = percentiles([r[1] * 1000 for r in runs])
    print_results(
        {
            "memories": args.memories,
            "model_loaded": float(args.model is not None),
            "interactive_p50_ms": up50,
            "interactive_p95_ms": up95,
            "target_ms": TARGET_S * 1000,
            "ratio_p95_to_target": up95 / (TARGET_S * 1000),
            "shutdown_p50_ms": down50,
            "shutdown_p95_ms": down95,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
