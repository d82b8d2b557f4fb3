"""Starts the desktop window: Qt application, services, main window, clean shutdown."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from app.services import open_services
from core.errors import EngramError
from ui.main_window import MainWindow

log = logging.getLogger(__name__)


def run_gui(home: Path) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Engram")
    try:
        services = open_services(home)
    except EngramError as exc:
        log.error("Could not open the memory store: %s", exc)
        QMessageBox.critical(None, "Engram cannot start", str(exc))
        return 1
    try:
        window = MainWindow(services.store.stats())
        window.sig_quit_requested.connect(app.quit)
        window.show()
        return app.exec()
    finally:
        services.close()
