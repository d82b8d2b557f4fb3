"""The background upkeep seen from the window: what its jobs report reaches the window on the
UI thread (widgets touched from another thread can crash the app)."""

from __future__ import annotations

import multiprocessing
import threading
import time
from datetime import timedelta

import pytest
from pytestqt.qtbot import QtBot

from app.scheduler import LifecycleScheduler
from app.shell import SHUTDOWN_BUDGET_S, AppShell
from core.consolidate import JOBS, JobContext, JobReport
from core.tasks import extract_tasks
from tests.app.desktop import WAIT_MS, Clock, ShellFactory, import_conversation, settle
from ui.main_window import MAP_TAB


def upkeep_running(qtbot: QtBot, make_shell: ShellFactory) -> tuple[AppShell, LifecycleScheduler]:
    """The app with its background upkeep, settled after start."""
    shell = make_shell(model=False, schedule=True)
    settle(qtbot, shell)
    assert shell.scheduler is not None
    return shell, shell.scheduler


def test_a_finished_or_failed_job_reaches_the_window_on_its_thread(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell, scheduler = upkeep_running(qtbot, make_shell)
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
    scheduler.run_now(["links", "tasks"])
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


def test_the_map_of_an_empty_memory_says_so_and_asks_for_no_layout_again_and_again(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """An empty memory never got a layout, so every layout finished asked for the next one
    while the map was open (hundreds a minute, the status forever 'Laying out...')."""
    shell, scheduler = upkeep_running(qtbot, make_shell)
    layouts: list[str] = []
    scheduler.worker.sig_job_finished.connect(
        lambda name, _counts: layouts.append(name) if name == "layout" else None
    )
    shell.window.show_tab(MAP_TAB)
    settle(qtbot, shell)
    browser = shell.window.browser
    qtbot.waitUntil(lambda: "Nothing on the map yet" in browser.status.text(), timeout=WAIT_MS)
    qtbot.wait(1500)
    assert len(layouts) <= 1
    # Memories come: the map asks for its first layout, and shows them once it is made.
    import_conversation(shell, sessions=2, turns_per_session=8)
    shell.window.show_tab(0)
    shell.window.show_tab(MAP_TAB)
    count = shell.services.store.stats().memories
    qtbot.waitUntil(lambda: len(browser.shown.nodes) == count, timeout=WAIT_MS)
    assert count > 0


def test_quitting_stops_a_map_layout_at_once(qtbot: QtBot, make_shell: ShellFactory) -> None:
    """UMAP ran in the app's process for a small memory: its ~8 s first compile could not be
    stopped, outlived the shutdown, and Qt aborted the app as it quit."""
    shell, scheduler = upkeep_running(qtbot, make_shell)
    import_conversation(shell, sessions=2, turns_per_session=8)
    scheduler.run_now(["layout"])
    qtbot.waitUntil(lambda: bool(multiprocessing.active_children()), timeout=WAIT_MS)
    assert shell.shutdown() < 3
    assert multiprocessing.active_children() == []
    assert not scheduler.running


def test_quitting_waits_for_an_upkeep_step_past_the_budget_rather_than_abort(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell, scheduler = upkeep_running(qtbot, make_shell)
    started, finished = threading.Event(), threading.Event()

    def one_long_step(_: JobContext) -> JobReport:
        started.set()
        time.sleep(SHUTDOWN_BUDGET_S + 1)
        finished.set()
        return JobReport("links", {})

    monkeypatch.setitem(JOBS, "links", one_long_step)
    scheduler.run_now(["links"])
    assert started.wait(WAIT_MS / 1000)
    shell.shutdown()
    assert finished.is_set() and not scheduler.running
