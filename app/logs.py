"""Logging is configured once, here: a rotating file under the data folder, warnings to stderr."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# The end of every error message about an unexpected failure: where its traceback went.
SEE_LOG = "Details are in the log (Help > Open log folder)."


class _LogFile(logging.handlers.RotatingFileHandler):
    """A log that cannot be written (a full disk) says so once and then keeps quiet: the
    default printed a traceback for every record on stderr, burying the command's own
    answer (`engram import` on a full disk: dozens of them before its one-line error)."""

    _failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        if self._failed:
            return
        self._failed = True
        sys.stderr.write(
            f"engram: could not write the log {self.baseFilename}: {sys.exc_info()[1]}\n"
        )


# Loggers whose warnings are Engram's own words to the user; a library's (pypdf's "EOF marker
# not found" beside Engram's own refusal of a cut-short PDF) go to the log file only, unless
# they are errors.
OWN_LOGGERS = ("app", "core", "ui")


def _said_on_the_console(record: logging.LogRecord) -> bool:
    return record.levelno >= logging.ERROR or record.name.split(".")[0] in OWN_LOGGERS


def log_file(home: Path) -> Path:
    return home / "logs" / "engram.log"


def configure_logging(home: Path, *, verbose: bool = False) -> Path:
    path = log_file(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for handler in list(root.handlers):
        root.removeHandler(handler)
    file_handler = _LogFile(path, maxBytes=5 * 2**20, backupCount=3, encoding="utf-8")
    file_handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root.addHandler(file_handler)
    console = logging.StreamHandler()
    console.setLevel(logging.DEBUG if verbose else logging.WARNING)
    console.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    if not verbose:
        console.addFilter(_said_on_the_console)
    root.addHandler(console)
    return path
