"""Asking on the command line before what cannot be undone: at a terminal the user answers;
from a script, nothing is done unless --yes says so."""

from __future__ import annotations

import sys

from core.errors import InputError


def agreed(action: str, question: str, yes: bool, nothing: str = "Nothing was changed.") -> bool:
    """`action`: what would be done, for a script's error ("forget s1: 'My code is ...'");
    `question`: what the terminal asks. False when the user said no (and it says `nothing`)."""
    if yes:
        return True
    if not sys.stdin.isatty():
        raise InputError(f"Would {action}. Refusing without confirmation; pass --yes.")
    answer = input(f"{question} [y/N] ")
    if answer.strip().lower() in ("y", "yes"):
        return True
    print(nothing)
    return False
