"""One allergen, one belief, however it is said: "I'm allergic to peanuts" and "I have a peanut
allergy" were kept on two keys, both in every prompt, and "I'm not allergic to peanuts anymore"
ended only one of them. A file an older Engram wrote is brought to the one key when opened."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from core.assistant import Assistant
from core.ingest.said_lists import allergen
from core.model import MemoryKind, NewMemory
from core.store import MemoryStore, migrate
from tests.core.clock import Clock
from tests.core.test_core_memory import always_in, always_in_later
from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("peanuts", "peanut"),
        ("Tree nuts", "tree nut"),
        ("strawberries", "strawberry"),
        ("tomatoes", "tomato"),
        ("peaches", "peach"),
        ("cheeses", "cheese"),
        ("sesame  seeds", "sesame seed"),
        # Words that end in "s" and are one thing stay as said.
        ("shellfish", "shellfish"),
        ("grass", "grass"),
        ("citrus", "citrus"),
        ("latex", "latex"),
    ],
)
def test_an_allergen_is_kept_in_one_form(said: str, kept: str) -> None:
    assert allergen(said) == kept


def test_an_allergy_said_again_in_other_words_is_one_belief_in_every_prompt(
    assistant: Assistant, clock: Clock
) -> None:
    asked = "What should I cook tonight?"
    first = always_in_later(assistant, clock, "I'm allergic to peanuts.", asked)
    assert first == {"User is allergic to peanuts"}
    again = always_in_later(assistant, clock, "I have a severe peanut allergy.", asked)
    assert again == {"User has a peanut allergy"}
    clock.advance(days=30)
    assistant.turn("Good news: I'm not allergic to peanuts anymore!")
    assert always_in(assistant, asked) == {"User is not allergic to peanuts"}


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "I outgrew my peanut allergy.",
            [("ana: allergic to peanut", "Ana no longer has a peanut allergy")],
        ),
        (
            "I've finally outgrown my cat allergy",
            [("ana: allergic to cat", "Ana no longer has a cat allergy")],
        ),
        (
            "My son isn't allergic to eggs anymore.",
            [("ana: son allergic to egg", "Ana's son is no longer allergic to eggs")],
        ),
        (
            "My daughter is not allergic to cats, but she hates them.",
            [("ana: daughter allergic to cat", "Ana's daughter is not allergic to cats")],
        ),
        (
            "My son outgrew his peanut allergy.",
            [("ana: son allergic to peanut", "Ana's son no longer has a peanut allergy")],
        ),
        # What "it" is, nobody knows here.
        ("My son isn't allergic to it.", []),
    ],
)
def test_an_allergy_outgrown_is_told_on_its_key(text: str, told: list[tuple[str, str]]) -> None:
    """Each was no fact: the allergy stayed in every prompt."""
    assert facts(text) == told


def test_a_childs_allergy_said_again_then_outgrown_is_one_belief(
    assistant: Assistant, clock: Clock
) -> None:
    asked = "Any snack ideas for the kids?"
    always_in_later(assistant, clock, "My son is allergic to peanuts.", asked)
    kept = always_in_later(assistant, clock, "My son has a peanut allergy.", asked)
    assert kept == {"User's son has a peanut allergy"}
    outgrown = always_in_later(assistant, clock, "My son isn't allergic to peanuts anymore!", asked)
    assert outgrown == {"User's son is no longer allergic to peanuts"}


def _fact(key: str, content: str, at: datetime) -> NewMemory:
    return NewMemory(MemoryKind.SEMANTIC, content, at, key=key, valid_from=at)


def test_allergies_an_older_engram_kept_on_two_keys_are_one_belief_when_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made_by = [m for m in migrate.available_migrations() if m.version < 14]
    monkeypatch.setattr(migrate, "available_migrations", lambda: made_by)
    store = MemoryStore.open(tmp_path, "test-model", 4)
    monkeypatch.undo()
    may = datetime(2026, 5, 9, tzinfo=UTC)
    written = [
        _fact("user: allergic to peanuts", "User is allergic to peanuts", may),
        _fact("user: allergic to peanut", "User has a peanut allergy", may + timedelta(days=3)),
        _fact("user: son allergic to strawberries", "User's son is allergic to strawberries", may),
        _fact("user: likes cats", "User likes cats", may),
    ]
    with store.db.write() as cur:
        older, newer, strawberries, cats = store.memories.insert(
            cur, written, np.ones((len(written), 4), dtype=np.float32)
        )
    store.close()
    store = MemoryStore.open(tmp_path, "test-model", 4)
    try:
        held = store.memories.current_by_keys(
            store.db.cursor(),
            ["user: allergic to peanut", "user: son allergic to strawberry", "user: likes cats"],
        )
        assert {key: m.id for key, m in held.items()} == {
            "user: allergic to peanut": newer,
            "user: son allergic to strawberry": strawberries,
            "user: likes cats": cats,
        }
        chain = store.lineage.chain(newer)
        assert [v.memory_id for v in chain] == [older, newer]
        (before,) = store.memories.get_many([older])
        assert before.superseded_by == newer
        assert before.valid_to == may + timedelta(days=3)
    finally:
        store.close()
