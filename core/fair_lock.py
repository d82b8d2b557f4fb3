"""A lock handed over in the order it was asked for. A bulk job that takes it item by item
(a document's chunks through the encoder) would otherwise win it straight back each time
(CPython's lock favours the thread that just released it), and a chat query asking meanwhile
would wait for the whole job instead of one item."""

from __future__ import annotations

import threading
from collections import deque
from types import TracebackType


class FairLock:
    def __init__(self) -> None:
        self._state = threading.Condition(threading.Lock())
        self._waiting: deque[object] = deque()
        self._held = False

    def __enter__(self) -> None:
        ticket = object()
        with self._state:
            self._waiting.append(ticket)
            while self._held or self._waiting[0] is not ticket:
                self._state.wait()
            self._waiting.popleft()
            self._held = True

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with self._state:
            self._held = False
            self._state.notify_all()
