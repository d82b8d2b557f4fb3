"""Help > About and the log folder. Error messages say "Details are in the log": the user must
be able to find it, and to tell where their memory lives and which models it runs on."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from app.logs import log_file
from app.version import engram_version
from core.local_time import minute_text
from core.settings import Settings
from core.store.backups import FOLDER, backups
from core.store.store import DB_FILENAME
from core.wording import counted


def about_text(home: Path, settings: Settings, embedding_model: str) -> str:
    model = settings.llm_model_path
    chosen = Path(model).name if model else "none chosen (File > Settings...)"
    return (
        f"Engram {engram_version()}\n\n"
        "A private assistant with a long-term memory. It runs on this computer: nothing you "
        "say or store leaves it, and it goes online only to download a model you ask for.\n\n"
        f"Memory: {home / DB_FILENAME}\n"
        f"Backups: {_backups_line(home)}\n"
        f"Log: {log_file(home)}\n"
        f"Language model: {chosen}\n"
        f"Embedding model: {embedding_model}"
    )


def _backups_line(home: Path) -> str:
    kept = backups(home)
    if not kept:
        return f"none yet (the daily upkeep writes them to {home / FOLDER})"
    last = minute_text(kept[0].made_at)
    return f"{counted(len(kept), 'copy')} in {home / FOLDER}, the last of {last}"


def open_folder(folder: Path) -> bool:
    """In the desktop's file manager; False when none could be started."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
