"""To-dos in the desktop app: reminders when their time comes (put off, and kept through a
restart), deadlines typed in words, to-dos written down, and the notice under a reply."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from app.reminders import Reminders
from app.shell import AppShell
from tests.app.desktop import (
    WAIT_MS,
    Clock,
    ShellFactory,
    activate,
    ready,
    said,
    send,
    settle,
)
from ui import dialogs
from ui.main_window import INBOX_TAB
from ui.task_inbox import DUE


def reminders_after(qtbot: QtBot, shell: AppShell, later: timedelta) -> None:
    """The reminder clock looks again this much later."""
    shell.clock.now += later
    shell.reminders.check()
    settle(qtbot, shell)


def test_a_to_do_with_a_time_is_called_when_its_time_comes(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """'Remind me ... at 10am' asks for a word at 10, not only a row in the inbox; it is said
    once, and the inbox marks it overdue from then."""
    shell = said(qtbot, make_shell, "Remind me to call the vet at 10am.")
    window = shell.window
    reminders_after(qtbot, shell, timedelta(0))
    assert window.reminder_box is None
    reminders_after(qtbot, shell, timedelta(hours=1, seconds=30))
    assert window.reminder_box is not None
    assert (
        window.reminder_box.text() == "Time for your to-do:\n• Call the vet (due 2026-01-04 10:00)"
    )
    settle(qtbot, shell)
    assert window.inbox.suggested.child(0).text(2) == "2026-01-04 10:00 · overdue"
    reminders_after(qtbot, shell, timedelta(minutes=1))
    assert (
        window.reminder_box.text() == "Time for your to-do:\n• Call the vet (due 2026-01-04 10:00)"
    )
    (to_inbox,) = [b for b in window.reminder_box.buttons() if b.text() == "Open inbox"]
    qtbot.mouseClick(to_inbox, Qt.MouseButton.LeftButton)
    assert window.tabs.currentIndex() == INBOX_TAB


def test_a_reminder_put_off_is_called_again_ten_minutes_later(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = said(qtbot, make_shell, "Remind me to call the vet at 10am.")
    window = shell.window
    reminders_after(qtbot, shell, timedelta(hours=1, seconds=30))
    assert window.reminder_box is not None
    box = window.reminder_box
    assert box.escapeButton().text() == "Close"
    (later,) = [b for b in box.buttons() if b.text() == "Remind me in 10 minutes"]
    qtbot.mouseClick(later, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible())
    reminders_after(qtbot, shell, timedelta(minutes=9))
    assert window.reminder_box is box
    reminders_after(qtbot, shell, timedelta(minutes=1, seconds=30))
    assert window.reminder_box is not box
    assert "Call the vet" in window.reminder_box.text()
    # Called again once: not at every look after.
    again = window.reminder_box
    again.close()
    reminders_after(qtbot, shell, timedelta(minutes=10))
    assert window.reminder_box is again


def test_a_reminder_put_off_outlasts_a_restart(qtbot: QtBot, make_shell: ShellFactory) -> None:
    """The reminder clock starts again with the app (here: a new one over the same store) and
    calls what was put off before, at its time, or at once when that time passed meanwhile."""
    shell = said(qtbot, make_shell, "Remind me to call the vet at 10am.")
    reminders_after(qtbot, shell, timedelta(hours=1, seconds=30))
    box = shell.window.reminder_box
    (later,) = [b for b in box.buttons() if b.text() == "Remind me in 10 minutes"]
    qtbot.mouseClick(later, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    started: list[Reminders] = []

    def restarted(minutes: int) -> tuple[list[list[str]], Reminders, Clock]:
        clock = Clock()
        clock.now = shell.clock.now + timedelta(minutes=minutes)
        again = Reminders(shell.services.store, shell.ops, clock, shell)
        called: list[list[str]] = []
        again.sig_tasks_due.connect(lambda tasks: called.append([t.title for t in tasks]))
        started.append(again)
        again.start()
        settle(qtbot, shell)
        return called, again, clock

    def looked(again: Reminders, clock: Clock, later: timedelta) -> None:
        clock.now += later
        again.check()
        settle(qtbot, shell)

    try:
        called, again, clock = restarted(5)
        looked(again, clock, timedelta(minutes=4))
        assert called == []
        looked(again, clock, timedelta(minutes=2))
        assert called == [["Call the vet"]]
        # Called again once; one whose time passed while closed is called at the first look.
        shell.reminders.snooze([shell.services.store.tasks.inbox()[0].id])
        settle(qtbot, shell)
        late, late_again, late_clock = restarted(30)
        looked(late_again, late_clock, timedelta(seconds=30))
        assert late == [["Call the vet"]]
    finally:
        for reminders in started:
            reminders.stop()


def test_a_deadline_is_typed_in_words_and_wrong_words_say_so(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = said(qtbot, make_shell, "Remind me to call the vet tomorrow.")
    window = shell.window
    window.show_tab(INBOX_TAB)
    inbox = window.inbox
    tasks = shell.services.store.tasks

    activate(qtbot, shell)

    def type_deadline(words: str) -> None:
        inbox.tree.setFocus()
        qtbot.keyClick(inbox.tree, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
        editor = QApplication.focusWidget()
        assert editor.text() == "2026-01-05"
        editor.selectAll()
        qtbot.keyClick(editor, Qt.Key.Key_Backspace)
        qtbot.keyClicks(editor, words)
        qtbot.keyClick(editor, Qt.Key.Key_Return)
        # The view commits what was typed on its next turn of the event loop.
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not editor)
        settle(qtbot, shell)

    # Sunday 4 January, 9:00: Friday is the 9th.
    type_deadline("Friday 5pm")
    (task,) = tasks.inbox()
    assert task.due_at == datetime(2026, 1, 9, 17, tzinfo=UTC)
    assert inbox.suggested.child(0).text(2) == "2026-01-09 17:00"
    shell.services.store.tasks.set_due(task.id, datetime(2026, 1, 5, tzinfo=UTC), shell.clock())
    shell.library.refresh_inbox()
    settle(qtbot, shell)
    type_deadline("whenever")
    qtbot.waitUntil(lambda: window.error_box is not None, timeout=WAIT_MS)
    assert 'No date in "whenever"' in window.error_box.text()
    settle(qtbot, shell)
    assert inbox.suggested.child(0).text(2) == "2026-01-05"
    window.error_box.close()
    activate(qtbot, shell)
    type_deadline("")
    assert tasks.inbox()[0].due_at is None


def test_a_to_do_is_written_down_in_the_inbox_with_its_deadline_in_words(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = make_shell(model=False)
    window = shell.window
    window.show_tab(INBOX_TAB)
    inbox = window.inbox
    assert "write one down (Insert)" in inbox.empty.text()
    activate(qtbot, shell)
    monkeypatch.setattr(dialogs, "ask_line", lambda *_: "call the bank Friday 10am")
    inbox.tree.setFocus()
    qtbot.keyClick(inbox.tree, Qt.Key.Key_Insert)
    settle(qtbot, shell)
    # Sunday 4 January, 9:00: Friday is the 9th. Written down, it needs no confirming.
    (task,) = shell.services.store.tasks.inbox()
    assert (task.title, task.due_at) == ("Call the bank", datetime(2026, 1, 9, 10, tzinfo=UTC))
    assert inbox.tracked.childCount() == 1 and inbox.current_task() == task
    assert inbox.tracked.child(0).text(4) == "(written down)"
    assert window.tabs.tabText(INBOX_TAB) == "Inbox"
    monkeypatch.setattr(dialogs, "ask_line", lambda *_: "by Friday")
    qtbot.mouseClick(inbox.new_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.error_box is not None, timeout=WAIT_MS)
    assert "needs words saying what to do" in window.error_box.text()
    assert len(shell.services.store.tasks.inbox()) == 1


def test_a_to_do_noticed_is_said_under_the_reply_and_a_hedge_is_not(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """The inbox badge alone was easy to miss; a hedge said once waits out of sight, so it is
    not announced as noticed."""
    shell = make_shell()
    ready(qtbot, shell)
    notice = shell.window.chat.notice
    send(qtbot, shell, "I should clean out the garage.")
    assert not notice.isVisible() or "To-do noticed" not in notice.text()
    send(qtbot, shell, "Remind me to call the vet at 10am.")
    assert notice.isVisible()
    assert "To-do noticed: Call the vet (due 2026-01-04 10:00)." in notice.text()


def test_a_to_do_said_done_in_chat_leaves_the_inbox_and_undo_brings_it_back(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    inbox, notice = shell.window.inbox, shell.window.chat.notice
    send(qtbot, shell, "Remind me to call the vet at 10am.")
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 1, timeout=WAIT_MS)
    send(qtbot, shell, "Just called the vet, all sorted.")
    assert "Marked done, as you said: Call the vet." in notice.text()
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 0, timeout=WAIT_MS)
    assert shell.services.store.tasks.inbox() == []
    inbox.undo_button.click()
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 1, timeout=WAIT_MS)
    assert [t.title for t in shell.services.store.tasks.inbox()] == ["Call the vet"]


def test_a_to_do_moved_in_chat_takes_its_day_and_undo_puts_the_old_one_back(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    inbox, notice, tasks = shell.window.inbox, shell.window.chat.notice, shell.services.store.tasks
    send(qtbot, shell, "Remind me to call the vet at 10am.")
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 1, timeout=WAIT_MS)
    (before,) = tasks.inbox()
    send(qtbot, shell, "Oh, the vet got moved to Friday.")
    assert "Moved, as you said: Call the vet (due 2026-01-09)." in notice.text()
    qtbot.waitUntil(lambda: inbox.suggested.child(0).text(DUE) == "2026-01-09", timeout=WAIT_MS)
    inbox.undo_button.click()
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: tasks.get(before.id).due_at == before.due_at, timeout=WAIT_MS)
    qtbot.waitUntil(
        lambda: inbox.suggested.child(0).text(DUE) == "2026-01-04 10:00", timeout=WAIT_MS
    )


def test_a_to_do_given_its_day_in_chat_is_said_scheduled_and_undo_takes_it_back(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    inbox, notice, tasks = shell.window.inbox, shell.window.chat.notice, shell.services.store.tasks
    send(qtbot, shell, "Remind me to call the vet.")
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 1, timeout=WAIT_MS)
    (before,) = tasks.inbox()
    assert before.due_at is None
    send(qtbot, shell, "Actually, make it Friday.")
    assert "Scheduled, as you said: Call the vet (due 2026-01-09)." in notice.text()
    inbox.undo_button.click()
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: tasks.get(before.id).due_at is None, timeout=WAIT_MS)


def test_a_suggestion_said_to_keep_in_chat_is_tracked_and_undo_suggests_it_again(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    inbox, notice = shell.window.inbox, shell.window.chat.notice
    send(qtbot, shell, "I need to renew my passport.")
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 1, timeout=WAIT_MS)
    send(qtbot, shell, "Yes, add it to my list.")
    assert "Tracked, as you said: Renew my passport." in notice.text()
    qtbot.waitUntil(lambda: inbox.tracked.childCount() == 1, timeout=WAIT_MS)
    inbox.undo_button.click()
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: inbox.suggested.childCount() == 1, timeout=WAIT_MS)
