"""Starts the desktop window: Qt application, services, main window, clean shutdown."""

from __future__ import annotations

import logging
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from app.scheduler import LifecycleScheduler, LifecycleWorker, cadences_from_hours
from app.services import open_services
from core.errors import EngramError
from core.settings import load_settings
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
    worker = LifecycleWorker(services.store, services.embedder, home, lambda: datetime.now(UTC))
    scheduler = LifecycleScheduler(worker, cadences_from_hours(load_settings(home).cadence_hours))
    try:
        window = MainWindow(services.store.stats())
        window.sig_quit_requested.connect(app.quit)
        worker.sig_job_failed.connect(
            lambda _name, message: window.statusBar().showMessage(message)
        )
        window.show()
        # Ctrl-C in the terminal quits cleanly; Qt's loop needs a tick for Python to see it.
        signal.signal(signal.SIGINT, lambda *_: app.quit())
        ticker = QTimer()
        ticker.timeout.connect(lambda: None)
        ticker.start(250)
        scheduler.start()
        # A conversation a crash left open is remembered right away, not at the daily run.
        scheduler.run_now(["sessions"])
        return app.exec()
    finally:
        scheduler.stop()
        services.close()
