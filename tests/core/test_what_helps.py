"""What something does for the speaker ("reading helps me escape", "Nature inspires me"), what
matters to them ("Family time means a lot to me") and what they aim at ("my goal is to ...")
are memories of their own: asked what someone does to escape, or what their goals are, these
are the answer."""

from __future__ import annotations

import pytest

from tests.core.test_life_events import told


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "I don't surf, but reading a great fantasy book helps me escape and feel free.",
            "Reading a great fantasy book helps Ana escape",
        ),
        (
            "Plus, painting helps me express my feelings and be creative.",
            "Painting helps Ana express their feelings",
        ),
        ("Nature totally inspires me and it's so calming.", "Nature inspires Ana"),
        ("Dancing makes me so happy, and now I teach.", "Dancing makes Ana so happy"),
        ("Cooking relaxes me.", "Cooking relaxes Ana"),
        ("Running keeps me sane these days.", "Running keeps Ana sane"),
        (
            "Knowing I can make a difference keeps me motivated.",
            "Knowing they can make a difference keeps Ana motivated",
        ),
        # What matters to them, a title in quotation marks too.
        ("Family time means a lot to me.", "Family time means a lot to Ana"),
        # The whole of it, no attribute "art" of Ana's.
        (
            "Representing diversity in my art is important to me.",
            "Representing diversity in their art is important to Ana",
        ),
        (
            "Thanks! Improving education and infrastructure is particularly interesting to me.",
            "Improving education and infrastructure is particularly interesting to Ana",
        ),
        (
            'Yeah, "Harry Potter and the Philosopher\'s Stone" is special to me.',
            "Harry Potter and the Philosopher's Stone is special to Ana",
        ),
        ("Cooking is therapy for me.", "Cooking is therapy for Ana"),
        (
            "Honestly, painting is my escape for me.",
            "Painting is their escape for Ana",
        ),
        # What moved them.
        (
            "Maybe even back then, I was inspired by stories about brave little turtles.",
            "Ana was inspired by stories about brave little turtles",
        ),
        # An aim is something to do.
        (
            "Yeah, my goal is to improve my shooting percentage.",
            "Ana's goal is to improve their shooting percentage",
        ),
        ("My main goal is to open a studio.", "Ana's main goal is to open a studio"),
    ],
)
def test_what_helps_or_moves_the_speaker_is_a_memory(text: str, memory: str) -> None:
    assert told(text) == [memory]


@pytest.mark.parametrize(
    "text",
    [
        "It makes me happy.",  # what "it" is was said before
        "Thanks, it makes me so happy.",
        "That inspires me!",
        "He makes me laugh.",
        "Your story inspires me.",
        "Playing it helps me get my emotions out.",
        "This makes me.",  # makes one what?
        "My answer is to wait.",  # no aim: "to" alone says nothing
        "It means a lot to me.",
        "Your support means a lot to me.",
        "This is important to me.",
    ],
)
def test_what_points_at_something_said_before_is_none(text: str) -> None:
    assert told(text) == []


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "I'm carving out some me-time each day - running, reading, or playing my violin.",
            ["Ana plays violin"],
        ),
        ("I love playing my guitar.", ["Ana loves playing their guitar", "Ana plays guitar"]),
        ("He was playing my piano.", []),  # someone else played it
    ],
)
def test_ones_own_instrument_played_in_passing_is_what_one_plays(
    text: str, memory: list[str]
) -> None:
    assert told(text) == memory


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        # What holds whenever it happens is told, not supposed.
        (
            "And when I'm away from the court, cooking is therapy for me.",
            ["Cooking is therapy for Ana"],
        ),
        ("When I'm at home, I play the guitar.", ["Ana plays the guitar"]),
        ("If I'm at home, I play the guitar.", []),  # supposed
        # ...what will be, once it happens, is not yet.
        ("When I'm going to Paris, I'll stay with my aunt.", []),
        ("When I move to Berlin, painting will be my escape.", []),
    ],
)
def test_what_helps_whenever_one_is_somewhere_is_told(text: str, memory: list[str]) -> None:
    assert told(text) == memory
