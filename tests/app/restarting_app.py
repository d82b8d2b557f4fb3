"""The real desktop app in a process of its own, for test_restart: its first start goes back to
the newest backup from the File menu and agrees to restart; the start after it (the same
command, in the same process) quits once its window is up."""

from __future__ import annotations

import logging
import os
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.main import main as engram
from ui import dialogs
from ui.main_window import MainWindow

STARTED_AGAIN = "ENGRAM_TEST_STARTED_AGAIN"


def restore_the_newest_backup() -> None:
    os.environ[STARTED_AGAIN] = "1"
    dialogs.choose_item = lambda *_: 0
    dialogs.confirm = lambda *_: True
    (window,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    (restore,) = [a for a in window.actions() if a.text() == "&Restore a backup..."]
    restore.trigger()


def main() -> None:
    app = QApplication(sys.argv)
    QTimer.singleShot(500, app.quit if os.environ.get(STARTED_AGAIN) else restore_the_newest_backup)
    code = engram(["--home", sys.argv[1]])
    # As the `engram` command ends (app.main.entry): the interpreter's own teardown beside
    # the models still loading crashed this process now and then (exit -11).
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()
