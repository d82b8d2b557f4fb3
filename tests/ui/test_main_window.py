"""The views on their own: what they show and what they emit, driven through pytest-qt with real
core values (the whole app is tested in tests/app/test_desktop.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAccessible, QPalette, QTextCursor
from PySide6.QtWidgets import QApplication, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from core.conflicts import ChangeToReview
from core.memory_catalog import LinkEntry, MemoryDetail, VersionEntry
from core.model import (
    Memory,
    MemoryKind,
    Role,
    SessionSummary,
    TaskStatus,
    Turn,
)
from core.model_download import CURATED_MODELS
from core.retrieval.scoring import SearchResult
from core.settings import Settings
from tests.core.memory_factory import memory_value
from tests.ui.test_task_inbox import task
from ui import memory_manager
from ui.chat_view import MARKDOWN, SHOWN_CHARS_MAX, ChatView, ModelState
from ui.documents_dialog import DocumentsDialog
from ui.main_window import BUSY_DELAY_MS, MainWindow
from ui.memory_manager import MemoryManagerView, detail_html
from ui.model_download_dialog import ModelDownloadDialog
from ui.settings_dialog import SettingsDialog
from ui.task_inbox import TaskInboxView
from ui.theme import apply_theme

NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


def memory(content: str, kind: MemoryKind = MemoryKind.SEMANTIC) -> Memory:
    return memory_value("m-1", content, NOW, kind, ("s1-t1", "s1-t2"))


def test_enter_sends_shift_enter_breaks_the_line(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    qtbot.keyClicks(view.composer, "first line")
    qtbot.keyClick(view.composer, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(view.composer, "second")
    with qtbot.waitSignal(view.sig_message_submitted) as sent:
        qtbot.keyClick(view.composer, Qt.Key.Key_Return)
    assert sent.args == ["first line\nsecond"]
    assert view.composer.toPlainText() == ""


def test_reply_renders_markdown_as_it_streams(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    view.begin_reply("show me code")
    for piece in ["Here **it** is:\n\n", "```python\n", "print('hi')\n", "```\n"]:
        view.append_reply_text(piece)
    qtbot.waitUntil(lambda: "print('hi')" in view.transcript.toPlainText())
    assert "**" not in view.transcript.toPlainText()
    assert view.stop_button.isEnabled() and not view.send_button.isEnabled()
    view.finish_reply("Here **it** is, cut", interrupted=True)
    assert "(stopped)" in view.transcript.toPlainText()
    assert view.send_button.isEnabled() and not view.stop_button.isEnabled()


def test_a_streaming_reply_leaves_the_rest_of_the_conversation_alone(qtbot: QtBot) -> None:
    """Sending a message adds it and only the reply being written is redrawn as it streams
    (the whole transcript took ~95 ms at 300 exchanges, at each send and every 40 ms of
    streaming): what the user selected in an earlier message stays selected, the view
    follows the end, and it reads as the whole would."""
    view = ChatView()
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    view.set_model_state(ModelState.READY, "tiny")
    whole = QTextBrowser()
    for i in range(4):
        view.begin_reply(f"- question {i}\n- with a list")
        whole.document().setMarkdown(view.markdown(), MARKDOWN)
        assert view.transcript.document().toHtml() == whole.document().toHtml()
        view.finish_reply(f"Answer {i}:\n\n```\ncode {i}\n```" if i else "", interrupted=False)
    selection = view.transcript.textCursor()
    selection.setPosition(0)
    selection.setPosition(3, QTextCursor.MoveMode.KeepAnchor)
    view.transcript.setTextCursor(selection)
    bar = view.transcript.verticalScrollBar()
    read_at = bar.value()
    view.begin_reply("and now?")
    # Reading further up, the user is left there, the selection kept.
    assert view.transcript.textCursor().selectedText() == "You"
    assert bar.value() == read_at < bar.maximum()
    # An earlier reply that said nothing still says so while the new one is written.
    assert view.transcript.toPlainText().count("(no reply)") == 1
    whole.document().setMarkdown(view.markdown(), MARKDOWN)
    assert view.transcript.document().toHtml() == whole.document().toHtml()
    bar.setValue(bar.maximum())
    for piece, shown in [
        ("Streaming **bold**", "Streaming bold"),
        (" words\n\n", "bold words"),
        ("> a quote\n\n", "a quote"),
        ("- and\n- a final item", "a final item"),
    ]:
        view.append_reply_text(piece)
        qtbot.waitUntil(lambda shown=shown: shown in view.transcript.toPlainText())
        assert bar.value() == bar.maximum()
    whole.document().setMarkdown(view.markdown(), MARKDOWN)
    assert view.transcript.document().toHtml() == whole.document().toHtml()
    selection = view.transcript.textCursor()
    selection.setPosition(0)
    selection.setPosition(3, QTextCursor.MoveMode.KeepAnchor)
    view.transcript.setTextCursor(selection)
    view.append_reply_text(" and more")
    qtbot.waitUntil(lambda: "and more" in view.transcript.toPlainText())
    assert view.transcript.textCursor().selectedText() == "You"
    view.finish_reply("Streaming done, *cut*", interrupted=True)
    assert view.transcript.toPlainText().endswith("Streaming done, cut\n(stopped)")
    whole.document().setMarkdown(view.markdown(), MARKDOWN)
    assert view.transcript.document().toHtml() == whole.document().toHtml()


def test_a_reasoning_model_is_shown_thinking_until_its_answer_arrives(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    view.begin_reply("what is 12 * 12?")
    view.note_thinking("The user wants 12 squared, that is")
    assert "thinking..." in view.transcript.toPlainText()
    assert "squared" not in view.transcript.toPlainText()
    # Opened on request, it follows the thought as it grows.
    view.transcript.anchorClicked.emit(QUrl("thought:1"))
    assert "The user wants 12 squared" in view.transcript.toPlainText()
    view.note_thinking(" twelve twelves.")
    qtbot.waitUntil(lambda: "twelve twelves" in view.transcript.toPlainText())
    view.transcript.anchorClicked.emit(QUrl("thought:1"))
    assert "squared" not in view.transcript.toPlainText()
    view.append_reply_text("It is 144.")
    qtbot.waitUntil(lambda: "It is 144." in view.transcript.toPlainText())
    assert "thinking..." not in view.transcript.toPlainText()
    assert "show thinking" in view.transcript.toPlainText()
    view.transcript.anchorClicked.emit(QUrl("thought:1"))
    shown = view.transcript.toPlainText()
    assert shown.index("twelve twelves") < shown.index("It is 144.") and "hide thinking" in shown
    view.begin_reply("and a long proof?")
    view.note_thinking("First, consider")
    view.finish_reply("", interrupted=True)
    assert "ended while the model was still thinking" in view.transcript.toPlainText()
    assert view.send_button.isEnabled()


def test_a_huge_paste_shows_its_head_and_the_chat_stays_responsive(qtbot: QtBot) -> None:
    """The transcript is redrawn whole as a reply streams: a pasted megabyte made every redraw
    take half a second. Its head is shown (a code block cut open is closed, or it would swallow
    the reply), and the message itself is kept whole."""
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    pasted = "```\n" + "log line\n" * 200_000
    view.begin_reply(pasted)
    view.finish_reply("That is a long log.", interrupted=False)
    shown = view.markdown()
    assert len(shown) < SHOWN_CHARS_MAX + 1_000
    assert f"{len(pasted) - SHOWN_CHARS_MAX:,} more characters not shown" in shown
    text = view.transcript.toPlainText()
    # Rendered as Markdown after the cut: no literal asterisks of a header or note in code.
    assert "That is a long log." in text and "**Engram**" not in text and "*(" not in text


def test_a_message_too_long_to_send_stays_in_the_composer(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    sent: list[str] = []
    view.sig_message_submitted.connect(sent.append)
    book = "It was a dark and stormy night. " * 10_000
    view.composer.setPlainText(book)
    qtbot.keyClick(view.composer, Qt.Key.Key_Return)
    assert sent == [] and view.composer.toPlainText() == book
    assert not view.notice.isHidden() and "as a document" in view.notice.text()
    view.composer.setPlainText("A short one.")
    qtbot.keyClick(view.composer, Qt.Key.Key_Return)
    assert sent == ["A short one."] and view.notice.isHidden()


def test_raw_html_in_a_reply_is_not_rendered(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.show_transcript([Turn("t", "s", 1, Role.ASSISTANT, "<b>bold</b> <img src=x>", NOW)])
    assert "<b>bold</b>" in view.transcript.toPlainText()


def test_a_stored_conversation_names_who_said_what(qtbot: QtBot) -> None:
    """An imported chat's other side was shown as Engram: ChatGPT's words, or Melanie's, put
    in the assistant's mouth."""
    view = ChatView()
    qtbot.addWidget(view)
    said = [
        ("User", Role.USER, "Where should we eat?"),
        ("Engram", Role.ASSISTANT, "The harbour place."),
        (None, Role.USER, "And the ferry?"),
        ("ChatGPT", Role.ASSISTANT, "At nine."),
        ("Melanie", Role.ASSISTANT, "See you there."),
        ("Dr *Who*", Role.USER, "Fine."),
    ]
    view.show_transcript(
        [Turn(f"t{i}", "s", i, role, text, NOW, who) for i, (who, role, text) in enumerate(said)]
    )
    shown = view.transcript.toPlainText().splitlines()
    names = [shown[i - 1] for i, line in enumerate(shown) if line in {t for _, _, t in said}]
    assert names == ["You", "Engram", "You", "ChatGPT", "Melanie", "Dr *Who*"]


def test_without_a_model_chat_says_what_to_do(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.show()
    assert "download one" in view.notice.text() and view.notice.isVisible()
    assert view.model_buttons.isVisible() and not view.send_button.isEnabled()
    with qtbot.waitSignal(view.sig_model_download_requested):
        qtbot.mouseClick(view.download_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(view.sig_model_file_requested):
        qtbot.mouseClick(view.choose_model_button, Qt.MouseButton.LeftButton)
    view.set_model_state(ModelState.FAILED, "The file is not a GGUF model.")
    assert "not a GGUF model" in view.notice.text() and view.model_buttons.isVisible()
    view.set_model_state(ModelState.LOADING, "tiny.gguf")
    assert not view.model_buttons.isVisible()


def test_an_empty_memory_says_how_it_fills_and_a_narrowed_list_says_nothing_matches(
    qtbot: QtBot,
) -> None:
    view = MemoryManagerView()
    qtbot.addWidget(view)
    view.show_memories([])
    assert view.count.text().startswith("Nothing remembered yet")
    assert "import a conversation (Ctrl+I)" in view.count.text()
    view.search.setText("sourdough")
    view.show_memories([])
    assert view.count.text() == "No memories match."
    view.search.clear()
    view.period.setCurrentIndex(1)
    view.show_memories([])
    assert view.count.text() == "No memories match."


def test_an_import_of_gigabytes_shows_how_far_its_reading_is(qtbot: QtBot) -> None:
    """A bar counts to 2 GiB; a years-long chat export is read past that."""
    view = MemoryManagerView()
    qtbot.addWidget(view)
    view.show_progress("Reading conversations.json", 3 * 2**30, 4 * 2**30)
    assert view.progress.value() / view.progress.maximum() == pytest.approx(0.75)
    assert view.status.text() == "Reading conversations.json"
    view.show_progress("Importing conversations.json", 2, 40)
    assert (view.progress.value(), view.progress.maximum()) == (2, 40)


def test_a_long_import_says_about_how_long_it_has_left(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Years of chats take hours to import; a bar alone does not say whether to wait."""
    view = MemoryManagerView()
    qtbot.addWidget(view)
    clock = [1000.0]
    monkeypatch.setattr(memory_manager, "_now", lambda: clock[0])

    def at(seconds: float, label: str, done: int, total: int) -> str:
        clock[0] = 1000.0 + seconds
        view.show_progress(label, done, total)
        return view.status.text()

    assert at(0, "Importing chats.json", 0, 4000) == "Importing chats.json"
    # Too early to tell.
    assert at(2, "Importing chats.json", 10, 4000) == "Importing chats.json"
    # 100 conversations a minute: 3,900 more take 39 minutes.
    assert at(60, "Importing chats.json", 100, 4000) == "Importing chats.json (about 39 min left)"
    assert at(60, "Importing chats.json", 100, 400_000).endswith("(about 66 h 39 min left)")
    assert at(120, "Importing chats.json", 3999, 4000).endswith("(less than a minute left)")
    # Each step is timed from its own start.
    assert at(3600, "Reading conversations.json", 10, 100) == "Reading conversations.json"


def test_lists_fit_a_window_of_ordinary_size_without_a_sideways_scroll_bar(
    qtbot: QtBot,
) -> None:
    """Their words take the room the values leave; a long one is cut short, whole in its
    tooltip."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    said = "Remind me to renew my passport before the trip to Kyoto in the spring " * 3
    long_task = replace(task("Renew passport " * 10, TaskStatus.CANDIDATE, "t1"), due_at=NOW)
    window.inbox.show_tasks([long_task], {"t1": said}, NOW + timedelta(days=1))
    window.manager.show_memories([memory("Ana lives in Porto and works as an architect " * 5)])
    for index, tree in ((1, window.inbox.tree), (2, window.manager.results)):
        window.show_tab(index)
        qtbot.waitUntil(tree.isVisible)
        assert tree.horizontalScrollBar().maximum() == 0
    row = window.inbox.suggested.child(0)
    assert row.toolTip(0) == long_task.title and row.toolTip(4) == " ".join(said.split())
    # A long word from an import (refusals, conversations left out) wraps: it made the window
    # wider than the screen.
    window.manager.show_import_done("Refused: notes.pdf has no text to remember. " * 8)
    qtbot.wait(50)
    assert window.width() == 1000 and window.minimumSizeHint().width() < 1000


def test_a_new_or_stored_conversation_opens_the_chat(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.show_tab(2)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentIndex() == 0
    qtbot.waitUntil(window.chat.composer.hasFocus)
    # A stored conversation opened from the list is shown in the chat too.
    window.show_sessions([SessionSummary("s1", NOW, None, 4, "Trip to Porto")], None)
    window.show_tab(2)
    with qtbot.waitSignal(window.sig_session_opened) as opened:
        qtbot.mouseClick(
            window.sessions.viewport(),
            Qt.MouseButton.LeftButton,
            pos=window.sessions.visualItemRect(window.sessions.item(0)).center(),
        )
    assert opened.args == ["s1"] and window.tabs.currentIndex() == 0


def test_changes_the_model_proposed_wait_in_the_inbox_to_apply_or_reject(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    changes = window.changes
    assert changes.isHidden() and window.tabs.tabText(1) == "Inbox"
    window.inbox.show_tasks([task("Renew passport", TaskStatus.CANDIDATE, "s1-t1")], {})
    correct = ChangeToReview(
        "p-1", "update", "Ana lives in Porto", "Ana lives in Braga", NOW, False
    )
    drop = ChangeToReview("p-2", "delete", "Ana plays chess", None, NOW, outdated=True)
    changes.show_changes([correct, drop])
    assert not changes.isHidden() and window.tabs.tabText(1) == "Inbox (3)"
    first = changes.tree.topLevelItem(0)
    assert (
        first.text(0) == "Correct to: Ana lives in Braga" and first.text(1) == "Ana lives in Porto"
    )
    assert "changed since" in changes.tree.topLevelItem(1).text(0)
    window.show_tab(1)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    changes.tree.setFocus()
    with qtbot.waitSignal(changes.sig_apply_requested) as applied:
        qtbot.keyClick(changes.tree, Qt.Key.Key_Return)
    assert applied.args == ["p-1"]
    # An outdated proposal can only be rejected.
    changes.tree.setCurrentItem(changes.tree.topLevelItem(1))
    assert not changes.apply_button.isEnabled()
    with qtbot.waitSignal(changes.sig_reject_requested) as rejected:
        qtbot.keyClick(changes.tree, Qt.Key.Key_Delete)
    assert rejected.args == ["p-2"]
    changes.show_changes([])
    assert changes.isHidden() and window.tabs.tabText(1) == "Inbox (1)"


def test_settings_dialog_refuses_a_missing_model_file(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = SettingsDialog(Settings(), tmp_path)
    qtbot.addWidget(dialog)
    dialog.model_path.setText(str(tmp_path / "missing.gguf"))
    dialog.accept()
    assert "no model file" in dialog.error.text() and dialog.result() == 0
    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF")
    dialog.model_path.setText(str(model))
    dialog.threads.setValue(0)
    assert dialog.problem() is None
    assert dialog.values().llm_model_path == str(model) and dialog.values().threads is None


def test_every_main_action_has_a_shortcut(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    shortcuts = {a.text().replace("&", ""): a.shortcut().toString() for a in window.actions()}
    assert shortcuts["New conversation"] == "Ctrl+N"
    assert shortcuts["Settings..."] == "Ctrl+,"
    assert shortcuts["Quit"] == "Ctrl+Q"
    assert shortcuts["Memory sidebar"] == "Ctrl+B"
    assert {"Chat", "Inbox", "Memory", "Find in memory", "Export memory..."} <= set(shortcuts)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with qtbot.waitSignal(window.sig_quit_requested, timeout=2000):
        qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)


def test_download_dialog_asks_for_the_chosen_model_and_can_cancel(qtbot: QtBot) -> None:
    dialog = ModelDownloadDialog(CURATED_MODELS)
    qtbot.addWidget(dialog)
    dialog.show()
    # Each model's note is read whole, without scrolling sideways.
    assert dialog.models.horizontalScrollBar().maximum() == 0
    dialog.models.setCurrentRow(1)
    with qtbot.waitSignal(dialog.sig_download_requested) as asked:
        qtbot.mouseClick(dialog.download_button, Qt.MouseButton.LeftButton)
    assert asked.args == [CURATED_MODELS[1]]
    assert dialog.cancel_button.isEnabled() and not dialog.close_button.isEnabled()
    dialog.show_progress(300 * 2**20, 808 * 2**20)
    assert dialog.status.text() == "300 of 808 MB"
    with qtbot.waitSignal(dialog.sig_cancel_requested):
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    dialog.show_failed("Download cancelled; it resumes where it stopped.")
    assert dialog.download_button.isEnabled() and "resumes" in dialog.status.text()


def test_each_reply_keeps_the_memories_that_shaped_it(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    first = (SearchResult(memory("Ana likes figs"), 0.6, {"semantic": 0.5}),)
    view.begin_reply("what does Ana like?")
    view.set_recall(first, None)
    view.finish_reply("Figs.", interrupted=False)
    view.begin_reply("and now?")
    view.set_recall((), "Keyword search only.")
    view.finish_reply("Nothing.", interrupted=False)
    assert "**Engram** · [1 memory](reply:1)" in view.markdown()
    with qtbot.waitSignal(view.sig_reply_selected) as selected:
        view.transcript.anchorClicked.emit(QUrl("reply:1"))
    assert selected.args == [first, None]
    # An edit shows behind the reply as the new version; a forget takes it away.
    edited = memory_value("m-2", "Ana likes fresh figs", NOW, MemoryKind.SEMANTIC, ("s1-t1",))
    view.memory_changed(first[0].memory.id, edited)
    with qtbot.waitSignal(view.sig_reply_selected) as selected:
        view.transcript.anchorClicked.emit(QUrl("reply:1"))
    assert [r.memory for r in selected.args[0]] == [edited]
    view.memories_forgotten({edited.id})
    assert "**Engram** · [0 memories](reply:1)" in view.markdown()


def test_slow_work_behind_the_window_shows_a_busy_bar_quick_work_does_not(
    qtbot: QtBot,
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.show_busy("forget the memory")
    window.show_busy("")
    qtbot.wait(BUSY_DELAY_MS + 100)
    assert not window.busy.isVisible()
    window.show_busy("forget the memory")
    qtbot.waitUntil(window.busy.isVisible, timeout=2000)
    assert window.busy.toolTip() == "Forget the memory..."
    window.show_busy("")
    assert not window.busy.isVisible()


def test_a_memory_s_story_lists_versions_links_by_memory_and_sources() -> None:
    text = "Ana: Yeah, I moved to Lisbon!\nBo: Since when?"
    current = memory_value("m-2", text, NOW, MemoryKind.EPISODIC, ("s1-t4",))
    detail = MemoryDetail(
        memory=current,
        retention=0.9,
        versions=(
            VersionEntry("m-1", "Ana lives in Berlin", NOW - timedelta(days=30), NOW, False),
            VersionEntry("m-2", "Ana lives in Lisbon", NOW, None, False),
        ),
        links=(
            LinkEntry("m-7", "synaptic", 0.84, "Ana's flat has a balcony"),
            LinkEntry("m-7", "co_retrieval", 0.10, "Ana's flat has a balcony"),
        ),
        source_turns=(Turn("s1-t4", "s1", 4, Role.USER, "I moved to Lisbon!", NOW, "Ana"),),
        summarised=(),
        entities=("ana", "lisbon", "bo"),
    )
    html = detail_html(detail)
    assert html.count("Ana&#x27;s flat has a balcony") == 1
    assert "synaptic 0.84, co_retrieval 0.10" in html
    assert 'href="memory:m-1"' in html and "Ana lives in Berlin" in html
    assert "I moved to Lisbon!" in html and "retention 0.90" in html
    assert "Ana: Yeah, I moved to Lisbon!<br>Bo: Since when?" in html
    # What the entity graph has it name.
    assert "<b>Entities:</b> ana, lisbon, bo</p>" in html


def test_in_the_dark_theme_a_button_that_cannot_be_used_looks_it(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, "dark")
    try:
        view = TaskInboxView()
        qtbot.addWidget(view)
        palette = view.confirm_button.palette()
        assert not view.confirm_button.isEnabled()
        enabled = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)
        greyed = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText)
        assert enabled.lightness() - greyed.lightness() > 80
    finally:
        apply_theme(app, "system")


def unnamed(root: QWidget) -> list[str]:
    """The visible widgets Tab reaches that a screen reader could only call by their type."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        # A spin box's own line edit hands its focus to the spin box, which is named.
        reached = widget.focusPolicy() & Qt.FocusPolicy.TabFocus and not widget.focusProxy()
        if not widget.isVisible() or not reached:
            continue
        face = QAccessible.queryAccessibleInterface(widget)
        if face is None or not face.text(QAccessible.Text.Name).strip():
            found.append(f"{type(widget).__name__} in {type(widget.parent()).__name__}")
    return found


def test_everything_the_keyboard_reaches_has_a_name_a_screen_reader_can_say(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The message box, the lists and the searches were announced as "edit" or "list"."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    window.sidebar.show_results([SearchResult(memory("Ana lives in Porto"), 0.8, {})])
    for index in range(window.tabs.count()):
        window.show_tab(index)
        qtbot.waitUntil(window.tabs.currentWidget().isVisible)
        assert unnamed(window) == [], window.tabs.tabText(index)
    assert window.chat.composer.accessibleName() == "Message"
    assert window.manager.kind.accessibleName() == "Kind"
    for dialog in (
        SettingsDialog(Settings(), tmp_path),
        ModelDownloadDialog(CURATED_MODELS),
        DocumentsDialog(),
    ):
        qtbot.addWidget(dialog)
        dialog.show()
        assert unnamed(dialog) == [], type(dialog).__name__
