"""llama.cpp's own diagnostics, through `logging` like the rest of the app.

llama.cpp writes them to stderr, and llama-cpp-python maps ggml's log levels one step off (its
warnings pass the filter as errors), so `engram chat` printed lines such as a context-overflow
warning in the middle of the conversation. Here they go to the `llama.cpp` logger, where the
app's logging set-up decides what anyone sees. Its warnings are about its own internals, which
the app handles (a context larger than the model was trained on is cut before loading), so they
are logged as info; its errors stay errors."""

from __future__ import annotations

import ctypes
import logging
import threading

log = logging.getLogger("llama.cpp")

# ggml_log_level: NONE 0, DEBUG 1, INFO 2, WARN 3, ERROR 4, CONT 5 (continues the last line).
_LEVELS = {0: logging.DEBUG, 1: logging.DEBUG, 2: logging.DEBUG, 3: logging.INFO, 4: logging.ERROR}
_CONTINUE = 5

_lock = threading.Lock()
_installed: list[object] = []
_last_level = [logging.DEBUG]


def route_llama_logs() -> None:
    """Install the forwarding once per process (llama.cpp holds one callback for all models)."""
    with _lock:
        if _installed:
            return
        import llama_cpp

        @llama_cpp.llama_log_callback
        def forward(level: int, text: bytes, _: ctypes.c_void_p) -> None:
            python_level = (
                _last_level[0] if level == _CONTINUE else _LEVELS.get(level, logging.DEBUG)
            )
            _last_level[0] = python_level
            message = text.decode("utf-8", errors="replace").rstrip()
            if message and log.isEnabledFor(python_level):
                log.log(python_level, "%s", message)

        llama_cpp.llama_log_set(forward, ctypes.c_void_p(0))
        # Kept: ctypes would free the callback while llama.cpp still calls it.
        _installed.append(forward)
