"""Runs a change of embedding model (core.reembed) on a thread of its own: minutes on a big
memory, resumable, reported through signals; Engram stays usable meanwhile."""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, Signal

from core import reembed
from core.embed import EmbedderSpec, SentenceTransformerEmbedder
from core.errors import EngramError
from core.store import MemoryStore

log = logging.getLogger(__name__)


class Reembedding(QObject):
    sig_progress = Signal(object, object)
    """Memories embedded again so far (done, total)."""
    sig_finished = Signal(object)
    """Every memory has its new vector (the ReembedTarget); the switch happens at restart."""
    sig_failed = Signal(str)
    """The run stopped with an error the user should see."""

    def __init__(self, store: MemoryStore) -> None:
        super().__init__()
        self._store = store
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, spec: EmbedderSpec, model_dir: str | None) -> None:
        """Begin (or resume) embedding every memory with the model `spec` describes
        (`model_dir` as settings name it: None for the bundled model)."""
        if self.running:
            return
        target = reembed.ReembedTarget(spec.model_id, spec.dim, model_dir)
        self._cancel.clear()
        self._thread = threading.Thread(
            target=self._run,
            args=(target, SentenceTransformerEmbedder(spec)),
            name="engram-reembed",
            daemon=True,
        )
        self._thread.start()

    def stop(self, timeout: float) -> None:
        """At shutdown: finish the batch in hand; the rest resumes at the next start."""
        self._cancel.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, target: reembed.ReembedTarget, embedder: SentenceTransformerEmbedder) -> None:
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
