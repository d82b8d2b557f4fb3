"""How one lives, single or married, is a fact of its own: "What is Caroline's relationship
status?" is answered by "It'll be tough as a single parent" said in passing. Said again, the
new status replaces the old one."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts

STATUS = "ana: relationship status"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I'm single.", "Ana is single"),
        ("I'm happily married, thanks!", "Ana is married"),
        ("I'm divorced now.", "Ana is divorced"),
        ("I'm no longer married.", "Ana is no longer married"),
        ("I'm not single.", "Ana is not single"),
        ("I'm a widow.", "Ana is a widow"),
        (
            "It'll be tough as a single parent, but I'm up for the challenge!",
            "Ana is a single parent",
        ),
    ],
)
def test_ones_relationship_status_is_kept(text: str, said: str) -> None:
    assert facts(text) == [(STATUS, said)]


def test_a_single_parent_of_two_has_both_a_status_and_two_children() -> None:
    assert facts("I'm a single mom of two.") == [
        ("ana: children", "Ana has two children"),
        (STATUS, "Ana is a single mom"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I'm single-handedly running the shop.",
        "I'm engaged in a big project at work.",
        "My sister is single.",  # someone else's
        "Am I single?",
        "If I'm single next year, I'll travel.",  # supposed
    ],
)
def test_what_is_not_ones_own_status_is_none(text: str) -> None:
    assert STATUS not in [key for key, _ in facts(text)]


def test_a_partner_by_name_stays_a_partner() -> None:
    assert facts("I'm married to Tomás.") == [("ana: partner", "Ana is married to Tomás")]


def test_a_new_status_replaces_the_one_before() -> None:
    """One key for both: the store supersedes the first with the second."""
    assert [facts(text)[0][0] for text in ("I'm married.", "I'm divorced now.")] == [STATUS] * 2


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I'm engaged!", "Ana is engaged"),
        ("I got divorced last year.", "Ana is divorced"),
        ("We just got engaged!", "Ana is engaged"),
        ("My husband and I separated in March.", "Ana is separated"),
        ("Tomás and I got married two years ago.", "Ana is married"),
    ],
)
def test_a_status_is_kept_as_it_changes(text: str, said: str) -> None:
    """The change was an event alone ("Ana got divorced in 2025"), and "I'm engaged" nothing:
    an earlier "I'm married" stayed the status recall found."""
    assert (STATUS, said) in facts(text)


@pytest.mark.parametrize(
    "text",
    ["We separated the recycling.", "They got married last year.", "If I got married, I'd move."],
)
def test_a_change_not_of_ones_own_status_is_none(text: str) -> None:
    assert STATUS not in [key for key, _ in facts(text)]
