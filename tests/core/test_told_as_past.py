"""A move or a change of work told as the past ("I moved to Berlin back in 2019") goes into the
key's history at its time instead of replacing what the user said holds now."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.ingest.rules import extract_facts
from core.model import Memory, MemoryKind, Role, Turn
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from tests.core.conversation_factory import saying

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def _location(store: MemoryStore) -> tuple[Memory, list[Memory]]:
    (current,) = [
        m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if m.key == "ana: location"
    ]
    chain = [store.memories.get(v.memory_id) for v in store.lineage.chain(current.id)]
    return current, chain


def _import(store: MemoryStore, embedder: Embedder, texts: dict[tuple[int, int], str]) -> None:
    data = saying(texts, sessions=max(s for s, _ in texts) + 1, turns_per_session=2)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))


@pytest.mark.parametrize("one_import", [True, False])
def test_a_move_told_as_the_past_is_history_not_where_the_user_lives(
    store: MemoryStore, embedder: Embedder, one_import: bool
) -> None:
    said = {(0, 0): "I live in Lisbon, near the river.", (1, 0): "I moved to Berlin back in 2019."}
    if one_import:
        _import(store, embedder, said)
    else:
        _import(store, embedder, {(0, 0): said[(0, 0)]})
        _import(store, embedder, said)
    current, chain = _location(store)
    assert current.content == "Ana lives in Lisbon"
    assert [m.content for m in chain] == ["Ana lives in Berlin", "Ana lives in Lisbon"]
    berlin = chain[0]
    assert berlin.valid_from == datetime(2019, 1, 1, tzinfo=UTC)
    assert berlin.valid_to == current.valid_from and berlin.source_turn_ids == ("S1:T0",)
    # Where the user lived in 2020 is answerable.
    then = SearchRequest("where does Ana live", NOW, k=5, as_of=datetime(2020, 6, 1, tzinfo=UTC))
    found = [r.memory.content for r in Retriever(store, embedder).search(then).results]
    assert "Ana lives in Berlin" in found and "Ana lives in Lisbon" not in found


def test_a_move_told_as_news_replaces_where_the_user_lived(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A day after "I live in Lisbon", "I moved to Berlin last week" is what holds now."""
    _import(store, embedder, {(0, 0): "I live in Lisbon.", (1, 0): "I moved to Berlin last week."})
    current, chain = _location(store)
    assert current.content == "Ana lives in Berlin"
    assert [m.content for m in chain] == ["Ana lives in Lisbon", "Ana lives in Berlin"]


def test_a_move_told_months_back_after_where_one_lives_was_said_is_where_one_lives_now(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Lisbon said on 1 January, then "We moved to Porto in March" (of the year before): a
    move since, never told, is the rarer reading. It was kept as Lisbon's history."""
    _import(store, embedder, {(0, 0): "I live in Lisbon.", (1, 0): "We moved to Porto in March."})
    current, chain = _location(store)
    assert current.content == "Ana lives in Porto"
    assert [m.content for m in chain] == ["Ana lives in Lisbon", "Ana lives in Porto"]


def test_a_move_told_as_the_past_after_a_belief_said_before_it_replaces_it(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Lisbon said in 2024, then in 2026 "I moved to Berlin in 2025": Berlin is newer."""
    data = saying(
        {(0, 0): "I live in Lisbon.", (1, 0): "I moved to Berlin in 2025."},
        sessions=2,
        turns_per_session=2,
    )
    data["sessions"][0]["started_at"] = "2024-03-01T09:00:00+00:00"
    for turn in data["sessions"][0]["turns"]:
        turn["at"] = turn["at"].replace("2026-01-01", "2024-03-01")
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    current, _ = _location(store)
    assert current.content == "Ana lives in Berlin"


@pytest.mark.parametrize(
    "message",
    [
        "I live in Lisbon now. I moved to Berlin back in 2019.",
        "I moved to Berlin back in 2019, and now I live in Lisbon.",
    ],
)
def test_in_one_message_where_one_lives_now_outweighs_a_move_told_as_the_past(
    message: str,
) -> None:
    turn = Turn("s-t1", "s", 1, Role.USER, message, NOW, "Ana")
    assert [f.content for f in extract_facts(turn) if f.key == "ana: location"] == [
        "Ana lives in Lisbon"
    ]


@pytest.mark.parametrize(
    ("message", "began"),
    [
        ("I moved to Berlin two years ago.", True),
        ("Back in 2015 I quit my job at Siemens.", True),
        ("I started working at Google in March.", True),
        ("I moved to Berlin yesterday.", False),
        ("I live in Berlin since 2019.", False),
    ],
)
def test_only_a_change_told_a_month_or_more_back_is_the_past(message: str, began: bool) -> None:
    turn = Turn("s-t1", "s", 1, Role.USER, message, NOW, "Ana")
    (fact,) = extract_facts(turn)
    assert (fact.began is not None) is began
