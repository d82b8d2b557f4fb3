"""Model download on request: progress, cancel and resume, the SHA-256 check, and a refusal of
what is not a GGUF model. The Hub is a local stand-in (tests never use the network)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from core.errors import ModelError
from core.model_download import (
    CURATED_MODELS,
    MODELS_DIR,
    CuratedModel,
    DownloadCancelled,
    download_model,
)
from tests.core.fake_hub import COMMIT, HubFile, fake_hub
from tests.tiny_gguf import write_tiny_gguf

TINY = CuratedModel("Tiny", "engram/tiny-GGUF", "tiny.gguf", COMMIT, 1, "for tests")


@pytest.fixture(scope="module")
def gguf_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return write_tiny_gguf(tmp_path_factory.mktemp("hub") / "tiny.gguf").read_bytes()


def test_download_reports_progress_and_verifies(tmp_path: Path, gguf_bytes: bytes) -> None:
    hub = HubFile("tiny.gguf", gguf_bytes)
    seen: list[tuple[int, int]] = []
    with fake_hub(hub) as endpoint:
        path = download_model(
            TINY, tmp_path, lambda *p: seen.append(p), threading.Event(), endpoint
        )
    assert path == tmp_path / MODELS_DIR / "tiny.gguf"
    assert path.read_bytes() == gguf_bytes
    assert seen[-1] == (len(gguf_bytes), len(gguf_bytes))


def test_a_cancelled_download_resumes_where_it_stopped(tmp_path: Path, gguf_bytes: bytes) -> None:
    # Larger than one transfer chunk (10 MB), so a cancel lands mid-way.
    big = gguf_bytes + bytes(24 * 2**20)
    hub = HubFile("tiny.gguf", big)
    cancel = threading.Event()

    def stop_after_some(done: int, total: int) -> None:
        if done > 0:
            cancel.set()

    with fake_hub(hub) as endpoint:
        with pytest.raises(DownloadCancelled):
            download_model(TINY, tmp_path, stop_after_some, cancel, endpoint)
        assert not (tmp_path / MODELS_DIR / "tiny.gguf").exists()
        path = download_model(TINY, tmp_path, lambda *_: None, threading.Event(), endpoint)
    assert path.read_bytes() == big
    ranges = [r for method, r in hub.requests if method == "GET"]
    assert ranges[0] is None and ranges[-1] is not None and ranges[-1] != "bytes=0-"


def test_a_damaged_download_is_deleted(tmp_path: Path, gguf_bytes: bytes) -> None:
    hub = HubFile("tiny.gguf", gguf_bytes, advertised_sha256="0" * 64)
    with fake_hub(hub) as endpoint, pytest.raises(ModelError, match="damaged"):
        download_model(TINY, tmp_path, lambda *_: None, threading.Event(), endpoint)
    assert not (tmp_path / MODELS_DIR / "tiny.gguf").exists()


def test_what_is_not_a_gguf_model_is_refused(tmp_path: Path) -> None:
    hub = HubFile("tiny.gguf", b"<html>not a model</html>")
    with fake_hub(hub) as endpoint, pytest.raises(ModelError, match="not a GGUF"):
        download_model(TINY, tmp_path, lambda *_: None, threading.Event(), endpoint)
    assert not (tmp_path / MODELS_DIR / "tiny.gguf").exists()


def test_an_unreachable_hub_is_a_plain_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="Check the internet connection"):
        download_model(TINY, tmp_path, lambda *_: None, threading.Event(), "http://127.0.0.1:9")


def test_curated_models_are_pinned_small_gguf_files() -> None:
    assert len(CURATED_MODELS) >= 2
    for model in CURATED_MODELS:
        assert model.filename.endswith(".gguf") and len(model.revision) == 40
        assert model.size_mb < 1024
