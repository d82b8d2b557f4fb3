"""The entity graph: typed entities linked to the memories that name them, relationships with
since/until, entity overlap in retrieval, and nothing of a forgotten name left behind."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from core.consolidate import JobContext, run_jobs
from core.core_memory import CoreMemory
from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.ingest.entities import EntityType, extract_entities, typed_entities
from core.memory_catalog import MemoryCatalog
from core.model import MemoryKind
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore

NOW_APRIL = datetime(2026, 4, 1, tzinfo=UTC)


def session(sid: str, day: int, texts: list[str]) -> dict[str, Any]:
    at = datetime(2026, 3, day, 9, tzinfo=UTC)
    return {
        "id": sid,
        "started_at": at.isoformat(),
        "turns": [
            {
                "id": f"{sid}:{i}",
                "role": "user" if i % 2 == 0 else "assistant",
                "speaker": "Ana" if i % 2 == 0 else "Engram",
                "text": text,
                "at": at.replace(minute=i).isoformat(),
            }
            for i, text in enumerate(texts)
        ],
    }


def importing(store: MemoryStore, embedder: Embedder, *sessions: dict[str, Any]) -> None:
    ConversationImporter(store, embedder).import_sessions(
        parse_conversations({"sessions": list(sessions)})
    )


def test_entities_are_typed_and_linked_with_first_and_last_seen(
    store: MemoryStore, embedder: Embedder
) -> None:
    importing(
        store,
        embedder,
        session(
            "s1",
            2,
            [
                "I live in Berlin and I went hiking with Marta.",
                "Sounds lovely.",
                "The Helios project notes are in roadmap.md, Marta wrote most of it.",
            ],
        ),
        session("s2", 20, ["Marta and I are planning the Helios launch.", "Exciting!"]),
    )
    found = {e.id: e for e in store.entities.all()}
    assert found["berlin"].type is EntityType.PLACE
    assert found["marta"].type is EntityType.PERSON
    assert found["helios"].type is EntityType.PROJECT
    assert found["roadmap.md"].type is EntityType.FILE
    assert found["ana"].type is EntityType.PERSON
    assert found["marta"].first_seen.day == 2 and found["marta"].last_seen.day == 20
    assert found["marta"].memories >= 2
    # The assistant a conversation was held with is no one it spoke of.
    assert "engram" not in found


def test_who_spoke_is_no_one_mentioned_when_the_labels_name_no_one(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Turns imported without speaker names are labelled User and Assistant in their
    segments: labels, not people."""
    importing(
        store,
        embedder,
        {
            "id": "s1",
            "started_at": "2026-03-02T09:00:00+00:00",
            "turns": [
                {"id": f"s1:{i}", "role": role, "text": text, "at": "2026-03-02T09:00:00+00:00"}
                for i, (role, text) in enumerate(
                    [
                        ("user", "I went hiking with Marta near Sintra."),
                        ("assistant", "Sounds lovely."),
                        ("user", "Marta wants to go again in May."),
                    ]
                )
            ],
        },
    )
    names = {e.id for e in store.entities.all()}
    assert "marta" in names
    assert not names & {"user", "assistant"}


def test_a_move_closes_the_old_relationship_and_opens_the_new_one(
    store: MemoryStore, embedder: Embedder
) -> None:
    importing(store, embedder, session("s1", 2, ["I live in Berlin.", "Nice city."]))
    importing(store, embedder, session("s2", 9, ["I moved to Lisbon last week!", "Congrats."]))
    relations = [(r.source, r.relation, r.target) for r in store.entities.relationships()]
    assert relations == [("ana", "lives_in", "berlin"), ("ana", "lives_in", "lisbon")]
    berlin, lisbon = store.entities.relationships()
    assert berlin.until == lisbon.since == datetime(2026, 3, 9, 9, tzinfo=UTC)
    assert lisbon.until is None


def test_leaving_a_job_closes_the_relationship_without_opening_one(
    store: MemoryStore, embedder: Embedder
) -> None:
    importing(store, embedder, session("s1", 2, ["I work at Siemens.", "Nice."]))
    importing(store, embedder, session("s2", 9, ["I quit my job at Siemens!", "Wow."]))
    (siemens,) = store.entities.relationships()
    assert (siemens.source, siemens.relation, siemens.target) == ("ana", "works_at", "siemens")
    assert siemens.until == datetime(2026, 3, 9, 9, tzinfo=UTC)


def test_graduating_closes_the_school_a_student_was_at(
    store: MemoryStore, embedder: Embedder
) -> None:
    importing(store, embedder, session("s1", 2, ["I'm a student at MIT.", "Nice."]))
    importing(store, embedder, session("s2", 9, ["I graduated from MIT!", "Congrats."]))
    (mit,) = store.entities.relationships()
    assert (mit.source, mit.relation, mit.target) == ("ana", "studies_at", "mit")
    assert mit.until == datetime(2026, 3, 9, 9, tzinfo=UTC)
    assert not [r for r in store.entities.relationships() if r.relation == "works_at"]
    school = store.memories.current_by_keys(store.db.cursor(), ["ana: school"])["ana: school"]
    assert school.content == "Ana graduated from MIT"


def test_entity_overlap_counts_in_retrieval(store: MemoryStore, embedder: Embedder) -> None:
    importing(
        store,
        embedder,
        session("s1", 2, ["Marta recommended a ramen place near the station.", "Noted."]),
    )
    outcome = Retriever(store, embedder).search(
        SearchRequest("What did Marta recommend?", datetime(2026, 4, 1, tzinfo=UTC))
    )
    assert outcome.results[0].signals["entity"] > 0


def test_forgetting_removes_names_no_memory_mentions_any_more(
    store: MemoryStore, embedder: Embedder
) -> None:
    importing(store, embedder, session("s1", 2, ["I live in Zanzibarquokka.", "Really?"]))
    assert "zanzibarquokka" in {e.id for e in store.entities.all()}
    ids = [m.id for m in store.memories.recent(10)]
    store.forget(ids, datetime(2026, 4, 1, tzinfo=UTC))
    assert store.entities.all() == []
    assert store.entities.relationships() == []


def test_forgetting_a_claim_takes_its_relationship_even_when_the_names_stay(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Berlin and Ana are still named elsewhere, so neither entity goes; the relationship the
    forgotten sentence stated must go all the same."""
    importing(store, embedder, session("s1", 2, ["I live in Berlin.", "Nice city."]))
    importing(store, embedder, session("s2", 9, ["Ana and I loved the Berlin zoo.", "Fun!"]))
    claim = next(m for m in store.memories.recent(10) if m.key and "Berlin" in m.content)
    store.forget([claim.id], datetime(2026, 4, 1, tzinfo=UTC))
    assert {"ana", "berlin"} <= {e.id for e in store.entities.all()}
    assert store.entities.relationships() == []


def test_forgetting_another_conversation_leaves_what_the_user_said_of_themselves(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A chat's turns name no speaker: their relationships are the user's, and no memory
    names "user". Forgetting an unrelated conversation took every one of them."""

    def unnamed(sid: str, day: int, text: str) -> dict[str, Any]:
        told = session(sid, day, [text, "Nice."])
        return {**told, "turns": [{**t, "speaker": None} for t in told["turns"]]}

    importing(
        store,
        embedder,
        unnamed("s1", 2, "I live in Lisbon and I work at Acme."),
        unnamed("s2", 9, "I went hiking with Marta."),
    )
    relations = {(r.source, r.relation, r.target) for r in store.entities.relationships()}
    assert relations == {("user", "lives_in", "lisbon"), ("user", "works_at", "acme")}
    store.forget_session("s2", datetime(2026, 4, 1, tzinfo=UTC))
    assert {(r.source, r.relation, r.target) for r in store.entities.relationships()} == relations
    assert "marta" not in {e.id for e in store.entities.all()}
    store.forget_session("s1", datetime(2026, 4, 2, tzinfo=UTC))
    assert store.entities.relationships() == []
    assert store.entities.all() == []


def test_a_forgotten_conversation_takes_its_sighting_of_a_name_still_mentioned(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Marta stays (an earlier talk names her), but when she was last mentioned must not
    tell of the talk the user asked to forget."""
    importing(
        store,
        embedder,
        session("s1", 2, ["I went hiking with Marta.", "Sounds lovely."]),
        session("s2", 20, ["Marta told me a secret about her new job.", "I see."]),
    )
    marta = next(e for e in store.entities.all() if e.id == "marta")
    assert (marta.first_seen.day, marta.last_seen.day) == (2, 20)
    store.forget_session("s2", datetime(2026, 4, 1, tzinfo=UTC))
    marta = next(e for e in store.entities.all() if e.id == "marta")
    assert (marta.first_seen.day, marta.last_seen.day) == (2, 2)


@pytest.mark.parametrize(
    "pasted",
    [
        "ACGT" * 10_000,  # a DNA sequence: every letter was tried as a name's start (~17 s)
        "Ab-" * 40_000,  # every hyphen-joined piece was tried as a file name's start (~12 s)
    ],
)
def test_a_long_run_of_letters_is_read_quickly_and_is_no_name(pasted: str) -> None:
    """Entities are read from every memory written; a paste must not stall the write. The
    bound is a hang guard, far above what it takes."""
    started = time.perf_counter()
    found = typed_entities(f"I met Ana in Lisbon. {pasted} Then Bob said hi.")
    assert time.perf_counter() - started < 5
    assert {e.name for e in found} <= {"ana", "lisbon", "bob", "then", "ab"}
    assert {"ana", "lisbon", "bob"} <= {e.name for e in found}


def test_names_in_any_script_are_names() -> None:
    """An ASCII-only pattern saw nothing at all in "I met José in Málaga with Zoë"."""
    found = {e.name: e.type for e in typed_entities("I met José in Málaga with Zoë.")}
    assert found == {
        "josé": EntityType.PERSON,
        "málaga": EntityType.PLACE,
        "zoë": EntityType.PERSON,
    }
    assert extract_entities("Łukasz moved to København") == ("łukasz", "københavn")
    found = {e.name: e.type for e in typed_entities("My friend Ana lives in Zürich.")}
    assert found == {"ana": EntityType.PERSON, "zürich": EntityType.PLACE}


def test_the_graph_leaves_out_capitalised_words_that_are_ordinary_ones() -> None:
    """Chat opens sentences with "Yeah", "You're", "Seeing ..."; the graph listed them as
    concepts. Memories keep them in their own entity lists (a scoring signal tuned with them)."""
    text = "Yeah, I met Marta in Porto. Seeing her was great! You're right. Art is fun, I love art."
    assert [e.name for e in typed_entities(text)] == ["marta", "porto"]
    assert {"yeah", "seeing", "you're", "art"} <= set(extract_entities(text))


def test_the_stored_graph_leaves_out_ordinary_words_and_dates(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Each memory's own entity list (every capitalised word, for scoring) was linked into
    the graph too, so "Yeah", "You're" and "Aw" topped `engram entities`; and a month was a
    place ("in August"). Conversations, as imported and as chatted, go through this path."""
    importing(
        store,
        embedder,
        session(
            "s1",
            2,
            [
                "Yeah, I met Marta in Porto in August. You're right, it was fun.",
                "Aw, lovely! May I ask how it went?",
                "Great. My friend June came too, back in March.",
            ],
        ),
    )
    found = {e.id: e.type for e in store.entities.all()}
    assert found == {
        "ana": EntityType.PERSON,
        "marta": EntityType.PERSON,
        "porto": EntityType.PLACE,
        "june": EntityType.PERSON,
    }
    # Scoring still sees every capitalised word of the conversation.
    (segment,) = store.memories.of_kind(MemoryKind.EPISODIC)
    assert {"yeah", "august", "marta"} <= set(segment.entities)


def test_a_word_opening_a_sentence_that_the_conversation_writes_in_lower_case_is_no_name(
    store: MemoryStore, embedder: Embedder
) -> None:
    """LoCoMo's conv-26 listed "art", "pottery", "books", "summer" as entities: each opened a
    sentence in one part of the talk and was written in lower case in another. A name that
    only opens sentences ("Luna") stays one."""
    importing(
        store,
        embedder,
        session(
            "s1",
            2,
            [
                "Pottery is so relaxing. Luna sleeps on the wheel.",
                "What a calm way to spend the evening.",
                "Books help too.",
                "Which one are you reading now?",
                "A long one about the sea.",
                "That sounds like a lovely way to unwind after work.",
                "I love pottery and a good book.",
                "Me too, books are great.",
                "See you tomorrow then.",
            ],
        ),
    )
    assert {e.id for e in store.entities.all()} == {"ana", "luna"}


def test_a_pin_an_edit_and_the_memory_shown_name_what_their_words_name(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Only a turn's learning and documents linked names: a pinned fact named no one in the
    graph, and an edit from Berlin to Lisbon left Lisbon out of it. The memory shown names what
    the graph has it name: not "Engram" from a speaker label, nor "Yeah"."""
    now = NOW_APRIL
    pinned = CoreMemory(store, embedder).pin("My sister Ines lives in Coimbra.", now)
    importing(store, embedder, session("s1", 2, ["Yeah, I met Marta in Berlin.", "Nice!"]))
    (segment,) = store.memories.of_kind(MemoryKind.EPISODIC)
    catalog = MemoryCatalog(store, embedder)
    assert catalog.detail(segment.id, now).entities == ("Ana", "Marta", "Berlin")
    edited = catalog.edit(segment.id, "Ana met Marta in Lisbon.", now)
    found = {e.id: e for e in store.entities.all()}
    assert {"ines", "coimbra", "lisbon"} <= set(found)
    assert found["lisbon"].memories == 1 and found["berlin"].memories == 0
    assert catalog.detail(edited.id, now).entities == ("Ana", "Marta", "Lisbon")
    assert catalog.detail(pinned.id, now).entities == ("Ines", "Coimbra")


def test_a_store_linked_by_older_rules_is_read_again_once(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """An older Engram linked "Yeah" and the speaker label "Engram" as names, and linked
    nothing to a pin. The upkeep reads every memory again, once: sightings it keeps keep
    their times."""
    importing(store, embedder, session("s1", 2, ["Yeah, I met Marta in Berlin.", "Nice!"]))
    pinned = CoreMemory(store, embedder).pin("My sister Ines lives in Coimbra.", NOW_APRIL)
    (segment,) = store.memories.of_kind(MemoryKind.EPISODIC)
    with store.db.write() as cur:
        cur.execute("DELETE FROM memory_entities WHERE memory_id = ?", [pinned.id])
        cur.execute(
            "INSERT INTO entities VALUES "
            "('yeah', 'yeah', 'concept'), ('engram', 'engram', 'person')"
        )
        at = datetime(2026, 3, 2, tzinfo=UTC)
        cur.execute(
            "INSERT INTO memory_entities VALUES (?, 'yeah', ?, ?), (?, 'engram', ?, ?)",
            [segment.id, at, at, segment.id, at, at],
        )
        # ...and kept every name in lower case, as its id.
        cur.execute("UPDATE entities SET name = id")
    marta = next(e for e in store.entities.all() if e.id == "marta")
    assert marta.name == "marta"
    context = JobContext(store, embedder, NOW_APRIL, tmp_path)
    (report,) = run_jobs(context, ["entities"])
    assert report.counts == {"memories": 2, "removed": 2, "added": 2}
    found = {e.id: e for e in store.entities.all()}
    assert set(found) == {"ana", "marta", "berlin", "ines", "coimbra"}
    assert found["ines"].type is EntityType.PERSON and found["ines"].memories == 1
    assert found["marta"] == replace(marta, name="Marta")
    assert [found[name].name for name in ("ana", "berlin", "ines")] == ["Ana", "Berlin", "Ines"]
    (again,) = run_jobs(context, ["entities"])
    assert again.counts == {"memories": 0, "removed": 0, "added": 0}


def test_an_entity_is_named_as_its_memories_write_it(
    store: MemoryStore, embedder: Embedder
) -> None:
    """`engram entities` and the memory shown listed "caroline", "lgbtq": the graph's keys
    (a store named so by an older Engram is renamed by the upkeep: the test above)."""
    importing(
        store,
        embedder,
        session("s1", 2, ["Caroline ran the LGBTQ march in Berlin today.", "Great."]),
    )
    names = {e.id: e.name for e in store.entities.all()}
    assert names["caroline"] == "Caroline" and names["lgbtq"] == "LGBTQ"
    assert names["berlin"] == "Berlin"
