"""A death told by a name alone is of the one of the user's people (or pets) known by it: "Rex
passed away last night", after "I have a dog named Rex", supersedes having him. It was no fact
at all, and recall still found Rex alive (an assistant asking after him)."""

from __future__ import annotations

import re

import pytest

from core.assistant import Assistant
from core.embed import Embedder
from core.store import MemoryStore
from tests.core.test_life_events import believed, told_in_sessions

_GONE = re.compile(r"died|passed away|put down|put to sleep")


@pytest.mark.parametrize(
    ("naming", "death", "memory"),
    [
        (
            "I have a dog named Rex.",
            "Rex passed away last night.",
            ("ana: dog rex", "Ana's dog Rex passed away"),
        ),
        (
            "I have a dog named Rex.",
            "We had to put Rex down.",
            ("ana: dog rex", "Ana's dog Rex was put down"),
        ),
        (
            "I have a golden retriever named Max.",
            "We had to put Max to sleep.",
            ("ana: golden retriever max", "Ana's golden retriever Max was put to sleep"),
        ),
        (
            "I have two cats, Luna and Mochi.",
            "Luna died.",
            ("ana: cat luna", "Ana's cat Luna died"),
        ),
        (
            "My brother Tom lives in Paris.",
            "Sadly, Tom passed away.",
            ("ana: brother tom", "Ana's brother Tom passed away"),
        ),
    ],
)
def test_a_death_told_by_a_name_is_of_the_one_known_by_it(
    store: MemoryStore,
    embedder: Embedder,
    naming: str,
    death: str,
    memory: tuple[str, str],
) -> None:
    told_in_sessions(store, embedder, naming, death)
    key, content = memory
    assert [told for held, told in believed(store, key) if held == key] == [content]


@pytest.mark.parametrize(
    ("naming", "said"),
    [
        # A child put down is put to bed.
        ("I have a son named Leo.", "I put Leo down at 8."),
        # Not a death.
        ("My brother Tom lives in Paris.", "Tom died laughing at my joke."),
        # Two known by the name: which one is not known.
        ("I have a dog named Rex and a cat named Rex.", "Rex died."),
        # No one known by it.
        ("I have a dog named Max.", "Rex passed away."),
    ],
)
def test_a_name_that_tells_of_no_death_of_ones_own_changes_nothing(
    store: MemoryStore, embedder: Embedder, naming: str, said: str
) -> None:
    told_in_sessions(store, embedder, naming, said)
    facts = believed(store, "ana: ")
    assert facts and not [told for _, told in facts if _GONE.search(told)]


def test_in_chat_too_a_pet_put_down_is_no_longer_had(
    assistant: Assistant, store: MemoryStore
) -> None:
    assistant.turn("We have a cat named Luna.")
    assistant.turn("We had to put Luna to sleep this morning.")
    assert believed(store, "user: cat luna") == [
        ("user: cat luna", "User's cat Luna was put to sleep")
    ]
