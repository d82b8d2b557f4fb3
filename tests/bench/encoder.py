"""The encoder benchmarks measure: the one the app runs (the bundled MiniLM on llama.cpp)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from core.embed import EmbedderSpec, LoadableEmbedder
from core.embed_llama import open_embedder

# Its conversion is kept here between runs (a data folder keeps it under models/).
CACHE = Path(tempfile.gettempdir()) / "engram-bench-encoder"


def app_encoder() -> LoadableEmbedder:
    """Loaded before any timing starts."""
    encoder = open_embedder(EmbedderSpec(), CACHE)
    encoder.load()
    return encoder
