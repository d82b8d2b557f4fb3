"""A to-do whose day the user says has moved takes the new day in the inbox: it kept the old
one, and its reminder rang on it."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.assistant import Assistant
from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import Role, Turn
from core.store import MemoryStore
from core.tasks import extract_tasks
from core.to_do_words import with_deadline
from core.to_dos_moved import moves_said
from tests.core.clock import Clock
from tests.core.conversation_factory import saying
from tests.core.test_tasks import SAID_AT


def day(of_november: int, hour: int = 0) -> datetime:
    return SAID_AT.replace(day=of_november, hour=hour)


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("The dentist moved to Monday.", [("dentist", day(23))]),
        ("My dentist appointment got moved to Monday.", [("dentist", day(23))]),
        (
            "Ugh. My dentist appointment got pushed back to Friday at 3pm.",
            [("dentist", day(20, 15))],
        ),
        ("Ok so the dentist got rescheduled for Friday morning.", [("dentist", day(20, 9))]),
        ("Ugh, apparently the dentist got moved to Monday.", [("dentist", day(23))]),
        ("Move the dentist to Monday please.", [("dentist", day(23))]),
        ("Can you move the reminder to call mom to Saturday?", [("call mom", day(21))]),
        ("I pushed back the report to Friday.", [("report", day(20))]),
        ("Push the report back to Friday.", [("report", day(20))]),
        ("The report deadline got pushed to Friday.", [("report", day(20))]),
        ("The deadline for the report got moved to Friday.", [("the report", day(20))]),
        ("The essay is due Monday now.", [("essay", day(23))]),
        ("Actually, the essay is now due Monday.", [("essay", day(23))]),
        ("My dentist appointment is on Friday instead.", [("dentist", day(20))]),
        ("The report can wait till Monday.", [("report", day(23))]),
        (
            "The party got moved to Saturday, so I need to buy a gift by then.",
            [("party", day(21))],
        ),
        # A day said, not a change of it: the to-do's own words read it.
        ("The essay is due Monday.", []),
        ("My dentist appointment is on Friday.", []),
        # Asked, supposed, not done, someone else's words.
        ("Did the dentist move to Monday?", []),
        ("If they push the report to Friday, I'll be fine.", []),
        ("They couldn't move the dentist to Monday.", []),
        ('She said "the dentist moved to Monday".', []),
        # Moved somewhere, not to a day.
        ("Move the couch to the living room on Monday.", []),
        ("I moved to Lisbon last year.", []),
        ("We pushed the car to the garage.", []),
    ],
)
def test_a_to_do_moved_is_read_with_its_new_day(
    text: str, moves: list[tuple[str, datetime]]
) -> None:
    assert [(m.what, m.due.at) for m in moves_said(text, SAID_AT)] == moves


def test_a_to_do_moved_in_chat_takes_its_new_day(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("Remind me to call the dentist on Friday at 9am. I need to pay the rent.")
    before = {t.title: t for t in store.tasks.inbox()}
    assert before["Call the dentist"].due_at == day(20, 9)
    clock.advance(minutes=5)
    result = assistant.turn("Heads up, the dentist got moved to Monday.")
    (moved,) = result.settled.moved
    assert moved.before == before["Call the dentist"]
    assert (moved.after.title, moved.after.due_at) == ("Call the dentist", day(23))
    assert store.tasks.get(moved.after.id).due_at == day(23)
    assert store.tasks.get(before["Pay the rent"].id) == before["Pay the rent"]
    # The conversation's working memory holds the new day, as after an edit in the inbox.
    clock.advance(minutes=5)
    assistant.turn("What's next for me?")
    notes = {i.key: i.text for i in assistant.working.items()}
    assert notes[f"task:{moved.after.id}"] == f"To-do noticed: {with_deadline(moved.after)}"


def test_words_naming_two_to_dos_move_neither(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("I need to write the report by Friday. I also have to print the report.")
    before = sorted(store.tasks.inbox(), key=lambda t: t.title)
    assert [t.title for t in before] == ["Print the report", "Write the report"]
    clock.advance(minutes=5)
    assert assistant.turn("The report got pushed to Monday.").settled.moved == ()
    assert sorted(store.tasks.inbox(), key=lambda t: t.title) == before


def test_a_move_in_an_imported_chat_moves_no_to_do_of_today(
    store: MemoryStore, embedder: Embedder, assistant: Assistant
) -> None:
    assistant.turn("Remind me to call the dentist on Friday.")
    (task,) = store.tasks.inbox()
    data = saying({(0, 2): "The dentist moved to Monday."}, sessions=1, turns_per_session=4)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    assert store.tasks.get(task.id).due_at == task.due_at


@pytest.mark.parametrize(
    ("text", "due"),
    [
        # An hour alone is today's here; the to-do's own day, once moved (below).
        ("Make it 6pm.", [day(18, 18)]),
        ("Actually, make that Monday at 10.", [day(23, 10)]),
        ("Can you push it to Monday?", [day(23)]),
        ("Make it at 6 instead.", [day(18, 18)]),
        ("Actually, remind me on Saturday instead.", [day(21)]),
        # ...done another day, or the day said alone in its stead (each was nothing).
        ("Actually do it on Monday.", [day(23)]),
        ("Let's do Monday instead.", [day(23)]),
        ("Tomorrow instead.", [day(19)]),
        ("Actually it got moved to Friday.", [day(20)]),
        ("They pushed it back to Monday.", [day(23)]),
        ("It got moved?", []),
        ("No, Friday at 5.", [day(20, 17)]),
        # ...a reminder asked for, not moved; a day alone may answer anything.
        ("Remind me at 6.", []),
        ("Friday.", []),
        ("Actually, I'm free on Friday.", []),
        # Six of what? Not a time said as one; not a day; asked about.
        ("Make it 6.", []),
        ("Make it shorter.", []),
        ("Did you move it to Monday?", []),
    ],
)
def test_it_moved_is_read_with_its_new_time(text: str, due: list[datetime]) -> None:
    assert [(m.what, m.due.at) for m in moves_said(text, SAID_AT)] == [(None, d) for d in due]


def test_make_it_another_hour_moves_the_to_do_just_said_on_its_day(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """ "It" is the to-do the message before noticed (or the reply named); an hour alone keeps
    the day it had."""
    assistant.turn("I need to pay the rent.")
    clock.advance(minutes=5)
    assistant.turn("Remind me to call mom on Friday at 5pm.")
    clock.advance(minutes=5)
    (moved,) = assistant.turn("Actually, make it 6pm.").settled.moved
    assert (moved.after.title, moved.after.due_at) == ("Call mom", day(20, 18))
    assert {t.title: t.due_at for t in store.tasks.inbox()} == {
        "Call mom": day(20, 18),
        "Pay the rent": None,
    }


@pytest.mark.parametrize(
    ("reply", "answer", "due"),
    [
        ("Sure! When would you like me to remind you?", "Tomorrow at 9.", day(19, 9)),
        ("Got it. What time should I remind you?", "How about 6pm?", day(18, 18)),
        ("When is it due?", "Monday", day(23)),
        # Asked when something else is, or no day answered.
        ("When is your flight?", "Friday.", None),
        ("When would you like me to remind you?", "I don't know yet.", None),
    ],
)
def test_a_day_said_alone_answers_when_the_reply_asked_it(
    store: MemoryStore, reply: str, answer: str, due: datetime | None
) -> None:
    """It was nothing: asked "When should I remind you?", the to-do kept no time."""
    with store.db.write() as cur:
        store.tasks.record(cur, extract_tasks("Remind me to call the dentist.", SAID_AT, "s1-t0"))
    conversation = [
        Turn(f"s1-t{seq}", "s1", seq, role, text, SAID_AT)
        for seq, (role, text) in enumerate(
            [(Role.USER, "Remind me to call the dentist."), (Role.ASSISTANT, reply)]
            + [(Role.USER, answer)]
        )
    ]
    with store.db.write() as cur:
        settled = store.tasks.settle_said(cur, conversation[2:], SAID_AT, conversation)
    (task,) = store.tasks.inbox()
    assert [m.after.due_at for m in settled.moved] == ([due] if due else [])
    assert task.due_at == due


@pytest.mark.parametrize(
    ("first", "then", "due"),
    [
        ("Remind me to call the dentist on Friday at 9am.", "Push it back an hour.", day(20, 10)),
        (
            "Remind me to call the dentist on Friday at 9am.",
            "Can you move it 30 minutes later?",
            day(20, 9).replace(minute=30),
        ),
        ("Remind me to pay the rent on Friday.", "Make it a day later.", day(21)),
        # No time of its own to move from; asked, not told.
        ("Remind me to call mom.", "Push it back an hour.", None),
        (
            "Remind me to call the dentist on Friday at 9am.",
            "Did you push it back an hour?",
            day(20, 9),
        ),
    ],
)
def test_it_moved_by_a_stretch_of_time_moves_from_its_own(
    assistant: Assistant,
    store: MemoryStore,
    clock: Clock,
    first: str,
    then: str,
    due: datetime | None,
) -> None:
    """Each moved nothing."""
    assistant.turn(first)
    clock.advance(minutes=5)
    assistant.turn(then)
    (task,) = store.tasks.inbox()
    assert task.due_at == due
