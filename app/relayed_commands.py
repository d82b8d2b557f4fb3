"""Which commands run inside the running app when they are typed on the terminal, and how: as
they would run on their own, on the app's open memory. The others need what the app cannot
give them beside its window: the terminal's own keyboard (chat), the model loaded again
(context, consolidate), the memory file itself (restore), or minutes of work better followed in
the window (import, ingest)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli import COMMANDS, build_parser, reported
from app.services import Services

RELAYED = frozenset(
    {
        "search",
        "lineage",
        "forget",
        "stats",
        "tasks",
        "pin",
        "unpin",
        "conversations",
        "backup",
        "entities",
        "conflicts",
    }
)


def run_relayed(services: Services, argv: list[str], cwd: Path) -> int:
    """`argv` as the terminal gave it (files named relative to `cwd`, where it was typed)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        # argparse has said what is wrong, or printed the help asked for.
        return exc.code if isinstance(exc.code, int) else 2
    if args.command not in RELAYED:
        sys.stderr.write(
            f"engram {args.command}: Engram is running and holds the memory file; this "
            "command cannot run beside it. Use its window, or quit it (the tray icon's menu "
            "has Quit) and try again.\n"
        )
        return 1
    _anchor_paths(args, cwd)
    return reported(args.command, lambda: COMMANDS[args.command](services, args))


def _anchor_paths(args: argparse.Namespace, cwd: Path) -> None:
    """A file named on the terminal is where the terminal was, not where the app runs."""
    for name, value in vars(args).items():
        if isinstance(value, Path):
            setattr(args, name, cwd / value.expanduser())
        elif isinstance(value, list) and value and all(isinstance(v, Path) for v in value):
            setattr(args, name, [cwd / v.expanduser() for v in value])
    # `conversations export FILE` takes its file where the other actions take an id.
    if args.command == "conversations" and args.action == "export" and args.id:
        args.id = str(cwd / Path(args.id).expanduser())
