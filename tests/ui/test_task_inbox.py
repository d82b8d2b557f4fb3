"""The task inbox as the user works it: suggested and tracked to-dos, their deadlines on the
user's clock, every action by key or by a right-click, and decisions taken back."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from core.model import Task, TaskPriority, TaskStatus
from ui.task_inbox import TaskInboxView

NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


def task(title: str, status: TaskStatus, turn: str) -> Task:
    return Task(f"t-{title[:4]}", title, status, 0.9, TaskPriority.HIGH, NOW, turn, 1, NOW, NOW)


def test_inbox_groups_tasks_and_emits_a_rename(qtbot: QtBot) -> None:
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    counts: list[int] = []
    inbox.sig_count_changed.connect(counts.append)
    suggested = task("Renew passport", TaskStatus.CANDIDATE, "s1-t1")
    tracked = task("Call plumber", TaskStatus.CONFIRMED, "s1-t2")
    inbox.show_tasks([suggested, tracked], {"s1-t1": "Remind me to renew my passport"})
    assert counts == [1]
    assert inbox.suggested.text(0) == "Suggested (1)" and inbox.tracked.childCount() == 1
    item = inbox.suggested.child(0)
    assert item.text(4) == "Remind me to renew my passport"
    assert item.text(2) == "2026-03-01 09:00"
    with qtbot.waitSignal(inbox.sig_task_renamed) as renamed:
        item.setText(0, "Renew  passport before May")
    assert renamed.args == [suggested.id, "Renew passport before May"]


def test_the_inbox_takes_its_decisions_back_last_first(qtbot: QtBot) -> None:
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    passport = task("Renew passport", TaskStatus.CANDIDATE, "t1")
    plumber = task("Call plumber", TaskStatus.CONFIRMED, "t2")
    inbox.show_tasks([passport, plumber], {})
    assert not inbox.undo_button.isEnabled()
    restored = []
    inbox.sig_task_restored.connect(lambda *args: restored.append(args))
    inbox.select_task(passport.id)
    inbox.confirm_button.click()
    inbox.select_task(plumber.id)
    inbox.done_button.click()
    assert inbox.undo_button.isEnabled() and "Call plumber" in inbox.undo_button.toolTip()
    inbox.undo_button.click()
    inbox.undo_button.click()
    assert restored == [(plumber.id, "confirmed"), (passport.id, "candidate")]
    assert not inbox.undo_button.isEnabled()


def test_a_to_do_said_done_in_chat_is_taken_back_by_the_inbox_undo(qtbot: QtBot) -> None:
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    rent = task("Pay the rent", TaskStatus.CONFIRMED, "t1")
    inbox.show_tasks([], {})
    restored = []
    inbox.sig_task_restored.connect(lambda *args: restored.append(args))
    inbox.decided_in_chat([rent])
    assert inbox.undo_button.isEnabled() and "Pay the rent" in inbox.undo_button.toolTip()
    inbox.undo_button.click()
    assert restored == [(rent.id, "confirmed")]


def test_a_to_do_moved_in_chat_is_taken_back_to_its_day_by_the_inbox_undo(
    qtbot: QtBot,
) -> None:
    """A move's undo puts the day back, not the status; the one before it still its status."""
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    rent = task("Pay the rent", TaskStatus.CONFIRMED, "t1")
    dentist = replace(task("Call the dentist", TaskStatus.CANDIDATE, "t2"), remind_at=NOW)
    inbox.show_tasks([], {})
    restored, days = [], []
    inbox.sig_task_restored.connect(lambda *args: restored.append(args))
    inbox.sig_task_deadline_restored.connect(lambda *args: days.append(args))
    inbox.decided_in_chat([rent])
    inbox.moved_in_chat([dentist])
    assert "Call the dentist" in inbox.undo_button.toolTip()
    inbox.undo_button.click()
    assert (days, restored) == ([(dentist.id, NOW, NOW)], [])
    inbox.undo_button.click()
    assert restored == [(rent.id, "confirmed")] and len(days) == 1


def test_ctrl_p_offers_the_three_priorities_and_a_right_click_the_buttons(
    qtbot: QtBot,
) -> None:
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    passport = task("Renew passport", TaskStatus.CANDIDATE, "t1")
    inbox.show_tasks([passport], {})
    inbox.show()
    inbox.activateWindow()
    qtbot.waitUntil(inbox.isActiveWindow)
    inbox.tree.setFocus()
    qtbot.keyClick(inbox.tree, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    menu = inbox.priority_menu
    assert [(a.text(), a.isChecked()) for a in menu.actions()] == [
        ("&High", True),
        ("&Medium", False),
        ("&Low", False),
    ]
    chosen = []
    inbox.sig_task_priority_set.connect(lambda *args: chosen.append(args))
    menu.actions()[0].trigger()
    menu.actions()[2].trigger()
    assert chosen == [(passport.id, "low")]
    # The row's menu holds the buttons, enabled as they are for it.
    row = inbox.tree.visualItemRect(inbox.suggested.child(0)).center()
    inbox.tree.customContextMenuRequested.emit(row)
    shown = next(m for m in inbox.tree.findChildren(QMenu) if m is not menu)
    assert [(a.text(), a.isEnabled()) for a in shown.actions()][:3] == [
        ("New...", True),
        ("Confirm", True),
        ("Dismiss", True),
    ]
    assert ("Done", False) in [(a.text(), a.isEnabled()) for a in shown.actions()]
    with qtbot.waitSignal(inbox.sig_task_confirmed):
        next(a for a in shown.actions() if a.text() == "Confirm").trigger()


def test_the_inbox_shows_deadlines_on_the_users_clock(qtbot: QtBot, zone: str) -> None:
    """Stored in UTC, a deadline of midnight in New York read as 05:00; one said with a time
    ("at 5pm") showed only its day."""
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    midnight = replace(
        task("Renew passport", TaskStatus.CANDIDATE, "t1"), due_at=NOW.replace(hour=5)
    )
    at_five = replace(task("Call the vet", TaskStatus.CANDIDATE, "t2"), due_at=NOW.replace(hour=22))
    inbox.show_tasks([midnight, at_five], {})
    shown = {inbox.suggested.child(i).text(0): inbox.suggested.child(i).text(2) for i in (0, 1)}
    assert shown == {"Renew passport": "2026-03-01", "Call the vet": "2026-03-01 17:00"}


def test_the_inbox_marks_a_passed_deadline_overdue(qtbot: QtBot) -> None:
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    late = replace(task("Pay rent", TaskStatus.CONFIRMED, "t1"), due_at=NOW - timedelta(days=2))
    today = replace(task("Call Ana", TaskStatus.CONFIRMED, "t2"), due_at=NOW.replace(hour=0))
    inbox.show_tasks([late, today], {}, NOW)
    shown = {inbox.tracked.child(i).text(0): inbox.tracked.child(i).text(2) for i in (0, 1)}
    assert shown == {"Pay rent": "2026-02-27 09:00 · overdue", "Call Ana": "2026-03-01"}


def test_the_inbox_shows_a_reminder_asked_for_before_the_deadline(qtbot: QtBot) -> None:
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    rent = replace(
        task("Pay rent", TaskStatus.CONFIRMED, "t1"),
        due_at=NOW + timedelta(days=2),
        remind_at=NOW + timedelta(days=1),
    )
    inbox.show_tasks([rent], {}, NOW)
    assert inbox.tracked.child(0).text(2) == "2026-03-03 09:00 · reminder 2026-03-02 09:00"


def test_f2_rewords_the_title_whichever_cell_is_current(qtbot: QtBot) -> None:
    """Not the quoted sentence or the priority, which F2 opened for typing when current."""
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    inbox.show_tasks([task("Renew passport", TaskStatus.CANDIDATE, "t1")], {"t1": "I must."})
    inbox.show()
    inbox.activateWindow()
    qtbot.waitUntil(inbox.isActiveWindow)
    item = inbox.suggested.child(0)
    inbox.tree.setCurrentItem(item, 4)
    inbox.tree.setFocus()
    qtbot.keyClick(inbox.tree, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    assert QApplication.focusWidget().text() == "Renew passport"


def test_a_to_do_from_a_pasted_page_shows_the_words_around_it(qtbot: QtBot) -> None:
    """Not the page: a row holding 200,000 characters held the window at each layout."""
    inbox = TaskInboxView()
    qtbot.addWidget(inbox)
    page = "A long pasted log line with words. " * 6000
    said = f"{page}Remind me to renew my passport. {page}"
    inbox.show_tasks([task("Renew my passport", TaskStatus.CANDIDATE, "s1-t1")], {"s1-t1": said})
    shown = inbox.suggested.child(0)
    assert "Remind me to renew my passport." in shown.text(4)
    assert len(shown.text(4)) < 1000 and shown.toolTip(4) == shown.text(4)
