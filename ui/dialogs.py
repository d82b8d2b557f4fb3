"""The few questions a view asks the user. Kept in one place so every confirmation looks and
behaves the same, and so tests can answer them without a modal loop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget


def confirm(parent: QWidget, title: str, text: str) -> bool:
    answer = QMessageBox.question(
        parent,
        title,
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes


def ask_recovery(problem: str, backup: str | None) -> str:
    """When the memory file will not open: "restore" (from `backup`, described in words;
    offered only when there is one), "empty" or "quit". Either way forward keeps the file."""
    box = QMessageBox(QMessageBox.Icon.Critical, "Engram cannot open your memory", problem)
    box.setInformativeText(
        "Engram can set this file aside (it is kept beside the new one, renamed, not deleted) "
        + (f"and go on from {backup}, " if backup else "")
        + "or start with an empty memory."
    )
    choices = {}
    if backup:
        choices[box.addButton(f"Restore {backup}", QMessageBox.ButtonRole.AcceptRole)] = "restore"
    empty = box.addButton("Start with an empty memory", QMessageBox.ButtonRole.DestructiveRole)
    choices[empty] = "empty"
    leave = box.addButton("Quit", QMessageBox.ButtonRole.RejectRole)
    choices[leave] = "quit"
    box.setDefaultButton(next(iter(choices)))
    box.setEscapeButton(leave)
    box.exec()
    return choices.get(box.clickedButton(), "quit")


def choose_item(parent: QWidget, title: str, label: str, items: list[str]) -> int | None:
    """Which of `items` the user picked (its index), or None when they cancelled."""
    value, accepted = QInputDialog.getItem(parent, title, label, items, 0, False)
    return items.index(value) if accepted and value in items else None


def ask_text(parent: QWidget, title: str, label: str, text: str) -> str | None:
    """Multi-line text the user typed, or None when they cancelled."""
    value, accepted = QInputDialog.getMultiLineText(parent, title, label, text)
    return value if accepted else None


def ask_line(parent: QWidget, title: str, label: str, text: str = "") -> str | None:
    """One line the user typed (`text`: the words to start from), or None when they
    cancelled."""
    value, accepted = QInputDialog.getText(parent, title, label, text=text)
    return value if accepted else None


def ask_typed_confirmation(parent: QWidget, title: str, text: str, word: str) -> bool:
    """For what cannot be undone: the user types `word` to go ahead."""
    value, accepted = QInputDialog.getText(parent, title, f"{text}\n\nType {word} to confirm:")
    return accepted and value.strip() == word


def choose_save_path(parent: QWidget, title: str, filters: str) -> tuple[Path, str] | None:
    """A file to write, with the filter the user picked; None when cancelled."""
    path, chosen = QFileDialog.getSaveFileName(parent, title, "", filters)
    return (Path(path), chosen) if path else None


def choose_open_paths(parent: QWidget, title: str, filters: str, *, many: bool) -> list[Path]:
    if many:
        paths, _ = QFileDialog.getOpenFileNames(parent, title, "", filters)
        return [Path(p) for p in paths]
    path, _ = QFileDialog.getOpenFileName(parent, title, "", filters)
    return [Path(path)] if path else []


def choose_model_file(parent: QWidget) -> Path | None:
    """A GGUF language model on this computer; None when cancelled."""
    paths = choose_open_paths(
        parent, "Choose a language model", "GGUF models (*.gguf);;All files (*)", many=False
    )
    return paths[0] if paths else None


def choose_folder(parent: QWidget, title: str, start: str) -> Path | None:
    path = QFileDialog.getExistingDirectory(parent, title, start)
    return Path(path) if path else None
