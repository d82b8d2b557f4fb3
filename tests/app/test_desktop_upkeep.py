"""The background upkeep seen from the window: what its jobs report reaches the window on the
UI thread (widgets touched from another thread can crash the app)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from pytestqt.qtbot import QtBot

from core.consolidate import JOBS, JobContext, JobReport
from core.tasks import extract_tasks
from tests.app.desktop import WAIT_MS, Clock, ShellFactory, settle


def test_a_finished_or_failed_job_reaches_the_window_on_its_thread(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = make_shell(model=False, schedule=True)
    settle(qtbot, shell)
    assert shell.scheduler is not None
    heard: list[tuple[str, bool]] = []

    def on_ui_thread(name: str, then):  # type: ignore[no-untyped-def]
        def record(*args: object) -> None:
            heard.append((name, threading.current_thread() is threading.main_thread()))
            then(*args)

        return record

    monkeypatch.setattr(shell.window, "show_error", on_ui_thread("error", lambda *_: None))
    monkeypatch.setattr(
        shell.library, "refresh_stats", on_ui_thread("stats", shell.library.refresh_stats)
    )

    def broken(_: JobContext) -> JobReport:
        raise RuntimeError("disk full")

    monkeypatch.setitem(JOBS, "links", broken)
    shell.scheduler.run_now(["links", "tasks"])
    qtbot.waitUntil(lambda: len(heard) == 2, timeout=WAIT_MS)
    assert sorted(heard) == [("error", True), ("stats", True)]


def test_to_dos_the_upkeep_expires_leave_the_inbox_at_once(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """They stayed listed (and counted on the tab) until something else refreshed it."""
    shell = make_shell(model=False, schedule=True)
    store = shell.services.store
    said = Clock().now - timedelta(days=3)
    with store.db.write() as cur:
        store.tasks.record(cur, extract_tasks("Remind me to renew my passport.", said, "t-1"))
    shell.library.refresh_inbox()
    settle(qtbot, shell)
    assert shell.window.inbox.suggested.childCount() == 1
    assert shell.scheduler is not None
    shell.scheduler.run_now(["tasks"])
    qtbot.waitUntil(lambda: shell.window.inbox.suggested.childCount() == 0, timeout=WAIT_MS)
    assert shell.window.tabs.tabText(1) == "Inbox"
