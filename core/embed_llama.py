"""The Embedder on llama.cpp (DESIGN §4): the bundled MiniLM, converted once to GGUF, gives the
vectors sentence-transformers gives (cosine 1.0000) in about a third of the time for a short
query, and loads in hundredths of a second without torch. Other encoder folders keep running
on sentence-transformers."""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from core.bert_gguf import convertible, ensure_converted, max_tokens
from core.embed import (
    EmbedderSpec,
    LazyEncoder,
    SentenceTransformerEmbedder,
    bundled_model_path,
    fair_share,
)
from core.errors import ModelError
from core.llama_load import cpu_has, loading
from core.llama_logs import route_llama_logs

if TYPE_CHECKING:
    from llama_cpp import Llama

log = logging.getLogger(__name__)

# Where conversions are kept, under the data folder's models folder.
ENCODERS_DIR = "encoders"


class LlamaCppEmbedder(LazyEncoder):
    """Texts that fit one decode together share it, the lock taken for each decode: a
    llama.cpp context serves one caller at a time, and a query asked while a document is
    embedded waits for one decode, not all."""

    def __init__(
        self, spec: EmbedderSpec, model_dir: Path, cache_dir: Path, bf16: bool | None = None
    ) -> None:
        """`bf16` None: bfloat16 weights where the processor multiplies them natively."""
        super().__init__(spec)
        self._model_dir = model_dir
        self._cache_dir = cache_dir
        self._max_tokens = max_tokens(model_dir)
        self._bf16 = bf16

    def _open_model(self) -> tuple[object, int]:
        bf16 = native_bf16() if self._bf16 is None else self._bf16
        path = ensure_converted(self._model_dir, self._cache_dir, bf16)
        try:
            model = self._open(path)
        except ModelError as exc:
            # A damaged conversion (a disk error, a copy cut short) is made again once.
            log.warning("Converting the embedding model again: %s", exc)
            path.unlink(missing_ok=True)
            model = self._open(ensure_converted(self._model_dir, self._cache_dir, bf16))
        return model, model.n_embd()

    def _open(self, path: Path) -> Llama:
        from llama_cpp import LLAMA_POOLING_TYPE_MEAN, Llama

        route_llama_logs()
        try:
            with loading():
                return Llama(
                    str(path),
                    embedding=True,
                    pooling_type=LLAMA_POOLING_TYPE_MEAN,
                    n_ctx=self._max_tokens,
                    n_batch=self._max_tokens,
                    n_ubatch=self._max_tokens,
                    n_threads=min(4, os.cpu_count() or 1),
                    # Exact for an encoder and 1.7x faster on a full 256-token segment (31 ms
                    # against 53 on 2 cores): without it llama.cpp materialises the whole
                    # attention matrix, one head at a time.
                    flash_attn=True,
                    verbose=False,
                )
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError(f"Could not load the embedding model {path}: {exc}") from exc

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        self.load()
        tokens = []
        for text in texts:
            with self._lock:
                tokens.append(self._tokens(fair_share(text, self._count, self._max_tokens - 2)))
        room = self._model.context_params.n_seq_max
        for rows in shared_decodes([len(t) for t in tokens], self._max_tokens, room):
            with self._lock:
                out[rows] = self._embed_together([tokens[row] for row in rows])
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)

    def _count(self, text: str) -> int:
        return len(self._model.tokenize(text.encode("utf-8"), add_bos=False))

    def _tokens(self, text: str) -> list[int]:
        tokens = self._model.tokenize(text.encode("utf-8"), add_bos=True)
        if len(tokens) > self._max_tokens:
            # As sentence-transformers truncates: the head of the text, then [SEP].
            tokens = tokens[: self._max_tokens - 1] + tokens[-1:]
        return tokens

    def _embed_together(self, sequences: Sequence[list[int]]) -> np.ndarray:
        """One decode for several texts, each its own sequence: the encoder attends within a
        sequence only, so each vector is the one it would get alone (cosine 0.9999998), and
        the decode's fixed cost is paid once. The steps of llama-cpp-python's own `embed`,
        whose truncation drops the [SEP]."""
        import llama_cpp

        model = self._model
        model._batch.reset()
        for seq, tokens in enumerate(sequences):
            model._batch.add_sequence(tokens, seq, True)
        model._ctx.decode(model._batch)
        return np.stack(
            [
                np.ctypeslib.as_array(
                    llama_cpp.llama_get_embeddings_seq(model.ctx, seq), shape=(self.dim,)
                ).copy()
                for seq in range(len(sequences))
            ]
        )


def shared_decodes(lengths: Sequence[int], tokens: int, sequences: int) -> list[list[int]]:
    """The texts' rows in order, grouped so that each group fits one decode: at most `tokens`
    tokens and `sequences` texts. A fact of ten tokens alone cost 6.3 ms a decode; together
    with others, 3.5 (LoCoMo dev's facts, 2 cores)."""
    groups: list[list[int]] = []
    used = 0
    for row, length in enumerate(lengths):
        if not groups or used + length > tokens or len(groups[-1]) == sequences:
            groups.append([])
            used = 0
        groups[-1].append(row)
        used += length
    return groups


def native_bf16() -> bool:
    """Whether bfloat16 matrices are the faster encoder here: where llama.cpp multiplies them
    natively (AVX512-BF16) on a processor without AMX, a full 256-token segment took 21 ms
    against 31 in float32 on 2 cores, at cosine 0.99999 to the float32 vectors. Elsewhere
    float32 wins: without AVX512-BF16 ggml widens every product, and the processors with AMX
    measured took 51 and 59 ms in bfloat16 against 47 and 48 in float32 (float16 56, Q8_0
    57; the AMX kernels themselves are off, see `llama_load`)."""
    return cpu_has("AVX512_BF16") and not cpu_has("AMX_INT8")


def open_embedder(
    spec: EmbedderSpec, cache_dir: Path
) -> LlamaCppEmbedder | SentenceTransformerEmbedder:
    """llama.cpp for encoders it reproduces exactly (the bundled one included), else
    sentence-transformers. Only reads the folder's small config files."""
    try:
        model_dir = Path(spec.model_path or bundled_model_path())
    except ModelError:
        return SentenceTransformerEmbedder(spec)  # which says what is missing when used
    if model_dir.is_dir() and convertible(model_dir):
        return LlamaCppEmbedder(spec, model_dir, cache_dir / ENCODERS_DIR)
    return SentenceTransformerEmbedder(spec)
