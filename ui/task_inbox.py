"""The to-dos the assistant noticed, for the user to confirm or dismiss, and the ones they track.
Every action has a key: Enter confirms, Delete dismisses, F2 edits, Ctrl+T sets the deadline,
Ctrl+P the priority, Ctrl+D marks done, Ctrl+Z takes the last decision back (a slip of Delete
or Ctrl+D would otherwise take a to-do out of sight for good)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import QPoint, Qt, Signal, SignalInstance
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QMenu,
    QTreeWidgetItem,
    QWidget,
)

from core.local_time import overdue
from core.model import Task, TaskPriority, TaskStatus
from core.to_do_words import deadline_words, reminder_words
from core.wording import excerpt
from ui import dialogs
from ui.columns import fit_columns
from ui.decision_list import decision_list
from ui.shortcuts import widget_keys
from ui.theme import OVERDUE_COLOUR

COLUMNS = ("Task", "Priority", "Due", "Confidence", "Said")
TASK_ID = Qt.ItemDataRole.UserRole
DUE = COLUMNS.index("Due")
SAID = COLUMNS.index("Said")


# Where a to-do the user wrote down came from, in the column of the words it was noticed in.
WRITTEN_DOWN = "(written down)"


@dataclass(frozen=True, slots=True)
class _Decision:
    """A to-do as it was before a decision: one that moved its day (said in chat) is taken
    back to that day, any other to its status."""

    task: Task
    moved: bool = False


class TaskInboxView(QWidget):
    sig_task_confirmed = Signal(str)
    """Track this suggested task."""
    sig_task_dismissed = Signal(str)
    """This suggestion is not a task (kept, hidden)."""
    sig_task_done = Signal(str)
    """A tracked task is finished."""
    sig_task_restored = Signal(str, str)
    """Take a decision back: the task as it was before it (id, the TaskStatus value)."""
    sig_task_deadline_restored = Signal(str, object, object)
    """Take a move of a task's day back (id, the deadline and the reminder it had: datetime or
    None)."""
    sig_task_renamed = Signal(str, str)
    """The user reworded a task (id, new title)."""
    sig_task_added = Signal(str)
    """The user wrote down a to-do (the words: "Call the bank Friday 10am")."""
    sig_task_priority_set = Signal(str, str)
    """The user set how urgent a task is (id, the TaskPriority value)."""
    sig_task_due_typed = Signal(str, str)
    """The user typed a deadline for a task (id, the words: "Friday 5pm"; empty clears it)."""
    sig_count_changed = Signal(int)
    """How many suggestions wait for a decision (the badge)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.empty = QLabel(
            "Nothing to do. To-dos you mention in chat appear here, or write one down (Insert).",
            self,
        )
        self.tree, buttons = decision_list(
            self,
            self.empty,
            "To-dos",
            COLUMNS,
            [
                ("New...", "Write down a to-do; a deadline in words is read (Insert)"),
                ("Confirm", "Track this task (Enter)"),
                ("Dismiss", "Not a task (Delete)"),
                ("Edit", "Reword it (F2)"),
                ("Deadline", "Set or clear the deadline: 'Friday 5pm', 'Dec 3' (Ctrl+T)"),
                ("Priority", "Set how urgent it is: high, medium or low (Ctrl+P)"),
                ("Done", "Mark a tracked task done (Ctrl+D)"),
                ("Undo", "Take the last confirm, dismiss or done back (Ctrl+Z)"),
            ],
        )
        (
            self.new_button,
            self.confirm_button,
            self.dismiss_button,
            self.edit_button,
            self.deadline_button,
            self.priority_button,
            self.done_button,
            self.undo_button,
        ) = buttons
        # Only the title and the deadline are edited, each by its own key: F2 on whichever
        # cell is current would open the priority or the quoted sentence for typing.
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # The task takes what the other columns leave (a fixed width put the words it was
        # said in behind a sideways scroll bar; they show in full as a tooltip); a deadline
        # shows whole, with its time and mark.
        fit_columns(
            self.tree,
            [0],
            {
                1: "Priority",
                DUE: "2026-11-22 10:00 · overdue",
                3: "Confidence",
                SAID: "Remind me to renew my passport",
            },
        )
        self.suggested = QTreeWidgetItem(self.tree, ["Suggested"])
        self.tracked = QTreeWidgetItem(self.tree, ["Tracked"])
        for group in (self.suggested, self.tracked):
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            group.setExpanded(True)
        self._tasks: dict[str, Task] = {}
        self._filling = False
        # The tasks as they were before each decision this session, the last one last.
        self._decided: list[_Decision] = []
        self.new_button.clicked.connect(self._on_new)
        self.confirm_button.clicked.connect(self._on_confirm)
        self.dismiss_button.clicked.connect(self._on_dismiss)
        self.edit_button.clicked.connect(self._on_edit)
        self.deadline_button.clicked.connect(self._on_deadline)
        self.priority_button.clicked.connect(self._on_priority)
        self.done_button.clicked.connect(self._on_done)
        self.undo_button.clicked.connect(self._on_undo)
        self.tree.itemChanged.connect(self._on_item_changed)
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        widget_keys(
            self.tree,
            [
                (Qt.Key.Key_Return, self._on_confirm),
                (Qt.Key.Key_Enter, self._on_confirm),
                (Qt.Key.Key_Delete, self._on_dismiss),
                (Qt.Key.Key_Insert, self._on_new),
                (Qt.Key.Key_F2, self._on_edit),
                ("Ctrl+T", self._on_deadline),
                ("Ctrl+P", self._on_priority),
                ("Ctrl+D", self._on_done),
                ("Ctrl+Z", self._on_undo),
            ],
        )
        self._update_buttons()

    def show_tasks(
        self, tasks: Sequence[Task], sentences: Mapping[str, str], now: datetime | None = None
    ) -> None:
        """`sentences`: the text of each task's source turn, by turn id. A deadline passed by
        `now` is marked overdue."""
        current = self.current_task()
        self._filling = True
        for group in (self.suggested, self.tracked):
            group.takeChildren()
        self._tasks = {t.id: t for t in tasks}
        for task in tasks:
            group = self.tracked if task.status is TaskStatus.CONFIRMED else self.suggested
            # A to-do said in a pasted page: the part around it, not the page (laying out
            # five such rows held the window ~0.3 s at each refresh and resize).
            said = (
                excerpt(" ".join(sentences.get(task.source_turn_id, "").split()), task.title)
                if task.source_turn_id is not None
                else WRITTEN_DOWN
            )
            item = QTreeWidgetItem(
                group,
                [
                    task.title,
                    task.priority.value,
                    deadline_words(task),
                    f"{task.confidence:.0%}",
                    said,
                ],
            )
            item.setData(0, TASK_ID, task.id)
            item.setToolTip(0, task.title)
            item.setToolTip(SAID, said)
            if task.due_at and now is not None and overdue(task.due_at, now):
                item.setText(DUE, f"{item.text(DUE)} · overdue")
                item.setForeground(DUE, QColor(OVERDUE_COLOUR))
                item.setToolTip(DUE, "The deadline has passed.")
            elif task.remind_at:
                # Asked for before the deadline; editing the deadline sets when it reminds.
                item.setText(DUE, f"{item.text(DUE)} · reminder {reminder_words(task)}")
                item.setToolTip(DUE, f"Reminds {reminder_words(task)}, before the deadline.")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        self._filling = False
        count = self.suggested.childCount()
        self.suggested.setText(0, f"Suggested ({count})")
        self.tracked.setText(0, f"Tracked ({self.tracked.childCount()})")
        self.empty.setVisible(not tasks)
        self._select(current.id if current else None)
        self._update_buttons()
        self.sig_count_changed.emit(count)

    def current_task(self) -> Task | None:
        item = self.tree.currentItem()
        task_id = item.data(0, TASK_ID) if item is not None else None
        return self._tasks.get(task_id) if task_id else None

    def select_task(self, task_id: str) -> None:
        self._select(task_id)

    def _select(self, task_id: str | None) -> None:
        items = [
            group.child(i)
            for group in (self.suggested, self.tracked)
            for i in range(group.childCount())
        ]
        chosen = next((i for i in items if i.data(0, TASK_ID) == task_id), None)
        chosen = chosen or (items[0] if items else None)
        if chosen is not None:
            self.tree.setCurrentItem(chosen)

    def _update_buttons(self) -> None:
        task = self.current_task()
        suggested = task is not None and task.status is TaskStatus.CANDIDATE
        self.confirm_button.setEnabled(suggested)
        self.dismiss_button.setEnabled(task is not None)
        self.edit_button.setEnabled(task is not None)
        self.deadline_button.setEnabled(task is not None)
        self.priority_button.setEnabled(task is not None)
        self.done_button.setEnabled(task is not None and task.status is TaskStatus.CONFIRMED)
        self.undo_button.setEnabled(bool(self._decided))
        if self._decided:
            last = self._decided[-1].task
            self.undo_button.setToolTip(f"Put back “{last.title}” as it was (Ctrl+Z)")

    def _on_new(self) -> None:
        words = dialogs.ask_line(
            self,
            "New to-do",
            "What to do? A deadline in words is read: 'Call the bank Friday 10am'",
        )
        if words and words.strip():
            self.sig_task_added.emit(words)

    def _on_confirm(self) -> None:
        task = self.current_task()
        if task is not None and task.status is TaskStatus.CANDIDATE:
            self._decide(task, self.sig_task_confirmed)

    def _on_dismiss(self) -> None:
        task = self.current_task()
        if task is not None:
            self._decide(task, self.sig_task_dismissed)

    def _on_done(self) -> None:
        task = self.current_task()
        if task is not None and task.status is TaskStatus.CONFIRMED:
            self._decide(task, self.sig_task_done)

    def _decide(self, task: Task, decision: SignalInstance) -> None:
        self._decided.append(_Decision(task))
        decision.emit(task.id)
        self._update_buttons()

    def decided_in_chat(self, tasks: Sequence[Task]) -> None:
        """To-dos the user settled in chat (said done, or no more to do), as they were before:
        Undo (Ctrl+Z) puts them back, as after the Done or Dismiss button."""
        self._decided.extend(_Decision(task) for task in tasks)
        self._update_buttons()

    def moved_in_chat(self, tasks: Sequence[Task]) -> None:
        """To-dos the user said moved to another day, as they were before: Undo (Ctrl+Z) puts
        back the day (and the reminder) each had."""
        self._decided.extend(_Decision(task, moved=True) for task in tasks)
        self._update_buttons()

    def _on_undo(self) -> None:
        if self._decided:
            decision = self._decided.pop()
            task = decision.task
            if decision.moved:
                self.sig_task_deadline_restored.emit(task.id, task.due_at, task.remind_at)
            else:
                self.sig_task_restored.emit(task.id, task.status.value)
            self._update_buttons()

    def _on_edit(self) -> None:
        item = self.tree.currentItem()
        if item is not None and item.data(0, TASK_ID):
            self.tree.editItem(item, 0)

    def _on_deadline(self) -> None:
        """The deadline's cell is edited as words; the "· overdue" mark is not part of them."""
        item = self.tree.currentItem()
        task = self.current_task()
        if item is None or task is None:
            return
        self._filling = True
        item.setText(DUE, deadline_words(task))
        self._filling = False
        self.tree.editItem(item, DUE)

    def _on_priority(self) -> None:
        """A menu of the three at the task's row: arrows and Enter, or its letter (H, M, L)."""
        item = self.tree.currentItem()
        task = self.current_task()
        if item is None or task is None:
            return
        self.priority_menu = QMenu(self.tree)
        for priority in reversed(TaskPriority):
            action = self.priority_menu.addAction(f"&{priority.value.capitalize()}")
            action.setCheckable(True)
            action.setChecked(priority is task.priority)
            action.triggered.connect(
                lambda _=False, chosen=priority: self._set_priority(task, chosen)
            )
        row = self.tree.visualItemRect(item)
        self.priority_menu.popup(self.tree.viewport().mapToGlobal(QPoint(row.left(), row.bottom())))

    def _set_priority(self, task: Task, priority: TaskPriority) -> None:
        if priority is not task.priority:
            self.sig_task_priority_set.emit(task.id, priority.value)

    def _on_item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling:
            return
        if column == DUE:
            task = self._tasks.get(item.data(0, TASK_ID))
            if task is not None:
                typed = " ".join(item.text(DUE).split())
                if typed != deadline_words(task):
                    self.sig_task_due_typed.emit(task.id, typed)
            return
        if column != 0:
            return
        task = self._tasks.get(item.data(0, TASK_ID))
        title = " ".join(item.text(0).split())
        if task is None:
            return
        if not title:
            item.setText(0, task.title)
            return
        if title != task.title:
            self.sig_task_renamed.emit(task.id, title)
