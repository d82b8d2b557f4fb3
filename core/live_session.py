"""The conversation a chat is in: its turns so far and what of them is remembered, written
and learnt. A stored conversation can be gone on with: it is taken up as it was left."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from core.errors import InputError
from core.ingest.segments import SegmentConfig, worth_remembering
from core.model import Session, Turn
from core.retrieval.scoring import SearchResult
from core.store import MemoryStore

# A segment of the live conversation: the ids it was cut with, and those of its turns still
# holding their words.
Segment = tuple[tuple[str, ...], tuple[Turn, ...]]


@dataclass
class LiveSession:
    session: Session
    turns: list[Turn]
    stored_segments: set[tuple[str, ...]]
    # Turns worth remembering when they were said. Segments are cut from these, less those
    # not stored: a forget that blanks some later does not shift the cuts (every later
    # segment, already stored, was remembered again), and a paused turn never sits in a
    # segment that could not be stored (the turns beside it were in no memory).
    segmentable: set[str] = field(default_factory=set)
    # Turns said while memory was paused: in the conversation, never in the store.
    unrecorded: set[str] = field(default_factory=set)
    # The user's stored turns whose facts and to-dos are not written yet (a failed write
    # leaves them here for the next exchange or the close to learn).
    unlearnt: list[Turn] = field(default_factory=list)
    # What exchanges recalled and have not strengthened yet, with when they recalled it.
    unboosted: list[tuple[tuple[SearchResult, ...], datetime]] = field(default_factory=list)
    # Turns said before the conversation was resumed: remembered already, only the last few
    # are cut into segments again, to lead into what is said now.
    earlier: frozenset[str] = frozenset()

    @property
    def last_at(self) -> datetime | None:
        return self.turns[-1].at if self.turns else None

    @property
    def recorded(self) -> bool:
        """Whether the session's own row is in the file (written with its first stored turn)."""
        return any(t.id not in self.unrecorded for t in self.turns)


def resumed(store: MemoryStore, session_id: str, segments: SegmentConfig) -> LiveSession:
    """A stored conversation taken up again: its turns are the conversation so far (the recent
    ones reach the prompt), its last turns worth remembering lead into the next segment, and
    the file hears it is open again (a crash before it is closed leaves it to be closed at
    the next start, as any open one)."""
    rows = store.conversations.sessions([session_id])
    turns = store.conversations.session_turns(session_id)
    if not rows or not any(t.text for t in turns):
        raise InputError("That conversation is no longer remembered.")
    (session,) = rows
    kept = [t.id for t in turns if worth_remembering(t)]
    lead = max(0, len(kept) - (segments.min_turns - 1))
    with store.db.write(memory_rows=False) as cur:
        store.conversations.reopen_session(cur, session_id)
    return LiveSession(
        session,
        turns,
        set(),
        segmentable=set(kept[lead:]),
        earlier=frozenset(t.id for t in turns),
    )
