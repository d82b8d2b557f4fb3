"""Asking on the command line before what cannot be undone: at a terminal the user answers;
from a script, nothing is erased unless --yes says so."""

from __future__ import annotations

import sys

from core.errors import InputError


def agreed_to_forget(shown: str, question: str, yes: bool) -> bool:
    """`shown`: what would be forgotten, in a line for a script's error; `question`: what the
    terminal asks. False when the user said no (and it says that nothing was forgotten)."""
    if yes:
        return True
    if not sys.stdin.isatty():
        raise InputError(
            f"Would forget {shown}. Refusing to forget without confirmation; pass --yes."
        )
    answer = input(f"{question} [y/N] ")
    if answer.strip().lower() in ("y", "yes"):
        return True
    print("Nothing was forgotten.")
    return False
