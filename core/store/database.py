"""The one DuckDB instance per process: extension loading, migrations, per-thread cursors and the
single writer. Everything else in `core.store` borrows cursors from here."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa

from core.errors import StoreError, StoreLockedError
from core.store.extensions import load_extensions, offline_config
from core.store.migrate import migrate

log = logging.getLogger(__name__)

CATALOG = "engram"


@dataclass(frozen=True, slots=True)
class DatabaseConfig:
    path: Path
    embedding_model_id: str
    embedding_dim: int


class Database:
    """Extensions are loaded into an in-memory instance *before* the file is attached, so the WAL
    replay after a crash already knows the HNSW index type and the file stays writable."""

    def __init__(self, config: DatabaseConfig) -> None:
        self.config = config
        config.path.parent.mkdir(parents=True, exist_ok=True)
        self._root = duckdb.connect(":memory:", config=offline_config())
        try:
            load_extensions(self._root)
            self._root.execute("SET GLOBAL hnsw_enable_experimental_persistence = true")
            self._root.execute("SET GLOBAL TimeZone = 'UTC'")
            quoted = str(config.path).replace("'", "''")
            self._root.execute(f"ATTACH '{quoted}' AS {CATALOG}")
            self._root.execute(f"USE {CATALOG}")
        except duckdb.IOException as exc:
            self._root.close()
            if "lock" in str(exc).lower():
                raise StoreLockedError(
                    f"The memory file {config.path} is in use by another program "
                    "(is Engram already running?)."
                ) from exc
            raise StoreError(f"Could not open the memory file {config.path}: {exc}") from exc
        except duckdb.Error as exc:
            self._root.close()
            raise StoreError(
                f"The memory file {config.path} could not be read ({exc}). It may be damaged or "
                "not an Engram file; it was left as it is."
            ) from exc
        self._local = threading.local()
        self._write_lock = threading.RLock()
        self._writer = self._new_cursor()
        self._closed = False
        self.schema_version = migrate(self._writer, config.embedding_dim)
        self._check_embedding_model()

    def _new_cursor(self) -> duckdb.DuckDBPyConnection:
        cursor = self._root.cursor()
        cursor.execute(f"USE {CATALOG}")
        return cursor

    def _check_embedding_model(self) -> None:
        meta = dict(self._writer.execute("SELECT key, value FROM meta").fetchall())
        if "embedding_dim" not in meta:
            with self.write() as cur:
                cur.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [
                        ["embedding_model", self.config.embedding_model_id],
                        ["embedding_dim", str(self.config.embedding_dim)],
                    ],
                )
            return
        recorded = (meta["embedding_model"], int(meta["embedding_dim"]))
        wanted = (self.config.embedding_model_id, self.config.embedding_dim)
        if recorded != wanted:
            raise StoreError(
                f"This memory file holds {recorded[1]}-dim embeddings from {recorded[0]}; the "
                f"configured model is {wanted[0]} ({wanted[1]}-dim). Mixing the two would make "
                "search meaningless: switch the embedding model back in settings."
            )

    def cursor(self) -> duckdb.DuckDBPyConnection:
        """This thread's own read cursor (DuckDB connections are not shared across threads)."""
        cursor = getattr(self._local, "cursor", None)
        if cursor is None:
            cursor = self._new_cursor()
            self._local.cursor = cursor
        return cursor

    @contextmanager
    def write(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The single writer: one transaction at a time, committed on success, rolled back on any
        error so a failure never leaves half a change behind."""
        with self._write_lock:
            if self._closed:
                raise StoreError("The memory store is closed.")
            cur = self._writer
            cur.execute("BEGIN")
            try:
                yield cur
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            try:
                cur.execute("COMMIT")
            except duckdb.Error as exc:
                raise StoreError(f"Could not save to the memory file: {exc}") from exc

    @contextmanager
    def exclusive(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The writer without a wrapping transaction, for statements DuckDB runs in their own
        (index builds, checkpoints)."""
        with self._write_lock:
            if self._closed:
                raise StoreError("The memory store is closed.")
            yield self._writer

    @staticmethod
    def insert_rows(
        cur: duckdb.DuckDBPyConnection, table: str, columns: dict[str, Sequence[object] | pa.Array]
    ) -> None:
        """Bulk insert through Arrow. `executemany` converts value by value and is ~100x slower
        (it probes for pandas on every value)."""
        batch = pa.table(columns)
        if batch.num_rows == 0:
            return
        names = ", ".join(columns)
        cur.register("engram_batch", batch)
        try:
            cur.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM engram_batch")
        finally:
            cur.unregister("engram_batch")

    def meta(self, key: str) -> str | None:
        row = self.cursor().execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return None if row is None else row[0]

    def set_meta(self, cur: duckdb.DuckDBPyConnection, key: str, value: str) -> None:
        cur.execute(
            "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )

    def close(self) -> None:
        with self._write_lock:
            if self._closed:
                return
            try:
                self._writer.execute("CHECKPOINT")
            except duckdb.Error as exc:
                log.warning("Checkpoint on close failed: %s", exc)
            self._closed = True
            self._root.close()
