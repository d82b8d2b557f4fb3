"""The store's front door: opens the file, wires the repositories and indexes, and keeps the
indexes healthy (missing HNSW rebuilt in the background, stale BM25 rebuilt when worth it)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from core.store.backups import KEPT, Backup, after_forget, back_up, drop_copies
from core.store.conversations import ConversationRepository, forget_what_was_said
from core.store.database import Database, DatabaseConfig
from core.store.documents import DocumentRepository
from core.store.entities import EntityRepository
from core.store.fulltext import FullTextIndex
from core.store.lineage import Lineage
from core.store.links import LinkRepository
from core.store.memories import MemoryRepository
from core.store.pending import PendingChanges
from core.store.searchable import SearchableMemories
from core.store.tasks import TaskRepository
from core.store.vector import VectorIndex
from core.store.working_items import WorkingItems

log = logging.getLogger(__name__)

DB_FILENAME = "engram.duckdb"
# Below this many rows an index build takes well under a second: not worth a background thread.
SMALL_STORE = 2000
PURGE_PENDING = "purge_pending"
# Every table that holds what the user said or what was learnt from it (all but `meta` and
# `schema_version`).
USER_DATA_TABLES = (
    "pending_changes",
    "working_items",
    "entity_relationships",
    "memory_entities",
    "entities",
    "links",
    "memory_sources",
    "memories",
    "turns",
    "sessions",
    "tasks",
    "documents",
)


@dataclass(frozen=True, slots=True)
class StoreStats:
    path: str
    schema_version: int
    embedding_model: str
    embedding_dim: int
    sessions: int
    turns: int
    memories: int
    memories_by_kind: dict[str, int]
    vector_index: str
    fulltext_stale_rows: int
    file_bytes: int


class MemoryStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.memories = MemoryRepository(db)
        self.searchable = SearchableMemories(db)
        self.conversations = ConversationRepository(db)
        self.vectors = VectorIndex(db)
        self.fulltext = FullTextIndex(db, self.searchable)
        self.lineage = Lineage(db)
        self.links = LinkRepository(db)
        self.tasks = TaskRepository(db)
        self.documents = DocumentRepository(db)
        self.entities = EntityRepository(db)
        self.pending = PendingChanges(db)
        self.working_items = WorkingItems(db)
        # Forgets committed so far, counted while the forget holds the writer: a conversation
        # in progress holds copies of what it said and recalled, and looks for purged ones
        # when this moves.
        self.forgets = 0

    @property
    def home(self) -> Path:
        """The data folder the memory file (and its backups) live in."""
        return self.db.config.path.parent

    def back_up(self, now: datetime, kept: int = KEPT) -> Backup:
        """A copy of the memory file as it is now, kept beside it with the newest `kept - 1`
        made before (see `core.store.backups`)."""
        return back_up(self.db, self.home, now, kept)

    @classmethod
    def open(
        cls,
        home: Path,
        embedding_model_id: str,
        embedding_dim: int,
        on_index_ready: Callable[[BaseException | None], None] | None = None,
    ) -> MemoryStore:
        """Open (creating if needed) the store under `home`. Returns at once: a vector index
        that has to be rebuilt is built in the background while exact search serves."""
        db = Database(DatabaseConfig(home / DB_FILENAME, embedding_model_id, embedding_dim))
        store = cls(db)
        if store.db.meta(PURGE_PENDING) == "1":
            log.info("Finishing a forget that was interrupted")
            store.purge_forgotten()
        if not store.fulltext.exists():
            store.fulltext.rebuild()
        if not store.vectors.exists() and store.memories.count(live_only=False) <= SMALL_STORE:
            store.vectors.build()
        elif store.vectors.ensure_in_background(on_index_ready):
            log.info("Vector index missing: rebuilding in the background, exact search meanwhile")
        return store

    def forget(
        self, memory_ids: Sequence[str], now: datetime, reason: str = "forgotten on request"
    ) -> list[str]:
        """Purge memories (and their earlier versions) so their text is gone from the file:
        rows cleared, their words taken out of the keyword index, then the file rewritten so
        the cleared pages replace the old ones on disk."""
        with self.db.write() as cur:
            purged = self.memories.forget(cur, memory_ids, now, reason)
            erased = self._erased(cur, bool(purged))
        if erased:
            self.purge_forgotten()
        return purged

    def forget_session(
        self, session_id: str, now: datetime, reason: str = "forgotten on request"
    ) -> list[str]:
        """Purge a whole conversation: every memory made from its turns (with what `forget`
        takes along) and the words of all its turns, the trivial ones and those not yet learnt
        from too. Returns the memory ids purged."""
        with self.db.write() as cur:
            made = cur.execute(
                "SELECT DISTINCT s.memory_id FROM memory_sources s JOIN turns t "
                "ON t.id = s.turn_id WHERE t.session_id = ?",
                [session_id],
            ).fetchall()
            purged = self.memories.forget(cur, [r[0] for r in made], now, reason)
            # Its last turns may be in no memory yet, with a to-do already noticed in them.
            forget_what_was_said(
                cur,
                "(SELECT id AS turn_id FROM turns WHERE session_id = $session)",
                {"session": session_id},
            )
            said = self.conversations.blank_session(cur, session_id)
            erased = self._erased(cur, bool(purged or said))
        if erased:
            self.purge_forgotten()
        return purged

    def forget_document(
        self, source: str, now: datetime, reason: str = "forgotten on request"
    ) -> list[str]:
        """Purge everything learnt from a document (or from every document of a zip, named by
        the zip): each passage with its versions, and the file's name, which may say as much
        as its words ("biopsy results.pdf"); adding it again learns it anew. Returns the
        memory ids purged."""
        within = "(source_path = $source OR starts_with(source_path, $source || '/'))"
        with self.db.write() as cur:
            learnt = cur.execute(
                f"SELECT id FROM memories WHERE {within}", {"source": source}
            ).fetchall()
            purged = self.memories.forget(cur, [r[0] for r in learnt], now, reason)
            cur.execute(
                f"UPDATE memories SET source_path = NULL, content_hash = NULL WHERE {within}",
                {"source": source},
            )
            cur.execute(f"DELETE FROM memory_sources WHERE {within}", {"source": source})
            named = self.documents.drop(cur, source)
            erased = self._erased(cur, bool(purged or named))
        if erased:
            self.purge_forgotten()
        return purged

    def _erased(self, cur: duckdb.DuckDBPyConnection, anything: bool) -> bool:
        """Inside a forget's transaction: what it left nameless goes, and when it erased
        anything the file is marked to be rewritten (resumed at the next open if Engram stops
        first) and the forget counted for the conversations that hold its words."""
        self.entities.drop_orphans(cur)
        if anything:
            self.db.set_meta(cur, PURGE_PENDING, "1")
            self.forgets += 1
        return anything

    def forget_everything(self) -> None:
        """The privacy reset: every conversation, memory, task and document record goes, and
        the file is rewritten so none of the text stays on disk, nor in its backups or files
        set aside. Settings are not data."""
        drop_copies(self.db.config.path)
        with self.db.write() as cur:
            for table in USER_DATA_TABLES:
                cur.execute(f"DELETE FROM {table}")
            self.db.note_changed(None)
            self.db.set_meta(cur, PURGE_PENDING, "1")
            self.forgets += 1
        log.info("Forgot everything on request")
        self.purge_forgotten()

    def purge_forgotten(self) -> None:
        """Finish a forget: take the purged words out of the keyword index and rewrite the
        file. Resumed at the next open if Engram stopped half-way. The vector graph is dropped
        first (a copy would rebuild it without its cosine metric) and built again in the
        background; until it stands, search scans the vectors held in process."""
        self.fulltext.drop_purged()
        try:
            with self.db.freeze_rows(), self.vectors.held_in_process():
                with self.db.exclusive() as cur:
                    self.vectors.drop(cur)
                self.db.rewrite_file({PURGE_PENDING: "0"})
            # Before the vector graph is built again: the copy holds the writer.
            after_forget(self.db, self.home, datetime.now(UTC))
        finally:
            self.vectors.ensure_in_background()

    def warm(self) -> None:
        """Read what searches stand on now, not in the first questions: at 100k memories the
        searchable rows and the keyword postings take ~2 s each, the vector graph 0.25 s, the
        vectors and texts read back ~1 s."""
        self.searchable.load()
        self.fulltext.load()
        self.vectors.load()
        self.memories.read_through()

    def maintain(self) -> None:
        """Index upkeep worth doing after a batch of writes: the keyword index caught up, the
        vector graph built if the store has grown enough to have one (see
        `VectorIndex.graph_safe`), and a long write-ahead log folded into the file."""
        self.fulltext.upkeep()
        self.db.log_folder.fold_if_long()
        if not self.vectors.exists():
            self.vectors.ensure_in_background()

    def stats(self) -> StoreStats:
        sessions, turns = self.conversations.counts()
        if self.vectors.building:
            vector_state = "rebuilding"
        elif self.vectors.compacting:
            vector_state = "compacting (learning waits)"
        elif self.vectors.exists():
            vector_state = "ready"
        else:
            vector_state = "missing" if self.vectors.graph_safe() else "not needed yet"
        path = self.db.config.path
        return StoreStats(
            path=str(path),
            schema_version=self.db.schema_version,
            embedding_model=self.db.meta("embedding_model") or "",
            embedding_dim=self.db.config.embedding_dim,
            sessions=sessions,
            turns=turns,
            memories=self.memories.count(),
            memories_by_kind=self.memories.counts_by_kind(),
            vector_index=vector_state,
            fulltext_stale_rows=self.fulltext.stale_rows(),
            file_bytes=path.stat().st_size if path.exists() else 0,
        )

    def close(self) -> None:
        self.vectors.wait_for_build()
        self.db.close()
