"""Conversation import: sessions and turns stored as they were, and remembered as 3-5 turn
segments that point back to their turns. One transaction per batch of sessions (about 200
turns, a second or two of work), so a crash mid-import loses at most that batch and a re-run
picks up where it stopped. A later export of chats already imported adds what was said in them
since; a file that reuses the ids of another conversation is refused (two files that both
numbered their sessions "s1" lost the second one's conversations silently). To-dos
said in them go through the lifecycle of live ones: a candidate older than working memory's
lifetime is recorded as expired, not put at the top of the inbox as overdue (an export of last
year's chats held dozens)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from core.embed import Embedder
from core.errors import InputError
from core.ingest.references import Beliefs
from core.ingest.remember import Encoded, Lesson, inline_extraction, remember_all, segment_memory
from core.ingest.segments import SegmentConfig, segment_kept, worth_remembering
from core.model import Session, TaskStatus, Turn
from core.store import MemoryStore
from core.wording import counted
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
    # Sessions already remembered that the file goes on with: their new turns were added.
    sessions_continued: int = 0
    # Sessions left out: changed since they were imported (a message edited in the chat app).
    sessions_differing: tuple[str, ...] = ()

    def notes(self, noun: str = "session") -> list[str]:
        """What a user should hear besides the counts, in words."""
        said = []
        if self.sessions_continued:
            said.append(
                f"{counted(self.sessions_continued, noun)} already here went on in this file: "
                "what was said since was added."
            )
        if left := self.sessions_differing:
            named = ", ".join(repr(i) for i in left[:3]) + (", ..." if len(left) > 3 else "")
            said.append(
                f"{counted(len(left), noun)} left out ({named}): changed since {noun}s of the "
                "same id were imported (a message edited); what is remembered is not rewritten."
            )
        return said


@dataclass(frozen=True, slots=True)
class _Part:
    """What one session of a file adds: a whole new session, or the turns a later export of one
    already remembered goes on with (`before`: its last turns, which the first new segment
    overlaps, as segments of one session do)."""

    session: Session
    new: bool = True
    before: tuple[Turn, ...] = ()

    @property
    def at(self) -> datetime:
        return self.session.started_at if self.new else self.session.turns[0].at


def _reworded(stored: Sequence[Turn], given: Sequence[Turn]) -> Turn | None:
    """A turn of `given` stored with other words under its id: the file reuses ids another
    conversation has. A turn a forget blanked reads the same: the forget stands."""
    had = {t.id: t.text for t in stored}
    return next((t for t in given if had.get(t.id, "") not in ("", t.text)), None)


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
        parts, present, differing = self._parts(sessions)
        if differing:
            log.info("Sessions changed since they were imported, left out: %s", differing)
        done = present + len(differing)
        imported = continued = turns = memories = to_dos = 0

        def report(cancelled: bool = False) -> ImportReport:
            return ImportReport(
                imported, present, turns, memories, cancelled, to_dos, continued, differing
            )

        for batch in self._batches(parts):
            if cancel is not None and cancel.is_set():
                return report(cancelled=True)
            written, noticed = self._write_batch(batch, now)
            memories += written
            to_dos += noticed
            imported += sum(part.new for part in batch)
            continued += sum(not part.new for part in batch)
            turns += sum(len(part.session.turns) for part in batch)
            done += len(batch)
            if progress is not None:
                progress(done, len(sessions))
        self._store.maintain()
        return report()

    def _parts(self, sessions: Sequence[Session]) -> tuple[list[_Part], int, tuple[str, ...]]:
        """What each session adds, how many are here as they are, and the ids of those left
        out: changed since they were imported (a message edited in the chat app makes a turn
        of a new id among the old ones). A file whose turn reads otherwise than the one stored
        under its id reuses another conversation's ids, and is refused whole."""
        existing = self._store.conversations.existing_session_ids([s.id for s in sessions])
        stored = self._store.conversations.turns_by_session(list(existing))
        parts: list[_Part] = []
        present = 0
        differing: list[str] = []
        for session in sessions:
            if session.id not in existing:
                parts.append(_Part(session))
                continue
            had = stored.get(session.id, [])
            if (turn := _reworded(had, session.turns)) is not None:
                raise InputError(
                    f"turn {turn.id!r} of session {session.id!r} is remembered with other words: "
                    "the file reuses the ids of a conversation already imported. Give its "
                    "sessions and turns ids of their own; nothing was imported"
                )
            known = {t.id for t in had}
            shared = [i for i, t in enumerate(session.turns) if t.id in known]
            if shared != list(range(len(shared))):
                differing.append(session.id)
            elif len(shared) == len(session.turns):
                present += 1
            else:
                parts.append(self._continuation(session, had, len(shared)))
        return parts, present, tuple(differing)

    def _continuation(self, session: Session, had: list[Turn], shared: int) -> _Part:
        last = max((t.seq for t in had), default=-1)
        said = tuple(
            replace(turn, seq=last + 1 + i) for i, turn in enumerate(session.turns[shared:])
        )
        kept = tuple(t for t in had if worth_remembering(t))
        return _Part(
            replace(session, turns=said), new=False, before=kept[-self._segments.min_turns :]
        )

    @staticmethod
    def _batches(parts: Sequence[_Part]) -> Iterator[list[_Part]]:
        batch: list[_Part] = []
        size = 0
        for part in parts:
            batch.append(part)
            size += len(part.session.turns)
            if size >= BATCH_TURNS:
                yield batch
                batch, size = [], 0
        if batch:
            yield batch

    def _plan(self, part: _Part, beliefs: Beliefs) -> Lesson:
        session = part.session
        said = [t for t in session.turns if worth_remembering(t)]
        # Turns that go on from earlier ones overlap them, as a session's segments overlap.
        lead = min(
            len(part.before), max(self._segments.overlap, self._segments.min_turns - len(said))
        )
        kept = [*part.before[len(part.before) - lead :], *said] if said else []
        segments = tuple(
            segment_memory(turns, session.id, session.project)
            for turns in segment_kept(kept, self._segments)
        )
        return inline_extraction(segments, session.turns, session.project, beliefs=beliefs)

    def _write_batch(self, batch: Sequence[_Part], now: datetime | None) -> tuple[int, int]:
        """One encoder call and one transaction for several sessions: an import writes each
        kind of row once per batch, not once per session (2,760 LoCoMo turns: 3.6 s of writes
        session by session). Returns the memories written and the to-dos left in the inbox."""
        # What earlier sessions of the batch said counts as believed for the later ones: none
        # of it is written yet ("I have a dog named Rex", then "my dog died" months later).
        said: dict[str, str] = {}

        def believed(prefixes: Sequence[str]) -> dict[str, str]:
            return self._store.memories.keyed_with(prefixes) | {
                key: content for key, content in said.items() if key.startswith(tuple(prefixes))
            }

        plans = []
        for part in batch:
            plans.append(self._plan(part, believed))
            said.update((fact.key, fact.content) for fact in plans[-1].facts if fact.key)
        vectors = self._embedder.embed([m.content for plan in plans for m in plan.memories])
        encoded, at = [], 0
        for part, plan in zip(batch, plans, strict=True):
            count = len(plan.memories)
            encoded.append(Encoded(plan, vectors[at : at + count], part.at))
            at += count
        conversations = self._store.conversations
        with self._store.db.write() as cur:
            conversations.insert_sessions(cur, [part.session for part in batch if part.new])
            for part in batch:
                if not part.new:
                    conversations.insert_turns(cur, part.session.id, part.session.turns)
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
        log.info(
            "Imported %d sessions (%s ... %s)",
            len(batch),
            batch[0].session.id,
            batch[-1].session.id,
        )
        return len(remembered.memory_ids), len(shown)
