"""Settings in one dialog: where memory lives, which model speaks and which one embeds, how big
its context is, the look, and privacy (pause memory, forget everything). It returns values; the
app applies them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.settings import Settings
from ui import dialogs
from ui.theme import THEMES

FORGET_WORD = "FORGET"
# The most backups the form offers to keep (each as large as the memory file).
MAX_BACKUPS = 30


class SettingsDialog(QDialog):
    sig_forget_everything_requested = Signal()
    """The user typed the confirmation word: erase every memory, conversation and task."""
    sig_model_download_requested = Signal()
    """Offer the curated models to download."""

    def __init__(
        self,
        settings: Settings,
        data_folder: Path,
        parent: QWidget | None = None,
        check: Callable[[Settings, Path], str | None] | None = None,
    ) -> None:
        """`check(values, data_folder)` is the app's say on what the form cannot judge alone
        (for example an embedding model that does not fit the existing memory)."""
        super().__init__(parent)
        self._check = check
        self.setWindowTitle("Engram settings")
        self._settings = settings
        self.data_folder = QLineEdit(str(data_folder), self)
        self.model_path = QLineEdit(settings.llm_model_path or "", self)
        self.model_path.setPlaceholderText("No model: choose a .gguf file")
        self.embedding_dir = QLineEdit(settings.embedding_model_dir or "", self)
        self.embedding_dir.setPlaceholderText("Bundled all-MiniLM-L6-v2")
        self.context_size = QSpinBox(self)
        self.context_size.setRange(512, 131072)
        self.context_size.setSingleStep(512)
        self.context_size.setValue(settings.context_size)
        self.context_size.setToolTip(
            "How much of the conversation and memory the model reads at once. A model is never "
            "given more than it was trained on: a larger value is cut to the model's own."
        )
        self.threads = QSpinBox(self)
        self.threads.setRange(0, 256)
        self.threads.setSpecialValueText("automatic")
        self.threads.setValue(settings.threads or 0)
        self.theme = QComboBox(self)
        for name in THEMES:
            self.theme.addItem(name.capitalize(), name)
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme)))
        # A combo box is otherwise called by the choice it shows ("System").
        self.theme.setAccessibleName("Theme")
        self.backups = QSpinBox(self)
        self.backups.setRange(0, MAX_BACKUPS)
        self.backups.setSpecialValueText("none")
        self.backups.setValue(max(0, min(MAX_BACKUPS, settings.backups_kept)))
        self.backups.setToolTip(
            "Copies of the memory file the daily upkeep keeps in the data folder's backups "
            "folder, to go on from if the file is ever damaged. Each is as large as the file; "
            "none: those made before are deleted too."
        )
        self.paused = QCheckBox("Pause memory (chat, but remember nothing)", self)
        self.paused.setChecked(settings.memory_paused)
        self.forget_button = QPushButton("Forget everything...", self)
        self.error = QLabel(self)
        self.error.setObjectName("settingsError")
        self.error.setWordWrap(True)
        self.error.hide()
        form = QFormLayout()
        form.addRow(*self._with_button("Data folder", self.data_folder, self._on_browse_folder))
        form.addRow(*self._with_button("Language model", self.model_path, self._on_browse_model))
        self.download_button = QPushButton("Download a model...", self)
        self.download_button.clicked.connect(self.sig_model_download_requested.emit)
        form.addRow("", self.download_button)
        form.addRow(
            *self._with_button("Embedding model", self.embedding_dir, self._on_browse_embedding)
        )
        form.addRow("Context size (tokens)", self.context_size)
        form.addRow("Threads", self.threads)
        form.addRow("Theme", self.theme)
        form.addRow("Backups kept", self.backups)
        form.addRow("Privacy", self.paused)
        form.addRow("", self.forget_button)
        note = QLabel(
            "A new data folder or embedding model takes effect when Engram restarts.", self
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.forget_button.clicked.connect(self._on_forget_clicked)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _with_button(
        self, label: str, field: QLineEdit, slot: Callable[[], None]
    ) -> tuple[str, QWidget]:
        """A form row: the field and its Browse button, each named for a screen reader (the
        row's label names the box holding them, which the keyboard never reaches)."""
        field.setAccessibleName(label)
        box = QWidget(self)
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(field, 1)
        browse = QPushButton("Browse...", box)
        browse.setAccessibleName(f"{label}: browse")
        browse.clicked.connect(slot)
        row.addWidget(browse)
        return label, box

    def values(self) -> Settings:
        return replace(
            self._settings,
            llm_model_path=self.model_path.text().strip() or None,
            embedding_model_dir=self.embedding_dir.text().strip() or None,
            context_size=self.context_size.value(),
            threads=self.threads.value() or None,
            theme=self.theme.currentData(),
            memory_paused=self.paused.isChecked(),
            backups_kept=self.backups.value(),
        )

    def chosen_data_folder(self) -> Path:
        return Path(self.data_folder.text().strip()).expanduser()

    def problem(self) -> str | None:
        """What is wrong with the form, in words, or None."""
        model = self.model_path.text().strip()
        if model and not Path(model).expanduser().is_file():
            return f"There is no model file at {model}."
        embedding = self.embedding_dir.text().strip()
        if embedding and not Path(embedding).expanduser().is_dir():
            return f"There is no embedding model folder at {embedding}."
        if not self.data_folder.text().strip():
            return "Choose a data folder."
        if self._check is None:
            return None
        return self._check(self.values(), self.chosen_data_folder())

    def accept(self) -> None:
        problem = self.problem()
        if problem:
            self.error.setText(problem)
            self.error.show()
            return
        super().accept()

    def _on_browse_model(self) -> None:
        path = dialogs.choose_model_file(self)
        if path:
            self.model_path.setText(str(path))

    def _on_browse_embedding(self) -> None:
        folder = dialogs.choose_folder(self, "Choose an embedding model folder", "")
        if folder:
            self.embedding_dir.setText(str(folder))

    def _on_browse_folder(self) -> None:
        folder = dialogs.choose_folder(self, "Choose the data folder", self.data_folder.text())
        if folder:
            self.data_folder.setText(str(folder))

    def _on_forget_clicked(self) -> None:
        if dialogs.ask_typed_confirmation(
            self,
            "Forget everything?",
            "Every conversation, memory, task and document record will be erased from this "
            "computer, with the backups of the memory file. This cannot be undone.",
            FORGET_WORD,
        ):
            self.sig_forget_everything_requested.emit()
