"""What was recalled for a reply, kept in step with what the user does to those memories after:
an edit or a pin shows the new version in place, a forget takes them out."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from core.model import Memory
from core.retrieval.scoring import SearchResult


def with_version(
    results: Sequence[SearchResult], old_id: str, replacement: Memory
) -> tuple[SearchResult, ...]:
    return tuple(replace(r, memory=replacement) if r.memory.id == old_id else r for r in results)


def without(
    results: Sequence[SearchResult], memory_ids: Collection[str]
) -> tuple[SearchResult, ...]:
    return tuple(r for r in results if r.memory.id not in memory_ids)
