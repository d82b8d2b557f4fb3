"""Shared fixtures: real DuckDB stores in temporary folders, the real bundled embedder, and a
tiny llama.cpp model generated on the fly. Nothing here touches the network."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QThread, QTimer

from tests.zones import set_zone  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The app shows times on the user's clock (core/local_time.py): tests read them on a known one,
# and a test of another zone sets it (the `zone` fixture).
set_zone("UTC")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
# A data-folder choice made by a test must never reach the real user's configuration.
os.environ["ENGRAM_CONFIG_DIR"] = tempfile.mkdtemp(prefix="engram-config-")
atexit.register(shutil.rmtree, os.environ["ENGRAM_CONFIG_DIR"], True)

from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, SentenceTransformerEmbedder  # noqa: E402
from core.store import MemoryStore  # noqa: E402
from tests.tiny_gguf import (  # noqa: E402
    HARMONY_CHAT_TEMPLATE,
    STRICT_CHAT_TEMPLATE,
    THINKING_CHAT_TEMPLATE,
    write_tiny_gguf,
)


@pytest.fixture(scope="session")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_gguf(tmp_path_factory.mktemp("models") / "tiny.gguf")


@pytest.fixture(scope="session")
def quantised_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model with its layers in Q8_0, as downloaded chat models come."""
    return write_tiny_gguf(tmp_path_factory.mktemp("models") / "q8.gguf", quantised=True)


@pytest.fixture(scope="session")
def strict_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model with a chat template that refuses system messages and unpaired turns."""
    path = tmp_path_factory.mktemp("models") / "strict.gguf"
    return write_tiny_gguf(path, chat_template=STRICT_CHAT_TEMPLATE)


@pytest.fixture(scope="session")
def thinking_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model with a chat template that opens the model's reasoning (`<think>`)."""
    path = tmp_path_factory.mktemp("models") / "thinking.gguf"
    return write_tiny_gguf(path, chat_template=THINKING_CHAT_TEMPLATE)


@pytest.fixture(scope="session")
def harmony_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model with a gpt-oss-style chat template (analysis and final channels)."""
    path = tmp_path_factory.mktemp("models") / "harmony.gguf"
    return write_tiny_gguf(path, chat_template=HARMONY_CHAT_TEMPLATE)


@pytest.fixture(scope="session")
def embedder() -> SentenceTransformerEmbedder:
    model = SentenceTransformerEmbedder()
    model.load()
    return model


@pytest.fixture
def zone() -> Iterator[str]:
    """The machine's clock in New York (UTC-5 in winter) for the test, UTC again after."""
    set_zone("America/New_York")
    yield "America/New_York"
    set_zone("UTC")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    opened = MemoryStore.open(tmp_path / "home", BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def no_dangling_qt_workers(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[None]:
    """Fail any test that leaves a QThread running or a QTimer active (napari's rule): a
    leaked worker would keep writing to a store the next test no longer owns."""
    started: list[weakref.ref[QThread] | weakref.ref[QTimer]] = []

    def tracking(cls: type[QThread] | type[QTimer]) -> object:
        original = cls.start

        def start(self: QThread | QTimer, *args: object) -> None:
            started.append(weakref.ref(self))
            original(self, *args)

        return start

    monkeypatch.setattr(QThread, "start", tracking(QThread))
    monkeypatch.setattr(QTimer, "start", tracking(QTimer))
    yield
    leaked = []
    for ref in started:
        obj = ref()
        if obj is None or not shiboken6.isValid(obj):
            continue
        if isinstance(obj, QThread) and obj.isRunning():
            leaked.append(f"QThread {obj.objectName() or obj!r} still running")
        elif isinstance(obj, QTimer) and obj.isActive():
            leaked.append(f"QTimer {obj.objectName() or obj!r} still active")
    if "qtbot" in request.fixturenames:
        let_go_of_widgets()
    assert not leaked, "; ".join(leaked)


def let_go_of_widgets() -> None:
    """Carry out the deletions pytest-qt asks for when it closes a test's widgets, and collect
    what the test left in reference cycles, here on the UI thread. Nothing later in the run
    deleted them (processing events does not), so every window stayed, until the garbage
    collector, on whatever thread it happened to run, took one with its timers still
    registered ("Timers cannot be stopped from another thread"): the next of them to fire
    crashed the run in a later test."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
