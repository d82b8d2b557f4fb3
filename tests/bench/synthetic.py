"""Synthetic memories shaped like real ones, for benchmarks at sizes no fixture could reach."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from core.model import MemoryKind, NewMemory
from core.store import MemoryStore

DIM = 384
NOW = datetime(2026, 6, 1, tzinfo=UTC)
# Turns a synthetic memory is made from (seed 002: 3-5, one shared with the next segment).
SEGMENT_TURNS = 4


def synthetic(count: int, rng: np.random.Generator) -> tuple[list[str], np.ndarray]:
    """Clustered unit vectors (like real embeddings) and Zipf-distributed words, 20-80 each."""
    vocab = [f"w{i}" for i in range(20_000)]
    centres = rng.standard_normal((256, DIM)).astype(np.float32)
    vectors = centres[rng.integers(0, 256, count)] + 0.35 * rng.standard_normal((count, DIM))
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    # Zipf-distributed words without the head a stopword list removes: no word is in most
    # documents, as in real text after stopword removal.
    ranks = rng.zipf(1.2, size=count * 400)
    ranks = (ranks[ranks > 150] - 151) % len(vocab)
    lengths = rng.integers(20, 81, count)
    texts, at = [], 0
    for length in lengths:
        texts.append(" ".join(vocab[r] for r in ranks[at : at + length]))
        at += length
    return texts, vectors


def synthetic_entities(count: int, rng: np.random.Generator) -> list[tuple[str, ...]]:
    """Each memory's entity names: 1-4 of `count // 3`, Zipf-distributed."""
    known = max(1, count // 3)
    ranks = (rng.zipf(1.3, size=count * 4) - 1) % known
    sizes = rng.integers(1, 5, count)
    at, names = 0, []
    for size in sizes:
        names.append(tuple(dict.fromkeys(f"Entity{r}" for r in ranks[at : at + size])))
        at += size
    return names


def synthetic_store(
    home: Path, count: int, seed: int = 0
) -> tuple[MemoryStore, list[str], np.ndarray]:
    """A store of `count` memories spread over the past year, both indexes built, each memory
    linked to the next as ingestion links neighbours of a session (so expansion has work),
    made from `SEGMENT_TURNS` turns, one shared with the next, as segments are (a result's
    text is read with its turns: without them that read cost ~2 ms less than in a real
    store), and naming 1-4 of `count // 3` entities, a few often, most rarely (a chat turn's
    entity writes check what the entity tables hold: with them empty, a turn's learning
    looked ~5 ms cheaper than in a real store)."""
    rng = np.random.default_rng(seed)
    texts, vectors = synthetic(count, rng)
    names = synthetic_entities(count, rng)
    store = MemoryStore.open(home, "bench", DIM)
    with store.db.exclusive() as cur:
        store.vectors.drop(cur)
    ages = rng.uniform(0, 365, count)
    for start in range(0, count, 5000):
        batch = [
            NewMemory(
                MemoryKind.EPISODIC,
                text,
                NOW - timedelta(days=float(age)),
                entities=names[i],
                source_turn_ids=tuple(
                    f"turn-{(SEGMENT_TURNS - 1) * i + k}" for k in range(SEGMENT_TURNS)
                ),
            )
            for i, (text, age) in enumerate(
                zip(texts[start : start + 5000], ages[start : start + 5000], strict=True), start
            )
        ]
        with store.db.write() as cur:
            ids = store.memories.insert(cur, batch, vectors[start : start + 5000])
            links = [(a, b, 0.6, NOW) for a, b in zip(ids, ids[1:], strict=False)]
            store.links.add(cur, links, "synaptic")
            store.entities.link_at(
                cur,
                [(i, m.content, m.entities, m.created_at) for i, m in zip(ids, batch, strict=True)],
            )
    store.vectors.build()
    store.fulltext.rebuild()
    return store, texts, vectors
