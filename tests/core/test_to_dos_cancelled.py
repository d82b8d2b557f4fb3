"""A to-do of an event the user says is called off is dismissed in the inbox, as its Dismiss
button would: its reminder rang for an appointment that was gone. What only sounds like it
(asked, supposed, denied, a to-do that is not of the event, words naming two) changes
nothing."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from core.model import TaskStatus
from core.reminders import coming_due
from core.store import MemoryStore
from core.to_dos_cancelled import cancelled_said
from tests.core.clock import Clock
from tests.core.test_tasks import SAID_AT


@pytest.mark.parametrize(
    ("text", "cancelled"),
    [
        ("My dentist appointment got cancelled.", ["My dentist appointment"]),
        ("Dentist cancelled!", ["Dentist"]),
        ("Tom's party is off.", ["Tom's party"]),
        ("Dinner's off tonight.", ["Dinner"]),
        ("They called off the meeting.", ["the meeting"]),
        ("Tom cancelled the meeting.", ["the meeting"]),
        ("Sarah cancelled on us again.", ["Sarah"]),
        ("We had to cancel the trip to Paris.", ["the trip to Paris"]),
        ("Dinner with the Smiths isn't happening anymore.", ["Dinner with the Smiths"]),
        ("Unfortunately the concert was cancelled.", ["the concert"]),
        ("I'm free on Friday, the dentist got cancelled.", ["the dentist"]),
        ("The game got called off because of the rain.", ["The game"]),
        ("Apparently the meeting was cancelled by Tom.", ["the meeting"]),
        # Its day is not the to-do's words.
        ("The meeting on Friday is cancelled.", ["The meeting"]),
        ("Tomorrow's meeting got cancelled.", ["meeting"]),
        # Asked, supposed, denied, feared, someone else's words.
        ("Is the party cancelled?", []),
        ("Did they cancel the meeting?", []),
        ("If the trip gets cancelled, I'll stay home.", []),
        ("The meeting wasn't cancelled.", []),
        ("The party isn't off.", []),
        ("I hope the party isn't cancelled.", []),
        ("I'm worried the meeting will be cancelled.", []),
        ("Maybe the game is cancelled.", []),
        ('She said "the party is off".', []),
        # Off, but not an event; a cancelling still to do.
        ("Tom is off today.", []),
        ("The lights are off.", []),
        ("I need to cancel the dentist appointment.", []),
    ],
)
def test_an_event_called_off_is_read_in_its_words(text: str, cancelled: list[str]) -> None:
    assert cancelled_said(text, SAID_AT) == cancelled


def test_an_appointment_called_off_is_dismissed_and_its_reminder_rings_no_more(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn(
        "I have a dentist appointment on Friday at 2. Remind me the day before. "
        "I also need to call the plumber."
    )
    before = {t.title: t for t in store.tasks.inbox()}
    appointment = before["Dentist appointment"]
    assert appointment.remind_at is not None and appointment.due_at is not None
    ringing = {"since": SAID_AT, "now": appointment.due_at}
    assert coming_due(store.tasks.inbox(), **ringing) == [appointment]
    clock.advance(minutes=5)
    asked = assistant.turn("Is the dentist cancelled?")
    assert asked.settled.dropped == () and len(store.tasks.inbox()) == 2
    clock.advance(minutes=5)
    result = assistant.turn("Good news, the dentist got cancelled!")
    assert result.settled.dropped == (appointment,) and result.settled.done == ()
    assert store.tasks.get(appointment.id).status is TaskStatus.DISMISSED
    assert [t.title for t in store.tasks.inbox()] == ["Call the plumber"]
    assert coming_due(store.tasks.inbox(), **ringing) == []


def test_an_event_one_cancelled_is_dismissed_not_done(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn(
        "I have a meeting with Tom on Monday at 10. Can you remind me 30 minutes before?"
    )
    (meeting,) = store.tasks.inbox()
    assert meeting.title == "Meeting with Tom"
    clock.advance(minutes=5)
    result = assistant.turn("I cancelled the meeting with Tom.")
    assert [t.id for t in result.settled.dropped] == [meeting.id] and result.settled.done == ()
    assert store.tasks.get(meeting.id).status is TaskStatus.DISMISSED


def test_a_to_do_of_cancelling_is_done_when_it_is_cancelled(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("I need to cancel my gym membership.")
    (task,) = store.tasks.inbox()
    clock.advance(minutes=5)
    result = assistant.turn("I cancelled my gym membership.")
    assert [t.id for t in result.settled.done] == [task.id] and result.settled.dropped == ()


@pytest.mark.parametrize(
    ("first", "then"),
    [
        # Not of an event: the dentist's appointment gone, the call may still be needed.
        ("I need to call the dentist tomorrow.", "The dentist appointment is cancelled."),
        # Words naming two events dismiss neither.
        (
            "Remind me about the team meeting on Monday at 9. Remind me about the meeting with "
            "Tom on Tuesday at 10.",
            "The meeting got cancelled.",
        ),
        # Words the to-do does not hold.
        ("Don't forget we have Tom's party on Saturday.", "Anna's party is off."),
    ],
)
def test_words_not_naming_one_event_dismiss_nothing(
    assistant: Assistant, store: MemoryStore, clock: Clock, first: str, then: str
) -> None:
    assistant.turn(first)
    before = store.tasks.inbox()
    assert before
    clock.advance(minutes=5)
    assert assistant.turn(then).settled.dropped == ()
    assert store.tasks.inbox() == before


def test_an_event_called_off_is_dismissed_by_its_own_words(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn(
        "Don't forget we have Tom's party on Saturday. I need to pack for the trip to Paris."
    )
    clock.advance(minutes=5)
    result = assistant.turn("The party's off. We had to cancel the trip to Paris too.")
    assert sorted(t.title for t in result.settled.dropped) == [
        "Pack for the trip to Paris",
        "Tom's party",
    ]
    assert store.tasks.inbox() == []


@pytest.mark.parametrize(
    ("first", "then", "dismissed"),
    [
        (
            "I have a meeting with Tom on Monday at 10. Can you remind me 30 minutes before?",
            "Ugh, they cancelled it.",
            ["Meeting with Tom"],
        ),
        ("Don't forget we have Tom's party on Saturday.", "It's off.", ["Tom's party"]),
        # "It" of no event, or asked.
        ("Remind me to call mom tomorrow.", "It got cancelled.", []),
        ("Don't forget we have Tom's party on Saturday.", "Was it cancelled?", []),
    ],
)
def test_it_called_off_dismisses_the_event_just_spoken_of(
    assistant: Assistant,
    store: MemoryStore,
    clock: Clock,
    first: str,
    then: str,
    dismissed: list[str],
) -> None:
    """Each was nothing."""
    assistant.turn(first)
    clock.advance(minutes=5)
    assert [t.title for t in assistant.turn(then).settled.dropped] == dismissed
