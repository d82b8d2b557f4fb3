"""The main window. For now it states honestly what the store holds and what is not built yet."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget

from core.store import StoreStats

NOT_YET = (
    "Chat with the local model, the memory sidebar, the task inbox and the 3D memory browser "
    "are not built yet. Meanwhile the command line works: "
    "<code>engram import FILE</code>, <code>engram search QUERY</code>, <code>engram stats</code>."
)


class MainWindow(QMainWindow):
    sig_quit_requested = Signal()
    """The user asked to quit (menu or Ctrl+Q)."""

    def __init__(self, stats: StoreStats) -> None:
        super().__init__()
        self.setWindowTitle("Engram")
        self.resize(900, 600)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(32, 32, 32, 32)
        self.headline = QLabel("<h2>Engram</h2>", body)
        self.summary = QLabel(body)
        self.summary.setObjectName("summary")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pending = QLabel(NOT_YET, body)
        self.pending.setObjectName("pending")
        self.pending.setWordWrap(True)
        for widget in (self.headline, self.summary, self.pending):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.setCentralWidget(body)
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        quit_action.triggered.connect(self.sig_quit_requested.emit)
        self.menuBar().addMenu("&File").addAction(quit_action)
        self.addAction(quit_action)
        self.show_stats(stats)

    def show_stats(self, stats: StoreStats) -> None:
        self.summary.setText(
            f"{stats.memories} memories from {stats.sessions} conversations "
            f"({stats.turns} turns).<br>Vector index: {stats.vector_index}."
        )
        self.statusBar().showMessage(f"Memory file: {stats.path}")
