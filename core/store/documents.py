"""Which files have been learned, the hash of the bytes they were learned from, and their
passages in the memory table (in document order, where they are, from which day)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import duckdb
import pyarrow as pa

from core.model import LearntDocument, Memory
from core.store.database import BATCH_RELATION, NAMED_IDS, Database, pack_ids
from core.store.memory_rows import COLUMNS, live, row_to_memory


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

    def redate(
        self, cur: duckdb.DuckDBPyConnection, memory_ids: Sequence[str], at: datetime
    ) -> None:
        """Passages learnt before their document's day was known (a journal's daily note) date
        from that day: their words are unchanged, only when they were written is."""
        if memory_ids:
            cur.execute(
                f"UPDATE memories SET created_at = $at, valid_from = $at WHERE id IN {NAMED_IDS}",
                {"at": at, "ids": pack_ids(memory_ids)},
            )
            self._db.note_changed(memory_ids)

    def set_chunk_indexes(
        self, cur: duckdb.DuckDBPyConnection, positions: Sequence[tuple[str, int]]
    ) -> None:
        """Unchanged chunks of an edited document move to their new place in it."""
        if positions:
            self._db.with_batch(
                cur,
                {
                    "id": [memory_id for memory_id, _ in positions],
                    "chunk_index": pa.array([index for _, index in positions], pa.int32()),
                },
                f"UPDATE memories SET chunk_index = b.chunk_index FROM {BATCH_RELATION} b "
                "WHERE memories.id = b.id",
            )
            self._db.note_changed(memory_id for memory_id, _ in positions)

    def passages(self, source_path: str) -> list[Memory]:
        """The live chunks of a document, in document order."""
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT {COLUMNS} FROM memories WHERE source_path = ? AND {live()} "
                "ORDER BY chunk_index",
                [source_path],
            )
            .fetchall()
        )
        return [row_to_memory(row) for row in rows]
