"""Switching the embedding model: every memory is embedded again in the background (resumable),
searches keep working on the old vectors meanwhile, the switch happens at the next start with
the new model, and memories written in between get their vectors afterwards."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from core import reembed
from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, Embedder
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from tests.core.memory_factory import remember

NOW = datetime(2026, 3, 1, tzinfo=UTC)
TEXTS = [
    f"Note {i}: the {w} in the garden needs water"
    for i, w in enumerate(
        ["rose", "basil", "lemon tree", "tomato", "fern", "olive", "mint", "sage", "thyme", "ivy"]
    )
]
# The same encoder under another name stands in for "another model": the switch is about the
# bookkeeping, and identical vectors make the outcome checkable.
TARGET = reembed.ReembedTarget("local:minilm-copy", BUNDLED_MODEL_DIM, None)


def open_as(home: Path, model_id: str) -> MemoryStore:
    return MemoryStore.open(home, model_id, BUNDLED_MODEL_DIM)


def test_a_model_switch_is_embedded_in_the_background_and_made_at_the_next_start(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reembed, "BATCH", 4)
    home = tmp_path / "home"
    store = open_as(home, BUNDLED_MODEL_ID)
    remember(store, embedder, TEXTS, NOW)
    reembed.begin(store, TARGET)
    assert reembed.remaining(store) == 10
    cancel = threading.Event()
    seen: list[tuple[int, int]] = []

    def stop_after_first_batch(done: int, total: int) -> None:
        seen.append((done, total))
        cancel.set()

    assert not reembed.run(store, embedder, stop_after_first_batch, cancel)
    # Stopped after one batch; the rest waits for the next run (e.g. after a restart).
    assert seen == [(4, 10)] and reembed.remaining(store) == 6
    # Searching by meaning still works on the old vectors while the switch is under way.
    hits = Retriever(store, embedder).search(SearchRequest("basil plant", NOW)).results
    assert hits and "basil" in hits[0].memory.content
    assert reembed.run(store, embedder)
    (late,) = remember(store, embedder, ["Note 10: the cactus is fine without water"], NOW)
    store.close()
    # Opened again with the old model, nothing changes yet.
    again = open_as(home, BUNDLED_MODEL_ID)
    assert reembed.pending_target(again.db) == TARGET
    again.close()
    switched = open_as(home, TARGET.model_id)
    try:
        assert reembed.pending_target(switched.db) is None
        assert switched.db.meta("embedding_model") == TARGET.model_id
        # The memory written after the run has no new vector yet; it gets one now.
        assert reembed.embed_missing(switched, embedder) == 1
        switched.vectors.wait_for_build(timeout=60)
        query = embedder.embed(["cactus"])[0]
        assert switched.vectors.nearest(query, 1)[0].memory_id == late
        vector = (
            switched.db.cursor()
            .execute("SELECT embedding FROM memories WHERE content LIKE 'Note 1:%'")
            .fetchall()[0][0]
        )
        assert np.allclose(vector, embedder.embed([TEXTS[1]])[0], atol=1e-5)
    finally:
        switched.close()


def test_a_second_switch_cannot_start_over_one_under_way(
    store: MemoryStore, embedder: Embedder
) -> None:
    reembed.begin(store, TARGET)
    reembed.begin(store, TARGET)  # resuming the same switch is fine
    with pytest.raises(ValueError, match="already under way"):
        reembed.begin(store, reembed.ReembedTarget("local:other", 384, None))
