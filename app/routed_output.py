"""What a command prints, kept apart per thread: a command relayed to the running app prints as
it would in its own process, and its words go back to the terminal that asked instead of the
app's console. Other threads print where they always did."""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

_local = threading.local()


class _Routed(io.TextIOBase):
    """Stands in for sys.stdout or sys.stderr; `which` says which of a capture's two it is."""

    def __init__(self, original: TextIO | None, which: int) -> None:
        super().__init__()
        self._original = original
        self._which = which

    def _target(self) -> TextIO | None:
        captured = getattr(_local, "captured", None)
        return captured[self._which] if captured is not None else self._original

    def write(self, text: str) -> int:
        target = self._target()
        if target is None:
            # A windowed app may have no console at all.
            return len(text)
        return target.write(text)

    def flush(self) -> None:
        target = self._target()
        if target is not None:
            target.flush()

    def isatty(self) -> bool:
        """A captured command is no terminal (it shows no progress lines)."""
        target = self._target()
        return target is self._original and target is not None and target.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._original, "encoding", None) or "utf-8"


class _NoKeyboard(io.TextIOBase):
    """Stands in for sys.stdin: a captured command has no keyboard (the app's own terminal is
    not the one that typed it, so it must not ask there and wait)."""

    def __init__(self, original: TextIO | None) -> None:
        super().__init__()
        self._original = original

    def _keyboard(self) -> TextIO | None:
        return None if getattr(_local, "captured", None) is not None else self._original

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        keyboard = self._keyboard()
        return "" if keyboard is None else keyboard.readline(-1 if size is None else size)

    def isatty(self) -> bool:
        keyboard = self._keyboard()
        return keyboard is not None and keyboard.isatty()


def install() -> None:
    """Routes sys.stdout and sys.stderr through `captured`, and keeps sys.stdin from a captured
    command; once per process."""
    if not isinstance(sys.stdout, _Routed):
        sys.stdout = _Routed(sys.stdout, 0)
    if not isinstance(sys.stderr, _Routed):
        sys.stderr = _Routed(sys.stderr, 1)
    if not isinstance(sys.stdin, _NoKeyboard):
        sys.stdin = _NoKeyboard(sys.stdin)


@contextmanager
def captured() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """(stdout, stderr) of what this thread prints inside the block (`install` first)."""
    out, err = io.StringIO(), io.StringIO()
    _local.captured = (out, err)
    try:
        yield out, err
    finally:
        _local.captured = None
