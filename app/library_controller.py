"""Wires the window's memory views (manager, inbox, sessions list, status) to the store. Every
read and write goes through `Operations` (one worker thread); results come back to the views.
Memory actions (pin / edit / forget) are shared by the manager and the chat sidebar."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.bulk_import import BulkImport, ImportJob
from app.import_jobs import conversation_import, documents_import
from app.operations import Operations
from app.recovery import backup_words
from app.services import Services
from core.assistant import Clock
from core.conflicts import changes_to_review, settle_pending
from core.core_memory import CoreMemory
from core.due import deadline_typed
from core.forgetting import forget, forget_conversation, forget_document
from core.ingest.conversation_file import (
    write_conversation_file,
)
from core.local_time import minute_text
from core.memory_catalog import MemoryCatalog, export_memories, sort_memories
from core.model import Memory, MemoryQuery, Task, TaskPriority, TaskStatus, Turn
from core.retrieval import SearchRequest
from core.settings import load_settings
from core.store.backups import Backup, backups, restore_at_next_start
from core.to_do_words import typed_to_do
from core.viz import Graph, build_graph, laid_out, layable_count, place_new
from core.wording import counted
from ui.main_window import MAP_TAB, MEMORY_TAB, MainWindow
from ui.memory_browser import MapArrays
from ui.memory_manager import ManagerQuery

log = logging.getLogger(__name__)

STATUS_MESSAGE_MS = 10_000

# The manager lists at most this many search results, and this many memories browsed.
SEARCH_LIMIT = 100
BROWSE_LIMIT = 500
# Conversations listed at first, and added by each "Show older conversations".
SESSIONS_PAGE = 200


class LibraryController(QObject):
    sig_memory_changed = Signal(str, object)
    """A memory was edited or pinned (old id, new Memory)."""
    sig_memories_forgotten = Signal(object)
    """A forget took these memories (the one asked for, its versions, the others made from
    the same turns: a list of ids)."""
    sig_store_changed = Signal()
    """Memories, tasks or conversations changed in bulk (import, ingest, reset)."""

    def __init__(
        self, window: MainWindow, services: Services, ops: Operations, clock: Clock
    ) -> None:
        super().__init__(window)
        self._window = window
        self._services = services
        self._store = services.store
        self._ops = ops
        self._clock = clock
        self._catalog = MemoryCatalog(services.store, services.embedder)
        self._core = CoreMemory(services.store, services.embedder)
        self._query_seq = 0
        # How many conversations the list holds ("Show older conversations" adds a page).
        self._sessions_listed = SESSIONS_PAGE
        # What the conversations list is narrowed to ("": nothing).
        self._sessions_filter = ""
        # The backups last offered to restore, as listed.
        self._offered: list[Backup] = []
        # Asks the background worker for a full layout (None: no background worker).
        self.request_layout: Callable[[], None] | None = None
        manager = window.manager
        manager.sig_query_changed.connect(self._on_manager_query_changed)
        manager.sig_memory_opened.connect(self.open_memory)
        manager.sig_edit_requested.connect(self.edit_memory)
        manager.sig_pin_requested.connect(self.pin_memory)
        manager.sig_forget_requested.connect(self.forget_memory)
        manager.sig_document_forget_requested.connect(self.forget_document)
        manager.sig_documents_requested.connect(self.list_documents)
        manager.sig_export_requested.connect(self._on_manager_export_requested)
        manager.sig_import_requested.connect(self._on_manager_import_requested)
        manager.sig_ingest_requested.connect(self._on_manager_ingest_requested)
        self.imports = BulkImport()
        # From the start of an import until its end has reached the window.
        self.importing = False
        self._import_label = ""
        self.imports.sig_progress.connect(self._on_import_progress)
        self.imports.sig_waiting.connect(self._on_import_waiting)
        self.imports.sig_step.connect(self._on_import_step)
        self.imports.sig_finished.connect(self._on_import_finished)
        self.imports.sig_failed.connect(self._on_import_failed)
        manager.sig_import_cancel_requested.connect(self.imports.cancel)
        inbox = window.inbox
        for signal, label, status in (
            (inbox.sig_task_confirmed, "confirm the task", TaskStatus.CONFIRMED),
            (inbox.sig_task_dismissed, "dismiss the task", TaskStatus.DISMISSED),
            (inbox.sig_task_done, "mark the task done", TaskStatus.DONE),
        ):
            signal.connect(lambda task_id, what=label, to=status: self._task(task_id, what, to))
        window.sig_session_forget_requested.connect(self.forget_conversation)
        window.sig_session_renamed.connect(self._on_session_renamed)
        window.sig_sessions_export_requested.connect(self._on_sessions_export_requested)
        window.sig_sessions_filter_changed.connect(self._on_sessions_filter_changed)
        window.sig_backup_requested.connect(self.back_up)
        window.sig_restore_requested.connect(self._on_restore_requested)
        window.sig_restore_chosen.connect(self._on_restore_chosen)
        inbox.sig_task_restored.connect(self._on_inbox_task_restored)
        inbox.sig_task_deadline_restored.connect(self._on_inbox_task_deadline_restored)
        inbox.sig_task_added.connect(self._on_inbox_task_added)
        inbox.sig_task_renamed.connect(self._on_inbox_task_renamed)
        inbox.sig_task_due_typed.connect(self._on_inbox_task_due_typed)
        inbox.sig_task_priority_set.connect(self._on_inbox_task_priority_set)
        window.changes.sig_apply_requested.connect(lambda change_id: self._settle(change_id, True))
        window.changes.sig_reject_requested.connect(
            lambda change_id: self._settle(change_id, False)
        )
        window.browser.sig_memory_opened.connect(self.show_memory)
        window.sig_older_sessions_requested.connect(self._on_older_sessions_requested)
        window.tabs.currentChanged.connect(self._on_tabs_current_changed)
        self.sig_memory_changed.connect(self._on_memory_changed)
        self.sig_memories_forgotten.connect(self._on_memories_forgotten)
        self.sig_store_changed.connect(self.refresh_all)

    def refresh_all(self) -> None:
        self.refresh_inbox()
        self.refresh_sessions(None)
        self.refresh_stats()
        self.refresh_manager()
        if self._window.tabs.currentIndex() == MAP_TAB:
            self.refresh_map()

    def refresh_map(self) -> None:
        """The laid-out memories and their links; memories written since the last layout are
        placed first (fast: beside their nearest neighbours, no refit)."""

        def load() -> tuple[Graph, MapArrays] | None:
            if not laid_out(self._store):
                if layable_count(self._store):
                    return None
                # Nothing to lay out yet: an empty map, not a layout asked for again and again.
                empty = Graph((), ())
                return empty, MapArrays.of(empty)
            place_new(self._store)
            graph = build_graph(self._store, self._clock())
            return graph, MapArrays.of(graph)

        self._ops.run("load the memory map", load, self._on_map_loaded)

    def _on_map_loaded(self, loaded: tuple[Graph, MapArrays] | None) -> None:
        browser = self._window.browser
        if loaded is not None:
            browser.show_graph(*loaded)
            return
        if self.request_layout is None:
            browser.show_status("The map appears after the next background upkeep.")
            return
        browser.show_status(
            "Laying out your memories for the first time (this can take a minute)..."
        )
        self.request_layout()

    def _on_tabs_current_changed(self, index: int) -> None:
        if index == MAP_TAB:
            self.refresh_map()

    def show_memory(self, memory_id: str) -> None:
        """Opened in the memory manager: its versions, links and where it came from."""
        self._window.show_tab(MEMORY_TAB)
        self.open_memory(memory_id)

    def refresh_stats(self) -> None:
        self._ops.run("read the memory statistics", self._store.stats, self._window.show_stats)

    def refresh_sessions(self, current: str | None) -> None:
        listed, containing = self._sessions_listed, self._sessions_filter
        self._ops.run(
            "list conversations",
            # One more than listed says whether there are older ones.
            lambda: self._store.conversations.recent_sessions(listed + 1, containing),
            lambda sessions: self._window.show_sessions(
                sessions[:listed], current, older=len(sessions) > listed
            ),
        )

    def _on_session_renamed(self, session_id: str, title: str) -> None:
        self._ops.run(
            "rename the conversation",
            lambda: self._store.conversations.rename_session(session_id, title),
            lambda _: self.refresh_sessions(session_id),
            lambda message: self._window.show_error("Conversation not renamed", message),
        )

    def _on_sessions_export_requested(self, session_ids: list[str], path: Path) -> None:
        def export() -> str:
            sessions = self._store.conversations.stored_sessions(session_ids or None)
            turns = write_conversation_file(sessions, path)
            return (
                f"Exported {counted(len(sessions), 'conversation')} "
                f"({counted(turns, 'turn')}) to {path}"
            )

        self._ops.run("export conversations", export, self._window.show_news)

    def _on_sessions_filter_changed(self, text: str) -> None:
        self._sessions_filter = text
        self.refresh_sessions(None)

    def back_up(self) -> None:
        """A copy of the memory file now, among the backups the upkeep keeps."""
        self._ops.run(
            "back up the memory",
            lambda: self._store.back_up(
                self._clock(), load_settings(self._store.home).backups_kept
            ),
            lambda made: self._window.show_news(f"Backed up to {made.path}"),
        )

    def _on_restore_requested(self) -> None:
        def offer(kept: list[Backup]) -> None:
            self._offered = kept
            self._window.ask_restore([_backup_words(b) for b in kept])

        self._ops.run("list the backups", lambda: backups(self._store.home), offer)

    def _on_restore_chosen(self, index: int) -> None:
        chosen = self._offered[index]
        self._ops.run(
            "choose the backup to restore",
            lambda: restore_at_next_start(self._store.home, chosen.path),
            lambda _: self._window.offer_restart(backup_words(chosen)),
        )

    def _on_older_sessions_requested(self) -> None:
        self._sessions_listed += SESSIONS_PAGE
        self.refresh_sessions(None)

    def show_session(self, session_id: str) -> None:
        def load() -> tuple[list[Turn], set[str]]:
            conversations = self._store.conversations
            return conversations.session_turns(session_id), conversations.forgotten(session_id)

        def show(loaded: tuple[list[Turn], set[str]]) -> None:
            turns, forgotten = loaded
            if any(turn.text for turn in turns):
                self._window.chat.show_transcript(turns, forgotten)
            elif self._window.chat.past_session == session_id:
                # Forgotten whole (from the terminal, say): nothing left to read.
                self._window.chat.clear_past()

        self._ops.run("open the conversation", load, show)

    def refresh_inbox(self, select: str | None = None) -> None:
        """`select`: the to-do to make current (one just written down)."""

        def load() -> tuple[list[Task], dict[str, str], datetime]:
            tasks = self._store.tasks.inbox()
            turn_ids = [t.source_turn_id for t in tasks if t.source_turn_id]
            turns = self._store.conversations.turns(turn_ids) if turn_ids else []
            return tasks, {t.id: t.text for t in turns}, self._clock()

        def show(loaded: tuple[list[Task], dict[str, str], datetime]) -> None:
            self._window.inbox.show_tasks(*loaded)
            if select is not None:
                self._window.inbox.select_task(select)

        self._ops.run("load the task inbox", load, show)
        self._ops.run(
            "load the changes waiting for you",
            lambda: changes_to_review(self._store),
            self._window.changes.show_changes,
        )

    def _settle(self, change_id: str, apply: bool) -> None:
        """The user's answer to a change the model proposed; the memory, once corrected, is
        shown everywhere in its new words."""

        def work() -> tuple[str, Memory | None] | None:
            replaced = settle_pending(
                self._store, self._services.embedder, change_id, apply, self._clock()
            )
            return (replaced[0], self._store.memories.get(replaced[1])) if replaced else None

        def done(corrected: tuple[str, Memory | None] | None) -> None:
            if corrected is not None and corrected[1] is not None:
                self.sig_memory_changed.emit(*corrected)
            self.sig_store_changed.emit()

        self._ops.run(
            "apply the change" if apply else "reject the change",
            work,
            done,
            lambda message: self._inbox_action_failed("Change not applied", message),
        )

    def _inbox_action_failed(self, title: str, message: str) -> None:
        """Said in plain words, and the inbox shown as it really is now."""
        self._window.show_error(title, message)
        self.refresh_inbox()

    def _change_task(self, label: str, failed: str, change: Callable[[datetime], Task]) -> None:
        """`change` the store's task at the clock's time, off the window's thread; the inbox is
        then shown again with that task current. `failed`: the title of the error box."""
        self._ops.run(
            label,
            lambda: change(self._clock()),
            lambda task: self.refresh_inbox(select=task.id),
            lambda message: self._inbox_action_failed(failed, message),
        )

    def _task(self, task_id: str, label: str, status: TaskStatus) -> None:
        self._change_task(
            label,
            "Task not changed",
            lambda now: self._store.tasks.set_status(task_id, status, now),
        )

    def _on_inbox_task_restored(self, task_id: str, status: str) -> None:
        self._change_task(
            "take the decision back",
            "Not taken back",
            lambda now: self._store.tasks.set_status(task_id, TaskStatus(status), now),
        )

    def _on_inbox_task_deadline_restored(
        self, task_id: str, due_at: datetime | None, remind_at: datetime | None
    ) -> None:
        self._change_task(
            "put the day back",
            "Day not put back",
            lambda now: self._store.tasks.put_back_day(task_id, due_at, remind_at, now),
        )

    def _on_inbox_task_added(self, words: str) -> None:
        self._change_task(
            "add the to-do",
            "To-do not added",
            lambda now: self._store.tasks.add(*typed_to_do(words, now), now),
        )

    def _on_inbox_task_renamed(self, task_id: str, title: str) -> None:
        self._change_task(
            "rename the task",
            "Task not renamed",
            lambda now: self._store.tasks.rename(task_id, title, now),
        )

    def _on_inbox_task_due_typed(self, task_id: str, words: str) -> None:
        self._change_task(
            "set the deadline",
            "Deadline not set",
            lambda now: self._store.tasks.set_due(task_id, deadline_typed(words, now), now),
        )

    def _on_inbox_task_priority_set(self, task_id: str, priority: str) -> None:
        self._change_task(
            "set the priority",
            "Priority not set",
            lambda now: self._store.tasks.set_priority(task_id, TaskPriority(priority), now),
        )

    def refresh_manager(self) -> None:
        self._window.manager.refresh()
        self._ops.run("list projects", self._catalog.projects, self._window.manager.show_projects)

    def _on_manager_query_changed(self, query: ManagerQuery) -> None:
        self._query_seq += 1
        seq = self._query_seq
        now = self._clock()
        since = now - timedelta(days=query.period_days) if query.period_days else None

        def run() -> tuple[list[Memory], dict[str, float] | None, bool]:
            if not query.text:
                order = query.order or MemoryQuery().order
                browsed = self._catalog.browse(
                    MemoryQuery(
                        query.kinds, query.tiers, query.project, since, None, order, BROWSE_LIMIT
                    )
                )
                return browsed, None, len(browsed) >= BROWSE_LIMIT
            outcome = self._services.retriever.search(
                SearchRequest(
                    query=query.text,
                    now=now,
                    k=SEARCH_LIMIT,
                    kinds=query.kinds or None,
                    project=query.project,
                    project_only=query.project is not None,
                    since=since,
                    until=now if since else None,
                    adaptive=False,
                    record_access=False,
                )
            )
            hits = [r for r in outcome.results if r.memory.tier in query.tiers]
            memories = [r.memory for r in hits]
            if query.order is not None:
                memories = sort_memories(memories, query.order)
            capped = len(outcome.results) >= SEARCH_LIMIT
            return memories, {r.memory.id: r.score for r in hits}, capped

        def show(found: tuple[list[Memory], dict[str, float] | None, bool]) -> None:
            if seq == self._query_seq:  # a newer query is on its way: this one is stale
                self._window.manager.show_memories(*found)

        self._ops.run("search memory", run, show)

    def open_memory(self, memory_id: str) -> None:
        self._ops.run(
            "open the memory",
            lambda: self._catalog.detail(memory_id, self._clock()),
            self._window.manager.show_detail,
        )

    def edit_memory(self, memory_id: str, text: str) -> None:
        self._ops.run(
            "save the edit",
            lambda: self._catalog.edit(memory_id, text, self._clock()),
            lambda memory: self.sig_memory_changed.emit(memory_id, memory),
        )

    def pin_memory(self, memory_id: str) -> None:
        self._ops.run(
            "pin the memory",
            lambda: self._core.pin_memory(memory_id, self._clock()),
            lambda memory: self.sig_memory_changed.emit(memory_id, memory),
        )

    def forget_memory(self, memory_id: str) -> None:
        self._forget("memory", partial(forget, memory_ids=[memory_id]))

    def list_documents(self) -> None:
        self._ops.run(
            "list the documents", self._store.documents.learnt, self._window.manager.show_documents
        )

    def forget_document(self, source: str) -> None:
        def done(purged: list[str]) -> None:
            self.sig_memories_forgotten.emit(purged)
            if self._window.manager.documents_open():
                self.list_documents()

        self._forget("document", partial(forget_document, source=source), done)

    def forget_conversation(self, session_id: str) -> None:
        def done(purged: list[str]) -> None:
            # Shown from the list, it has nothing left to show: back to the live one.
            if self._window.chat.past_session == session_id:
                self._window.chat.clear_past()
            self.sig_memories_forgotten.emit(purged)

        self._forget("conversation", partial(forget_conversation, session_id=session_id), done)

    def _forget(
        self,
        what: str,
        erase: Callable[..., list[str]],
        done: Callable[[list[str]], None] | None = None,
    ) -> None:
        """`erase`: one of `core.forgetting`'s, its target given; the window hears of the
        memories it took."""
        self._ops.run(
            f"forget the {what}",
            lambda: erase(
                store=self._store,
                home=self._services.home,
                now=self._clock(),
                reason=f"{what} forgotten from the app",
            ),
            done or self.sig_memories_forgotten.emit,
        )

    def _on_memory_changed(self, old_id: str, memory: Memory) -> None:
        self._window.sidebar.memory_changed(old_id, memory)
        self._window.chat.memory_changed(old_id, memory)
        self.open_memory(memory.id)
        self.refresh_manager()
        self.refresh_stats()

    def _on_memories_forgotten(self, memory_ids: list[str]) -> None:
        self._window.sidebar.memories_forgotten(memory_ids)
        self._window.chat.memories_forgotten(memory_ids)
        shown = self._window.manager.shown
        if shown is not None and shown.id in memory_ids:
            self._window.manager.clear_detail()
        self.refresh_manager()
        self.refresh_stats()
        # A forget takes the to-dos noticed in the turns it purges, and may have blanked the
        # message a conversation is titled by.
        self.refresh_inbox()
        self.refresh_sessions(None)
        past = self._window.chat.past_session
        if past is not None:
            self.show_session(past)

    def _on_manager_export_requested(self, path: Path) -> None:
        self._ops.run(
            "export memory",
            lambda: export_memories(self._store, path),
            lambda count: self._window.manager.show_status(
                f"Exported {counted(count, 'memory')} to {path}"
            ),
        )

    def _on_manager_import_requested(self, path: Path) -> bool:
        """False, and nothing started, while another import runs."""
        job = conversation_import(self._services, path, self._clock, self.imports.step)
        return self._start_import(f"Reading {path.name}", job)

    def _on_manager_ingest_requested(self, paths: list[Path]) -> bool:
        """False, and nothing started, while another import runs."""
        return self._start_import(
            "Reading documents", documents_import(self._services, paths, self._clock)
        )

    def take_in(self, command: str, paths: list[Path]) -> bool:
        """A conversation file (`import`) or documents (`ingest`) handed over from the
        terminal, imported as from the window; False while another import runs."""
        if command == "import":
            return self._on_manager_import_requested(paths[0])
        return self._on_manager_ingest_requested(paths)

    def _start_import(self, label: str, job: ImportJob) -> bool:
        if not self.imports.start(job):
            self._window.statusBar().showMessage(
                "An import is already running: wait for it, or cancel it.", STATUS_MESSAGE_MS
            )
            return False
        self._import_label = label
        self.importing = True
        self._window.manager.show_progress(label, 0, 1)
        return True

    def _on_import_progress(self, done: int, total: int) -> None:
        self._window.manager.show_progress(self._import_label, done, total)

    def _on_import_step(self, label: str) -> None:
        self._import_label = label
        self._window.manager.show_import_label(label)

    def _on_import_waiting(self, waiting: bool) -> None:
        label = self._import_label
        self._window.manager.show_import_label(
            f"{label} (waiting while a reply is written)" if waiting else label
        )

    def _on_import_finished(self, summary: str) -> None:
        self.importing = False
        self._window.manager.show_import_done(summary)
        self.sig_store_changed.emit()

    def _on_import_failed(self, message: str) -> None:
        self.importing = False
        self._window.manager.show_import_done("The import stopped.")
        self._window.show_error("Engram", message)
        # Batches written before the failure stay.
        self.sig_store_changed.emit()


def _backup_words(backup: Backup) -> str:
    return f"{minute_text(backup.made_at)} ({backup.size / 2**20:,.0f} MB)"
