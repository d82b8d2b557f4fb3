"""Imports of conversation files and documents on a thread of their own. A book takes minutes to
embed on a laptop, and on the store thread it held up every other action of the window (a
search, a forget, the inbox) until it was done. Writes still go through the store's single
writer, a batch or a file at a time; a cancel stops between them and keeps what was written."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import Signal

from app.background_task import BackgroundTask
from app.logs import SEE_LOG
from core.errors import EngramError

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
# The job: reads the cancel event, reports progress, returns the line the manager shows.
ImportJob = Callable[[threading.Event, Progress], str]


# How often a paused import looks whether the chat is done.
YIELD_POLL_S = 0.05


class BulkImport(BackgroundTask):
    """One import at a time; finishes with the job's summary line. Between its batches it
    waits while `yield_to()` says the chat needs the processor: beside a book being embedded,
    the model read a prompt at 0.57x its speed on two cores."""

    sig_waiting = Signal(bool)
    """The import is waiting for the chat (True), or going on again (False)."""
    sig_step = Signal(str)
    """What the import does now ("Reading ...", then "Importing ..."), from the job."""

    def __init__(self) -> None:
        super().__init__()
        self.yield_to: Callable[[], bool] = lambda: False

    def start(self, job: ImportJob) -> bool:
        """False, and nothing started, while another import runs."""
        if self.running:
            return False
        self._launch("engram-import", self._run, job)
        return True

    def step(self, label: str) -> None:
        """Called by the job as it goes from one step to the next."""
        self.sig_step.emit(label)

    def _run(self, job: ImportJob) -> None:
        try:
            summary = job(self._cancel, self._progress)
        except EngramError as exc:
            log.info("The import stopped: %s", exc)
            self.sig_failed.emit(str(exc))
            return
        except Exception as exc:  # shown to the user, never a dead thread
            log.exception("The import failed")
            self.sig_failed.emit(f"The import failed ({exc}). {SEE_LOG}")
            return
        self.sig_finished.emit(summary)

    def _progress(self, done: int, total: int) -> None:
        self.sig_progress.emit(done, total)
        if not self.yield_to():
            return
        self.sig_waiting.emit(True)
        while self.yield_to() and not self._cancel.wait(YIELD_POLL_S):
            pass
        self.sig_waiting.emit(False)
