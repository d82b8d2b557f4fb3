"""Which commands run inside the running app when they are typed on the terminal, and how: as
they would run on their own, on the app's open memory. `import` and `ingest` hand their files
to the window's import, which shows how far it is and runs one at a time. The others need what
the app cannot give them beside its window: the terminal's own keyboard (chat), the model
loaded again (context, consolidate) or the memory file itself (restore)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli import COMMANDS, build_parser, reported
from app.cli_asking import for_a_terminal
from app.command_relay import HandOver
from app.services import Services

# Run by the window's import rather than on the command's thread.
HANDED_OVER = ("import", "ingest")
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
        "documents",
        "conflicts",
        *HANDED_OVER,
    }
)


def run_relayed(
    services: Services, argv: list[str], cwd: Path, hand_over: HandOver, agreed_to: str = ""
) -> int:
    """`argv` as the terminal gave it (files named relative to `cwd`, where it was typed);
    `agreed_to`: what the user said yes to there, when the command asked (`cli_asking`)."""
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
    if args.command in HANDED_OVER:
        return _handed_over(args, hand_over)
    with for_a_terminal(agreed_to):
        return reported(args.command, lambda: COMMANDS[args.command](services, args))


def _handed_over(args: argparse.Namespace, hand_over: HandOver) -> int:
    paths = [args.file] if args.command == "import" else args.paths
    if not hand_over(args.command, paths):
        sys.stderr.write(
            f"engram {args.command}: an import is already running in Engram's window; wait "
            "for it, or cancel it there, and try again.\n"
        )
        return 1
    names = ", ".join(p.name for p in paths)
    sys.stdout.write(f"Engram's window is importing {names}: its Memory tab shows how far it is.\n")
    return 0


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
