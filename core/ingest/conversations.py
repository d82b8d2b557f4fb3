"""Conversation import: sessions and turns stored as they were, and remembered as 3-5 turn
segments that point back to their turns. One transaction per session, so a crash mid-import
loses at most the session being written and a re-run picks up where it stopped."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from core.embed import Embedder
from core.errors import InputError
from core.ingest.entities import extract_entities
from core.ingest.rules import Fact, extract_facts
from core.ingest.segments import SegmentConfig, segment_text, segment_turns
from core.model import DecayClass, MemoryKind, NewMemory, Session, Turn
from core.store import MemoryStore

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]
# Cosine above which memories of one session are linked at encoding time.
SYNAPTIC_THRESHOLD = 0.5


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
        imported = turns = memories = 0
        for done, session in enumerate(sessions, start=1):
            if cancel is not None and cancel.is_set():
                return ImportReport(imported, len(existing), turns, memories, cancelled=True)
            if session.id not in existing:
                memories += self._import_session(session)
                imported += 1
                turns += len(session.turns)
            if progress is not None:
                progress(done, len(sessions))
        self._store.maintain()
        return ImportReport(imported, len(existing), turns, memories)

    def _import_session(self, session: Session) -> int:
        segments = [
            segment_memory(session, turns) for turns in segment_turns(session.turns, self._segments)
        ]
        facts = [
            fact_memory(session, fact, turn)
            for turn in session.turns
            for fact in extract_facts(turn)
        ]
        vectors = self._embedder.embed([m.content for m in [*segments, *facts]])
        memories = self._store.memories
        with self._store.db.write() as cur:
            self._store.conversations.insert_session(cur, session)
            ids = memories.insert(cur, segments, vectors[: len(segments)])
            encoded = list(vectors[: len(segments)])
            for fact, vector in zip(facts, vectors[len(segments) :], strict=True):
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
        log.info("Imported session %s (%d turns)", session.id, len(session.turns))
        return len(ids)
