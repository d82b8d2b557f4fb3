"""Work run in a process of its own: the UMAP layout of a large memory. In the app's process
UMAP's compiled loops hold the GIL for up to ~0.8 s at a time: at 100,000 memories the window
stuttered through the minutes a layout took, and quitting meanwhile left it running past the
shutdown's budget. Apart, the window stays smooth and a cancel ends the work at once."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from core.errors import EngramError

# How often the waiting thread looks at its cancel flag.
POLL_S = 0.1
# A process that sent its result is given this long to exit on its own.
EXIT_S = 5.0


def _serve(results: Connection, work: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        results.send(("done", work(*args)))
    except Exception as exc:  # the parent says what went wrong
        results.send(("failed", f"{type(exc).__name__}: {exc}"))
    finally:
        results.close()


def run_apart(
    work: Callable[..., Any], args: tuple[Any, ...], what: str, cancel: threading.Event | None
) -> Any | None:
    """`work(*args)` in a fresh process (spawned: no copy of this one's threads and locks), or
    None if `cancel` is set first, the process then stopped at once. `work` and `args` are
    pickled: a module-level function and plain values. `what` names the work in errors."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_serve, args=(send, work, args), name=f"engram-{what}")
    process.start()
    send.close()
    outcome = None
    try:
        while outcome is None:
            if cancel is not None and cancel.is_set():
                return None
            if receive.poll(POLL_S):
                outcome = receive.recv()
    except EOFError:
        process.join()
        raise EngramError(
            f"The {what} stopped unexpectedly (exit code {process.exitcode}); nothing was changed."
        ) from None
    finally:
        receive.close()
        process.join(EXIT_S if outcome is not None else 0)
        if process.is_alive():
            process.kill()
            process.join()
    status, value = outcome
    if status == "failed":
        raise EngramError(f"The {what} failed: {value}")
    return value
