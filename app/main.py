"""Entry point for the `engram` command."""

from __future__ import annotations

import logging
import os
import sys

from app.cli import build_parser, run_command
from app.logs import configure_logging
from app.paths import resolve_home
from core.errors import EngramError

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
        return run_command(home, args)
    except EngramError as exc:
        log.info("Command %s failed: %s", args.command, exc)
        sys.stderr.write(f"engram {args.command}: {exc}\n")
        return 1
    except BrokenPipeError:
        raise  # the reader went away: `entry` ends quietly
    except OSError as exc:
        # The machine said no (a file, a folder, the disk): its words, the details in the log.
        log.exception("Command %s failed", args.command)
        sys.stderr.write(f"engram {args.command}: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("\nInterrupted; everything committed so far is kept.\n")
        return 130


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
