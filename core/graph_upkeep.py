"""The entity graph read again after what it takes for a name changes (`GRAPH_READING`): a
store an older Engram linked keeps links to words no longer taken for names ("Yeah",
"August", a speaker label), and lacks those of writes that linked nothing (a pin, an edit)."""

from __future__ import annotations

from collections.abc import Callable

from core.ingest.entities import GRAPH_READING
from core.store import MemoryStore

# Where the reading the graph's links were last made by is kept.
_GRAPH_READ_KEY = "entity_graph_reading"
# Memories read again per write: the writer is held ~0.15 s for each (at 100k memories the
# whole reading takes ~30 s, once).
_RELINK_CHUNK = 500


def relink_once(store: MemoryStore, cancelled: Callable[[], bool]) -> dict[str, int]:
    """Every memory still remembered read again, once per reading: links it no longer finds
    go, missing ones come. Stopped part way, it starts over at the next run; each part is read
    under the writer, so a forget cannot slip between the reading and the write. Returns how
    many memories were read, and links removed and added."""
    counts = {"memories": 0, "removed": 0, "added": 0}
    if store.db.meta(_GRAPH_READ_KEY) == GRAPH_READING:
        return counts
    ids = [
        row[0]
        for row in store.db.cursor()
        .execute("SELECT id FROM memories WHERE forgotten_at IS NULL ORDER BY seq")
        .fetchall()
    ]
    for start in range(0, len(ids), _RELINK_CHUNK):
        if cancelled():
            return counts
        with store.db.write() as cur:
            memories = [
                m
                for m in store.memories.get_many_in(cur, ids[start : start + _RELINK_CHUNK])
                if m.forgotten_at is None
            ]
            removed, added = store.entities.relink(
                cur, [(m.id, m.content, m.entities, m.created_at) for m in memories]
            )
        counts["memories"] += len(memories)
        counts["removed"] += removed
        counts["added"] += added
    with store.db.write() as cur:
        store.entities.drop_orphans(cur)
        store.db.set_meta(cur, _GRAPH_READ_KEY, GRAPH_READING)
    return counts
