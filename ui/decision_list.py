"""The frame of a list the user decides on item by item (the inbox's to-dos, the changes to
memory the model proposed): a one-at-a-time list under a heading line, over a row of buttons
that each say their key."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPushButton,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)


def decision_list(
    owner: QWidget, heading: QWidget, columns: Sequence[str], buttons: Sequence[tuple[str, str]]
) -> tuple[QTreeWidget, list[QPushButton]]:
    """Lays out `owner`; `buttons` are (text, tooltip) pairs, made in that order."""
    tree = QTreeWidget(owner)
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
    layout = QVBoxLayout(owner)
    layout.addWidget(heading)
    layout.addWidget(tree, 1)
    layout.addLayout(row)
    return tree, made
