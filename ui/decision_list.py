"""The frame of a list the user decides on item by item (the inbox's to-dos, the changes to
memory the model proposed): a one-at-a-time list under a heading line, over a row of buttons
that each say their key; a right-click on a row offers the same actions."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QMenu,
    QPushButton,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)


def decision_list(
    owner: QWidget,
    heading: QWidget,
    name: str,
    columns: Sequence[str],
    buttons: Sequence[tuple[str, str]],
) -> tuple[QTreeWidget, list[QPushButton]]:
    """Lays out `owner`; `name` is the list's, as a screen reader says it; `buttons` are
    (text, tooltip) pairs, made in that order."""
    tree = QTreeWidget(owner)
    tree.setAccessibleName(name)
    tree.setColumnCount(len(columns))
    tree.setHeaderLabels(list(columns))
    tree.setRootIsDecorated(False)
    tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    made = []
    row = QHBoxLayout()
    for text, tip in buttons:
        button = QPushButton(text, owner)
        button.setToolTip(tip)
        row.addWidget(button)
        made.append(button)
    row.addStretch(1)
    tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    tree.customContextMenuRequested.connect(lambda point: _menu(tree, made, point))
    layout = QVBoxLayout(owner)
    layout.addWidget(heading)
    layout.addWidget(tree, 1)
    layout.addLayout(row)
    return tree, made


def _menu(tree: QTreeWidget, buttons: Sequence[QPushButton], point: QPoint) -> None:
    """The buttons as they stand for the row clicked on (made current first)."""
    item = tree.itemAt(point)
    if item is None or not item.flags() & Qt.ItemFlag.ItemIsSelectable:
        return
    tree.setCurrentItem(item)
    menu = QMenu(tree)
    for button in buttons:
        action = menu.addAction(button.text())
        action.setEnabled(button.isEnabled())
        action.triggered.connect(button.click)
    menu.popup(tree.viewport().mapToGlobal(point))
