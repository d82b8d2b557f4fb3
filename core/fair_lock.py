"""A lock handed over in the order it was asked for. A bulk job that takes it item by item
(a document's chunks through the encoder, an import's sessions through the writer) would
otherwise win it straight back each time (CPython's lock favours the thread that just
released it), and the chat asking meanwhile would wait for the whole job instead of one item.
The thread holding it may take it again (the writer is re-entered by checkpoints)."""

from __future__ import annotations

import threading
from collections import deque
from types import TracebackType


class FairLock:
    def __init__(self) -> None:
        self._state = threading.Condition(threading.Lock())
        self._waiting: deque[object] = deque()
        self._owner: int | None = None
        self._depth = 0

    def __enter__(self) -> None:
        me = threading.get_ident()
        with self._state:
            if self._owner == me:
                self._depth += 1
                return
            ticket = object()
            self._waiting.append(ticket)
            while self._owner is not None or self._waiting[0] is not ticket:
                self._state.wait()
            self._waiting.popleft()
            self._owner, self._depth = me, 1

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with self._state:
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._state.notify_all()
