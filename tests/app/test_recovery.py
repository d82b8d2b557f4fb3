"""Starting with a memory file that will not open: the user goes on from a backup or with an
empty memory, and the unreadable file is kept; or quits, and nothing is touched."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from app.recovery import Recovery, open_or_recover
from app.services import open_services
from core.embed import Embedder
from core.store.backups import restore_at_next_start
from core.store.store import DB_FILENAME
from tests.core.memory_factory import remember
from tests.core.test_forget import remember_secret
from ui import dialogs

NOW = datetime(2026, 6, 1, 9, tzinfo=UTC)
DAMAGED = b"not a database any more" * 1000
ROOT = Path(__file__).resolve().parents[2]


def home_with_a_backup(tmp_path: Path, embedder: Embedder) -> tuple[Path, int]:
    home = tmp_path / "home"
    services = open_services(home)
    remember_secret(services.store, embedder)
    count = services.store.stats().memories
    services.store.back_up(NOW)
    services.close()
    (home / DB_FILENAME).write_bytes(DAMAGED)
    return home, count


def kept_aside(home: Path) -> list[bytes]:
    return [p.read_bytes() for p in sorted(home.glob(f"{DB_FILENAME}.set-aside-*"))]


def test_a_damaged_file_is_set_aside_and_the_newest_backup_restored(
    tmp_path: Path, embedder: Embedder
) -> None:
    home, count = home_with_a_backup(tmp_path, embedder)
    asked: list[tuple[str, str | None]] = []

    def ask(problem: str, backup: str | None) -> Recovery:
        asked.append((problem, backup))
        return Recovery.RESTORE

    services = open_or_recover(home, ask, lambda: NOW)
    assert services is not None
    try:
        assert services.store.stats().memories == count
    finally:
        services.close()
    ((problem, backup),) = asked
    assert "could not be read" in problem and backup == "the backup of 2026-06-01 09:00"
    assert kept_aside(home) == [DAMAGED]


def test_a_broken_backup_leads_to_the_next_choice_and_quitting_touches_nothing(
    tmp_path: Path, embedder: Embedder
) -> None:
    home, _ = home_with_a_backup(tmp_path, embedder)
    assert open_or_recover(home, lambda *_: Recovery.QUIT, lambda: NOW) is None
    assert (home / DB_FILENAME).read_bytes() == DAMAGED and kept_aside(home) == []
    (backup,) = (home / "backups").iterdir()
    backup.write_bytes(b"broken too" * 1000)
    answers = iter([Recovery.RESTORE, Recovery.EMPTY])
    offered: list[tuple[str, str | None]] = []

    def ask(problem: str, backup: str | None) -> Recovery:
        offered.append((problem, backup))
        return next(answers)

    services = open_or_recover(home, ask, lambda: NOW)
    assert services is not None
    try:
        assert services.store.stats().memories == 0
    finally:
        services.close()
    # A backup that is no database is said so, and nothing moves for it.
    assert [backup for _, backup in offered] == ["the backup of 2026-06-01 09:00", None]
    assert "is not a copy of a memory file" in offered[1][0]
    assert kept_aside(home) == [DAMAGED] and backup.read_bytes() == b"broken too" * 1000


def test_the_question_offers_a_backup_only_when_there_is_one(qtbot: QtBot) -> None:
    def click(text: str) -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        shown.append([b.text() for b in box.findChildren(QPushButton)])
        next(b for b in box.findChildren(QPushButton) if b.text().startswith(text)).click()

    shown: list[list[str]] = []
    QTimer.singleShot(0, lambda: click("Restore"))
    assert dialogs.ask_recovery("It broke.", "the backup of 2026-06-01 09:00") == "restore"
    QTimer.singleShot(0, lambda: click("Start with"))
    assert dialogs.ask_recovery("It broke.", None) == "empty"
    assert "Restore the backup of 2026-06-01 09:00" in shown[0]
    assert not any(text.startswith("Restore") for text in shown[1]) and "Quit" in shown[1]


def test_a_backup_chosen_in_the_running_app_is_put_in_place_at_the_next_start(
    tmp_path: Path, embedder: Embedder
) -> None:
    home = tmp_path / "home"
    services = open_services(home)
    remember_secret(services.store, embedder)
    count = services.store.stats().memories
    backup = services.store.back_up(NOW)
    remember(services.store, embedder, ["An import one wants to take back"], NOW)
    services.close()
    told: list[str] = []

    def started_with(chosen: Path) -> int:
        """Memories found by a start after `chosen` was picked to restore."""
        restore_at_next_start(home, chosen)
        services = open_or_recover(home, lambda *_: Recovery.QUIT, lambda: NOW, told.append)
        assert services is not None
        try:
            return services.store.stats().memories
        finally:
            services.close()

    assert started_with(backup.path) == count
    # Asked for once: the next start opens the file as it is.
    assert not (home / "restore-at-start").exists() and told == []
    (aside,) = home.glob(f"{DB_FILENAME}.set-aside-*")
    # A choice that is no database leaves the memory as it was, and says so.
    not_one = tmp_path / "notes.txt"
    not_one.write_text("not a backup")
    assert started_with(not_one) == count
    assert len(told) == 1 and "not restored; your memory is as it was" in told[0]


def test_restoring_from_the_running_app_restarts_it_on_the_backup(
    tmp_path: Path, embedder: Embedder
) -> None:
    """File > Restore a backup... asked the user to quit and start Engram again by hand; it
    starts again by itself now, on the backup (the real app, in a process of its own)."""
    home = tmp_path / "home"
    services = open_services(home)
    remember(services.store, embedder, ["The spare key is under the blue flowerpot"], NOW)
    services.store.back_up(NOW)
    remember(services.store, embedder, ["Written after the backup was made"], NOW)
    services.close()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("ENGRAM_TEST_STARTED_AGAIN", None)
    app = [sys.executable, "-m", "tests.app.restarting_app", str(home)]
    ran = subprocess.run(app, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    log = (home / "logs" / "engram.log").read_text()
    assert "Starting again" in log and "Restored" in log
    services = open_services(home)
    try:
        said = {m.content for m in services.store.memories.recent(10)}
    finally:
        services.close()
    assert said == {"The spare key is under the blue flowerpot"}
    assert len(kept_aside(home)) == 1
