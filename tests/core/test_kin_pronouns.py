"""What a "She" or "He" opening a sentence tells of the one of one's people just told of is
theirs: "I have a sister named Anna. She lives in Rome." (it was no fact). Where two could be
meant, or none was told of, it stays as said."""

from __future__ import annotations

import pytest

from core.ingest.kin_pronouns import with_kin_for_pronouns
from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "I have a sister named Anna. She lives in Rome.",
            [("ana: sister anna location", "Ana's sister Anna lives in Rome")],
        ),
        (
            "My brother Tom is great. He works at Google.",
            [("ana: brother tom employer", "Ana's brother Tom works at Google")],
        ),
        (
            "My mom is visiting. She is allergic to cats.",
            [("ana: mom allergic to cat", "Ana's mom is allergic to cats")],
        ),
        ("My daughter loves school. She's 7.", [("ana: daughter age", "Ana's daughter is 7")]),
        ("My dad called. He's retired now.", [("ana: dad role", "Ana's dad is retired")]),
        (
            "Tom is my brother. He lives in Berlin.",
            [("ana: brother tom location", "Ana's brother Tom lives in Berlin")],
        ),
        # One who could be a she or a he, told of alone; an in-law as such.
        ("My boss is Linda. She is from Lyon.", [("ana: boss origin", "Ana's boss is from Lyon")]),
        (
            "My friend Tom lives in Paris. He is a chef.",
            [("ana: friend tom role", "Ana's friend Tom is a chef")],
        ),
        # ...or had, unnamed.
        (
            "I have a sister. She lives in Rome.",
            [("ana: sister location", "Ana's sister lives in Rome")],
        ),
        ("We have a cat. She's 12.", [("ana: cat age", "Ana's cat is 12")]),
        (
            "Our cat is sick. She has diabetes.",
            [("ana: cat condition diabetes", "Ana's cat has diabetes")],
        ),
        (
            "My mother-in-law is visiting. She lives in Leeds.",
            [("ana: mother-in-law location", "Ana's mother-in-law lives in Leeds")],
        ),
        # A step-, ex- or half- kin (each stayed "He"/"She", no fact).
        (
            "My step-dad is from Ohio. He is a pilot.",
            [("ana: step-dad role", "Ana's step-dad is a pilot")],
        ),
        ("My stepdad is great. He is 60.", [("ana: stepdad age", "Ana's stepdad is 60")]),
        (
            "My ex-wife moved. She lives in Leeds.",
            [("ana: ex-wife location", "Ana's ex-wife lives in Leeds")],
        ),
        (
            "My half-sister is 20. She lives in Rome.",
            [("ana: half-sister location", "Ana's half-sister lives in Rome")],
        ),
    ],
)
def test_a_pronoun_after_one_of_ones_people_tells_of_them(
    text: str, told: list[tuple[str, str]]
) -> None:
    keyed = [fact for fact in facts(text) if fact[0]]
    assert all(fact in keyed for fact in told)


@pytest.mark.parametrize(
    "text",
    [
        # Two she could be.
        "My sister and my mom came over. She lives in Rome.",
        "I have a sister named Anna and a sister named Mia. She lives in Rome.",
        "My boss met my sister. She is from Lyon.",
        "My dad and my stepdad came. He is a pilot.",
        # A friend met, not one's own.
        "I met a friend at the bar. He is a chef.",
        # The friend, not the son, is told of.
        "My son's friend is here. He is 8.",
        # None told of.
        "She lives in Rome.",
    ],
)
def test_a_pronoun_that_could_be_two_or_none_stays_as_said(text: str) -> None:
    assert with_kin_for_pronouns(text) == text


def test_she_has_got_is_has_got() -> None:
    assert with_kin_for_pronouns("My wife is great. She's got a PhD.") == (
        "My wife is great. My wife has got a PhD."
    )
