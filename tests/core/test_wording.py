"""Counts read as words: what the CLI and the window print about one thing is singular."""

from __future__ import annotations

import pytest

from core.wording import SHOWN_CHARS, counted, excerpt


@pytest.mark.parametrize(
    ("count", "noun", "said"),
    [
        (1, "memory", "1 memory"),
        (0, "memory", "0 memories"),
        (3, "memory", "3 memories"),
        (1, "session", "1 session"),
        (2, "session", "2 sessions"),
        (5, "unsupported file", "5 unsupported files"),
    ],
)
def test_one_is_singular_and_every_other_count_plural(count: int, noun: str, said: str) -> None:
    assert counted(count, noun) == said


def test_an_excerpt_is_the_part_of_a_long_text_around_the_phrase() -> None:
    text = "x " * 2000 + "I must call the bank today. " + "y " * 2000
    around = excerpt(text, "Call the bank")
    assert "I must call the bank today." in around and len(around) <= SHOWN_CHARS + 6
    assert around.startswith("...") and around.endswith("today.")
    # Short texts whole; a phrase not in it gives the head.
    assert excerpt("Call the bank.", "Call the bank") == "Call the bank."
    assert excerpt(text, "Reworded by the user").startswith("x x x")


def test_an_excerpt_is_the_sentence_a_to_do_was_said_in() -> None:
    """A message that said two things showed its first in the inbox's "Said" column, whichever
    the to-do came from."""
    said = "Don't let me forget the milk. I have to buy the presents by Christmas. Thanks!"
    assert excerpt(said, "Buy the presents") == "I have to buy the presents by Christmas."
    # "Remember the milk" was said as "forget the milk".
    assert excerpt(said, "Remember the milk") == "Don't let me forget the milk."
