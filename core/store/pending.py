"""Proposed changes waiting for the user: what the model wanted to update or delete when the
rules did not agree. Nothing here touches a memory until the user applies it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.errors import StoreError
from core.model import MemoryKind
from core.store.database import Database


@dataclass(frozen=True, slots=True)
class PendingChange:
    id: str
    action: str
    target_id: str
    kind: MemoryKind
    content: str | None
    key: str | None
    importance: float
    proposed_at: datetime
    status: str
    source_turn_ids: tuple[str, ...] = ()


_COLUMNS = (
    "id, action, target_id, kind, content, key, importance, proposed_at, status, source_turn_ids"
)


class PendingChanges:
    def __init__(self, db: Database) -> None:
        self._db = db

    @staticmethod
    def propose(
        cur: duckdb.DuckDBPyConnection,
        action: str,
        target_id: str,
        kind: MemoryKind,
        content: str | None,
        key: str | None,
        importance: float,
        at: datetime,
        source_turn_ids: Sequence[str] = (),
    ) -> str:
        """`source_turn_ids`: the turns the proposal was made from (a forget of them takes
        it)."""
        change_id = "p-" + uuid.uuid4().hex[:12]
        cur.execute(
            f"INSERT INTO pending_changes ({_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)",
            [
                change_id,
                action,
                target_id,
                kind.value,
                content,
                key,
                importance,
                at,
                list(source_turn_ids),
            ],
        )
        return change_id

    def _select(self, where: str, params: list[object]) -> list[PendingChange]:
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT {_COLUMNS} FROM pending_changes WHERE status = 'pending' AND {where} "
                "ORDER BY proposed_at",
                params,
            )
            .fetchall()
        )
        return [
            PendingChange(
                r[0], r[1], r[2], MemoryKind(r[3]), r[4], r[5], r[6], r[7], r[8], tuple(r[9])
            )
            for r in rows
        ]

    def pending(self) -> list[PendingChange]:
        return self._select("true", [])

    def get(self, change_id: str) -> PendingChange:
        found = self._select("id = ?", [change_id])
        if not found:
            raise StoreError(f"No pending change with id {change_id}.")
        return found[0]

    @staticmethod
    def resolve(cur: duckdb.DuckDBPyConnection, change_id: str, status: str) -> None:
        cur.execute("UPDATE pending_changes SET status = ? WHERE id = ?", [status, change_id])
