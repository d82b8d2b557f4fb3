"""How one wants to be answered, besides language, length and units: the tone ("Be more casual
with me", "Be blunt"), plain words ("Explain things like I'm five", "Don't use jargon"), the
spelling, the clock, sources, and lists asked as "answer in bullet points". Each is a wish on a
key of its own, carried in every prompt; each was none ("I prefer formal language" was a liking
of "formal language")."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from tests.core.clock import Clock
from tests.core.test_core_memory import always_in_later
from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Be more casual with me.", [("ana: replies tone", "Ana wants casual replies")]),
        ("Be blunt with me.", [("ana: replies tone", "Ana wants blunt replies")]),
        ("Be less formal.", [("ana: replies tone", "Ana wants less formal replies")]),
        ("Don't be so formal.", [("ana: replies tone", "Ana wants less formal replies")]),
        ("Don't be so formal in this email.", []),
        # ...and the assistant's habits (each was none).
        (
            "No need to apologize all the time.",
            [("ana: replies apologies", "Ana wants no apologies in replies")],
        ),
        (
            "Stop asking me follow-up questions.",
            [("ana: replies questions", "Ana wants no follow-up questions in replies")],
        ),
        (
            "Use more examples when you explain.",
            [("ana: replies examples", "Ana wants examples in replies")],
        ),
        ("Stop apologizing to Tom.", []),
        ("I use examples in my lectures.", []),
        ("Talk to me like a friend.", [("ana: replies tone", "Ana wants friendly replies")]),
        ("I prefer formal language.", [("ana: replies tone", "Ana wants formal replies")]),
        (
            "Explain things like I'm five.",
            [("ana: replies plainness", "Ana wants simple replies without jargon")],
        ),
        (
            "Don't use jargon please.",
            [("ana: replies plainness", "Ana wants simple replies without jargon")],
        ),
        (
            "Use British spelling.",
            [("ana: replies spelling", "Ana wants British spelling in replies")],
        ),
        (
            "Please use 24-hour time.",
            [("ana: replies clock", "Ana wants 24-hour times in replies")],
        ),
        ("Always cite your sources.", [("ana: replies sources", "Ana wants sources in replies")]),
        (
            "Please answer in bullet points.",
            [("ana: replies bullet points", "Ana wants bullet points in replies")],
        ),
    ],
)
def test_how_one_wants_to_be_answered_is_a_wish_for_replies(text: str, expected: list) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # Not asked of the assistant, someone else's words, or for this once.
        "I'm more casual at home.",
        "Tom said: be more casual.",
        "Be casual for this email.",
        "Be honest.",
        "What is 17:00 in 12-hour time?",
    ],
)
def test_a_manner_named_in_passing_is_no_wish(text: str) -> None:
    assert facts(text) == []


def test_the_tone_asked_for_is_in_every_prompt(assistant: Assistant, clock: Clock) -> None:
    said, asked = "Be more casual with me from now on.", "How should I start my cover letter?"
    assert always_in_later(assistant, clock, said, asked) == {"User wants casual replies"}
