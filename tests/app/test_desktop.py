"""The desktop app driven through its real widgets (pytest-qt, offscreen) on a temporary store,
the bundled embedder and the tiny generated GGUF: chat with streaming and stop, the memory
sidebar and its actions, the task inbox, the memory manager, settings, first run without a
model, window state, shutdown."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from app.paths import HOME_ENV, resolve_home
from app.services import Services
from app.shell import WINDOW_STATE_FILE, AppShell, ShellOptions
from core import reembed
from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, Embedder, bundled_model_path
from core.errors import StoreError
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind, Role, Session, TaskStatus, Turn
from core.model_download import CURATED_MODELS
from core.retrieval import Retriever
from core.settings import Settings, load_settings
from core.store import MemoryStore
from core.viz import LayoutConfig, update_layout
from tests.core.conversation_factory import conversation
from tests.core.fake_hub import HubFile, fake_hub
from ui import dialogs
from ui.chat_view import ModelState

WAIT_MS = 60_000


class Clock:
    def __init__(self) -> None:
        # Two days after the synthetic conversations: they are fresh in memory.
        self.now = datetime(2026, 1, 4, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


ShellFactory = Callable[..., AppShell]


@pytest.fixture
def make_shell(
    qtbot: QtBot,
    tmp_path: Path,
    embedder: Embedder,
    tiny_gguf: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[ShellFactory]:
    """Opens the app on `tmp_path/home`; `model=False` is the first run without a model. A
    data-folder choice made in a test stays in that test's own configuration folder."""
    monkeypatch.setenv("ENGRAM_CONFIG_DIR", str(tmp_path / "config"))
    shells: list[AppShell] = []

    def make(*, model: bool = True, hub: str | None = None, **settings: object) -> AppShell:
        home = tmp_path / "home"
        store = MemoryStore.open(home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
        services = Services(home, store, embedder, Retriever(store, embedder))
        values = Settings(
            llm_model_path=str(tiny_gguf) if model else None,
            context_size=1024,
            threads=1,
        )
        shell = AppShell(
            home,
            services,
            replace(values, **settings),
            Clock(),
            ShellOptions(schedule=False, hub_endpoint=hub),
        )
        qtbot.addWidget(shell.window)
        shell.start()
        activate(qtbot, shell)
        shells.append(shell)
        return shell

    yield make
    for shell in shells:
        shell.shutdown()


def activate(qtbot: QtBot, shell: AppShell) -> None:
    """Shortcuts reach only the active window."""
    shell.window.activateWindow()
    qtbot.waitUntil(shell.window.isActiveWindow)


def settle(qtbot: QtBot, shell: AppShell) -> None:
    """Wait until the store thread and the chat are idle."""
    qtbot.waitUntil(lambda: not shell.ops.busy and not shell.window.chat.replying, timeout=WAIT_MS)


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


def stored_turns(shell: AppShell) -> list[tuple[str, str, bool]]:
    return (
        shell.services.store.db.cursor()
        .execute(
            "SELECT role, text, interrupted FROM turns WHERE session_id LIKE 'chat-%' "
            "ORDER BY spoken_at, seq"
        )
        .fetchall()
    )


def test_first_run_without_a_model_explains_and_the_rest_works(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell(model=False)
    import_conversation(shell)
    shell.library.refresh_all()
    settle(qtbot, shell)
    chat = shell.window.chat
    assert chat.notice.isVisible() and "choose a GGUF model file" in chat.notice.text()
    assert not chat.send_button.isEnabled()
    # Memory and the inbox work without a model.
    assert shell.window.manager.results.topLevelItemCount() > 0
    assert "memories from 2 conversations" in shell.window.stats.text()
    assert shell.window.sessions.count() == 2


def test_a_message_streams_a_reply_is_stored_and_the_sidebar_explains_it(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    import_conversation(shell)
    ready(qtbot, shell)
    tokens: list[str] = []
    shell.chat.worker.sig_token.connect(tokens.append)
    send(qtbot, shell, "What did I say about baking sourdough bread?")
    assert len(tokens) > 1
    reply = "".join(tokens)
    assert [(r, t) for r, t, _ in stored_turns(shell)] == [
        ("user", "What did I say about baking sourdough bread?"),
        ("assistant", reply),
    ]
    assert (
        "What did I say about baking sourdough bread?" in shell.window.chat.transcript.toPlainText()
    )
    cards = shell.window.sidebar.cards
    assert cards, "the memories behind the reply are shown"
    top = cards[0]
    assert "sourdough" in top.content.text()
    assert "semantic" in top.details.text() and "retention" in top.details.text()
    assert "from turns" in top.details.text()
    assert shell.window.sessions.count() == 3


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


def test_stop_keeps_what_was_said_marked_interrupted(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    chat = shell.window.chat
    release = send_and_hold(qtbot, shell, "Tell me a long story about the sea")
    assert chat.stop_button.isEnabled() and not chat.send_button.isEnabled()
    qtbot.keyClick(chat.composer, Qt.Key.Key_Escape)
    release.set()
    settle(qtbot, shell)
    (user, assistant) = stored_turns(shell)
    assert user[0] == "user" and assistant[0] == "assistant"
    assert assistant[2] is True
    assert "(stopped)" in chat.transcript.toPlainText()
    assert chat.send_button.isEnabled() and not chat.stop_button.isEnabled()


def test_pin_edit_and_forget_from_the_sidebar(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = make_shell()
    import_conversation(shell, sessions=4, turns_per_session=10)
    ready(qtbot, shell)
    send(qtbot, shell, "What do I know about the garden shed and sourdough bread?")
    store = shell.services.store
    sidebar = shell.window.sidebar
    assert len(sidebar.cards) >= 3
    pinned, edited, forgotten = (c.result.memory for c in sidebar.cards[:3])

    qtbot.mouseClick(sidebar.cards[0].pin_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    head = store.lineage.head(pinned.id)
    assert store.memories.get(head).kind is MemoryKind.CORE
    assert sidebar.cards[0].result.memory.id == head

    monkeypatch.setattr(dialogs, "ask_text", lambda *_: "The shed roof was fixed in May")
    qtbot.mouseClick(sidebar.card_for(edited.id).edit_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    new = store.memories.get(store.lineage.head(edited.id))
    assert new.content == "The shed roof was fixed in May" and new.supersedes == edited.id
    assert sidebar.card_for(new.id) is not None

    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    qtbot.mouseClick(sidebar.card_for(forgotten.id).forget_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    assert store.memories.get(forgotten.id).forgotten_at is not None
    assert sidebar.card_for(forgotten.id) is None


def test_forget_asks_first(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = make_shell()
    import_conversation(shell)
    ready(qtbot, shell)
    send(qtbot, shell, "Tell me about sourdough bread")
    card = shell.window.sidebar.cards[0]
    monkeypatch.setattr(dialogs, "confirm", lambda *_: False)
    qtbot.mouseClick(card.forget_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    assert shell.services.store.memories.get(card.result.memory.id).forgotten_at is None


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


def test_a_conversation_file_is_imported_from_the_manager(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    source = tmp_path / "chat.json"
    source.write_text(json.dumps(conversation(sessions=2, turns_per_session=4)), "utf-8")
    progress: list[tuple[str, int, int]] = []
    shell.ops.sig_progress.connect(lambda *a: progress.append(a))
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [source])
    qtbot.keyClick(shell.window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    assert progress and progress[-1][1:] == (2, 2)
    assert "Imported 2 conversations" in shell.window.manager.status.text()
    qtbot.waitUntil(lambda: shell.window.sessions.count() == 2, timeout=WAIT_MS)
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", "utf-8")
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [bad])
    qtbot.keyClick(shell.window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, shell)
    box = shell.window.error_box
    assert box is not None and box.isVisible() and "bad.json" in box.text()
    box.close()


def test_settings_round_trip_and_take_effect(
    qtbot: QtBot, make_shell: ShellFactory, tiny_gguf: Path
) -> None:
    shell = make_shell(model=False)
    settle(qtbot, shell)
    qtbot.keyClick(shell.window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = shell.settings_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.model_path.setText("/nowhere/model.gguf")
    dialog.accept()
    assert dialog.isVisible() and "no model file" in dialog.error.text()
    dialog.model_path.setText(str(tiny_gguf))
    dialog.context_size.setValue(2048)
    dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
    dialog.paused.setChecked(True)
    dialog.accept()
    saved = load_settings(shell.home)
    assert (saved.llm_model_path, saved.context_size, saved.theme, saved.memory_paused) == (
        str(tiny_gguf),
        2048,
        "dark",
        True,
    )
    # The model named in settings loads; memory is paused for the chat.
    ready(qtbot, shell)
    assert not shell.chat.worker._assistant.remembering
    assert shell.window.palette().window().color().lightness() < 100
    activate(qtbot, shell)
    qtbot.keyClick(shell.window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    again = shell.settings_dialog
    assert again.context_size.value() == 2048 and again.paused.isChecked()
    again.reject()


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


def test_window_state_is_kept_between_runs(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    shell.window.resize(700, 520)
    chosen = shell.window.size()
    assert chosen.height() == 520
    shell.window.toggle_sidebar()
    shell.shutdown()
    state = QSettings(str(tmp_path / "home" / WINDOW_STATE_FILE), QSettings.Format.IniFormat)
    assert state.value("window/sidebar") in (False, "false")
    again = make_shell(model=False)
    assert again.window.size() == chosen
    assert again.window.sidebar.isHidden()


def test_shutdown_mid_reply_stops_it_keeps_it_and_closes_everything(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    send_and_hold(qtbot, shell, "Tell me a long story").set()
    shell.shutdown()
    assert shell.chat.thread.isFinished()
    with pytest.raises(StoreError, match="closed"):
        with shell.services.store.db.write():
            pass
    reopened = MemoryStore.open(shell.home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    try:
        ((role, _, interrupted),) = (
            reopened.db.cursor()
            .execute("SELECT role, text, interrupted FROM turns WHERE role = 'assistant'")
            .fetchall()
        )
        assert role == "assistant" and interrupted
        assert reopened.db.cursor().execute(
            "SELECT count(*) FROM sessions WHERE ended_at IS NOT NULL"
        ).fetchall() == [(1,)]
    finally:
        reopened.close()


def test_first_run_downloads_a_model_and_chat_comes_alive(
    qtbot: QtBot, make_shell: ShellFactory, tiny_gguf: Path
) -> None:
    wanted = CURATED_MODELS[0]
    with fake_hub(HubFile(wanted.filename, tiny_gguf.read_bytes())) as endpoint:
        shell = make_shell(model=False, hub=endpoint)
        shell.open_settings()
        settings = shell.settings_dialog
        qtbot.mouseClick(settings.download_button, Qt.MouseButton.LeftButton)
        dialog = shell.download_dialog
        assert dialog is not None and dialog.chosen() == wanted
        with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
            qtbot.mouseClick(dialog.download_button, Qt.MouseButton.LeftButton)
    downloaded = shell.home / "models" / wanted.filename
    assert settings.model_path.text() == str(downloaded)
    assert downloaded.read_bytes() == tiny_gguf.read_bytes()
    settings.accept()
    ready(qtbot, shell)
    assert shell.window.chat.send_button.isEnabled()


def test_documents_are_added_from_the_manager_with_progress(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    notes = tmp_path / "notes.md"
    notes.write_text("# Boat\n\nThe boat's mooring fee is due every April.\n", "utf-8")
    binary = tmp_path / "photo.txt"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    progress: list[tuple[str, int, int]] = []
    shell.ops.sig_progress.connect(lambda *a: progress.append(a))
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [notes, binary])
    qtbot.mouseClick(shell.window.manager.ingest_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    status = shell.window.manager.status.text()
    assert "1 added" in status and "1 refused" in status and "photo.txt" in status
    assert progress and progress[-1][1] == progress[-1][2]
    kinds = [shell.window.manager.results.topLevelItem(i).text(0) for i in range(1)]
    assert kinds == ["document"]


def test_a_new_data_folder_is_used_from_the_next_start(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)
    shell = make_shell(model=False)
    shell.open_settings()
    dialog = shell.settings_dialog
    dialog.data_folder.setText(str(tmp_path / "elsewhere"))
    dialog.accept()
    assert "from the next start" in shell.window.statusBar().currentMessage()
    assert resolve_home(None) == (tmp_path / "elsewhere").resolve()


def test_a_conversation_a_crash_left_open_is_remembered_at_start(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path, embedder: Embedder
) -> None:
    began = Clock().now - timedelta(minutes=3)
    texts = [
        f"Rui keeps bees behind the school; note {i} about the honey harvest." for i in range(5)
    ]
    turns = tuple(
        Turn(
            f"left-{i}",
            "left",
            i,
            Role.USER if i % 2 == 0 else Role.ASSISTANT,
            text,
            began + timedelta(seconds=i),
        )
        for i, text in enumerate(texts)
    )
    store = MemoryStore.open(tmp_path / "home", BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    with store.db.write() as cur:  # stored turn by turn, then the process died
        store.conversations.insert_session(cur, Session("left", began, None, turns))
    store.close()
    shell = make_shell(model=False)
    settle(qtbot, shell)
    ended = (
        shell.services.store.db.cursor()
        .execute("SELECT ended_at FROM sessions WHERE id = 'left'")
        .fetchall()
    )
    assert ended[0][0] is not None
    _, uncovered = shell.services.store.conversations.uncovered_turns("left")
    assert uncovered == set()


def test_switching_the_embedding_model_embeds_every_memory_again_first(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "not-a-model"
    broken.mkdir()
    # The bundled model under another name stands in for a different model.
    other = tmp_path / "minilm-copy"
    other.symlink_to(bundled_model_path(), target_is_directory=True)
    shell = make_shell(model=False)
    import_conversation(shell)
    shell.open_settings()
    dialog = shell.settings_dialog
    dialog.embedding_dir.setText(str(broken))
    dialog.accept()
    assert dialog.isVisible() and "sentence-transformers model folder" in dialog.error.text()
    dialog.embedding_dir.setText(str(other))
    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    with qtbot.waitSignal(shell.reembedding.sig_finished, timeout=WAIT_MS):
        dialog.accept()
        # The current model stays in use until every memory has its new vector.
        assert load_settings(shell.home).embedding_model_dir is None
    assert load_settings(shell.home).embedding_model_dir == str(other)
    assert "restart Engram" in shell.window.statusBar().currentMessage()
    assert reembed.remaining(shell.services.store) == 0


def test_a_new_data_folder_may_use_any_embedding_model(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path
) -> None:
    other = tmp_path / "minilm-copy"
    other.symlink_to(bundled_model_path(), target_is_directory=True)
    shell = make_shell(model=False)
    shell.open_settings()
    dialog = shell.settings_dialog
    dialog.embedding_dir.setText(str(other))
    dialog.data_folder.setText(str(tmp_path / "fresh"))
    dialog.accept()
    assert not dialog.isVisible() and not shell.reembedding.running
    assert load_settings(tmp_path / "fresh").embedding_model_dir == str(other)
    # This memory keeps the model it was built with.
    assert load_settings(shell.home).embedding_model_dir is None


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


def test_a_switch_of_embedding_models_resumes_at_the_next_start(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path
) -> None:
    other = tmp_path / "minilm-copy"
    other.symlink_to(bundled_model_path(), target_is_directory=True)
    store = MemoryStore.open(tmp_path / "home", BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    target = reembed.ReembedTarget("local:minilm-copy", BUNDLED_MODEL_DIM, str(other))
    reembed.begin(store, target)  # then Engram was quit before any memory was embedded
    store.close()
    shell = make_shell(model=False)
    qtbot.waitUntil(
        lambda: load_settings(shell.home).embedding_model_dir == str(other), timeout=WAIT_MS
    )
    assert "restart Engram to switch" in shell.window.statusBar().currentMessage()
