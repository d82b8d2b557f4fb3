"""Store work for the window, off the UI thread: one worker thread runs operations one at a
time (the single-writer rule holds by construction), and each result comes back to the UI
thread through one queued hand-off, where its callback runs. Operations never touch widgets;
callbacks never touch the store."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Signal, Slot

from app.logs import SEE_LOG
from core.errors import EngramError

log = logging.getLogger(__name__)

T = TypeVar("T")


class Operations(QObject):
    sig_failed = Signal(str, str)
    """An operation without its own error handling failed: (what, message in plain words)."""
    sig_busy_changed = Signal(str)
    """What the store thread is doing now, in words ("" when idle)."""
    _sig_handoff = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._pending = 0
        self._closed = False
        self._sig_handoff.connect(self._on_handoff)
        self._thread = threading.Thread(target=self._serve, name="engram-ops", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while (job := self._queue.get()) is not None:
            job()

    def run(
        self,
        label: str,
        work: Callable[[], T],
        on_done: Callable[[T], None] | None = None,
        on_failed: Callable[[str], None] | None = None,
    ) -> None:
        """Queue `work`; `on_done(result)` or `on_failed(message)` later runs on the UI thread.
        Failures without `on_failed` go to `sig_failed` (the window's one error dialog)."""
        if self._closed:
            return
        self._pending += 1
        self._queue.put(lambda: self._execute(label, work, on_done, on_failed))
        if self._pending == 1:
            self.sig_busy_changed.emit(label)

    def _execute(
        self,
        label: str,
        work: Callable[[], T],
        on_done: Callable[[T], None] | None,
        on_failed: Callable[[str], None] | None,
    ) -> None:
        try:
            result = work()
        except EngramError as exc:
            log.info("%s failed: %s", label, exc)
            message = str(exc)
            self._sig_handoff.emit(lambda: self._fail(label, message, on_failed))
        except Exception as exc:  # any bug becomes a message, never a dead worker
            log.exception("%s failed", label)
            message = f"Could not {label} ({exc}). {SEE_LOG}"
            self._sig_handoff.emit(lambda: self._fail(label, message, on_failed))
        else:
            self._sig_handoff.emit(lambda: on_done(result) if on_done else None)

    def _fail(self, label: str, message: str, on_failed: Callable[[str], None] | None) -> None:
        if on_failed is not None:
            on_failed(message)
        else:
            self.sig_failed.emit(label, message)

    @Slot(object)
    def _on_handoff(self, callback: Callable[[], None]) -> None:
        self._pending -= 1
        if self._pending == 0:
            self.sig_busy_changed.emit("")
        if not self._closed:
            callback()

    @property
    def busy(self) -> bool:
        return self._pending > 0

    def shutdown(self, timeout: float = 2.0) -> None:
        """Let the running operation finish (it may be mid-write); drop the queued ones."""
        self._closed = True
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
        self._queue.put(None)
        self._thread.join(timeout)
