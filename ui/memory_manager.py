"""The whole memory, for a person to look through and tidy: search with the real scorer or
browse with filters, open one memory's story (its versions as a timeline, its links, where it
came from), correct, pin or forget it, export everything, bring in conversations and documents.
From the keyboard: Down leaves the search for the results, F2 corrects, Delete forgets."""

from __future__ import annotations

import html
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.ingest.conversation_file import is_conversation_export
from core.ingest.document_file import file_patterns
from core.local_time import day_text, minute_text
from core.memory_catalog import MemoryDetail
from core.model import LearntDocument, Memory, MemoryKind, MemoryOrder, Tier
from core.wording import counted, duration
from ui import dialogs
from ui.columns import fit_columns
from ui.documents_dialog import DocumentsDialog, confirm_forget_document
from ui.shortcuts import widget_keys
from ui.theme import KIND_COLOURS, kind_chip, text_html

MEMORY_ID = Qt.ItemDataRole.UserRole
SEARCH_DELAY_MS = 250
PERIODS = {"Any time": None, "Last 7 days": 7, "Last 30 days": 30, "Last year": 365}
TIER_CHOICES = {
    "Detailed and summaries": frozenset({Tier.HOT, Tier.COLD}),
    "Detailed": frozenset({Tier.HOT}),
    "Summaries": frozenset({Tier.COLD}),
    "Compressed originals": frozenset({Tier.STUB}),
}
RELEVANCE = "Relevance"
EXPORT_FILTERS = "JSON (*.json);;Markdown (*.md)"
# The detail's link that forgets the whole document a passage came from.
FORGET_DOCUMENT = "forget-document"
# How long an import step runs before what it has left is said (guessed sooner, it jumps about).
ESTIMATE_AFTER_S = 5.0
# The clock the estimate reads (tests set another).
_now = time.monotonic


@dataclass(frozen=True, slots=True)
class ManagerQuery:
    """What the user asked to see; with text it is a search, without it a browse. The app
    turns `period_days` into dates with its clock."""

    text: str = ""
    kinds: frozenset[MemoryKind] = frozenset()
    tiers: frozenset[Tier] = frozenset({Tier.HOT, Tier.COLD})
    project: str | None = None
    period_days: int | None = None
    order: MemoryOrder | None = None


class MemoryManagerView(QWidget):
    sig_query_changed = Signal(object)
    """The list should show this ManagerQuery."""
    sig_memory_opened = Signal(str)
    """Show everything about the memory with this id."""
    sig_edit_requested = Signal(str, str)
    """Replace the memory (id) with the user's text, as a new version."""
    sig_pin_requested = Signal(str)
    """Pin the memory with this id to core memory."""
    sig_forget_requested = Signal(str)
    """Erase the memory with this id (the user confirmed)."""
    sig_document_forget_requested = Signal(str)
    """Erase everything learnt from the document at this source (the user confirmed)."""
    sig_documents_requested = Signal()
    """List the documents learnt (answered with `show_documents`)."""
    sig_export_requested = Signal(object)
    """Write all current memories to this Path (.json or .md)."""
    sig_import_requested = Signal(object)
    """Import the conversation file at this Path."""
    sig_ingest_requested = Signal(object)
    """Learn the documents at these Paths (a list)."""
    sig_import_cancel_requested = Signal()
    """Stop the import under way (what it wrote stays)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search memory (Ctrl+F)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search memory")
        self.kind = QComboBox(self)
        self.kind.addItem("All kinds", None)
        for kind in MemoryKind:
            self.kind.addItem(kind.value.capitalize(), kind)
        self.tier = QComboBox(self)
        for label, tiers in TIER_CHOICES.items():
            self.tier.addItem(label, tiers)
        self.project = QComboBox(self)
        self.project.addItem("All projects", None)
        self.period = QComboBox(self)
        for label, days in PERIODS.items():
            self.period.addItem(label, days)
        self.order = QComboBox(self)
        self.order.addItem(RELEVANCE, None)
        for order in MemoryOrder:
            self.order.addItem(order.value.capitalize(), order)
        for combo, name in (
            (self.kind, "Kind"),
            (self.tier, "Tier"),
            (self.project, "Project"),
            (self.period, "Time"),
            (self.order, "Order"),
        ):
            combo.setAccessibleName(name)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 2)
        for combo in (self.kind, self.tier, self.project, self.period, self.order):
            filters.addWidget(combo)
        self.results = QTreeWidget(self)
        self.results.setHeaderLabels(["Kind", "Memory", "Created", "Importance", "Score"])
        self.results.setAccessibleName("Memories")
        self.results.setRootIsDecorated(False)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # With a fixed width for the memory's words the numbers were cut off behind a
        # scroll bar in a window of ordinary size.
        fit_columns(
            self.results,
            [1],
            {0: "procedural", 2: "2026-12-31 23:59", 3: "Importance", 4: "Score"},
        )
        self.detail = QTextBrowser(self)
        self.detail.setOpenLinks(False)
        self.detail.setPlaceholderText("Open a memory to see its history, links and sources.")
        self.detail.setAccessibleName("Memory details")
        self.edit_button = QPushButton("Edit", self)
        self.pin_button = QPushButton("Pin", self)
        self.forget_button = QPushButton("Forget", self)
        actions = QHBoxLayout()
        for button in (self.edit_button, self.pin_button, self.forget_button):
            actions.addWidget(button)
        actions.addStretch(1)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.detail, 1)
        right_layout.addLayout(actions)
        split = QSplitter(self)
        split.addWidget(self.results)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.export_button = QPushButton("Export...", self)
        self.import_button = QPushButton("Import conversation...", self)
        self.ingest_button = QPushButton("Add documents...", self)
        self.documents_button = QPushButton("Documents...", self)
        self.documents_button.setToolTip("The documents learnt; forget one whole")
        self.documents_dialog: DocumentsDialog | None = None
        self.count = QLabel(self)
        self.count.setWordWrap(True)
        self.status = QLabel(self)
        # Long words (an import's refusals, conversations left out) wrap rather than widen the
        # window past the screen; they can be selected and copied.
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar(self)
        self.progress.hide()
        self.cancel_import_button = QPushButton("Cancel", self)
        self.cancel_import_button.setToolTip("Stop the import; what it has learned so far stays")
        self.cancel_import_button.hide()
        bottom = QHBoxLayout()
        for button in (
            self.export_button,
            self.import_button,
            self.ingest_button,
            self.documents_button,
        ):
            bottom.addWidget(button)
        bottom.addWidget(self.count)
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.progress)
        bottom.addWidget(self.cancel_import_button)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)
        self._shown: Memory | None = None
        self._importing = False
        # The import step being timed: its label, when it began, and how far it was then.
        self._step: tuple[str, float, int] | None = None
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.refresh)
        self.search.textChanged.connect(lambda _: self._search_timer.start())
        self.search.returnPressed.connect(self.refresh)
        for combo in (self.kind, self.tier, self.project, self.period, self.order):
            combo.currentIndexChanged.connect(lambda _: self.refresh())
        self.results.currentItemChanged.connect(self._on_results_current_changed)
        self.detail.anchorClicked.connect(self._on_detail_anchor_clicked)
        self.edit_button.clicked.connect(self._on_edit)
        self.pin_button.clicked.connect(self._on_pin)
        self.forget_button.clicked.connect(self._on_forget)
        self.export_button.clicked.connect(self.ask_export)
        self.import_button.clicked.connect(self.ask_import)
        self.ingest_button.clicked.connect(self.ask_ingest)
        self.documents_button.clicked.connect(self.sig_documents_requested.emit)
        self.cancel_import_button.clicked.connect(self._on_cancel_import)
        # A disabled button ignores its click: the keys do only what the buttons allow.
        widget_keys(
            self.results,
            [
                (Qt.Key.Key_Delete, self.forget_button.click),
                # A book is thousands of passages: it is forgotten whole from any of them
                # (also the "forget this document" link beside where it came from).
                ("Shift+Del", self._on_forget_document),
                (Qt.Key.Key_F2, self.edit_button.click),
            ],
        )
        widget_keys(self.search, [(Qt.Key.Key_Down, self._on_search_down)])
        self.forget_button.setToolTip("Forget this memory (Delete)")
        self.edit_button.setToolTip("Correct this memory: a new version (F2)")
        self._update_buttons()

    def query(self) -> ManagerQuery:
        return ManagerQuery(
            text=self.search.text().strip(),
            kinds=frozenset({self.kind.currentData()}) if self.kind.currentData() else frozenset(),
            tiers=self.tier.currentData(),
            project=self.project.currentData(),
            period_days=self.period.currentData(),
            order=self.order.currentData(),
        )

    def refresh(self) -> None:
        self._search_timer.stop()
        self.sig_query_changed.emit(self.query())

    def show_projects(self, projects: Sequence[str]) -> None:
        chosen = self.project.currentData()
        self.project.blockSignals(True)
        self.project.clear()
        self.project.addItem("All projects", None)
        for name in projects:
            self.project.addItem(name, name)
        index = self.project.findData(chosen)
        self.project.setCurrentIndex(max(0, index))
        self.project.blockSignals(False)

    def show_memories(
        self,
        memories: Sequence[Memory],
        scores: Mapping[str, float] | None = None,
        capped: bool = False,
    ) -> None:
        """`capped`: more match than are listed (a list holds only so many)."""
        current = self._shown.id if self._shown else None
        self.results.blockSignals(True)
        self.results.clear()
        for memory in memories:
            score = scores.get(memory.id) if scores else None
            item = QTreeWidgetItem(
                self.results,
                [
                    memory.kind.value,
                    " ".join(memory.content.split())[:300],
                    minute_text(memory.created_at),
                    f"{memory.importance:.2f}",
                    "" if score is None else f"{score:.2f}",
                ],
            )
            item.setForeground(0, QColor(KIND_COLOURS[memory.kind]))
            item.setToolTip(1, memory.content[:2000])
            item.setData(0, MEMORY_ID, memory.id)
            if memory.id == current:
                self.results.setCurrentItem(item)
        self.results.blockSignals(False)
        if capped:
            self.count.setText(
                f"The first {len(memories)} matches: narrow the filters or the search for others"
            )
        elif memories:
            self.count.setText(counted(len(memories), "memory"))
        elif self.search.text().strip() or any(
            combo.currentIndex() for combo in (self.kind, self.tier, self.project, self.period)
        ):
            self.count.setText("No memories match.")
        else:
            self.count.setText(
                "Nothing remembered yet: memories form as you chat, or import a conversation "
                "(Ctrl+I) or documents (Ctrl+Shift+I)."
            )

    def show_detail(self, detail: MemoryDetail) -> None:
        self._shown = detail.memory
        self.detail.setHtml(detail_html(detail))
        self._update_buttons()

    def clear_detail(self) -> None:
        self._shown = None
        self.detail.clear()
        self._update_buttons()

    @property
    def shown(self) -> Memory | None:
        return self._shown

    def show_progress(self, label: str, done: int, total: int) -> None:
        """An import is under way (the rest of the manager stays usable): how far it is, and
        a way to stop it. Another import waits until it is over."""
        if not self._importing:
            self._set_importing(True)
        self.show_import_label(label + self._time_left(label, done, total))
        # A file's bytes may pass the 2 GiB a bar counts to: counted in larger steps then.
        scale = 1 + max(total, 1) // 2**31
        self.progress.setRange(0, max(total, 1) // scale)
        self.progress.setValue(done // scale)

    def _time_left(self, label: str, done: int, total: int) -> str:
        """An import of years of chats takes hours: about how long this step has left, from
        how fast it went so far (said once it has run long enough to tell)."""
        now = _now()
        if self._step is None or self._step[0] != label:
            self._step = (label, now, done)
            return ""
        _, started, first = self._step
        if done <= first or now - started < ESTIMATE_AFTER_S:
            return ""
        left = (now - started) / (done - first) * (total - done)
        return f" ({duration(left)} left)"

    def show_import_label(self, label: str) -> None:
        """What the running import is doing (unless it is being stopped)."""
        if self._importing and self.cancel_import_button.isEnabled():
            self.status.setText(label)

    def show_import_done(self, message: str) -> None:
        self._set_importing(False)
        self.status.setText(message)

    def show_status(self, message: str) -> None:
        self.status.setText(message)

    def take_in(self, paths: Sequence[Path]) -> None:
        """Files dropped on the window: one conversation file (.json, or a ChatGPT, Claude or
        Gemini data export's .zip) is imported, anything else is read as documents (folders
        and other zips too: a notes app's export)."""
        if self._importing:
            self.show_status("An import is running: drop them again when it is done.")
        elif len(paths) == 1 and (
            paths[0].suffix.lower() == ".json"
            or (paths[0].suffix.lower() == ".zip" and is_conversation_export(paths[0]))
        ):
            self.sig_import_requested.emit(paths[0])
        else:
            self.sig_ingest_requested.emit(list(paths))

    def _set_importing(self, importing: bool) -> None:
        self._importing = importing
        self._step = None
        self.progress.setVisible(importing)
        self.cancel_import_button.setVisible(importing)
        self.cancel_import_button.setEnabled(importing)
        self.import_button.setEnabled(not importing)
        self.ingest_button.setEnabled(not importing)

    def _on_cancel_import(self) -> None:
        self.cancel_import_button.setEnabled(False)
        self.status.setText("Stopping the import...")
        self.sig_import_cancel_requested.emit()

    def ask_export(self) -> None:
        chosen = dialogs.choose_save_path(self, "Export memory", EXPORT_FILTERS)
        if chosen is None:
            return
        path, picked = chosen
        if path.suffix.lower() not in (".json", ".md"):
            path = path.with_suffix(".md" if "Markdown" in picked else ".json")
        self.sig_export_requested.emit(path)

    def ask_import(self) -> None:
        paths = dialogs.choose_open_paths(
            self,
            "Import a conversation (a ChatGPT, Claude or Gemini data export, or a Day One journal)",
            "Conversations (*.json *.zip);;All files (*)",
            many=False,
        )
        if paths:
            self.sig_import_requested.emit(paths[0])

    def ask_ingest(self) -> None:
        paths = dialogs.choose_open_paths(
            self,
            "Add documents",
            f"Documents ({' '.join(file_patterns())});;All files (*)",
            many=True,
        )
        if paths:
            self.sig_ingest_requested.emit(paths)

    def _update_buttons(self) -> None:
        memory = self._shown
        editable = memory is not None and memory.superseded_by is None and not memory.forgotten_at
        self.edit_button.setEnabled(editable)
        self.pin_button.setEnabled(editable and memory.kind is not MemoryKind.CORE)
        self.forget_button.setEnabled(memory is not None and not memory.forgotten_at)

    def _on_search_down(self) -> None:
        """From the search box into the results, the first one opened."""
        self.results.setFocus()
        if self.results.currentItem() is None and self.results.topLevelItemCount():
            self.results.setCurrentItem(self.results.topLevelItem(0))

    def _on_results_current_changed(self, item: QTreeWidgetItem | None, _: object) -> None:
        if item is not None:
            self.sig_memory_opened.emit(item.data(0, MEMORY_ID))

    def _on_detail_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() == "memory":
            self.sig_memory_opened.emit(url.path())
        elif url.scheme() == FORGET_DOCUMENT:
            self._on_forget_document()

    def _on_edit(self) -> None:
        memory = self._shown
        if memory is None:
            return
        text = dialogs.ask_text(self, "Edit memory", "Correct what is remembered:", memory.content)
        if text is not None and text.strip() and text.strip() != memory.content:
            self.sig_edit_requested.emit(memory.id, text.strip())

    def _on_pin(self) -> None:
        if self._shown is not None:
            self.sig_pin_requested.emit(self._shown.id)

    def _on_forget(self) -> None:
        memory = self._shown
        if memory is not None and dialogs.confirm(
            self,
            "Forget this memory?",
            "It will be erased for good, with its earlier versions and the turns it came from.",
        ):
            self.sig_forget_requested.emit(memory.id)

    def _on_forget_document(self) -> None:
        memory = self._shown
        if memory is None or memory.kind is not MemoryKind.DOCUMENT or not memory.source_path:
            return
        if confirm_forget_document(self, memory.source_path):
            self.sig_document_forget_requested.emit(memory.source_path)

    def show_documents(self, documents: Sequence[LearntDocument]) -> None:
        """The documents learnt, in their dialog (opened the first time, raised after)."""
        if self.documents_dialog is None:
            self.documents_dialog = DocumentsDialog(self)
            self.documents_dialog.sig_forget_requested.connect(
                self.sig_document_forget_requested.emit
            )
        self.documents_dialog.show_documents(documents)
        self.documents_dialog.show()
        self.documents_dialog.raise_()

    def documents_open(self) -> bool:
        return self.documents_dialog is not None and self.documents_dialog.isVisible()


def detail_html(detail: MemoryDetail) -> str:
    """One memory's story as rich text: what it says, its facts, its history as a timeline,
    its links (click to open) and where it came from."""
    m = detail.memory
    esc = html.escape
    facts = [
        f"{m.tier.value}",
        f"created {minute_text(m.created_at)}",
        f"importance {m.importance:.2f}",
        f"confidence {m.confidence:.2f}",
        f"retention {detail.retention:.2f}",
        f"used {m.access_count} times",
    ]
    if m.project:
        facts.append(f"project {esc(m.project)}")
    if m.key:
        facts.append(f"key <code>{esc(m.key)}</code>")
    parts = [
        f"<p>{kind_chip(m.kind)} <small>{' · '.join(facts)}</small></p>",
        f"<p>{text_html(m.content) or '<i>(forgotten)</i>'}</p>",
        f"<p><small>id <code>{esc(m.id)}</code></small></p>",
    ]
    if detail.entities:
        parts.append(f"<p><b>Entities:</b> {esc(', '.join(detail.entities))}</p>")
    if len(detail.versions) > 1:
        rows = []
        for version in detail.versions:
            until = day_text(version.valid_to) if version.valid_to else "now"
            text = "<i>(forgotten)</i>" if version.forgotten else text_html(version.content)
            if version.memory_id == m.id:
                text = f"<b>{text}</b>"
            else:
                text = f'<a href="memory:{esc(version.memory_id)}">{text}</a>'
            rows.append(f"<li>{day_text(version.valid_from)} – {until}: {text}</li>")
        parts.append(f"<p><b>History</b></p><ul>{''.join(rows)}</ul>")
    if detail.links:
        # One line per linked memory, with every kind of link to it (strongest first).
        kinds: dict[str, list[str]] = {}
        for link in detail.links:
            kinds.setdefault(link.memory_id, []).append(f"{link.kind} {link.weight:.2f}")
        contents = {link.memory_id: link.content for link in detail.links}
        rows = [
            f'<li>{esc(", ".join(how))}: <a href="memory:{esc(memory_id)}">'
            f"{esc(contents[memory_id][:160])}</a></li>"
            for memory_id, how in list(kinds.items())[:20]
        ]
        parts.append(f"<p><b>Linked memories</b></p><ul>{''.join(rows)}</ul>")
    if detail.summarised:
        rows = [
            f'<li><a href="memory:{esc(s.id)}">{esc(s.content[:160])}</a></li>'
            for s in detail.summarised
        ]
        parts.append(f"<p><b>Summarises</b></p><ul>{''.join(rows)}</ul>")
    if detail.source_turns:
        rows = [
            f"<li><small>{minute_text(t.at)} {esc(t.speaker or t.role.value)}:</small> "
            f"{esc(t.text[:300])}</li>"
            for t in detail.source_turns
        ]
        parts.append(f"<p><b>Came from</b></p><ul>{''.join(rows)}</ul>")
    elif m.source_path:
        chunk = f" (part {m.chunk_index + 1})" if m.chunk_index is not None else ""
        forget = (
            f' · <a href="{FORGET_DOCUMENT}:">forget this document</a> (Shift+Delete)'
            if m.kind is MemoryKind.DOCUMENT and not m.forgotten_at
            else ""
        )
        parts.append(f"<p><b>Came from</b> {esc(m.source_path)}{chunk}{forget}</p>")
    return "".join(parts)
