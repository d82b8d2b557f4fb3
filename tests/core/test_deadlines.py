"""A to-do's deadline typed by hand, one named by a holiday or the year's end, one said past
the calendar's end, as chat spells it, or in a request worded otherwise."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.due import deadline_typed, parse_due
from core.errors import InputError
from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT


@pytest.mark.parametrize(
    ("typed", "due"),
    [
        ("Friday 5pm", datetime(2026, 11, 20, 17)),
        ("dec 3", datetime(2026, 12, 3)),
        ("in 2 weeks", datetime(2026, 12, 2, 10)),
        ("2027-01-15", datetime(2027, 1, 15)),
        ("next year", datetime(2027, 1, 1)),
        ("5pm", datetime(2026, 11, 18, 17)),
        ("fri", datetime(2026, 11, 20)),
        # A date with its hour, and in numbers (each was today at that hour, or no date).
        ("Dec 3 5pm", datetime(2026, 12, 3, 17)),
        ("12/15", datetime(2026, 12, 15)),
        ("15/12 5pm", datetime(2026, 12, 15, 17)),
        ("  ", None),
    ],
)
def test_a_deadline_typed_for_a_to_do_is_read_as_words(typed: str, due: datetime | None) -> None:
    assert deadline_typed(typed, SAID_AT) == (due.replace(tzinfo=UTC) if due else None)


def test_a_typed_deadline_that_names_no_day_says_how_to_write_one() -> None:
    with pytest.raises(InputError, match='No date in "whenever": try "Friday"'):
        deadline_typed("whenever", SAID_AT)


def test_a_deadline_past_the_calendar_is_no_deadline() -> None:
    """Not a failure of the turn that said it (it would stay unlearnt, failing each time)."""
    (far,) = extract_tasks("I have to pay rent in 9999999 weeks", SAID_AT, "turn-7")
    last_year = datetime(9999, 12, 31, 12, tzinfo=UTC)
    (late,) = extract_tasks("I must renew the lease before February", last_year, "turn-8")
    assert far.due_at is None and late.due_at is None


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("Remind me to buy the presents by Christmas", datetime(2026, 12, 25)),
        ("I have to get the tree up before Christmas Eve", datetime(2026, 12, 24)),
        ("I need to book the flights before New Year's Eve", datetime(2026, 12, 31)),
        ("I must renew the lease by New Year’s", datetime(2027, 1, 1)),
        ("I need to get the costume ready for Halloween", datetime(2027, 10, 31)),
        ("I should order flowers for Valentine's Day", datetime(2027, 2, 14)),
        ("I have to finish the thesis by the end of the year", datetime(2026, 12, 31)),
        # A holiday's name alone is no day: the present is for Mum, whenever it is bought.
        ("I need to buy a Christmas present for Mum", None),
    ],
)
def test_a_deadline_named_by_a_holiday_is_its_next_date(text: str, due: datetime | None) -> None:
    (task,) = extract_tasks(text, SAID_AT, "turn-9")
    assert task.due_at == (due.replace(tzinfo=UTC) if due else None)


def test_a_holiday_typed_as_a_deadline_is_read() -> None:
    assert deadline_typed("christmas eve", SAID_AT) == datetime(2026, 12, 24, tzinfo=UTC)


@pytest.mark.parametrize(
    ("words", "said_at", "due"),
    [
        # "By" a season is before it starts; "this" / "next" one is by its end.
        ("by spring", SAID_AT, datetime(2027, 3, 1, tzinfo=UTC)),
        ("this summer", SAID_AT, datetime(2027, 8, 31, tzinfo=UTC)),
        ("before winter", SAID_AT, datetime(2026, 12, 1, tzinfo=UTC)),
        # Winter under way in January is this winter, ending in February; next is a year on.
        ("this winter", datetime(2027, 1, 15, tzinfo=UTC), datetime(2027, 2, 28, tzinfo=UTC)),
        ("next winter", datetime(2027, 1, 15, tzinfo=UTC), datetime(2028, 2, 29, tzinfo=UTC)),
    ],
)
def test_a_season_is_a_deadline(words: str, said_at: datetime, due: datetime) -> None:
    (task,) = extract_tasks(f"I need to fix the roof {words}", said_at, "turn-10")
    assert (task.title, task.due_at) == ("Fix the roof", due)


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("I need to send the deck by EOD tomorrow", "Send the deck", datetime(2026, 11, 19)),
        # ...or the close of business (its words were left in the title: "Submit the form by
        # COB").
        ("I need to submit the form by COB Friday", "Submit the form", datetime(2026, 11, 20)),
        (
            "I need to send the report by close of business.",
            "Send the report",
            datetime(2026, 11, 18),
        ),
        # How chat spells the days; half an hour is thirty minutes.
        ("remind me to call mom tmrw at 5pm", "Call mom", datetime(2026, 11, 19, 17)),
        ("Need to pay the rent tommorow!", "Pay the rent", datetime(2026, 11, 19)),
        ("Remind me to call Ana 2nite", "Call Ana", datetime(2026, 11, 18, 20)),
        ("I've got to pick up the kids at 4 tmrw", "Pick up the kids", datetime(2026, 11, 19, 16)),
        # Its minutes said, an hour is lived at the same time of day (3:30 was 3:30 am).
        ("Pick up the kids at 3:30", "Pick up the kids", datetime(2026, 11, 18, 15, 30)),
        ("I need to call Tom at 8:45 tonight", "Call Tom", datetime(2026, 11, 18, 20, 45)),
        ("Set an alarm for 6:30 to go for a run", "Go for a run", datetime(2026, 11, 19, 6, 30)),
        ("I have to leave at 07:30 tomorrow", "Leave", datetime(2026, 11, 19, 7, 30)),
        # ...by an hour, as at one ("by 9" stayed in the title, with no deadline).
        ("I need to be at work by 9", "Be at work", datetime(2026, 11, 19, 9)),
        ("I need to be at the airport by 6am", "Be at the airport", datetime(2026, 11, 19, 6)),
        ("I have to send the deck tomorrow by 5pm", "Send the deck", datetime(2026, 11, 19, 17)),
        ("Send Tom the slides on Friday", "Send Tom the slides", datetime(2026, 11, 20)),
        # A to-do's own time over one said before it ("on Monday" was its deadline).
        ("I saw Tom on Monday, I need to text him tomorrow", "Text Tom", datetime(2026, 11, 19)),
        (
            "Remind me to check the oven in half an hour",
            "Check the oven",
            SAID_AT.replace(tzinfo=None) + timedelta(minutes=30),
        ),
        # ...minutes as "mins", an hour in words around the clock's, noon with its "by" (each
        # was no deadline, or "by" was left in the title).
        (
            "Remind me to take the pills in 30 mins",
            "Take the pills",
            SAID_AT.replace(tzinfo=None) + timedelta(minutes=30),
        ),
        ("Remind me to call mom at half past six", "Call mom", datetime(2026, 11, 18, 18, 30)),
        # ...as said in Britain (it was "Call mom at half 5", with no time).
        ("Remind me to call mom at half 5", "Call mom", datetime(2026, 11, 18, 17, 30)),
        (
            "I need to call the vet at a quarter to 5 tomorrow",
            "Call the vet",
            datetime(2026, 11, 19, 16, 45),
        ),
        (
            "I need to send the report by noon tomorrow",
            "Send the report",
            datetime(2026, 11, 19, 12),
        ),
        # Counted from now, a month and its day alone, the Monday after next, "this coming",
        # "at the weekend", "sometime" (each was no deadline, or left words in the title:
        # "Call Tom a week from", "Call Tom ' time", "Call Tom this coming").
        ("I need to call Tom a week from today.", "Call Tom", datetime(2026, 11, 25)),
        ("I need to call Tom two days from now.", "Call Tom", datetime(2026, 11, 20)),
        ("I need to call Tom in two weeks' time.", "Call Tom", datetime(2026, 12, 2, 10)),
        ("I need to call Tom Dec 5th.", "Call Tom", datetime(2026, 12, 5)),
        ("I need to call Tom Monday week.", "Call Tom", datetime(2026, 11, 30)),
        ("I need to call Tom this coming Monday.", "Call Tom", datetime(2026, 11, 23)),
        ("I need to call Tom at the weekend.", "Call Tom", datetime(2026, 11, 21)),
        ("I need to call Tom sometime next week.", "Call Tom", datetime(2026, 11, 23)),
        # A time with a dot (was no to-do, or 7:00 with "at 7.30" left in the title); "in a
        # couple of hours" is when, not what to be reminded of (was "Hours to check ...").
        (
            "Remind me at 7.30 to take the bins out",
            "Take the bins out",
            datetime(2026, 11, 19, 7, 30),
        ),
        ("Call the bank tomorrow at 9.15am", "Call the bank", datetime(2026, 11, 19, 9, 15)),
        (
            "Remind me in a couple of hours to check the laundry",
            "Check the laundry",
            datetime(2026, 11, 18, 12),
        ),
        # The latest day said as such, and the time one has left (were "Call the landlord no
        # than Thursday" due today, "Pay till the 20th" and "Finish 2 days" with no deadline).
        (
            "I need to call the landlord no later than Thursday",
            "Call the landlord",
            datetime(2026, 11, 19),
        ),
        ("I've got till the 20th to pay the bill", "Pay the bill", datetime(2026, 11, 20)),
        ("I have 2 days to finish the report", "Finish the report", datetime(2026, 11, 20, 10)),
        (
            "I have to pick up my prescription after 2pm",
            "Pick up my prescription",
            datetime(2026, 11, 18, 14),
        ),
        # A day at the head of the to-do's clause is its own, and an hour in it is on that day
        # (were due Wednesday, and today at 15:00).
        (
            "Monday I have the dentist at 10, Tuesday I need to submit the expense report, and "
            "Wednesday is Mia's recital.",
            "Submit the expense report",
            datetime(2026, 11, 24),
        ),
        ("On Monday I have to call the bank at 3", "Call the bank", datetime(2026, 11, 23, 15)),
        (
            "Tomorrow morning I need to call the vet at 8:30",
            "Call the vet",
            datetime(2026, 11, 19, 8, 30),
        ),
        # A reminder set for a day of the month (it had none; "for the 2nd time" is no day).
        (
            "Can you set a reminder for the 25th to pay the credit card",
            "Pay the credit card",
            datetime(2026, 11, 25),
        ),
        ("I need to book a table for the 3rd.", "Book a table", datetime(2026, 12, 3)),
        # A weekday shortened (each was none, or no deadline).
        (
            "Call Jenny about the party on Sat.",
            "Call Jenny about the party",
            datetime(2026, 11, 21),
        ),
        ("Need to pay rent by Fri!!", "Pay rent", datetime(2026, 11, 20)),
        ("Remind me to call the vet on Thurs at 10.", "Call the vet", datetime(2026, 11, 19, 10)),
    ],
)
def test_a_deadline_said_the_way_chat_says_it_is_read(text: str, title: str, due: datetime) -> None:
    """ "By EOD tomorrow" titled the to-do "Send the deck by eod"; "tmrw" and "in half an hour"
    gave no deadline."""
    (candidate,) = extract_tasks(text, SAID_AT, "turn-7")
    assert (candidate.title, candidate.due_at) == (title, due.replace(tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "title", "due"),
    [
        ("Set a reminder for Thursday to pay rent.", "Pay rent", datetime(2026, 11, 19)),
        (
            "Ping me in 20 minutes to check the oven.",
            "Check the oven",
            datetime(2026, 11, 18, 10, 20),
        ),
        ("Don't forget: team lunch Friday at noon.", "Team lunch", datetime(2026, 11, 20, 12)),
        ("I'm supposed to send the slides tonight.", "Send the slides", datetime(2026, 11, 18, 20)),
        # A "to" before the reminder's own leads somewhere; "each morning" is the next one.
        (
            "Remind me when I get to the office tomorrow to print the slides.",
            "Print the slides",
            datetime(2026, 11, 19),
        ),
        (
            "Remind me each morning to take my vitamins.",
            "Take my vitamins",
            datetime(2026, 11, 19, 9),
        ),
        (
            "My plan for tomorrow is to clean the garage.",
            "Clean the garage",
            datetime(2026, 11, 19),
        ),
    ],
)
def test_a_request_or_an_obligation_worded_otherwise_keeps_its_deadline(
    text: str, title: str, due: datetime
) -> None:
    """A reminder set "for Thursday" before its "to" was no request; "ping me", "don't forget:",
    "I'm supposed to" and "my plan for tomorrow is to" gave no to-do at all."""
    (candidate,) = extract_tasks(text, SAID_AT, "turn-7")
    assert (candidate.title, candidate.due_at) == (title, due.replace(tzinfo=UTC))


@pytest.mark.parametrize(
    ("when", "due"),
    [
        # A part of a day or an hour a day's routine names: the next one to come.
        ("after work", datetime(2026, 11, 18, 18)),
        ("at lunch", datetime(2026, 11, 18, 12)),
        ("before bed", datetime(2026, 11, 18, 21)),
        ("in the evening", datetime(2026, 11, 18, 19)),
        ("in the morning", datetime(2026, 11, 19, 9)),
        ("first thing tomorrow", datetime(2026, 11, 19, 9)),
        ("friday in the morning", datetime(2026, 11, 20, 9)),
        # ...of that day: it was tomorrow's morning.
        ("first thing Monday", datetime(2026, 11, 23, 9)),
        ("first thing on Friday", datetime(2026, 11, 20, 9)),
        # Later the same day, that week, the next one.
        ("later today", datetime(2026, 11, 18)),
        ("in a bit", datetime(2026, 11, 18)),
        ("later this week", datetime(2026, 11, 20)),
        ("early next week", datetime(2026, 11, 23)),
        ("later next week", datetime(2026, 11, 27)),
    ],
)
def test_a_deadline_said_by_the_days_routine_is_its_next_hour(when: str, due: datetime) -> None:
    """Said at 10:00 on a Wednesday. Each gave no deadline and stayed in the title ("Call the
    bank after work"), or left a word of it there ("Call the bank early")."""
    (candidate,) = extract_tasks(f"I need to call the bank {when}", SAID_AT, "turn-7")
    assert (candidate.title, candidate.due_at) == ("Call the bank", due.replace(tzinfo=UTC))


@pytest.mark.parametrize(
    "words",
    [
        "we may 2 of them",
        "they march 3 abreast",
        "met him dec 5, 2019",
        "dec 5 ways to win",
        # A dot between numbers is a time only after "at" or before am / pm.
        "update to version 2.30",
    ],
)
def test_a_month_said_with_a_number_that_is_no_day_is_no_deadline(words: str) -> None:
    assert parse_due(words, SAID_AT) is None


def test_an_ordinal_said_of_no_day_is_no_deadline() -> None:
    (candidate,) = extract_tasks("I need to call her for the 2nd time", SAID_AT, "turn-7")
    assert candidate.due_at is None


SISTER = "My sister is visiting on Friday."


@pytest.mark.parametrize(
    ("text", "title", "day", "hour"),
    [
        (f"{SISTER} I need to pick her up at 6.", "Pick my sister up", 20, 18),
        (
            "The car is in the shop until Friday. I need to pick it up at 5.",
            "Pick the car up",
            20,
            17,
        ),
        (
            "My sister lands on Saturday at 5. I have to pick her up at 6.",
            "Pick my sister up",
            21,
            18,
        ),
        # Nothing pointing back, or a day of its own: the hour is where it was said.
        ("My exam is on Friday. I need to call the tutor at 6.", "Call the tutor", 18, 18),
        (f"{SISTER} On Monday I need to call her at 6.", "Call my sister", 23, 18),
        # ...in its own sentence, before it, and of "them" (it was "Pick them up", today).
        ("My parents land on Friday, I have to pick them up at 6.", "Pick my parents up", 20, 18),
        (
            "My parents land on Friday, and I have to pick them up at 6.",
            "Pick my parents up",
            20,
            18,
        ),
        (
            "The kids have a recital on Friday. I need to pick them up at 5.",
            "Pick the kids up",
            20,
            17,
        ),
        # A day gone by is no day to come: today's hour (it had been next Monday's).
        ("I saw Tom on Monday. I need to text him at 5.", "Text Tom", 18, 17),
        ("We met Ana on Friday, I need to call her at 6.", "Call Ana", 18, 18),
    ],
)
def test_an_hour_for_someone_the_sentence_before_gave_a_day_is_on_that_day(
    text: str, title: str, day: int, hour: int
) -> None:
    """The first three were today's at that hour: the sister would have been picked up two
    days early."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, datetime(2026, 11, day, hour, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "day"),
    [("the 31st", datetime(2026, 12, 31)), ("the 30th", datetime(2026, 11, 30))],
)
def test_a_day_of_the_month_this_month_lacks_is_the_next_month_s(said: str, day: datetime) -> None:
    """Said in November, "the 31st" was no deadline at all."""
    due = parse_due(f"I need to pay the gym by {said}", SAID_AT)
    assert due is not None and due.at == day.replace(tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "title", "day"),
    [
        ("My car insurance expires at the end of the month.", "Renew my car insurance", 30),
        ("My prescription runs out on Monday.", "Refill my prescription", 23),
        ("The gym membership expires on the 20th.", "Renew the gym membership", 20),
        ("My boss asked me to send the deck by Friday.", "Send the deck", 20),
        (
            "My sister just asked me to pick up her kids on Thursday.",
            "Pick up my sister's kids",
            19,
        ),
    ],
)
def test_what_runs_out_or_is_asked_of_one_by_a_day_is_a_to_do(
    text: str, title: str, day: int
) -> None:
    """Each was nothing."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert (task.title, task.due_at) == (title, datetime(2026, 11, day, tzinfo=UTC))


@pytest.mark.parametrize("text", ["I sat on the bench.", "Out in the sun all day.", "Wed at last!"])
def test_a_short_weekday_is_read_only_as_a_day(text: str) -> None:
    """ "sat", "sun", "wed" are words too: a day only after "on", "by", "next" and the like."""
    assert parse_due(text, SAID_AT) is None


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("Remind me to call mom on 12/15.", datetime(2026, 12, 15)),
        ("I have to pay the rent by 15/12.", datetime(2026, 12, 15)),
        ("Remind me on 12/31 to renew the domain.", datetime(2026, 12, 31)),
        ("Remind me to call the bank Dec 3 5pm.", datetime(2026, 12, 3, 17)),
        # Either way round: no date.
        ("Remind me to call mom on 3/4.", None),
    ],
)
def test_a_date_in_numbers_is_read_the_way_its_numbers_allow(
    text: str, due: datetime | None
) -> None:
    """Each was no date (or today, at the hour)."""
    (task,) = extract_tasks(text, SAID_AT, "turn-1")
    assert task.due_at == (due.replace(tzinfo=UTC) if due else None)
