"""Reads against a file that is swapped for a fresh copy (a forget's rewrite). Closing the
connection under them failed whatever search ran at that moment ("Connection already closed",
a chat turn lost); instead the old file is detached and the new one attached under the same
name, which every cursor keeps reading through, and statements wait out those few
milliseconds. A query still being fetched keeps the old file open until it is done; the swap
waits for it (`reattach`)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import duckdb

log = logging.getLogger(__name__)


class Gate:
    """Many pass side by side while it is open; closing it waits until none is passing, and
    those who come meanwhile wait for it to open again, so a steady stream of passers cannot
    keep it from closing. A thread already passing (inside a read transaction) passes again
    without waiting."""

    def __init__(self) -> None:
        self._state = threading.Condition(threading.Lock())
        self._passing: dict[int, int] = {}
        self._closers = 0
        self._closed = False

    @contextmanager
    def passing(self) -> Iterator[None]:
        me = threading.get_ident()
        with self._state:
            while (self._closed or self._closers) and me not in self._passing:
                self._state.wait()
            self._passing[me] = self._passing.get(me, 0) + 1
        try:
            yield
        finally:
            with self._state:
                if self._passing[me] == 1:
                    del self._passing[me]
                    self._state.notify_all()
                else:
                    self._passing[me] -= 1

    @contextmanager
    def closed(self) -> Iterator[None]:
        with self._state:
            self._closers += 1
            try:
                while self._passing or self._closed:
                    self._state.wait()
            finally:
                self._closers -= 1
            self._closed = True
        try:
            yield
        finally:
            with self._state:
                self._closed = False
                self._state.notify_all()


class GatedCursor:
    """A thread's read cursor whose statements start through the gate. Everything else
    (fetching, registering a relation) is the cursor's own."""

    def __init__(self, cursor: duckdb.DuckDBPyConnection, gate: Gate) -> None:
        self._cursor = cursor
        self._gate = gate

    def execute(self, *args: Any, **kwargs: Any) -> GatedCursor:
        with self._gate.passing():
            self._cursor.execute(*args, **kwargs)
        return self

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cursor, name)


def reattach(attach: Callable[[], object], patience: float = 30.0) -> None:
    """Attach again, waiting for queries begun before the swap to be fetched: until then
    DuckDB keeps the old file open under the same path and refuses a second handle. Another
    program that opened the file in the moment it was let go (an `engram` command run beside
    the app) is waited for too: giving up would leave this store without its file."""
    deadline = time.monotonic() + patience
    delay = 0.002
    while True:
        try:
            attach()
            return
        except (duckdb.BinderException, duckdb.IOException) as exc:
            held_here = "file handle conflict" in str(exc)
            if not (held_here or "Could not set lock" in str(exc)):
                raise
            if time.monotonic() > deadline:
                raise
            if held_here:
                log.debug("Waiting for a read of the old memory file to finish")
            else:
                log.warning("Another program has the memory file open; waiting for it")
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
