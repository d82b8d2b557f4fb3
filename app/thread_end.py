"""Waiting for a QThread at quit. One still running when Qt deletes it aborts the whole app
('QThread: Destroyed while thread ... is still running'), with the memory file open: a quit
that takes longer than its budget loses less."""

from __future__ import annotations

import logging

from PySide6.QtCore import QThread

log = logging.getLogger(__name__)

# Past its budget, a thread's last step (loading a model, one question to it, one statement)
# is waited for this much longer.
LATE_S = 60


def wait_for_end(thread: QThread, budget_ms: int, what: str) -> None:
    """Until `thread` ends: `budget_ms`, then (said in the log) up to LATE_S more."""
    if thread.wait(budget_ms):
        return
    log.warning("Waiting for %s to end", what)
    if not thread.wait(LATE_S * 1000):
        log.error("%s did not end in %d s", what.capitalize(), LATE_S)
