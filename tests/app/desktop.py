"""What the desktop tests share: the injected clock and the waits and gestures that drive
the app (the `make_shell` fixture is in conftest.py)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt, SignalInstance
from pytestqt.qtbot import QtBot

from app.shell import AppShell
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from tests.core.conversation_factory import conversation
from ui.chat_view import ModelState

WAIT_MS = 60_000


class Clock:
    def __init__(self) -> None:
        # Two days after the synthetic conversations: they are fresh in memory.
        self.now = datetime(2026, 1, 4, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


ShellFactory = Callable[..., AppShell]


def heard(signal: SignalInstance) -> list[tuple[object, ...]]:
    """The arguments of each emission of `signal` from now on, wait for with
    `qtbot.waitUntil`. Not `qtbot.waitSignal` for a signal a worker thread emits: its callback
    runs on that thread, stops the wait's timeout timer from there (Qt refuses: "Timers
    cannot be stopped from another thread") and the timer, still registered after the wait
    is gone, fired into freed memory a timeout later and crashed the run."""
    emitted: list[tuple[object, ...]] = []
    signal.connect(lambda *args: emitted.append(args))
    return emitted


def activate(qtbot: QtBot, shell: AppShell) -> None:
    """Shortcuts reach only the active window."""
    shell.window.activateWindow()
    qtbot.waitUntil(shell.window.isActiveWindow)


def settle(qtbot: QtBot, shell: AppShell) -> None:
    """Wait until the store thread, the chat and imports are idle (the exchange learnt from
    too)."""
    qtbot.waitUntil(
        lambda: not shell.ops.busy and not shell.chat.busy and not shell.library.importing,
        timeout=WAIT_MS,
    )


def ready(qtbot: QtBot, shell: AppShell) -> None:
    qtbot.waitUntil(lambda: shell.chat.model_state is ModelState.READY, timeout=WAIT_MS)
    settle(qtbot, shell)


def import_conversation(shell: AppShell, **shape: int) -> None:
    data = conversation(**shape) if shape else conversation(sessions=2, turns_per_session=6)
    ConversationImporter(shell.services.store, shell.services.embedder).import_sessions(
        parse_conversations(data)
    )


def send(qtbot: QtBot, shell: AppShell, text: str) -> None:
    chat = shell.window.chat
    chat.composer.setPlainText(text)
    qtbot.keyClick(chat.composer, Qt.Key.Key_Return)
    settle(qtbot, shell)


def send_and_hold(qtbot: QtBot, shell: AppShell, text: str) -> threading.Event:
    """Send `text` and hold the chat thread at the reply's first token (the tiny model writes
    a whole reply faster than a person presses a key) until the returned event is set."""
    first, release = threading.Event(), threading.Event()

    def hold(_: str) -> None:  # runs on the chat thread
        if not first.is_set():
            first.set()
            release.wait(10)

    shell.chat.worker.sig_token.connect(hold, Qt.ConnectionType.DirectConnection)
    chat = shell.window.chat
    chat.composer.setPlainText(text)
    qtbot.keyClick(chat.composer, Qt.Key.Key_Return)
    qtbot.waitUntil(first.is_set, timeout=WAIT_MS)
    return release


def send_and_hold_learning(
    qtbot: QtBot,
    make_shell: ShellFactory,
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    failure: BaseException | None = None,
) -> tuple[AppShell, threading.Event]:
    """In a new shell, send `text` and hold the chat thread inside learning from the exchange
    (the working set's write, the last of it) until the returned event is set; then that write
    raises `failure`, or goes through. Returns once the reply is shown finished (Send is
    back). Later exchanges learn unhindered."""
    shell = make_shell()
    ready(qtbot, shell)
    store = shell.services.store
    save = store.working_items.save
    learning, release = threading.Event(), threading.Event()

    def held_save(*args: object) -> None:  # runs on the chat thread
        if not learning.is_set():
            learning.set()
            release.wait(10)
            if failure is not None:
                raise failure
        save(*args)

    monkeypatch.setattr(store.working_items, "save", held_save)
    chat = shell.window.chat
    chat.composer.setPlainText(text)
    qtbot.keyClick(chat.composer, Qt.Key.Key_Return)
    qtbot.waitUntil(learning.is_set, timeout=WAIT_MS)
    qtbot.waitUntil(chat.send_button.isEnabled, timeout=WAIT_MS)
    return shell, release


def stored_turns(shell: AppShell) -> list[tuple[str, str, bool]]:
    return (
        shell.services.store.db.cursor()
        .execute(
            "SELECT role, text, interrupted FROM turns WHERE session_id LIKE 'chat-%' "
            "ORDER BY spoken_at, seq"
        )
        .fetchall()
    )


def said(qtbot: QtBot, make_shell: ShellFactory, text: str) -> AppShell:
    """The app with its model, once `text` was sent and answered."""
    shell = make_shell()
    ready(qtbot, shell)
    send(qtbot, shell, text)
    return shell
