"""Getting a chat model the user asked for: a short curated list of small instruct models in
GGUF form, downloaded through huggingface_hub into the data folder with progress, resume (an
interrupted download continues where it stopped), cancellation and a SHA-256 check against the
hash the Hub publishes for the file. This is the only code in Engram that goes online, and only
when the user starts a download: the Hub's offline switch is lifted for that call alone."""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import ModelError
from core.llm import check_gguf

log = logging.getLogger(__name__)

MODELS_DIR = "models"
Progress = Callable[[int, int], None]
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_ONLINE = threading.Lock()


@dataclass(frozen=True, slots=True)
class CuratedModel:
    name: str
    repo_id: str
    filename: str
    # A commit, so the file cannot change under the user between two downloads.
    revision: str
    size_mb: int
    note: str


CURATED_MODELS = (
    CuratedModel(
        "Qwen2.5 0.5B Instruct (Q4_K_M)",
        "second-state/Qwen2.5-0.5B-Instruct-GGUF",
        "Qwen2.5-0.5B-Instruct-Q4_K_M.gguf",
        "599ae81c60778acd1ed6cd243655c7c09d6b1449",
        398,
        "Smallest and fastest; fine for short answers on any laptop.",
    ),
    CuratedModel(
        "Llama 3.2 1B Instruct (Q4_K_M)",
        "bartowski/Llama-3.2-1B-Instruct-GGUF",
        "Llama-3.2-1B-Instruct-Q4_K_M.gguf",
        "d1738bbcc8ec1f61cf4edbbab55e3522f67ecdd4",
        808,
        "Better answers; wants about 2 GB of free memory.",
    ),
)


class DownloadCancelled(ModelError):
    """The user stopped the download; what arrived so far is kept for a resume."""


@contextmanager
def _online() -> Iterator[Any]:
    """Lift huggingface_hub's offline switch for one user-requested download."""
    from huggingface_hub import constants

    with _ONLINE:
        previous = constants.HF_HUB_OFFLINE
        constants.HF_HUB_OFFLINE = False
        try:
            yield constants
        finally:
            constants.HF_HUB_OFFLINE = previous


def _progress_bar(progress: Progress, cancel: threading.Event) -> type:
    """A tqdm stand-in that reports bytes and stops the transfer when cancel is set."""
    from tqdm.auto import tqdm

    class ProgressBar(tqdm):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["disable"] = True
            super().__init__(*args, **kwargs)
            self._done = int(kwargs.get("initial") or 0)
            self._total = int(kwargs.get("total") or 0)

        def update(self, n: float | None = 1) -> bool | None:
            if cancel.is_set():
                raise DownloadCancelled("Download cancelled; it resumes where it stopped.")
            self._done += int(n or 0)
            progress(self._done, self._total)
            return super().update(n)

    return ProgressBar


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def download_model(
    model: CuratedModel,
    home: Path,
    progress: Progress,
    cancel: threading.Event,
    endpoint: str | None = None,
) -> Path:
    """Download (or finish downloading) `model` into `<home>/models` and verify it. Returns the
    file's path; raises ModelError in plain words on any failure (DownloadCancelled on cancel).
    Bytes go to `<file>.part`, appended to on the next attempt, and the file takes its real
    name only once verified."""
    from httpx2 import HTTPError
    from huggingface_hub import get_hf_file_metadata, hf_hub_url
    from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled
    from huggingface_hub.file_download import http_get

    folder = home / MODELS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / model.filename
    if target.exists():
        return target
    part = target.with_name(target.name + ".part")
    url = hf_hub_url(model.repo_id, model.filename, revision=model.revision, endpoint=endpoint)
    with _online():
        try:
            meta = get_hf_file_metadata(url, endpoint=endpoint)
            with part.open("ab") as out:
                done = out.tell()
                if meta.size is not None and done > meta.size:
                    out.truncate(0)
                    done = 0
                progress(done, meta.size or 0)
                if meta.size is None or done < meta.size:
                    http_get(
                        meta.location,
                        out,
                        resume_size=done,
                        expected_size=meta.size,
                        tqdm_class=_progress_bar(progress, cancel),
                    )
        except DownloadCancelled:
            raise
        except (HTTPError, HfHubHTTPError, OfflineModeIsEnabled, OSError, ValueError) as exc:
            raise ModelError(
                f"Could not download {model.name}: {exc}. Check the internet connection and "
                "try again; what arrived so far is kept."
            ) from exc
    verify_download(part, meta.etag)
    part.replace(target)
    log.info("Downloaded %s to %s", model.name, target)
    return target


def verify_download(path: Path, expected_sha256: str | None) -> None:
    """A file that does not match the Hub's hash, or is not a GGUF model, is deleted."""
    expected = (expected_sha256 or "").strip('"').lower()
    if _SHA256.match(expected):
        actual = sha256_of(path)
        if actual != expected:
            path.unlink(missing_ok=True)
            raise ModelError(
                f"The downloaded file was damaged (SHA-256 {actual[:12]}... instead of "
                f"{expected[:12]}...). It was deleted; download it again."
            )
    else:
        log.warning("No SHA-256 published for %s; checked as a GGUF file only", path.name)
    try:
        check_gguf(path)
    except ModelError:
        path.unlink(missing_ok=True)
        raise
