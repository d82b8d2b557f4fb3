"""Copies of the memory file kept beside it, so a file that will not open (a disk error, a crash
DuckDB could not recover from) costs at most a day, not a life's memory. Made by the daily
upkeep, or on request; only the newest few are kept. A forget reaches them too: the words it
erased must not live on in a copy, so after a forget's rewrite the copies are replaced by one
of the rewritten file, and forgetting everything deletes them (and files set aside).

Restoring never deletes anything: the file that is replaced is set aside under a name that
says when, for the user to keep or throw away."""

from __future__ import annotations

import logging
import os
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from core.errors import StoreError
from core.files import write_text_atomically
from core.store.database import Database

log = logging.getLogger(__name__)

FOLDER = "backups"
# Each copy is as large as the memory file (~0.7 GB at 100,000 memories): a day and the day
# before is what a damaged file needs.
KEPT = 2
_PREFIX = "engram-"
_SUFFIX = ".duckdb"
_STAMP = "%Y%m%d-%H%M%S"
# Where every DuckDB file says what it is: these bytes at this offset of its header.
_MAGIC = b"DUCK"
_MAGIC_AT = 8
# A memory file set aside (one that would not open, or one a restore replaced) is named so.
_ASIDE = ".set-aside-"
# Names the backup to put in place when Engram starts next.
_RESTORE_NEXT = "restore-at-start"


@dataclass(frozen=True, slots=True)
class Backup:
    path: Path
    made_at: datetime
    size: int


def backups(home: Path) -> list[Backup]:
    """The copies kept for `home`, newest first."""
    found = []
    for path in (home / FOLDER).glob(f"{_PREFIX}*{_SUFFIX}"):
        try:
            made = datetime.strptime(path.name[len(_PREFIX) : -len(_SUFFIX)], _STAMP)
        except ValueError:
            continue
        found.append(Backup(path, made.replace(tzinfo=UTC), path.stat().st_size))
    return sorted(found, key=lambda b: b.made_at, reverse=True)


def back_up(db: Database, home: Path, now: datetime, kept: int = KEPT) -> Backup:
    """A copy of the file as it is now; the oldest copies beyond `kept` go (never the one
    just made: a copy asked for is kept even where the settings keep none)."""
    folder = home / FOLDER
    folder.mkdir(exist_ok=True)
    made = now.astimezone(UTC).replace(microsecond=0)
    path = folder / f"{_PREFIX}{made.strftime(_STAMP)}{_SUFFIX}"
    db.copy_file(path)
    for old in backups(home)[max(kept, 1) :]:
        old.path.unlink(missing_ok=True)
    log.info("Backed the memory file up to %s", path)
    return Backup(path, made, path.stat().st_size)


def drop_backups(home: Path) -> None:
    for backup in backups(home):
        backup.path.unlink(missing_ok=True)


def drop_copies(path: Path) -> None:
    """Delete every copy of the memory file at `path`: its backups and the files set aside
    beside it (forgetting everything leaves none of the text on disk)."""
    drop_backups(path.parent)
    for aside in path.parent.glob(f"{path.name}{_ASIDE}*"):
        aside.unlink(missing_ok=True)


def after_forget(db: Database, home: Path, now: datetime) -> None:
    """Once a forget has rewritten the file: copies made before it still hold what it erased,
    so they are replaced by one copy of the file as it is now (none are made where none
    were kept)."""
    found = backups(home)
    if not found:
        return
    fresh = back_up(db, home, now, kept=len(found) + 1)
    for backup in found:
        if backup.path != fresh.path:
            backup.path.unlink(missing_ok=True)


def set_aside(path: Path, now: datetime) -> Path | None:
    """Move the memory file (and its write-ahead log) out of the way, under a name that says
    when and was never used (a file set aside earlier is not replaced); None when there was
    none."""
    if not path.exists():
        return None
    stamp = f"{path.name}{_ASIDE}{now.astimezone(UTC).strftime(_STAMP)}"
    aside = path.with_name(stamp)
    tries = 1
    while aside.exists():
        tries += 1
        aside = path.with_name(f"{stamp}-{tries}")
    try:
        wal = path.with_name(f"{path.name}.wal")
        if wal.exists():
            os.replace(wal, aside.with_name(f"{aside.name}.wal"))
        os.replace(path, aside)
    except OSError as exc:
        raise StoreError(f"Could not move the memory file {path} aside: {exc}") from exc
    log.info("Set the memory file aside as %s", aside)
    return aside


def restore_at_next_start(home: Path, backup: Path) -> None:
    """The running app cannot swap its own file: the backup chosen is put in place by the next
    start, before the file is opened (`take_pending_restore`)."""
    write_text_atomically(home / _RESTORE_NEXT, str(backup))


def take_pending_restore(home: Path) -> Backup | None:
    """The backup chosen to restore at this start, if any (asked for once: the request goes
    whatever becomes of it)."""
    marker = home / _RESTORE_NEXT
    if not marker.exists():
        return None
    chosen = Path(marker.read_text("utf-8").strip())
    marker.unlink()
    if not chosen.is_file():
        log.warning("The backup chosen to restore, %s, is not there any more", chosen)
        return None
    return next((b for b in backups(home) if b.path == chosen), None) or Backup(
        chosen, datetime.fromtimestamp(chosen.stat().st_mtime, UTC), chosen.stat().st_size
    )


def in_use(path: Path) -> bool:
    """Whether another program (a running Engram) holds the memory file: a file that does not
    open at all is not in use. Opened read-only, so nothing in it changes."""
    if not path.exists():
        return False
    try:
        duckdb.connect(str(path), read_only=True).close()
    except duckdb.Error as exc:
        return "lock" in str(exc).lower()
    return False


def restore(backup: Backup, path: Path, now: datetime) -> Path | None:
    """Put a copy in the memory file's place (Engram must not have it open). The file it
    replaces is set aside, not deleted: returns where, or None when there was none. A file
    that is no DuckDB database at all is refused before anything moves."""
    with backup.path.open("rb") as head:
        head.seek(_MAGIC_AT)
        if head.read(len(_MAGIC)) != _MAGIC:
            raise StoreError(f"{backup.path} is not a copy of a memory file; nothing was changed.")
    partial = path.with_name(f"{path.name}.restoring")
    try:
        shutil.copyfile(backup.path, partial)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise StoreError(f"Could not read the backup {backup.path}: {exc}") from exc
    aside = set_aside(path, now)
    os.replace(partial, path)
    log.info("Restored the memory file from %s", backup.path)
    return aside
