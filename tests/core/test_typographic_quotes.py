"""Phones and word processors type curly apostrophes and quotation marks by default. "I’m
vegan" and "Let’s book flights tomorrow" must be read as their plain-typed twins are: they had
been neither a fact nor a to-do."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_rules import facts

SAID = datetime(2026, 1, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I\u2019m vegan.", ("ana: diet", "Ana is vegan")),
        ("I don\u2019t eat meat.", ("ana: eats meat", "Ana does not eat meat")),
        (
            "I just watched \u201cLittle Women\u201d and it was amazing.",
            (None, "Ana watched Little Women"),
        ),
        (
            "My favorite movie is \u201cUp\u201d.",
            ("ana: favorite movie", "Ana's favorite movie is Up"),
        ),
    ],
)
def test_curly_quotes_read_as_straight_ones(text: str, fact: tuple[str | None, str]) -> None:
    straight = text.translate(str.maketrans("\u2019\u201c\u201d", '\'""'))
    assert facts(text) == facts(straight) == [fact]


def test_words_in_curly_quotes_are_someone_elses() -> None:
    assert facts("She said \u201cI live in Paris\u201d to me.") == []


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I\u2019ve got to call the dentist tomorrow.", "Call the dentist"),
        ("Don\u2019t let me forget to pay rent by Friday.", "Pay rent"),
        ("Let\u2019s book flights tomorrow.", "Book flights"),
        ("I\u2019d like you to remind me to call Mom\u2019s doctor.", "Call Mom's doctor"),
    ],
)
def test_a_to_do_typed_with_curly_apostrophes_is_found(text: str, title: str) -> None:
    assert [c.title for c in extract_tasks(text, SAID, "t1")] == [title]


@pytest.mark.parametrize(
    "text",
    [
        "We don\u2019t need to book flights.",
        "I need to say, that\u2019s great",
        "He said \u201cI have to call the bank\u201d.",
    ],
)
def test_what_is_no_to_do_stays_none_with_curly_quotes(text: str) -> None:
    assert extract_tasks(text, SAID, "t1") == []
