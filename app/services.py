"""Builds the long-lived service objects from settings; the CLI and the window share this."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.embed import EmbedderSpec, SentenceTransformerEmbedder
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


def open_services(home: Path, spec: EmbedderSpec = EmbedderSpec()) -> Services:
    """Open the store (fast) and prepare a lazily loaded embedder (loads on first use)."""
    embedder = SentenceTransformerEmbedder(spec)
    store = MemoryStore.open(home, spec.model_id, spec.dim)
    return Services(home, store, embedder, Retriever(store, embedder))
