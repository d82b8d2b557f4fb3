"""The reminder clock: every half minute, the to-dos whose time has come since the last look
are read (on the store's thread) and handed to the window."""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtCore import QObject, QTimer, Signal

from app.operations import Operations
from core.assistant import Clock
from core.model import Task
from core.reminders import SNOOZE, coming_due, load_snoozed, save_snoozed
from core.store import MemoryStore

CHECK_MS = 30_000
# A reminder whose time passed while Engram was closed is called just after it starts.
_JUST_AFTER = timedelta(microseconds=1)


class Reminders(QObject):
    sig_tasks_due = Signal(list)
    """These to-dos' time has come (a list of Task, soonest first)."""

    def __init__(
        self, store: MemoryStore, ops: Operations, clock: Clock, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._ops = ops
        self._clock = clock
        # What came due while the app was closed is in the inbox, marked overdue: a burst of
        # old reminders at start would say nothing new.
        self._since = clock()
        # To-dos the user asked to hear of again, by id: when (kept in the store too).
        self._snoozed: dict[str, datetime] = {}
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_MS)
        self._timer.timeout.connect(self.check)

    def start(self) -> None:
        """Reminders put off before a restart are read back first; one whose time passed
        while Engram was closed is called at the first look."""
        since = self._since
        self._ops.run(
            "read the reminders put off",
            lambda: load_snoozed(self._store),
            lambda kept: self._snoozed.update(
                {task_id: max(at, since + _JUST_AFTER) for task_id, at in kept.items()}
            ),
        )
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def snooze(self, task_ids: list[str]) -> None:
        """Call these to-dos again in a while (SNOOZE), whatever their deadline."""
        again = self._clock() + SNOOZE
        self._snoozed.update(dict.fromkeys(task_ids, again))
        self._save()

    def _save(self) -> None:
        snoozed = dict(self._snoozed)
        self._ops.run("remember the reminders put off", lambda: save_snoozed(self._store, snoozed))

    def check(self) -> None:
        """Look for what came due since the last look (the timer calls this)."""
        now = self._clock()
        since, self._since = self._since, now
        snoozed = dict(self._snoozed)
        self._ops.run(
            "check reminders",
            lambda: coming_due(self._store.tasks.inbox(), since, now, snoozed),
            self._on_checked,
        )

    def _on_checked(self, tasks: list[Task]) -> None:
        called = [t.id for t in tasks if self._snoozed.pop(t.id, None) is not None]
        if called:
            self._save()
        if tasks:
            self.sig_tasks_due.emit(tasks)
