"""Column widths for a list of words beside short values: the words take what the values
leave, so a window of ordinary size shows every column without a sideways scroll bar."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import QHeaderView, QTreeWidget


def fit_columns(tree: QTreeWidget, stretch: Sequence[int], widest: Mapping[int, str]) -> None:
    """`stretch`: the columns of words, sharing the room left; `widest`: each other column's
    widest text, which its width is made for."""
    header = tree.header()
    header.setStretchLastSection(False)
    for column in stretch:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
    metrics = tree.fontMetrics()
    for column, text in widest.items():
        tree.setColumnWidth(column, metrics.horizontalAdvance(text) + 24)
