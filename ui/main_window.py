"""The main window: conversations on the left, the chat with its memory sidebar, the inbox (to-dos
and proposed changes to memory) and the memory manager in tabs, a shortcut for every main
action. It holds the views and says what the user asked for; it never does the work itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QPoint, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.local_time import minute_text
from core.model import SessionSummary, Task
from core.reminders import SNOOZE
from core.store import StoreStats
from core.to_do_words import with_deadline
from core.wording import counted
from ui import dialogs, tray
from ui.change_review import ChangeReviewView
from ui.chat_view import ChatView
from ui.dropped import dropped_files
from ui.memory_browser import MemoryBrowserView
from ui.memory_manager import MemoryManagerView
from ui.memory_sidebar import MemorySidebar
from ui.shortcuts import widget_keys
from ui.task_inbox import TaskInboxView
from ui.theme import app_icon

SESSION_ID = Qt.ItemDataRole.UserRole
SESSION_TITLE = Qt.ItemDataRole.UserRole + 1
# How long news stays in the status line.
NEWS_MS = 10_000
# How long typing in the conversation finder pauses before the list is asked for again.
FILTER_DELAY_MS = 250
CHAT_TAB, INBOX_TAB, MEMORY_TAB, MAP_TAB = 0, 1, 2, 3
BUSY_DELAY_MS = 400


class MainWindow(QMainWindow):
    sig_quit_requested = Signal()
    """The user asked to quit (menu or Ctrl+Q)."""
    sig_restart_requested = Signal()
    """The user asked to quit and start again (a backup chosen is put in place at the start)."""
    sig_settings_requested = Signal()
    """Open the settings dialog."""
    sig_snooze_requested = Signal(list)
    """Call these to-dos again in a while (their ids, from the Reminder box)."""
    sig_new_session_requested = Signal()
    """End this conversation and start a new one."""
    sig_older_sessions_requested = Signal()
    """List more of the older conversations."""
    sig_session_opened = Signal(str)
    """Show the stored conversation with this id."""
    sig_session_forget_requested = Signal(str)
    """Forget this conversation for good (the user confirmed)."""
    sig_session_renamed = Signal(str, str)
    """The user named a conversation (id, the name; empty: named by its first message)."""
    sig_sessions_filter_changed = Signal(str)
    """List only the conversations whose name or words hold this text ("": all)."""
    sig_sessions_export_requested = Signal(list, Path)
    """Write these conversations (their ids; none: all) to this file, in the import format."""
    sig_about_requested = Signal()
    """Say what this is, where its data lives and what it runs on."""
    sig_restore_requested = Signal()
    """Offer the backups to go back to (Engram restarts with the one chosen)."""
    sig_restore_chosen = Signal(int)
    """Put this backup (its place in the list offered) in place at the next start."""
    sig_backup_requested = Signal()
    """Copy the memory file now (before an import or a forget one may want to take back)."""
    sig_log_folder_requested = Signal()
    """Open the folder of the log that error messages point to."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Engram")
        self.setWindowIcon(app_icon())
        self.resize(1200, 760)
        # Closed, the window hides in the tray (where there is one): reminders keep coming.
        self.tray = tray.Tray(self) if tray.tray_available() else None
        if self.tray is not None:
            self.tray.sig_open_requested.connect(self.bring_back)
            self.tray.sig_quit_requested.connect(self.request_quit)
        self._told_of_tray = False
        self.chat = ChatView(parent=self)
        self.sidebar = MemorySidebar(self)
        self.inbox = TaskInboxView(self)
        self.changes = ChangeReviewView(self)
        self.manager = MemoryManagerView(self)
        self.browser = MemoryBrowserView(self)
        self.chat_split = QSplitter(self)
        self.chat_split.addWidget(self.chat)
        self.chat_split.addWidget(self.sidebar)
        self.chat_split.setStretchFactor(0, 3)
        self.chat_split.setStretchFactor(1, 2)
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName("Engram")
        self.tabs.addTab(self.chat_split, "Chat")
        # What waits for the user: to-dos noticed, and changes to memory the model proposed.
        waiting = QSplitter(Qt.Orientation.Vertical, self)
        waiting.addWidget(self.inbox)
        waiting.addWidget(self.changes)
        waiting.setStretchFactor(0, 3)
        waiting.setStretchFactor(1, 2)
        self.tabs.addTab(waiting, "Inbox")
        self.tabs.addTab(self.manager, "Memory")
        self.tabs.addTab(self.browser, "Map")
        self.session_filter = QLineEdit(self)
        self.session_filter.setPlaceholderText("Find a conversation (Ctrl+Shift+F)")
        self.session_filter.setClearButtonEnabled(True)
        self.session_filter.setAccessibleName("Find a conversation")
        self.session_filter.setToolTip("Lists the conversations whose name or words hold this")
        # Asked once typing pauses, not at every key.
        self._filter_delay = QTimer(self)
        self._filter_delay.setSingleShot(True)
        self._filter_delay.setInterval(FILTER_DELAY_MS)
        self._filter_delay.timeout.connect(
            lambda: self.sig_sessions_filter_changed.emit(self.session_filter.text())
        )
        self.session_filter.textChanged.connect(lambda _: self._filter_delay.start())
        widget_keys(self.session_filter, [(Qt.Key.Key_Down, self._on_filter_down)])
        self.sessions = QListWidget(self)
        self.sessions.setObjectName("sessions")
        self.sessions.setAccessibleName("Conversations")
        self.sessions.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.sessions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.new_session_button = QPushButton("New conversation", self)
        self.new_session_button.setToolTip("Start a new conversation (Ctrl+N)")
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Conversations</b>", left))
        left_layout.addWidget(self.session_filter)
        left_layout.addWidget(self.sessions, 1)
        left_layout.addWidget(self.new_session_button)
        self.main_split = QSplitter(self)
        self.main_split.addWidget(left)
        self.main_split.addWidget(self.tabs)
        self.main_split.setStretchFactor(1, 4)
        self.main_split.setSizes([220, 980])
        self.setCentralWidget(self.main_split)
        self.setAcceptDrops(True)
        self.error_box: QMessageBox | None = None
        self.about_box: QMessageBox | None = None
        self.reminder_box: QMessageBox | None = None
        # The to-dos the open Reminder box tells of, by id.
        self._reminded: list[str] = []
        # What long work quitting would stop (an import, a download), in words; None: none.
        self.unfinished: Callable[[], str | None] = lambda: None
        self.stats = QLabel(self)
        self.stats.setObjectName("stats")
        self.statusBar().addWidget(self.stats, 1)
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(120)
        self.busy.setMaximumHeight(12)
        self.busy.hide()
        self.statusBar().addPermanentWidget(self.busy)
        # Only what takes a noticeable time shows: quick operations would make it flicker.
        self._busy_delay = QTimer(self)
        self._busy_delay.setSingleShot(True)
        self._busy_delay.setInterval(BUSY_DELAY_MS)
        self._busy_delay.timeout.connect(self.busy.show)
        self._build_menus()
        self.new_session_button.clicked.connect(self.sig_new_session_requested.emit)
        # A new conversation is begun by typing into it, whichever tab asked for it.
        self.sig_new_session_requested.connect(lambda: self.show_tab(CHAT_TAB))
        self.sessions.itemActivated.connect(self._on_sessions_item_activated)
        self.sessions.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.sessions.customContextMenuRequested.connect(self._on_sessions_menu)
        widget_keys(
            self.sessions,
            [
                (Qt.Key.Key_Delete, self._on_forget_current_session),
                (Qt.Key.Key_F2, self._on_rename_current_session),
            ],
        )
        self.sessions.itemClicked.connect(self._on_sessions_item_activated)
        self._waiting = {"tasks": 0, "changes": 0}
        self.inbox.sig_count_changed.connect(lambda n: self._set_waiting("tasks", n))
        self.changes.sig_count_changed.connect(lambda n: self._set_waiting("changes", n))

    def _action(self, menu_name: str, text: str, keys: str, slot: object) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        menu = self._menus.get(menu_name) or self.menuBar().addMenu(menu_name)
        self._menus[menu_name] = menu
        menu.addAction(action)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        self._menus: dict[str, object] = {}
        self._action("&File", "&New conversation", "Ctrl+N", self.sig_new_session_requested.emit)
        self._action("&File", "&Import conversation...", "Ctrl+I", self.manager.ask_import)
        self._action("&File", "Add &documents...", "Ctrl+Shift+I", self.manager.ask_ingest)
        self._action("&File", "&Export memory...", "Ctrl+E", self.manager.ask_export)
        self._action(
            "&File",
            "Export c&onversations...",
            "Ctrl+Shift+E",
            lambda: self.ask_export_sessions([]),
        )
        self._action("&File", "&Back up memory now", "", self.sig_backup_requested.emit)
        self._action("&File", "&Restore a backup...", "", self.sig_restore_requested.emit)
        self._action("&File", "&Settings...", "Ctrl+,", self.sig_settings_requested.emit)
        self._action("&File", "&Quit", "Ctrl+Q", self.request_quit)
        self._action("&View", "&Chat", "Ctrl+1", lambda: self.show_tab(CHAT_TAB))
        self._action("&View", "&Inbox", "Ctrl+2", lambda: self.show_tab(INBOX_TAB))
        self._action("&View", "&Memory", "Ctrl+3", lambda: self.show_tab(MEMORY_TAB))
        self._action("&View", "Memory m&ap", "Ctrl+4", lambda: self.show_tab(MAP_TAB))
        self.sidebar_action = self._action(
            "&View", "Memory &sidebar", "Ctrl+B", self.toggle_sidebar
        )
        self.sidebar_action.setCheckable(True)
        self.sidebar_action.setChecked(True)
        self._action("&View", "&Find in memory", "Ctrl+F", self._on_find)
        self._action("&View", "Find a c&onversation", "Ctrl+Shift+F", self._on_find_session)
        self._action("&Help", "&About Engram", "F1", self.sig_about_requested.emit)
        self._action("&Help", "Open &log folder", "", self.sig_log_folder_requested.emit)

    def show_tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)
        focus = {CHAT_TAB: self.chat.composer, INBOX_TAB: self.inbox.tree, MAP_TAB: self.browser}
        focus.get(index, self.manager.search).setFocus()

    def toggle_sidebar(self) -> None:
        self.sidebar.setHidden(not self.sidebar.isHidden())
        self.sidebar_action.setChecked(not self.sidebar.isHidden())

    def _set_waiting(self, what: str, count: int) -> None:
        self._waiting[what] = count
        total = sum(self._waiting.values())
        self.tabs.setTabText(INBOX_TAB, f"Inbox ({total})" if total else "Inbox")

    def show_sessions(
        self, sessions: Sequence[SessionSummary], current: str | None, older: bool = False
    ) -> None:
        """`current` None keeps the conversation selected now selected; `older`: there are more
        than listed, which a last row offers to list."""
        selected = self.sessions.currentItem()
        if current is None and selected is not None:
            current = selected.data(SESSION_ID)
        self.sessions.blockSignals(True)
        self.sessions.clear()
        for session in sessions:
            title = session.title[:60] or "(forgotten)"
            item = QListWidgetItem(f"{title}\n{minute_text(session.active_at)}")
            item.setData(SESSION_ID, session.id)
            item.setData(SESSION_TITLE, session.title)
            item.setToolTip(session.title[:500])
            self.sessions.addItem(item)
            if session.id == current:
                self.sessions.setCurrentItem(item)
        if older:
            more = QListWidgetItem("Show older conversations...")
            more.setToolTip("Only the most recent are listed at first")
            self.sessions.addItem(more)
        if not sessions and self.session_filter.text().strip():
            none = QListWidgetItem("No conversation matches.")
            none.setFlags(Qt.ItemFlag.NoItemFlags)
            self.sessions.addItem(none)
        self.sessions.blockSignals(False)

    def show_stats(self, stats: StoreStats) -> None:
        """In the status line's resting place: news shown with showMessage() covers it for a
        while and is never overwritten by it."""
        self.stats.setText(
            f"{counted(stats.memories, 'memory')} from {counted(stats.sessions, 'conversation')} · "
            f"vector index {stats.vector_index} · {stats.path}"
        )

    def show_busy(self, label: str) -> None:
        """Something slow is running behind the window ("" when nothing is)."""
        self.busy.setToolTip(label[:1].upper() + label[1:] + "..." if label else "")
        if label:
            self._busy_delay.start()
        else:
            self._busy_delay.stop()
            self.busy.hide()

    def show_error(self, title: str, message: str) -> None:
        """The one place worker failures reach the user: a non-blocking dialog that gathers
        further errors instead of stacking windows."""
        if self.error_box is not None and self.error_box.isVisible():
            self.error_box.setText(f"{self.error_box.text()}\n\n{message}")
            return
        self.error_box = self._message_box(QMessageBox.Icon.Warning, title, message)

    def bring_back(self) -> None:
        """The window to the front, from the tray or from behind others."""
        self.showNormal()
        self.raise_()
        self.activateWindow()

    def show_reminders(self, tasks: Sequence[Task]) -> None:
        """The time of these to-dos has come: a box that stays until read (later ones join
        it), and the taskbar entry asks for attention when the window is in the background;
        a window closed to the tray comes back for it, and the tray says it too."""
        lines = "\n".join(f"• {with_deadline(t)}" for t in tasks)
        if self.tray is not None and self.isHidden():
            self.tray.say("Reminder", lines)
            self.bring_back()
        if self.reminder_box is not None and self.reminder_box.isVisible():
            self.reminder_box.setText(f"{self.reminder_box.text()}\n{lines}")
            self._reminded += [t.id for t in tasks]
        else:
            text = f"Time for your to-do:\n{lines}"
            self.reminder_box = self._message_box(QMessageBox.Icon.Information, "Reminder", text)
            self._reminded = [t.id for t in tasks]
            to_inbox = self.reminder_box.addButton("Open inbox", QMessageBox.ButtonRole.AcceptRole)
            to_inbox.clicked.connect(lambda: self.show_tab(INBOX_TAB))
            again = self.reminder_box.addButton(
                f"Remind me in {SNOOZE.seconds // 60} minutes", QMessageBox.ButtonRole.ActionRole
            )
            again.clicked.connect(lambda: self.sig_snooze_requested.emit(list(self._reminded)))
            # Esc only closes it: it neither opens the inbox nor asks to hear of it again.
            self.reminder_box.setEscapeButton(
                self.reminder_box.addButton(QMessageBox.StandardButton.Close)
            )
        QApplication.alert(self)

    def show_about(self, title: str, text: str) -> None:
        """Non-blocking, like errors; asking again brings the open one forward. Its text can
        be selected (the paths in it are to be copied)."""
        if self.about_box is not None and self.about_box.isVisible():
            self.about_box.setText(text)
            self.about_box.raise_()
            return
        self.about_box = self._message_box(QMessageBox.Icon.Information, title, text)
        self.about_box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def _message_box(self, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
        box = QMessageBox(icon, title, text, parent=self)
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.open()
        return box

    def save_state(self, settings: QSettings) -> None:
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/split", self.main_split.saveState())
        settings.setValue("window/chat_split", self.chat_split.saveState())
        settings.setValue("window/sidebar", not self.sidebar.isHidden())

    def restore_state(self, settings: QSettings) -> None:
        for key, restore in (
            ("window/geometry", self.restoreGeometry),
            ("window/split", self.main_split.restoreState),
            ("window/chat_split", self.chat_split.restoreState),
        ):
            value = settings.value(key)
            if isinstance(value, QByteArray):
                restore(value)
        visible = settings.value("window/sidebar", True)
        self.sidebar.setHidden(visible in (False, "false"))
        self.sidebar_action.setChecked(not self.sidebar.isHidden())

    def request_quit(self, *, restart: bool = False) -> bool:
        """Quit (and start again), after asking when long work would stop half-way
        (`unfinished` says what, and what becomes of it). Returns whether the app is quitting."""
        unfinished = self.unfinished()
        if unfinished and not dialogs.confirm(self, "Quit Engram?", f"{unfinished} Quit now?"):
            return False
        (self.sig_restart_requested if restart else self.sig_quit_requested).emit()
        return True

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt's name)
        if dropped_files(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        """Files dropped anywhere on the window are taken in where imports are shown."""
        paths = dropped_files(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.show_tab(MEMORY_TAB)
            self.manager.take_in(paths)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        """Closing the window hides it in the tray when there is one (said the first time);
        otherwise it quits the app (the app then shuts its workers down)."""
        if self.tray is not None:
            event.ignore()
            self.hide()
            if not self._told_of_tray:
                self._told_of_tray = True
                self.tray.say(
                    "Engram is still running",
                    "It calls your reminders from here. Quit from this icon's menu, or Ctrl+Q.",
                )
            return
        if self.request_quit():
            event.accept()
        else:
            event.ignore()

    def _on_sessions_item_activated(self, item: QListWidgetItem) -> None:
        if not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return
        if item.data(SESSION_ID) is None:
            self.sig_older_sessions_requested.emit()
            return
        # Shown where it can be read; the focus stays in the list, to open the next one.
        self.tabs.setCurrentIndex(CHAT_TAB)
        self.sig_session_opened.emit(item.data(SESSION_ID))

    def _on_sessions_menu(self, point: QPoint) -> None:
        item = self.sessions.itemAt(point)
        session_id = item.data(SESSION_ID) if item is not None else None
        if session_id is None:
            return
        menu = QMenu(self.sessions)
        menu.addAction("Rename...  (F2)").triggered.connect(lambda: self.ask_rename_session(item))
        menu.addAction("Export...").triggered.connect(
            lambda: self.ask_export_sessions([session_id])
        )
        menu.addAction("Forget this conversation...  (Delete)").triggered.connect(
            lambda: self.ask_forget_session(session_id)
        )
        menu.popup(self.sessions.viewport().mapToGlobal(point))

    def _on_forget_current_session(self) -> None:
        item = self.sessions.currentItem()
        if item is not None and item.data(SESSION_ID) is not None:
            self.ask_forget_session(item.data(SESSION_ID))

    def _on_rename_current_session(self) -> None:
        item = self.sessions.currentItem()
        if item is not None and item.data(SESSION_ID) is not None:
            self.ask_rename_session(item)

    def ask_export_sessions(self, session_ids: list[str]) -> None:
        """To a file that Import conversation reads back (here or on another computer)."""
        chosen = dialogs.choose_save_path(
            self, "Export conversations", "Conversations (*.json);;All files (*)"
        )
        if chosen is not None:
            path = chosen[0] if chosen[0].suffix else chosen[0].with_suffix(".json")
            self.sig_sessions_export_requested.emit(session_ids, path)

    def ask_restore(self, backups: list[str]) -> None:
        """`backups`: the copies kept, newest first, in words."""
        if not backups:
            self.show_error(
                "No backups yet",
                "The daily upkeep makes one; File > Back up memory now makes one at once.",
            )
            return
        chosen = dialogs.choose_item(
            self,
            "Restore a backup",
            "Go back to the memory as it was then: what was learnt since is not in it, and the "
            "memory file now is kept beside it (renamed, not deleted). Engram restarts to do "
            "it.",
            backups,
        )
        if chosen is not None:
            self.sig_restore_chosen.emit(chosen)

    def offer_restart(self, backup: str) -> None:
        """The backup is put in place when Engram starts next: now, if the user says so."""
        if dialogs.confirm(
            self,
            "Restart to restore",
            f"Engram puts {backup} in place when it starts next. Restart Engram now?",
        ):
            self.request_quit(restart=True)

    def show_news(self, text: str) -> None:
        """Said in the status line for a while: something finished that the user asked for."""
        self.statusBar().showMessage(text, NEWS_MS)

    def ask_rename_session(self, item: QListWidgetItem) -> None:
        # Read first: the list may be refilled (a reply stored) while the dialog is open.
        session_id, shown = item.data(SESSION_ID), item.data(SESSION_TITLE)
        title = dialogs.ask_line(
            self,
            "Rename conversation",
            "Name this conversation (leave empty to name it by its first message):",
            shown,
        )
        if title is not None and title.strip() != shown:
            self.sig_session_renamed.emit(session_id, title.strip())

    def ask_forget_session(self, session_id: str) -> None:
        if dialogs.confirm(
            self,
            "Forget this conversation?",
            "Everything said in it, the memories made from it and the to-dos noticed in it are "
            "erased for good. This cannot be undone.",
        ):
            self.sig_session_forget_requested.emit(session_id)

    def _on_filter_down(self) -> None:
        """From the finder into what it found."""
        self.sessions.setFocus()
        if self.sessions.currentItem() is None and self.sessions.count():
            self.sessions.setCurrentRow(0)

    def _on_find_session(self) -> None:
        self.session_filter.setFocus()
        self.session_filter.selectAll()

    def _on_find(self) -> None:
        self.show_tab(MEMORY_TAB)
        self.manager.search.selectAll()
