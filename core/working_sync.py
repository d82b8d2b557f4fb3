"""Working memory kept in step with the conversation and the store. What is said comes into play
(its facts and to-dos); what the user changes elsewhere (a memory corrected or pinned in the
sidebar, a to-do dismissed, finished or reworded in the inbox) is what the next prompt holds,
not the copy the conversation took when it recalled or noticed it: the old words kept reaching
every prompt of the conversation."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime

import duckdb

from core.model import MemoryKind, NewMemory, Task, TaskStatus
from core.store import MemoryStore
from core.store.database import RowChanges
from core.store.working_items import TASK_PREFIX
from core.to_do_words import with_deadline
from core.working import WorkingMemory


def _task_note(task: Task) -> str:
    """How a to-do in play reads in working memory."""
    return f"To-do noticed: {with_deadline(task)}"


class WorkingSync:
    """Hears which memory rows each commit rewrote (on the committing thread) and brings the
    working set in line when the conversation's thread next looks (`follow`)."""

    def __init__(self, store: MemoryStore, working: WorkingMemory) -> None:
        self._store = store
        self._working = working
        self._decisions_seen = store.tasks.decisions
        # Memories rewritten since the last look (None: any may have been).
        self._revised: set[str] | None = set()
        self._lock = threading.Lock()
        store.db.on_rows_changed(self._on_rows_changed)

    def into_play(
        self,
        cur: duckdb.DuckDBPyConnection,
        fact_ids: Sequence[str],
        facts: Sequence[NewMemory],
        tasks: Sequence[Task],
        now: datetime,
    ) -> None:
        """What was just said comes into play: the facts as the exchange's own transaction
        wrote them (`cur`), with the importance they were said with, and the to-dos noticed."""
        said = {m.content: m for m in facts}
        read = self._store.memories.get_many_in(cur, list(fact_ids)) if fact_ids else []
        written = {m.id: m for m in read}
        for memory in (written[i] for i in fact_ids if i in written):
            importance = said[memory.content].importance if memory.content in said else 0.5
            self._working.add(memory.id, memory.content, importance, now)
        for task in tasks:
            if task.status is TaskStatus.CANDIDATE:
                key = f"{TASK_PREFIX}{task.id}"
                self._working.add(key, _task_note(task), task.confidence, now)

    def follow(self, now: datetime) -> None:
        self._follow_revisions(now)
        self._follow_task_decisions(now)

    def _on_rows_changed(self, changes: RowChanges) -> None:
        with self._lock:
            if changes.stale is None or self._revised is None:
                self._revised = None
            else:
                self._revised |= changes.stale

    def _follow_revisions(self, now: datetime) -> None:
        """A memory in play rewritten since (corrected, replaced by a newer fact, merged) is
        held in its current wording; one no longer true, or pinned (in every prompt already,
        as core memory), leaves."""
        with self._lock:
            revised, self._revised = self._revised, set()
        working = self._working
        in_play = {i.key: i for i in working.items() if not i.key.startswith(TASK_PREFIX)}
        keys = [k for k in in_play if revised is None or k in revised]
        if not keys:
            return
        found = {m.id: m for m in self._store.memories.get_many(keys)}
        working.remove(k for k in keys if k not in found)
        for memory in found.values():
            if memory.superseded_by is None and memory.valid_to is None and not memory.forgotten_at:
                continue
            item = in_play[memory.id]
            working.remove([item.key])
            head_id = self._store.lineage.head(memory.id) if memory.superseded_by else None
            head = self._store.memories.get(head_id) if head_id else None
            if head is None or head.valid_to is not None or head.forgotten_at:
                continue
            if head.kind is not MemoryKind.CORE:
                working.add(head.id, head.content, item.importance, now, from_recall=True)

    def _follow_task_decisions(self, now: datetime) -> None:
        """A to-do dismissed or finished in the inbox leaves working memory (the model kept
        reminding the user of it); one reworded there is held in the user's words. Looked at
        only when the user decided something since."""
        tasks = self._store.tasks
        if tasks.decisions == self._decisions_seen:
            return
        self._decisions_seen = tasks.decisions
        for item in self._working.items():
            if not item.key.startswith(TASK_PREFIX):
                continue
            task = tasks.get(item.key.removeprefix(TASK_PREFIX))
            if task is None or task.status not in (TaskStatus.CANDIDATE, TaskStatus.CONFIRMED):
                self._working.remove([item.key])
            elif _task_note(task) != item.text:
                self._working.remove([item.key])
                self._working.add(item.key, _task_note(task), item.importance, now)
