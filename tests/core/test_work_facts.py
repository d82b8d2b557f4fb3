"""Changes of work said without a firm: out of it ("I lost my job", "I'm retired") ends where
the user worked, and a new role ("I got promoted to team lead") replaces their line of work;
each dated as its sentence says."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("I quit my job.", "Ana quit their job"),
        ("I lost my job last month.", "Ana lost their job in December 2025"),
        ("I got laid off.", "Ana was laid off"),
        ("I'm unemployed right now.", "Ana is unemployed"),
        ("I'm retired.", "Ana is retired"),
    ],
)
def test_being_out_of_work_is_where_the_user_works_now(said: str, told: str) -> None:
    assert facts(said) == [("ana: employer", told)]


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
    "said",
    ["I got fired up about it.", "If I lost my job, I'd travel.", "I became a mess."],
)
def test_what_tells_no_change_of_work_is_none(said: str) -> None:
    assert facts(said) == []
