"""For tests of what must already be held in process: the calling thread may not read the
file, while the writer (and any other thread) reads as usual."""

from __future__ import annotations

import threading

import pytest

from core.store.database import Database


class NoReads:
    """A cursor for a thread that must not need the file."""

    def execute(self, *args: object) -> NoReads:
        raise AssertionError(f"read the file: {args[0]}")


def forbid_reads_on_this_thread(monkeypatch: pytest.MonkeyPatch, db: Database) -> None:
    own_cursor, this_thread = db.cursor, threading.current_thread()
    monkeypatch.setattr(
        db,
        "cursor",
        lambda: NoReads() if threading.current_thread() is this_thread else own_cursor(),
    )
