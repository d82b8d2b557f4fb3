"""The conversation: a Markdown transcript that grows as tokens arrive, and a composer (Enter
sends, Shift+Enter breaks the line, Esc stops the reply). It only shows and emits; the app
decides what a message does."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QMimeData, QPoint, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QShortcut,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from core.model import Memory, Role, Turn
from core.others_words import quoted
from core.retrieval.scoring import SearchResult
from core.text_input import MAX_TURN_CHARS, too_long
from core.wording import counted
from ui.dropped import dropped_files
from ui.recall import with_version, without

# GitHub Markdown without raw HTML: a reply (or a remembered document) cannot inject markup.
# Between messages: a horizontal rule.
SEPARATOR = "\n\n---\n\n"
MARKDOWN = (
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub
    | QTextDocument.MarkdownFeature.MarkdownNoHTML
)
MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()#+\-.!<>|~&])")
# Tokens arrive faster than a person reads; the transcript is redrawn at most this often.
RENDER_INTERVAL_MS = 40
# A message longer than this shows its head only: the transcript is still redrawn whole at
# times (a forget, a stored conversation opened), and when a reply streamed that way a pasted
# megabyte made each redraw take half a second. The message itself is kept whole.
SHOWN_CHARS_MAX = 20_000
PASTE_AS_QUOTE = "Ctrl+Shift+V"
# A paste this long may be an email or a message from someone else: the chat says how to quote
# one (once a run).
LONG_PASTE_LINES = 3
LONG_PASTE_CHARS = 300
PASTE_HINT = (
    f"Pasted someone else's words, such as an email? Ctrl+Z takes the paste back and "
    f"{PASTE_AS_QUOTE} pastes it as a quote: what it says of its writer is then not taken as "
    "said by you."
)


class ModelState(StrEnum):
    MISSING = "missing"
    LOADING = "loading"
    READY = "ready"
    FAILED = "failed"


@dataclass
class _Message:
    role: Role
    text: str
    interrupted: bool = False
    # Who said it, when a stored conversation names someone else (an imported chat's other
    # side: "ChatGPT", or the people of a conversation file).
    speaker: str | None = None
    # The stored turn's id (known once the exchange is stored): a forget finds it by it.
    turn_id: str | None = None
    forgotten: bool = False
    # For a reply: the memories that shaped it, and whether recall was degraded.
    recall: tuple[SearchResult, ...] | None = None
    degraded: str | None = None
    # What a reasoning model thought before (or instead of) answering: kept out of the way,
    # shown when the user asks.
    thought: str = ""
    show_thought: bool = False

    def shown_text(self, replying: bool) -> str:
        if self.forgotten:
            return "*(forgotten)*"
        if len(self.text) > SHOWN_CHARS_MAX:
            head = self.text[:SHOWN_CHARS_MAX]
            # A code block cut open would take the rest of the transcript into it.
            closing = "\n```" if head.count("```") % 2 else ""
            hidden = len(self.text) - SHOWN_CHARS_MAX
            return (
                f"{head}{closing}\n\n*({hidden:,} more characters not shown here; the whole "
                "message is kept)*"
            )
        if self.text:
            return self.text
        if self.thought and replying:
            return "*thinking...*"
        if self.thought:
            return "*(the reply ended while the model was still thinking)*"
        return "*...*" if replying else "*(no reply)*"


class Composer(QPlainTextEdit):
    """Enter sends; Shift+Enter is a new line; Ctrl+Shift+V pastes as a quote."""

    sig_submitted = Signal()
    """Enter was pressed without Shift."""
    sig_pasted_long = Signal()
    """A page or several lines were pasted as they were: maybe someone else's words."""

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 (Qt's name)
        super().insertFromMimeData(source)
        pasted = source.text()
        if (pasted.count("\n") >= LONG_PASTE_LINES or len(pasted) >= LONG_PASTE_CHARS) and not (
            pasted.lstrip().startswith(">")
        ):
            self.sig_pasted_long.emit()

    def canInsertFromMimeData(self, source: QMimeData) -> bool:  # noqa: N802 (Qt's name)
        """Files dropped here are for the window to take in, not their paths to type."""
        return not dropped_files(source) and super().canInsertFromMimeData(source)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.sig_submitted.emit()
            return
        if QKeySequence(event.keyCombination()) == QKeySequence(PASTE_AS_QUOTE):
            self.paste_as_quote()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt's name)
        self.context_menu(event.pos()).exec(event.globalPos())

    def context_menu(self, position: QPoint) -> QMenu:
        """Qt's own edit menu, with Paste as quote after Paste."""
        menu = self.createStandardContextMenu(position)
        action = QAction("Paste as &quote", menu)
        action.setShortcut(QKeySequence(PASTE_AS_QUOTE))
        action.setEnabled(bool(QGuiApplication.clipboard().text().strip()))
        action.triggered.connect(self.paste_as_quote)
        actions = menu.actions()
        pasting = [i for i, a in enumerate(actions) if a.objectName() == "edit-paste"]
        if pasting and pasting[0] + 1 < len(actions):
            menu.insertAction(actions[pasting[0] + 1], action)
        else:
            menu.addAction(action)
        return menu

    def paste_as_quote(self) -> None:
        """Someone else's words (an email, a friend's message) asked about, not said: quoted,
        what they say of their writer is not remembered as the user's (`core.others_words`)."""
        text = QGuiApplication.clipboard().text()
        if text.strip():
            self.insertPlainText(quoted(text))


class ChatView(QWidget):
    sig_message_submitted = Signal(str)
    """The user sent a message (already stripped, never empty)."""
    sig_stop_requested = Signal()
    """The user asked the reply being written to stop."""
    sig_reply_selected = Signal(object, object)
    """Show the memories behind an earlier reply: (SearchResults, degraded note or None)."""
    sig_model_download_requested = Signal()
    """No model runs: the user asked to download one."""
    sig_model_file_requested = Signal()
    """No model runs: the user asked to choose a GGUF file they have."""

    def __init__(self, assistant_name: str = "Engram", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._name = assistant_name
        self._messages: list[_Message] = []
        # A stored conversation being looked at; the live one comes back on the next message.
        self._past: list[_Message] | None = None
        self._past_session: str | None = None
        self._state = ModelState.MISSING
        self._replying = False
        self.transcript = QTextBrowser(self)
        self.transcript.setOpenLinks(False)
        self.transcript.anchorClicked.connect(self._on_transcript_anchor_clicked)
        self.transcript.setPlaceholderText("Say something to start a conversation.")
        self.transcript.setAccessibleName("Conversation")
        self.notice = QLabel(self)
        self.notice.setObjectName("chatNotice")
        self.notice.setWordWrap(True)
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.progress.setMaximumHeight(6)
        self.progress.setTextVisible(False)
        self.progress.hide()
        # A first run has no model: the way to one is beside the words saying so, not only in
        # Settings.
        self.download_button = QPushButton("Download a model...", self)
        self.download_button.setToolTip("A small model that runs here (0.4-0.8 GB, fetched once)")
        self.download_button.clicked.connect(self.sig_model_download_requested.emit)
        self.choose_model_button = QPushButton("Choose a model file...", self)
        self.choose_model_button.setToolTip("A GGUF language model already on this computer")
        self.choose_model_button.clicked.connect(self.sig_model_file_requested.emit)
        self.model_buttons = QWidget(self)
        model_row = QHBoxLayout(self.model_buttons)
        model_row.setContentsMargins(0, 0, 0, 0)
        model_row.addWidget(self.download_button)
        model_row.addWidget(self.choose_model_button)
        model_row.addStretch(1)
        self.composer = Composer(self)
        self.composer.setPlaceholderText(
            f"Message  (Enter sends, Shift+Enter new line, {PASTE_AS_QUOTE} pastes as a quote)"
        )
        self.composer.setAccessibleName("Message")
        self.composer.setAccessibleDescription(
            f"Enter sends, Shift+Enter starts a new line, {PASTE_AS_QUOTE} pastes someone "
            "else's words as a quote"
        )
        self.composer.setMaximumHeight(90)
        self.send_button = QPushButton("Send", self)
        self.send_button.setToolTip("Send (Enter)")
        self.stop_button = QPushButton("Stop", self)
        self.stop_button.setToolTip("Stop the reply (Esc)")
        self.stop_button.setEnabled(False)
        buttons = QVBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        row = QHBoxLayout()
        row.addWidget(self.composer, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.notice)
        layout.addWidget(self.model_buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.transcript, 1)
        layout.addLayout(row)
        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(RENDER_INTERVAL_MS)
        self._render_timer.timeout.connect(self._render_reply)
        # Where the reply being written starts in the transcript (None: not written now).
        self._reply_at: int | None = None
        self.composer.sig_submitted.connect(self._on_composer_submitted)
        self.composer.sig_pasted_long.connect(self._on_long_paste)
        self._paste_hinted = False
        self.send_button.clicked.connect(self._on_composer_submitted)
        self.stop_button.clicked.connect(self._on_stop_clicked)
        stop = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        # Anywhere in the main window (dialogs are other windows and keep Esc to close).
        stop.setContext(Qt.ShortcutContext.WindowShortcut)
        stop.activated.connect(self._on_stop_clicked)
        self.set_model_state(ModelState.MISSING, "")

    @property
    def replying(self) -> bool:
        return self._replying

    def set_model_state(self, state: ModelState, detail: str) -> None:
        """What the model is doing, in words: missing (what to do), loading, ready, failed."""
        self._state = state
        self.progress.setVisible(state is ModelState.LOADING)
        texts = {
            ModelState.MISSING: "No language model is set up yet: download one, or choose a "
            "GGUF model file you have. Memory, tasks and the memory manager work without one.",
            ModelState.LOADING: f"Loading the model {detail}... you can type meanwhile.",
            ModelState.READY: "",
            ModelState.FAILED: f"The model could not be loaded: {detail} Choose another file, "
            "or download one.",
        }
        self.model_buttons.setVisible(state in (ModelState.MISSING, ModelState.FAILED))
        self.notice.setText(texts[state])
        self.notice.setVisible(bool(texts[state]))
        self._update_buttons()

    def show_notice(self, message: str) -> None:
        """A word about this turn (a failure, a message too long for the model to read
        whole); the next message clears it."""
        self.notice.setText(message)
        self.notice.setVisible(True)

    def add_notice(self, message: str) -> None:
        """Another word about this turn, after any already shown for it."""
        shown = self.notice.text() if self.notice.isVisible() else ""
        self.show_notice(f"{shown} {message}".strip())

    @property
    def past_session(self) -> str | None:
        """The stored conversation being read instead of the live one, if any."""
        if self._past is None:
            return None
        return self._past_session

    def show_transcript(
        self, turns: Sequence[Turn], forgotten: Collection[str] = frozenset()
    ) -> None:
        """A stored conversation, to read (the turns a forget blanked say so) and to go on
        with: a message sent now joins it."""
        self._past = [
            _Message(t.role, t.text, speaker=t.speaker, turn_id=t.id, forgotten=t.id in forgotten)
            for t in turns
        ]
        self._past_session = turns[0].session_id if turns else None
        self._render()

    def turns_forgotten(self, turn_ids: Collection[str]) -> None:
        """A forget blanked these turns: their words leave the screen too, the word under
        the reply included (it may name a to-do noticed in them)."""
        for message in self._all_messages():
            if message.turn_id in turn_ids:
                message.text, message.thought, message.forgotten = "", "", True
        if self._state is ModelState.READY:
            self.notice.clear()
            self.notice.hide()
        self._render()

    def memories_forgotten(self, memory_ids: Collection[str]) -> None:
        """Forgotten memories no longer show behind the replies they shaped."""
        self._update_recalls(lambda recall: without(recall, memory_ids))
        self._render()

    def memory_changed(self, old_id: str, replacement: Memory) -> None:
        """An edited or pinned memory shows as its new version behind earlier replies too (the
        old one can no longer be edited or pinned)."""
        self._update_recalls(lambda recall: with_version(recall, old_id, replacement))

    def _update_recalls(
        self, change: Callable[[tuple[SearchResult, ...]], tuple[SearchResult, ...]]
    ) -> None:
        for message in self._all_messages():
            if message.recall is not None:
                message.recall = change(message.recall)

    def _all_messages(self) -> list[_Message]:
        return self._messages + (self._past or [])

    def clear_past(self) -> None:
        """Back from a stored conversation to the live one."""
        self._past = None
        self._render()

    def clear(self) -> None:
        """A new conversation begins (a stored one opened while it started stays open)."""
        self._messages = []
        self._render()

    def begin_reply(self, message: str) -> None:
        """The message and the reply to come are added after what the transcript shows; it
        is redrawn whole when that is a stored conversation, which the message goes on with."""
        appending = self._past is None and bool(self._messages)
        if self._past is not None:
            self._messages = self._past
        self._past = None
        self._messages += [_Message(Role.USER, message), _Message(Role.ASSISTANT, "")]
        self._replying = True
        if appending:
            self._append_exchange()
        else:
            self._render()
        self._update_buttons()

    def set_recall(self, results: Sequence[SearchResult], degraded: str | None) -> None:
        """What was recalled for the reply being written (it stays linked to that reply)."""
        if self._messages and self._messages[-1].role is Role.ASSISTANT:
            self._messages[-1].recall = tuple(results)
            self._messages[-1].degraded = degraded
            self._render_reply()

    def append_reply_text(self, piece: str) -> None:
        if not self._replying:
            return
        self._messages[-1].text += piece
        if not self._render_timer.isActive():
            self._render_timer.start()

    def note_thinking(self, piece: str) -> None:
        """A reasoning model is thinking before it answers: said, and shown only when the
        user opens it (it is not the answer, and can run to pages)."""
        if not self._replying or not piece:
            return
        message = self._messages[-1]
        first = not message.thought
        message.thought += piece
        if first:
            self._render()
        elif message.show_thought and not self._render_timer.isActive():
            self._render_timer.start()

    def finish_reply(
        self, text: str, interrupted: bool, turn_ids: tuple[str, str] | None = None
    ) -> None:
        """The stored reply is the truth (the stream may have been cut by a stop);
        `turn_ids` are the stored message's and reply's."""
        if self._messages and self._messages[-1].role is Role.ASSISTANT:
            self._messages[-1].text = text
            self._messages[-1].interrupted = interrupted
            if turn_ids is not None and len(self._messages) >= 2:
                self._messages[-2].turn_id, self._messages[-1].turn_id = turn_ids
        self._replying = False
        self._render_timer.stop()
        self._render_reply()
        self._update_buttons()
        self.composer.setFocus()

    def reply_failed(self, message: str) -> None:
        if self._messages and self._messages[-1].role is Role.ASSISTANT:
            self._messages[-1].interrupted = True
        self._replying = False
        self._render_timer.stop()
        self._render_reply()
        self._update_buttons()
        self.show_notice(message)

    def markdown(self) -> str:
        return SEPARATOR.join(self._parts())

    def _speaker(self, message: _Message) -> str:
        if message.speaker and message.speaker not in ("User", self._name):
            # Taken literally: a name is no Markdown.
            return MARKDOWN_PUNCTUATION.sub(r"\\\1", message.speaker)
        return "You" if message.role is Role.USER else self._name

    def _parts(self) -> list[str]:
        parts = []
        shown = self._messages if self._past is None else self._past
        for index, message in enumerate(shown):
            # Only the last message can be the reply being written.
            replying = self._replying and index == len(shown) - 1
            header = f"**{self._speaker(message)}**"
            if message.recall is not None:
                header += f" · [{counted(len(message.recall), 'memory')}](reply:{index})"
            text = message.shown_text(replying)
            if message.thought:
                verb = "hide" if message.show_thought else "show"
                header += f" · [{verb} thinking](thought:{index})"
            if message.thought and message.show_thought:
                quoted = "\n".join(f"> {line}" for line in message.thought.strip().splitlines())
                text = f"{quoted}\n\n{text}"
            if message.interrupted:
                text += "\n\n*(stopped)*"
            parts.append(f"{header}\n\n{text}")
        return parts

    def _render(self) -> None:
        """The whole transcript. While a reply is written it goes in last, on its own, so
        the stream redraws only that (`_render_reply`): redrawing a 300-exchange
        conversation took ~95 ms, at every 40 ms of streaming."""
        parts = self._parts()
        writing = self._replying and self._past is None and len(parts) >= 2
        with self._scroll_kept():
            document = self.transcript.document()
            document.setMarkdown(SEPARATOR.join(parts[:-1] if writing else parts), MARKDOWN)
            self._reply_at = document.characterCount() - 1 if writing else None
            if writing:
                self._write_reply(parts[-1])

    def _append_exchange(self) -> None:
        """The message just sent after the transcript, then its reply to be written: sending
        in a 300-exchange conversation redrew it whole, ~50 ms."""
        message, reply = self._parts()[-2:]
        with self._scroll_kept():
            document = self.transcript.document()
            cursor = QTextCursor(document)
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertMarkdown(SEPARATOR.lstrip() + message, MARKDOWN)
            self._reply_at = document.characterCount() - 1
            self._write_reply(reply)

    def _render_reply(self) -> None:
        """The reply being written (or just ended) redrawn alone; the transcript stops
        keeping its place once it has ended."""
        if self._reply_at is None or self._past is not None:
            self._render()
            return
        with self._scroll_kept():
            self._write_reply(self._parts()[-1])
        if not self._replying:
            self._reply_at = None

    def _write_reply(self, part: str) -> None:
        """The reply in place of what it showed before (the separator opens it, so it
        starts a block of its own and lays out as the whole transcript would)."""
        assert self._reply_at is not None
        cursor = QTextCursor(self.transcript.document())
        cursor.setPosition(self._reply_at)
        cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        cursor.insertMarkdown(SEPARATOR.lstrip() + part, MARKDOWN)

    @contextmanager
    def _scroll_kept(self) -> Iterator[None]:
        """Following the end of the conversation when the user was at it."""
        bar = self.transcript.verticalScrollBar()
        at_bottom = bar.value() >= bar.maximum() - 4
        yield
        if at_bottom:
            bar.setValue(bar.maximum())

    def _on_transcript_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() not in ("reply", "thought") or self._past is not None:
            return
        index = int(url.path())
        if not 0 <= index < len(self._messages):
            return
        message = self._messages[index]
        if url.scheme() == "thought":
            message.show_thought = not message.show_thought
            self._render()
        elif message.recall is not None:
            self.sig_reply_selected.emit(message.recall, message.degraded)

    def _update_buttons(self) -> None:
        can_send = not self._replying and self._state in (ModelState.LOADING, ModelState.READY)
        self.send_button.setEnabled(can_send)
        self.stop_button.setEnabled(self._replying)

    def _on_long_paste(self) -> None:
        """Said once a run, beside this turn's other words (not over the model's state)."""
        if not self._paste_hinted and self._state is ModelState.READY:
            self._paste_hinted = True
            self.add_notice(PASTE_HINT)

    def _on_composer_submitted(self) -> None:
        text = self.composer.toPlainText().strip()
        if not text or not self.send_button.isEnabled():
            return
        if len(text) > MAX_TURN_CHARS:
            self.show_notice(too_long(len(text)))  # the text stays in the composer
            return
        self.composer.clear()
        if self._state is ModelState.READY:
            self.notice.hide()
        self.sig_message_submitted.emit(text)

    def _on_stop_clicked(self) -> None:
        if self._replying:
            self.sig_stop_requested.emit()
