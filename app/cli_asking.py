"""Asking on the command line before what cannot be undone: at a terminal the user answers;
from a script, nothing is done unless --yes says so. A command the running app runs for a
terminal cannot ask there itself: it stops at the question (`ConfirmationNeeded`), the terminal
asks, and the app runs it again, doing it only if it would do exactly what was agreed to."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from core.errors import InputError

# In the running app, on a command's thread: what the terminal agreed to ("" for nothing yet);
# None where the command runs on its own.
_AGREED_AT_THE_TERMINAL: ContextVar[str | None] = ContextVar("agreed", default=None)


@dataclass
class ConfirmationNeeded(Exception):
    """The question a command relayed to the running app stopped at, for the terminal to ask."""

    action: str
    question: str
    nothing: str


@contextmanager
def for_a_terminal(agreed_to: str) -> Iterator[None]:
    """Runs what is inside as the app runs a terminal's command: `agreed_to` is what the user
    said yes to there ("" when not asked yet)."""
    token = _AGREED_AT_THE_TERMINAL.set(agreed_to)
    try:
        yield
    finally:
        _AGREED_AT_THE_TERMINAL.reset(token)


def agreed(action: str, question: str, yes: bool, nothing: str = "Nothing was changed.") -> bool:
    """`action`: what would be done, for a script's error ("forget s1: 'My code is ...'");
    `question`: what the terminal asks. False when the user said no (and it says `nothing`)."""
    if yes:
        return True
    relayed = _AGREED_AT_THE_TERMINAL.get()
    if relayed is not None:
        if relayed == action:
            return True
        raise ConfirmationNeeded(action, question, nothing)
    if not sys.stdin.isatty():
        raise InputError(f"Would {action}. Refusing without confirmation; pass --yes.")
    answer = input(f"{question} [y/N] ")
    if answer.strip().lower() in ("y", "yes"):
        return True
    print(nothing)
    return False
