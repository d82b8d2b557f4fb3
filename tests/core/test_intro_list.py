"""A self-introduction said as a list ("Hi! I'm Sarah, 34, a nurse, living in London") tells
each of its items of the speaker: only the name was kept, and "About me: 28, software engineer,
based in Berlin, vegan" was nothing at all."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "Hi! I'm Sarah, 34, a nurse, living in London.",
            [
                ("ana: name", "Ana goes by Sarah"),
                ("ana: age", "Ana is 34 years old"),
                ("ana: occupation", "Ana is a nurse"),
                ("ana: location", "Ana lives in London"),
            ],
        ),
        (
            "About me: 28, software engineer, based in Berlin, vegan.",
            [
                ("ana: age", "Ana is 28 years old"),
                ("ana: occupation", "Ana is a software engineer"),
                ("ana: location", "Ana lives in Berlin"),
                ("ana: diet", "Ana is vegan"),
            ],
        ),
        (
            "Quick intro: I'm a teacher, married, one daughter.",
            [
                ("ana: occupation", "Ana is a teacher"),
                ("ana: relationship status", "Ana is married"),
                ("ana: children", "Ana has one daughter"),
            ],
        ),
        (
            "I'm Dave, retired teacher, from Ohio, no kids.",
            [
                ("ana: name", "Ana goes by Dave"),
                ("ana: occupation", "Ana is a retired teacher"),
                ("ana: origin", "Ana is from Ohio"),
                ("ana: children", "Ana has no kids"),
            ],
        ),
        (
            "I'm 34F, live in Toronto.",
            [("ana: age", "Ana is 34 years old"), ("ana: location", "Ana lives in Toronto")],
        ),
    ],
)
def test_each_item_of_a_self_introduction_is_a_fact(text: str, told: list) -> None:
    assert facts(text) == told


@pytest.mark.parametrize(
    "text", ["I'm sorry, a bit tired today.", "I'm Sam, 5 minutes late, sorry!", "About me: hm."]
)
def test_what_is_no_list_of_oneself_tells_nothing_of_it(text: str) -> None:
    assert [key for key, _ in facts(text) if key != "ana: name"] == []
