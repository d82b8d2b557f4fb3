"""To-dos written as a list, under a heading or after its colon, and several said in one breath:
each is a to-do of its own, with its own deadline or its heading's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT

TODAY = datetime(2026, 11, 18, tzinfo=UTC)
TOMORROW = datetime(2026, 11, 19, tzinfo=UTC)


def to_dos(text: str) -> list[tuple[str, datetime | None]]:
    """What lands in the inbox on first mention, with its deadline."""
    return [
        (c.title, c.due_at) for c in extract_tasks(text, SAID_AT, "turn-1") if c.confidence >= 0.70
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Things I need to do today:\n- buy milk\n- call mom\n- pay rent\n\nThanks!",
            [("Buy milk", TODAY), ("Call mom", TODAY), ("Pay rent", TODAY)],
        ),
        (
            "To do:\n1. renew the passport\n2) call the plumber at 5pm\n- [x] book flights",
            [
                ("Renew the passport", None),
                ("Call the plumber", datetime(2026, 11, 18, 17, tzinfo=UTC)),
            ],
        ),
        ("Chores:\n- laundry\n- dishes", [("Laundry", None), ("Dishes", None)]),
        # ...or after the colon, without verbs: each chore is one (only "Laundry" was).
        (
            "To do: laundry, dishes and groceries.",
            [("Laundry", None), ("Dishes", None), ("Groceries", None)],
        ),
        # A thing bought and the rest of the list bought with it are one.
        ("Need to: buy milk, eggs and bread", [("Buy milk, eggs and bread", None)]),
        # ...as is a shopping list (it was nothing), a thing's own "get" left out.
        ("Shopping list: eggs, milk, bread", [("Buy eggs, milk and bread", None)]),
        ("Groceries for tomorrow:\n- Milk\n- get bread", [("Buy milk and bread", TOMORROW)]),
        # Numbered on one line, or two sentences after the colon (each was one to-do).
        (
            "Todo: 1) call mom 2) pay rent 3) book flights",
            [("Call mom", None), ("Pay rent", None), ("Book flights", None)],
        ),
        (
            "To do: call the vet by 5. Buy milk.",
            [("Call the vet", datetime(2026, 11, 18, 17, tzinfo=UTC)), ("Buy milk", None)],
        ),
        ("To do: call Dr. Smith, buy milk", [("Call Dr. Smith", None), ("Buy milk", None)]),
        # Days one after another on a line, each its own (it was nothing).
        (
            "Busy week ahead. Friday: dentist. Saturday: call the bank. Sunday: pick up the suit.",
            [
                ("Call the bank", datetime(2026, 11, 21, tzinfo=UTC)),
                ("Pick up the suit", datetime(2026, 11, 22, tzinfo=UTC)),
            ],
        ),
        # A day's note: its chores and what opens on a verb, by that day (not "dentist at 9",
        # an appointment; the chores were nothing).
        ("Tomorrow: dentist at 9, then groceries.", [("Groceries", TOMORROW)]),
        ("Tomorrow:\n- pay rent\n- dentist at 9", [("Pay rent", TOMORROW)]),
        (
            "Errands for tomorrow:\npost office\ndry cleaning",
            [("Post office", TOMORROW), ("Dry cleaning", TOMORROW)],
        ),
        (
            "My to-do list for tomorrow: buy milk, call mom, pay rent.",
            [("Buy milk", TOMORROW), ("Call mom", TOMORROW), ("Pay rent", TOMORROW)],
        ),
        # Worded as to-dos inside the list, titled by what is to be done.
        (
            "Things to do:\n- remind me to call Bo\n- need to pay rent by Friday",
            [("Call Bo", None), ("Pay rent", datetime(2026, 11, 20, tzinfo=UTC))],
        ),
        # Said in one breath ("... and also ..." was one to-do of both).
        (
            "I need to call the bank tomorrow and also email Sarah about the report.",
            [("Call the bank", TOMORROW), ("Email Sarah about the report", None)],
        ),
        (
            "I need to buy milk, call mom and pay rent tomorrow.",
            [("Buy milk", TOMORROW), ("Call mom", TOMORROW), ("Pay rent", TOMORROW)],
        ),
        (
            "I still need to register the car and find a pediatrician by the end of the month.",
            [
                ("Register the car", datetime(2026, 11, 30, tzinfo=UTC)),
                ("Find a pediatrician", datetime(2026, 11, 30, tzinfo=UTC)),
            ],
        ),
        (
            "I have to finish the report, then call the client and book flights.",
            [("Finish the report", None), ("Call the client", None), ("Book flights", None)],
        ),
        # A deadline said with an earlier to-do is its own (the milk was due at 15:00), one
        # said with each is each's (the email was due at 15:00, the call's title kept "at 3").
        (
            "I have to pick up the kids at 3 and buy milk.",
            [("Pick up the kids", TODAY.replace(hour=15)), ("Buy milk", None)],
        ),
        (
            "I need to email Sam tomorrow and call the bank at 3.",
            [("Email Sam", TOMORROW), ("Call the bank", TOMORROW.replace(hour=15))],
        ),
        # An hour said with the last is the last's; the day said before them is all of theirs
        # (the email had been due at 15:00 too).
        (
            "Tomorrow I need to email Sam and call the bank at 3.",
            [("Email Sam", TOMORROW), ("Call the bank", TOMORROW.replace(hour=15))],
        ),
        (
            "I need to email Sam and call the bank at 3.",
            [("Email Sam", None), ("Call the bank", TODAY.replace(hour=15))],
        ),
        (
            "I need to pay rent by Friday, call mom and buy milk.",
            [
                ("Pay rent", datetime(2026, 11, 20, tzinfo=UTC)),
                ("Call mom", None),
                ("Buy milk", None),
            ],
        ),
        # A reminder's time is the time of all it asks for.
        (
            "Remind me to buy milk and pick up the kids at 3.",
            [("Buy milk", TODAY.replace(hour=15)), ("Pick up the kids", TODAY.replace(hour=15))],
        ),
        # One thing's parts stay one to-do.
        ("I need to buy milk, eggs and bread tomorrow.", [("Buy milk, eggs and bread", TOMORROW)]),
        ("I have to call mom and dad tomorrow.", [("Call mom and dad", TOMORROW)]),
        # Headed by what one needs to do (it was nothing).
        (
            "Need to: buy milk, call mom, pay rent",
            [("Buy milk", None), ("Call mom", None), ("Pay rent", None)],
        ),
        # ...or by the time or occasion they are for (each was nothing).
        (
            "Things for tomorrow:\n- clean the garage\n- call grandma",
            [("Clean the garage", TOMORROW), ("Call grandma", TOMORROW)],
        ),
        (
            "Things for the party: buy balloons, order the cake",
            [("Buy balloons", None), ("Order the cake", None)],
        ),
        # ...a plan's, a day's note by another name (each was nothing).
        (
            "Ok so the plan for tomorrow: gym at 7, then finish the slides",
            [("Finish the slides", TOMORROW)],
        ),
        ("Today's agenda: standup at 9, review the budget", [("Review the budget", TODAY)]),
        # ...the day its owner names is its deadline (it had none), after a line's opening too
        # (there was no list).
        (
            "Tomorrow's to-do list: paint the fence, call Bo",
            [("Paint the fence", TOMORROW), ("Call Bo", TOMORROW)],
        ),
        ("Ok so my to-dos for today: buy milk, call Bo", [("Buy milk", TODAY), ("Call Bo", TODAY)]),
        # ...a list named with its day.
        (
            "On my list for today: laundry, groceries, call the landlord.",
            [("Laundry", TODAY), ("Groceries", TODAY), ("Call the landlord", TODAY)],
        ),
        (
            "My list for tomorrow: buy milk, call Bo",
            [("Buy milk", TOMORROW), ("Call Bo", TOMORROW)],
        ),
    ],
)
def test_each_to_do_of_a_list_lands_with_its_deadline(text: str, expected: list) -> None:
    """Each gave none, a wrong one ("Do"), or the first alone ("Buy milk")."""
    assert to_dos(text) == expected


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        # A job described, a plan for the day, a list done, a shopping done: no to-dos.
        ("Tasks: managing the team, reporting to the director.", []),
        (
            "Can you improve this part of my CV?\n\nSenior Engineer, Acme (2019-2023)\n"
            "Tasks:\n- Managing a team of five\n- Reporting to the CTO",
            [],
        ),
        ("Groceries: done!", []),
        ("It was fun. Today: we went to the park.", []),
        ("Shopping: I went to the mall and it was packed.", []),
        ("Tomorrow: dentist at 9, gym at 6", []),
        ("Tomorrow: big day, we fly to Rome!", []),
        ("The plan is simple: call Bo and ask.", []),
        ("The plan: we go in at dawn.", []),
        ("To do:\n- [x] book flights\n- [x] pay rent", []),
        # Things for an occasion that are no doing.
        ("Things for the party:\n- balloons\n- cake", []),
        # A list of no day is of anything.
        ("My list of favourite films: Titanic, Avatar.", []),
        ("On my list: Titanic, Avatar.", []),
        # A clause after the comma is why, not another thing to do.
        ("I need to call mom, she's worried and sad.", ["Call mom"]),
    ],
)
def test_what_is_no_list_of_to_dos_gives_none_of_its_parts(text: str, titles: list) -> None:
    assert [title for title, _ in to_dos(text)] == titles
