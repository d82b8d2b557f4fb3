"""llama.cpp models load one at a time. llama-cpp-python silences a load by pointing stdout and
stderr at /dev/null and back; the chat model and the encoder, loaded together as the app starts,
each put back what the other had set, and both could stay /dev/null for good: every warning
and traceback after it was lost."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from core.embed import EmbedderSpec
from core.embed_llama import open_embedder
from core.llama_load import loading
from core.llm import LlamaCppLLM, LLMSettings


def streams() -> tuple[object, ...]:
    return sys.stdout, sys.stderr, os.readlink("/proc/self/fd/1"), os.readlink("/proc/self/fd/2")


def loaders(tiny_gguf: Path, cache: Path) -> list[Callable[[], object]]:
    """A fresh load of the chat model and of the encoder."""
    return [
        lambda: LlamaCppLLM(LLMSettings(tiny_gguf, context_size=256)),
        open_embedder(EmbedderSpec(), cache).load,
    ]


def test_a_load_waits_for_the_one_under_way(tiny_gguf: Path, tmp_path: Path) -> None:
    threads = [threading.Thread(target=load) for load in loaders(tiny_gguf, tmp_path)]
    with loading():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(0.5)
        assert all(thread.is_alive() for thread in threads)
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc for the descriptors")
def test_models_loaded_together_leave_stdout_and_stderr_as_they_were(
    tiny_gguf: Path, tmp_path: Path
) -> None:
    before = streams()
    for _ in range(12):
        threads = [threading.Thread(target=load) for load in loaders(tiny_gguf, tmp_path)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert streams() == before
