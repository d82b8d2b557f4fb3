"""What is told of one of the user's people without a name is of the one known by name: "my
sister lives in Berlin", with Maria the one sister named, is Maria's, on the key a later "my
sister Maria moved to Paris" supersedes (it was a second, unnamed sister's, kept beside it)."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from core.embed import Embedder
from core.ingest.rules import extract_facts
from core.model import Role, Turn
from core.store import MemoryStore
from tests.core.test_life_events import TOLD, believed, told_in_sessions
from tests.core.test_rules import facts


def test_a_fact_of_ones_sister_is_of_the_sister_named(
    store: MemoryStore, embedder: Embedder
) -> None:
    told_in_sessions(
        store,
        embedder,
        "I have a sister named Maria.",
        "My sister lives in Berlin.",
        "My sister Maria moved to Paris.",
    )
    assert believed(store, "ana: sister") == [
        ("ana: sister maria", "Ana has a sister named Maria"),
        ("ana: sister maria location", "Ana's sister Maria lives in Paris"),
    ]
    berlin = store.db.cursor().execute(
        "SELECT key FROM memories WHERE content = ? AND superseded_by IS NOT NULL",
        ["Ana's sister Maria lives in Berlin"],
    )
    assert berlin.fetchall() == [("ana: sister maria location",)]


@pytest.mark.parametrize(
    ("naming", "fact", "memory"),
    [
        ("My wife is Anna.", "My wife is a nurse.", ("ana: wife anna role", "Anna is a nurse")),
        (
            "My mom's name is Rosa.",
            "My mom lives in Coimbra.",
            ("ana: mom rosa location", "Rosa lives in Coimbra"),
        ),
        ("I have a son named Leo.", "My son is 8.", ("ana: son leo age", "Leo is 8")),
        # ...the age they turn soon too.
        (
            "I have a son named Leo.",
            "My son turns 5 on Friday.",
            ("ana: son leo age", "Leo turns 5 on"),
        ),
        (
            "My brother Tom lives in Paris.",
            "My brother is getting married in June.",
            (None, "Tom is getting married in June"),
        ),
        (
            "I have a sister named Maria.",
            "My sister got married last week.",
            (None, "Maria got married between"),
        ),
        # The one known as one's older sister, or best friend (each was a second one, unnamed).
        (
            "I have an older sister named Maria.",
            "My older sister lives in Rome.",
            ("ana: older sister maria location", "older sister Maria lives in Rome"),
        ),
        (
            "My best friend is Sam.",
            "My best friend moved to Denver.",
            ("ana: best friend sam location", "best friend Sam lives in Denver"),
        ),
        (
            "I have a little brother named Tom.",
            "My little brother passed away.",
            ("ana: little brother tom", "little brother Tom passed away"),
        ),
        # Named after ("... her name is Bella"), or adopted named: each named none.
        (
            "We just adopted a dog, her name is Bella.",
            "My dog is 3.",
            ("ana: dog bella age", "Bella is 3"),
        ),
        (
            "I have a new boss, his name's Tom.",
            "My boss is from Lyon.",
            ("ana: boss tom origin", "Tom is from Lyon"),
        ),
        (
            "We adopted a dog named Rex.",
            "We had to put Rex down.",
            ("ana: dog rex", "Ana's dog Rex was put down"),
        ),
        # ...or by "'s name is" (it was a fact of a key "son's name").
        ("My son's name is Leo.", "My son is 6.", ("ana: son leo age", "Leo is 6")),
        # ...or named in a word after ("a beagle named Max": none).
        (
            "I just got a new dog, a beagle named Max.",
            "My dog is 2.",
            ("ana: dog max age", "Max is 2"),
        ),
    ],
)
def test_a_name_told_any_way_names_what_is_told_of_them_later(
    store: MemoryStore,
    embedder: Embedder,
    naming: str,
    fact: str,
    memory: tuple[str | None, str],
) -> None:
    told_in_sessions(store, embedder, naming, fact)
    key, told = memory
    rows = store.db.cursor().execute(
        "SELECT key FROM memories WHERE contains(content, ?) AND superseded_by IS NULL", [told]
    )
    assert rows.fetchall() == [(key,)]


@pytest.mark.parametrize(
    ("naming", "unnamed"),
    [
        # Most of one's friends go unnamed: the one named is not the one meant.
        ("I have a friend named Sam.", "ana: friend location"),
        # Two sisters named: which one is not known.
        ("I have a sister named Maria and a sister named Ana.", "ana: sister location"),
        # Where she is from, not her name.
        ("My mom is Portuguese.", "ana: mom location"),
        # The one known as one's older sister may not be the one meant by "my sister".
        ("I have an older sister named Maria.", "ana: sister location"),
    ],
)
def test_whom_a_name_does_not_tell_stays_unnamed(
    store: MemoryStore, embedder: Embedder, naming: str, unnamed: str
) -> None:
    kin = unnamed.split()[1]
    told_in_sessions(store, embedder, naming, f"My {kin} lives in Berlin.")
    assert (unnamed, f"Ana's {kin} lives in Berlin") in believed(store, "ana: ")


def test_a_fact_of_one_named_is_the_next_version_of_it_told_unnamed_before(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "My sister lives in Berlin", told before her name was, stood beside "my sister Maria
    moved to Paris": two sisters' homes, where the user has one."""
    told_in_sessions(
        store, embedder, "My sister lives in Berlin.", "My sister Maria moved to Paris."
    )
    assert believed(store, "ana: sister") == [
        ("ana: sister maria location", "Ana's sister Maria lives in Paris")
    ]
    ((berlin, paris),) = (
        store.db.cursor()
        .execute("SELECT id, superseded_by FROM memories WHERE key = 'ana: sister location'")
        .fetchall()
    )
    (chained,) = (
        store.db.cursor()
        .execute("SELECT supersedes FROM memories WHERE id = ?", [paris])
        .fetchone()
    )
    assert chained == berlin


def test_a_fact_of_one_named_leaves_what_another_of_their_kin_may_be_told_of(
    store: MemoryStore, embedder: Embedder
) -> None:
    """With two sisters known by name, "my sister" may be either."""
    told_in_sessions(
        store,
        embedder,
        "I have a sister named Ana and a sister named Maria.",
        "My sister lives in Berlin.",
        "My sister Maria moved to Paris.",
    )
    assert ("ana: sister location", "Ana's sister lives in Berlin") in believed(
        store, "ana: sister"
    )


def test_a_name_given_brings_the_facts_told_of_them_unnamed_before(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "My sister lives in Berlin" and "my sister is a nurse", then "I have a sister named
    Maria": they stayed a nameless sister's, and "my sister Maria moved to Paris" stood beside
    Berlin."""
    told_in_sessions(
        store,
        embedder,
        "My sister lives in Berlin.",
        "My sister is a nurse.",
        "I have a sister named Maria.",
    )
    assert believed(store, "ana: sister") == [
        ("ana: sister maria", "Ana has a sister named Maria"),
        ("ana: sister maria location", "Ana's sister Maria lives in Berlin"),
        ("ana: sister maria role", "Ana's sister Maria is a nurse"),
    ]


@pytest.mark.parametrize(
    ("told", "naming", "kept"),
    [
        # A new one is not the one told of before.
        ("My dog is 3.", "I just got a dog named Rex.", ("ana: dog age", "Ana's dog is 3")),
        ("My dog is 3.", "We got another dog named Rex.", ("ana: dog age", "Ana's dog is 3")),
        # Where she is from is no name.
        (
            "My mom lives in Coimbra.",
            "My mom is Portuguese.",
            ("ana: mom location", "Ana's mom lives in Coimbra"),
        ),
    ],
)
def test_what_gives_no_name_of_the_one_told_of_takes_nothing_told_before(
    store: MemoryStore, embedder: Embedder, told: str, naming: str, kept: tuple[str, str]
) -> None:
    told_in_sessions(store, embedder, told, naming)
    assert kept in believed(store, kept[0])


def test_in_chat_too_a_fact_of_ones_dog_is_of_the_dog_named(
    assistant: Assistant, store: MemoryStore
) -> None:
    assistant.turn("I have a dog named Rex.")
    assistant.turn("My dog is 3 years old.")
    assert believed(store, "user: dog") == [
        ("user: dog rex", "User has a dog named Rex"),
        ("user: dog rex age", "User's dog Rex is 3 years old"),
    ]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("My sister Maria is a nurse.", "ana: sister maria role"),
        ("My dog Rex is 3.", "ana: dog rex age"),
        ("My wife Anna is vegan.", "ana: wife anna diet"),
        # Not one's dog's: "food" is no name.
        ("My dog food is expensive.", "ana: dog food"),
    ],
)
def test_a_fact_of_one_named_is_on_a_key_of_its_own(text: str, key: str) -> None:
    """ "My sister Maria is a nurse" was kept on her name's key: it replaced "I have a sister
    named Maria", and "my sister Maria is 30" then replaced it."""
    (fact,) = extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))
    assert fact.key == key


def test_where_one_named_is_now_replaces_nothing_of_them() -> None:
    (fact,) = extract_facts(Turn("t1", "s", 0, Role.USER, "My son Leo is at school.", TOLD, "Ana"))
    assert (fact.key, fact.content) == ("ana: son leo", "Ana has a son named Leo")


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "We have a dog, his name is Max.",
            [("ana: pets", "Ana has a dog"), ("ana: dog max", "Ana has a dog named Max")],
        ),
        (
            "I got a new kitten, his name is Milo.",
            [("ana: kitten milo", "Ana has a kitten named Milo")],
        ),
        # ...told by their age alone: a child.
        (
            "Our one-year-old is so cute, his name is Kyle!",
            [("ana: child kyle", "Ana has a child named Kyle")],
        ),
        # What has no name of its own.
        ("I have a question, his name is Bob.", []),
    ],
)
def test_one_named_after_is_named(text: str, told: list[tuple[str, str]]) -> None:
    """It was "Ana has a dog, his name is Max", and no name."""
    assert [f for f in facts(text) if f[0]] == told


@pytest.mark.parametrize(
    ("said", "named"),
    [
        (
            "We adopted a cat last month, her name is Mochi.",
            ("ana: cat mochi", "Ana has a cat named Mochi"),
        ),
        (
            "We got a puppy! His name is Biscuit.",
            ("ana: puppy biscuit", "Ana has a puppy named Biscuit"),
        ),
        ("I have a cat and her name is Mochi.", ("ana: cat mochi", "Ana has a cat named Mochi")),
    ],
)
def test_a_name_told_words_or_a_sentence_after_names_it(said: str, named: tuple) -> None:
    """Each was no name: it was read only right after a comma."""
    assert named in facts(said)


def test_a_name_after_two_of_them_names_neither() -> None:
    assert not [
        key for key, _ in facts("I have a cat and a dog, her name is Mochi.") if "mochi" in key
    ]
