"""A live conversation kept in step with what changes around it: a forget (its words leave the
prompt, the window and the segments still to come, and nothing is remembered twice), a pause of
memory, a memory corrected or pinned in the sidebar, a to-do decided in the inbox."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from core.assistant import Assistant
from core.consolidate import JobContext, run_jobs
from core.embed import Embedder
from core.llm import LlamaCppLLM
from core.memory_catalog import MemoryCatalog
from core.model import Memory, MemoryKind, TaskStatus
from core.store import MemoryStore
from tests.core.clock import Clock
from tests.core.conftest import short_reply_assistant
from tests.core.memory_factory import remember
from tests.core.test_assistant import stored_turns


def test_a_clean_close_leaves_no_saved_working_set_and_forget_reaches_it(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock
) -> None:
    (kept,) = remember(store, embedder, ["Lucia's wedding is in Porto in September"], clock.now)
    first = assistant.turn("When is Lucia's wedding?")
    assert kept in {item.key for item in store.working_items.of_session(first.session_id)}
    store.forget([kept], clock.now)
    assert kept not in {item.key for item in store.working_items.of_session(first.session_id)}
    clock.advance(minutes=1)
    # Forgotten mid-conversation: out of the next prompt's working memory, and not saved back.
    after = assistant.turn("Thanks.")
    assert not any("Porto in September" in m.content for m in after.context.messages)
    assert kept not in {item.key for item in store.working_items.of_session(first.session_id)}
    assistant.close_session()
    assert store.working_items.of_session(first.session_id) == []


def test_words_forgotten_mid_conversation_are_not_said_again_nor_remembered_at_close(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """Forgetting what the user just said blanks its turn in the file and drops the to-do
    noticed in it; the conversation held in process must follow, or the next prompts repeat
    it (the turn, the to-do in working memory) and the close remembers it again."""
    first = assistant.turn(
        "My gym locker code is 4512. Remind me to change the 4512 code tomorrow."
    )
    (fact,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if "locker" in m.content]
    assert "4512" in store.tasks.inbox()[0].title
    store.forget([fact.id], clock.now)
    assert store.tasks.inbox() == []
    clock.advance(minutes=1)
    after = assistant.turn("Anyway, what should I cook tonight?")
    assert not any("4512" in m.content for m in after.context.messages)
    assistant.close_session()
    texts = store.db.cursor().execute("SELECT string_agg(content, ' ') FROM memories")
    assert "4512" not in (texts.fetchall()[0][0] or "")
    assert "4512" not in " ".join(text for _, text, _ in stored_turns(store, first.session_id))
    titles = store.db.cursor().execute("SELECT string_agg(title, ' ') FROM tasks")
    assert "4512" not in (titles.fetchall()[0][0] or "")


def test_a_forget_between_turns_names_the_turns_it_blanked(
    store: MemoryStore, embedder: Embedder, llm: LlamaCppLLM, clock: Clock
) -> None:
    """A window showing the conversation must drop the words a forget took, at once and not
    at the next message: the assistant names the turns that lost them, once."""
    heard: list[frozenset[str]] = []
    assistant = short_reply_assistant(store, embedder, llm, clock, heard.append)
    first = assistant.turn("My gym locker code is 4512.")
    assistant.turn("What should I cook tonight?")
    (fact,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if "locker" in m.content]
    assert not assistant.follow_forgets() and heard == []
    store.forget([fact.id], clock.now)
    assert assistant.follow_forgets()
    assert heard == [frozenset({first.user_turn.id})]
    assert not assistant.follow_forgets() and len(heard) == 1
    # A stored conversation opened later says which of its turns were forgotten.
    assert store.conversations.forgotten(first.session_id) == {first.user_turn.id}


@pytest.mark.parametrize("then", ["talk on", "crash"])
def test_a_forget_mid_conversation_does_not_remember_later_segments_again(
    assistant: Assistant,
    store: MemoryStore,
    embedder: Embedder,
    clock: Clock,
    tmp_path: Path,
    then: str,
) -> None:
    """Segments are cut from the turns as they were said: a forget that blanks early turns
    must not shift the cuts, or every later segment, already stored, is remembered again (by
    the chat's next exchange, or by the upkeep closing the conversation after a crash)."""
    topics = ["Marta", "the shed", "Kyoto", "the budget", "Pixel", "the piano"]
    for topic in [*topics, *topics]:
        session_id = assistant.turn(f"Let me tell you about {topic} and why it matters.").session_id
        clock.advance(minutes=1)

    def episodes() -> list[Memory]:
        return store.memories.get_many([m.id for m in store.memories.of_kind(MemoryKind.EPISODIC)])

    def segments() -> set[tuple[int, ...]]:
        return {tuple(int(t.rsplit("-t", 1)[1]) for t in m.source_turn_ids) for m in episodes()}

    assert segments() == {
        (0, 1, 2, 3, 4),
        (4, 5, 6, 7, 8),
        (8, 9, 10, 11, 12),
        (12, 13, 14, 15, 16),
        (16, 17, 18, 19, 20),
    }
    (second,) = [m.id for m in episodes() if m.source_turn_ids[0] == f"{session_id}-t4"]
    # Takes the segments sharing its first and last turns too: turns 0-12 lose their words.
    store.forget([second], clock.now)
    if then == "crash":
        ctx = JobContext(store, embedder, clock.now + timedelta(hours=7), tmp_path)
        assert run_jobs(ctx, ["sessions"])[0].counts["segments"] == 1
        tail = (20, 21, 22, 23)
    else:
        assistant.turn("One more thing: the weather is lovely today.")
        tail = (20, 21, 22, 23, 24)
    assert segments() == {(12, 13, 14, 15, 16), (16, 17, 18, 19, 20), tail}


def test_every_turn_said_while_remembering_is_in_a_segment_around_a_pause(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """A segment holding a paused turn cannot be stored; the turns remembered beside the
    pause must still reach one."""
    for i in range(8):
        assistant.remembering = i != 3
        assistant.turn(f"Here is thought number {i} about the garden and the shed.")
        clock.advance(minutes=1)
    assistant.close_session()
    stored = {
        turn_id for (turn_id,) in store.db.cursor().execute("SELECT id FROM turns").fetchall()
    }
    covered = {
        turn_id
        for m in store.memories.get_many(
            [m.id for m in store.memories.of_kind(MemoryKind.EPISODIC)]
        )
        for turn_id in m.source_turn_ids
    }
    assert len(stored) == 14 and covered == stored


def test_a_to_do_dismissed_or_reworded_in_the_inbox_follows_into_the_next_prompt(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """The model kept reading "To-do noticed: ..." for a to-do the user had dismissed, and
    reminded them of it."""
    assistant.turn("Remind me to call the dentist tomorrow.")
    clock.advance(minutes=1)
    assistant.turn("Remind me to book the flights to Kyoto on Friday.")
    clock.advance(minutes=1)

    def notes() -> str:
        prompt = assistant.prepare("What should I do this week?").context.messages
        return " ".join(m.content for m in prompt)

    assert "To-do noticed: Call the dentist" in notes()
    tasks = {t.title.split()[0]: t for t in store.tasks.inbox()}
    store.tasks.set_status(tasks["Call"].id, TaskStatus.DISMISSED, clock.now)
    store.tasks.rename(tasks["Book"].id, "Book the Kyoto flights with Ana", clock.now)
    prompt = notes()
    assert "To-do noticed: Call the dentist" not in prompt
    assert "To-do noticed: Book the Kyoto flights with Ana" in prompt


def test_a_memory_corrected_mid_conversation_is_held_in_its_new_words(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock
) -> None:
    """Recalled memories stay in working memory: corrected in the sidebar, the old wording
    still reached every prompt of the conversation."""
    (wrong,) = remember(store, embedder, ["Lucia's wedding is in Porto in September"], clock.now)
    assistant.turn("When is Lucia's wedding?")
    clock.advance(minutes=1)
    edited = MemoryCatalog(store, embedder).edit(
        wrong, "Lucia's wedding is in Braga in October", clock.now
    )
    prompt = " ".join(m.content for m in assistant.prepare("Thanks!").context.messages)
    assert "Braga in October" in prompt and "Porto in September" not in prompt
    # Pinned, it is core memory: in the prompt once (not again as recalled or in play).
    assistant.core.pin_memory(edited.id, clock.now)
    prepared = assistant.prepare("When is Lucia's wedding?")
    assert [r.memory.id for r in prepared.results][:1] == [assistant.core.items()[0].id]
    prompt = " ".join(m.content for m in prepared.context.messages)
    assert prompt.count("Braga in October") == 1


def test_paused_memory_keeps_the_conversation_but_stores_nothing(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.remembering = False
    heard: list[int] = []
    result = assistant.turn(
        "Remind me to call the dentist tomorrow, I live in Porto",
        on_prepared=lambda prepared: heard.append(len(prepared.context.messages)),
    )
    assert heard and result.reply
    assert result.memory_ids == () and result.tasks == ()
    clock.advance(minutes=1)
    assistant.remembering = True
    later = assistant.turn("What is the weather like?")
    # The paused exchange is still in the prompt's recent conversation...
    prompt = " ".join(m.content for m in later.context.messages)
    assert "call the dentist" in prompt
    assistant.close_session()
    # ...but never reached the store: no turn, memory or task says it.
    assert [t[1] for t in stored_turns(store, result.session_id)][0] == "What is the weather like?"
    assert store.tasks.inbox() == []
    assert store.fulltext.search("dentist") == []
