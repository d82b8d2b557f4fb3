"""Changes of work said without a firm: out of it ("I lost my job", "I'm retired") ends where
the user worked, and a new role ("I got promoted to team lead") replaces their line of work;
each dated as its sentence says."""

from __future__ import annotations

import pytest

from core.embed import Embedder
from core.store import MemoryStore
from tests.core.test_life_events import believed, told_in_sessions
from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("I quit my job.", "Ana quit their job"),
        ("I lost my job last month.", "Ana lost their job in December 2025"),
        ("I got laid off.", "Ana was laid off"),
        ("I'm unemployed right now.", "Ana is unemployed"),
    ],
)
def test_being_out_of_work_is_where_the_user_works_now(said: str, told: str) -> None:
    assert facts(said) == [("ana: employer", told)]


@pytest.mark.parametrize(
    ("said", "told"),
    [("I'm retired.", "Ana is retired"), ("I retired in 2020.", "Ana retired in 2020")],
)
def test_retired_one_is_no_longer_what_one_worked_as(said: str, told: str) -> None:
    """ "I'm a nurse" stayed believed beside "I'm retired" (and was in every prompt)."""
    assert facts(said) == [("ana: occupation", told), ("ana: employer", told)]


@pytest.mark.parametrize(
    ("before", "kept"),
    [
        # Where nothing was believed of one's work, one memory says it (there were two alike).
        ((), [("ana: occupation", "Ana is retired")]),
        (
            ("I work at Orbital.",),
            [("ana: employer", "Ana is retired"), ("ana: occupation", "Ana is retired")],
        ),
        (("I'm a nurse.",), [("ana: occupation", "Ana is retired")]),
    ],
)
def test_retired_ends_what_was_believed_of_ones_work_once(
    store: MemoryStore, embedder: Embedder, before: tuple[str, ...], kept: list[tuple[str, str]]
) -> None:
    told_in_sessions(store, embedder, *before, "I'm retired.")
    assert [
        b for b in believed(store, "ana: ") if b[0] in ("ana: employer", "ana: occupation")
    ] == kept


@pytest.mark.parametrize(
    ("said", "told"),
    [
        (
            "I got promoted to team lead last week.",
            "Ana was promoted to team lead between 22 and 28 December 2025",
        ),
        ("I became a teacher in 2010.", "Ana became a teacher in 2010"),
    ],
)
def test_a_new_role_is_the_users_line_of_work(said: str, told: str) -> None:
    assert facts(said) == [("ana: occupation", told)]


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("I just started a new job as a nurse.", [("ana: occupation", "Ana works as a nurse")]),
        ("I got a job as a teacher!", [("ana: occupation", "Ana works as a teacher")]),
        ("I started working as a barista.", [("ana: occupation", "Ana works as a barista")]),
        (
            "I landed a job as a developer at Google.",
            [
                ("ana: occupation", "Ana works as a developer"),
                ("ana: employer", "Ana works at Google"),
            ],
        ),
        ("I work as a student nurse.", [("ana: occupation", "Ana works as a student nurse")]),
        # Why or when one got it, not what it is.
        ("I got a job as a favour to my uncle.", []),
        ("I got a job as a student.", []),
    ],
)
def test_a_job_begun_as_something_is_the_users_line_of_work(said: str, told: list) -> None:
    """Each begun was no fact: only "I work as ..." was read."""
    assert facts(said) == told


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("I'm training to be a nurse.", "Ana is training to be a nurse"),
        ("I'm studying to become a doctor.", "Ana is studying to become a doctor"),
    ],
)
def test_a_line_of_work_trained_for_is_the_users_until_it_is_theirs(said: str, told: str) -> None:
    """It was no fact; "I'm a nurse", said later, is its next version."""
    assert facts(said) == [("ana: occupation", told)]


@pytest.mark.parametrize(
    "said",
    [
        "I got fired up about it.",
        "If I lost my job, I'd travel.",
        "I became a mess.",
        "I'm training to be a better person.",
    ],
)
def test_what_tells_no_change_of_work_is_none(said: str) -> None:
    assert facts(said) == []


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("My husband got a new job at Google.", ("ana: husband employer", "Google")),
        ("My wife started working at Spotify.", ("ana: wife employer", "Spotify")),
        ("My sister got hired by Microsoft.", ("ana: sister employer", "Microsoft")),
        ("My brother Tom started working for Siemens.", ("ana: brother tom employer", "Siemens")),
    ],
)
def test_work_one_of_ones_people_found_is_where_they_work(said: str, told: tuple[str, str]) -> None:
    """As "my husband works at Google" is: it was no fact."""
    key, firm = told
    ((fact_key, content),) = facts(said)
    assert fact_key == key and content.endswith(f" works at {firm}")


@pytest.mark.parametrize(
    ("said", "told"),
    [
        (
            "My sister works as a teacher.",
            [("ana: sister role", "Ana's sister works as a teacher")],
        ),
        (
            "My partner Alex works as a nurse at the hospital.",
            [("ana: partner alex role", "Ana's partner Alex works as a nurse")],
        ),
        (
            "My brother works as an engineer at Google.",
            [
                ("ana: brother role", "Ana's brother works as an engineer"),
                ("ana: brother employer", "Ana's brother works at Google"),
            ],
        ),
        ("My dad works as hard as anyone.", []),
        # ...a workplace told by its kind (each was no fact); a time or a living is none.
        (
            "My wife works at the hospital.",
            [("ana: wife employer", "Ana's wife works at the hospital")],
        ),
        ("My dad works at a bank.", [("ana: dad employer", "Ana's dad works at a bank")]),
        ("My dad works at night.", []),
        ("My mom works at the weekend.", []),
        ("My dad works for a living.", []),
        # ...said with where they started: as what, apart (it was "works at Farfetch as a
        # designer").
        (
            "My husband started at Farfetch as a designer.",
            [
                ("ana: husband employer", "Ana's husband works at Farfetch"),
                ("ana: husband role", "Ana's husband works as a designer"),
            ],
        ),
    ],
)
def test_what_ones_people_work_as_is_their_role(said: str, told: list[tuple[str, str]]) -> None:
    """On the key "my sister is a teacher" is on, which it replaces: it was no fact."""
    assert facts(said) == told


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("My late father was a doctor.", ("ana: father role", "Ana's late father was a doctor")),
        ("My grandpa was a sailor.", ("ana: grandpa role", "Ana's grandpa was a sailor")),
        ("My dad used to be a teacher.", ("ana: dad role", "Ana's dad used to be a teacher")),
        ("My mom was a nurse for 30 years.", ("ana: mom role", "Ana's mom was a nurse")),
    ],
)
def test_what_ones_people_did_for_a_living_is_their_role(said: str, told: str) -> None:
    """Each was no fact: only "my dad is a teacher" was read."""
    assert facts(said) == [told]


@pytest.mark.parametrize(
    "said", ["My son was a star tonight.", "My dad was a big help.", "Was my dad a pilot?"]
)
def test_what_ones_people_were_once_is_no_role(said: str) -> None:
    assert facts(said) == []


@pytest.mark.parametrize(
    "said",
    [
        "My boss is a nightmare.",
        "My son is a total handful.",
        "My sister is a saint.",
        "My brother is a piece of work.",
        "My dad is a great guy.",
    ],
)
def test_what_ones_people_are_called_in_praise_or_complaint_is_no_role(said: str) -> None:
    """ "My boss is a nightmare" was kept as the boss's line of work."""
    assert facts(said) == []
