"""A conversation opens in manager mode (what is going on) unless its first message asks
something: a question goes to answer mode, where memories long unused still answer it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.assistant import Assistant
from core.embed import Embedder
from core.recall_mode import recall_mode
from core.retrieval import Mode
from core.store import MemoryStore
from tests.core.clock import Clock
from tests.core.memory_factory import remember

NOW = datetime(2026, 11, 18, 9, tzinfo=UTC)
GAP = timedelta(hours=6)


@pytest.mark.parametrize(
    ("message", "mode"),
    [
        ("Good morning", Mode.MANAGER),
        ("I'm back", Mode.MANAGER),
        ("Where were we?", Mode.MANAGER),
        ("What's new?", Mode.MANAGER),
        ("what's on my plate today?", Mode.MANAGER),
        ("Anything due this week?", Mode.MANAGER),
        ("What did Caroline research?", Mode.ANSWER),
        ("Which restaurants did I like in Porto", Mode.ANSWER),
        ("tell me about the Kyoto trip", Mode.ANSWER),
        ("Hi! Do you remember my sister's name?", Mode.ANSWER),
        ("Remind me who Jonas is.", Mode.ANSWER),
        ("Remind me to call Jonas tomorrow.", Mode.MANAGER),
        # The user's words ask, above a quoted email that does not.
        ("Thoughts on this one?\n> Hi Ana, we are moving the launch.", Mode.ANSWER),
        ("Morning! Look what Tom sent:\n> Can you send the slides?", Mode.MANAGER),
    ],
)
def test_a_conversation_opens_in_manager_mode_unless_it_asks(message: str, mode: Mode) -> None:
    assert recall_mode(message, NOW, None, GAP) is mode
    assert recall_mode(message, NOW, NOW - GAP - timedelta(minutes=1), GAP) is mode
    # Within a conversation every message is answered.
    assert recall_mode(message, NOW, NOW - timedelta(minutes=2), GAP) is Mode.ANSWER


def test_a_question_opening_a_conversation_finds_chats_of_long_ago(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock
) -> None:
    """A year of imported chats has faded and was never used: manager mode leaves such memories
    out, and the first question of a conversation recalled nothing of them."""
    (old,) = remember(
        store,
        embedder,
        ["Caroline: I've been researching adoption agencies that welcome LGBTQ+ parents."],
        clock.now - timedelta(days=500),
    )
    first = assistant.turn("What did Caroline research?")
    assert first.mode is Mode.ANSWER
    assert old in {r.memory.id for r in first.results}
