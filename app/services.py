"""Builds the long-lived service objects from settings; the CLI and the window share this."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.settings import Settings, load_settings
from core.embed import EmbedderSpec, SentenceTransformerEmbedder, spec_for_model_dir
from core.retrieval import Retriever
from core.store import MemoryStore


@dataclass
class Services:
    home: Path
    store: MemoryStore
    embedder: SentenceTransformerEmbedder
    retriever: Retriever

    def close(self) -> None:
        self.store.close()


def embedder_spec(settings: Settings) -> EmbedderSpec:
    if settings.embedding_model_dir:
        return spec_for_model_dir(Path(settings.embedding_model_dir))
    return EmbedderSpec()


def open_services(home: Path) -> Services:
    """Open the store (fast) and prepare a lazily loaded embedder (loads on first use)."""
    spec = embedder_spec(load_settings(home))
    embedder = SentenceTransformerEmbedder(spec)
    store = MemoryStore.open(home, spec.model_id, spec.dim)
    return Services(home, store, embedder, Retriever(store, embedder))
