"""A liking is a fact on a key of its own, whatever words it is said in ("I like", "I'm a big
fan of", "I'm into"): a list of them is each liked, and an "and" inside one liking's words is no
list."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A list of likes is each liked; an "and" inside one liking's words, or one going on
        # to something else, is no list.
        (
            "I like hiking, swimming and chess.",
            [
                ("ana: likes hiking", "Ana likes hiking"),
                ("ana: likes swimming", "Ana likes swimming"),
                ("ana: likes chess", "Ana likes chess"),
            ],
        ),
        (
            "I don't like mushrooms or olives.",
            [
                ("ana: likes mushrooms", "Ana does not like mushrooms"),
                ("ana: likes olives", "Ana does not like olives"),
            ],
        ),
        (
            "I love road trips with friends and family.",
            [
                (
                    "ana: likes road trips with friends and family",
                    "Ana loves road trips with friends and family",
                )
            ],
        ),
        ("I like hiking and want to try climbing.", [("ana: likes hiking", "Ana likes hiking")]),
        # How one likes a thing of one's own (it was also a liking of "strong").
        (
            "I like my coffee black and strong.",
            [
                (
                    "ana: likes their coffee black and strong",
                    "Ana likes their coffee black and strong",
                )
            ],
        ),
        (
            "I prefer Python and Rust over Java.",
            [("ana: likes python and rust over java", "Ana prefers Python and Rust over Java")],
        ),
        # Liking and choosing, said other ways.
        ("I'm a big fan of jazz.", [("ana: likes jazz", "Ana likes jazz")]),
        (
            "I'm not a fan of horror movies.",
            [("ana: likes horror movies", "Ana does not like horror movies")],
        ),
        ("I'm really into climbing lately.", [("ana: likes climbing", "Ana likes climbing")]),
        # What was just told is no taste (it was "Ana hates when that happens").
        ("I hate when that happens.", []),
        (
            "I hate when people chew loudly.",
            [("ana: likes when people chew loudly", "Ana hates when people chew loudly")],
        ),
    ],
)
def test_each_liking_is_kept_on_its_own_key(text: str, expected: list) -> None:
    assert facts(text) == expected
