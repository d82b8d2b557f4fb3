"""Backups on the command line: `backup` copies the memory file now and lists the copies kept,
`restore` puts one back in its place (the file it replaces is set aside, not deleted)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.cli_asking import agreed
from app.services import Services, wall_clock
from core.errors import InputError
from core.local_time import minute_text
from core.settings import load_settings
from core.store.backups import FOLDER, KEPT, Backup, backups, in_use, restore
from core.store.store import DB_FILENAME


def add_backup_commands(commands: argparse._SubParsersAction[Any]) -> None:
    backup = commands.add_parser(
        "backup",
        help="copy the memory file now",
        description=f"Copy the memory file into DIR/backups and list the copies kept (the "
        f"daily upkeep makes one too; the newest {KEPT} are kept, or as many as backups_kept "
        "in settings says, and at least this one). A forget reaches the copies as well.",
    )
    backup.add_argument("--json", action="store_true", help="print JSON")
    restore_command = commands.add_parser(
        "restore",
        help="put a backup in the memory file's place",
        description="Put the newest backup (or --from FILE) in the memory file's place; what "
        "was learnt since it was made is not in it. The memory file it replaces is set aside "
        "beside it, renamed, not deleted. Engram must not be running.",
    )
    restore_command.add_argument(
        "--from", dest="source", metavar="FILE", type=Path, help="a backup file"
    )
    restore_command.add_argument("--yes", action="store_true", help="do not ask first")


def backup_payload(backup: Backup) -> dict[str, Any]:
    return {"path": str(backup.path), "made_at": backup.made_at.isoformat(), "bytes": backup.size}


def cmd_backup(services: Services, args: argparse.Namespace) -> int:
    made = services.store.back_up(wall_clock(), load_settings(services.home).backups_kept)
    kept = backups(services.home)
    if args.json:
        payload = {"made": backup_payload(made), "kept": [backup_payload(b) for b in kept]}
        print(json.dumps(payload, indent=2))
        return 0
    print(f"Backed up to {made.path}.")
    for backup in kept:
        print(f"  {minute_text(backup.made_at)}  {backup.size / 2**20:,.1f} MB  {backup.path}")
    return 0


def cmd_restore(home: Path, args: argparse.Namespace) -> int:
    """Run without opening the store: the file may be one that does not open."""
    path = home / DB_FILENAME
    if args.source is not None:
        if not args.source.is_file():
            raise InputError(f"No backup file at {args.source}.")
        chosen = Backup(args.source, wall_clock(), args.source.stat().st_size)
        named = str(args.source)
    else:
        kept = backups(home)
        if not kept:
            raise InputError(f"No backups in {home / FOLDER}; nothing was restored.")
        chosen = kept[0]
        named = f"the backup of {minute_text(chosen.made_at)}"
    if in_use(path):
        raise InputError(f"The memory file {path} is in use: quit Engram, then restore.")
    if not agreed(
        f"replace the memory file with {named}",
        f"Replace the memory file with {named}? What was learnt since is not in it; the "
        "file now in place is kept beside it.",
        args.yes,
    ):
        return 1
    aside = restore(chosen, path, wall_clock())
    kept_as = f" The file it replaced is kept as {aside}." if aside else ""
    print(f"Restored {named}.{kept_as}")
    return 0


BACKUP_COMMANDS: dict[str, Callable[[Services, argparse.Namespace], int]] = {
    "backup": cmd_backup,
}
