"""What a to-do's "it", "him" or "her" stands for, by what was said before it, and a thing not
done yet said with "anything": the inbox shows "Renew my passport", not "Renew it"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("My passport expires next month, I should renew it", "Renew my passport"),
        ("The car is making a weird noise. I need to get it checked.", "Get the car checked"),
        ("The sink is leaking again, need to fix it tomorrow", "Fix the sink"),
        ("My license expires soon. Remind me to renew it.", "Renew my license"),
        ("My phone's screen cracked, I have to fix it.", "Fix my phone's screen"),
        # Nothing named before it, or a thing one does not do: "it" stays.
        ("I need to renew it before June", "Renew it"),
        ("The party was fun, gotta do it again", "Do it again"),
        # ...and whom its "her", "him" or "his" stands for, one of one's people named before.
        ("My mom's birthday is next Tuesday, I need to get her a gift", "Get my mom a gift"),
        # ...the one helped, not whose ("Help Sarah's move").
        ("I promised Sarah I'd help her move on Sunday", "Help Sarah move"),
        ("My sister is moving, I need to help her pack tomorrow", "Help my sister pack"),
        ("Dad's flight lands at 6pm, I need to pick him up", "Pick Dad up"),
        ("My sister's bike is broken, I have to fix her bike by Friday", "Fix my sister's bike"),
        ("my mom called, need to call her back tonight", "Call my mom back"),
        (
            "My mother-in-law lands Friday, I need to pick her up at the airport.",
            "Pick my mother-in-law up at the airport",
        ),
        # ...or the one person named mid-sentence (none, or two: "her" stays).
        ("I owe Jake $50, need to pay him back by Friday", "Pay Jake back"),
        # ...named by whose ("Get Sarah''s something" was the title: the name was read as
        # "Sarah'", and "her something" as whose).
        (
            "I can't believe I forgot Sarah's birthday. I need to get her something.",
            "Get Sarah something",
        ),
        # ...or a thing one just did something with ("a car" is the car); "it" in a saying is
        # of no thing.
        ("I finished the report and have to send it to Tom.", "Send the report to Tom"),
        ("I bought a car, need to register it by Friday", "Register the car"),
        ("I watched a movie with Tom and need to return it.", "Return it"),
        ("The trip was long, I need to make it up to her.", "Make it up to her"),
        # ...and the money one owes, which paying "it" pays.
        ("I owe my mom $100 and need to pay it back by Friday", "Pay my mom $100 back"),
        ("Sarah called, I need to call her back tonight", "Call Sarah back"),
        ("The plumber called, I need to call him back", "Call the plumber back"),
        ("I told Sarah about Paris, need to call her tonight", "Call her"),
        # ...or one known by what they are to one, "him" or "her" alike (it stayed "him").
        ("My boss is annoyed, I need to email him an apology", "Email my boss an apology"),
        ("My boss and my dad called, I need to call him back", "Call him back"),
        # ...a thing said two sentences back, not past another sentence's things (it was "Book
        # our anniversary"); past sentences about "it", still.
        (
            "Our anniversary is on the 20th. I want to surprise Mark with dinner at Luigi's. "
            "I need to book it this week.",
            "Book it",
        ),
        ("My car broke down. It's been a nightmare. I need to get it fixed.", "Get my car fixed"),
        # Two she could be, or none: "her" stays.
        ("My mom and my sister are visiting, I need to pick her up at 5", "Pick her up"),
        ("Sarah called and Tom texted, I need to call her", "Call her"),
    ],
)
def test_a_to_do_says_what_its_it_stands_for(text: str, title: str) -> None:
    """Each was titled "Renew it", "Get her a gift"... in the inbox, far from what it meant."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert task.title == title


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        (
            "I need to buy a present for Ana and wrap it",
            ["Buy a present for Ana", "Wrap the present"],
        ),
        ("I need to fix the bike and then sell it", ["Fix the bike", "Sell the bike"]),
        ("I need to call the bank and ask about it", ["Call the bank", "Ask about it"]),
    ],
)
def test_an_it_after_and_is_the_thing_of_the_to_do_before_it(text: str, titles: list) -> None:
    """The second was "Wrap it", "Sell it": the thing was said in the same breath."""
    assert [t.title for t in extract_tasks(text, SAID_AT, "turn-1")] == titles


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I still haven't bought anything for Jo.", "Buy something for Jo"),
        ("It's our anniversary on Friday and I haven't booked anything yet.", "Book something"),
    ],
)
def test_nothing_done_yet_is_something_to_do(text: str, title: str) -> None:
    """Each was titled "Buy anything for Jo", "Book anything"."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert task.title == title


MONDAY = datetime(2026, 11, 23, tzinfo=UTC)
FRIDAY = datetime(2026, 11, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Can you help me with my essay? It's due on Monday.", [("Submit my essay", MONDAY)]),
        ("I'm so stressed, my essay is due Monday.", [("Submit my essay", MONDAY)]),
        # ...the deadline of the to-do just said of it.
        (
            "I still haven't paid the electricity bill. It's due Friday.",
            [("Pay the electricity bill", FRIDAY)],
        ),
        ("I need to finish my essay. It's due Monday.", [("Finish my essay", MONDAY)]),
        # Not of a thing named further back, nor of no work or bill at all.
        ("I finished my essay last week. The weather is nice. It's due on Friday.", []),
        ("The party was fun. It's due to rain tomorrow.", []),
        ("It's due tomorrow.", []),
        # Said after a clause that is a condition or someone else's words, it is not one's own.
        ("If it's late, my essay is due Monday anyway.", []),
        ("My sister said, the report is due Friday.", []),
    ],
)
def test_its_due_is_said_of_the_work_or_bill_just_named(text: str, expected: list) -> None:
    """The first four were nothing, or had no deadline: "it's due" was not read, nor was a
    deadline said after a clause of its own."""
    landed = [
        (t.title, t.due_at) for t in extract_tasks(text, SAID_AT, "turn-1") if t.confidence >= 0.7
    ]
    assert landed == expected


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I totally forgot to call the vet, need to do that first thing tomorrow", "Call the vet"),
        ("I forgot to email Sam. I need to do it today.", "Email Sam"),
        ("I was supposed to renew my license last month, must do that asap", "Renew my license"),
        # No deed said before it: it stays.
        ("The party was fun, gotta do it again", "Do it again"),
    ],
)
def test_do_that_is_the_deed_just_said(text: str, title: str) -> None:
    """The first three were titled "Do that", "Do it"."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert task.title == title


@pytest.mark.parametrize(
    "text", ["Put it on my list.", "The sink is leaking again. Put it on my list."]
)
def test_it_alone_is_no_to_do_of_its_own(text: str) -> None:
    """ "Put it on my list" keeps the to-do spoken of before (`core.to_dos_done`): it was a
    to-do titled "It"."""
    assert extract_tasks(text, SAID_AT, "turn-1") == []
