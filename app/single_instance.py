"""One Engram per data folder: a second launch hands over to the running window (which comes
to the front) and exits, instead of opening the same memory file twice; a command typed on the
terminal meanwhile is handed over to run there (`command_relay`)."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_MS = 300
# What a second launch says: come to the front; or run this command (JSON follows).
ACTIVATE = b"activate\n"
RUN = b"run "
MALFORMED = {"stdout": "", "stderr": "engram: a malformed request\n", "code": 2}
NOT_READY = {
    "stdout": "",
    "stderr": "Engram is starting and cannot take commands yet; try again in a moment.\n",
    "code": 1,
}

Reply = Callable[[dict[str, Any]], None]


def server_name(home: Path) -> str:
    digest = hashlib.sha256(str(home.resolve()).encode()).hexdigest()[:16]
    return f"engram-{digest}"


class SingleInstance(QObject):
    sig_activation_requested = Signal()
    """Another launch asked this window to come to the front."""

    def __init__(self, home: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = server_name(home)
        self._server: QLocalServer | None = None
        self.take_command: Callable[[dict[str, Any], Reply], None] | None = None
        """Runs a command handed over, and replies; none until the app is up."""

    def acquire(self) -> bool:
        """True when this process is the first for the folder; False after asking the
        first one to show itself."""
        probe = QLocalSocket()
        probe.connectToServer(self._name)
        if probe.waitForConnected(CONNECT_TIMEOUT_MS):
            probe.write(ACTIVATE)
            probe.waitForBytesWritten(CONNECT_TIMEOUT_MS)
            probe.disconnectFromServer()
            return False
        # Nobody answered: a name left by a crashed instance is stale.
        QLocalServer.removeServer(self._name)
        self._server = QLocalServer(self)
        # Commands run through it: only this user's programs may reach it, whatever the umask.
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not self._server.listen(self._name):
            log.warning("Single-instance guard unavailable: %s", self._server.errorString())
            return True
        self._server.newConnection.connect(self._on_server_new_connection)
        return True

    def _on_server_new_connection(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(self._on_socket_said)
            socket.disconnected.connect(socket.deleteLater)

    @Slot()
    def _on_socket_said(self) -> None:
        """A launch asks to come to the front; a command asks to run and waits for its reply.
        Either says one line (a launch's goes before it is read: Qt still has it)."""
        socket = self.sender()
        if not isinstance(socket, QLocalSocket):
            return
        if socket.property("heard") or not socket.canReadLine():
            return
        socket.setProperty("heard", True)
        line = bytes(socket.readLine().data())
        if not line.startswith(RUN):
            self.sig_activation_requested.emit()
            socket.disconnectFromServer()
            return
        try:
            request = json.loads(line[len(RUN) :])
        except ValueError:
            request = None
        reply = _replier(socket)
        if not isinstance(request, dict):
            reply(MALFORMED)
        elif self.take_command is None:
            reply(NOT_READY)
        else:
            self.take_command(request, reply)

    def release(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None


def _replier(socket: QLocalSocket) -> Reply:
    """Writes the answer to a command and lets the socket go (on the UI thread, which owns
    it); a terminal that stopped waiting (Ctrl-C) is not an error."""

    def reply(answer: dict[str, Any]) -> None:
        try:
            if socket.state() == QLocalSocket.LocalSocketState.ConnectedState:
                socket.write(json.dumps(answer).encode() + b"\n")
                socket.flush()
                socket.disconnectFromServer()
        except RuntimeError:
            log.info("The terminal went before its command's answer")

    return reply
