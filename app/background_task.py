"""One long job at a time on a thread of its own (a download, a re-embedding): cancellable
through an Event the UI thread sets, stoppable at shutdown without waiting it out. Subclasses
run the job and report through the signals here."""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal


class BackgroundTask(QObject):
    sig_progress = Signal(object, object)
    """Progress (done, total), as Python ints (byte counts pass 2 GiB)."""
    sig_finished = Signal(object)
    """The job's result."""
    sig_failed = Signal(str)
    """The job stopped; the message says why and what to do."""

    def __init__(self) -> None:
        super().__init__()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _launch(self, name: str, job: Callable[..., None], *args: object) -> None:
        if self.running:
            return
        self._cancel.clear()
        self._thread = threading.Thread(target=job, args=args, name=name, daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def stop(self, timeout: float) -> None:
        """At shutdown: cancel, and give the job a moment to close what it has open."""
        self._cancel.set()
        if self._thread is not None:
            self._thread.join(timeout)
