"""Near-duplicates (cosine > 0.92, same kind) merge: the more specific text wins as a new
version, importance is the larger plus 0.05, and both provenances are kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.embed import Embedder
from core.ingest.dedupe import merge_stored_duplicates
from core.ingest.remember import Lesson, remember
from core.model import DecayClass, MemoryKind, NewMemory
from core.store import MemoryStore

NOW = datetime(2026, 11, 18, 10, tzinfo=UTC)
PLAN = "Ana decided to move the billing service to Postgres next quarter."
DETAILED = PLAN[:-1] + ", starting with the invoices table."
SHORTER = "Ana decided to move billing to Postgres next quarter."


def fact(
    text: str,
    turn: str,
    importance: float,
    kind: MemoryKind = MemoryKind.SEMANTIC,
    at: datetime = NOW,
) -> NewMemory:
    return NewMemory(
        kind=kind,
        content=text,
        created_at=at,
        decay_class=DecayClass.SLOW,
        importance=importance,
        source_turn_ids=(turn,),
    )


def write(store: MemoryStore, embedder: Embedder, memory: NewMemory) -> tuple[str, ...]:
    with store.db.write() as cur:
        return remember(
            store, cur, Lesson((), (memory,)), embedder.embed([memory.content]), NOW
        ).memory_ids


def test_a_less_specific_repeat_folds_into_what_is_known(
    store: MemoryStore, embedder: Embedder
) -> None:
    (first,) = write(store, embedder, fact(PLAN, "t1", 0.6))
    (again,) = write(store, embedder, fact(SHORTER, "t2", 0.5))
    assert again == first
    (memory,) = store.memories.get_many([first])
    assert memory.content == PLAN
    assert memory.importance == 0.65
    assert memory.source_turn_ids == ("t1", "t2")
    assert store.memories.count() == 1


def test_a_more_specific_repeat_becomes_the_new_version(
    store: MemoryStore, embedder: Embedder
) -> None:
    (first,) = write(store, embedder, fact(PLAN, "t1", 0.6))
    (merged,) = write(store, embedder, fact(DETAILED, "t2", 0.7))
    assert merged != first
    (memory,) = store.memories.get_many([merged])
    assert memory.content == DETAILED
    assert memory.importance == 0.75
    assert set(memory.source_turn_ids) == {"t1", "t2"}
    assert [v.memory_id for v in store.lineage.chain(merged)] == [first, merged]
    assert store.memories.count() == 1


def test_a_corrected_value_is_the_new_version_and_an_older_one_does_not_undo_it(
    store: MemoryStore, embedder: Embedder
) -> None:
    """As long as each other, "June 4" folded into "June 3": the correction was lost."""
    said = "Ana asked to remember: Tom's birthday is June {}."
    (first,) = write(store, embedder, fact(said.format(3), "t1", 0.9))
    (corrected,) = write(store, embedder, fact(said.format(4), "t2", 0.9))
    assert corrected != first
    assert [v.memory_id for v in store.lineage.chain(corrected)] == [first, corrected]
    # A conversation from last year imported now says what was true then.
    last_year = NOW - timedelta(days=365)
    (kept,) = write(store, embedder, fact(said.format(2), "t0", 0.9, at=last_year))
    (memory,) = store.memories.of_kind(MemoryKind.SEMANTIC)
    assert kept == corrected and memory.content == said.format(4)


def test_different_kinds_and_different_facts_stay_apart(
    store: MemoryStore, embedder: Embedder
) -> None:
    write(store, embedder, fact(PLAN, "t1", 0.6))
    write(store, embedder, fact(PLAN, "t2", 0.6, MemoryKind.EPISODIC))
    write(store, embedder, fact("Ana hates Postgres.", "t3", 0.6))
    assert store.memories.count() == 3


def test_repeats_within_one_write_merge_too(store: MemoryStore, embedder: Embedder) -> None:
    memories = (fact(PLAN, "t1", 0.5), fact(SHORTER, "t2", 0.5))
    vectors = embedder.embed([m.content for m in memories])
    with store.db.write() as cur:
        remember(store, cur, Lesson((), memories), vectors, NOW + timedelta(minutes=1))
    (memory,) = store.memories.of_kind(MemoryKind.SEMANTIC)
    (full,) = store.memories.get_many([memory.id])
    assert full.content == PLAN and full.source_turn_ids == ("t1", "t2")


def test_an_imported_batch_folds_each_repeat_into_its_own_stored_twin(
    store: MemoryStore, embedder: Embedder
) -> None:
    """An import looks up the stored twins of a batch's facts together (their neighbours in
    one pass, the rows of those close enough in one read): each repeat still folds into the
    memory it repeats, and the rest are new."""
    cello = "Ana started learning to play the cello last winter."
    (plan,) = write(store, embedder, fact(PLAN, "t1", 0.6))
    (music,) = write(store, embedder, fact(cello, "t2", 0.6))
    batch = (
        fact("Ana began learning the cello last winter.", "t3", 0.5),
        fact("Ana adopted a golden retriever puppy called Biscuit.", "t4", 0.5),
        fact(SHORTER, "t5", 0.5),
    )
    with store.db.write() as cur:
        ids = remember(
            store, cur, Lesson((), batch), embedder.embed([m.content for m in batch]), NOW
        ).memory_ids
    assert music in ids and plan in ids and store.memories.count() == 3
    by_id = {m.id: m for m in store.memories.get_many([plan, music])}
    assert by_id[plan].content == PLAN and by_id[plan].source_turn_ids == ("t1", "t5")
    assert by_id[music].content == cello and by_id[music].source_turn_ids == ("t2", "t3")


def test_the_background_job_folds_duplicates_written_without_the_check(
    store: MemoryStore, embedder: Embedder
) -> None:
    first, second = fact(PLAN, "t1", 0.5), fact(SHORTER, "t2", 0.5)
    with store.db.write() as cur:  # straight to the table, as an older Engram would have
        store.memories.insert(cur, [first, second], embedder.embed([PLAN, SHORTER]))
    assert store.memories.count() == 2
    report = merge_stored_duplicates(store, NOW)
    assert (report.checked, report.merged) == (2, 1)
    (kept,) = store.memories.of_kind(MemoryKind.SEMANTIC)
    (full,) = store.memories.get_many([kept.id])
    assert full.content == PLAN and set(full.source_turn_ids) == {"t1", "t2"}
    assert full.importance == 0.55
    assert merge_stored_duplicates(store, NOW).checked == 0


def test_conversation_segments_are_records_and_never_merge(
    store: MemoryStore, embedder: Embedder
) -> None:
    segment = fact(PLAN, "t1", 0.5, MemoryKind.EPISODIC)
    again = fact(PLAN, "t2", 0.5, MemoryKind.EPISODIC)
    with store.db.write() as cur:
        remember(store, cur, Lesson((segment, again)), embedder.embed([PLAN, PLAN]), NOW)
    assert store.memories.count() == 2
    assert merge_stored_duplicates(store, NOW).merged == 0


def test_a_write_links_what_it_made_to_what_it_merged_into_without_doubling_a_link(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Links of a memory the write inserted go in without a check against stored ones; those
    of a memory it merged into keep the check: written twice, nothing fails or doubles."""
    (known,) = write(store, embedder, fact(PLAN, "t1", 0.6))
    segment = NewMemory(
        MemoryKind.EPISODIC,
        "Ana: we decided to move billing to Postgres, the invoices table first.",
        NOW,
        source_turn_ids=("t2", "t3"),
    )
    for turn in ("t4", "t5"):
        lesson = Lesson((segment,), (fact(SHORTER, turn, 0.5),))
        with store.db.write() as cur:
            ids = remember(
                store, cur, lesson, embedder.embed([segment.content, SHORTER]), NOW
            ).memory_ids
        assert known in ids and len(ids) == 2
        (made,) = set(ids) - {known}
        cur = store.db.cursor()
        pairs = cur.execute(
            "SELECT memory_id, entity_id, count(*) FROM memory_entities "
            "WHERE memory_id IN (?, ?) GROUP BY ALL",
            [made, known],
        ).fetchall()
        assert {(m, e) for m, e, _ in pairs} >= {(made, "ana"), (made, "postgres")}
        assert {(m, e) for m, e, _ in pairs} >= {(known, "ana"), (known, "postgres")}
        assert {n for _, _, n in pairs} == {1}
        synaptic = cur.execute(
            "SELECT src_id, dst_id FROM links WHERE kind = 'synaptic' AND ? IN (src_id, dst_id)",
            [made],
        ).fetchall()
        assert sorted(synaptic) == sorted([(made, known), (known, made)])
