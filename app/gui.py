"""Starts the desktop app: one instance per data folder, the theme, the store, the shell (window,
threads, scheduler), and a clean shutdown however the app ends (window, Ctrl+Q, Ctrl-C)."""

from __future__ import annotations

import logging
import os
import signal
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from app.recovery import Recovery, open_or_recover
from app.services import wall_clock
from app.shell import AppShell, ShellOptions
from app.single_instance import SingleInstance
from core.errors import EngramError
from core.settings import load_settings
from ui import dialogs
from ui.theme import app_icon, apply_theme

log = logging.getLogger(__name__)

# Python sees Ctrl-C only when Qt's loop hands control back; this wakes it that often.
SIGNAL_TICK_MS = 250


def run_gui(home: Path, *, hidden: bool = False) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Engram")
    # The applications menu's entry (packaging/engram.sh desktop): the task bar groups by it.
    app.setDesktopFileName("engram")
    app.setWindowIcon(app_icon())
    # Engram quits when asked (Ctrl+Q, the tray, or closing the window where there is no tray),
    # not when its last window closes: a reminder box closed while the window waits in the
    # tray would have ended it.
    app.setQuitOnLastWindowClosed(False)
    guard = SingleInstance(home)
    if not guard.acquire():
        log.info("Engram is already running for %s; brought it to the front", home)
        return 0
    settings = load_settings(home)
    apply_theme(app, settings.theme)
    try:
        services = open_or_recover(
            home,
            lambda problem, backup: Recovery(dialogs.ask_recovery(problem, backup)),
            wall_clock,
            lambda problem: QMessageBox.warning(None, "Backup not restored", problem),
        )
    except EngramError as exc:
        log.error("Could not open the memory store: %s", exc)
        QMessageBox.critical(None, "Engram cannot start", str(exc))
        guard.release()
        return 1
    if services is None:
        guard.release()
        return 1
    shell = AppShell(home, services, settings, wall_clock, ShellOptions(hidden=hidden))
    guard.sig_activation_requested.connect(shell.window.bring_back)
    guard.take_command = shell.commands.take
    restarting: list[bool] = []
    shell.window.sig_quit_requested.connect(app.quit)
    shell.window.sig_restart_requested.connect(lambda: (restarting.append(True), app.quit()))
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    ticker = QTimer()
    ticker.timeout.connect(lambda: None)
    ticker.start(SIGNAL_TICK_MS)
    try:
        shell.start()
        code = app.exec()
    finally:
        ticker.stop()
        shell.shutdown()
        guard.release()
    if restarting:
        start_again()
    return code


def start_again() -> None:
    """The same command again, in this process's place, once the memory file and the
    single-instance lock are let go: a second process started beside this one would find it
    still running and hand over to it. Returns only when that fails (the user starts Engram)."""
    command = [sys.executable, *sys.orig_argv[1:]]
    log.info("Starting again: %s", command)
    for handler in logging.getLogger().handlers:
        handler.flush()
    try:
        os.execv(sys.executable, command)
    except OSError as exc:
        log.error("Could not start again (%s); Engram is closed, start it by hand", exc)
