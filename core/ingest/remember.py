"""Writing what a conversation taught: segment memories, facts (superseding what they replace),
synaptic links between what was encoded together, and the to-dos said. Imported sessions and
live chat turns go through this same step."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import partial
from typing import TypeVar

import duckdb
import numpy as np

from core.ingest.dedupe import (
    Candidate,
    combine,
    merge_into,
    merge_within,
    stored_twins,
    twin_among,
)
from core.ingest.entities import ASSISTANTS, extract_entities
from core.ingest.fact import Fact, Relation
from core.ingest.references import Beliefs, named
from core.ingest.rules import extract_facts
from core.ingest.segments import segment_text
from core.ingest.told_when import past_told_of
from core.model import DecayClass, Memory, MemoryKind, NewMemory, Role, Task, Turn
from core.store import MemoryStore
from core.store.lineage import Lineage
from core.store.memories import MemoryRepository
from core.tasks import TaskCandidate, extract_tasks

log = logging.getLogger(__name__)
_Found = TypeVar("_Found")

# Cosine above which memories encoded together are linked.
SYNAPTIC_THRESHOLD = 0.5


@dataclass(frozen=True, slots=True)
class Lesson:
    """What some turns teach: segments first, then the facts stated, and the to-dos said."""

    segments: tuple[NewMemory, ...]
    facts: tuple[NewMemory, ...] = ()
    tasks: tuple[TaskCandidate, ...] = ()
    # (subject, relation, object) claims with the time they were made and the turn saying it.
    relations: tuple[tuple[Relation, datetime, str], ...] = ()

    @property
    def memories(self) -> tuple[NewMemory, ...]:
        return (*self.segments, *self.facts)


@dataclass(frozen=True, slots=True)
class Remembered:
    memory_ids: tuple[str, ...]
    fact_ids: tuple[str, ...]
    tasks: tuple[Task, ...]


def segment_memory(turns: Sequence[Turn], session_id: str, project: str | None) -> NewMemory:
    return NewMemory(
        kind=MemoryKind.EPISODIC,
        content=segment_text(turns),
        entities=extract_entities(" ".join(t.text for t in turns)),
        created_at=turns[-1].at,
        valid_from=turns[0].at,
        happened=past_told_of(turns),
        decay_class=DecayClass.MEDIUM,
        project=project,
        session_id=session_id,
        source_turn_ids=tuple(t.id for t in turns),
    )


def fact_memory(fact: Fact, turn: Turn, project: str | None) -> NewMemory:
    return NewMemory(
        kind=fact.kind,
        content=fact.content,
        created_at=turn.at,
        valid_from=fact.happened,
        happened=fact.happened_in,
        decay_class=DecayClass.SLOW,
        importance=fact.importance,
        project=project,
        session_id=turn.session_id,
        entities=extract_entities(fact.content),
        key=fact.key,
        replaces_key=fact.replaces,
        ends_only=fact.ends_only,
        began=fact.began,
        source_turn_ids=(turn.id,),
    )


def states_facts(turn: Turn) -> bool:
    """Whether what a turn says of its speaker is remembered: a person's, not an assistant's."""
    return turn.role is Role.USER or (turn.speaker or "Assistant") not in ASSISTANTS


def inline_extraction(
    segments: Sequence[NewMemory],
    turns: Sequence[Turn],
    project: str | None,
    earlier: Turn | None = None,
    beliefs: Beliefs | None = None,
) -> Lesson:
    """What `turns` teach besides their segments: rule facts and the relations they state (a
    person's, see `states_facts`), and to-dos from the user's turns (no LLM, well under 10 ms
    a turn). `earlier`: the user's turn before them, which a reminder asked for in the first
    ("Remind me about it tomorrow.") may be about. `beliefs`: what is believed, which names
    whom a fact leaves unnamed ("my dog died": `core.ingest.references`)."""
    read = [
        (fact, turn) for turn in turns if states_facts(turn) for fact in _read(extract_facts, turn)
    ]
    facts = [
        (fact, turn)
        for kept, (_, turn) in zip(named([f for f, _ in read], beliefs), read, strict=True)
        for fact in kept
    ]
    tasks: list[TaskCandidate] = []
    for turn in turns:
        if turn.role is Role.USER:
            tasks.extend(_read(partial(_to_dos, before=earlier), turn))
            earlier = turn
    return Lesson(
        tuple(segments),
        tuple(fact_memory(fact, turn, project) for fact, turn in facts),
        tuple(tasks),
        tuple((fact.relation, turn.at, turn.id) for fact, turn in facts if fact.relation),
    )


def _to_dos(turn: Turn, before: Turn | None) -> list[TaskCandidate]:
    return extract_tasks(turn.text, turn.at, turn.id, said_before=before.text if before else "")


def _read(read: Callable[[Turn], Sequence[_Found]], turn: Turn) -> Sequence[_Found]:
    """What one reading of a turn finds. A reading that fails on some text (a rule's bug: a
    Turkish "İ" once raised a KeyError) loses that turn's facts or to-dos, logged, not the
    conversation: its words are remembered in their segment all the same. Left to rise, it
    failed the exchange and every one after it, as the unlearnt turn is read again with each."""
    try:
        return read(turn)
    except Exception:
        log.exception("Reading turn %s for facts or to-dos failed; its words are kept", turn.id)
        return ()


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


@dataclass(frozen=True, slots=True)
class Encoded:
    """A lesson ready to write: one vector per memory of `lesson.memories`, in order, and the
    time its links and entities are stamped with."""

    lesson: Lesson
    vectors: np.ndarray
    at: datetime


def remember(
    store: MemoryStore,
    cur: duckdb.DuckDBPyConnection,
    lesson: Lesson,
    vectors: np.ndarray,
    linked_at: datetime,
) -> Remembered:
    """Write `lesson` inside the caller's transaction (see `remember_all`)."""
    return remember_all(store, cur, [Encoded(lesson, vectors, linked_at)])


def _keyless(lesson: Lesson, vectors: np.ndarray) -> list[Candidate]:
    """The lesson's segments and facts without a key, near-identical ones merged: what may
    repeat a stored memory (a fact with a key replaces what is believed on it instead)."""
    count = len(lesson.segments)
    keyless = [(f, v) for f, v in zip(lesson.facts, vectors[count:], strict=True) if not f.key]
    return merge_within(
        [*lesson.segments, *(f for f, _ in keyless)],
        np.array([*vectors[:count], *(v for _, v in keyless)]).reshape(-1, vectors.shape[1]),
    )


def remember_all(
    store: MemoryStore, cur: duckdb.DuckDBPyConnection, encoded: Sequence[Encoded]
) -> Remembered:
    """Write several sessions' lessons inside the caller's transaction, in order, each kind of
    row in one statement for all of them: a DuckDB statement costs 1-4 ms here whatever its
    rows, and an import writes ~14 kinds per session. Synaptic links join memories of the same
    lesson only. A fact equal to what is already believed is skipped; a different one on the
    same key supersedes it, unless what is believed was said later (an old conversation
    imported, a message learnt late after a failed write). Near-duplicates (cosine > 0.92,
    same kind) merge into what is already there, or into what an earlier lesson said."""
    memories = store.memories
    lessons = [_Written(e.at) for e in encoded]
    inserts: list[_Insert] = []
    # A memory merged into earlier in this transaction is read back as it now is: the index
    # only sees what was committed.
    replaced: dict[str, str] = {}
    fresh = [_keyless(item.lesson, item.vectors) for item in encoded]
    twins = iter(stored_twins(store, [c for candidates in fresh for c in candidates]))
    for candidates, written in zip(fresh, lessons, strict=True):
        for candidate in candidates:
            twin = next(twins)
            if twin is None:
                # An earlier session of the batch may have said it: the index cannot tell yet.
                pending = twin_among([i.candidate for i in inserts], candidate)
                if pending is None:
                    inserts.append(_Insert(candidate, [(written, candidate.vector)]))
                else:
                    inserts[pending].absorb(candidate, written)
                continue
            current = twin.id
            while current in replaced:
                current = replaced[current]
            if current != twin.id:
                twin = memories.read(cur, current) or twin
            merged_id = merge_into(store, cur, twin, candidate)
            if merged_id != twin.id:
                replaced[twin.id] = merged_id
            written.add(merged_id, candidate.vector)
    # Memories this transaction inserted, as written: what links to them cannot be stored yet.
    inserted: dict[str, NewMemory] = {}
    if inserts:
        new_ids = memories.insert(
            cur,
            [i.candidate.memory for i in inserts],
            np.array([i.candidate.vector for i in inserts]),
        )
        inserted.update(zip(new_ids, (i.candidate.memory for i in inserts), strict=True))
        for new_id, insert in zip(new_ids, inserts, strict=True):
            fact = insert.candidate.memory.kind is not MemoryKind.EPISODIC
            for written, vector in insert.said_in:
                written.add(new_id, vector, fact=fact)
    inserted |= _believe(
        memories,
        store.lineage,
        cur,
        [
            (written, fact, vector)
            for item, written in zip(encoded, lessons, strict=True)
            for fact, vector in zip(
                item.lesson.facts, item.vectors[len(item.lesson.segments) :], strict=True
            )
            if fact.key
        ],
    )
    store.links.add(
        cur,
        [
            (a, b, weight, written.at)
            for written in lessons
            if written.ids
            for a, b, weight in synaptic_pairs(
                written.ids, np.array(written.vectors), SYNAPTIC_THRESHOLD
            )
        ],
        "synaptic",
        fresh=inserted,
    )
    ids = [i for written in lessons for i in written.ids]
    # The entities of what this write inserted are known; those of what it merged into are
    # read back (a merge may have changed the text).
    named = {i: (m.content, m.entities) for i, m in inserted.items()}
    merged = [i for i in dict.fromkeys(ids) if i not in inserted]
    if merged:
        named |= {m.id: (m.content, m.entities) for m in memories.get_many_in(cur, merged)}
    store.entities.link_at(
        cur,
        [
            (i, *named[i], written.at)
            for written in lessons
            for i in dict.fromkeys(written.ids)
            if i in named
        ],
        inserted,
    )
    store.entities.relate(cur, [r for e in encoded for r in e.lesson.relations])
    tasks = store.tasks.record(cur, [t for e in encoded for t in e.lesson.tasks])
    return Remembered(
        tuple(ids), tuple(i for written in lessons for i in written.fact_ids), tuple(tasks)
    )


def _believe(
    memories: MemoryRepository,
    lineage: Lineage,
    cur: duckdb.DuckDBPyConnection,
    keyed: Sequence[tuple[_Written, NewMemory, np.ndarray]],
) -> dict[str, NewMemory]:
    """Keyed facts in the order said, each against what is believed on its key by then (read
    once for all keys, then followed through the facts before it): a repeat is skipped; a fact
    older than a stored belief (an old conversation imported late) becomes its history, in the
    chain at its time; anything else is written as the belief's next version (of the belief
    on the key it replaces, where its own holds none). Returns the memories written, by id."""
    stored = memories.current_by_keys(
        cur, [key for _, fact, _ in keyed for key in (fact.key, fact.replaces_key) if key]
    )
    # What each key holds by now: a stored memory, or the index of a fact kept below.
    believed: dict[str, Memory | int] = dict(stored)
    kept: list[tuple[_Written, NewMemory, np.ndarray, Memory | int | None]] = []
    # Older than a fact kept below: its history once that is written.
    earlier: list[tuple[tuple[_Written, NewMemory, np.ndarray], int]] = []
    history: dict[str, NewMemory] = {}
    for written, fact, vector in keyed:
        key = fact.key or ""
        held = believed.get(key)
        other = believed.get(fact.replaces_key or "") if held is None else None
        told = kept[other][1] if isinstance(other, int) else other
        if told is not None and fact.replaces_key and _since(told) <= _since(fact):
            # Its chain goes on from the other key's belief, which no longer holds.
            held = believed.pop(fact.replaces_key)
        said = kept[held][1] if isinstance(held, int) else held
        if (said is not None and said.content == fact.content) or (said is None and fact.ends_only):
            continue
        if said is not None and _since(said) > _since(fact) and not _corrects(fact, said):
            if isinstance(held, Memory):
                history.update(
                    _remember_as_history(memories, lineage, cur, (written, fact, vector), held)
                )
            elif held is not None:
                earlier.append(((written, fact, vector), held))
            continue
        believed[key] = len(kept)
        kept.append((written, fact, vector, held))
    if not kept:
        return history
    new_ids = memories.insert(
        cur, [fact for _, fact, _, _ in kept], np.array([vector for _, _, vector, _ in kept])
    )
    versions = []
    for (written, fact, vector, held), new_id in zip(kept, new_ids, strict=True):
        written.add(new_id, vector, fact=True)
        if held is not None:
            old_id = new_ids[held] if isinstance(held, int) else held.id
            versions.append((old_id, new_id, fact.valid_from or fact.created_at))
    memories.close_versions(cur, versions)
    for said_then, held in earlier:
        belief = memories.read(cur, new_ids[held])
        if belief is not None:
            history.update(_remember_as_history(memories, lineage, cur, said_then, belief))
    return history | dict(zip(new_ids, (fact for _, fact, _, _ in kept), strict=True))


def _since(fact: NewMemory | Memory) -> datetime:
    """Since when a fact holds as far as the order of what is believed goes: when it was said,
    or when a change told as the past began."""
    return (fact.began if isinstance(fact, NewMemory) else None) or fact.created_at


# A change told as the past goes into the key's history when what is believed there was said
# after it began, unless that was within this long of it and told before it: "I live in
# Lisbon", then "We moved to Porto in March" is a move that holds now (a second move, never
# told, between March and when Lisbon was said is the rarer reading); "I moved to Berlin back
# in 2019" is history.
_MOVES_APART = timedelta(days=365)


def _corrects(fact: NewMemory, said: NewMemory | Memory) -> bool:
    """Whether `fact`, a change told as the past, holds over `said`, believed since after it
    began."""
    return (
        fact.began is not None
        and fact.created_at > said.created_at
        and said.created_at - fact.began < _MOVES_APART
    )


def _remember_as_history(
    memories: MemoryRepository,
    lineage: Lineage,
    cur: duckdb.DuckDBPyConnection,
    said: tuple[_Written, NewMemory, np.ndarray],
    belief: Memory,
) -> dict[str, NewMemory]:
    """Before the first version of `belief`'s chain said after it, unless the version before
    that already says the same. Returns what was written, by id."""
    written, fact, vector = said
    if fact.began is not None:
        fact = replace(fact, valid_from=fact.began)
    said_at = fact.valid_from or fact.created_at
    chain = lineage.chain(belief.id, cur)
    at = next((i for i, v in enumerate(chain) if v.valid_from > said_at), None)
    if at is None:
        return {}
    earlier = [chain[at - 1].memory_id] if at else []
    if earlier and any(m.content == fact.content for m in memories.get_many_in(cur, earlier)):
        return {}
    new_id = memories.insert_earlier(cur, fact, vector, chain[at].memory_id)
    written.add(new_id, vector)
    return {new_id: fact}


@dataclass
class _Insert:
    """A new memory to write and the lessons that said it, each with its own vector."""

    candidate: Candidate
    said_in: list[tuple[_Written, np.ndarray]]

    def absorb(self, twin: Candidate, written: _Written) -> None:
        kept = self.candidate
        self.candidate = Candidate(combine(kept.memory, twin.memory), kept.vector)
        self.said_in.append((written, twin.vector))


@dataclass
class _Written:
    """What one lesson's write produced, in order."""

    at: datetime
    ids: list[str] = field(default_factory=list)
    vectors: list[np.ndarray] = field(default_factory=list)
    fact_ids: list[str] = field(default_factory=list)

    def add(self, memory_id: str, vector: np.ndarray, *, fact: bool = False) -> None:
        self.ids.append(memory_id)
        self.vectors.append(vector)
        if fact:
            self.fact_ids.append(memory_id)
