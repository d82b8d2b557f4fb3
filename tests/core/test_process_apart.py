"""The map's layout runs in a process of its own (UMAP there cannot hold up
the window): it lays out exactly as it would in process, a cancel (the app quitting) stops it
at once and writes nothing, and a process that fails or dies says so."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time

import numpy as np
import pytest

from core.embed import Embedder
from core.errors import EngramError
from core.process_apart import run_apart
from core.store import MemoryStore
from core.store.vector import read_vectors
from core.viz import LAYOUT_COUNT, LayoutConfig, umap_positions, update_layout
from tests.core.test_consolidate import history
from tests.core.test_viz import positions

APART = LayoutConfig(seed=0)


def test_a_layout_apart_places_every_memory_as_one_in_process_would(
    store: MemoryStore, embedder: Embedder
) -> None:
    history(store, embedder)
    assert update_layout(store, APART) == ("full", 30)
    placed = positions(store)
    ids, vectors = read_vectors(store.db, "embedding IS NOT NULL")
    here = umap_positions(vectors, LayoutConfig(seed=0))
    assert np.allclose([placed[i] for i in ids], here, atol=1e-5)
    assert multiprocessing.active_children() == []


def test_a_cancel_stops_the_layout_at_once_and_writes_nothing(
    store: MemoryStore, embedder: Embedder
) -> None:
    history(store, embedder)
    cancel = threading.Event()

    def cancel_once_it_runs() -> None:
        while not multiprocessing.active_children():
            time.sleep(0.01)
        cancel.set()

    threading.Thread(target=cancel_once_it_runs, daemon=True).start()
    assert update_layout(store, APART, cancel) == ("cancelled", 0)
    assert multiprocessing.active_children() == []
    assert positions(store) == {}
    assert store.db.meta(LAYOUT_COUNT) is None


def _refuse(reason: str) -> None:
    raise ValueError(reason)


def _die(code: int) -> None:
    os._exit(code)


def test_work_that_fails_or_dies_apart_says_so() -> None:
    with pytest.raises(EngramError, match="The check failed: ValueError: no vectors"):
        run_apart(_refuse, ("no vectors",), "check", None)
    with pytest.raises(EngramError, match=r"The check stopped unexpectedly \(exit code 3\)"):
        run_apart(_die, (3,), "check", None)
    assert multiprocessing.active_children() == []
