"""Changing the embedding model without losing the memory (DESIGN §4): every memory is embedded
again with the new model into a second column, in small batches, in the background and across
restarts; searches keep using the old vectors meanwhile. When every row has its new vector the
switch is made at the next start (`Database` swaps the columns and the vector index is rebuilt),
and memories written in between are embedded then by `embed_missing`."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass

import pyarrow as pa

from core.embed import Embedder
from core.store import MemoryStore
from core.store.database import BATCH_RELATION, NEXT_EMBEDDING, REEMBED_TARGET, Database
from core.store.memory_rows import live

log = logging.getLogger(__name__)

BATCH = 32
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ReembedTarget:
    model_id: str
    dim: int
    # Where the new model lives, so an interrupted run can resume at the next start.
    model_dir: str | None


def pending_target(db: Database) -> ReembedTarget | None:
    raw = db.meta(REEMBED_TARGET)
    return ReembedTarget(**json.loads(raw)) if raw else None


def begin(store: MemoryStore, target: ReembedTarget) -> None:
    """Make room for the new vectors (idempotent for the same target)."""
    current = pending_target(store.db)
    if current is not None and current != target:
        raise ValueError(f"A switch to {current.model_id} is already under way.")
    with store.db.exclusive() as cur:
        cur.execute(
            f"ALTER TABLE memories ADD COLUMN IF NOT EXISTS {NEXT_EMBEDDING} FLOAT[{target.dim}]"
        )
    with store.db.write() as cur:
        Database.set_meta(cur, REEMBED_TARGET, json.dumps(asdict(target)))


_TODO = f"{NEXT_EMBEDDING} IS NULL AND embedding IS NOT NULL AND forgotten_at IS NULL"


def remaining(store: MemoryStore) -> int:
    cur = store.db.cursor()
    return cur.execute(f"SELECT count(*) FROM memories WHERE {_TODO}").fetchall()[0][0]


def run(
    store: MemoryStore,
    embedder: Embedder,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> bool:
    """Embed what is left, a batch per transaction (chat never waits long for the writer).
    Returns True when every memory has its new vector."""
    total = remaining(store)
    done = 0
    while not (cancel is not None and cancel.is_set()):
        rows = (
            store.db.cursor()
            .execute(f"SELECT id, content FROM memories WHERE {_TODO} LIMIT ?", [BATCH])
            .fetchall()
        )
        if not rows:
            return True
        vectors = embedder.embed([content or "" for _, content in rows])
        with store.db.write() as cur:
            Database.with_batch(
                cur,
                {
                    "id": [memory_id for memory_id, _ in rows],
                    "vector": pa.array(vectors.tolist(), pa.list_(pa.float32(), vectors.shape[1])),
                },
                f"UPDATE memories SET {NEXT_EMBEDDING} = b.vector FROM {BATCH_RELATION} b "
                "WHERE memories.id = b.id",
            )
        done += len(rows)
        if progress is not None:
            progress(done, max(total, done))
    return False


def embed_missing(store: MemoryStore, embedder: Embedder, batch: int = BATCH) -> int:
    """Memories without a vector (written while a switch of models was being made) get one
    from the current model; until then only keyword search finds them."""
    fixed = 0
    while True:
        rows = (
            store.db.cursor()
            .execute(
                f"SELECT id, content FROM memories WHERE embedding IS NULL AND {live()} "
                "AND content IS NOT NULL LIMIT ?",
                [batch],
            )
            .fetchall()
        )
        if not rows:
            return fixed
        vectors = embedder.embed([content for _, content in rows])
        dim = store.db.config.embedding_dim
        with store.db.write() as cur:
            Database.with_batch(
                cur,
                {
                    "id": [memory_id for memory_id, _ in rows],
                    "vector": pa.array(vectors.tolist(), pa.list_(pa.float32(), dim)),
                },
                f"UPDATE memories SET embedding = b.vector FROM {BATCH_RELATION} b "
                "WHERE memories.id = b.id",
            )
        fixed += len(rows)
