"""What the user does as a rule becomes a procedural memory, and reaches the prompt's first
layer ("how this user's days go") when it bears on what is asked."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.context import ContextAssembler, ContextInputs, Layer
from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.ingest.rules import extract_facts
from core.model import MemoryKind, Role, Turn
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.tokens import token_counter
from tests.core.conversation_factory import saying

SAID_AT = datetime(2026, 11, 18, 10, tzinfo=UTC)


def told(text: str) -> list[tuple[str, MemoryKind]]:
    turn = Turn("t1", "s", 0, Role.USER, text, SAID_AT, "Ana")
    return [(fact.content, fact.kind) for fact in extract_facts(turn)]


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("I go to the gym every morning.", "Ana goes to the gym every morning"),
        ("Every Friday, I do the groceries.", "Ana does the groceries every Friday"),
        ("I usually have coffee before work.", "Ana usually has coffee before work"),
        ("I call my mom every Sunday.", "Ana calls their mom every Sunday"),
        ("I tend to procrastinate.", "Ana tends to procrastinate"),
        ("I study Spanish twice a week.", "Ana studies Spanish twice a week"),
        # Where one goes as a rule: a routine, not a school.
        ("I go to Paris every summer.", "Ana goes to Paris every summer"),
        # ...and what the household does.
        ("We eat pizza with our kids every Friday.", "Ana eats pizza with their kids every Friday"),
        # A colon inside a name or a time is part of it; one before a space ends the clause.
        ("I usually play CS:GO with my friends.", "Ana usually plays CS:GO with their friends"),
        ("I go swimming at 7:30 every morning.", "Ana goes swimming at 7:30 every morning"),
        ("I usually cook at home: it's cheaper.", "Ana usually cooks at home"),
        # All the days said, not the first alone (it was "on Mondays").
        (
            "I work from home on Mondays and Fridays.",
            "Ana works from home on Mondays and Fridays",
        ),
        (
            "I go swimming on Mondays, Wednesdays and Fridays, it clears my head.",
            "Ana goes swimming on Mondays, Wednesdays and Fridays",
        ),
        ("I go to yoga every Monday and Thursday.", "Ana goes to yoga every Monday and Thursday"),
        # The hours of one's day, said with no "usually" (each was none).
        ("I wake up at 6.", "Ana wakes up at 6"),
        ("I go to bed around midnight.", "Ana goes to bed around midnight"),
        ("I get up at 5:30 on weekdays.", "Ana gets up at 5:30 on weekdays"),
        ("I start work at 9, so mornings are busy.", "Ana starts work at 9"),
        # Whom one sees as a rule (it was none: "I see" alone is understood).
        ("I see a therapist every Tuesday.", "Ana sees a therapist every Tuesday"),
    ],
)
def test_what_is_done_as_a_rule_is_a_procedural_memory(text: str, routine: str) -> None:
    assert told(text) == [(routine, MemoryKind.PROCEDURAL)]


@pytest.mark.parametrize(
    "text",
    [
        "I always forget my keys.",  # a failing, not a thing done
        "I have to walk the dog every morning.",  # a duty
        "I don't go every week.",
        "I have been running every day.",
        "I want to run every morning.",
        "If I go every day, I get bored.",
        "Do I usually sleep late?",
        "I always do it on Mondays.",  # points at something said before
        "I love hiking and I go every week.",  # goes where?
        "I practice and train every day.",  # "practices and train"
        "I no longer play tennis on weekends.",  # "noes longer play tennis"
        "I didn't go running every day.",
        # The day's hours once, wished, or said by someone else.
        "I wake up at 6 tomorrow.",
        "I hope I wake up at 6.",
        "Tom said I go to bed at 10.",
        "I have to get up at 5.",
        "I see the point every time.",
    ],
)
def test_what_is_not_a_routine_is_none(text: str) -> None:
    assert [kind for _, kind in told(text) if kind is MemoryKind.PROCEDURAL] == []


def test_a_routine_told_in_conversation_reaches_the_prompts_procedural_layer(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = saying({(0, 2): "I go swimming at the lake every morning before work."}, sessions=1)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    stored = (
        store.db.cursor()
        .execute("SELECT content FROM memories WHERE kind = 'procedural'")
        .fetchall()
    )
    assert stored == [("Ana goes swimming at the lake every morning before work",)]
    question = "When do I go swimming?"
    found = Retriever(store, embedder).search(SearchRequest(question, SAID_AT, k=20)).results
    assembled = ContextAssembler(token_counter(None)).assemble(
        ContextInputs(question, SAID_AT, results=found), 8192
    )
    (item,) = assembled.layer(Layer.PROCEDURAL).items
    assert "goes swimming at the lake every morning" in item.text


def test_what_one_plays_said_with_how_often_is_one_routine_a_later_no_longer_ends(
    store: MemoryStore, embedder: Embedder
) -> None:
    """Saying "I play tennis on weekends" had been two memories ("plays tennis" beside the routine),
    and "I no longer play tennis" ended only the first."""
    assert told("I play tennis on weekends.") == [
        ("Ana plays tennis on weekends", MemoryKind.PROCEDURAL)
    ]
    data = saying(
        {(0, 0): "I play tennis on weekends.", (1, 0): "I no longer play tennis."}, sessions=2
    )
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    current = (
        store.db.cursor()
        .execute(
            "SELECT content FROM memories WHERE key = 'ana: plays tennis' AND superseded_by IS NULL"
        )
        .fetchall()
    )
    assert current == [("Ana no longer plays tennis",)]
    question = "What do I do on weekends?"
    found = Retriever(store, embedder).search(SearchRequest(question, SAID_AT, k=20)).results
    assert "Ana plays tennis on weekends" not in [r.memory.content for r in found]
