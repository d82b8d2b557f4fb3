"""How far a slow command is, on one line of the terminal that the next line replaces: a book
takes minutes to embed, and a years-long chat export minutes to read."""

from __future__ import annotations

import sys
from collections.abc import Callable

# Back to the start of the line, and the line cleared.
CLEAR = "\r\x1b[K"


def percent(label: str) -> Callable[[int, int], None] | None:
    """'label... 40%' as (done, total) comes in; None (nothing shown) when not on a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        sys.stderr.write(f"{CLEAR}{label}... {100 * done // max(total, 1)}%")
        sys.stderr.flush()

    return show


def counting(label: str) -> Callable[[int, int], None] | None:
    """'label 3/40' as (done, total) comes in, the line kept at the end; None off a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        sys.stderr.write(f"{CLEAR}{label} {done}/{total}" + ("\n" if done == total else ""))
        sys.stderr.flush()

    return show


def clear_line() -> None:
    """Takes away a percentage left on the terminal, before what comes next is printed."""
    if sys.stderr.isatty():
        sys.stderr.write(CLEAR)
        sys.stderr.flush()
