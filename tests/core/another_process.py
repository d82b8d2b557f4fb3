"""A memory file held open by another program, as a running Engram holds it: what must then be
refused (opening it, restoring over it) is tried against a real lock, not a pretend one."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held_by_another_process(path: Path) -> Iterator[None]:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
            "print('ready', flush=True); time.sleep(60)",
            str(path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        yield
    finally:
        holder.kill()
        holder.wait()
