"""One Engram per data folder: a second launch hands over to the running window (which comes
to the front) and exits, instead of opening the same memory file twice."""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_MS = 300


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

    def acquire(self) -> bool:
        """True when this process is the first for the folder; False after asking the
        first one to show itself."""
        probe = QLocalSocket()
        probe.connectToServer(self._name)
        if probe.waitForConnected(CONNECT_TIMEOUT_MS):
            probe.write(b"activate\n")
            probe.waitForBytesWritten(CONNECT_TIMEOUT_MS)
            probe.disconnectFromServer()
            return False
        # Nobody answered: a name left by a crashed instance is stale.
        QLocalServer.removeServer(self._name)
        self._server = QLocalServer(self)
        if not self._server.listen(self._name):
            log.warning("Single-instance guard unavailable: %s", self._server.errorString())
            return True
        self._server.newConnection.connect(self._on_server_new_connection)
        return True

    def _on_server_new_connection(self) -> None:
        assert self._server is not None
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.disconnected.connect(socket.deleteLater)
            self.sig_activation_requested.emit()

    def release(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
