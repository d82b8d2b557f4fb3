"""The main window on a real (temporary) store, driven through pytest-qt."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.store import MemoryStore
from tests.core.conversation_factory import conversation
from ui.main_window import MainWindow


def test_window_shows_what_the_store_holds_and_what_is_missing(
    qtbot: QtBot, store: MemoryStore, embedder: Embedder
) -> None:
    ConversationImporter(store, embedder).import_sessions(
        parse_conversations(conversation(sessions=3, turns_per_session=2))
    )
    window = MainWindow(store.stats())
    qtbot.addWidget(window)
    window.show()
    assert "3 memories from 3 conversations (6 turns)" in window.summary.text()
    assert "not built yet" in window.pending.text()
    assert str(store.db.config.path) in window.statusBar().currentMessage()


def test_ctrl_q_asks_to_quit(qtbot: QtBot, store: MemoryStore) -> None:
    window = MainWindow(store.stats())
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with qtbot.waitSignal(window.sig_quit_requested, timeout=2000):
        qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
