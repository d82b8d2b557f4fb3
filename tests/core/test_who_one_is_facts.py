"""Who one is, said in passing, is a fact on a key of its own: a diet one is on (or quit), one's
faith, height, the team one supports, the car one drives by its year, a degree one has "got",
one's anniversary, a marriage parted or someone new, and what one's child is allergic to. Each
was no fact at all."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from tests.core.clock import Clock
from tests.core.test_body_facts import keyed
from tests.core.test_core_memory import always_in_later


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("I'm on a keto diet.", [("ana: diet", "Ana is on a keto diet")]),
        ("I'm on a strict low-carb diet now.", [("ana: diet", "Ana is on a low-carb diet")]),
        ("I'm no longer on a keto diet.", [("ana: diet", "Ana is no longer on a keto diet")]),
        ("I'm on a vegan diet.", [("ana: diet", "Ana is vegan")]),
        ("I quit keto.", [("ana: diet", "Ana is no longer on a keto diet")]),
        ("I gave up being vegetarian.", [("ana: diet", "Ana is no longer vegetarian")]),
        # ...and what one eats again ends it ("I'm vegan" stayed believed).
        ("I started eating fish again.", [("ana: diet", "Ana eats fish again")]),
        ("I'm seeing someone now.", [("ana: relationship status", "Ana is seeing someone")]),
        # Kept for one's faith beside the diet one chose: one may keep kosher and be vegan.
        ("I'm kosher.", [("ana: diet kosher", "Ana is kosher")]),
        ("I'm Jewish.", [("ana: faith", "Ana is Jewish")]),
        ("I'm a practising Catholic.", [("ana: faith", "Ana is a practising Catholic")]),
        ("I'm an atheist.", [("ana: faith", "Ana is an atheist")]),
        ("I'm not religious.", [("ana: faith", "Ana is not religious")]),
        ("I'm 5'8\".", [("ana: height", "Ana is 5 ft 8 tall")]),
        ("I'm 170 cm tall.", [("ana: height", "Ana is 170 cm tall")]),
        ("I'm a Liverpool supporter.", [("ana: likes liverpool", "Ana likes Liverpool")]),
        ("I drive a 2015 Honda Civic.", [("ana: car", "Ana drives a 2015 Honda Civic")]),
        (
            "I've got a PhD in chemistry.",
            [("ana: degree phd in chemistry", "Ana has a PhD in chemistry")],
        ),
        (
            "Our wedding anniversary is on June 12.",
            [("ana: anniversary", "Ana's anniversary is on June 12")],
        ),
        # A day told by when it comes is kept as its date (said on 1 January 2026): "is
        # tomorrow" was kept as said, another day whenever it was read.
        ("My birthday is tomorrow.", [("ana: birthday", "Ana's birthday is on 2 January")]),
        (
            "My mom's birthday is next Tuesday.",
            [("ana: mom's birthday", "Ana's mom's birthday is on 6 January")],
        ),
        (
            "My sister's wedding is this weekend.",
            [("ana: sister's wedding", "Ana's sister's wedding is on the weekend of 3 January")],
        ),
        # ...as is one's appointment, with its hour: "tomorrow" read later is another day.
        (
            "My flight is at 6am tomorrow.",
            [("ana: flight", "Ana's flight is on 2 January at 06:00")],
        ),
        ("My surgery is on Monday.", [("ana: surgery", "Ana's surgery is on 5 January")]),
        (
            "My husband and I are separated.",
            [("ana: relationship status", "Ana is separated")],
        ),
        # ...or as it changes, not as it will have (it was nothing).
        (
            "My wife and I are getting divorced.",
            [("ana: relationship status", "Ana is getting divorced")],
        ),
        ("We're separating.", [("ana: relationship status", "Ana is separating")]),
        (
            "My son is allergic to peanuts.",
            [("ana: son allergic to peanut", "Ana's son is allergic to peanuts")],
        ),
        (
            "My son has a peanut allergy.",
            [("ana: son allergic to peanut", "Ana's son has a peanut allergy")],
        ),
        # ...an intolerance, on the key of "my son is gluten intolerant" (it was nothing).
        ("My son has a gluten intolerance.", [("ana: son diet", "Ana's son is gluten intolerant")]),
        # One's people's health, and news of a baby on the way.
        ("My mom has dementia.", [("ana: mom condition dementia", "Ana's mom has dementia")]),
        (
            "My dad Joe has lung cancer.",
            [("ana: dad joe condition lung cancer", "Ana's dad Joe has lung cancer")],
        ),
        ("My wife is pregnant!", [("ana: wife expecting", "Ana's wife is pregnant")]),
        # A diet said with its article is a diet (it was a role), retired ends a role.
        ("My wife is a vegetarian.", [("ana: wife diet", "Ana's wife is a vegetarian")]),
        ("My dad is retired now.", [("ana: dad role", "Ana's dad is retired")]),
        # An age said in passing, between commas (it was none).
        (
            "My daughter Emma, who's 6 now, loves horses.",
            [("ana: daughter emma age", "Ana's daughter Emma is 6")],
        ),
        # Two of one's people in one breath: the second was read as a list's item, and lost.
        (
            "My daughter is 7 and my son is 4.",
            [("ana: daughter age", "Ana's daughter is 7"), ("ana: son age", "Ana's son is 4")],
        ),
        (
            "My mother-in-law lives in Porto.",
            [("ana: mother-in-law location", "Ana's mother-in-law lives in Porto")],
        ),
        ("I have cancer.", [("ana: condition cancer", "Ana has cancer")]),
        ("I have a twin sister.", [("ana: siblings", "Ana has a twin sister")]),
        # How many children, said with how one lives; a state said with "recently" (each was
        # none).
        (
            "I'm married with two kids.",
            [
                ("ana: children", "Ana has two kids"),
                ("ana: relationship status", "Ana is married"),
            ],
        ),
        ("I'm a mom of three boys.", [("ana: children", "Ana has three boys")]),
        # Where one stands among one's siblings, and one's star sign (each was none).
        ("I'm the oldest of four.", [("ana: birth order", "Ana is the oldest of four")]),
        ("I'm a twin.", [("ana: birth order", "Ana is a twin")]),
        ("I'm the youngest child.", [("ana: birth order", "Ana is the youngest child")]),
        ("I'm a Virgo.", [("ana: star sign", "Ana is a Virgo")]),
        ("I'm an Aries.", [("ana: star sign", "Ana is an Aries")]),
        ("I'm a cancer survivor.", []),
        # ...by their number alone, or as teenagers and toddlers (each was none).
        ("I'm a dad of two.", [("ana: children", "Ana has two children")]),
        ("I'm a proud mother of one!", [("ana: children", "Ana has one child")]),
        ("I have two teenagers.", [("ana: children", "Ana has two teenagers")]),
        ("We have a toddler.", [("ana: children", "Ana has a toddler")]),
        ("I'm recently divorced.", [("ana: relationship status", "Ana is divorced")]),
        ("I'm a stay-at-home mom.", [("ana: occupation", "Ana is a stay-at-home mom")]),
        # Not one's kind, and not drinking at all (each was none; "I don't drink and I don't
        # smoke" was kept on a key "drinks and they don't smoke").
        ("I'm not a morning person.", [("ana: kind day", "Ana is not a morning person")]),
        ("I don't drink.", [("ana: drinks alcohol", "Ana does not drink alcohol")]),
        ("I've been sober for two years.", [("ana: drinks alcohol", "Ana does not drink alcohol")]),
        (
            "I don't drink and I don't smoke.",
            [
                ("ana: drinks alcohol", "Ana does not drink alcohol"),
                ("ana: smokes", "Ana does not smoke"),
            ],
        ),
        # The team one supports, however said (each but the last was none).
        ("I support Arsenal.", [("ana: likes arsenal", "Ana likes Arsenal")]),
        ("I'm an Arsenal fan.", [("ana: likes arsenal", "Ana likes Arsenal")]),
        ("We root for the Lakers.", [("ana: likes lakers", "Ana likes Lakers")]),
        ("I'm a Lakers fan.", [("ana: likes lakers", "Ana likes Lakers")]),
    ],
)
def test_who_one_is_is_a_fact(text: str, facts: list[tuple[str, str]]) -> None:
    assert keyed(text) == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "My daughter loves dinosaurs.",
            [("ana: daughter likes dinosaurs", "Ana's daughter loves dinosaurs")],
        ),
        (
            "My husband hates cilantro.",
            [("ana: husband likes cilantro", "Ana's husband hates cilantro")],
        ),
        (
            "My son plays soccer on Saturdays.",
            [("ana: son plays soccer", "Ana's son plays soccer")],
        ),
        ("My kids love painting.", [("ana: kids likes painting", "Ana's kids love painting")]),
        (
            "My daughter is in 3rd grade.",
            [("ana: daughter school year", "Ana's daughter is in 3rd grade")],
        ),
        (
            "My son goes to Lincoln Elementary.",
            [("ana: son school", "Ana's son goes to Lincoln Elementary")],
        ),
        (
            "My parents are divorced.",
            [("ana: parents relationship status", "Ana's parents are divorced")],
        ),
        # What they speak, how they work, where they live with someone, and twins expected
        # (each was none).
        (
            "My husband speaks fluent German.",
            [("ana: husband speaks german", "Ana's husband speaks fluent German")],
        ),
        (
            "My husband works from home.",
            [("ana: husband works where", "Ana's husband works from home")],
        ),
        # ...a step-parent, an ex (kept on no facet of theirs: "Ana's ex-wife" was the key).
        ("My stepdad is a pilot.", [("ana: stepdad role", "Ana's stepdad is a pilot")]),
        ("My ex-wife is a nurse.", [("ana: ex-wife role", "Ana's ex-wife is a nurse")]),
        # ...told of as "our" (each was none).
        ("Our son is 5.", [("ana: son age", "Ana's son is 5")]),
        (
            "Our daughter is in 3rd grade.",
            [("ana: daughter school year", "Ana's daughter is in 3rd grade")],
        ),
        (
            "My sister lives with her boyfriend in Madrid.",
            [("ana: sister location", "Ana's sister lives in Madrid")],
        ),
        (
            "My sister is expecting twins.",
            [("ana: sister expecting", "Ana's sister is expecting twins")],
        ),
    ],
)
def test_what_ones_people_like_play_and_where_they_study_is_theirs(
    text: str, facts: list[tuple[str, str]]
) -> None:
    """A gift, a meal, a weekend turn on it; each was no fact."""
    assert keyed(text) == facts


@pytest.mark.parametrize(
    "text",
    [
        "My mom loves me.",
        "My son plays with his friends.",
        "My dad goes to Paris every summer.",
        # A visit planned (it was kept on the key "in-laws" as "Ana's in-laws are visiting").
        "My in-laws are visiting next week.",
    ],
)
def test_what_tells_nothing_lasting_of_ones_people_is_none(text: str) -> None:
    assert keyed(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I'm on a diet.",
        "I'm Catholic school educated.",
        "I'm 5 feet away.",
        "I'm 34.",
        "Our anniversary is coming up.",
        "I'm separating the laundry.",
        "I support the idea.",
        "My sister has a cold.",
        "My boss has a meeting.",
        "Our house is big.",
    ],
)
def test_what_says_none_of_who_one_is_is_no_such_fact(text: str) -> None:
    kinds = {key.split(": ", 1)[1].split()[0] for key, _ in keyed(text) if key}
    assert not kinds & {"diet", "faith", "height", "anniversary", "relationship", "likes"}
    assert not [key for key, _ in keyed(text) if "condition" in key]


def test_a_diet_one_is_on_is_in_every_prompt(assistant: Assistant, clock: Clock) -> None:
    """What to cook turns on it, whatever the question recalls."""
    said = "I'm on a keto diet these days."
    asked = "What should I cook tonight?"
    assert always_in_later(assistant, clock, said, asked) == {"User is on a keto diet"}


def test_what_ones_people_are_allergic_to_or_live_with_is_in_every_prompt(
    assistant: Assistant, clock: Clock
) -> None:
    """A snack for the kids, a day out with one's mom, turn on it as on one's own allergies;
    a question about the weekend recalled nothing of it."""
    said = "My son is allergic to peanuts. My mom has dementia."
    assert always_in_later(assistant, clock, said, "Any ideas for the weekend?") == {
        "User's son is allergic to peanuts",
        "User's mom has dementia",
    }
