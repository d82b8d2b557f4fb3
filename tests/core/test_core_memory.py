"""Core memory on whole chat turns: what is pinned is in every prompt, kept between turns
yet current after any write, and an assistant that goes away takes its copy with it."""

from __future__ import annotations

import gc
import weakref

import pytest

from core.assistant import Assistant
from core.context import Layer
from core.core_memory import CoreMemory
from core.embed import Embedder
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore
from tests.core.clock import Clock


def test_pinned_core_memory_is_in_every_prompt_until_unpinned(
    assistant: Assistant, clock: Clock
) -> None:
    # A paste holding bytes that are not text (lone surrogates) is pinned, not refused.
    pinned = assistant.core.pin("Always answer in British \udcff English.", clock.now)
    result = assistant.turn("What's the weather like?")
    project = result.context.layer(Layer.PROJECT)
    assert [i.memory_id for i in project.items] == [pinned.id]
    assistant.core.unpin(pinned.id, clock.now)
    again = assistant.turn("And tomorrow?")
    assert again.context.layer(Layer.PROJECT).items == ()


def test_core_memory_changed_elsewhere_is_in_the_very_next_prompt(
    assistant: Assistant, store: MemoryStore, embedder: Embedder, clock: Clock
) -> None:
    """What is pinned is kept between turns, yet a pin, an edit or a forget made through
    another door (the memory manager has its own) shows in the next prompt."""

    def pinned_in(text: str) -> list[str]:
        project = assistant.turn(text).context.layer(Layer.PROJECT)
        return [i.text for i in project.items]

    assert pinned_in("Hi there.") == []
    elsewhere = CoreMemory(store, embedder)
    pinned = elsewhere.pin("Always answer in British English.", clock.now)
    assert any("British English" in text for text in pinned_in("Hello?"))
    edit = NewMemory(MemoryKind.CORE, "Always answer in Scots.", clock.now)
    with store.db.write() as cur:
        edited = store.memories.supersede(cur, pinned.id, edit, embedder.embed([edit.content])[0])
    (text,) = pinned_in("How are you?")
    assert "Scots" in text and "British" not in text
    store.forget([edited], clock.now)
    assert pinned_in("And now?") == []


def always_in(assistant: Assistant, message: str) -> set[str]:
    """What the prompt for `message` carries in core memory, each item's words."""
    project = assistant.turn(message).context.layer(Layer.PROJECT)
    return {i.text.split("\n")[1] for i in project.items}


def always_in_later(assistant: Assistant, clock: Clock, said: str, message: str) -> set[str]:
    """What the prompt for `message`, two days and a conversation after `said`, carries in
    core memory."""
    assistant.turn(said)
    clock.advance(days=2)
    assistant.start_session()
    return always_in(assistant, message)


def test_who_the_user_said_they_are_is_in_every_prompt_as_last_told(
    assistant: Assistant, clock: Clock
) -> None:
    """Seed 000's core memory holds the user's identity and role: said once in chat, the name
    and the work reach later prompts that recall nothing about them; a correction replaces
    what was said before."""
    assistant.turn(
        "Call me Sam. My pronouns are they/them. I work as a nurse and I'm allergic to peanuts. "
        "I have asthma."
    )
    clock.advance(days=2)
    assistant.start_session()

    told = {
        "User goes by Sam",
        "User's pronouns are they/them",
        "User works as a nurse",
        "User is allergic to peanuts",
        "User has asthma",
    }
    assert always_in(assistant, "What's a good film for tonight?") == told
    assistant.turn("Actually, call me Samantha.")
    assert "User goes by Samantha" in always_in(assistant, "Any plans for the weekend?")
    assert "User goes by Sam" not in always_in(assistant, "And the one after?")
    assert assistant.core.items() == []


def test_a_diet_chosen_and_a_need_of_the_body_are_both_in_every_prompt(
    assistant: Assistant, clock: Clock
) -> None:
    """ "I'm coeliac" said after "I'm vegan" replaced it (one key, "diet"), and was not in the
    prompt at all: the need has a key of its own, and stays when the diet changes."""
    assistant.turn("I'm vegan.")
    assistant.turn("I'm also coeliac, so no gluten for me.")
    clock.advance(days=2)
    assistant.start_session()
    assert always_in(assistant, "What should I cook tonight?") == {
        "User is vegan",
        "User is coeliac",
    }
    assistant.turn("I'm no longer vegan.")
    assert always_in(assistant, "And tomorrow?") == {"User is no longer vegan", "User is coeliac"}


def test_how_the_user_asked_to_be_answered_is_in_every_prompt_as_last_asked(
    assistant: Assistant, clock: Clock
) -> None:
    """Seed 000's core memory holds communication preferences: asked once, "answer in
    Portuguese" reached only prompts that happened to recall it."""
    assistant.turn("Can you always answer in Portuguese? And please don't use emojis.")
    clock.advance(days=3)
    assistant.start_session()

    asked = {"User wants replies in Portuguese", "User wants no emojis in replies"}
    assert always_in(assistant, "What's a good film for tonight?") == asked
    assistant.turn("Answer in English from now on.")
    assert always_in(assistant, "Any plans?") == {
        "User wants replies in English",
        "User wants no emojis in replies",
    }


def test_an_assistant_replaced_is_not_kept_alive_by_the_store(
    store: MemoryStore, embedder: Embedder
) -> None:
    """The desktop builds a new assistant when another model loads; what the old one kept
    (its core memory hears of every write) must go with it."""
    core = CoreMemory(store, embedder)
    gone = weakref.ref(core)
    del core
    gc.collect()
    assert gone() is None
    kept = CoreMemory(store, embedder)
    kept.pin("Call me Sam.", Clock().now)
    assert [m.content for m in kept.items()] == ["Call me Sam."]


def test_who_the_user_is_stays_held_through_the_boost_a_recall_gives_it(
    store: MemoryStore, embedder: Embedder, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the user lives is recalled often: each recall's boost is taken into the held
    copy (a scan of every memory at 100k: ~6-10 ms a turn), and a change to what it says is
    still read again."""
    core = CoreMemory(store, embedder)
    told = NewMemory(MemoryKind.SEMANTIC, "User lives in Lisbon", clock.now, key="user: location")
    with store.db.write() as cur:
        (lives,) = store.memories.insert(cur, [told], embedder.embed([told.content]))
    assert [m.access_count for m in core.always()] == [0]
    scans = []
    scan = store.memories.core_and_keyed
    monkeypatch.setattr(store.memories, "core_and_keyed", lambda *a: scans.append(a) or scan(*a))
    with store.db.write() as cur:
        store.memories.record_access(cur, [lives], [], clock.now)
    assert [(m.content, m.access_count) for m in core.always()] == [("User lives in Lisbon", 1)]
    assert scans == []
    moved = NewMemory(MemoryKind.SEMANTIC, "User lives in Porto", clock.now, key="user: location")
    with store.db.write() as cur:
        store.memories.supersede(cur, lives, moved, embedder.embed([moved.content])[0])
    assert [m.content for m in core.always()] == ["User lives in Porto"]
    assert len(scans) == 1
