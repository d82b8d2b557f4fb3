"""Wires the chat view and its memory sidebar to the assistant, which lives on its own QThread
(`ChatWorker`). Requests go to the worker through queued signals; tokens, recalls and results
come back the same way. The UI thread never waits on the model."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Qt, QThread, Signal

from app.chat_worker import ChatWorker
from app.library_controller import LibraryController
from app.services import Services
from app.thread_end import wait_for_end
from core.assistant import Clock, PreparedTurn, TurnResult
from core.forgetting import asks_to_forget
from core.model import Turn
from core.settings import Settings
from core.to_do_words import with_deadline
from core.to_dos_done import Settled
from ui.chat_view import ModelState
from ui.main_window import MainWindow

log = logging.getLogger(__name__)

# Shutdown budget for the chat thread (stop the reply, remember the conversation).
SHUTDOWN_WAIT_MS = 1500
# A message cannot say which memory to erase: where the user can.
FORGET_HINT = (
    "Nothing is erased because a message asks: to forget a memory, press Forget on it beside "
    "this answer or in the Memory tab (Ctrl+3)."
)


class ChatController(QObject):
    # The message, and the stored conversation it goes on with (None: the open one).
    _sig_send = Signal(str, object)
    _sig_load_model = Signal()
    _sig_new_session = Signal()
    _sig_apply_settings = Signal(object)
    _sig_close = Signal()
    _sig_follow_forgets = Signal()

    def __init__(
        self,
        window: MainWindow,
        services: Services,
        settings: Settings,
        clock: Clock,
        library: LibraryController,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._library = library
        self._session_id: str | None = None
        # Messages sent whose exchange is not yet learnt from (the reply may be shown already).
        self._turns_in_flight = 0
        self.model_state = ModelState.MISSING
        self.thread = QThread()
        self.thread.setObjectName("engram-chat")
        self.worker = ChatWorker(services, settings, clock)
        self.worker.moveToThread(self.thread)
        self._sig_send.connect(self.worker.send)
        self._sig_load_model.connect(self.worker.load_model)
        self._sig_new_session.connect(self.worker.new_session)
        self._sig_apply_settings.connect(self.worker.apply_settings)
        self._sig_close.connect(self.worker.close)
        self._sig_follow_forgets.connect(self.worker.follow_forgets)
        chat = window.chat
        self.worker.sig_model_state.connect(self._on_worker_model_state)
        self.worker.sig_token.connect(chat.append_reply_text)
        self.worker.sig_thought.connect(chat.note_thinking)
        self.worker.sig_recalled.connect(self._on_worker_recalled)
        self.worker.sig_replied.connect(self._on_worker_replied)
        self.worker.sig_turns_forgotten.connect(chat.turns_forgotten)
        self.worker.sig_turn_finished.connect(self._on_worker_turn_finished)
        self.worker.sig_turn_failed.connect(self._on_worker_turn_failed)
        self.worker.sig_session_started.connect(self._on_worker_session_started)
        chat.sig_message_submitted.connect(self._on_chat_message_submitted)
        chat.sig_reply_selected.connect(window.sidebar.show_results)
        # Direct: the worker's own thread is busy with the very reply to stop.
        chat.sig_stop_requested.connect(
            self.worker.request_stop, Qt.ConnectionType.DirectConnection
        )
        window.sig_new_session_requested.connect(self.new_session)
        window.sig_session_opened.connect(self._on_window_session_opened)
        sidebar = window.sidebar
        sidebar.sig_pin_requested.connect(library.pin_memory)
        sidebar.sig_edit_requested.connect(library.edit_memory)
        sidebar.sig_forget_requested.connect(library.forget_memory)
        sidebar.sig_open_requested.connect(library.show_memory)
        library.sig_memories_forgotten.connect(lambda _ids: self._sig_follow_forgets.emit())
        self.thread.start()

    def load_model(self) -> None:
        self._sig_load_model.emit()

    def apply_settings(self, settings: Settings) -> None:
        self._sig_apply_settings.emit(settings)

    def new_session(self) -> None:
        """The old conversation stops being the live one now, not when the worker has closed
        it (which may take a while): opening it from the list meanwhile shows it."""
        self._session_id = None
        self._window.chat.clear_past()
        self._sig_new_session.emit()

    def shutdown(self) -> None:
        """Stop the reply, let the worker remember the conversation, end the thread."""
        self.worker.request_stop()
        self._sig_close.emit()
        wait_for_end(self.thread, SHUTDOWN_WAIT_MS, "the chat's last step")

    def _on_worker_model_state(self, state: ModelState, detail: str) -> None:
        self.model_state = state
        self._window.chat.set_model_state(state, detail)

    def live_sessions(self) -> frozenset[str]:
        """The conversation open in the chat, for the background jobs (any thread)."""
        session_id = self.worker.session_id
        return frozenset() if session_id is None else frozenset({session_id})

    @property
    def busy(self) -> bool:
        """A turn is still being answered or learnt from."""
        return self._turns_in_flight > 0

    def _on_chat_message_submitted(self, text: str) -> None:
        # Sent while a stored conversation is read, the message goes on with that one.
        going_on = self._window.chat.past_session
        self._window.chat.begin_reply(text)
        if asks_to_forget(text):
            self._window.chat.add_notice(FORGET_HINT)
        self._turns_in_flight += 1
        self._sig_send.emit(text, going_on)

    def _on_worker_recalled(self, prepared: PreparedTurn) -> None:
        self._window.chat.set_recall(prepared.results, prepared.degraded)
        self._window.sidebar.show_results(prepared.results, prepared.degraded)
        # What the sidebar does not say: the message was cut for the model, pinned memory
        # is over its budget.
        notes = [w for w in prepared.context.warnings if w != prepared.degraded]
        if notes:
            self._window.chat.add_notice(" ".join(notes))

    def _on_worker_replied(self, message: Turn, reply: Turn, interrupted: bool) -> None:
        self._window.chat.finish_reply(reply.text, interrupted, (message.id, reply.id))

    def _on_worker_turn_finished(self, result: TurnResult) -> None:
        self._turns_in_flight -= 1
        self._session_id = result.session_id
        self._library.refresh_sessions(self._session_id)
        settled = result.settled
        if result.tasks or settled != Settled():
            self._library.refresh_inbox()
        if result.tasks:
            noticed = "; ".join(with_deadline(t) for t in result.tasks)
            self._window.chat.add_notice(f"To-do noticed: {noticed}. It is in the Inbox (Ctrl+2).")
        self._tell_settled(settled)
        if result.memory_ids:
            self._library.refresh_manager()
        self._library.refresh_stats()

    def _tell_settled(self, settled: Settled) -> None:
        """Said under the reply, and handed to the inbox's undo as they were: a to-do the
        user's words finished, dismissed, tracked or moved (they may not have meant it so)."""
        inbox = self._window.inbox
        decided = (
            (settled.done, "Marked done"),
            (settled.dropped, "Dismissed"),
            (settled.tracked, "Tracked"),
        )
        told = [
            (tasks, inbox.decided_in_chat, what, [t.title for t in tasks])
            for tasks, what in decided
        ]
        # A to-do with no day before is given one, not moved.
        dated = any(m.before.due_at for m in settled.moved)
        told.append(
            (
                [m.before for m in settled.moved],
                inbox.moved_in_chat,
                "Moved" if dated else "Scheduled",
                [with_deadline(m.after) for m in settled.moved],
            )
        )
        for before, hand_over, what, said in told:
            if before:
                hand_over(before)
                self._window.chat.add_notice(
                    f"{what}, as you said: {'; '.join(said)}. Not so? Undo it in the Inbox "
                    "(Ctrl+2, then Ctrl+Z)."
                )

    def _on_worker_turn_failed(self, message: str, replied: bool) -> None:
        """After the reply was stored only learning failed: the reply stands as it is (and
        the user may already be writing the next message)."""
        self._turns_in_flight -= 1
        if replied:
            self._window.chat.show_notice(message)
        else:
            self._window.chat.reply_failed(message)

    def _on_worker_session_started(self, session_id: str) -> None:
        self._session_id = session_id
        self._window.chat.clear()
        self._window.sidebar.show_results(())
        self._library.refresh_sessions(session_id)

    def _on_window_session_opened(self, session_id: str) -> None:
        if session_id == self._session_id:
            self._window.chat.clear_past()
        else:
            self._library.show_session(session_id)
