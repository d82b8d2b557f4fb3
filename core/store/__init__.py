"""The memory store: one DuckDB file holding conversations, memories, links, entities and tasks."""

from core.store.store import MemoryStore, StoreStats

__all__ = ["MemoryStore", "StoreStats"]
