"""A to-do the user says in chat they did is finished in the inbox, as its Done button would,
and one they no longer have to do is dismissed; what only sounds like it (not done, asked,
supposed, someone else's, not for good, an imported chat's) settles nothing."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import Role, TaskStatus, Turn
from core.store import MemoryStore
from core.tasks import extract_tasks
from core.to_dos_done import decided_of_it, deeds_said, dropped_said
from tests.core.clock import Clock
from tests.core.conversation_factory import saying
from tests.core.test_tasks import SAID_AT


@pytest.mark.parametrize(
    ("text", "deeds"),
    [
        ("I paid the rent.", ["pay the rent"]),
        ("Just called the dentist, all sorted!", ["call the dentist"]),
        ("Done: booked the flights.", ["book the flights"]),
        ("Finally renewed my passport!", ["renew my passport"]),
        ("Thanks. I've sent the invoice.", ["send the invoice"]),
        ("ok\nPicked up the dry cleaning", ["pick up the dry cleaning"]),
        # ...an errand's own verb (each was none).
        ("Watered the plants.", ["water the plants"]),
        ("I mailed the letter this morning.", ["mail the letter"]),
        ("We visited grandma!", ["visit grandma"]),
        # Not done, asked, supposed, doubted or someone else's.
        ("I haven't paid the rent.", []),
        ("I still haven't paid the bill.", []),
        ("Did I pay the rent?", []),
        ("I paid the rent?", []),
        ("If I paid the rent, would I be broke?", []),
        ("She paid the rent.", []),
        ("He said I paid.", []),
        ("I paid the rent but it bounced.", []),
        ("I forgot to call the vet.", []),
        ('Tom wrote: "I paid the rent."', []),
        # ...or the thing it was of, said done (each was none).
        ("The rent is paid.", ["pay The rent"]),
        ("Flights booked!", ["book Flights"]),
        ("The report's finally submitted.", ["submit The report"]),
        ("The essay is done.", ["The essay"]),
        ("The rent isn't paid.", []),
        ("The rent is paid by my roommate.", []),
        ("The dentist is booked up.", []),
        ("Is the rent paid?", []),
        ("I'm done.", []),
        ("Keep me updated!", []),
    ],
)
def test_a_deed_reported_is_read_in_a_to_dos_words(text: str, deeds: list[str]) -> None:
    assert deeds_said(text) == deeds


@pytest.mark.parametrize(
    ("text", "dropped"),
    [
        ("I don't need to call the dentist anymore.", ["call the dentist"]),
        ("Oh never mind, I no longer have to pay the rent!", ["pay the rent"]),
        ("I don't have to renew my passport after all.", ["renew my passport"]),
        ("Please cancel the reminder to call mom.", ["call mom"]),
        # Not for good, or someone else's.
        ("I don't need to call the dentist today.", []),
        ("I don't need to call the dentist.", []),
        ("She doesn't need to call anymore.", []),
        ("If it rains, I don't need to water the plants anymore.", []),
    ],
)
def test_a_to_do_no_longer_needed_is_read_in_its_words(text: str, dropped: list[str]) -> None:
    assert dropped_said(text) == dropped


def test_a_to_do_said_done_in_chat_is_finished_and_undone_as_it_was(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("Remind me to pay the rent on Friday. I also need to call the plumber.")
    assert sorted(t.title for t in store.tasks.inbox()) == ["Call the plumber", "Pay the rent"]
    clock.advance(minutes=5)
    asked = assistant.turn("Did I pay the rent already?")
    assert asked.settled.done == () and len(store.tasks.inbox()) == 2
    clock.advance(minutes=5)
    result = assistant.turn("Good news, I paid the rent this morning! Now I need to buy milk.")
    (done,) = result.settled.done
    assert done.title == "Pay the rent" and done.status is not TaskStatus.DONE
    assert store.tasks.get(done.id).status is TaskStatus.DONE
    # The plumber stays, and the to-do said in the same message is noticed, not finished.
    assert sorted(t.title for t in store.tasks.inbox()) == ["Buy milk", "Call the plumber"]
    # ...and it leaves the conversation's working memory, as one finished in the inbox does.
    clock.advance(minutes=5)
    assistant.turn("What else is on my plate?")
    assert f"task:{done.id}" not in {i.key for i in assistant.working.items()}


def test_a_deed_in_an_imported_chat_finishes_no_to_do_of_today(
    store: MemoryStore, embedder: Embedder, assistant: Assistant
) -> None:
    assistant.turn("Remind me to pay the rent on Friday.")
    (task,) = store.tasks.inbox()
    data = saying({(0, 2): "I paid the rent."}, sessions=1, turns_per_session=4)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    assert store.tasks.get(task.id).status is task.status


def test_a_to_do_said_to_be_no_more_is_dismissed(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("I need to call the plumber. Remind me to renew my passport.")
    clock.advance(minutes=5)
    result = assistant.turn("The tap fixed itself, so I don't need to call the plumber anymore.")
    (dropped,) = result.settled.dropped
    assert dropped.title == "Call the plumber" and result.settled.done == ()
    assert store.tasks.get(dropped.id).status is TaskStatus.DISMISSED
    assert [t.title for t in store.tasks.inbox()] == ["Renew my passport"]


DONE, TRACKED, NO_TO_DO = TaskStatus.DONE, TaskStatus.CONFIRMED, TaskStatus.DISMISSED


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("Done!", DONE),
        ("I did it.", DONE),
        ("Already did that", DONE),
        ("That's taken care of.", DONE),
        ("Yep, done already", DONE),
        ("Ok I just did it", DONE),
        ("I did it yesterday.", DONE),
        ("Yes, add it to my list.", TRACKED),
        ("Can you put that on my to-do list?", TRACKED),
        ("Track it please", TRACKED),
        ("That's not a to-do.", NO_TO_DO),
        ("No, don't add that.", NO_TO_DO),
        # Asked, not done, or more than "it".
        ("Done?", None),
        ("Is it done?", None),
        ("Not done yet", None),
        ("I did it wrong", None),
        ("Done with the essay, now the slides.", None),
        ("Don't add that, it's wrong", None),
    ],
)
def test_a_message_deciding_only_of_it_is_read(text: str, decided: TaskStatus | None) -> None:
    assert decided_of_it(text) is decided


def say(seq: int, role: Role, text: str) -> Turn:
    return Turn(f"s1-t{seq}", "s1", seq, role, text, SAID_AT)


@pytest.mark.parametrize(
    ("reply", "done"),
    [
        ("Don't forget to call the dentist today!", ["Call the dentist"]),
        # A reply naming two, or none, leaves "Done!" saying which unknown.
        ("You still have to call the dentist and pay the rent.", []),
        ("Glad to hear it!", []),
    ],
)
def test_done_said_after_a_reply_finishes_the_one_to_do_it_named(
    store: MemoryStore, reply: str, done: list[str]
) -> None:
    said = "Remind me to call the dentist. I need to pay the rent."
    with store.db.write() as cur:
        store.tasks.record(cur, extract_tasks(said, SAID_AT, "s1-t0"))
    conversation = [
        say(0, Role.USER, said),
        say(1, Role.ASSISTANT, reply),
        say(2, Role.USER, "Done!"),
    ]
    with store.db.write() as cur:
        settled = store.tasks.settle_said(cur, conversation[2:], SAID_AT, conversation)
    assert [t.title for t in settled.done] == done
    left = {"Call the dentist", "Pay the rent"} - set(done)
    assert {t.title for t in store.tasks.inbox()} == left


def test_done_said_after_a_to_do_was_noticed_finishes_that_one(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """With no reply naming one, "it" is the to-do the message before noticed."""
    assistant.turn("I need to pay the rent.")
    clock.advance(minutes=5)
    assistant.turn("Oh and I have to water the plants.")
    clock.advance(minutes=5)
    (done,) = assistant.turn("Done!").settled.done
    assert done.title == "Water the plants"
    assert [t.title for t in store.tasks.inbox()] == ["Pay the rent"]


def test_a_to_do_said_to_keep_or_not_is_tracked_or_dismissed(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    """ "Yes, add it to my list" tracks the suggestion just noticed, as Enter in the inbox
    does; "That's not a to-do" dismisses it, as Delete does."""
    assistant.turn("I should clean out the garage at some point.")
    clock.advance(minutes=5)
    assistant.turn("I need to renew my passport.")
    clock.advance(minutes=5)
    (tracked,) = assistant.turn("Yes, add it to my list.").settled.tracked
    assert tracked.title == "Renew my passport" and tracked.status is TaskStatus.CANDIDATE
    assert store.tasks.get(tracked.id).status is TaskStatus.CONFIRMED
    # ...as when the words asking it are a mention of it too.
    clock.advance(minutes=5)
    assistant.turn("I need to water the plants.")
    clock.advance(minutes=5)
    (tracked,) = assistant.turn("Can you add that to my to-do list?").settled.tracked
    assert tracked.title == "Water the plants"
    clock.advance(minutes=5)
    assistant.turn("I have to call the plumber.")
    clock.advance(minutes=5)
    (dropped,) = assistant.turn("Actually, that's not a to-do.").settled.dropped
    assert dropped.title == "Call the plumber"
    assert sorted(t.title for t in store.tasks.inbox()) == ["Renew my passport", "Water the plants"]


def test_a_thing_said_done_finishes_its_to_do(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("I have to pay the rent by Friday. I also need to write the essay.")
    clock.advance(minutes=5)
    (done,) = assistant.turn("Update: the rent is paid!").settled.done
    assert done.title == "Pay the rent"
    clock.advance(minutes=5)
    (done,) = assistant.turn("And the essay's done.").settled.done
    assert done.title == "Write the essay" and store.tasks.inbox() == []


@pytest.mark.parametrize(
    ("due", "done", "title"),
    [
        ("The rent is due tomorrow.", "I paid the rent.", "Pay the rent"),
        ("My essay is due Friday.", "I submitted my essay.", "Submit my essay"),
        ("The report is due Friday.", "Handed in the report!", "Submit the report"),
        ("My taxes are due next week.", "Filed my taxes!", "File my taxes"),
        (
            "My library books are due on Monday.",
            "I returned the library books.",
            "Return my library books",
        ),
        # No one deed does it: as said.
        (
            "The presentation is due Monday.",
            "I finished the presentation.",
            "The presentation is due",
        ),
    ],
)
def test_a_thing_due_is_finished_by_the_deed_it_is_done_by(
    assistant: Assistant, store: MemoryStore, clock: Clock, due: str, done: str, title: str
) -> None:
    """Titled "The rent is due", the to-do was finished by no deed said of it."""
    assistant.turn(due)
    (task,) = store.tasks.inbox()
    assert task.title == title
    clock.advance(minutes=5)
    assert [t.id for t in assistant.turn(done).settled.done] == [task.id]
    assert store.tasks.get(task.id).status is TaskStatus.DONE


@pytest.mark.parametrize(
    ("said", "done", "dismissed"),
    [
        ("Mark the rent as done.", ["Pay the rent"], []),
        ('Cross off "buy milk".', ["Buy milk"], []),
        ("Can you tick off the milk?", ["Buy milk"], []),
        ("Take the milk off my list.", [], ["Buy milk"]),
        ("Can you remove the rent from my to-do list?", [], ["Pay the rent"]),
        ("Never mind the milk, we have some.", [], ["Buy milk"]),
        # ...and a thing seen to, said of it alone.
        ("I've dealt with the rent.", ["Pay the rent"], []),
        ("Took care of the milk this morning.", ["Buy milk"], []),
        ("Forget about paying the rent, my roommate did.", [], ["Pay the rent"]),
        # Asked of oneself, someone else's words, or of no list.
        ("Should I mark the rent as done?", [], []),
        ('She said "take the milk off the list".', [], []),
        ("Remove the milk stain from my shirt.", [], []),
    ],
)
def test_the_inbox_run_by_word_in_chat(
    assistant: Assistant,
    store: MemoryStore,
    clock: Clock,
    said: str,
    done: list[str],
    dismissed: list[str],
) -> None:
    """ "Mark the rent as done" was nothing (or a deed titled "Mark the rent as")."""
    assistant.turn("I need to pay the rent and buy milk.")
    assert sorted(t.title for t in store.tasks.inbox()) == ["Buy milk", "Pay the rent"]
    clock.advance(minutes=5)
    settled = assistant.turn(said).settled
    assert [t.title for t in settled.done] == done
    assert [t.title for t in settled.dropped] == dismissed
