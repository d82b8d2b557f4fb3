"""What one's body can do and needs, said in passing, is a fact on a key of its own: a skill
one has or lacks ("I can't swim"), what one wears to see or hear, a disability, the hand one
writes with, the medicine one is on (the last two carried in every prompt, as allergies are).
Each was no fact at all."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from tests.core.clock import Clock
from tests.core.test_core_memory import always_in, always_in_later
from tests.core.test_rules import facts


def keyed(text: str) -> list[tuple[str | None, str]]:
    return [(key, content) for key, content in facts(text) if key]


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("I can't swim, so no kayaking for me.", [("ana: can swim", "Ana cannot swim")]),
        ("I never learned to drive.", [("ana: can drive", "Ana never learned to drive")]),
        ("I finally learned how to drive!", [("ana: can drive", "Ana learned to drive")]),
        ("I learned to swim last summer.", [("ana: can swim", "Ana learned to swim")]),
        ("I don't know how to cook.", [("ana: can cook", "Ana does not know how to cook")]),
        (
            "I can't swim or ride a bike.",
            [
                ("ana: can swim", "Ana cannot swim"),
                ("ana: can ride a bike", "Ana cannot ride a bike"),
            ],
        ),
        ("I wear glasses.", [("ana: wears glasses", "Ana wears glasses")]),
        (
            "I don't wear contacts anymore.",
            [("ana: wears contacts", "Ana no longer wears contacts")],
        ),
        ("I'm left-handed.", [("ana: handed", "Ana is left-handed")]),
        # A disability, on the key the condition said as had is on.
        (
            "I'm colour-blind, so no red and green charts.",
            [("ana: condition colorblind", "Ana is colour-blind")],
        ),
        (
            "I use a wheelchair since the accident.",
            [("ana: condition wheelchair", "Ana uses a wheelchair")],
        ),
        ("I'm in a wheelchair.", [("ana: condition wheelchair", "Ana is in a wheelchair")]),
        ("I'm dyslexic.", [("ana: condition dyslexia", "Ana is dyslexic")]),
        # ...as one's doctor or tests told it (it was someone else's words: none).
        (
            "My doctor says I have high blood pressure.",
            [("ana: condition high blood pressure", "Ana has high blood pressure")],
        ),
        ("The tests showed I'm anemic.", [("ana: condition anemia", "Ana is anemic")]),
        # ...or said as what one is, on the key of what one has ("I have asthma").
        ("I'm asthmatic.", [("ana: condition asthma", "Ana is asthmatic")]),
        ("I'm pre-diabetic.", [("ana: condition prediabetes", "Ana is pre-diabetic")]),
        ("I'm hard of hearing.", [("ana: condition hard of hearing", "Ana is hard of hearing")]),
        # ...what one gets or is prone to, and more conditions by name (each was none).
        ("I get migraines.", [("ana: condition migraines", "Ana has migraines")]),
        ("I'm prone to headaches.", [("ana: condition headaches", "Ana has headaches")]),
        (
            "I have high cholesterol.",
            [("ana: condition high cholesterol", "Ana has high cholesterol")],
        ),
        ("I'm hypothyroid.", [("ana: condition hypothyroidism", "Ana is hypothyroid")]),
        (
            "I'm on the autism spectrum.",
            [("ana: condition autism", "Ana is on the autism spectrum")],
        ),
        (
            "I'm on antidepressants.",
            [("ana: medication antidepressants", "Ana is on antidepressants")],
        ),
        (
            "I take insulin and metformin.",
            [
                ("ana: medication insulin", "Ana takes insulin"),
                ("ana: medication metformin", "Ana takes metformin"),
            ],
        ),
        (
            "I stopped taking lithium last year.",
            [("ana: medication lithium", "Ana no longer takes lithium")],
        ),
        # ...taken as a rule: one memory on its key (it was two, the second of no key).
        (
            "I take metformin every day.",
            [("ana: medication metformin", "Ana takes metformin every day")],
        ),
        # How much one weighs, on its key: a later weight is its next version.
        ("I weigh 70 kg.", [("ana: weight", "Ana weighs 70 kg")]),
        ("I weigh about 150 pounds.", [("ana: weight", "Ana weighs 150 pounds")]),
    ],
)
def test_what_ones_body_can_do_and_needs_is_a_fact(text: str, facts: list[tuple[str, str]]) -> None:
    assert keyed(text) == facts


def test_a_medicine_taken_every_day_is_one_memory() -> None:
    """It was two: the medicine on its key, and the routine of no key beside it."""
    assert facts("I take metformin every day.") == [
        ("ana: medication metformin", "Ana takes metformin every day")
    ]


@pytest.mark.parametrize(
    "text",
    [
        # For a day, or with someone: no skill missing.
        "I can't swim today, the pool is closed.",
        "I can't dance with you.",
        # "I can't drive" is as often "not tonight".
        "I can't drive.",
        "I'm on a diet.",
        "Are you on antidepressants?",
        "She's on antidepressants.",
        "My sister wears glasses.",
        "I'm blind to it.",
        # What a friend thinks one has is no diagnosis.
        "My friend thinks I have ADHD.",
        "I weigh my options.",
        "I get home at 6.",
        "I weighed 80 kg last year.",
    ],
)
def test_what_is_no_lasting_fact_of_ones_body_is_none(text: str) -> None:
    assert keyed(text) == []


def test_a_medicine_one_is_on_is_in_every_prompt_until_stopped(
    assistant: Assistant, clock: Clock
) -> None:
    """What to suggest turns on it ("a glass of wine?" for someone on lithium): said once, it
    is in every later prompt, as allergies are, whatever the question recalls."""
    said, asked = "I'm on lithium these days.", "What should we do this weekend?"
    assert always_in_later(assistant, clock, said, asked) == {"User is on lithium"}
    assistant.turn("I stopped taking lithium last month.")
    assert always_in(assistant, "And the one after?") == {"User no longer takes lithium"}
