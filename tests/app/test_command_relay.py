"""`engram ...` on the terminal while the app runs: the app holds the memory file (its window,
or waiting in the tray for reminders), so the command could not open it and said only that. It
runs inside the app now, prints what it would have printed, and the window shows what it
changed."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app import command_relay, import_jobs
from app.shell import INTERACTIVE_MESSAGE
from core.ingest.conversation_file import (
    ConversationFile,
    parse_conversations,
    read_conversation_file,
)
from core.ingest.conversations import ConversationImporter
from tests.app.desktop import (
    WAIT_MS,
    ShellFactory,
    import_conversation,
    ready,
    send,
    settle,
)
from tests.app.test_cli import ENGRAM, engram
from tests.core.conversation_factory import conversation, saying
from ui import dialogs

ROOT = Path(__file__).resolve().parents[2]


class AppsOwnTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        pytest.fail("asked at the app's own terminal")


def run_in(
    qtbot: QtBot, shell: Any, *argv: str, cwd: Path | None = None, agreed: str | None = None
) -> dict[str, Any]:
    """The command as a terminal hands it to the app (with what the user agreed to there),
    and the app's answer."""
    answers: list[dict[str, Any]] = []
    request = {"argv": list(argv), "cwd": str(cwd or Path.cwd())}
    if agreed is not None:
        request["agreed"] = agreed
    shell.commands.take(request, answers.append)
    qtbot.waitUntil(lambda: bool(answers), timeout=WAIT_MS)
    return answers[0]


def test_a_command_runs_in_the_app_and_the_window_shows_what_it_changed(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    answer = run_in(qtbot, shell, "tasks", "add", "Call the plumber")
    assert answer["code"] == 0 and answer["stdout"].startswith("Tracked: Call the plumber")
    tracked = shell.window.inbox.tracked
    qtbot.waitUntil(lambda: tracked.childCount() == 1, timeout=WAIT_MS)
    assert "Call the plumber" in tracked.child(0).text(0)
    # A file named on the terminal is where it was typed, not where the app was started.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    import_conversation(shell)
    answer = run_in(qtbot, shell, "conversations", "export", "chats.json", cwd=elsewhere)
    assert answer["code"] == 0, answer["stderr"]
    assert (elsewhere / "chats.json").is_file()


def test_a_forget_from_the_terminal_takes_the_words_off_the_screen(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Room in the prompt for the recalled memory: the sidebar shows only what reached it.
    shell = make_shell(context_size=2048)
    ready(qtbot, shell)
    send(qtbot, shell, "My gym locker code is 4512.")
    send(qtbot, shell, "What is my gym locker code?")
    sidebar = shell.window.sidebar
    card = next(c for c in sidebar.cards if "4512" in c.result.memory.content)
    forgotten = card.result.memory.id
    # The app asks neither in the window nor at its own terminal (started from one): it hands
    # the question to the terminal that typed the command, having done nothing.
    monkeypatch.setattr(dialogs, "confirm", lambda *_: pytest.fail("asked in the window"))
    monkeypatch.setattr(sys, "stdin", AppsOwnTerminal())
    answer = run_in(qtbot, shell, "forget", forgotten)
    asked = answer["ask"]
    assert answer["code"] == 1 and "4512" in asked["question"]
    assert sidebar.card_for(forgotten) is not None
    # Agreed to something else (the terminal asked about another memory): asked again.
    assert "ask" in run_in(qtbot, shell, "forget", forgotten, agreed="forget m-0: 'x'")
    answer = run_in(qtbot, shell, "forget", forgotten, agreed=asked["action"])
    assert answer["code"] == 0 and "only a tombstone remains" in answer["stdout"]
    chat = shell.window.chat
    qtbot.waitUntil(lambda: "4512" not in chat.transcript.toPlainText(), timeout=WAIT_MS)
    assert sidebar.card_for(forgotten) is None


def test_a_conversation_forgotten_from_the_terminal_leaves_the_window(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """An "ok" makes no memory: the window, which heard of forgets through the memories they
    took, kept such a conversation on screen. One that made memories was shown on, blank."""
    shell = make_shell(model=False)
    said = {(0, 0): "hi", (0, 1): "Hello Ana!", (1, 0): "ok", (1, 1): "Thanks!"}
    ConversationImporter(shell.services.store, shell.services.embedder).import_sessions(
        parse_conversations(saying(said, 2, 2))
    )
    shell.library.refresh_sessions(None)
    sessions = shell.window.sessions
    qtbot.waitUntil(lambda: sessions.count() == 2, timeout=WAIT_MS)
    chat = shell.window.chat
    for session, words, memories in [("S0", "Hello Ana!", 1), ("S1", "Thanks!", 0)]:
        # S0's greeting made the one memory; S1 made none.
        assert shell.services.store.memories.count() == memories
        shell.library.show_session(session)
        qtbot.waitUntil(lambda w=words: w in chat.transcript.toPlainText(), timeout=WAIT_MS)
        answer = run_in(qtbot, shell, "conversations", "forget", session, "--yes")
        assert answer["code"] == 0, answer["stderr"]
        qtbot.waitUntil(lambda w=words: w not in chat.transcript.toPlainText(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: chat.past_session is None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: sessions.count() == 0, timeout=WAIT_MS)


def test_an_import_from_the_terminal_is_the_windows_import(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It shows how far it is there, yields to the chat and runs one at a time."""
    shell = make_shell(model=False)
    (tmp_path / "chats.json").write_text(json.dumps(conversation(sessions=3)), "utf-8")
    release = threading.Event()

    def held(*args: Any) -> ConversationFile:  # on the import's thread
        release.wait(WAIT_MS / 1000)
        return read_conversation_file(*args)

    monkeypatch.setattr(import_jobs, "read_conversation_file", held)
    try:
        answer = run_in(qtbot, shell, "import", "chats.json", cwd=tmp_path)
        assert answer["code"] == 0
        assert answer["stdout"] == (
            "Engram's window is importing chats.json: its Memory tab shows how far it is.\n"
        )
        assert shell.window.manager.status.text() == "Reading chats.json"
        again = run_in(qtbot, shell, "ingest", str(tmp_path))
        assert again["code"] == 1 and "an import is already running" in again["stderr"]
    finally:
        release.set()
    settle(qtbot, shell)
    assert shell.window.manager.status.text().startswith("Imported 3 conversations")
    qtbot.waitUntil(lambda: shell.window.sessions.count() == 3, timeout=WAIT_MS)


def test_what_cannot_run_beside_the_window_says_so(qtbot: QtBot, make_shell: ShellFactory) -> None:
    shell = make_shell(model=False)
    answer = run_in(qtbot, shell, "chat")
    assert answer["code"] == 1
    assert "Engram is running and holds the memory file" in answer["stderr"]
    assert run_in(qtbot, shell, "search")["code"] == 2
    assert run_in(qtbot, shell, "--version")["stdout"].startswith("engram ")


def test_the_terminal_reaches_the_running_app(tmp_path: Path) -> None:
    """The real app and the real command, each in a process of its own."""
    home = tmp_path / "home"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HF_HUB_OFFLINE": "1"}
    env.pop("ENGRAM_LLM_MODEL", None)
    app = subprocess.Popen(
        [str(ENGRAM), "--home", str(home)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        log = home / "logs" / "engram.log"
        deadline = time.monotonic() + 120
        while not (log.is_file() and INTERACTIVE_MESSAGE in log.read_text()):
            assert app.poll() is None and time.monotonic() < deadline, "the app did not start"
            time.sleep(0.2)
        added = engram(home, "tasks", "add", "Water the plants")
        assert added.returncode == 0, added.stderr
        listed = engram(home, "tasks")
        assert "Water the plants" in listed.stdout
        refused = engram(home, "chat")
        assert refused.returncode == 1 and "in use by another program" in refused.stderr
        # The app hands its question back; from a script, the terminal's side refuses.
        assert engram(home, "pin", "My gym locker code is 4512").returncode == 0
        unasked = engram(home, "forget", "--query", "gym locker code")
        assert unasked.returncode == 1 and "4512" in unasked.stderr and "--yes" in unasked.stderr
        assert "4512" in engram(home, "search", "gym locker").stdout
    finally:
        app.send_signal(signal.SIGINT)
        assert app.wait(timeout=60) == 0
    # With the app closed, the command opens the memory itself, and finds the same.
    assert "Water the plants" in engram(home, "tasks").stdout


class Terminal(io.StringIO):
    """The terminal the command was typed in, where the user answers."""

    def isatty(self) -> bool:
        return True


ASKED = {
    "action": "forget m-1: 'My gym locker code is 4512.'",
    "question": "Forget for good:\n  My gym locker code is 4512.\n",
    "nothing": "Nothing was forgotten.",
}


@pytest.mark.parametrize(
    ("typed", "second", "code", "said"),
    [
        ("y\n", {"stdout": "Forgot 1 version.\n", "stderr": "", "code": 0}, 0, "Forgot"),
        ("n\n", None, 1, "Nothing was forgotten."),
        # The query named another memory by the time the user said yes: nothing is done.
        ("yes\n", {"stdout": "", "stderr": "", "code": 1, "ask": ASKED}, 1, "changed"),
    ],
)
def test_the_terminal_asks_before_the_app_forgets_and_the_app_does_only_that(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    typed: str,
    second: dict[str, Any] | None,
    code: int,
    said: str,
) -> None:
    """Run in the app, `forget` without --yes could not ask and told the user to pass --yes."""
    requests: list[dict[str, Any]] = []
    answers = iter([{"stdout": "", "stderr": "", "code": 1, "ask": ASKED}, second])

    def exchange(home: Path, request: dict[str, Any]) -> dict[str, Any] | None:
        requests.append(request)
        return next(answers)

    monkeypatch.setattr(command_relay, "_exchange", exchange)
    monkeypatch.setattr(sys, "stdin", Terminal(typed))
    relayed = command_relay.relay(Path("home"), ["forget", "--query", "locker"])
    assert relayed is not None and relayed.code == code
    assert said in relayed.stdout + relayed.stderr + capsys.readouterr().out
    assert [r.get("agreed") for r in requests] == (
        [None] if second is None else [None, ASKED["action"]]
    )
