"""Why the assistant answered as it did: the memories that shaped the reply in view, each with
its score broken down by signal, its retention and the turns it came from, and the three things
a user may want to do about one (pin it, correct it, forget it)."""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from core.local_time import days_told
from core.model import Memory, MemoryKind
from core.retrieval.scoring import SearchResult
from core.wording import clipped, counted
from ui import dialogs
from ui.recall import with_version, without
from ui.theme import kind_chip, text_html

# The signals a score is made of, in the order the sidebar lists them.
SIGNALS = ("semantic", "keyword", "recency", "importance", "project", "entity", "task")


def breakdown_text(result: SearchResult) -> str:
    """'semantic 0.41 · keyword 0.20 · ...' (signals that are zero are left out)."""
    parts = [
        f"{name} {result.signals[name]:.2f}" for name in SIGNALS if result.signals.get(name, 0.0)
    ]
    return " · ".join(parts) or "no signal (came in through a link)"


def dated(memory: Memory) -> str:
    """The day a memory dates from, and the day it was told when that was another: "2026-11-14
    (told 2026-11-18)"."""
    when, told = days_told(memory.valid_from, memory.created_at)
    return f"{when} (told {told})" if told else when


# The link on a card that opens its memory in the memory manager.
OPEN_LINK = "open"


class MemoryCard(QFrame):
    """One memory as the sidebar shows it."""

    def __init__(self, result: SearchResult, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result = result
        memory = result.memory
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("memoryCard")
        text = clipped(memory.content)
        self.content = QLabel(f"{kind_chip(memory.kind)} {text_html(text)}", self)
        self.content.setWordWrap(True)
        self.content.setTextFormat(Qt.TextFormat.RichText)
        self.content.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        retention = result.signals.get("retention", 1.0)
        details = [f"<b>score {result.score:.2f}</b> · retention {retention:.2f}"]
        details.append(html.escape(breakdown_text(result)))
        # Where it came from is read whole in the memory manager, through the link.
        if memory.source_turn_ids:
            source = f"from {counted(len(memory.source_turn_ids), 'turn')} of a conversation"
            details.append(f'{source}, {dated(memory)} · <a href="{OPEN_LINK}">open</a>')
        elif memory.source_path:
            details.append(
                f'from {html.escape(memory.source_path)} · <a href="{OPEN_LINK}">open</a>'
            )
        if result.associated_with:
            details.append("recalled through a link")
        if result.signals.get("in_window") == 0.0:
            details.append("said outside the time asked about: ranked lower")
        self.details = QLabel("<br>".join(details), self)
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.details.setObjectName("memoryDetails")
        self.details.setToolTip(
            "\n".join(f"{k}: {v:.3f}" for k, v in sorted(result.signals.items()))
        )
        self.pin_button = QPushButton("Pin", self)
        self.pin_button.setToolTip("Keep this in every conversation (core memory)")
        self.pin_button.setEnabled(memory.kind is not MemoryKind.CORE)
        self.edit_button = QPushButton("Edit", self)
        self.edit_button.setToolTip("Correct it (the old wording stays in its history)")
        self.forget_button = QPushButton("Forget", self)
        self.forget_button.setToolTip("Erase it for good")
        buttons = QHBoxLayout()
        for button in (self.pin_button, self.edit_button, self.forget_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.content)
        layout.addWidget(self.details)
        layout.addLayout(buttons)


class MemorySidebar(QWidget):
    sig_pin_requested = Signal(str)
    """Pin the memory with this id to core memory."""
    sig_edit_requested = Signal(str, str)
    """Replace the memory (id) with the user's corrected text (a new version)."""
    sig_forget_requested = Signal(str)
    """Erase the memory with this id (the user confirmed)."""
    sig_open_requested = Signal(str)
    """Show the memory with this id in the memory manager."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(260)
        self.title = QLabel("<b>Memories behind this reply</b>", self)
        self.status = QLabel("Send a message to see what the assistant remembers.", self)
        self.status.setWordWrap(True)
        self._list = QWidget(self)
        self._list_layout = QVBoxLayout(self._list)
        self._list_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setAccessibleName("Memories behind this reply")
        scroll.setWidgetResizable(True)
        # Cards wrap their text to the panel; a sideways scrollbar would only show slack.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._list)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.status)
        layout.addWidget(scroll, 1)
        self.cards: list[MemoryCard] = []
        self._degraded: str | None = None

    def show_results(self, results: Sequence[SearchResult], degraded: str | None = None) -> None:
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = []
        self._degraded = degraded
        for result in results:
            card = MemoryCard(result, self._list)
            memory_id = result.memory.id
            card.pin_button.clicked.connect(lambda _=False, i=memory_id: self._on_pin(i))
            card.edit_button.clicked.connect(lambda _=False, c=card: self._on_edit(c))
            card.forget_button.clicked.connect(lambda _=False, i=memory_id: self._on_forget(i))
            card.details.linkActivated.connect(
                lambda _link, i=memory_id: self.sig_open_requested.emit(i)
            )
            self._list_layout.insertWidget(self._list_layout.count() - 1, card)
            self.cards.append(card)
        if results:
            text = f"{counted(len(results), 'memory')} shaped this reply."
        else:
            text = "No memories were used for this reply."
        self.status.setText(f"{text} {degraded}" if degraded else text)

    def card_for(self, memory_id: str) -> MemoryCard | None:
        return next((c for c in self.cards if c.result.memory.id == memory_id), None)

    def _on_pin(self, memory_id: str) -> None:
        card = self.card_for(memory_id)
        if card is not None:
            card.pin_button.setEnabled(False)
        self.sig_pin_requested.emit(memory_id)

    def _on_edit(self, card: MemoryCard) -> None:
        memory = card.result.memory
        text = dialogs.ask_text(self, "Edit memory", "Correct what is remembered:", memory.content)
        if text is not None and text.strip() and text.strip() != memory.content:
            self.sig_edit_requested.emit(memory.id, text.strip())

    def _on_forget(self, memory_id: str) -> None:
        if dialogs.confirm(
            self,
            "Forget this memory?",
            "It will be erased for good, with its earlier versions and the turns it came from.",
        ):
            self.sig_forget_requested.emit(memory_id)

    def memory_changed(self, old_id: str, replacement: Memory) -> None:
        """After an edit or a pin: the new version is shown in place."""
        self.show_results(
            with_version([c.result for c in self.cards], old_id, replacement), self._degraded
        )

    def memories_forgotten(self, memory_ids: Collection[str]) -> None:
        """After a forget: the cards of every memory it took (its versions, and the others
        made from the same turns) go."""
        self.show_results(without([c.result for c in self.cards], memory_ids), self._degraded)
