"""A stored conversation can be gone on with: what is said joins it, its last turns are what
the model reads as the recent conversation, and it is remembered as one conversation is."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from core.context import Layer
from core.embed import Embedder
from core.errors import InputError
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind
from core.store import MemoryStore
from tests.core.clock import Clock
from tests.core.conversation_factory import conversation


def segments_of(store: MemoryStore, session_id: str) -> set[tuple[str, ...]]:
    rows = store.db.cursor().execute(
        "SELECT id FROM memories WHERE session_id = ? AND kind = ?",
        [session_id, MemoryKind.EPISODIC.value],
    )
    return {m.source_turn_ids for m in store.memories.get_many([r[0] for r in rows.fetchall()])}


def test_a_closed_conversation_goes_on_where_it_was_left(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    first = assistant.turn("We are planning the garden: tomatoes along the south fence.")
    clock.advance(minutes=1)
    assistant.turn("And basil between the tomatoes, to keep the pests away.")
    before = first.session_id
    assistant.start_session()
    clock.advance(days=3)
    assistant.turn("Something else entirely: my bike has a flat tyre.")
    clock.advance(days=1)
    assistant.resume_session(before)
    assert store.conversations.open_sessions(clock.now) == [(before, None)]
    clock.advance(minutes=1)
    went_on = assistant.turn("Should the peppers go next to them too?")
    assert went_on.session_id == before
    recent = [item.text for item in went_on.context.layer(Layer.RECENT).items]
    assert any("basil between the tomatoes" in text for text in recent)
    assert not any("flat tyre" in text for text in recent)
    said = store.conversations.session_turns(before)
    assert [t.seq for t in said] == list(range(6))
    # Spoken in last, it heads the conversations list again, with when it was.
    (latest, _) = store.conversations.recent_sessions()
    assert (latest.id, latest.active_at) == (before, said[-1].at)
    assistant.close_session()
    # The old turns are remembered once; the new segment leads in from the last two of them.
    old = tuple(t.id for t in said[:4])
    assert segments_of(store, before) == {old, (*old[2:], *(t.id for t in said[4:]))}
    assert store.conversations.open_sessions(clock.now) == []


def test_an_imported_conversation_can_be_gone_on_with(
    assistant: Assistant, store: MemoryStore, embedder: Embedder
) -> None:
    data = conversation(sessions=1, turns_per_session=4)
    data["sessions"][0]["project"] = "garden"
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    assistant.resume_session("S0")
    assert assistant.project == "garden"
    went_on = assistant.turn("Tell me more about the sourdough.")
    assert went_on.session_id == "S0" and went_on.user_turn.id == "S0-t4"


def test_a_forgotten_conversation_cannot_be_gone_on_with(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    first = assistant.turn("My locker code is 4411.")
    assistant.start_session()
    store.forget_session(first.session_id, clock.now, "asked")
    with pytest.raises(InputError, match="no longer remembered"):
        assistant.resume_session(first.session_id)
