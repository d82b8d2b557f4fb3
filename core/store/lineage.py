"""Supersede chains walked with WITH RECURSIVE: what is believed now, what was believed before,
and what was believed on a given date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.store.database import Database

# Guards against a cycle written by a bug: no real chain is this long.
MAX_CHAIN = 10_000

_CHAIN_SQL = f"""
WITH RECURSIVE
back(id, supersedes, depth) AS (
    SELECT id, supersedes, 0 FROM memories WHERE id = $id
    UNION ALL
    SELECT m.id, m.supersedes, b.depth + 1
    FROM memories m JOIN back b ON m.id = b.supersedes
    WHERE b.depth < {MAX_CHAIN}
),
root AS (SELECT id FROM back WHERE supersedes IS NULL),
fwd(id, superseded_by, position) AS (
    SELECT m.id, m.superseded_by, 0 FROM memories m JOIN root r ON m.id = r.id
    UNION ALL
    SELECT m.id, m.superseded_by, f.position + 1
    FROM memories m JOIN fwd f ON m.id = f.superseded_by
    WHERE f.position < {MAX_CHAIN}
)
SELECT f.id, f.position, m.valid_from, m.valid_to, m.forgotten_at
FROM fwd f JOIN memories m ON m.id = f.id
ORDER BY f.position
"""

_HEAD_SQL = f"""
WITH RECURSIVE fwd(id, superseded_by, depth) AS (
    SELECT id, superseded_by, 0 FROM memories WHERE id = $id
    UNION ALL
    SELECT m.id, m.superseded_by, f.depth + 1
    FROM memories m JOIN fwd f ON m.id = f.superseded_by
    WHERE f.depth < {MAX_CHAIN}
)
SELECT id FROM fwd WHERE superseded_by IS NULL
"""


@dataclass(frozen=True, slots=True)
class Version:
    memory_id: str
    position: int
    valid_from: datetime
    valid_to: datetime | None
    forgotten: bool


class Lineage:
    def __init__(self, db: Database) -> None:
        self._db = db

    def chain(self, memory_id: str, cur: duckdb.DuckDBPyConnection | None = None) -> list[Version]:
        """Every version of the belief `memory_id` belongs to, oldest first. Pass the writer's
        cursor to see the caller's own uncommitted changes."""
        rows = (cur or self._db.cursor()).execute(_CHAIN_SQL, {"id": memory_id}).fetchall()
        return [Version(r[0], r[1], r[2], r[3], r[4] is not None) for r in rows]

    def head(self, memory_id: str) -> str | None:
        """The current version: the end of the chain that starts at `memory_id`."""
        row = self._db.cursor().execute(_HEAD_SQL, {"id": memory_id}).fetchall()[:1]
        return row[0][0] if row else None

    def as_of(self, memory_id: str, when: datetime) -> str | None:
        """The version that was valid at `when`, or None if the belief did not exist yet."""
        row = (
            self._db.cursor()
            .execute(
                f"SELECT id FROM ({_CHAIN_SQL}) WHERE valid_from <= $when "
                "AND (valid_to IS NULL OR $when < valid_to) ORDER BY position DESC LIMIT 1",
                {"id": memory_id, "when": when},
            )
            .fetchall()[:1]
        )
        return row[0][0] if row else None
