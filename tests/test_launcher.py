"""Engram can be started without a terminal: `packaging/engram.sh desktop` puts a launcher in
the applications menu and a double-clickable one on the desktop, with Engram's icon."""

from __future__ import annotations

import configparser
import os
import shlex
import subprocess
from pathlib import Path

from pytestqt.qtbot import QtBot

from ui.main_window import MainWindow
from ui.theme import app_icon

ROOT = Path(__file__).resolve().parents[1]


def test_the_desktop_command_installs_a_launcher_with_the_icon(tmp_path: Path) -> None:
    (tmp_path / "Desktop").mkdir()
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")}
    script = ROOT / "packaging" / "engram.sh"
    done = subprocess.run(
        ["bash", str(script), "desktop"], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    menu = tmp_path / "share" / "applications" / "engram.desktop"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment, method-assign]
    entry.read(menu)
    launcher = entry["Desktop Entry"]
    assert (launcher["Type"], launcher["Name"], launcher["Terminal"]) == (
        "Application",
        "Engram",
        "false",
    )
    assert shlex.split(launcher["Exec"]) == ["bash", str(script)]
    assert Path(launcher["Icon"]).is_file()
    on_desktop = tmp_path / "Desktop" / "engram.desktop"
    assert on_desktop.read_text() == menu.read_text()
    assert os.access(on_desktop, os.X_OK)


def test_the_window_shows_engrams_icon(qtbot: QtBot) -> None:
    assert not app_icon().isNull()
    window = MainWindow()
    qtbot.addWidget(window)
    assert not window.windowIcon().isNull()


def test_at_login_engram_starts_in_the_tray(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    script = ROOT / "packaging" / "engram.sh"
    done = subprocess.run(
        ["bash", str(script), "desktop", "--at-login"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(tmp_path / "config" / "autostart" / "engram.desktop")
    assert shlex.split(entry["Desktop Entry"]["Exec"]) == ["bash", str(script), "--hidden"]
