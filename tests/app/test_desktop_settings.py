"""Settings and what they change, through the real dialogs: round trip, window state, model
download, data folder, and switching the embedding model (with its resume at the next start)."""

from __future__ import annotations

from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app import shell as shell_module
from app.paths import HOME_ENV, resolve_home
from app.shell import WINDOW_STATE_FILE, AppShell
from core import reembed
from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, bundled_model_path
from core.model_download import CURATED_MODELS
from core.settings import load_settings
from core.store import MemoryStore
from tests.app.desktop import (
    WAIT_MS,
    ShellFactory,
    activate,
    heard,
    import_conversation,
    ready,
    settle,
)
from tests.core.fake_hub import HubFile, fake_hub
from ui import dialogs, tray
from ui.chat_view import ModelState


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
    assert dialog.backups.value() == 2
    dialog.backups.setValue(0)
    assert dialog.backups.text() == "none"
    dialog.accept()
    saved = load_settings(shell.home)
    assert (saved.llm_model_path, saved.context_size, saved.theme, saved.memory_paused) == (
        str(tiny_gguf),
        2048,
        "dark",
        True,
    )
    assert saved.backups_kept == 0
    # The model named in settings loads; memory is paused for the chat.
    ready(qtbot, shell)
    assert not shell.chat.worker._assistant.remembering
    assert shell.window.palette().window().color().lightness() < 100
    activate(qtbot, shell)
    qtbot.keyClick(shell.window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    again = shell.settings_dialog
    assert again.context_size.value() == 2048 and again.paused.isChecked()
    assert again.backups.value() == 0
    again.reject()


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


def test_started_at_login_the_window_waits_in_the_tray(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`engram --hidden` (the login entry): Engram runs, its window out of the way
    until asked for. Without a tray there is nowhere to wait: the window shows."""
    shell = make_shell(model=False, hidden=True)
    assert shell.window.isVisible()
    shell.shutdown()
    monkeypatch.setattr(tray, "tray_available", lambda: True)
    monkeypatch.setattr(tray.Tray, "say", lambda *_: None)
    waiting = make_shell(model=False, hidden=True)
    settle(qtbot, waiting)
    assert waiting.window.isHidden()
    assert waiting.window.tray is not None
    waiting.window.tray.sig_open_requested.emit()
    assert waiting.window.isVisible()


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


def test_first_run_gets_a_model_from_the_chat_itself(
    qtbot: QtBot, make_shell: ShellFactory, tiny_gguf: Path
) -> None:
    """The chat that says no model runs offers the download there, without Settings; the
    model downloaded is kept as the setting and loaded at once."""
    wanted = CURATED_MODELS[0]
    with fake_hub(HubFile(wanted.filename, tiny_gguf.read_bytes())) as endpoint:
        shell = make_shell(model=False, hub=endpoint)
        chat = shell.window.chat
        assert chat.model_buttons.isVisible() and not chat.send_button.isEnabled()
        assert "download one" in chat.notice.text()
        qtbot.mouseClick(chat.download_button, Qt.MouseButton.LeftButton)
        dialog = shell.download_dialog
        assert dialog is not None and dialog.isVisible() and shell.settings_dialog is None
        with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
            qtbot.mouseClick(dialog.download_button, Qt.MouseButton.LeftButton)
    downloaded = shell.home / "models" / wanted.filename
    assert load_settings(shell.home).llm_model_path == str(downloaded)
    ready(qtbot, shell)
    assert chat.send_button.isEnabled() and not chat.model_buttons.isVisible()


def test_a_model_file_chosen_from_the_chat_is_used_and_a_bad_one_says_why(
    qtbot: QtBot,
    make_shell: ShellFactory,
    tiny_gguf: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shell = make_shell(model=False)
    chat = shell.window.chat
    not_a_model = tmp_path / "notes.gguf"
    not_a_model.write_bytes(b"shopping list: eggs, milk")
    monkeypatch.setattr(dialogs, "choose_model_file", lambda _parent: not_a_model)
    qtbot.mouseClick(chat.choose_model_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: shell.chat.model_state is ModelState.FAILED, timeout=WAIT_MS)
    assert "could not be loaded" in chat.notice.text() and chat.model_buttons.isVisible()
    monkeypatch.setattr(dialogs, "choose_model_file", lambda _parent: tiny_gguf)
    qtbot.mouseClick(chat.choose_model_button, Qt.MouseButton.LeftButton)
    ready(qtbot, shell)
    assert load_settings(shell.home).llm_model_path == str(tiny_gguf)
    assert chat.send_button.isEnabled() and not chat.model_buttons.isVisible()
    # Cancelling the file dialog changes nothing.
    monkeypatch.setattr(dialogs, "choose_model_file", lambda _parent: None)
    shell.choose_model_file()
    assert load_settings(shell.home).llm_model_path == str(tiny_gguf)


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
    finished = heard(shell.reembedding.sig_finished)
    dialog.accept()
    # The current model stays in use until every memory has its new vector.
    assert load_settings(shell.home).embedding_model_dir is None
    qtbot.waitUntil(lambda: bool(finished), timeout=WAIT_MS)
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


def test_help_says_where_the_memory_its_backups_and_its_log_are(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tiny_gguf: Path
) -> None:
    """Error messages send the user to the log: F1 says where it is (and the memory, the
    models, the version), and Help > Open log folder opens it, or says where it is when no
    file manager starts."""
    shell = make_shell()
    settle(qtbot, shell)
    activate(qtbot, shell)
    qtbot.keyClick(shell.window, Qt.Key.Key_F1)
    about = shell.window.about_box
    assert about is not None and about.isVisible()
    text = about.text()
    assert f"Engram {version('engram')}" in text
    assert str(shell.home / "engram.duckdb") in text
    assert f"Backups: none yet (the daily upkeep writes them to {shell.home / 'backups'})" in text
    about.close()
    shell.services.store.back_up(datetime(2026, 3, 1, 12, tzinfo=UTC))
    qtbot.keyClick(shell.window, Qt.Key.Key_F1)
    about = shell.window.about_box
    text = about.text()
    assert f"Backups: 1 copy in {shell.home / 'backups'}, the last of 2026-03-01" in text
    assert str(shell.home / "logs" / "engram.log") in text
    assert f"Language model: {tiny_gguf.name}" in text
    assert f"Embedding model: {BUNDLED_MODEL_ID}" in text
    about.close()
    # Asked for before something one may want to take back (a big import, a forget).
    action(shell, "Back up memory now").trigger()
    settle(qtbot, shell)
    assert (
        shell.window.statusBar()
        .currentMessage()
        .startswith(f"Backed up to {shell.home / 'backups'}")
    )
    assert len(list((shell.home / "backups").iterdir())) == 2
    # Going back to one: put in place by the next start, after the user agrees to restart.
    offered: list[list[str]] = []

    def pick(_parent: QWidget, _title: str, _label: str, items: list[str]) -> int:
        offered.append(items)
        return 0

    monkeypatch.setattr(dialogs, "choose_item", pick)
    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    with qtbot.waitSignal(shell.window.sig_restart_requested, timeout=WAIT_MS):
        action(shell, "Restore a backup...").trigger()
    assert len(offered[0]) == 2 and offered[0][0].startswith("2026-03-01 12:00 (")
    chosen = (shell.home / "restore-at-start").read_text()
    assert chosen == str(shell.home / "backups" / "engram-20260301-120000.duckdb")

    opened: list[Path] = []
    monkeypatch.setattr(shell_module, "open_folder", lambda folder: opened.append(folder) or True)
    log_action = action(shell, "Open log folder")
    log_action.trigger()
    assert opened == [shell.home / "logs"] and shell.window.error_box is None
    monkeypatch.setattr(shell_module, "open_folder", lambda folder: False)
    log_action.trigger()
    box = shell.window.error_box
    assert box is not None and str(shell.home / "logs") in box.text()
    box.close()


def action(shell: AppShell, text: str) -> QAction:
    return next(a for a in shell.window.actions() if a.text().replace("&", "") == text)


def test_restoring_without_a_backup_says_how_to_make_one(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell(model=False)
    action(shell, "Restore a backup...").trigger()
    settle(qtbot, shell)
    box = shell.window.error_box
    assert box is not None and box.windowTitle() == "No backups yet"
    assert "Back up memory now" in box.text()
    assert not (shell.home / "restore-at-start").exists()
