"""The one DuckDB instance per process: extension loading, migrations, per-thread cursors and the
single writer. Everything else in `core.store` borrows cursors from here."""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import cast

import duckdb
import pyarrow as pa

from core.errors import StoreDamagedError, StoreError, StoreLockedError
from core.fair_lock import FairLock
from core.model import Memory
from core.store.extensions import load_extensions, offline_config
from core.store.literals import quoted, values_relation
from core.store.log_folding import DUCKDB_THRESHOLD, UNUSED_COMPRESSION, LogFolder, wal_path
from core.store.migrate import migrate
from core.store.swap_gate import Gate, GatedCursor, reattach

log = logging.getLogger(__name__)

CATALOG = "engram"
# A change of embedding model under way (core.reembed): its target, and the column the new
# vectors are written to.
REEMBED_TARGET = "reembed_target"
NEXT_EMBEDDING = "embedding_next"
# The vector graph goes by one of two names: a compaction builds the other beside it, so search
# keeps walking a graph while the new one is built (core.store.vector).
HNSW_INDEXES = ("memories_embedding_hnsw", "memories_embedding_hnsw_b")
# Where `Database.with_batch` puts the rows in its statement.
BATCH_RELATION = "{batch}"
# How a full disk reads in a failed write (Linux and macOS, Windows).
_DISK_FULL = ("No space left on device", "not enough space on the disk")
# What a write that promises no memory row (`Database.write(memory_rows=False)`: a chat turn's
# save) may add rows to, and nothing else: a file rewrite lets such writes go on and copies
# their rows over after.
TURN_TABLES = ("sessions", "turns")
_REWRITE = "engram_rewrite"


@dataclass(frozen=True, slots=True)
class RowChanges:
    """What a commit did to memory rows, for copies kept in process."""

    # Rows to read again (None: any row may have changed).
    stale: frozenset[str] | None
    # Rows changed only in these fields, to these values (`Database.note_patched`).
    patched: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    # New rows as written, without their text (`Database.note_added`).
    added: Mapping[str, Memory] = field(default_factory=dict)

    @property
    def touched(self) -> frozenset[str]:
        return (self.stale or frozenset()) | self.patched.keys() | self.added.keys()

    def patch(self, memory: Memory) -> Memory:
        """A held copy of a row with the fields this commit patched in it."""
        fields = self.patched.get(memory.id)
        return replace(memory, **fields) if fields else memory


RowsListener = Callable[[RowChanges], None]


def drop_vector_graphs(cur: duckdb.DuckDBPyConnection, names: Sequence[str] = HNSW_INDEXES) -> None:
    """Both names by default: which one the graph has depends on how many compactions ran."""
    for name in names:
        cur.execute(f"DROP INDEX IF EXISTS {name}")


# Lists of ids travel as one string split in SQL: binding a Python list costs ~50 us per element
# (the driver inspects every value), which dominated search time.
ID_SEPARATOR = "\x1f"
IDS = "(SELECT unnest(string_split(?, chr(31))))"
NAMED_IDS = "(SELECT unnest(string_split($ids, chr(31))))"


def pack_ids(ids: Iterable[str]) -> str:
    return ID_SEPARATOR.join(ids)


def unpack_ids(packed: str | None) -> tuple[str, ...]:
    """The ids `pack_ids` joined (none for NULL or an empty string)."""
    return tuple(packed.split(ID_SEPARATOR)) if packed else ()


# Up to this many ids, a literal list probes the primary-key index row by row (~4 ms for 200 at
# 100k memories); the packed string is a hash join over the whole table (~15 ms), which only wins
# for thousands of ids.
LITERAL_IDS_MAX = 1000


def id_in(column: str, ids: Sequence[str]) -> tuple[str, list[str]]:
    """`column IN (...)` for a read, and its parameters, in whichever form is faster for this
    many ids. Literal ids are quoted; nothing of theirs reaches the SQL unescaped."""
    if not ids:
        return "false", []
    if len(ids) > LITERAL_IDS_MAX:
        return f"{column} IN {IDS}", [pack_ids(ids)]
    return f"{column} IN ({','.join(map(quoted, ids))})", []


def any_of(column: str, values: Sequence[str]) -> str:
    """`column = ANY([...])` for a column with no index (a memory's key, say). DuckDB takes a
    literal `IN (...)` list of two or more values only as a zone-map hint: the scan then
    materialises every projected column of every row before filtering (12-17 ms for a whole
    memory row at 100,000 memories), where `= ANY` of a literal list is filtered in the scan
    (1.5 ms for 2 keys, 4.5 ms for 1,000). Values are quoted; nothing reaches the SQL unescaped."""
    if not values:
        return "false"
    return f"{column} = ANY([{','.join(map(quoted, values))}])"


def _rewrite_paths(path: Path) -> tuple[Path, Path]:
    """Where a rewrite copies the file to, and the name the copy takes once whole."""
    return path.with_name(path.name + ".rewrite"), path.with_name(path.name + ".swap")


def _quote(path: Path) -> str:
    return str(path).replace("'", "''")


def not_written(what: str, exc: BaseException, then: str = "try again") -> str:
    """Why a write failed, for the user. A full disk is the failure a laptop sees, and one
    they can act on; DuckDB's own words for it bury that in a file path. The write was
    rolled back whole, and what was saved before is kept (the database stays usable)."""
    if any(words in str(exc) for words in _DISK_FULL):
        return (
            f"Could not {what}: the disk is full. Free some space and {then}; everything "
            "saved before is kept."
        )
    return f"Could not {what}: {exc}"


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
        self._root = self._open(config.path)
        self.log_folder = LogFolder(wal_path(config.path), self.checkpoint)
        self._local = threading.local()
        self._gate = Gate()
        # Committed write transactions so far: caches of what rows say compare against it.
        self.commits = 0
        # Memory rows added by committed transactions so far (see `note_added`).
        self.additions = 0
        self._added = 0
        # Memory ids the open write transaction changed, told to listeners once it commits
        # (None: too many to name, e.g. every row deleted).
        self._changed: set[str] | None = set()
        # Rows the open write changed only in the fields named, to the values given, and the
        # rows it added as it wrote them.
        self._patched: dict[str, dict[str, object]] = {}
        self._new_rows: dict[str, Memory] = {}
        self._listeners: list[weakref.WeakMethod[RowsListener]] = []
        self._listeners_lock = threading.Lock()
        self._write_lock = FairLock()
        # Taken before the writer by every write that may touch memory rows; held alone by
        # `freeze_rows` while an index build reads them all.
        self._rows_lock = FairLock()
        # One user of the vector graphs at a time: a search's walk (core.store.vector), or the
        # commit of a write of memory rows, which adds their vectors to the graphs. vss crashed
        # the process with a commit beside the walk that first read the graph from the file.
        self.graph_lock = threading.Lock()
        self._frozen = threading.Event()
        self._writer = self._new_cursor()
        self._closed = False
        self.schema_version = migrate(self._writer, config.embedding_dim)
        self._switch_embedding_model()
        self._check_embedding_model()

    @classmethod
    def _open(cls, path: Path) -> duckdb.DuckDBPyConnection:
        """Attach the file, then finish what a rewrite stopped by a crash left: a whole copy
        waiting for its swap is the file now (the old one may have lost its write-ahead log
        already); a copy cut short is dropped, the old file still whole. Attached first, so
        the lock says the rewrite was not another Engram's, still running."""
        root = cls._attach(path)
        fresh, ready = _rewrite_paths(path)
        fresh.unlink(missing_ok=True)
        if not ready.exists():
            return root
        root.close()
        log.info("Finishing a memory file rewrite that was interrupted")
        wal_path(path).unlink(missing_ok=True)
        os.replace(ready, path)
        return cls._attach(path)

    @staticmethod
    def _attach(path: Path) -> duckdb.DuckDBPyConnection:
        root = duckdb.connect(":memory:", config=offline_config())
        try:
            load_extensions(root)
            root.execute("SET GLOBAL hnsw_enable_experimental_persistence = true")
            root.execute("SET GLOBAL TimeZone = 'UTC'")
            root.execute(f"SET GLOBAL checkpoint_threshold = '{DUCKDB_THRESHOLD}'")
            root.execute(f"SET GLOBAL disabled_compression_methods = '{UNUSED_COMPRESSION}'")
            root.execute(f"ATTACH '{_quote(path)}' AS {CATALOG}")
            root.execute(f"USE {CATALOG}")
        except duckdb.Error as exc:
            root.close()
            if isinstance(exc, duckdb.IOException) and "lock" in str(exc).lower():
                raise StoreLockedError(
                    f"The memory file {path} is in use by another program: Engram's window, "
                    "Engram waiting in the system tray (its menu has Quit), or another engram "
                    "command. Close it and try again."
                ) from exc
            if isinstance(exc, duckdb.IOException) and "not a valid" not in str(exc):
                raise StoreError(f"Could not open the memory file {path}: {exc}") from exc
            raise StoreDamagedError(
                f"The memory file {path} could not be read ({exc}). It may be damaged or "
                "not an Engram file; it was left as it is."
            ) from exc
        return root

    def _new_cursor(self) -> duckdb.DuckDBPyConnection:
        cursor = self._root.cursor()
        cursor.execute(f"USE {CATALOG}")
        return cursor

    def rewrite_file(self, meta: Mapping[str, str]) -> None:
        """Copy everything into a fresh file and swap it in. DuckDB leaves updated and freed
        bytes in place on disk, so this is the only way purged text really leaves the file.
        `meta` is written into the copy alone: a copy cut short leaves the file saying what is
        still to be done. Memory rows are held still for the copy (~3-5 s at 100k memories),
        the writer only for the swap: chat turns saved meanwhile (each save used to wait for
        the whole rewrite) go into the old file and are copied over before it goes. Reads of
        other threads wait out the swap itself (`swap_gate`). Rows are copied as they are:
        copies held in process stay (the write that purged rows named them; reading 100k
        searchable rows again cost the first search after a forget ~1.5 s)."""
        path = self.config.path
        fresh, ready = _rewrite_paths(path)
        fresh.unlink(missing_ok=True)
        with self.freeze_rows() as cur:
            cur.execute(f"ATTACH '{_quote(fresh)}' AS {_REWRITE}")
            attached = True
            try:
                self._copy_into(cur, _REWRITE)
                with self._write_lock:
                    for table in TURN_TABLES:
                        cur.execute(
                            f"INSERT INTO {_REWRITE}.{table} SELECT * FROM {table} "
                            f"WHERE id NOT IN (SELECT id FROM {_REWRITE}.{table})"
                        )
                    for key, value in meta.items():
                        cur.execute(
                            f"INSERT INTO {_REWRITE}.meta VALUES (?, ?) "
                            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                            [key, value],
                        )
                    cur.execute(f"DETACH {_REWRITE}")
                    attached = False
                    # Whole from here: an open after a crash takes it (`_open`).
                    os.replace(fresh, ready)
                    self._swap_in(ready)
            except (duckdb.Error, OSError) as exc:
                if attached:
                    cur.execute(f"DETACH {_REWRITE}")
                fresh.unlink(missing_ok=True)
                finish = "Engram finishes it at its next start"
                raise StoreError(not_written("rewrite the memory file", exc, finish)) from exc
        log.info("Memory file rewritten without purged data")

    @staticmethod
    def _copy_into(cur: duckdb.DuckDBPyConnection, catalog: str) -> None:
        cur.execute(f"COPY FROM DATABASE {CATALOG} TO {catalog}")

    def _swap_in(self, ready: Path) -> None:
        """Put the whole copy `ready` in the file's place, the writer held, under the same
        catalog name: every cursor reads on through it. The old file is let go without its
        checkpoint (which blocked commits and held reads back 1.6 s at 100k memories): its
        write-ahead log goes with it, and until the copy is in place it is the copy an open
        would take. A copy that could not be moved is read where it is."""
        path = self.config.path
        swapper = self._root.cursor()
        try:
            with self._gate.closed():
                swapper.execute("PRAGMA disable_checkpoint_on_shutdown")
                try:
                    swapper.execute(f"DETACH {CATALOG}")
                except duckdb.Error:
                    ready.unlink()  # the old file stays the file
                    raise
                finally:
                    swapper.execute("PRAGMA enable_checkpoint_on_shutdown")
                try:
                    wal_path(path).unlink(missing_ok=True)
                    os.replace(ready, path)
                finally:
                    current = ready if ready.exists() else path
                    reattach(lambda: swapper.execute(f"ATTACH '{_quote(current)}' AS {CATALOG}"))
        finally:
            swapper.close()

    def _switch_embedding_model(self) -> None:
        """Opened with the model a finished re-embedding was for: the new vectors replace the
        old ones (the vector index is rebuilt after). Rows the re-embedding had not reached keep
        no vector until `core.reembed.embed_missing` gives them one."""
        raw = self.meta(REEMBED_TARGET)
        if not raw:
            return
        target = json.loads(raw)
        if (target["model_id"], target["dim"]) != (
            self.config.embedding_model_id,
            self.config.embedding_dim,
        ):
            return
        with self.exclusive() as cur:
            # Its own statement: DuckDB still sees the index inside the swap's transaction. A
            # crash in between leaves the target in place and the swap is redone next time.
            drop_vector_graphs(cur)
            cur.execute("BEGIN")
            cur.execute("ALTER TABLE memories DROP COLUMN embedding")
            cur.execute(f"ALTER TABLE memories RENAME COLUMN {NEXT_EMBEDDING} TO embedding")
            self.set_meta(cur, "embedding_model", target["model_id"])
            self.set_meta(cur, "embedding_dim", str(target["dim"]))
            cur.execute("DELETE FROM meta WHERE key = ?", [REEMBED_TARGET])
            cur.execute("COMMIT")
        log.info("Switched the memory to the embedding model %s", target["model_id"])

    def _check_embedding_model(self) -> None:
        meta = dict(self._writer.execute("SELECT key, value FROM meta").fetchall())
        if "embedding_dim" not in meta:
            with self.write() as cur:
                self.set_meta(cur, "embedding_model", self.config.embedding_model_id)
                self.set_meta(cur, "embedding_dim", str(self.config.embedding_dim))
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
        """This thread's own read cursor (DuckDB connections are not shared across threads),
        its statements passed through the gate a file swap closes (see `swap_gate`)."""
        cursor = getattr(self._local, "cursor", None)
        if cursor is None:
            cursor = GatedCursor(self._new_cursor(), self._gate)
            self._local.cursor = cursor
        return cast(duckdb.DuckDBPyConnection, cursor)

    @contextmanager
    def read_snapshot(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """This thread's cursor inside one transaction, for reads that must agree with each
        other (an index's tables and the watermark it was built to): each statement outside
        one sees the file as of its own start, and a commit may land between two. Ended by a
        rollback: nothing was written, and a statement that failed left nothing to commit."""
        cur = self.cursor()
        with self._gate.passing():
            cur.execute("BEGIN TRANSACTION")
            try:
                yield cur
            finally:
                cur.execute("ROLLBACK")

    @contextmanager
    def write(self, *, memory_rows: bool = True) -> Iterator[duckdb.DuckDBPyConnection]:
        """The single writer: one transaction at a time, committed on success, rolled back on any
        error so a failure never leaves half a change behind. `memory_rows=False` promises the
        transaction writes no memory row (a chat turn's own row): it then commits even while
        `freeze_rows` holds the rows still for an index build."""
        with self._rows_lock if memory_rows else nullcontext(), self._write_lock:
            if self._closed:
                raise StoreError("The memory store is closed.")
            cur = self._writer
            self._changed, self._patched, self._new_rows, self._added = set(), {}, {}, 0
            cur.execute("BEGIN")
            try:
                yield cur
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            try:
                with self.graph_lock if memory_rows else nullcontext():
                    cur.execute("COMMIT")
            except duckdb.Error as exc:
                raise StoreError(not_written("save to the memory file", exc)) from exc
            self.commits += 1
            self.additions += self._added
            changed, self._changed = self._changed, set()
            patched, self._patched = self._patched, {}
            added, self._new_rows = self._new_rows, {}
            if changed is None:
                self._tell(RowChanges(None))
            elif changed or patched or added:
                # A row also changed otherwise is read again, not taken as noted.
                self._tell(
                    RowChanges(
                        frozenset(changed),
                        {i: fields for i, fields in patched.items() if i not in changed},
                        {i: row for i, row in added.items() if i not in changed},
                    )
                )

    def note_changed(self, memory_ids: Iterable[str] | None) -> None:
        """Inside a write: these memories' rows were updated (None: any row may have been).
        Whoever keeps copies of rows in memory hears of it once the transaction commits; a
        rolled-back change needs no telling."""
        if memory_ids is None or self._changed is None:
            self._changed = None
        else:
            self._changed.update(memory_ids)

    def note_patched(self, patches: Mapping[str, Mapping[str, object]]) -> None:
        """Inside a write: these rows changed only in the fields named (Memory attributes), to
        the values given. Copies held in process are updated in place rather than dropped: a
        chat turn boosts ~10 memories, and reading them back cost the next search 2-9 ms."""
        for memory_id, fields in patches.items():
            self._patched.setdefault(memory_id, {}).update(fields)

    def note_added(self, rows: Sequence[Memory]) -> None:
        """Inside a write: new memory rows, as a read without their text would give them.
        Listeners take them as they are (reading a row just written cost the next search
        1-6 ms), and they are counted: what follows new rows only (keyword search's
        unindexed rows) has nothing to read after commits that added none, like a chat
        turn's boosts (a scan that cost a search 1-8 ms beside the HNSW walk)."""
        self._new_rows.update((row.id, row) for row in rows)
        self._added += len(rows)

    def on_rows_changed(self, listener: RowsListener) -> None:
        """Call `listener`, a bound method, after each commit that added or updated memory
        rows (every row may have changed after everything was forgotten). Held weakly: the
        store does not keep its owner alive (the core memory of an assistant replaced when
        another model loads)."""
        with self._listeners_lock:
            self._listeners.append(weakref.WeakMethod(listener))

    def _tell(self, changes: RowChanges) -> None:
        with self._listeners_lock:
            listeners = [ref() for ref in self._listeners]
            self._listeners = [
                ref for ref, listener in zip(self._listeners, listeners, strict=True) if listener
            ]
        for listener in listeners:
            if listener is not None:
                listener(changes)

    @contextmanager
    def exclusive(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The writer without a wrapping transaction, for statements DuckDB runs in their own
        (index drops, checkpoints)."""
        with self._rows_lock, self._write_lock:
            if self._closed:
                raise StoreError("The memory store is closed.")
            yield self._writer

    @contextmanager
    def freeze_rows(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """Memory rows held still, other tables still written: for a statement that reads
        every row for seconds (the vector index build, ~20 s at 100k memories) without holding
        a chat turn's save back that long. Yields this thread's own cursor, not the writer.
        Only other tables may change meanwhile: vss 1.5.5 corrupts a graph built while rows
        were added to a table holding a NULL vector (a forgotten memory), and the next insert
        crashes the process."""
        with self._rows_lock:
            if self._closed:
                raise StoreError("The memory store is closed.")
            outermost = not self._frozen.is_set()
            self._frozen.set()
            try:
                yield self.cursor()
            finally:
                if outermost:
                    self._frozen.clear()

    @property
    def rows_frozen(self) -> bool:
        """Whether `freeze_rows` holds the rows still: a write of memory rows would wait."""
        return self._frozen.is_set()

    @staticmethod
    def insert_rows(
        cur: duckdb.DuckDBPyConnection,
        table: str,
        columns: dict[str, Sequence[object] | pa.Array],
        on_conflict: str | None = None,
    ) -> None:
        """Bulk insert through Arrow. `executemany` converts value by value and is ~100x slower
        (it probes for pandas on every value)."""
        names = ", ".join(columns)
        conflict = f" ON CONFLICT {on_conflict}" if on_conflict else ""
        Database.with_batch(
            cur,
            columns,
            f"INSERT INTO {table} ({names}) SELECT {names} FROM {BATCH_RELATION}{conflict}",
        )

    @staticmethod
    def with_batch(
        cur: duckdb.DuckDBPyConnection, columns: dict[str, Sequence[object] | pa.Array], sql: str
    ) -> None:
        """Run `sql` with the columns as the relation `{batch}` stands for (bulk UPDATE ... FROM
        and INSERT ... SELECT without per-row round trips): literal rows for a handful, else an
        Arrow view."""
        if not len(next(iter(columns.values()), ())):
            return
        literal = values_relation(columns)
        if literal is not None:
            cur.execute(sql.replace(BATCH_RELATION, literal))
            return
        batch = pa.table(columns)
        cur.register("engram_batch", batch)
        try:
            cur.execute(sql.replace(BATCH_RELATION, "engram_batch"))
        finally:
            cur.unregister("engram_batch")

    def meta(self, key: str, cur: duckdb.DuckDBPyConnection | None = None) -> str | None:
        """`cur`: read inside the transaction that cursor has open."""
        row = (
            (cur or self.cursor())
            .execute("SELECT value FROM meta WHERE key = ?", [key])
            .fetchall()[:1]
        )
        return row[0][0] if row else None

    @staticmethod
    def set_meta(cur: duckdb.DuckDBPyConnection, key: str, value: str) -> None:
        cur.execute(
            "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )

    def checkpoint(self, attempts: int = 20) -> bool:
        """Write the WAL into the main file. False once the store is closed (which did)."""
        with self._rows_lock, self._write_lock:
            if self._closed:
                return False
            try:
                self._checkpoint_held(attempts)
            except duckdb.Error as exc:
                raise StoreError(not_written("fold the log into the memory file", exc)) from exc
            return True

    def _checkpoint_held(self, attempts: int = 20) -> None:
        """With the writer held. Readers mid-query block a plain checkpoint, so retry briefly
        before giving up with an error."""
        for attempt in range(attempts):
            try:
                self._writer.execute("CHECKPOINT")
                return
            except duckdb.TransactionException:
                time.sleep(0.05 * (attempt + 1))
        raise StoreError("Could not checkpoint the memory file: it is busy; try again.")

    def copy_file(self, target: Path) -> None:
        """A whole copy of the file as committed now (a backup), which opens on its own: the
        write-ahead log checkpointed into the file first, the writer held until the copy is
        made so no commit lands in it half-way. Reads go on meanwhile. Written beside
        `target` and moved into place, so a copy cut short is never taken for one."""
        partial = target.with_name(f"{target.name}.partial")
        with self._rows_lock, self._write_lock:
            if self._closed:
                raise StoreError("The memory store is closed.")
            self._checkpoint_held()
            try:
                shutil.copyfile(self.config.path, partial)
                os.replace(partial, target)
            except OSError as exc:
                partial.unlink(missing_ok=True)
                raise StoreError(not_written("copy the memory file", exc)) from exc

    def close(self) -> None:
        with self._rows_lock, self._write_lock:
            if self._closed:
                return
            try:
                self._writer.execute("CHECKPOINT")
            except duckdb.Error as exc:
                log.warning("Checkpoint on close failed: %s", exc)
            self._closed = True
            self._root.close()
