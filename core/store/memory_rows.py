"""How a `memories` row reads: the columns a query selects, the conditions of a live memory,
and the mapping of a row to a `Memory` (shared by the repository, search and the vector
index)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from core.model import DecayClass, Memory, MemoryKind, NewMemory, Span, Tier
from core.store.database import unpack_ids


def live(alias: str = "", *, include_superseded: bool = False) -> str:
    """SQL condition for memories a search may return: not forgotten, not a stub, and (unless
    looking into the past) still valid: neither replaced by a newer version nor retired."""
    prefix = f"{alias}." if alias else ""
    condition = f"{prefix}forgotten_at IS NULL AND {prefix}tier <> 'stub'"
    if not include_superseded:
        condition += f" AND {prefix}valid_to IS NULL"
    return condition


def is_live(memory: Memory, *, include_superseded: bool = False) -> bool:
    """`live`, for a memory already read."""
    return (
        memory.forgotten_at is None
        and memory.tier is not Tier.STUB
        and (include_superseded or memory.valid_to is None)
    )


def not_live_ids(*, include_superseded: bool = False) -> str:
    """SQL for the ids a search must not return. Few rows, found by a scan of three narrow
    columns: cheaper to rule out than every candidate is to look up."""
    return f"SELECT id FROM memories WHERE NOT ({live(include_superseded=include_superseded)})"


_FIELDS = (
    "id kind content tier decay_class importance stability access_count created_at updated_at "
    "last_accessed_at valid_from valid_to summary confidence project session_id entities key "
    "expires_at supersedes superseded_by source_path chunk_index content_hash forgotten_at "
    "happened_from happened_until source_turns"
).split()


_TIMES = {
    "created_at",
    "updated_at",
    "last_accessed_at",
    "valid_from",
    "valid_to",
    "expires_at",
    "forgotten_at",
    "happened_from",
    "happened_until",
}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


# Text a search scores without, and provenance: read only for the results it keeps.
_TEXT_FIELDS = {"content", "summary", "content_hash", "source_turns"}


def memory_columns(alias: str = "", *, with_text: bool = True) -> str:
    """The columns `row_to_memory` reads, in its order; index queries select them directly so
    their candidates need no second fetch. Times travel as epoch microseconds: the driver's own
    timezone-aware conversion cost more than the rest of a search's Python work. Without text,
    NULL stands in for it (copies held in process for scoring)."""
    prefix = f"{alias}." if alias else ""

    def column(name: str) -> str:
        if not with_text and name in _TEXT_FIELDS:
            return "NULL"
        return f"epoch_us({prefix}{name})" if name in _TIMES else prefix + name

    return ", ".join(column(name) for name in _FIELDS)


def _time(micros: object) -> datetime | None:
    return None if micros is None else _EPOCH + timedelta(microseconds=micros)


COLUMNS = memory_columns()


def new_memory_id() -> str:
    return "m-" + uuid.uuid4().hex[:16]


# Enum members by value: calling the Enum class per row was a tenth of a search's Python time.
_KINDS = {k.value: k for k in MemoryKind}
_TIERS = {t.value: t for t in Tier}
_DECAY_CLASSES = {d.value: d for d in DecayClass}


def _as_stored(moment: datetime) -> datetime:
    """A time as the file gives it back: one without a zone is taken as UTC (the database's
    TimeZone setting)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def written_row(memory_id: str, memory: NewMemory, supersedes: str | None) -> Memory:
    """The row `MemoryRepository.insert` writes for `memory`, as a read without its text gives
    it back (stability and access count are the table's defaults)."""
    created = _as_stored(memory.created_at)
    return Memory(
        id=memory_id,
        kind=memory.kind,
        content="",
        tier=memory.tier,
        decay_class=memory.decay_class,
        importance=float(memory.importance),
        stability=1.0,
        access_count=0,
        created_at=created,
        updated_at=created,
        last_accessed_at=created,
        valid_from=_as_stored(memory.valid_from or memory.created_at),
        valid_to=None,
        confidence=float(memory.confidence),
        project=memory.project,
        session_id=memory.session_id,
        entities=tuple(memory.entities),
        key=memory.key,
        expires_at=_as_stored(memory.expires_at) if memory.expires_at else None,
        supersedes=supersedes,
        source_path=memory.source_path,
        chunk_index=memory.chunk_index,
        happened=_stored_span(memory.happened),
    )


def _span_of_row(start: object, end: object) -> Span | None:
    """The stretch a row's two epoch-microsecond columns hold."""
    first, last = _time(start), _time(end)
    return None if first is None or last is None else Span(first, last)


def _stored_span(span: Span | None) -> Span | None:
    return None if span is None else Span(_as_stored(span.start), _as_stored(span.end))


def row_to_memory(row: Sequence[Any]) -> Memory:
    return Memory(
        id=row[0],
        kind=_KINDS[row[1]],
        content=row[2] or "",
        tier=_TIERS[row[3]],
        decay_class=_DECAY_CLASSES[row[4]],
        importance=row[5],
        stability=row[6],
        access_count=row[7],
        created_at=_time(row[8]),
        updated_at=_time(row[9]),
        last_accessed_at=_time(row[10]),
        valid_from=_time(row[11]),
        valid_to=_time(row[12]),
        summary=row[13],
        confidence=row[14],
        project=row[15],
        session_id=row[16],
        entities=tuple(row[17] or ()),
        key=row[18],
        expires_at=_time(row[19]),
        supersedes=row[20],
        superseded_by=row[21],
        source_path=row[22],
        chunk_index=row[23],
        content_hash=row[24],
        forgotten_at=_time(row[25]),
        source_turn_ids=unpack_ids(row[28]),
        # Most memories have none: one test per row of the ~100k a search set is read from.
        happened=None if row[26] is None else _span_of_row(row[26], row[27]),
    )
