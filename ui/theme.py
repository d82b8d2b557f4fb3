"""Colours and appearance shared by the views: one colour per memory kind (the sidebar, the
manager and the browser agree), the light / dark / system choice, and Engram's icon."""

from __future__ import annotations

import html
from importlib import resources

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication

from core.model import MemoryKind

KIND_COLOURS: dict[MemoryKind, str] = {
    MemoryKind.WORKING: "#8e8e93",
    MemoryKind.EPISODIC: "#3b82f6",
    MemoryKind.SEMANTIC: "#10b981",
    MemoryKind.PROCEDURAL: "#f59e0b",
    MemoryKind.DOCUMENT: "#8b5cf6",
    MemoryKind.CORE: "#ef4444",
}

# A passed deadline: readable on the light and the dark palette.
OVERDUE_COLOUR = "#e5484d"

# Also the applications menu's icon (packaging/engram.sh desktop).
ICON_FILE = resources.files("ui") / "icons" / "engram.svg"

THEMES = {
    "system": Qt.ColorScheme.Unknown,
    "light": Qt.ColorScheme.Light,
    "dark": Qt.ColorScheme.Dark,
}


def apply_theme(app: QApplication, name: str) -> None:
    """Unknown names fall back to following the system. The colour-scheme hint is not honoured
    by every platform theme, so light and dark also set an explicit palette."""
    app.styleHints().setColorScheme(THEMES.get(name, Qt.ColorScheme.Unknown))
    if name == "dark":
        app.setPalette(_dark_palette())
    elif name == "light":
        app.setPalette(app.style().standardPalette())
    else:
        app.setPalette(QPalette())


def _dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#1f2023",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#16171a",
        QPalette.ColorRole.AlternateBase: "#25262a",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#2b2c30",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.Highlight: "#3b82f6",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#2b2c30",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
        QPalette.ColorRole.PlaceholderText: "#8e8e93",
        QPalette.ColorRole.Link: "#60a5fa",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    # Set for every state at once, a greyed-out button read as one that works.
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6e6e73"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Button, QColor("#242528"))
    return palette


def kind_chip(kind: MemoryKind) -> str:
    """A small coloured label for rich text."""
    return (
        f'<span style="background:{KIND_COLOURS[kind]};color:white;border-radius:3px;'
        f'padding:0 4px">&nbsp;{kind.value}&nbsp;</span>'
    )


def text_html(text: str) -> str:
    """Plain text for rich text: escaped, its line breaks kept (a remembered exchange is one
    line per speaker, and run together it reads as one voice)."""
    return html.escape(text).replace("\n", "<br>")


def app_icon() -> QIcon:
    """Engram's icon, for the window, the task bar and the dialogs."""
    return QIcon(str(ICON_FILE))
