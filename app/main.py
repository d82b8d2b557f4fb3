"""Entry point for the `engram` command."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from app.cli import build_parser, reported, run_command
from app.logs import configure_logging
from app.paths import resolve_home
from app.relayed_commands import RELAYED
from core.errors import StoreLockedError

log = logging.getLogger(__name__)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    home = resolve_home(args.home)
    try:
        configure_logging(home, verbose=args.verbose)
    except OSError as exc:
        sys.stderr.write(f"engram: cannot use the data folder {home}: {exc}\n")
        return 1
    if args.command is None:
        from app.gui import run_gui

        return run_gui(home, hidden=args.hidden)
    try:
        return reported(args.command, lambda: _run_or_relay(home, args, argv))
    except KeyboardInterrupt:
        sys.stderr.write("\nInterrupted; everything committed so far is kept.\n")
        return 130


def _run_or_relay(home: Path, args: argparse.Namespace, argv: list[str] | None) -> int:
    """The command on its own; or, while Engram runs and holds the memory file, in Engram."""
    try:
        return run_command(home, args)
    except StoreLockedError:
        if args.command not in RELAYED:
            raise
        from app.command_relay import relay

        relayed = relay(home, sys.argv[1:] if argv is None else argv)
        if relayed is None:
            raise
    log.info("Command %s ran in the running app", args.command)
    sys.stdout.write(relayed.stdout)
    sys.stderr.write(relayed.stderr)
    return relayed.code


def entry() -> None:
    """The `engram` command. Everything is stopped, saved and closed when `main` returns;
    skipping the interpreter's own teardown of torch and friends saves over a second of a
    visibly lingering process after the window has closed."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of the output went away (`engram search ... | head`): what it did not
        # read is not an error, and what is left unwritten goes with the process.
        code = 0
    logging.shutdown()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    entry()
