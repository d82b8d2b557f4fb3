"""Runs a model download the user asked for on a thread of its own (it can take minutes) and
reports back through signals; Cancel is an Event the UI thread sets."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from core.errors import ModelError
from core.model_download import CuratedModel, download_model

log = logging.getLogger(__name__)


class ModelDownloader(QObject):
    sig_progress = Signal(object, object)
    """Bytes (done, total) so far; Python ints, as files pass 2 GiB."""
    sig_finished = Signal(object)
    """The verified model file (a Path)."""
    sig_failed = Signal(str)
    """The download failed or was cancelled; the message says which and what to do."""

    def __init__(self, home: Path, endpoint: str | None = None) -> None:
        super().__init__()
        self._home = home
        self._endpoint = endpoint
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, model: CuratedModel) -> None:
        if self.running:
            return
        self._cancel.clear()
        self._thread = threading.Thread(
            target=self._run, args=(model,), name="engram-download", daemon=True
        )
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def stop(self, timeout: float) -> None:
        """At shutdown: cancel and give the transfer a moment to close its file."""
        self._cancel.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, model: CuratedModel) -> None:
        try:
            path = download_model(
                model, self._home, self.sig_progress.emit, self._cancel, self._endpoint
            )
        except ModelError as exc:
            log.info("Download of %s stopped: %s", model.name, exc)
            self.sig_failed.emit(str(exc))
        except Exception as exc:  # a bug must reach the user as a message, not a dead thread
            log.exception("Download of %s failed", model.name)
            self.sig_failed.emit(f"The download failed ({exc}). Details are in the log.")
        else:
            self.sig_finished.emit(path)
