"""Importing conversations: provenance kept, re-runs idempotent, conflicts refused whole."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest

from core.embed import Embedder
from core.errors import InputError
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from tests.core.conversation_factory import conversation, detail, saying

# Ana says where she lives, then that she moved.
MOVED = {(0, 0): "I live in Berlin, near the river.", (1, 0): "Big news: I moved to Lisbon!"}


def test_sessions_become_overlapping_segments_that_name_their_turns(
    store: MemoryStore, embedder: Embedder
) -> None:
    sessions = parse_conversations(conversation(sessions=3, turns_per_session=11))
    report = ConversationImporter(store, embedder).import_sessions(sessions)
    # 11 turns: turns 0-4, 4-8, 8-10 (stride 4, one turn shared between neighbours).
    assert (report.sessions_imported, report.turns, report.memories) == (3, 33, 9)
    request = SearchRequest("sourdough bread note 109", datetime(2026, 6, 1, tzinfo=UTC), k=3)
    outcome = Retriever(store, embedder).search(request)
    top = outcome.results[0].memory
    assert top.source_turn_ids == ("S1:T8", "S1:T9", "S1:T10")
    first_line = top.content.splitlines()[0]
    assert first_line == f"Ana: {detail(108)} More about baking sourdough bread (note 108)."
    assert top.session_id == "S1"


def test_a_cancelled_import_keeps_its_batches_and_the_next_one_finishes(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Cancel in the manager stops between batches: what was written stays, and importing the
    file again skips it and writes the rest."""
    sessions = parse_conversations(conversation(sessions=6, turns_per_session=50))
    cancel = threading.Event()
    steps: list[tuple[int, int]] = []

    def stop_after_the_first_batch(done: int, total: int) -> None:
        steps.append((done, total))
        cancel.set()

    importer = ConversationImporter(store, embedder)
    first = importer.import_sessions(sessions, progress=stop_after_the_first_batch, cancel=cancel)
    assert first.cancelled and steps == [(first.sessions_imported, 6)]
    assert 0 < first.sessions_imported < 6
    stored = store.db.cursor().execute("SELECT count(*) FROM sessions").fetchall()[0][0]
    assert stored == first.sessions_imported
    again = importer.import_sessions(sessions)
    assert not again.cancelled and again.sessions_skipped == first.sessions_imported
    assert again.sessions_imported == 6 - first.sessions_imported


def test_reimport_skips_what_is_already_there(store: MemoryStore, embedder: Embedder) -> None:
    importer = ConversationImporter(store, embedder)
    importer.import_sessions(parse_conversations(conversation(sessions=2)))
    report = importer.import_sessions(parse_conversations(conversation(sessions=3)))
    assert (report.sessions_imported, report.sessions_skipped) == (1, 2)
    assert store.conversations.counts() == (3, 18)


def test_turn_id_already_used_by_another_session_writes_nothing(
    store: MemoryStore, embedder: Embedder
) -> None:
    importer = ConversationImporter(store, embedder)
    importer.import_sessions(parse_conversations(conversation(sessions=1)))
    clash = conversation(sessions=2)
    clash["sessions"] = clash["sessions"][1:]
    clash["sessions"][0]["turns"][0]["id"] = "S0:T0"
    with pytest.raises(InputError, match="already stored in other sessions"):
        importer.import_sessions(parse_conversations(clash))
    assert store.conversations.counts() == (1, 6)


def test_a_later_export_adds_what_was_said_since(store: MemoryStore, embedder: Embedder) -> None:
    """A chat app's export taken again later holds the same conversations, gone on: what was
    said since is remembered (it was skipped whole with its session, never to be learnt)."""
    importer = ConversationImporter(store, embedder)
    importer.import_sessions(parse_conversations(conversation(sessions=1, turns_per_session=6)))
    later = saying({(0, 8): "I live in Tbilisi these days."}, sessions=2, turns_per_session=10)
    report = importer.import_sessions(parse_conversations(later))
    assert (report.sessions_imported, report.sessions_continued, report.turns) == (1, 1, 14)
    assert report.notes() == [
        "1 session already here went on in this file: what was said since was added."
    ]
    assert store.conversations.counts() == (2, 20)
    said = store.conversations.session_turns("S0")
    assert [t.id for t in said] == [f"S0:T{i}" for i in range(10)]
    assert [t.seq for t in said] == list(range(10))
    # Remembered as a session's segments are: the first new one overlaps the turn before it.
    rows = store.db.cursor().execute(
        "SELECT id FROM memories WHERE session_id = 'S0' AND kind = 'episodic'"
    )
    segments = {m.source_turn_ids for m in store.memories.get_many([r[0] for r in rows.fetchall()])}
    first, tail, new = (
        ("S0:T0", "S0:T1", "S0:T2", "S0:T3", "S0:T4"),
        ("S0:T3", "S0:T4", "S0:T5"),
        ("S0:T5", "S0:T6", "S0:T7", "S0:T8", "S0:T9"),
    )
    assert segments == {first, tail, new}
    facts = store.memories.current_by_keys(store.db.cursor(), ["ana: location"])
    assert facts["ana: location"].content == "Ana lives in Tbilisi"
    again = importer.import_sessions(parse_conversations(later))
    assert (again.sessions_skipped, again.turns, again.notes()) == (2, 0, [])


def test_a_file_that_reuses_a_conversations_ids_is_refused_whole(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Two files that both number their sessions and turns from 1: the second one's sessions
    were counted "already present" and silently left out."""
    importer = ConversationImporter(store, embedder)
    importer.import_sessions(parse_conversations(conversation(sessions=1)))
    other = saying({(0, 1): "A different conversation altogether."}, sessions=2)
    with pytest.raises(InputError, match="turn 'S0:T1' of session 'S0'.*nothing was imported"):
        importer.import_sessions(parse_conversations(other))
    assert store.conversations.counts() == (1, 6)


def test_a_conversation_edited_since_it_was_imported_is_left_out_and_said(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Editing a message in a chat app starts a new branch: a turn of a new id where an old one
    was. What is remembered is not rewritten, and the user is told which were left out."""
    importer = ConversationImporter(store, embedder)
    importer.import_sessions(parse_conversations(conversation(sessions=1)))
    edited = conversation(sessions=2)
    edited["sessions"][0]["turns"][3]["id"] = "S0:T3-edited"
    report = importer.import_sessions(parse_conversations(edited))
    assert (report.sessions_imported, report.sessions_differing) == (1, ("S0",))
    assert report.notes("conversation") == [
        "1 conversation left out ('S0'): changed since conversations of the same id were "
        "imported (a message edited); what is remembered is not rewritten."
    ]
    assert [t.id for t in store.conversations.session_turns("S0")][3] == "S0:T3"


def test_lone_surrogates_spelt_out_in_the_json_are_stored_not_a_crash(
    store: MemoryStore, embedder: Embedder
) -> None:
    """JSON may write characters that are not text ("\\ud800"); the import died on them with
    a UnicodeEncodeError traceback."""
    data = saying({(0, 0): "I live in Porto \ud800 now"}, sessions=1, turns_per_session=4)
    data["sessions"][0]["turns"][1]["speaker"] = "Ana \udcff"
    report = ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    assert report.turns == 4
    first, second = (
        store.db.cursor()
        .execute("SELECT text, speaker FROM turns WHERE seq < 2 ORDER BY seq")
        .fetchall()
    )
    assert first[0] == "I live in Porto ? now" and second[1] == "Ana ?"


def test_trivial_and_empty_turns_are_kept_as_turns_but_not_remembered(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = saying(
        {
            (0, 1): "   ",
            (0, 2): "ok, thanks!",
        },
        sessions=1,
        turns_per_session=4,
    )
    report = ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    assert (report.turns, report.memories) == (4, 1)
    (memory,) = store.memories.get_many([h.memory_id for h in store.fulltext.search("note")])
    assert memory.source_turn_ids == ("S0:T0", "S0:T3")


def test_a_later_statement_supersedes_the_earlier_fact(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = saying(MOVED, sessions=2, turns_per_session=2)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    query = SearchRequest("where does Ana live", datetime(2026, 6, 1, tzinfo=UTC), k=5)
    found = Retriever(store, embedder).search(query).results
    facts = [r.memory for r in found if r.memory.key == "ana: location"]
    assert [m.content for m in facts] == ["Ana lives in Lisbon"]
    chain = store.lineage.chain(facts[0].id)
    old = store.memories.get(chain[0].memory_id)
    assert old.content == "Ana lives in Berlin" and old.superseded_by == facts[0].id
    assert old.source_turn_ids == ("S0:T0",)
    # What was true then is still answerable.
    past = SearchRequest(
        "where does Ana live",
        datetime(2026, 6, 1, tzinfo=UTC),
        k=5,
        as_of=datetime(2026, 1, 1, 12, tzinfo=UTC),
    )
    then = [r.memory.content for r in Retriever(store, embedder).search(past).results]
    assert "Ana lives in Berlin" in then and "Ana lives in Lisbon" not in then


def test_an_older_conversation_imported_later_is_the_newer_facts_history(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = saying(MOVED, sessions=2, turns_per_session=2)
    sessions = parse_conversations(data)
    importer = ConversationImporter(store, embedder)
    importer.import_sessions(sessions[1:])
    importer.import_sessions(sessions[:1])
    query = SearchRequest("where does Ana live", datetime(2026, 6, 1, tzinfo=UTC), k=5)
    found = Retriever(store, embedder).search(query).results
    (now,) = [r.memory for r in found if r.memory.key == "ana: location"]
    assert now.content == "Ana lives in Lisbon"
    # ...and the older statement is its history, not dropped: what was true then is answerable.
    chain = [store.memories.get(v.memory_id) for v in store.lineage.chain(now.id)]
    assert [m.content for m in chain] == ["Ana lives in Berlin", "Ana lives in Lisbon"]
    assert chain[0].valid_to == chain[1].valid_from and chain[0].source_turn_ids == ("S0:T0",)
    then = datetime(2026, 1, 1, 12, tzinfo=UTC)
    assert store.lineage.as_of(now.id, then) == chain[0].id
    past = SearchRequest("where does Ana live", datetime(2026, 6, 1, tzinfo=UTC), k=5, as_of=then)
    said_then = [r.memory.content for r in Retriever(store, embedder).search(past).results]
    assert "Ana lives in Berlin" in said_then and "Ana lives in Lisbon" not in said_then


def test_memories_of_one_session_that_overlap_are_linked(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = conversation(sessions=1, turns_per_session=9)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    ids = [h.memory_id for h in store.fulltext.search("note")]
    links = store.links.neighbours(ids, datetime(2026, 1, 1, tzinfo=UTC))
    assert links and all(link.kind == "synaptic" and link.weight > 0.5 for link in links)


def test_sessions_written_together_are_still_remembered_session_by_session(
    store: MemoryStore, embedder: Embedder
) -> None:
    """An import writes a batch of sessions in one transaction; what it remembers is what
    writing them one by one remembers: two talks about the same thing two months apart are
    linked inside each talk only, each link and entity sighting dated by its own talk."""
    data = conversation(sessions=2, turns_per_session=9)
    later = datetime(2026, 3, 2, 9, tzinfo=UTC)
    second = data["sessions"][1]
    second["started_at"] = later.isoformat()
    for turn, first_turn in zip(second["turns"], data["sessions"][0]["turns"], strict=True):
        turn["text"] = first_turn["text"]
        turn["at"] = later.isoformat()
    sessions = parse_conversations(data)
    ConversationImporter(store, embedder).import_sessions(sessions)
    ids = [h.memory_id for h in store.fulltext.search("note")]
    session_of = {m.id: m.session_id for m in store.memories.get_many(ids)}
    assert sorted(set(session_of.values())) == ["S0", "S1"]
    links = store.links.neighbours(ids, later)
    assert {session_of[link.src_id] for link in links} == {"S0", "S1"}
    for link in links:
        assert session_of[link.dst_id] == session_of[link.src_id]
        assert link.updated_at == sessions[int(session_of[link.src_id][1])].started_at
    (kenji,) = [e for e in store.entities.all() if e.id == "kenji"]
    assert (kenji.first_seen, kenji.last_seen) == (sessions[0].started_at, later)


def test_a_decision_repeated_in_sessions_imported_together_is_remembered_once(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = saying(
        {
            (0, 0): "We decided to paint the kitchen sage green.",
            (1, 0): "So we decided to paint the kitchen sage green!",
        },
        sessions=2,
        turns_per_session=2,
    )
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    decisions = store.memories.of_kind(MemoryKind.SEMANTIC)
    assert [m.content for m in decisions] == ["Decided: paint the kitchen sage green"]
    assert decisions[0].source_turn_ids == ("S0:T0", "S1:T0")


def test_a_link_renewed_by_a_later_session_of_the_batch_carries_its_time(
    store: MemoryStore, embedder: Embedder
) -> None:
    both = (
        "We decided to paint the kitchen sage green. We decided to paint the bathroom sage green."
    )
    data = saying({(0, 0): both, (1, 0): f"So, again: {both}"}, sessions=2, turns_per_session=2)
    sessions = parse_conversations(data)
    ConversationImporter(store, embedder).import_sessions(sessions)
    kitchen, bathroom = store.memories.of_kind(MemoryKind.SEMANTIC)
    (link,) = [
        link
        for link in store.links.neighbours([kitchen.id], sessions[1].started_at)
        if link.dst_id == bathroom.id
    ]
    assert link.updated_at == sessions[1].started_at


def test_moves_said_in_one_import_batch_chain_in_the_order_said(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = saying(
        {
            (0, 0): "I live in Berlin, near the river.",
            (1, 0): "Big news: I moved to Lisbon!",
            (2, 0): "And now I moved to Porto.",
            (3, 0): "I live in Porto, by the way.",
        },
        sessions=4,
        turns_per_session=2,
    )
    sessions = parse_conversations(data)
    ConversationImporter(store, embedder).import_sessions(sessions)
    (current,) = [
        m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if m.key == "ana: location"
    ]
    assert current.content == "Ana lives in Porto"
    chain = [store.memories.get(v.memory_id) for v in store.lineage.chain(current.id)]
    assert [m.content for m in chain] == [
        "Ana lives in Berlin",
        "Ana lives in Lisbon",
        "Ana lives in Porto",
    ]
    assert [m.valid_to for m in chain] == [sessions[1].started_at, sessions[2].started_at, None]
    assert [m.supersedes for m in chain] == [None, chain[0].id, chain[1].id]
    assert chain[2].source_turn_ids == ("S2:T0",)
