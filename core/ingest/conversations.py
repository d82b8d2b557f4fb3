"""Conversation import: sessions and turns stored as they were, and remembered as 3-5 turn
segments that point back to their turns. One transaction per session, so a crash mid-import
loses at most the session being written and a re-run picks up where it stopped."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from core.embed import Embedder
from core.errors import InputError
from core.ingest.entities import extract_entities
from core.ingest.rules import Fact, extract_facts
from core.ingest.segments import SegmentConfig, segment_text, segment_turns
from core.model import DecayClass, MemoryKind, NewMemory, Role, Session, Turn
from core.store import MemoryStore
from core.tasks import TaskCandidate, extract_tasks

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]
# Cosine above which memories of one session are linked at encoding time.
SYNAPTIC_THRESHOLD = 0.5
# Sessions are embedded together until they hold about this many turns.
ENCODE_BATCH_TURNS = 200


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """A session's new memories (its segments first, then the facts stated in it) and the
    to-dos its user said."""

    segments: int
    memories: tuple[NewMemory, ...]
    tasks: tuple[TaskCandidate, ...] = ()


@dataclass(frozen=True, slots=True)
class ImportReport:
    sessions_imported: int
    sessions_skipped: int
    turns: int
    memories: int
    cancelled: bool = False


def segment_memory(session: Session, turns: Sequence[Turn]) -> NewMemory:
    content = segment_text(turns)
    return NewMemory(
        kind=MemoryKind.EPISODIC,
        content=content,
        entities=extract_entities(" ".join(t.text for t in turns)),
        created_at=turns[-1].at,
        valid_from=turns[0].at,
        decay_class=DecayClass.MEDIUM,
        project=session.project,
        session_id=session.id,
        source_turn_ids=tuple(t.id for t in turns),
    )


def fact_memory(session: Session, fact: Fact, turn: Turn) -> NewMemory:
    return NewMemory(
        kind=MemoryKind.SEMANTIC,
        content=fact.content,
        created_at=turn.at,
        decay_class=DecayClass.SLOW,
        importance=fact.importance,
        project=session.project,
        session_id=session.id,
        entities=extract_entities(fact.content),
        key=fact.key,
        source_turn_ids=(turn.id,),
    )


def synaptic_pairs(
    ids: Sequence[str], vectors: np.ndarray, threshold: float
) -> list[tuple[str, str, float]]:
    """Memories encoded together that overlap in meaning get linked (synaptic tagging)."""
    if len(ids) < 2:
        return []
    similarity = vectors @ vectors.T
    return [
        (ids[i], ids[j], float(similarity[i, j]))
        for i in range(len(ids))
        for j in range(i + 1, len(ids))
        if similarity[i, j] > threshold
    ]


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
    ) -> ImportReport:
        self._check_turn_ids(sessions)
        existing = self._store.conversations.existing_session_ids([s.id for s in sessions])
        todo = [s for s in sessions if s.id not in existing]
        imported = turns = memories = 0
        for batch in self._batches(todo):
            # One encoder call for several sessions (it sorts texts by length, so batches pad
            # less: 45 segments/s against 33/s session by session), then one transaction per
            # session so a crash loses at most the session being written.
            plans = [self._plan(session) for session in batch]
            vectors = self._embedder.embed([m.content for plan in plans for m in plan.memories])
            at = 0
            for session, plan in zip(batch, plans, strict=True):
                if cancel is not None and cancel.is_set():
                    return ImportReport(imported, len(existing), turns, memories, cancelled=True)
                count = len(plan.memories)
                memories += self._write_session(session, plan, vectors[at : at + count])
                at += count
                imported += 1
                turns += len(session.turns)
                if progress is not None:
                    progress(len(existing) + imported, len(sessions))
        self._store.maintain()
        return ImportReport(imported, len(existing), turns, memories)

    @staticmethod
    def _batches(sessions: Sequence[Session]) -> Iterator[list[Session]]:
        batch: list[Session] = []
        size = 0
        for session in sessions:
            batch.append(session)
            size += len(session.turns)
            if size >= ENCODE_BATCH_TURNS:
                yield batch
                batch, size = [], 0
        if batch:
            yield batch

    def _plan(self, session: Session) -> SessionPlan:
        segments = [
            segment_memory(session, turns) for turns in segment_turns(session.turns, self._segments)
        ]
        facts = [
            fact_memory(session, fact, turn)
            for turn in session.turns
            for fact in extract_facts(turn)
        ]
        tasks = [
            task
            for turn in session.turns
            if turn.role is Role.USER
            for task in extract_tasks(turn.text, turn.at, turn.id)
        ]
        return SessionPlan(len(segments), (*segments, *facts), tuple(tasks))

    def _write_session(self, session: Session, plan: SessionPlan, vectors: np.ndarray) -> int:
        memories = self._store.memories
        with self._store.db.write() as cur:
            self._store.conversations.insert_session(cur, session)
            ids = memories.insert(cur, plan.memories[: plan.segments], vectors[: plan.segments])
            encoded = list(vectors[: plan.segments])
            facts = zip(plan.memories[plan.segments :], vectors[plan.segments :], strict=True)
            for fact, vector in facts:
                current = memories.current_by_key(cur, fact.key) if fact.key else None
                if current is not None and current.content == fact.content:
                    continue
                if current is None:
                    ids += memories.insert(cur, [fact], vector.reshape(1, -1))
                else:
                    ids.append(memories.supersede(cur, current.id, fact, vector))
                encoded.append(vector)
            pairs = synaptic_pairs(ids, np.array(encoded), SYNAPTIC_THRESHOLD)
            self._store.links.add(cur, pairs, "synaptic", session.started_at)
            self._store.tasks.record(cur, plan.tasks)
        log.info("Imported session %s (%d turns)", session.id, len(session.turns))
        return len(ids)
