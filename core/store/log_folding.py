"""The write-ahead log folded into the memory file at a quiet moment, not inside a commit.

DuckDB checkpoints on its own in whichever commit takes the log past its threshold, and with
the vector graph kept in the file a checkpoint writes the whole graph out again: 4-6 s at
100,000 memories, held by that commit. In a chat turn's (the message's, the reply's) the
user waited it out. Instead, once a turn is learnt from and the user reads the reply, a log
past `LOG_BYTES` is checkpointed on a thread of its own: reads go on meanwhile, and the next
message's write, made while the model reads its prompt, waits for what is left of it. Batch
writers (imports) fold it after each batch (`MemoryStore.maintain`); DuckDB's own threshold
stays above, for a batch that fills the log faster."""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path

from core.errors import StoreError

log = logging.getLogger(__name__)

# DuckDB's own default: how much log a crash leaves to replay at the next start.
LOG_BYTES = 16 * 2**20
# Where DuckDB checkpoints by itself, inside a commit: ~6,000 chat turns past `LOG_BYTES`.
DUCKDB_THRESHOLD = "64MiB"
# Vectors are stored as they are. ALP-RD gains nothing on embeddings (the low bits of a unit
# vector's floats look random: the synthetic 100k store took 915 segments against 586 plain)
# and costs twice: a checkpoint compresses the whole last row group again (folding the log at
# 100k memories 3.8-4.4 s -> 1.8-2.3 s), and a commit adding a memory row decompresses part
# of it. A file written before is rewritten plainly at its next checkpoint.
UNUSED_COMPRESSION = "alprd"


def wal_path(path: Path) -> Path:
    """The write-ahead log DuckDB keeps beside the memory file."""
    return path.with_name(path.name + ".wal")


class LogFolder:
    def __init__(self, wal: Path, checkpoint: Callable[[], bool]) -> None:
        """`checkpoint`, a store's method, folds the log in holding the writer (False when the
        store is closed). It is held weakly: a store dropped (one that failed to open among
        them) must not live on through its folder, its file attached until collected."""
        self._wal = wal
        self._checkpoint = weakref.WeakMethod(checkpoint)
        self.limit = LOG_BYTES
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def fold_if_long(self) -> None:
        """A log past the limit is folded in on the folder's thread (one fold at a time).
        Called where nothing waits on the writer for a while, never holding it."""
        try:
            size = self._wal.stat().st_size
        except OSError:
            return  # no log: everything is in the file
        if size < self.limit:
            return
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(
                target=self._fold, args=(size,), name="engram-checkpoint", daemon=True
            )
            self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Until the fold under way, if any, is done."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _fold(self, size: int) -> None:
        checkpoint = self._checkpoint()
        if checkpoint is None:
            return
        started = time.perf_counter()
        try:
            folded = checkpoint()
        except StoreError as exc:
            log.info("The write-ahead log is folded in later: %s", exc)
            return
        if folded:
            log.info(
                "Write-ahead log (%.1f MB) folded into the memory file in %.1f s",
                size / 1e6,
                time.perf_counter() - started,
            )
