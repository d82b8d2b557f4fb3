"""The task inbox, the memory manager and the map driven through their real widgets: keyboard
actions on tasks, search and lineage, export, import with progress, forget everything, the
memory map. Documents have their own file (test_desktop_documents)."""

from __future__ import annotations

import json
import threading
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app import library_controller
from app.shell import AppShell
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind, TaskPriority, TaskStatus
from core.viz import LayoutConfig, update_layout
from tests.app.desktop import (
    WAIT_MS,
    Clock,
    ShellFactory,
    activate,
    import_conversation,
    settle,
)
from tests.core.conversation_factory import saying
from tests.core.memory_factory import remember
from ui import dialogs
from ui.main_window import MEMORY_TAB, SESSION_ID, SESSION_TITLE

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_the_inbox_confirms_dismisses_and_finishes_tasks_by_keyboard(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell(model=False)
    now = shell.clock()
    data = {
        "sessions": [
            {
                "id": "s1",
                "started_at": now.isoformat(),
                "turns": [
                    {"id": f"s1:{i}", "role": "user", "text": text, "at": now.isoformat()}
                    for i, text in enumerate(
                        [
                            "Remind me to renew my passport by Friday",
                            "I have to call the plumber tomorrow",
                        ]
                    )
                ],
            }
        ]
    }
    ConversationImporter(shell.services.store, shell.services.embedder).import_sessions(
        parse_conversations(data)
    )
    shell.library.refresh_inbox()
    settle(qtbot, shell)
    window = shell.window
    assert window.tabs.tabText(1) == "Inbox (2)"
    inbox = window.inbox
    window.show_tab(1)
    passport = next(t for t in inbox._tasks.values() if "passport" in t.title)
    said = {inbox.suggested.child(i).text(0): inbox.suggested.child(i).text(4) for i in range(2)}
    assert said[passport.title] == "Remind me to renew my passport by Friday"
    inbox.select_task(passport.id)
    qtbot.keyClick(inbox.tree, Qt.Key.Key_Return)
    settle(qtbot, shell)
    assert shell.services.store.tasks.get(passport.id).status is TaskStatus.CONFIRMED
    assert window.tabs.tabText(1) == "Inbox (1)"
    plumber = next(t for t in inbox._tasks.values() if "plumber" in t.title)
    inbox.select_task(plumber.id)
    qtbot.keyClick(inbox.tree, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    assert shell.services.store.tasks.get(plumber.id).status is TaskStatus.DISMISSED
    assert window.tabs.tabText(1) == "Inbox"
    inbox.select_task(passport.id)
    qtbot.keyClick(inbox.tree, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    assert shell.services.store.tasks.get(passport.id).status is TaskStatus.DONE
    assert inbox.tracked.childCount() == 0
    # A slip of the key is taken back, the last decision first.
    qtbot.keyClick(inbox.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    assert shell.services.store.tasks.get(passport.id).status is TaskStatus.CONFIRMED
    assert inbox.current_task().id == passport.id
    qtbot.keyClick(inbox.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    assert shell.services.store.tasks.get(plumber.id).status is TaskStatus.CANDIDATE
    assert window.tabs.tabText(1) == "Inbox (1)" and inbox.current_task().id == plumber.id
    qtbot.keyClick(inbox.tree, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    next(a for a in inbox.priority_menu.actions() if a.text() == "&Low").trigger()
    settle(qtbot, shell)
    assert shell.services.store.tasks.get(plumber.id).priority is TaskPriority.LOW
    assert inbox.current_task().priority is TaskPriority.LOW


def test_the_manager_searches_opens_lineage_and_exports(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    import_conversation(shell)
    manager = shell.window.manager
    shell.window.show_tab(2)
    qtbot.keyClicks(manager.search, "sourdough bread")
    manager.refresh()
    settle(qtbot, shell)
    assert manager.results.topLevelItemCount() > 0
    first = manager.results.topLevelItem(0)
    assert "sourdough" in first.text(1) and first.text(4)
    manager.results.setCurrentItem(first)
    settle(qtbot, shell)
    original = manager.shown
    assert original is not None and "Came from" in manager.detail.toPlainText()
    monkeypatch.setattr(dialogs, "ask_text", lambda *_: "Sourdough needs a warm kitchen")
    qtbot.mouseClick(manager.edit_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    text = manager.detail.toPlainText()
    assert manager.shown.supersedes == original.id
    assert "History" in text and original.content[:40] in text
    target = tmp_path / "export"
    monkeypatch.setattr(dialogs, "choose_save_path", lambda *_: (target, "Markdown (*.md)"))
    qtbot.keyClick(shell.window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    exported = target.with_suffix(".md").read_text("utf-8")
    assert "Sourdough needs a warm kitchen" in exported
    assert "Exported" in manager.status.text()


def test_the_manager_works_from_the_keyboard(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Down from the search opens the first result; F2 corrects it; Delete forgets it (asking
    first), as in the inbox."""
    shell = make_shell(model=False)
    import_conversation(shell)
    manager = shell.window.manager
    shell.window.show_tab(2)
    qtbot.keyClicks(manager.search, "sourdough bread")
    qtbot.keyClick(manager.search, Qt.Key.Key_Return)
    settle(qtbot, shell)
    qtbot.keyClick(manager.search, Qt.Key.Key_Down)
    settle(qtbot, shell)
    assert manager.results.hasFocus() and manager.shown is not None
    assert "sourdough" in manager.shown.content.lower()
    monkeypatch.setattr(dialogs, "ask_text", lambda *_: "Sourdough needs a warm kitchen")
    qtbot.keyClick(manager.results, Qt.Key.Key_F2)
    settle(qtbot, shell)
    corrected = manager.shown
    assert corrected.content == "Sourdough needs a warm kitchen" and corrected.supersedes
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "confirm", lambda _parent, title, _text: asked.append(title))
    qtbot.keyClick(manager.results, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    assert asked == ["Forget this memory?"]
    assert shell.services.store.memories.get_many([corrected.id])[0].forgotten_at is None
    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    qtbot.keyClick(manager.results, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    assert shell.services.store.memories.get_many([corrected.id])[0].forgotten_at is not None


def test_a_change_the_model_proposed_is_applied_or_rejected_from_the_inbox(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """Curation's proposals that the rules did not back wait for the user; the desktop app
    showed them nowhere (only `engram conflicts` did)."""
    shell = make_shell(model=False)
    store, now = shell.services.store, Clock().now
    porto, chess = remember(
        store, shell.services.embedder, ["Ana lives in Porto", "Ana plays chess on Sundays"], now
    )
    with store.db.write() as cur:
        store.pending.propose(
            cur, "update", porto, MemoryKind.SEMANTIC, "Ana lives in Braga", None, 0.7, now
        )
        store.pending.propose(cur, "delete", chess, MemoryKind.EPISODIC, None, None, 0.5, now)
    shell.library.refresh_inbox()
    settle(qtbot, shell)
    changes = shell.window.changes
    assert changes.tree.topLevelItemCount() == 2 and shell.window.tabs.tabText(1) == "Inbox (2)"
    shell.window.show_tab(1)
    changes.tree.setFocus()
    qtbot.keyClick(changes.tree, Qt.Key.Key_Return)
    settle(qtbot, shell)
    head = store.lineage.head(porto)
    assert head != porto and store.memories.get(head).content == "Ana lives in Braga"
    # Wherever the old wording was shown, the new one is (the manager opens it).
    assert shell.window.manager.shown.id == head
    assert changes.tree.topLevelItemCount() == 1
    changes.tree.setFocus()
    qtbot.keyClick(changes.tree, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    kept = store.memories.get(chess)
    assert kept.valid_to is None and kept.content == "Ana plays chess on Sundays"
    assert changes.isHidden() and shell.window.tabs.tabText(1) == "Inbox"


def test_a_list_cut_at_its_limit_says_so(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "500 memories" for a memory of 100,000, as if that were all of it."""
    shell = make_shell(model=False)
    import_conversation(shell)
    manager = shell.window.manager
    shell.window.show_tab(2)
    manager.refresh()
    settle(qtbot, shell)
    listed = manager.results.topLevelItemCount()
    assert listed > 3 and manager.count.text() == f"{listed} memories"
    monkeypatch.setattr(library_controller, "BROWSE_LIMIT", 3)
    manager.refresh()
    settle(qtbot, shell)
    assert manager.results.topLevelItemCount() == 3
    assert manager.count.text().startswith("The first 3 matches: narrow the filters")


def test_a_conversation_file_is_imported_from_the_manager(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The clock reads 4 January, 9:00: the to-do said on 1 January lived its two days
    unconfirmed, the one said on 2 January reaches the inbox."""
    shell = make_shell(model=False)
    source = tmp_path / "chat.json"
    said = {(0, 2): "I need to book the ferry tickets.", (1, 2): "I need to call the plumber."}
    source.write_text(json.dumps(saying(said, sessions=2, turns_per_session=4)), "utf-8")
    progress: list[tuple[int, int]] = []
    shell.library.imports.sig_progress.connect(lambda *a: progress.append(a))
    steps: list[str] = []
    shell.library.imports.sig_step.connect(steps.append)
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [source])
    qtbot.keyClick(shell.window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert shell.window.manager.status.text() == "Reading chat.json"
    settle(qtbot, shell)
    # The file's bytes as it is read, then its conversations as they are imported.
    size = source.stat().st_size
    assert progress[0] == (size, size) and progress[-1] == (2, 2)
    assert steps == ["Importing chat.json"]
    assert not shell.window.manager.progress.isVisibleTo(shell.window.manager)
    assert "Imported 2 conversations" in shell.window.manager.status.text()
    assert "1 to-do for the inbox" in shell.window.manager.status.text()
    inbox = shell.window.inbox.suggested
    qtbot.waitUntil(lambda: inbox.childCount() == 1, timeout=WAIT_MS)
    assert "Call the plumber" in inbox.child(0).text(0)
    qtbot.waitUntil(lambda: shell.window.sessions.count() == 2, timeout=WAIT_MS)
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", "utf-8")
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [bad])
    qtbot.keyClick(shell.window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    box = shell.window.error_box
    assert box is not None and box.isVisible() and "bad.json" in box.text()
    box.close()


def drop(shell: AppShell, *paths: Path) -> None:
    """Files dragged from a file manager and let go over the chat's message box."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    target = shell.window.chat.composer.viewport()
    point = QPointF(target.rect().center())
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    entered = QDragEnterEvent(point.toPoint(), Qt.DropAction.CopyAction, data, buttons, keys)
    QApplication.sendEvent(target, entered)
    assert entered.isAccepted()
    QApplication.sendEvent(target, QDropEvent(point, Qt.DropAction.CopyAction, data, buttons, keys))


def test_files_dropped_on_the_window_are_imported_or_read(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    source = tmp_path / "conversations.json"
    source.write_text(json.dumps(saying({}, sessions=2, turns_per_session=4)), "utf-8")
    drop(shell, source)
    settle(qtbot, shell)
    manager = shell.window.manager
    assert shell.window.tabs.currentIndex() == MEMORY_TAB
    assert "Imported 2 conversations" in manager.status.text()
    assert shell.window.chat.composer.toPlainText() == ""
    # A later export, as the zip it is downloaded in: the talks went on since.
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("conversations.json", json.dumps(saying({}, sessions=2, turns_per_session=6)))
    drop(shell, archive)
    settle(qtbot, shell)
    assert manager.status.text().endswith(
        "2 conversations already here went on in this file: what was said since was added."
    )
    assert shell.services.store.conversations.counts() == (2, 12)
    notes = tmp_path / "notes.md"
    notes.write_text("# Boat\n\nThe boat's mooring fee is due every April.\n", "utf-8")
    drop(shell, notes, tmp_path / "more notes")
    settle(qtbot, shell)
    assert "1 added" in manager.status.text()
    # A notes app's export is a zip too: it is learnt, not refused as no chat export.
    notion = tmp_path / "Export-notion.zip"
    with zipfile.ZipFile(notion, "w") as out:
        out.writestr("Home/Boiler 3f2a.md", "# Boiler\n\nServiced every March by Heatwise.")
    drop(shell, notion)
    settle(qtbot, shell)
    assert "1 added" in manager.status.text(), manager.status.text()


def read_a_book_and_hold(
    qtbot: QtBot, shell: AppShell, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> threading.Event:
    """Add a long document from the manager and hold its import after the first batch of
    chunks is embedded (nothing of it written yet) until the returned event is set."""
    book = tmp_path / "book.md"
    book.write_text(
        "\n\n".join(
            f"## Chapter {i}\n\n"
            + " ".join(f"Sentence {j} of chapter {i}, the lighthouse keeper." for j in range(30))
            for i in range(40)
        )
    )
    held, release = threading.Event(), threading.Event()

    def hold(*_: int) -> None:  # runs on the import's thread
        held.set()
        release.wait(WAIT_MS / 1000)

    shell.library.imports.sig_progress.connect(hold, Qt.ConnectionType.DirectConnection)
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [book])
    qtbot.mouseClick(shell.window.manager.ingest_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(held.is_set, timeout=WAIT_MS)
    return release


def test_a_long_import_leaves_the_manager_usable_and_can_be_cancelled(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A book being read took the store thread for minutes: searches, forgets and the inbox
    waited behind it. It runs beside them now, and Cancel stops it with none of it kept."""
    shell = make_shell(model=False)
    import_conversation(shell)
    settle(qtbot, shell)
    manager = shell.window.manager
    imports = shell.library.imports
    release = read_a_book_and_hold(qtbot, shell, monkeypatch, tmp_path)
    try:
        assert manager.progress.isVisibleTo(manager) and not manager.ingest_button.isEnabled()
        imports.sig_waiting.emit(True)  # as while a reply is written
        qtbot.waitUntil(lambda: "waiting while a reply" in manager.status.text(), timeout=WAIT_MS)
        imports.sig_waiting.emit(False)
        qtbot.waitUntil(lambda: manager.status.text() == "Reading documents", timeout=WAIT_MS)
        manager.search.setText("sourdough")
        qtbot.waitUntil(lambda: manager.results.topLevelItemCount() > 0, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not shell.ops.busy, timeout=WAIT_MS)
        assert imports.running
        manager.ask_ingest()
        assert "already running" in shell.window.statusBar().currentMessage()
        qtbot.mouseClick(manager.cancel_import_button, Qt.MouseButton.LeftButton)
    finally:
        release.set()
    settle(qtbot, shell)
    assert manager.status.text().startswith("Cancelled.")
    assert not manager.progress.isVisibleTo(manager) and manager.ingest_button.isEnabled()
    kinds = {m.kind for m in shell.services.store.memories.recent(500)}
    assert MemoryKind.DOCUMENT not in kinds


def test_quitting_during_an_import_asks_first(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It stopped the import without a word; the question says what becomes of it."""
    shell = make_shell(model=False)
    quits: list[bool] = []
    shell.window.sig_quit_requested.connect(lambda: quits.append(True))
    asked: list[str] = []
    answers = iter([False, False, True])

    def answer(_parent: object, _title: str, text: str) -> bool:
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(dialogs, "confirm", answer)
    release = read_a_book_and_hold(qtbot, shell, monkeypatch, tmp_path)
    try:
        qtbot.keyClick(shell.window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
        assert quits == [] and "import is still running" in asked[0]
        assert shell.window.close() is False and quits == []
        assert shell.window.close() is True and quits == [True]
    finally:
        release.set()
    settle(qtbot, shell)
    # With nothing running, quitting asks nothing.
    assert shell.window.request_quit() and len(asked) == 3 and quits == [True, True]


def test_forget_everything_needs_the_typed_word(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = make_shell(model=False)
    import_conversation(shell)
    shell.open_settings()
    dialog = shell.settings_dialog
    monkeypatch.setattr(dialogs, "ask_typed_confirmation", lambda *_: False)
    qtbot.mouseClick(dialog.forget_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    assert shell.services.store.stats().memories > 0
    monkeypatch.setattr(dialogs, "ask_typed_confirmation", lambda *_: True)
    qtbot.mouseClick(dialog.forget_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    shell.services.store.vectors.wait_for_build(timeout=60)
    assert shell.services.store.stats().memories == 0
    assert shell.window.sessions.count() == 0
    dialog.reject()


def test_forget_everything_stops_an_import_first(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A document still being read when everything is forgotten would be written into the
    emptied store: the reset waits for the import to stop."""
    shell = make_shell(model=False)
    import_conversation(shell)
    settle(qtbot, shell)
    release = read_a_book_and_hold(qtbot, shell, monkeypatch, tmp_path)
    shell.forget_everything()
    qtbot.wait(200)
    release.set()
    qtbot.waitUntil(
        lambda: "Everything was forgotten." in shell.window.statusBar().currentMessage(),
        timeout=WAIT_MS,
    )
    settle(qtbot, shell)
    shell.services.store.vectors.wait_for_build(timeout=60)
    assert shell.services.store.stats().memories == 0


def test_the_memory_map_shows_laid_out_memories_and_opens_one(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell(model=False)
    import_conversation(shell, sessions=4, turns_per_session=10)
    qtbot.keyClick(shell.window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    browser = shell.window.browser
    assert "background upkeep" in browser.status.text() and not browser.shown.nodes
    update_layout(shell.services.store, LayoutConfig(seed=0))
    shell.library.refresh_map()
    settle(qtbot, shell)
    count = shell.services.store.stats().memories
    assert len(browser.shown.nodes) == count and browser.listing.count() == count
    wanted = browser.listing.item(0).data(Qt.ItemDataRole.UserRole)
    browser.listing.itemActivated.emit(browser.listing.item(0))
    settle(qtbot, shell)
    assert shell.window.tabs.currentIndex() == 2
    assert shell.window.manager.shown.id == wanted


def test_a_conversation_is_renamed_exported_and_forgotten_from_the_list(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    import_conversation(shell, sessions=2, turns_per_session=6)
    shell.library.refresh_sessions(None)
    window = shell.window
    qtbot.waitUntil(lambda: window.sessions.count() == 2, timeout=WAIT_MS)
    store = shell.services.store
    before = store.stats().memories
    item = window.sessions.item(0)
    gone, named = item.data(SESSION_ID), item.data(SESSION_TITLE)
    offered: list[str] = []

    def rename(_parent: QWidget, _title: str, _label: str, text: str) -> str:
        offered.append(text)
        return "Baking plans "

    monkeypatch.setattr(dialogs, "ask_line", rename)
    window.sessions.setCurrentItem(item)
    window.sessions.setFocus()
    qtbot.keyClick(window.sessions, Qt.Key.Key_F2)
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: window.sessions.item(0).text().startswith("Baking plans\n"))
    # The dialog starts from the name shown: its first message's words.
    assert offered == [named] and named in store.conversations.session_turns(gone)[0].text
    # Exported with its name, in the form Import conversation reads back.
    out = tmp_path / "chats"
    monkeypatch.setattr(dialogs, "choose_save_path", lambda *_: (out, "Conversations (*.json)"))
    activate(qtbot, shell)
    qtbot.keyClick(window, Qt.Key.Key_E, CTRL_SHIFT)
    settle(qtbot, shell)
    written = parse_conversations(json.loads(out.with_suffix(".json").read_text()))
    other = window.sessions.item(1).data(SESSION_ID)
    assert {s.id: s.title for s in written} == {gone: "Baking plans", other: None}
    assert window.statusBar().currentMessage().startswith("Exported 2 conversations (12 turns)")
    item = window.sessions.item(0)
    window.sessions.setCurrentItem(item)
    window.sessions.itemActivated.emit(item)
    settle(qtbot, shell)
    assert window.chat.past_session == gone
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "confirm", lambda _parent, title, _text: asked.append(title))
    window.sessions.setFocus()
    qtbot.keyClick(window.sessions, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    assert asked == ["Forget this conversation?"] and window.sessions.count() == 2
    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    qtbot.keyClick(window.sessions, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: window.sessions.count() == 1, timeout=WAIT_MS)
    assert window.sessions.item(0).data(SESSION_ID) != gone
    assert window.chat.past_session is None
    assert all(t.text == "" for t in store.conversations.session_turns(gone))
    assert 0 < store.stats().memories < before


def test_a_conversation_is_found_by_its_words_from_the_keyboard(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell(model=False)
    data = saying({(1, 3): "We should repaint the lighthouse kitchen in teal."}, sessions=3)
    ConversationImporter(shell.services.store, shell.services.embedder).import_sessions(
        parse_conversations(data)
    )
    shell.library.refresh_sessions(None)
    window = shell.window
    qtbot.waitUntil(lambda: window.sessions.count() == 3, timeout=WAIT_MS)
    activate(qtbot, shell)
    qtbot.keyClick(window, Qt.Key.Key_F, CTRL_SHIFT)
    assert window.session_filter.hasFocus()
    qtbot.keyClicks(window.session_filter, "LIGHTHOUSE kitchen")
    qtbot.waitUntil(lambda: window.sessions.count() == 1, timeout=WAIT_MS)
    assert window.sessions.item(0).data(SESSION_ID) == "S1"
    qtbot.keyClick(window.session_filter, Qt.Key.Key_Down)
    assert window.sessions.hasFocus() and window.sessions.currentRow() == 0
    window.session_filter.setText("no such words anywhere")
    qtbot.waitUntil(
        lambda: window.sessions.item(0).text() == "No conversation matches.",
        timeout=WAIT_MS,
    )
    window.session_filter.clear()
    qtbot.waitUntil(lambda: window.sessions.count() == 3, timeout=WAIT_MS)
