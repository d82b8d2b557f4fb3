"""Which files have been learned, and the hash of the bytes they were learned from."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.model import LearntDocument
from core.store.database import Database
from core.store.memory_rows import live


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

    @staticmethod
    def drop(cur: duckdb.DuckDBPyConnection, source: str) -> int:
        """Forgets that a document (or every document of a zip) was learnt. Returns how many
        records went."""
        within = "path = $source OR starts_with(path, $source || '/')"
        ((count,),) = cur.execute(
            f"SELECT count(*) FROM documents WHERE {within}", {"source": source}
        ).fetchall()
        cur.execute(f"DELETE FROM documents WHERE {within}", {"source": source})
        return int(count)

    def learnt(self) -> list[LearntDocument]:
        """Each document learnt, with how many passages of it are remembered now."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT d.path, d.ingested_at, count(m.id) FROM documents d LEFT JOIN memories m "
                f"ON m.source_path = d.path AND {live('m')} "
                "GROUP BY d.path, d.ingested_at ORDER BY d.path"
            )
            .fetchall()
        )
        return [LearntDocument(*row) for row in rows]
