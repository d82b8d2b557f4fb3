"""The units one wants answers in, asked of the assistant ("Use metric units please", "Please
use Celsius"), are a wish on a key of its own, carried in every prompt as the language and the
length of replies are. Each was none ("I prefer imperial" was a liking of "imperial")."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from tests.core.clock import Clock
from tests.core.test_core_memory import always_in_later
from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Use metric units please.", [("ana: replies units", "Ana wants metric units in replies")]),
        ("I prefer imperial.", [("ana: replies units", "Ana wants imperial units in replies")]),
        (
            "Please use Celsius.",
            [("ana: replies temperature", "Ana wants temperatures in Celsius")],
        ),
        (
            "Can you switch to Fahrenheit?",
            [("ana: replies temperature", "Ana wants temperatures in Fahrenheit")],
        ),
    ],
)
def test_the_units_asked_for_are_a_wish_for_replies(text: str, expected: list) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # For this once, or only named.
        "Use metric for this recipe.",
        "The metric system is great.",
        "What is 30 Celsius in Fahrenheit?",
    ],
)
def test_units_named_in_passing_are_no_wish(text: str) -> None:
    assert facts(text) == []


def test_the_units_asked_for_are_in_every_prompt(assistant: Assistant, clock: Clock) -> None:
    """What to wear turns on the temperature said in the units one reads."""
    said, asked = "Please use Celsius from now on.", "What should I wear tomorrow?"
    assert always_in_later(assistant, clock, said, asked) == {"User wants temperatures in Celsius"}
