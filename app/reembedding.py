"""Runs a change of embedding model (core.reembed) on a thread of its own: minutes on a big
memory, resumable, reported through signals; Engram stays usable meanwhile."""

from __future__ import annotations

import logging
from pathlib import Path

from app.background_task import BackgroundTask
from app.services import embedder_for
from core import reembed
from core.embed import Embedder, EmbedderSpec
from core.errors import EngramError
from core.store import MemoryStore

log = logging.getLogger(__name__)


class Reembedding(BackgroundTask):
    """Progress in memories; finishes with the ReembedTarget (the switch happens at restart)."""

    def __init__(self, store: MemoryStore, home: Path) -> None:
        super().__init__()
        self._store = store
        self._home = home

    def start(self, spec: EmbedderSpec, model_dir: str | None) -> None:
        """Begin (or resume) embedding every memory with the model `spec` describes
        (`model_dir` as settings name it: None for the bundled model)."""
        target = reembed.ReembedTarget(spec.model_id, spec.dim, model_dir)
        self._launch("engram-reembed", self._run, target, embedder_for(self._home, spec))

    def _run(self, target: reembed.ReembedTarget, embedder: Embedder) -> None:
        try:
            reembed.begin(self._store, target)
            done = reembed.run(self._store, embedder, self.sig_progress.emit, self._cancel)
        except (EngramError, ValueError) as exc:
            log.warning("Re-embedding with %s stopped: %s", target.model_id, exc)
            self.sig_failed.emit(str(exc))
            return
        except Exception as exc:  # shown to the user; the run resumes at the next start
            log.exception("Re-embedding with %s failed", target.model_id)
            self.sig_failed.emit(f"Embedding with the new model failed ({exc}).")
            return
        if done:
            self.sig_finished.emit(target)
