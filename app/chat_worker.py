"""The assistant on its own thread: loading the model, one turn at a time, tokens out as
signals. Stop is a plain Event the UI thread sets directly, so it works while a turn runs."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.logs import SEE_LOG
from app.services import Services, assistant_for, load_llm
from core.assistant import Assistant, Clock
from core.curation import CurationWorker, Curator
from core.errors import EngramError
from core.llm import LlamaCppLLM
from core.model import Turn
from core.settings import Settings
from ui.chat_view import ModelState

log = logging.getLogger(__name__)

# How long shutdown waits for background curation of the last exchange.
CURATION_GRACE_S = 1.0


class ChatWorker(QObject):
    sig_model_state = Signal(object, str)
    """The model is (ModelState) with a detail in words (its name, or what went wrong)."""
    sig_recalled = Signal(object)
    """What was recalled for the message being answered (a PreparedTurn)."""
    sig_token = Signal(str)
    """A piece of the reply being written."""
    sig_thought = Signal(str)
    """A piece of what a reasoning model thinks before it answers."""
    sig_replied = Signal(object, object, bool)
    """The exchange is stored (the message's Turn, the reply's, whether the reply was
    interrupted); learning from it follows."""
    sig_turn_finished = Signal(object)
    """The exchange is stored and learnt from (a TurnResult)."""
    sig_turn_failed = Signal(str, bool)
    """The turn failed; the message says why and what to do, and whether the reply was
    already stored (only learning from it failed)."""
    sig_turns_forgotten = Signal(object)
    """A forget blanked these turns of the open conversation (a frozenset of turn ids)."""
    sig_session_started = Signal(str)
    """A new conversation began (its id)."""
    sig_model_loaded = Signal(object)
    """The loaded LLM, or None when it was unloaded (background jobs may use it too)."""

    def __init__(self, services: Services, settings: Settings, clock: Clock) -> None:
        super().__init__()
        self._services = services
        self._settings = settings
        self._clock = clock
        self._cancel = threading.Event()
        self._llm: LlamaCppLLM | None = None
        self._curation: CurationWorker | None = None
        self._assistant = self._build(None)

    def _build(self, llm: LlamaCppLLM | None) -> Assistant:
        submit = self._curation.submit if self._curation else None
        assistant = assistant_for(
            self._services,
            llm,
            self._clock,
            self._settings.context_size,
            submit,
            self.sig_turns_forgotten.emit,
        )
        assistant.remembering = not self._settings.memory_paused
        return assistant

    @property
    def session_id(self) -> str | None:
        """The conversation open now (read from any thread)."""
        return self._assistant.session_id

    def request_stop(self) -> None:
        """Called from the UI thread: the reply stops within a token (or a graph node)."""
        self._cancel.set()

    @Slot(object)
    def apply_settings(self, settings: Settings) -> None:
        """Pause takes effect at once; a different model file or context size reloads."""
        previous = self._settings
        self._settings = settings
        self._assistant.remembering = not settings.memory_paused
        reload = (
            settings.llm_model_path != previous.llm_model_path
            or settings.context_size != previous.context_size
            or settings.threads != previous.threads
        )
        if reload or self._llm is None:
            self.load_model()

    @Slot()
    def load_model(self) -> None:
        path = self._settings.llm_model_path
        if not path:
            self.sig_model_state.emit(ModelState.MISSING, "")
            return
        self.sig_model_state.emit(ModelState.LOADING, Path(path).name)
        self._retire_model()
        try:
            llm = load_llm(Path(path), self._settings)
        except EngramError as exc:
            log.info("Model not loaded: %s", exc)
            self.sig_model_state.emit(ModelState.FAILED, str(exc))
            self._assistant = self._build(None)
            return
        self._llm = llm
        self._curation = CurationWorker(Curator(self._services.store, self._services.embedder, llm))
        self._assistant = self._build(llm)
        self.sig_model_loaded.emit(llm)
        self.sig_model_state.emit(ModelState.READY, llm.model_name)

    def _retire_model(self) -> None:
        """Close the conversation on the old model and let its curation finish."""
        self._assistant.close_session()
        if self._curation is not None:
            self._curation.close(CURATION_GRACE_S)
        self._curation = None
        if self._llm is not None:
            self.sig_model_loaded.emit(None)
        self._llm = None

    @Slot(str, object)
    def send(self, text: str, going_on: str | None = None) -> None:
        """`going_on`: a stored conversation the message continues (None: the open one)."""
        self._cancel.clear()
        replied: list[bool] = []
        if going_on is not None and going_on != self._assistant.session_id:
            try:
                self._assistant.resume_session(going_on)
            except EngramError as exc:
                self.sig_turn_failed.emit(str(exc), False)
                return

        def on_replied(message: Turn, reply: Turn, interrupted: bool) -> None:
            replied.append(True)
            self.sig_replied.emit(message, reply, interrupted)

        try:
            result = self._assistant.turn(
                text,
                on_token=self.sig_token.emit,
                cancel=self._cancel,
                on_prepared=self.sig_recalled.emit,
                on_thought=self.sig_thought.emit,
                on_replied=on_replied,
            )
        except EngramError as exc:
            self.sig_turn_failed.emit(str(exc), bool(replied))
        except Exception as exc:  # a bug must not kill the chat thread
            log.exception("Chat turn failed")
            self.sig_turn_failed.emit(f"The reply failed ({exc}). {SEE_LOG}", bool(replied))
        else:
            self.sig_turn_finished.emit(result)

    @Slot()
    def follow_forgets(self) -> None:
        """A memory was forgotten while no turn ran: the conversation drops its words now,
        not at the next message."""
        try:
            self._assistant.follow_forgets()
        except EngramError as exc:
            log.warning("Could not follow the forget into the conversation: %s", exc)

    @Slot()
    def new_session(self) -> None:
        self._assistant.close_session()
        self.sig_session_started.emit(self._assistant.start_session(self._assistant.project))

    @Slot()
    def close(self) -> None:
        """Remember the open conversation, stop curation, and end this thread's loop."""
        try:
            self._retire_model()
        except EngramError as exc:
            log.warning("Could not close the conversation cleanly: %s", exc)
        QThread.currentThread().quit()
