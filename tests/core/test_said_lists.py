"""Lists said at once: each thing liked is a fact of its own, unless one doing takes them all
or an item only says more of the thing before it."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("said", "liked"),
    [
        ("I'm really into hiking, climbing and yoga.", ["hiking", "climbing", "yoga"]),
        ("I'm a big fan of jazz and blues.", ["jazz", "blues"]),
        # One doing takes the list: not "loves infrastructure in their community".
        (
            "I'm passionate about improving education and infrastructure in my community.",
            ["improving education and infrastructure in their community"],
        ),
        # "also", "still": liking all the same.
        (
            "I also enjoy reading, watching movies, and exploring nature.",
            ["reading", "watching movies", "exploring nature"],
        ),
        (
            "I'm keen on counseling or working in mental health.",
            ["counseling", "working in mental health"],
        ),
        # A liking one has always had, told in the past tense.
        ("I've always liked Under Armour, they're great.", ["under armour"]),
        # Two doings are two likings.
        ("I love cooking and baking bread.", ["cooking", "baking bread"]),
        # "their rights" are the veterans': no liking of its own.
        ("I'm passionate about veterans and their rights.", ["veterans"]),
        # Said of the household, the speaker in it.
        ("We love climbing, sliding, and playing games.", ["climbing", "sliding", "playing games"]),
        ("We all love pizza night.", ["pizza night"]),
        ("We love you so much!", []),  # the one spoken to
        ("We love it here.", []),
    ],
)
def test_each_thing_liked_in_a_list_is_kept(said: str, liked: list[str]) -> None:
    assert [key for key, _ in facts(said)] == [f"ana: likes {thing}" for thing in liked]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I'm passionate about creating a safe, inviting place for people to grow.",
            "Ana loves creating a safe, inviting place for people to grow",
        ),
        (
            "My favorite place is a quiet, sunny beach.",
            "Ana's favorite place is a quiet, sunny beach",
        ),
        ("I live in a small, cozy flat in Lisbon.", "Ana lives in Lisbon"),
        # What follows the comma is another clause or an aside, not more of the thing.
        ("My dog is a beagle, which I adore.", "Ana's dog is a beagle"),
        ("I love a good book, especially mysteries.", "Ana loves a good book"),
        ("My job is a nightmare, I hate it.", "Ana's job is a nightmare"),
        # (It was "... with the kids, the weather was perfect".)
        (
            "I went hiking in the Peak District with the kids, the weather was perfect.",
            "Ana went hiking in the Peak District with the kids",
        ),
    ],
)
def test_a_comma_between_two_words_for_one_thing_does_not_cut_it(said: str, kept: str) -> None:
    """ "I love creating a safe, inviting place" had been kept as "loves creating a safe"."""
    assert [content for _, content in facts(said)] == [kept]
