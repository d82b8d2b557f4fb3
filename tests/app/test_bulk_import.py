"""The import thread around a job: it gives way to the chat between batches, a cancel ends the
wait, and a failing job reports in words."""

from __future__ import annotations

import threading

from pytestqt.qtbot import QtBot

from app.bulk_import import BulkImport, Progress
from core.errors import InputError
from tests.app.desktop import WAIT_MS


def collect(imports: BulkImport) -> dict[str, list[object]]:
    seen: dict[str, list[object]] = {"finished": [], "failed": []}
    imports.sig_finished.connect(seen["finished"].append)
    imports.sig_failed.connect(seen["failed"].append)
    return seen


def test_an_import_waits_between_batches_while_the_chat_replies(qtbot: QtBot) -> None:
    imports = BulkImport()
    replying = threading.Event()
    replying.set()
    imports.yield_to = replying.is_set
    batches: list[int] = []

    def job(_cancel: threading.Event, progress: Progress) -> str:
        for batch in range(3):
            batches.append(batch)
            progress(batch + 1, 3)
        return "3 batches"

    seen = collect(imports)
    waiting: list[bool] = []
    imports.sig_waiting.connect(waiting.append)
    assert imports.start(job)
    qtbot.waitUntil(lambda: batches == [0], timeout=WAIT_MS)
    qtbot.wait(300)
    assert batches == [0] and imports.running and waiting == [True]
    assert not imports.start(job)  # one import at a time
    replying.clear()
    qtbot.waitUntil(lambda: seen["finished"] == ["3 batches"], timeout=WAIT_MS)
    assert batches == [0, 1, 2] and waiting == [True, False]


def test_a_cancel_ends_the_wait_and_a_failure_is_reported(qtbot: QtBot) -> None:
    imports = BulkImport()
    imports.yield_to = lambda: True

    def job(cancel: threading.Event, progress: Progress) -> str:
        progress(1, 2)
        if cancel.is_set():
            return "cancelled after 1 batch"
        return "2 batches"

    seen = collect(imports)
    imports.start(job)
    qtbot.waitUntil(lambda: imports.running, timeout=WAIT_MS)
    imports.cancel()
    qtbot.waitUntil(lambda: seen["finished"] == ["cancelled after 1 batch"], timeout=WAIT_MS)

    def refused(_cancel: threading.Event, _progress: Progress) -> str:
        raise InputError("chat.json is not a conversation file")

    imports.start(refused)
    qtbot.waitUntil(lambda: seen["failed"] == ["chat.json is not a conversation file"])
