"""`engram search ...` while the app runs. The memory file has one writer at a time, and a
running Engram (its window, or waiting in the tray for reminders) holds it, so a command on the
terminal could not open it. It hands the command to the app instead, which runs it on its open
memory as the command would have, and sends back what it printed and its exit status."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalSocket

from app.cli_asking import ConfirmationNeeded, agreed
from app.routed_output import captured, install
from app.services import Services, wall_clock
from app.single_instance import CONNECT_TIMEOUT_MS, MALFORMED, RUN, Reply, server_name

log = logging.getLogger(__name__)

# How often the waiting terminal looks whether the app went away.
POLL_MS = 250

# Starts an import in the window (`import` or `ingest`, and its files); False while one runs.
HandOver = Callable[[str, list[Path]], bool]
# Runs a command's arguments (and the folder it was typed in) on the app's services, with what
# the user agreed to at the terminal.
Runner = Callable[[Services, list[str], Path, HandOver, str], int]
# How long a command waits for the window to take an import it hands over.
HAND_OVER_S = 10


@dataclass(frozen=True)
class Relayed:
    """What the command printed in the app, and how it ended."""

    stdout: str
    stderr: str
    code: int


def relay(home: Path, argv: list[str]) -> Relayed | None:
    """Runs the command in the Engram that holds `home`'s memory file; None when none answers
    (the file is held by something else). What the command would ask before doing what cannot
    be undone is asked here, at the terminal, and done there only as agreed."""
    request: dict[str, Any] = {"argv": argv, "cwd": os.getcwd()}
    said = _exchange(home, request)
    if said is None:
        return None
    try:
        asked = ConfirmationNeeded(**said["ask"])
    except (KeyError, TypeError):
        return _relayed(said)
    if not agreed(asked.action, asked.question, False, asked.nothing):
        return replace(_relayed(said), code=1)
    said = _exchange(home, request | {"agreed": asked.action})
    if said is None:
        return Relayed("", "Engram closed before the command was done.\n", 1)
    if "ask" in said:
        # What the command names changed while the user was asked ("forget --query" found
        # another memory): nothing was done.
        return Relayed(
            said["stdout"],
            "What this command names changed while you were asked; nothing was done. Run it "
            "again.\n",
            1,
        )
    return _relayed(said)


def _exchange(home: Path, request: dict[str, Any]) -> dict[str, Any] | None:
    """One request to the app and its answer; None when no app answers."""
    socket = QLocalSocket()
    socket.connectToServer(server_name(home))
    if not socket.waitForConnected(CONNECT_TIMEOUT_MS):
        return None
    socket.write(RUN + json.dumps(request).encode() + b"\n")
    socket.flush()
    answer = b""
    try:
        while not answer.endswith(b"\n"):
            if socket.waitForReadyRead(POLL_MS) or socket.bytesAvailable():
                answer += bytes(socket.readAll().data())
            elif socket.state() != QLocalSocket.LocalSocketState.ConnectedState:
                break
    finally:
        socket.abort()
    try:
        said = json.loads(answer)
        if isinstance(said, dict):
            return said
    except ValueError:
        pass
    return {"stdout": "", "stderr": "Engram closed before the command was done.\n", "code": 1}


def _relayed(said: dict[str, Any]) -> Relayed:
    try:
        return Relayed(str(said["stdout"]), str(said["stderr"]), int(said["code"]))
    except (KeyError, TypeError, ValueError):
        return Relayed("", "Engram closed before the command was done.\n", 1)


class CommandRelay(QObject):
    """Runs the commands other `engram` processes hand over, each on a thread of its own: the
    store takes one writer at a time and gives each thread its own cursor, as for the window's
    own work, and the window never waits on one."""

    sig_ran = Signal(object, object, object)
    """(reply, answer, ids the command forgot or None), to the UI thread, which owns the
    socket."""
    sig_store_changed = Signal()
    """A command may have changed what the window shows."""
    sig_memories_forgotten = Signal(object)
    """A command forgot: these memories (none, for a conversation that made none) and the
    words they came from leave the screen."""
    sig_import_handed_over = Signal(str, object, object)
    """(command, files, answer): the window imports them as if chosen there, and answers
    whether it started (False while an import runs)."""

    def __init__(self, services: Services, run: Runner) -> None:
        super().__init__()
        self._services = services
        self._run = run
        self.sig_ran.connect(self._answer)

    def take(self, request: dict[str, Any], reply: Reply) -> None:
        argv = request.get("argv")
        cwd = request.get("cwd")
        if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
            reply(MALFORMED)
            return
        folder = Path(cwd) if isinstance(cwd, str) else Path.home()
        agreed_to = request.get("agreed")
        install()
        threading.Thread(
            target=self._command,
            args=(argv, folder, agreed_to if isinstance(agreed_to, str) else "", reply),
            name="engram-command",
            daemon=True,
        ).start()

    def _command(self, argv: list[str], cwd: Path, agreed_to: str, reply: Reply) -> None:
        # Commands forget on the wall clock; a second's slack for its resolution.
        started = wall_clock() - timedelta(seconds=1)
        store = self._services.store
        forgets = store.forgets
        forgotten: list[str] | None = None
        asked: ConfirmationNeeded | None = None
        with captured() as (out, err):
            try:
                code = self._run(self._services, argv, cwd, self._hand_over, agreed_to)
                if store.forgets != forgets:
                    forgotten = store.memories.forgotten_since(started)
            except ConfirmationNeeded as question:
                asked, code = question, 1
            except Exception as exc:  # the terminal hears it (the app closing, say); it goes on
                log.exception("A command from the terminal failed: %s", argv)
                err.write(f"engram: the command failed ({exc}); see the log.\n")
                code = 1
        answer: dict[str, Any] = {"stdout": out.getvalue(), "stderr": err.getvalue(), "code": code}
        if asked is not None:
            answer["ask"] = asdict(asked)
        self.sig_ran.emit(reply, answer, forgotten)

    def _hand_over(self, command: str, paths: list[Path]) -> bool:
        """On the command's thread: the window's import, which shows how far it is, yields
        to the chat and runs one at a time, takes the files instead."""
        started: list[bool] = []
        taken = threading.Event()

        def answer(ok: bool) -> None:
            started.append(ok)
            taken.set()

        self.sig_import_handed_over.emit(command, paths, answer)
        return taken.wait(HAND_OVER_S) and started[0]

    def _answer(self, reply: Reply, answer: dict[str, Any], forgotten: list[str] | None) -> None:
        """`forgotten`: the memories a forget took (none for a conversation that made none);
        None when nothing was forgotten."""
        reply(answer)
        if forgotten is not None:
            self.sig_memories_forgotten.emit(forgotten)
        else:
            self.sig_store_changed.emit()
