"""The saved working set of each conversation (migration 0004): written with every exchange,
read back by the `working` job for conversations that ended without settling it (a crash)."""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import pyarrow as pa

from core.store.database import Database
from core.store.literals import quoted
from core.working import WorkingItem

# Keys of working items that stand for a to-do (the others are memory ids).
TASK_PREFIX = "task:"
_COLUMNS = "key, text, tokens, importance, added_at, last_used_at, expires_at, from_recall, uses"


class WorkingItems:
    def __init__(self, db: Database) -> None:
        self._db = db

    def save(
        self, cur: duckdb.DuckDBPyConnection, session_id: str, items: Sequence[WorkingItem]
    ) -> None:
        """The conversation's working set is now `items` (inside the caller's transaction)."""
        self.clear(cur, session_id)
        self._db.insert_rows(
            cur,
            "working_items",
            {
                "session_id": [session_id] * len(items),
                "key": [i.key for i in items],
                "text": [i.text for i in items],
                "tokens": pa.array([i.tokens for i in items], pa.int32()),
                "importance": [float(i.importance) for i in items],
                "added_at": [i.added_at for i in items],
                "last_used_at": [i.last_used_at for i in items],
                "expires_at": [i.expires_at for i in items],
                "from_recall": [i.from_recall for i in items],
                "uses": pa.array([i.uses for i in items], pa.int32()),
            },
        )

    def clear(self, cur: duckdb.DuckDBPyConnection, session_id: str) -> None:
        cur.execute(f"DELETE FROM working_items WHERE session_id = {quoted(session_id)}")

    def of_session(self, session_id: str) -> list[WorkingItem]:
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT {_COLUMNS} FROM working_items WHERE session_id = ? ORDER BY added_at",
                [session_id],
            )
            .fetchall()
        )
        return [WorkingItem(*row) for row in rows]

    def of_ended_sessions(self) -> list[tuple[str, str | None]]:
        """(session id, project) of conversations that are over with a working set still
        saved: left by a crash, closed since by the `sessions` job."""
        return (
            self._db.cursor()
            .execute(
                "SELECT DISTINCT s.id, s.project FROM sessions s "
                "JOIN working_items w ON w.session_id = s.id "
                "WHERE s.ended_at IS NOT NULL ORDER BY s.id"
            )
            .fetchall()
        )
