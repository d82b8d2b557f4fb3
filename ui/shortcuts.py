"""Keys that act on the widget holding the focus (a list's Enter, Delete, F2), not on the whole
window: Delete in the chat's composer must not forget the memory open in another tab."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

Key = str | Qt.Key


def widget_keys(widget: QWidget, keys: Sequence[tuple[Key, Callable[[], object]]]) -> None:
    for key, slot in keys:
        shortcut = QShortcut(QKeySequence(key), widget)
        shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
        shortcut.activated.connect(slot)
