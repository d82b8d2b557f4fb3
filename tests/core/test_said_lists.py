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
        # Two doings are two likings.
        ("I love cooking and baking bread.", ["cooking", "baking bread"]),
        # "their rights" are the veterans': no liking of its own.
        ("I'm passionate about veterans and their rights.", ["veterans"]),
    ],
)
def test_each_thing_liked_in_a_list_is_kept(said: str, liked: list[str]) -> None:
    assert [key for key, _ in facts(said)] == [f"ana: likes {thing}" for thing in liked]
