"""Store work off the UI thread: results come back on the UI thread in order, failures become
plain messages, and many hand-offs across threads are safe (PySide6 6.12.0 aborted on this)."""

from __future__ import annotations

import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QDir, QThread
from pytestqt.qtbot import QtBot

from app.operations import Operations
from app.single_instance import SingleInstance, server_name
from core.errors import StoreError


@pytest.fixture
def ops() -> Iterator[Operations]:
    running = Operations()
    yield running
    running.shutdown()


def test_results_arrive_on_the_ui_thread_in_order(qtbot: QtBot, ops: Operations) -> None:
    ui_thread = QThread.currentThread()
    seen: list[tuple[int, bool, bool]] = []
    for i in range(5000):
        ops.run(
            "count",
            lambda i=i: (i, threading.current_thread() is not threading.main_thread()),
            lambda r: seen.append((*r, QThread.currentThread() is ui_thread)),
        )
    qtbot.waitUntil(lambda: len(seen) == 5000, timeout=60_000)
    assert [s[0] for s in seen] == list(range(5000))
    assert all(off_ui and on_ui for _, off_ui, on_ui in seen)
    assert not ops.busy


def test_failures_become_messages(qtbot: QtBot, ops: Operations) -> None:
    def locked() -> None:
        raise StoreError("The memory file is locked by another program.")

    def bug() -> None:
        raise ZeroDivisionError("division by zero")

    with qtbot.waitSignal(ops.sig_failed) as failed:
        ops.run("save the edit", locked)
    assert failed.args == ["save the edit", "The memory file is locked by another program."]
    handled: list[str] = []
    ops.run("export memory", bug, on_failed=handled.append)
    qtbot.waitUntil(lambda: bool(handled))
    assert handled == [
        "Could not export memory (division by zero). "
        "Details are in the log (Help > Open log folder)."
    ]


def test_a_second_launch_hands_over_to_the_first(qtbot: QtBot, tmp_path: Path) -> None:
    first = SingleInstance(tmp_path)
    second = SingleInstance(tmp_path)
    other_home = SingleInstance(tmp_path / "elsewhere")
    try:
        assert first.acquire()
        # Commands run through it: no other user's program may reach it.
        address = Path(QDir.tempPath()) / server_name(tmp_path)
        assert stat.S_IMODE(address.stat().st_mode) == 0o700
        with qtbot.waitSignal(first.sig_activation_requested, timeout=5000):
            assert not second.acquire()
        assert other_home.acquire()
    finally:
        for guard in (first, second, other_home):
            guard.release()
