"""The documents Engram has learnt, each with how many of its passages are remembered and
when it was learnt, and a way to forget one whole: after adding a folder or a notes app's
export, the Memory tab shows thousands of passages, not which files they came from."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.local_time import day_text
from core.model import LearntDocument
from core.wording import counted
from ui import dialogs
from ui.columns import fit_columns
from ui.shortcuts import widget_keys

SOURCE = Qt.ItemDataRole.UserRole


def confirm_forget_document(parent: QWidget, source: str) -> bool:
    return dialogs.confirm(
        parent,
        f"Forget {Path(source).name}?",
        f"Everything learnt from {source} is erased for good: every passage, their earlier "
        "versions and the document's name. Adding it again learns it anew.",
    )


class DocumentsDialog(QDialog):
    sig_forget_requested = Signal(str)
    """Erase everything learnt from the document at this source (the user confirmed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Documents learnt")
        self.resize(760, 420)
        self.summary = QLabel(self)
        self.documents = QTreeWidget(self)
        self.documents.setAccessibleName("Documents learnt")
        self.documents.setHeaderLabels(["Document", "Passages", "Learnt"])
        self.documents.setRootIsDecorated(False)
        fit_columns(self.documents, [0], {1: "Passages", 2: "2026-12-31"})
        self.forget_button = QPushButton("Forget...", self)
        self.forget_button.setToolTip("Forget everything learnt from this document (Delete)")
        self.forget_button.clicked.connect(self._on_forget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.forget_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        widget_keys(self.documents, [(Qt.Key.Key_Delete, self.forget_button.click)])
        self.documents.currentItemChanged.connect(lambda *_: self._update_button())
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.documents, 1)
        layout.addWidget(buttons)
        self._update_button()

    def show_documents(self, documents: Sequence[LearntDocument]) -> None:
        """The list as it stands now; the row that was current stays current if it is there."""
        current = self.documents.currentItem()
        keep = current.data(0, SOURCE) if current is not None else None
        self.documents.clear()
        for document in documents:
            item = QTreeWidgetItem(
                [document.path, str(document.passages), day_text(document.learnt_at)]
            )
            item.setData(0, SOURCE, document.path)
            item.setToolTip(0, document.path)
            self.documents.addTopLevelItem(item)
            if document.path == keep:
                self.documents.setCurrentItem(item)
        if self.documents.currentItem() is None and documents:
            self.documents.setCurrentItem(self.documents.topLevelItem(0))
        passages = sum(d.passages for d in documents)
        self.summary.setText(
            f"{counted(len(documents), 'document')}, {counted(passages, 'passage')} remembered."
            if documents
            else "No documents learnt yet: Add documents (Ctrl+Shift+I) learns some."
        )
        self._update_button()

    def _update_button(self) -> None:
        self.forget_button.setEnabled(self.documents.currentItem() is not None)

    def _on_forget(self) -> None:
        item = self.documents.currentItem()
        if item is not None and confirm_forget_document(self, item.data(0, SOURCE)):
            self.sig_forget_requested.emit(item.data(0, SOURCE))
