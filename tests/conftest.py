"""Shared fixtures: real DuckDB stores in temporary folders, the real bundled embedder, and a
tiny llama.cpp model generated on the fly. Nothing here touches the network."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, SentenceTransformerEmbedder  # noqa: E402
from core.store import MemoryStore  # noqa: E402
from tests.tiny_gguf import write_tiny_gguf  # noqa: E402


@pytest.fixture(scope="session")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_gguf(tmp_path_factory.mktemp("models") / "tiny.gguf")


@pytest.fixture(scope="session")
def embedder() -> SentenceTransformerEmbedder:
    model = SentenceTransformerEmbedder()
    model.load()
    return model


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    opened = MemoryStore.open(tmp_path / "home", BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    yield opened
    opened.close()
