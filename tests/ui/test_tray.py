"""Where the desktop has a system tray, closing the window leaves Engram running there: a
to-do's reminder still comes (it never did with the window closed), and the tray quits it.
The offscreen platform has no tray; these tests say it has one (the icon itself is Qt's)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from core.model import TaskStatus
from tests.ui.test_task_inbox import task
from ui import tray
from ui.main_window import MainWindow


def test_closing_the_window_leaves_engram_in_the_tray(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tray, "tray_available", lambda: True)
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(tray.Tray, "say", lambda _, title, text: said.append((title, text)))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    quits: list[bool] = []
    window.sig_quit_requested.connect(lambda: quits.append(True))
    window.close()
    assert window.isHidden() and quits == []
    assert [title for title, _ in said] == ["Engram is still running"]
    window.show()
    window.close()
    assert len(said) == 1
    # A reminder brings the window back, and the tray says it too.
    window.show_reminders([task("Call the vet", TaskStatus.CONFIRMED, "s1-t1")])
    assert window.isVisible() and window.reminder_box is not None
    assert said[-1][0] == "Reminder" and said[-1][1].startswith("• Call the vet (due ")
    window.reminder_box.close()
    window.hide()
    assert window.tray is not None
    window.tray.sig_open_requested.emit()
    assert window.isVisible()
    (_, leave) = window.tray.menu.actions()
    leave.trigger()
    assert quits == [True]
