"""Logging is configured once, here: a rotating file under the data folder, warnings to stderr."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# The end of every error message about an unexpected failure: where its traceback went.
SEE_LOG = "Details are in the log (Help > Open log folder)."


def log_file(home: Path) -> Path:
    return home / "logs" / "engram.log"


def configure_logging(home: Path, *, verbose: bool = False) -> Path:
    path = log_file(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for handler in list(root.handlers):
        root.removeHandler(handler)
    file_handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=5 * 2**20, backupCount=3, encoding="utf-8"
    )
    file_handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root.addHandler(file_handler)
    console = logging.StreamHandler()
    console.setLevel(logging.DEBUG if verbose else logging.WARNING)
    console.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    root.addHandler(console)
    return path
