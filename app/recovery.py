"""Starting when the memory file will not open: rather than a dead end ("Engram cannot start"),
the user may set the file aside (it is kept, renamed, never deleted) and go on from the newest
backup that opens, or with an empty memory."""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from app.services import Services, open_services
from core.assistant import Clock
from core.errors import StoreDamagedError, StoreError
from core.local_time import minute_text
from core.store.backups import Backup, backups, restore, set_aside, take_pending_restore
from core.store.store import DB_FILENAME

log = logging.getLogger(__name__)


class Recovery(StrEnum):
    RESTORE = "restore"
    EMPTY = "empty"
    QUIT = "quit"


# What the user is asked: the error in words, and the backup that would be restored (its
# description; None when there is none left to try). Returns their choice.
Ask = Callable[[str, str | None], Recovery]


def backup_words(backup: Backup) -> str:
    return f"the backup of {minute_text(backup.made_at)}"


def open_or_recover(
    home: Path, ask: Ask, clock: Clock, tell: Callable[[str], None] = log.error
) -> Services | None:
    """The services over the memory file (a backup chosen in the running app put in its place
    first), or over what the user chose when it will not open; None when they chose to quit.
    Each backup is tried once, newest first. `tell`: says why a backup chosen was not put in
    place (the memory file is then opened as it is)."""
    tried: set[Path] = set()
    path = home / DB_FILENAME
    chosen = take_pending_restore(home)
    if chosen is not None:
        try:
            aside = restore(chosen, path, clock())
            log.warning("Restored %s as asked; the file it replaced is %s", chosen.path, aside)
        except StoreError as exc:
            tell(f"The backup chosen was not restored; your memory is as it was. {exc}")
    problem: str | None = None
    while True:
        if problem is None:
            try:
                return open_services(home)
            except StoreDamagedError as exc:
                log.error("The memory file will not open: %s", exc)
                problem = str(exc)
        untried = [b for b in backups(home) if b.path not in tried]
        offered = untried[0] if untried else None
        choice = ask(problem, backup_words(offered) if offered else None)
        problem = None
        if choice is Recovery.RESTORE and offered is not None:
            tried.add(offered.path)
            try:
                aside = restore(offered, path, clock())
            except StoreError as exc:
                # Not even a database: the next backup, or an empty memory, is offered.
                problem = str(exc)
                continue
            log.warning("Restored %s; the unreadable file is kept as %s", offered.path, aside)
        elif choice is Recovery.EMPTY:
            aside = set_aside(path, clock())
            log.warning("Starting with an empty memory; the unreadable file is %s", aside)
        else:
            return None
