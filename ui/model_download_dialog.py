"""Choosing and downloading a chat model from the curated list: what each costs in disk and
memory, a progress bar, Cancel (the next try resumes), and plain words when it fails. The
download itself runs in the app, off the UI thread."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.model_download import CuratedModel

MODEL = Qt.ItemDataRole.UserRole


class ModelDownloadDialog(QDialog):
    sig_download_requested = Signal(object)
    """Download this CuratedModel (the user agreed to go online for it)."""
    sig_cancel_requested = Signal()
    """Stop the download in progress (it can be resumed)."""

    def __init__(self, models: Sequence[CuratedModel], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Download a language model")
        self.models = QListWidget(self)
        self.models.setAccessibleName("Models")
        for model in models:
            item = QListWidgetItem(f"{model.name} — {model.size_mb} MB\n{model.note}")
            item.setData(MODEL, model)
            self.models.addItem(item)
        self.models.setCurrentRow(0)
        # Each model's note read whole, not cut off behind a scroll bar.
        lines = [line for m in models for line in (f"{m.name} — {m.size_mb} MB", m.note)]
        widest = max(
            (self.models.fontMetrics().horizontalAdvance(line) for line in lines), default=0
        )
        self.models.setMinimumWidth(widest + 4 * self.models.frameWidth() + 24)
        notice = QLabel(
            "This is the only time Engram goes online: the file comes from Hugging Face and is "
            "checked against its published SHA-256 before use.",
            self,
        )
        notice.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.hide()
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.download_button = QPushButton("Download", self)
        self.cancel_button = QPushButton("Cancel download", self)
        self.cancel_button.setEnabled(False)
        self.close_button = QPushButton("Close", self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.download_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.models, 1)
        layout.addWidget(notice)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.downloaded: Path | None = None
        self.download_button.clicked.connect(self._on_download_clicked)
        self.cancel_button.clicked.connect(self.sig_cancel_requested.emit)
        self.close_button.clicked.connect(self.reject)

    def chosen(self) -> CuratedModel | None:
        item = self.models.currentItem()
        return item.data(MODEL) if item is not None else None

    def show_progress(self, done: int, total: int) -> None:
        self.progress.show()
        scale = 1 << 20
        self.progress.setRange(0, max(1, total // scale))
        self.progress.setValue(done // scale)
        self.status.setText(f"{done / scale:,.0f} of {total / scale:,.0f} MB")

    def show_finished(self, path: Path) -> None:
        self.downloaded = path
        self._set_busy(False)
        self.status.setText(f"Ready: {path}")
        self.accept()

    def show_failed(self, message: str) -> None:
        self._set_busy(False)
        self.status.setText(message)

    def _set_busy(self, busy: bool) -> None:
        self.download_button.setEnabled(not busy)
        self.models.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.close_button.setEnabled(not busy)

    def _on_download_clicked(self) -> None:
        model = self.chosen()
        if model is None:
            return
        self._set_busy(True)
        self.status.setText(f"Starting {model.name}...")
        self.sig_download_requested.emit(model)
