"""Engram in the system tray, where the desktop has one: closing the window leaves Engram
running there, so a to-do's reminder is still called when its time comes (with the window
closed it was never called); the icon's menu opens the window again or quits."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMenu, QSystemTrayIcon, QWidget

from ui.theme import app_icon

# How long a message from the tray stays up.
MESSAGE_MS = 10_000


def tray_available() -> bool:
    return QSystemTrayIcon.isSystemTrayAvailable()


class Tray(QObject):
    sig_open_requested = Signal()
    """Show the window again (a click on the icon, or Open Engram)."""
    sig_quit_requested = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.icon = QSystemTrayIcon(app_icon(), parent)
        self.icon.setToolTip("Engram")
        self.menu = QMenu(parent)
        self.menu.addAction("Open Engram", self.sig_open_requested.emit)
        self.menu.addAction("Quit Engram", self.sig_quit_requested.emit)
        self.icon.setContextMenu(self.menu)
        self.icon.activated.connect(self._on_activated)
        self.icon.show()

    def say(self, title: str, text: str) -> None:
        self.icon.showMessage(title, text, app_icon(), MESSAGE_MS)

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (
            QSystemTrayIcon.ActivationReason.Trigger,
            QSystemTrayIcon.ActivationReason.DoubleClick,
        ):
            self.sig_open_requested.emit()
