"""What the end of a conversation does to the long-term store (seed 000): from its working set,
promoted memories are strengthened and a to-do said more than once but never confirmed is
remembered as an episode; the rest expires with the set. The assistant applies this when a
conversation closes; the `working` job applies it to a set a crash left saved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import duckdb

from core.ingest.entities import extract_entities
from core.local_time import due_text
from core.model import MemoryKind, NewMemory, TaskStatus
from core.store import MemoryStore
from core.store.working_items import TASK_PREFIX
from core.working import SessionClose


@dataclass(frozen=True, slots=True)
class ClosedSession:
    id: str
    project: str | None


def intentions(
    store: MemoryStore, closing: SessionClose, session: ClosedSession, now: datetime
) -> list[NewMemory]:
    """Seed 000: an unconfirmed to-do that was referenced again becomes an episode."""
    memories = []
    for item in closing.promoted:
        if not item.key.startswith(TASK_PREFIX):
            continue
        task = store.tasks.get(item.key.removeprefix(TASK_PREFIX))
        if task is None or task.status is not TaskStatus.CANDIDATE or task.mentions < 2:
            continue
        due = f", due {due_text(task.due_at)}" if task.due_at else ""
        memories.append(
            NewMemory(
                kind=MemoryKind.EPISODIC,
                content=f"User said more than once they would: {task.title}{due}.",
                created_at=now,
                valid_from=task.created_at,
                importance=task.confidence,
                project=session.project,
                session_id=session.id,
                entities=extract_entities(task.title),
                source_turn_ids=(task.source_turn_id,) if task.source_turn_id else (),
            )
        )
    return memories


def settle_working_set(
    store: MemoryStore,
    cur: duckdb.DuckDBPyConnection,
    session_id: str,
    promoted: Sequence[str],
    now: datetime,
    task_ttl: timedelta,
) -> None:
    """Inside the caller's write: promoted memories are strengthened, stale to-do candidates
    expire, and the saved working set is gone (so settling twice changes nothing)."""
    memory_ids = [key for key in promoted if not key.startswith(TASK_PREFIX)]
    if memory_ids:
        store.memories.record_access(cur, memory_ids, [], now)
    store.tasks.expire_candidates(cur, now, task_ttl)
    store.working_items.clear(cur, session_id)
