"""Every construction of a llama.cpp model (the chat model and the encoder) goes through
`loading`, for two reasons.

One at a time: llama-cpp-python silences a load by pointing the process's stdout and stderr at
/dev/null and back, and two at once (the chat model and the encoder, both loaded as the app
starts) each put back what the other had set there. Both could stay /dev/null for good (on the
9th of 30 tries of such a start), and every warning and traceback after was lost.

Without llama.cpp's AMX kernels: on a processor with AMX-INT8 (Intel Xeon since Sapphire
Rapids), llama.cpp moves a quantised model's matrices (Q4_0, Q8_0, Q4_K...: every chat model
people download) into its AMX buffer, and its first product there crashed the process with a
segmentation fault (`ggml_backend_amx_mul_mat`, llama.cpp issue 20824, open and unfixed; the
llama.cpp of llama-cpp-python 0.3.36). The app vanished at the first message, with nothing
said. There, models load without llama.cpp's extra buffer types and run on the same AVX-512
kernels as on any other processor."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

_loading = threading.Lock()


@contextmanager
def loading() -> Iterator[None]:
    """Around every construction of a llama.cpp model (see the module's note)."""
    with _loading:
        import llama_cpp.llama_cpp as bindings

        defaults = bindings.llama_model_default_params
        if cpu_has("AMX_INT8"):
            bindings.llama_model_default_params = _without_extra_buffers(defaults)
        try:
            yield
        finally:
            bindings.llama_model_default_params = defaults


@cache
def cpu_has(feature: str) -> bool:
    """Whether llama.cpp found `feature` (its name in llama.cpp's system line: "AMX_INT8",
    "AVX512_BF16") on this processor, and would use it."""
    import llama_cpp

    return f"{feature} = 1".encode() in llama_cpp.llama_print_system_info()


def _without_extra_buffers(defaults: Callable[[], Any]) -> Callable[[], Any]:
    """llama-cpp-python builds a model's parameters from llama.cpp's defaults and offers no
    argument for this one, so the defaults it reads while loading are these."""

    def params() -> Any:
        chosen = defaults()
        chosen.use_extra_bufts = False
        return chosen

    return params
