"""Every memory a search may return, held in process without its text, so that scoring a few
hundred candidates is a dictionary lookup rather than hundreds of primary-key probes (those
probes cost more than the HNSW walk itself at 100k memories).

The copies follow the file: every write that adds or updates a memory row names it
(`Database.note_changed`); after the commit those rows are dropped here and read again on
next use, or, when the write said exactly what it wrote (`Database.note_added`: new rows;
`Database.note_patched`: a retrieval's boosts), taken or updated in place. A read that was
in flight while a commit landed does not keep what it read for the rows that commit
changed."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

import duckdb

from core.errors import StoreError
from core.model import Memory
from core.store.database import Database, RowChanges, id_in
from core.store.memory_rows import is_live, live, memory_columns, row_to_memory

log = logging.getLogger(__name__)
# Rows converted per call: DuckDB holds the GIL while it turns rows into Python values. All
# 100,000 at once held it ~0.1 s at start-up (the window stalled); 2,000 at a time, 0.04 s.
FETCH_ROWS = 2_000


@dataclass(slots=True, eq=False)
class _Fetch:
    """A read under way: what commits changed while it ran must not be kept from it. Compared
    by identity: two reads under way at once are two different reads."""

    changed: set[str] = field(default_factory=set)
    everything: bool = False


class SearchableMemories:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()
        self._loaded = False
        self._rows: dict[str, Memory] = {}
        # Ids asked for that are not searchable (forgotten, stubs): asked again, not re-read.
        self._absent: set[str] = set()
        self._fetches: list[_Fetch] = []
        db.on_rows_changed(self._on_rows_changed)

    def get(self, memory_ids: Iterable[str]) -> dict[str, Memory]:
        """The searchable ones among `memory_ids` (superseded versions included: looking into
        the past needs them), by id. `content` and `summary` are left empty: the caller reads
        the text of the few it keeps."""
        if not self._loaded:
            self.load()
        wanted = list(dict.fromkeys(memory_ids))
        with self._lock:
            found = {i: self._rows[i] for i in wanted if i in self._rows}
            missing = [i for i in wanted if i not in found and i not in self._absent]
        if missing:
            read = self._read(missing)
            found.update(read)
        return found

    def load(self) -> None:
        """Read every searchable memory now (about a second at 100k memories) rather than on
        the first search."""
        with self._load_lock:
            if self._loaded:
                return
            started = time.perf_counter()
            rows = self._read(None)
            log.info(
                "Held %d searchable memories in process (%.2f s)",
                len(rows),
                time.perf_counter() - started,
            )

    def _read(self, memory_ids: list[str] | None) -> dict[str, Memory]:
        fetch = _Fetch()
        with self._lock:
            self._fetches.append(fetch)
        try:
            where, params = ("true", []) if memory_ids is None else id_in("id", memory_ids)
            read = {}
            try:
                result = self._db.cursor().execute(
                    f"SELECT {memory_columns(with_text=False)} FROM memories "
                    f"WHERE {where} AND {live(include_superseded=True)}",
                    params,
                )
                while rows := result.fetchmany(FETCH_ROWS):
                    read.update((row[0], row_to_memory(row)) for row in rows)
            except duckdb.Error as exc:
                raise StoreError(f"Could not read memories: {exc}") from exc
        except BaseException:
            with self._lock:
                self._fetches.remove(fetch)
            raise
        # Leaving the reads under way and keeping what was read happen in one step: between
        # the two, a commit's notice would miss this read and drop rows it had not yet kept.
        with self._lock:
            self._fetches.remove(fetch)
            if fetch.everything:
                return read
            self._rows.update((i, m) for i, m in read.items() if i not in fetch.changed)
            if memory_ids is None:
                self._loaded = True
            else:
                self._absent.update(
                    i for i in memory_ids if i not in read and i not in fetch.changed
                )
        return read

    def _on_rows_changed(self, changes: RowChanges) -> None:
        with self._lock:
            for fetch in self._fetches:
                if changes.stale is None:
                    fetch.everything = True
                else:
                    fetch.changed |= changes.touched
            if changes.stale is None:
                self._rows.clear()
                self._absent.clear()
                self._loaded = False
                return
            for memory_id in changes.stale:
                self._rows.pop(memory_id, None)
                self._absent.discard(memory_id)
            self._rows.update(
                (memory_id, row)
                for memory_id, row in changes.added.items()
                if is_live(row, include_superseded=True)
            )
            for memory_id in changes.patched:
                held = self._rows.get(memory_id)
                if held is not None:
                    self._rows[memory_id] = changes.patch(held)
