"""Whole chat turns on real llama.cpp (the tiny generated GGUF), the real embedder and a real
store: streaming, cancel, the stored turns, what the turn teaches, modes and boosting."""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import core.ingest.remember as remember_module
from core.assistant import Assistant
from core.consolidate import JobContext, run_jobs
from core.context import DEFAULT_BUDGETS, ContextAssembler, Layer
from core.embed import Embedder
from core.errors import InputError, StoreError
from core.ingest.fact import Fact
from core.llm import LlamaCppLLM, LLMSettings
from core.local_time import day_text
from core.model import MemoryKind, TaskStatus, Turn
from core.retrieval import Mode, Retriever
from core.store import MemoryStore
from tests.core.clock import Clock
from tests.core.memory_factory import remember

# Long before the conversations the tests hold.
NOW_OLD = datetime(2025, 2, 1, 9, tzinfo=UTC)


def stored_turns(store: MemoryStore, session_id: str) -> list[tuple[str, str, bool]]:
    return (
        store.db.cursor()
        .execute(
            "SELECT role, text, interrupted FROM turns WHERE session_id = ? ORDER BY seq",
            [session_id],
        )
        .fetchall()
    )


def test_a_turn_streams_the_reply_and_stores_both_turns(
    assistant: Assistant, store: MemoryStore
) -> None:
    pieces: list[str] = []
    result = assistant.turn("Hello there, how are you today?", on_token=pieces.append)
    assert len(pieces) > 1
    assert result.reply == "".join(pieces)
    assert not result.interrupted
    assert stored_turns(store, result.session_id) == [
        ("user", "Hello there, how are you today?", False),
        ("assistant", result.reply, False),
    ]
    assert result.context.total_tokens + result.context.budgets.reply <= 2048
    assert result.context.messages[-1].content == "Hello there, how are you today?"


def test_a_model_whose_template_refuses_system_messages_still_chats(
    store: MemoryStore, embedder: Embedder, strict_gguf: Path, clock: Clock
) -> None:
    llm = LlamaCppLLM(LLMSettings(strict_gguf, context_size=2048, threads=1))
    assembler = ContextAssembler(llm.count_tokens, replace(DEFAULT_BUDGETS, reply=16))
    assistant = Assistant(
        store, embedder, llm, Retriever(store, embedder), clock, assembler=assembler
    )
    first = assistant.turn("Hello there, how are you today?")
    second = assistant.turn("And what about tomorrow?")
    assert first.reply and second.reply
    assert [role for role, _, _ in stored_turns(store, second.session_id)] == [
        "user",
        "assistant",
        "user",
        "assistant",
    ]


def test_cancel_stops_the_reply_and_keeps_what_was_said_marked_interrupted(
    assistant: Assistant, store: MemoryStore
) -> None:
    cancel = threading.Event()
    pieces: list[str] = []

    def on_token(piece: str) -> None:
        pieces.append(piece)
        if len(pieces) == 3:
            cancel.set()

    result = assistant.turn("Tell me a very long story.", on_token=on_token, cancel=cancel)
    assert len(pieces) == 3
    assert result.interrupted
    assert stored_turns(store, result.session_id)[-1] == ("assistant", "".join(pieces), True)


def test_what_the_user_says_becomes_facts_and_tasks_with_their_turn(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    first = assistant.turn("I live in Berlin. Remind me to call the dentist tomorrow.")
    (task,) = store.tasks.inbox()
    assert task.title == "Call the dentist"
    assert task.source_turn_id == first.user_turn.id
    assert task.due_at == datetime(2026, 11, 19, tzinfo=UTC)
    assert first.tasks == (task,)
    # The facts were embedded as part of learning from the exchange, and timed as such.
    assert 0 < first.timings_ms["encode"] <= first.timings_ms["learn"]
    clock.advance(minutes=5)
    assistant.turn("Big news: I moved to Lisbon last week.")
    (fact,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if m.key == "user: location"]
    assert fact.content == "User lives in Lisbon"
    assert [v.memory_id for v in store.lineage.chain(fact.id)][-1] == fact.id
    assert len(store.lineage.chain(fact.id)) == 2


def test_a_reminder_asked_for_the_to_do_said_before_lands_it(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    first = assistant.turn("Ugh, I really should renew my passport.")
    assert store.tasks.inbox() == []  # a hedge said once waits for a second mention
    clock.advance(minutes=1)
    assistant.turn("Can you remind me about it tomorrow?")
    (task,) = store.tasks.inbox()
    assert (task.title, task.due_at) == ("Renew my passport", datetime(2026, 11, 19, tzinfo=UTC))
    assert task.source_turn_id == first.user_turn.id


def test_numbers_past_the_calendar_are_no_time_and_do_not_stop_the_conversation(
    assistant: Assistant, store: MemoryStore
) -> None:
    """ "In 99999999999 days" and "9999999 years ago" name no date: the to-do is noticed
    without a deadline and recall runs without a time window. Failing on them would leave
    the turn unlearnt, to fail again with every later one."""
    first = assistant.turn(
        "Remind me to call mum in 99999999999 days. What did I do 9999999 years ago?"
    )
    (task,) = store.tasks.inbox()
    assert task.title.startswith("Call mum") and task.due_at is None
    assert task.source_turn_id == first.user_turn.id
    second = assistant.turn("I live in Porto now.")
    assert second.reply and not second.interrupted
    assert any(m.key == "user: location" for m in store.memories.of_kind(MemoryKind.SEMANTIC))


def test_a_rule_failing_on_a_message_loses_its_facts_not_the_conversation(
    assistant: Assistant,
    store: MemoryStore,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bug in a rule (a Turkish "İ" once raised a KeyError) failed the exchange, and every
    later one: the unlearnt turn is read again with each. Now that turn's facts are lost,
    logged; its words, the other turns' facts and its to-dos are learnt."""
    read_facts = remember_module.extract_facts

    def failing(turn: Turn) -> list[Fact]:
        if "Berlin" in turn.text:
            raise KeyError("a rule's bug")
        return read_facts(turn)

    monkeypatch.setattr(remember_module, "extract_facts", failing)
    with caplog.at_level(logging.ERROR, logger="core.ingest.remember"):
        first = assistant.turn("I live in Berlin. Remind me to call the dentist tomorrow.")
    second = assistant.turn("I work at Acme.")
    assert second.reply and not second.interrupted
    assert [t.title for t in store.tasks.inbox()] == ["Call the dentist"]
    keys = {m.key for m in store.memories.of_kind(MemoryKind.SEMANTIC)}
    assert "user: employer" in keys and "user: location" not in keys
    assert f"Reading turn {first.user_turn.id} for facts or to-dos failed" in caplog.text
    assistant.close_session()
    (segment,) = store.memories.of_kind(MemoryKind.EPISODIC)
    assert "I live in Berlin" in segment.content


def test_manager_mode_at_session_start_and_after_a_long_gap(
    assistant: Assistant, clock: Clock
) -> None:
    assert assistant.turn("Good morning").mode is Mode.MANAGER
    clock.advance(minutes=2)
    assert assistant.turn("What is on my plate?").mode is Mode.ANSWER
    clock.advance(hours=7)
    assert assistant.turn("I'm back").mode is Mode.MANAGER


def test_a_closed_session_is_remembered_and_found_by_the_next_one(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    first = assistant.turn("My sister Marta is getting married in Kyoto next spring.")
    assistant.close_session()
    clock.advance(days=2)
    later = assistant.turn("Where is Marta's wedding going to be?")
    assert later.session_id != first.session_id
    sources = {t for r in later.results for t in r.memory.source_turn_ids}
    assert first.user_turn.id in sources
    fenced = later.context.messages[0].content
    assert "Kyoto" in fenced and "<memory id=" in fenced
    used = store.memories.get(later.results[0].memory.id)
    assert used is not None and used.access_count >= 1


def test_a_dated_statement_recalls_from_any_time_and_a_dated_question_from_then(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock
) -> None:
    """ "I moved to Lisbon last month" must bring back where the user lived before (said long
    ago), not only last month's memories; "What did I do last month?" is asked about then."""
    remember(store, embedder, ["The user lives in Berlin, in a flat near the river."], NOW_OLD)
    remember(
        store, embedder, ["The user went bowling with colleagues."], clock.now - timedelta(days=30)
    )
    assistant.turn("Hello!")
    clock.advance(minutes=1)
    told = assistant.turn("I moved to Lisbon last month.")
    assert told.degraded is None
    assert any("Berlin" in r.memory.content for r in told.results)
    clock.advance(minutes=1)
    asked = assistant.turn("What did I do last month?")
    assert [r.memory.content for r in asked.results if r.associated_with is None] == [
        "The user went bowling with colleagues."
    ]


def test_segments_are_written_as_the_conversation_fills_them(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    for i in range(3):
        assistant.turn(f"Planning the garden: bed number {i} gets tomatoes and basil.")
        clock.advance(minutes=1)
    episodic = store.memories.of_kind(MemoryKind.EPISODIC)
    assert len(episodic) == 1
    (full,) = store.memories.get_many([episodic[0].id])
    assert len(full.source_turn_ids) == 5
    assistant.close_session()
    tails = [m for m in store.memories.of_kind(MemoryKind.EPISODIC) if m.id != full.id]
    assert len(tails) == 1
    (tail,) = store.memories.get_many([tails[0].id])
    assert tail.source_turn_ids[-1].endswith("-t5")


def test_a_huge_paste_is_stored_whole_and_cut_for_the_model(
    assistant: Assistant, store: MemoryStore
) -> None:
    paste = "log line with some words\x00\x1b[31m " * 6_000
    result = assistant.turn(paste)
    (user_text,) = [t for role, t, _ in stored_turns(store, result.session_id) if role == "user"]
    assert len(user_text) == len(paste.strip())
    assert "\x00" not in user_text and "\ufffd" in user_text
    assert "more characters not shown to the model" in result.context.messages[-1].content
    assert result.context.total_tokens + result.context.budgets.reply <= 2048
    # The user is told too (the chat's notice, the terminal's summary line).
    (note,) = result.context.warnings
    assert note.startswith("The model read the first ") and f"{len(user_text):,}" in note


def test_an_empty_message_is_refused(assistant: Assistant) -> None:
    with pytest.raises(InputError, match="empty"):
        assistant.turn("   \n ")


def test_a_message_longer_than_a_turn_may_hold_is_refused_and_nothing_stored(
    assistant: Assistant, store: MemoryStore
) -> None:
    """A pasted book is sent as a document, not a message: none of it reaches the store."""
    with pytest.raises(InputError, match="Add a text this long as a document"):
        assistant.turn("chapter one " * 20_000)
    assert store.db.cursor().execute("SELECT count(*) FROM turns").fetchall() == [(0,)]


def test_session_close_remembers_a_repeated_unconfirmed_todo_as_an_episode(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    first = assistant.turn("I need to renew my passport before March.")
    clock.advance(minutes=3)
    second = assistant.turn("Seriously, I need to renew the passport.")
    (task,) = store.tasks.inbox()
    assert task.mentions == 2
    # The to-do was in play in working memory, so the model saw it on the second turn.
    working = [i.memory_id for i in second.context.layer(Layer.RECENT).items if i.memory_id]
    assert working == [f"task:{task.id}"]
    assistant.close_session()
    episodes = [m for m in store.memories.of_kind(MemoryKind.EPISODIC) if "would:" in m.content]
    (episode,) = store.memories.get_many([episodes[0].id])
    assert episode.content.startswith("User said more than once they would: Renew my passport")
    assert episode.source_turn_ids == (first.user_turn.id,)


def test_a_working_set_a_crash_left_is_settled_as_a_clean_close_would(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock, tmp_path: Path
) -> None:
    first = assistant.turn("I need to renew my passport before March.")
    clock.advance(minutes=3)
    assistant.turn("Seriously, I need to renew the passport.")
    saved = store.working_items.of_session(first.session_id)
    (task,) = store.tasks.inbox()
    assert f"task:{task.id}" in {item.key for item in saved}
    # Engram dies here: no close. Later the jobs close the conversation, then settle the set.
    ctx = JobContext(store, embedder, clock.now + timedelta(hours=7), tmp_path)
    sessions, working = run_jobs(ctx, ["sessions", "working"])
    assert sessions.counts["closed"] == 1
    assert working.counts == {"settled": 1, "promoted": 1, "episodes": 1}
    episodes = [m for m in store.memories.of_kind(MemoryKind.EPISODIC) if "would:" in m.content]
    (episode,) = store.memories.get_many([episodes[0].id])
    assert episode.content.startswith("User said more than once they would: Renew my passport")
    assert episode.source_turn_ids == (first.user_turn.id,)
    assert store.working_items.of_session(first.session_id) == []
    # Run again (or killed and re-run): nothing more happens.
    assert run_jobs(ctx, ["working"])[0].counts == {"settled": 0, "promoted": 0, "episodes": 0}


def test_a_writer_busy_with_an_index_rebuild_does_not_hold_the_reply_back(
    assistant: Assistant, store: MemoryStore
) -> None:
    """The message is written beside the model's prompt read: a keyword index rebuild holds
    the writer for seconds at scale, and the reply starts meanwhile."""
    held, first_token = threading.Event(), threading.Event()
    released_by: list[str] = []

    def rebuild() -> None:
        with store.db.exclusive():
            held.set()
            released_by.append("first token" if first_token.wait(30) else "timeout")

    holder = threading.Thread(target=rebuild)
    holder.start()
    held.wait(10)
    result = assistant.turn("Hello there, what is new?", on_token=lambda _: first_token.set())
    holder.join(30)
    assert released_by == ["first token"]
    assert [(role, text) for role, text, _ in stored_turns(store, result.session_id)] == [
        ("user", "Hello there, what is new?"),
        ("assistant", result.reply),
    ]


def test_a_turn_during_a_vector_index_build_is_saved_and_learnt_by_the_next(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock
) -> None:
    """After a forget at scale the vector index is rebuilt for ~20 s with memory rows held
    still: the exchange is saved and answered as usual, what it teaches waits for the next
    exchange (its to-do and the boost of what it recalled are not lost)."""
    remember(
        store, embedder, ["The user's dentist is Dr Silva in Porto."], clock.now - timedelta(days=1)
    )
    frozen, release = threading.Event(), threading.Event()

    def build() -> None:
        with store.db.freeze_rows():
            frozen.set()
            release.wait(60)

    builder = threading.Thread(target=build)
    builder.start()
    assert frozen.wait(10)
    try:
        during = assistant.turn("Remind me to call my dentist tomorrow.")
        still_frozen = store.db.rows_frozen
    finally:
        release.set()
        builder.join(30)
    assert still_frozen
    assert [role for role, _, _ in stored_turns(store, during.session_id)] == [
        "user",
        "assistant",
    ]
    assert during.tasks == ()
    assert store.tasks.inbox() == []
    recalled = [r.memory.id for r in during.results if "Dr Silva" in r.memory.content]
    assert recalled
    assert store.memories.get(recalled[0]).access_count == 0
    clock.advance(minutes=1)
    after = assistant.turn("What a week it has been.")
    assert [t.title for t in store.tasks.inbox()] == ["Call my dentist"]
    assert store.conversations.unlearnt(after.session_id) == []
    recalled_again = any(r.memory.id == recalled[0] for r in after.results)
    assert store.memories.get(recalled[0]).access_count == 1 + recalled_again


def test_pausing_memory_while_a_reply_is_written_applies_from_the_next_message(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    def pause(_: str) -> None:
        assistant.remembering = False

    first = assistant.turn("Remind me to call the dentist tomorrow.", on_token=pause)
    clock.advance(minutes=1)
    assistant.turn("I live in Porto.")
    said = stored_turns(store, first.session_id)
    assert [(role, text) for role, text, _ in said] == [
        ("user", "Remind me to call the dentist tomorrow."),
        ("assistant", first.reply),
    ]
    assert [t.title for t in store.tasks.inbox()] == ["Call the dentist"]
    assert store.conversations.unlearnt(first.session_id) == []
    assert store.fulltext.search("Porto") == []


def test_an_exchange_that_cannot_be_learnt_keeps_what_was_said_and_learns_it_next_time(
    assistant: Assistant, store: MemoryStore, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an exchange teaches and the working set are one transaction: when its last write
    fails (a full disk), none of it is in the file and the working set is as it was; the
    message and the reply, stored as they came, stay, and the next exchange learns the
    message's facts and to-dos (from its own turn and time)."""
    assistant.turn("Hello there.")
    before = assistant.working.items()

    def disk_full(*_: object) -> None:
        raise StoreError("No space left on device")

    monkeypatch.setattr(store.working_items, "save", disk_full)
    clock.advance(minutes=1)
    replied: list[tuple[str, bool]] = []
    with pytest.raises(StoreError, match="No space left"):
        assistant.turn(
            "I live in Berlin. Remind me to call the dentist tomorrow.",
            on_replied=lambda _, turn, interrupted: replied.append((turn.text, interrupted)),
        )
    assert assistant.working.items() == before
    assert store.tasks.inbox() == []
    assert [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if "Berlin" in m.content] == []
    session_id = assistant.session_id or ""
    said = stored_turns(store, session_id)
    assert said[2][:2] == ("user", "I live in Berlin. Remind me to call the dentist tomorrow.")
    assert said[3] == ("assistant", replied[0][0], False)
    (message,) = store.conversations.unlearnt(session_id)
    monkeypatch.undo()
    clock.advance(days=2)
    assistant.turn("Thanks.")
    (task,) = store.tasks.inbox()
    assert (task.source_turn_id, task.due_at) == (message.id, datetime(2026, 11, 19, tzinfo=UTC))
    (fact,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if "Berlin" in m.content]
    assert store.memories.get(fact.id).source_turn_ids == (message.id,)
    assert store.conversations.unlearnt(session_id) == []


def test_a_turn_that_broke_mid_reply_still_teaches_at_the_close(
    assistant: Assistant, store: MemoryStore
) -> None:
    class Broken(Exception):
        pass

    def on_token(_: str) -> None:
        raise Broken("a bug in whoever listens")

    with pytest.raises(Broken):
        assistant.turn("Remind me to call the dentist tomorrow.", on_token=on_token)
    session_id = assistant.session_id or ""
    assistant.close_session()
    assert [t.title for t in store.tasks.inbox()] == ["Call the dentist"]
    assert store.conversations.unlearnt(session_id) == []


def test_a_fact_learnt_late_does_not_replace_what_was_said_after_it(
    assistant: Assistant,
    store: MemoryStore,
    embedder: Embedder,
    llm: LlamaCppLLM,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """A message whose learning failed, then Engram was quit without closing: the next start
    hears of a move first, and the old message, learnt hours later, must not undo it."""

    def disk_full(*_: object) -> None:
        raise StoreError("No space left on device")

    monkeypatch.setattr(store.working_items, "save", disk_full)
    with pytest.raises(StoreError):
        assistant.turn("I live in Berlin.")
    monkeypatch.undo()
    clock.advance(hours=1)
    restarted = Assistant(store, embedder, llm, Retriever(store, embedder), clock)
    restarted.turn("I moved to Lisbon.")
    restarted.close_session()
    ctx = JobContext(store, embedder, clock.now + timedelta(hours=7), tmp_path)
    assert run_jobs(ctx, ["sessions"])[0].counts["learnt"] == 1
    (fact,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if m.key == "user: location"]
    assert fact.content == "User lives in Lisbon"


def test_a_later_conversation_knows_the_open_to_dos(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """The inbox is what "what's on my list?" asks about: a to-do tracked in an earlier
    conversation is in the prompt of a new one; a finished one is not."""
    assistant.turn("Remind me to renew my passport by Friday.")
    assistant.turn("I need to water the ferns.")
    passport, ferns = sorted(store.tasks.inbox(), key=lambda t: t.title)
    store.tasks.set_status(passport.id, TaskStatus.CONFIRMED, clock())
    store.tasks.set_status(ferns.id, TaskStatus.DONE, clock())
    assistant.close_session()
    clock.advance(days=1)
    asked = assistant.turn("What's on my to-do list?")
    system = asked.context.messages[0].content
    assert '<todo state="tracked" due=' in system and ">Renew my passport</todo>" in system
    assert "Water the ferns</todo>" not in system


def test_a_to_do_in_play_and_listed_is_said_once(assistant: Assistant, clock: Clock) -> None:
    assistant.turn("I need to renew my passport before March.")
    clock.advance(minutes=3)
    asked = assistant.turn("What's on my to-do list?")
    listed = [i.memory_id for i in asked.context.layer(Layer.PROJECT).items if i.memory_id]
    working = [i.memory_id for i in asked.context.layer(Layer.RECENT).items if i.memory_id]
    assert len(listed) == 1 and listed[0].startswith("task:") and working == []


def test_a_message_not_about_to_dos_is_not_lengthened_by_them(
    assistant: Assistant, clock: Clock
) -> None:
    """In the middle of a conversation, the to-dos would only slow the model's reading."""
    assistant.turn("Remind me to renew my passport by Friday.")
    clock.advance(minutes=3)
    chatting = assistant.turn("The weather in Porto is lovely.")
    assert "<todo state=" not in chatting.context.messages[0].content


def test_only_memories_that_reached_the_prompt_are_shown_as_used(
    store: MemoryStore, embedder: Embedder, llm: LlamaCppLLM, clock: Clock
) -> None:
    """The sidebar says which memories shaped the reply: one recalled with no room left for it
    in its layer shaped nothing, is not strengthened as used, nor brought into play."""
    told = [
        f"The user talked about the Kyoto wedding plans, part {n}: " + "guests and venues " * 20
        for n in range(6)
    ]
    ids = remember(store, embedder, told, clock.now - timedelta(hours=1))
    assembler = ContextAssembler(llm.count_tokens, replace(DEFAULT_BUDGETS, reply=48, memories=250))
    assistant = Assistant(
        store, embedder, llm, Retriever(store, embedder), clock, assembler=assembler
    )
    result = assistant.turn("What about the Kyoto wedding plans?")
    layer = result.context.layer(Layer.MEMORIES)
    assert layer.dropped > 0 and layer.items
    assert [r.memory.id for r in result.results] == [i.memory_id for i in layer.items]
    used = {m.id for m in store.memories.get_many(ids) if m.access_count}
    assert used == {r.memory.id for r in result.results}
    # Nor does it come into play: the working set holds what the prompt held.
    assert {i.key for i in assistant.working.items()} & set(ids) == used


def test_a_thing_done_in_a_stretch_of_days_says_it_in_words_not_a_day(
    assistant: Assistant, store: MemoryStore
) -> None:
    """ "I went to Japan last month" was dated to the month's first day: the prompt told the
    model, and the sidebar the user, a day nobody said."""
    told = assistant.turn("I went to Japan last month with my sister.")
    assistant.close_session()
    (trip,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if "Japan" in m.content]
    assert trip.content == "User went to Japan in October with their sister"
    assert trip.valid_from == told.user_turn.at


def test_a_thing_done_is_dated_when_it_happened_not_when_it_was_told(
    assistant: Assistant, clock: Clock
) -> None:
    """Told on Wednesday of last Saturday's race: asked about that Saturday, it is found, and
    the prompt says both days so the model can tell when."""
    told = assistant.turn("I ran a charity race for mental health last Saturday.")
    assistant.close_session()
    clock.advance(days=3)
    asked = assistant.turn("What did I do on November 14?")
    (race,) = [r.memory for r in asked.results if r.memory.kind is MemoryKind.SEMANTIC]
    saturday = datetime(2026, 11, 14, tzinfo=UTC)
    assert race.valid_from == saturday and race.source_turn_ids == (told.user_turn.id,)
    assert race.content == "User ran a charity race for mental health"
    prompt = asked.context.messages[0].content
    assert f'date="{day_text(saturday)}" told="{day_text(told.user_turn.at)}"' in prompt
