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
import re
import threading
from typing import Any

log = logging.getLogger("llama.cpp")

# ggml_log_level: NONE 0, DEBUG 1, INFO 2, WARN 3, ERROR 4, CONT 5 (continues the last line).
_LEVELS = {0: logging.DEBUG, 1: logging.DEBUG, 2: logging.DEBUG, 3: logging.INFO, 4: logging.ERROR}
_CONTINUE = 5
# How llama.cpp reports, as errors, a decode stopped by the app's own abort callback (a Stop
# pressed, or background work giving way to a reply): ggml's GGML_STATUS_ABORTED is 1 and
# llama_decode's "aborted" is 2. Asked for, they are not errors (`engram chat` printed them).
_ABORTED = re.compile(r"(failed with error 1|compute status: 1|failed to decode, ret = 2)$")

_lock = threading.Lock()


class _Forwarder:
    """Holds the C callback (ctypes would free it while llama.cpp still calls it) and the
    level of the line a continuation belongs to."""

    def __init__(self, llama_cpp: Any) -> None:
        self.last_level = logging.DEBUG
        self.callback = llama_cpp.llama_log_callback(self._forward)

    def _forward(self, level: int, text: bytes, _: ctypes.c_void_p) -> None:
        if level != _CONTINUE:
            self.last_level = _LEVELS.get(level, logging.DEBUG)
        message = text.decode("utf-8", errors="replace").rstrip()
        level = self.last_level
        if level == logging.ERROR and _ABORTED.search(message):
            level = logging.INFO
        if message and log.isEnabledFor(level):
            log.log(level, "%s", message)


_forwarder: _Forwarder | None = None


def route_llama_logs() -> None:
    """Install the forwarding once per process (llama.cpp holds one callback for all models)."""
    global _forwarder
    with _lock:
        if _forwarder is not None:
            return
        import llama_cpp

        _forwarder = _Forwarder(llama_cpp)
        llama_cpp.llama_log_set(_forwarder.callback, ctypes.c_void_p(0))
