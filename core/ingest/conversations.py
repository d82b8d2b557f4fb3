"""Conversation import: sessions and turns stored as they were, and remembered as 3-5 turn
segments that point back to their turns. One transaction per batch of sessions (about 200
turns, a second or two of work), so a crash mid-import loses at most that batch and a re-run
picks up where it stopped. To-dos said in them go through the lifecycle of live ones: a
candidate older than working memory's lifetime is recorded as expired, not put at the top of
the inbox as overdue (an export of last year's chats held dozens)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.embed import Embedder
from core.errors import InputError
from core.ingest.remember import Encoded, Lesson, inline_extraction, remember_all, segment_memory
from core.ingest.segments import SegmentConfig, segment_turns
from core.model import Session, TaskStatus
from core.store import MemoryStore
from core.working import DEFAULT_WORKING

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]
# Sessions are embedded and written together until they hold about this many turns.
BATCH_TURNS = 200


@dataclass(frozen=True, slots=True)
class ImportReport:
    sessions_imported: int
    sessions_skipped: int
    turns: int
    memories: int
    cancelled: bool = False
    # To-dos the inbox shows from this import (those said too long ago expire at once).
    to_dos: int = 0


class ConversationImporter:
    def __init__(
        self, store: MemoryStore, embedder: Embedder, segments: SegmentConfig = SegmentConfig()
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._segments = segments

    def _check_turn_ids(self, sessions: Sequence[Session]) -> None:
        """Turn ids are provenance: one already stored in a different session is a conflict."""
        wanted = {t.id: s.id for s in sessions for t in s.turns}
        clashes = {
            turn_id: stored
            for turn_id, stored in self._store.conversations.existing_turns(list(wanted)).items()
            if stored != wanted[turn_id]
        }
        if clashes:
            turn_id, stored = next(iter(clashes.items()))
            raise InputError(
                f"{len(clashes)} turn id(s) are already stored in other sessions, e.g. {turn_id!r} "
                f"in session {stored!r}; nothing was imported"
            )

    def import_sessions(
        self,
        sessions: Sequence[Session],
        progress: ProgressCallback | None = None,
        cancel: threading.Event | None = None,
        now: datetime | None = None,
    ) -> ImportReport:
        """`now` is the time of the import, which to-dos are judged stale against (none
        expire without it)."""
        self._check_turn_ids(sessions)
        existing = self._store.conversations.existing_session_ids([s.id for s in sessions])
        todo = [s for s in sessions if s.id not in existing]
        imported = turns = memories = to_dos = 0
        for batch in self._batches(todo):
            if cancel is not None and cancel.is_set():
                return ImportReport(
                    imported, len(existing), turns, memories, cancelled=True, to_dos=to_dos
                )
            written, noticed = self._write_batch(batch, now)
            memories += written
            to_dos += noticed
            imported += len(batch)
            turns += sum(len(session.turns) for session in batch)
            if progress is not None:
                progress(len(existing) + imported, len(sessions))
        self._store.maintain()
        return ImportReport(imported, len(existing), turns, memories, to_dos=to_dos)

    @staticmethod
    def _batches(sessions: Sequence[Session]) -> Iterator[list[Session]]:
        batch: list[Session] = []
        size = 0
        for session in sessions:
            batch.append(session)
            size += len(session.turns)
            if size >= BATCH_TURNS:
                yield batch
                batch, size = [], 0
        if batch:
            yield batch

    def _plan(self, session: Session) -> Lesson:
        segments = tuple(
            segment_memory(turns, session.id, session.project)
            for turns in segment_turns(session.turns, self._segments)
        )
        return inline_extraction(segments, session.turns, session.project)

    def _write_batch(self, batch: Sequence[Session], now: datetime | None) -> tuple[int, int]:
        """One encoder call and one transaction for several sessions: an import writes each
        kind of row once per batch, not once per session (2,760 LoCoMo turns: 3.6 s of writes
        session by session). Returns the memories written and the to-dos left in the inbox."""
        plans = [self._plan(session) for session in batch]
        vectors = self._embedder.embed([m.content for plan in plans for m in plan.memories])
        encoded, at = [], 0
        for session, plan in zip(batch, plans, strict=True):
            count = len(plan.memories)
            encoded.append(Encoded(plan, vectors[at : at + count], session.started_at))
            at += count
        with self._store.db.write() as cur:
            self._store.conversations.insert_sessions(cur, batch)
            remembered = remember_all(self._store, cur, encoded)
            tasks = self._store.tasks
            candidates = [t for t in remembered.tasks if t.status is TaskStatus.CANDIDATE]
            expired = set()
            if now is not None:
                expired = tasks.expire_candidates(
                    cur, now, DEFAULT_WORKING.ttl, among=[t.id for t in candidates]
                )
        shown = [
            t for t in candidates if t.id not in expired and t.confidence >= tasks.config.threshold
        ]
        log.info("Imported %d sessions (%s ... %s)", len(batch), batch[0].id, batch[-1].id)
        return len(remembered.memory_ids), len(shown)
