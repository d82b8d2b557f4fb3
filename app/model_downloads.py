"""Runs a model download the user asked for on a thread of its own (it can take minutes) and
reports back through signals; Cancel is an Event the UI thread sets."""

from __future__ import annotations

import logging
from pathlib import Path

from app.background_task import BackgroundTask
from app.logs import SEE_LOG
from core.errors import ModelError
from core.model_download import CuratedModel, download_model

log = logging.getLogger(__name__)


class ModelDownloader(BackgroundTask):
    """Progress in bytes; finishes with the verified model file (a Path)."""

    def __init__(self, home: Path, endpoint: str | None = None) -> None:
        super().__init__()
        self._home = home
        self._endpoint = endpoint

    def start(self, model: CuratedModel) -> None:
        self._launch("engram-download", self._run, model)

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
            self.sig_failed.emit(f"The download failed ({exc}). {SEE_LOG}")
        else:
            self.sig_finished.emit(path)
