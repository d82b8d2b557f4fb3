"""Which files have been learned, and the hash of the bytes they were learned from."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.store.database import Database


@dataclass(frozen=True, slots=True)
class DocumentRecord:
    path: str
    content_hash: str
    ingested_at: datetime


class DocumentRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, path: str) -> DocumentRecord | None:
        rows = (
            self._db.cursor()
            .execute("SELECT path, content_hash, ingested_at FROM documents WHERE path = ?", [path])
            .fetchall()
        )
        return DocumentRecord(*rows[0]) if rows else None

    def all(self) -> list[DocumentRecord]:
        rows = (
            self._db.cursor()
            .execute("SELECT path, content_hash, ingested_at FROM documents ORDER BY path")
            .fetchall()
        )
        return [DocumentRecord(*row) for row in rows]

    @staticmethod
    def record(cur: duckdb.DuckDBPyConnection, path: str, content_hash: str, at: datetime) -> None:
        cur.execute(
            "INSERT INTO documents VALUES (?, ?, ?) ON CONFLICT (path) DO UPDATE SET "
            "content_hash = excluded.content_hash, ingested_at = excluded.ingested_at",
            [path, content_hash, at],
        )
