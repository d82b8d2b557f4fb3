"""Forgetting for real, wherever the words are kept: the store purges them from its file, and
the daily digest pages that quoted them are written again without them."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from core.digest import redact_pages
from core.store import MemoryStore

log = logging.getLogger(__name__)


def forget(
    store: MemoryStore, home: Path, memory_ids: Sequence[str], now: datetime, reason: str
) -> list[str]:
    """Returns the ids purged (the memories, their versions, those made from the same
    turns)."""
    purged = store.forget(memory_ids, now, reason)
    pages = redact_pages(store, home, purged)
    if pages:
        log.info("Forget: %d digest pages written again without it", len(pages))
    return purged
