"""Changes to memories that wait for the user: what the model wanted to correct or drop when the
rules did not agree. Nothing is overwritten behind the user's back, so each proposal is shown
beside what is remembered now, to apply (Enter) or reject (Delete). Hidden while none waits."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QTreeWidgetItem,
    QWidget,
)

from core.conflicts import ChangeToReview
from core.wording import clipped, counted
from ui.decision_list import decision_list
from ui.shortcuts import widget_keys

CHANGE_ID = Qt.ItemDataRole.UserRole
# A row shows this much of either text; the tooltip holds more.
ROW_CHARS = 200


class ChangeReviewView(QWidget):
    sig_apply_requested = Signal(str)
    """Apply the proposed change with this id."""
    sig_reject_requested = Signal(str)
    """Reject the proposed change with this id: the memory stays as it is."""
    sig_count_changed = Signal(int)
    """How many changes wait for the user."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self)
        self.tree, buttons = decision_list(
            self,
            self.title,
            "Changes to memory the model proposed",
            ["Proposed change", "Remembered now"],
            [
                ("Apply", "Change the memory as proposed (Enter)"),
                ("Reject", "Keep the memory as it is (Delete)"),
            ],
        )
        self.apply_button, self.reject_button = buttons
        self.tree.setColumnWidth(0, 420)
        self._changes: dict[str, ChangeToReview] = {}
        self.apply_button.clicked.connect(self._on_apply)
        self.reject_button.clicked.connect(self._on_reject)
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        widget_keys(
            self.tree,
            [
                (Qt.Key.Key_Return, self.apply_button.click),
                (Qt.Key.Key_Enter, self.apply_button.click),
                (Qt.Key.Key_Delete, self.reject_button.click),
            ],
        )
        self.show_changes([])

    def show_changes(self, changes: Sequence[ChangeToReview]) -> None:
        current = self.current_change()
        self.tree.clear()
        self._changes = {c.id: c for c in changes}
        for change in changes:
            if change.action == "delete":
                proposed = "No longer true (kept in its history, out of recall)"
            else:
                proposed = f"Correct to: {change.proposed or ''}"
            if change.outdated:
                proposed += " (the memory changed since: reject it)"
            item = QTreeWidgetItem(
                self.tree,
                [clipped(proposed, ROW_CHARS), clipped(change.remembered, ROW_CHARS)],
            )
            item.setData(0, CHANGE_ID, change.id)
            item.setToolTip(0, clipped(proposed))
            item.setToolTip(1, clipped(change.remembered))
            if current is not None and change.id == current.id:
                self.tree.setCurrentItem(item)
        if self.tree.currentItem() is None and self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))
        self.title.setText(
            f"<b>{counted(len(changes), 'change')} to memory waiting for you</b> "
            "(proposed while curating; nothing changes until you apply one)"
        )
        self.setVisible(bool(changes))
        self._update_buttons()
        self.sig_count_changed.emit(len(changes))

    def current_change(self) -> ChangeToReview | None:
        item = self.tree.currentItem()
        return self._changes.get(item.data(0, CHANGE_ID)) if item is not None else None

    def _update_buttons(self) -> None:
        change = self.current_change()
        self.apply_button.setEnabled(change is not None and not change.outdated)
        self.reject_button.setEnabled(change is not None)

    def _on_apply(self) -> None:
        change = self.current_change()
        if change is not None and not change.outdated:
            self.sig_apply_requested.emit(change.id)

    def _on_reject(self) -> None:
        change = self.current_change()
        if change is not None:
            self.sig_reject_requested.emit(change.id)
