"""The full scorer on a real store and the real embedder, with an injected clock."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import duckdb
import numpy as np
import pytest

from core.embed import Embedder
from core.errors import ModelError, StoreError
from core.ingest.conversations import ConversationImporter
from core.ingest.entities import extract_entities
from core.model import MemoryKind, NewMemory, Role, Session, Turn
from core.retrieval import DEFAULT_RETRIEVAL, Mode, Retriever, SearchRequest
from core.store import MemoryStore
from core.store.database import not_written

NOW = datetime(2026, 3, 18, 12, tzinfo=UTC)


def add(
    store: MemoryStore,
    embedder: Embedder,
    text: str,
    at: datetime,
    project: str | None = None,
    kind: MemoryKind = MemoryKind.EPISODIC,
    entities: tuple[str, ...] = (),
) -> str:
    memory = NewMemory(kind, text, at, project=project, entities=entities)
    with store.db.write() as cur:
        (memory_id,) = store.memories.insert(cur, [memory], embedder.embed([text]))
    return memory_id


def ask(store: MemoryStore, embedder: Embedder, query: str, **options: object) -> list[str]:
    request = SearchRequest(query, options.pop("now", NOW), **options)
    return [r.memory.id for r in Retriever(store, embedder).search(request).results]


def session(session_id: str, at: datetime, lines: list[tuple[Role, str]]) -> Session:
    """A conversation of `lines` from `at` on, a turn a minute."""
    turns = tuple(
        Turn(f"{session_id}-t{i}", session_id, i, role, text, at + timedelta(minutes=i))
        for i, (role, text) in enumerate(lines)
    )
    return Session(session_id, at, None, turns)


def test_results_carry_their_score_breakdown(store: MemoryStore, embedder: Embedder) -> None:
    add(store, embedder, "The dentist appointment is on Friday at 9", NOW - timedelta(days=1))
    (result,) = Retriever(store, embedder).search(SearchRequest("dentist appointment", NOW)).results
    assert result.memory.content == "The dentist appointment is on Friday at 9"
    signals = result.signals
    assert signals["similarity"] > 0.5 and signals["keyword"] == 1.0
    assert signals["retention"] == pytest.approx(0.5 ** (1 / 14), abs=1e-6)
    assert signals["semantic"] == pytest.approx(
        signals["similarity"] * signals["retention"] ** DEFAULT_RETRIEVAL.retention_exponent
    )


def test_results_come_whole_with_the_turns_they_were_made_from(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Scoring runs on copies without text; what is returned has its text and provenance,
    including a memory that came in through a link."""
    texts = ["We booked the cabin in Tromso for March", "Northern lights tours leave at ten"]
    turns = [("s1-t4", "s1-t5", "s1-t6"), ("s2-t1",)]
    memories = [
        NewMemory(MemoryKind.EPISODIC, text, NOW - timedelta(days=2), source_turn_ids=ids)
        for text, ids in zip(texts, turns, strict=True)
    ]
    with store.db.write() as cur:
        cabin, tours = store.memories.insert(cur, memories, embedder.embed(texts))
        store.links.add(cur, [(cabin, tours, 0.9, NOW)], "synaptic")
    results = (
        Retriever(store, embedder)
        .search(SearchRequest("cabin booking in Tromso", NOW, record_access=False))
        .results
    )
    by_id = {r.memory.id: r.memory for r in results}
    assert by_id[cabin].content == texts[0] and by_id[cabin].source_turn_ids == turns[0]
    assert by_id[tours].content == texts[1] and by_id[tours].source_turn_ids == turns[1]


def test_retrieval_strengthens_what_it_returns(store: MemoryStore, embedder: Embedder) -> None:
    first = add(
        store, embedder, "Our wifi password is taped under the router", NOW - timedelta(days=20)
    )
    second = add(
        store, embedder, "The router sits on the bookshelf in the hall", NOW - timedelta(days=20)
    )
    before = store.memories.get(first)
    found = ask(store, embedder, "router wifi password", adaptive=False)
    assert found[:2] == [first, second] or found[:2] == [second, first]
    after = store.memories.get(first)
    assert after.access_count == 1 and after.last_accessed_at == NOW
    # Twenty days since the last access: a well-spaced retrieval, nearly the full 2x boost.
    assert after.stability == pytest.approx(before.stability + 0.1 * (2 - np.exp(-20 / 7)))
    (link,) = [link for link in store.links.neighbours([first], NOW) if link.dst_id == second]
    assert link.kind == "co_retrieval" and link.weight == pytest.approx(0.1)
    ask(store, embedder, "router wifi password", adaptive=False)
    (link,) = [link for link in store.links.neighbours([first], NOW) if link.dst_id == second]
    assert link.weight == pytest.approx(0.2)


def test_linked_memories_come_along(store: MemoryStore, embedder: Embedder) -> None:
    passport = add(store, embedder, "My passport expires in June", NOW - timedelta(days=3))
    renewal = add(
        store, embedder, "The consulate needs two photos and a form", NOW - timedelta(days=3)
    )
    with store.db.write() as cur:
        store.links.add(cur, [(passport, renewal, 0.9, NOW)], "synaptic")
    results = (
        Retriever(store, embedder)
        .search(SearchRequest("when does my passport expire", NOW, record_access=False))
        .results
    )
    assert results[0].memory.id == passport
    came_along = {r.memory.id: r for r in results}[renewal]
    assert came_along.associated_with == passport and "associative" in came_along.signals
    # Below the cut, it joined after the results' texts were read: its own is read too.
    assert came_along.memory.content == "The consulate needs two photos and a form"


def test_temporal_phrase_limits_results_to_that_time(
    store: MemoryStore, embedder: Embedder
) -> None:
    yesterday = add(store, embedder, "Lunch with Marta at the ramen place", NOW - timedelta(days=1))
    add(store, embedder, "Lunch with Marta at the taco truck", NOW - timedelta(days=40))
    assert ask(store, embedder, "lunch with Marta yesterday", record_access=False) == [yesterday]
    # Nothing was said last week: rather than nothing, the best matches from any time, and
    # the answer says why.
    outcome = Retriever(store, embedder).search(SearchRequest("lunch last week", NOW))
    assert outcome.results and "Nothing remembered from last week" in outcome.degraded


def test_a_conversation_is_also_about_the_time_it_told_of(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "I'll always remember our camping trip last year ...", said in July 2023, is no fact
    the rules keep: asked in October about last year, the talk was "Nothing remembered from
    last year" and ranked with the rest. It stays of July, when it was had, too."""
    ConversationImporter(store, embedder).import_sessions(
        [
            session(
                "s1",
                datetime(2023, 7, 20, 20, tzinfo=UTC),
                [
                    (
                        Role.USER,
                        "I'll always remember our camping trip last year when we saw the "
                        "Perseid meteor shower.",
                    ),
                    (Role.ASSISTANT, "That sounds magical."),
                ],
            ),
            session(
                "s2",
                datetime(2023, 8, 10, 9, tzinfo=UTC),
                [(Role.USER, "I bought a new tent for our next trip."), (Role.ASSISTANT, "Nice!")],
            ),
        ]
    )
    store.fulltext.rebuild()

    def talks(query: str) -> tuple[dict[str, float], str | None]:
        outcome = Retriever(store, embedder).search(
            SearchRequest(
                query,
                datetime(2023, 10, 1, tzinfo=UTC),
                kinds=frozenset({MemoryKind.EPISODIC}),
                adaptive=False,
            )
        )
        found = {
            r.memory.content.split()[-1]: r.signals.get("in_window", 0.0) for r in outcome.results
        }
        return found, outcome.degraded

    for query in ("What did we see on our camping trip last year?", "Where was I in July?"):
        found, degraded = talks(query)
        assert degraded is None
        assert found["magical."] == 1.0 and found.get("Nice!", 0.0) == 0.0


def test_an_event_told_after_the_time_asked_about_is_found_after_what_was_said_then(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "In February" names when something happened; it may have been told in March. What was
    said in February ranks first, a strong match told later follows, weak ones told later stay
    out; a question about the conversation itself admits only what was said then."""
    in_february = datetime(2026, 2, 20, 18, tzinfo=UTC)
    said_then = add(store, embedder, "Team dinner with my colleagues downtown", in_february)
    told_later = add(
        store,
        embedder,
        "Last month my colleagues and I attended a robotics conference in Munich",
        NOW - timedelta(days=10),
    )
    add(store, embedder, "Bought a new bicycle helmet", NOW - timedelta(days=3))
    outcome = Retriever(store, embedder).search(
        SearchRequest("Which conference did I attend with colleagues in February?", NOW)
    )
    found = {r.memory.id: r for r in outcome.results}
    assert set(found) == {said_then, told_later}
    assert found[said_then].signals["in_window"] == 1.0
    assert found[told_later].signals["in_window"] == 0.0
    assert outcome.window is not None and outcome.window.phrase == "February"
    assert outcome.degraded is None
    asked_about_talk = ask(
        store, embedder, "What did we talk about in February?", adaptive=False, record_access=False
    )
    assert asked_about_talk == [said_then]


def test_the_talk_that_told_of_a_day_answers_for_that_day(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "We met up yesterday", said on the 17th, dates its fact to the 16th; what they gave
    was said a few turns on, on the 17th too. Asked about the 16th, that talk was hidden as
    said at another time, and the fact came alone."""
    told = datetime(2026, 3, 17, 19, tzinfo=UTC)
    lines = [
        (Role.USER, "Hey! A wild few days. I met up with my teammates yesterday after our trip."),
        (Role.ASSISTANT, "Nice! How was it to see everyone again?"),
        (Role.USER, "Great, we grabbed pizza and talked about the season ahead."),
        (Role.ASSISTANT, "Sounds like a good evening. Anything special happen?"),
        (Role.USER, "Coach says practice moves to Thursdays from next month on."),
        (Role.ASSISTANT, "That might suit your schedule better."),
        (Role.USER, "They surprised me with a signed jersey as a welcome back gift!"),
        (Role.ASSISTANT, "What a lovely gesture from them."),
    ]
    ConversationImporter(store, embedder).import_sessions([session("s1", told, lines)])
    store.fulltext.rebuild()
    outcome = Retriever(store, embedder).search(
        SearchRequest(
            "What did my teammates give me when we met on March 16?",
            told + timedelta(days=2),
            record_access=False,
        )
    )
    assert outcome.window is not None and outcome.window.phrase == "March 16"
    shown = [r.memory.content for r in outcome.results]
    assert any("signed jersey" in text for text in shown)
    assert any("met up with their teammates" in text for text in shown)


def test_a_thing_told_as_done_is_found_for_when_it_happened_not_when_it_was_told(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "I went to a jazz concert last month", said on 16 November, happened in October:
    asked on the 24th about last month it was "Nothing remembered from last month", and it
    counted as this month's. A day named is that day: Saturday's race, told on Monday, is
    last week's, not this week's."""
    now = datetime(2026, 11, 24, 12, tzinfo=UTC)  # a Tuesday
    told = [
        (datetime(2026, 11, 16, 9, tzinfo=UTC), "I went to a jazz concert last month."),
        (datetime(2026, 11, 10, 9, tzinfo=UTC), "I bought a new bike yesterday."),
        (datetime(2026, 11, 23, 9, tzinfo=UTC), "I ran a half marathon last Saturday."),
    ]
    ConversationImporter(store, embedder).import_sessions(
        [session(f"s{i}", at, [(Role.USER, text)]) for i, (at, text) in enumerate(told)]
    )
    store.fulltext.rebuild()

    def in_window(query: str) -> tuple[dict[str, float], str | None]:
        outcome = Retriever(store, embedder).search(
            SearchRequest(query, now, kinds=frozenset({MemoryKind.SEMANTIC}), adaptive=False)
        )
        # Nothing from that time: matches from any time, none in the window, and it says so.
        found = {r.memory.content: r.signals.get("in_window", 0.0) for r in outcome.results}
        return found, outcome.degraded

    concert, bike, race = (
        "The user went to a jazz concert in October",
        "The user bought a new bike",
        "The user ran a half marathon",
    )
    assert in_window("What did I do last month?") == ({concert: 1.0}, None)
    this_month, _ = in_window("What did I do this month?")
    assert this_month[bike] == this_month[race] == 1.0 and this_month.get(concert, 0.0) == 0.0
    assert in_window("What did I do last week?")[0][race] == 1.0
    this_week, degraded = in_window("What did I do this week?")
    assert this_week[race] == 0.0 and degraded is not None
    assert degraded.startswith("Nothing remembered from this week")


def test_a_span_before_a_named_day_is_counted_from_that_day(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "The weekend before 10 April" is about that weekend, told by the 10th, not the weekend
    before today; "before 10 April" about anything said up to then."""
    told_then = add(
        store,
        embedder,
        "This weekend I ran a charity race with my sister",
        datetime(2025, 4, 10, 9, tzinfo=UTC),
    )
    recent = add(
        store, embedder, "This weekend I ran a trail race with my sister", NOW - timedelta(days=2)
    )
    question = "What race did I run with my sister last weekend before April 10, 2025?"
    outcome = Retriever(store, embedder).search(
        SearchRequest(question, NOW, adaptive=False, record_access=False)
    )
    assert [r.memory.id for r in outcome.results] == [told_then, recent]
    assert outcome.window is not None and outcome.window.phrase.startswith("last weekend before")
    assert outcome.degraded is None
    said_before = ask(
        store, embedder, "What did I say about races before 11 April 2025?", record_access=False
    )
    assert said_before == [told_then]


def test_manager_mode_favours_the_active_project_and_recent_work(
    store: MemoryStore, embedder: Embedder
) -> None:
    exact = add(
        store,
        embedder,
        "Billing migration plan: move invoices to Postgres",
        NOW - timedelta(days=60),
    )
    current = add(
        store,
        embedder,
        "Started on the billing dashboard today",
        NOW - timedelta(hours=2),
        project="billing",
    )
    answer = ask(store, embedder, "billing migration plan", adaptive=False, record_access=False)
    manager = ask(
        store,
        embedder,
        "billing migration plan",
        mode=Mode.MANAGER,
        project="billing",
        adaptive=False,
        record_access=False,
    )
    assert answer[0] == exact
    assert manager[0] == current


def test_decayed_and_unused_memories_leave_manager_mode_only(
    store: MemoryStore, embedder: Embedder
) -> None:
    old = add(store, embedder, "Thinking about repainting the kitchen", NOW - timedelta(days=200))
    assert ask(store, embedder, "repainting the kitchen", record_access=False) == [old]
    assert (
        ask(store, embedder, "repainting the kitchen", mode=Mode.MANAGER, record_access=False) == []
    )


class BrokenEmbedder:
    """Stands in for an encoder whose model file went missing (unit test of the fallback)."""

    model_id = "broken"
    dim = 384

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        raise ModelError("embedding model file is missing")


def test_a_query_holding_bytes_that_are_not_text_is_still_searched(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A paste or a terminal can hand over lone surrogates (bytes that were not UTF-8): both
    searches failed on them and recent memories were shown instead of results."""
    target = add(store, embedder, "The spare key is in the blue flowerpot", NOW)
    add(store, embedder, "Bought oat milk", NOW)
    outcome = Retriever(store, embedder).search(SearchRequest("spare key \udcff\ud800", NOW))
    assert outcome.degraded is None
    assert outcome.results[0].memory.id == target


def test_vector_failure_degrades_to_keywords_and_says_so(
    store: MemoryStore, embedder: Embedder
) -> None:
    target = add(store, embedder, "The spare key is in the blue flowerpot", NOW)
    outcome = Retriever(store, BrokenEmbedder()).search(SearchRequest("spare key", NOW))
    assert [r.memory.id for r in outcome.results] == [target]
    assert "unavailable" in outcome.degraded and "keywords" in outcome.degraded


def test_both_indexes_down_falls_back_to_recent_memories(
    store: MemoryStore, embedder: Embedder
) -> None:
    older = add(store, embedder, "Bought oat milk", NOW - timedelta(days=2))
    newer = add(store, embedder, "Booked the car service", NOW - timedelta(hours=1))
    with store.db.exclusive() as cur:
        cur.execute("DROP SCHEMA fts_main_memories CASCADE")
    store.fulltext.rebuild = lambda: (_ for _ in ()).throw(RuntimeError("fts index is broken"))
    # Words beyond ASCII are looked up in the (now missing) index tables; plain ones would
    # still be scored from the postings held in process.
    outcome = Retriever(store, BrokenEmbedder()).search(SearchRequest("peças do carro", NOW))
    assert [r.memory.id for r in outcome.results] == [newer, older]
    assert "most recent memories" in outcome.degraded


def test_unreadable_memories_are_said_plainly_not_raised(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    add(store, embedder, "The boiler was serviced in May", NOW)

    def unreadable(ids: object) -> dict:
        raise StoreError("the memory file is damaged")

    monkeypatch.setattr(store.searchable, "get", unreadable)
    outcome = Retriever(store, embedder).search(SearchRequest("boiler", NOW))
    assert outcome.results == []
    assert "unreadable" in outcome.degraded and "damaged" in outcome.degraded


def test_a_full_disk_still_answers_a_search(
    store: MemoryStore, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Using a memory strengthens it, a write; on a full disk that write fails, and the search
    failed with it ("engram search" said the disk is full and showed nothing)."""
    target = add(store, embedder, "The boiler was serviced in May", NOW)

    def disk_full(*args: object) -> None:
        # What the writer raises when its commit finds no room.
        full = duckdb.IOException('Could not write file "engram.duckdb": No space left on device')
        raise StoreError(not_written("save to the memory file", full))

    monkeypatch.setattr(store.memories, "record_access", disk_full)
    outcome = Retriever(store, embedder).search(SearchRequest("boiler", NOW))
    assert [r.memory.id for r in outcome.results] == [target]
    assert store.memories.get(target).access_count == 0


def test_nothing_remembered_is_an_empty_answer_not_an_error(
    store: MemoryStore, embedder: Embedder
) -> None:
    outcome = Retriever(store, embedder).search(SearchRequest("anything at all", NOW))
    assert outcome.results == [] and outcome.degraded is None


class WrongSizeEmbedder:
    """A misconfigured encoder whose vectors do not fit the store's index (unit test of the
    fallback around a real failing DuckDB query)."""

    model_id = "other"
    dim = 256

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 256), dtype=np.float32) / 16.0


def test_a_failing_vector_query_degrades_to_keywords(
    store: MemoryStore, embedder: Embedder
) -> None:
    target = add(store, embedder, "The plumber comes on Tuesday morning", NOW)
    outcome = Retriever(store, WrongSizeEmbedder()).search(SearchRequest("plumber", NOW))
    assert [r.memory.id for r in outcome.results] == [target]
    assert "Search by meaning is unavailable" in outcome.degraded


def test_a_fact_standing_out_keeps_the_conversation_it_was_told_in(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A short fact matches a question far better than the talk around it; the cliff after it
    left the assistant the fact alone, without when or why it was said. The cut still drops
    what does not match."""
    said = [
        (Role.USER, "Work has been hectic, the quarterly report ate my whole week again."),
        (Role.ASSISTANT, "That sounds exhausting. Did you get any time for yourself?"),
        (
            Role.USER,
            "A little. I just signed up for a pottery class yesterday, it's like therapy for "
            "me after staring at spreadsheets all day.",
        ),
        (Role.ASSISTANT, "Pottery is a lovely way to unwind."),
        (Role.USER, "Yes, and my sister wants to come along when she visits from Porto."),
    ]
    other = [
        (Role.USER, "The garden shed needs a new roof before winter."),
        (Role.ASSISTANT, "Do you want to do it yourself or hire someone?"),
        (Role.USER, "Probably hire someone, I'm bad with ladders."),
    ]
    started = NOW - timedelta(days=5)
    ConversationImporter(store, embedder).import_sessions(
        [session("s1", started, said), session("s2", started + timedelta(days=2), other)]
    )
    store.fulltext.rebuild()
    outcome = Retriever(store, embedder).search(
        SearchRequest("When did I sign up for a pottery class?", NOW, record_access=False)
    )
    fact, told = (r.memory for r in outcome.results)
    assert fact.kind is MemoryKind.SEMANTIC and "pottery class" in fact.content
    assert told.kind is MemoryKind.EPISODIC and "pottery class yesterday" in told.content
    assert fact.source_turn_ids[0] in told.source_turn_ids


def test_a_memory_matching_nothing_of_the_question_is_not_recalled(
    store: MemoryStore, embedder: Embedder
) -> None:
    """In a small store every memory is a candidate: one matching nothing of the question
    still scored its importance and was shown in the sidebar as shaping the reply."""
    trip = add(store, embedder, "User went to Japan in October with their sister", NOW)
    plan = add(store, embedder, "User is planning a trip to Peru in March", NOW)
    add(store, embedder, "User cannot have dairy", NOW, kind=MemoryKind.SEMANTIC)
    found = ask(store, embedder, "What trips have I taken or planned?", record_access=False)
    assert sorted(found) == sorted([trip, plan])


def facts(store: MemoryStore, embedder: Embedder, texts: Sequence[str]) -> list[str]:
    return [
        add(
            store,
            embedder,
            text,
            NOW - timedelta(days=3),
            None,
            MemoryKind.SEMANTIC,
            extract_entities(text),
        )
        for text in texts
    ]


def test_memories_naming_the_same_person_alone_are_not_taken_for_repeats(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Every fact about Nate names Nate alone: all their entities are shared, and the diversity
    penalty halved each after the first, below a memory about someone else."""
    wins = facts(
        store,
        embedder,
        [
            "Nate won an international tournament",
            "Nate won their fourth video game tournament",
            "Nate won their first video game tournament",
        ],
    )
    facts(store, embedder, ["Joanna watched a video game tournament on TV"])
    store.fulltext.rebuild()
    found = ask(store, embedder, "Which tournaments did Nate win?", record_access=False)
    assert sorted(found) == sorted(wins)


def test_a_memory_repeating_a_better_ones_entities_is_pushed_out(
    store: MemoryStore, embedder: Embedder
) -> None:
    went, flew, booked = facts(
        store,
        embedder,
        [
            "Marta and Jonas went to Porto for the wedding",
            "Marta and Jonas flew to Porto for the wedding",
            "Jonas booked the hotel in Porto for the wedding",
        ],
    )
    store.fulltext.rebuild()
    found = ask(store, embedder, "Who went to the wedding in Porto?", record_access=False)
    assert went in found and booked in found and flew not in found


def test_a_question_about_what_is_to_come_finds_plans_told_before(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Asked in March, "December" was last December: a trip taken then ranked above the plan
    told this month for the coming one."""
    plan = add(
        store,
        embedder,
        "User is flying to Lisbon in December",
        NOW - timedelta(days=8),
        kind=MemoryKind.SEMANTIC,
    )
    trip = add(
        store,
        embedder,
        "User went skiing in the Alps in December",
        datetime(2025, 12, 12, tzinfo=UTC),
        kind=MemoryKind.SEMANTIC,
    )
    store.fulltext.rebuild()
    ahead = ask(store, embedder, "Where am I travelling in December?", record_access=False)
    back = ask(store, embedder, "Where did I travel in December?", record_access=False)
    assert ahead[0] == plan and back[0] == trip
