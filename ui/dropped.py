"""Files dragged onto the window from a file manager: the way many people add things, beside
the Import and Add documents buttons."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData


def dropped_files(data: QMimeData) -> list[Path]:
    """The local files and folders being dragged; none for text, links or anything else."""
    if not data.hasUrls():
        return []
    urls = data.urls()
    if not urls or not all(url.isLocalFile() for url in urls):
        return []
    return [Path(url.toLocalFile()) for url in urls]
