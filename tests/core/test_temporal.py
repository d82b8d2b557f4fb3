"""Relative time phrases become windows relative to the injected clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.model import Span
from core.temporal import asks_what_was_said, dates_an_event, parse_time_window, period_words

# A Wednesday.
NOW = datetime(2026, 3, 18, 15, 30, tzinfo=UTC)


def day(month: int, d: int, year: int = 2026) -> datetime:
    return datetime(year, month, d, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("what did we discuss yesterday?", day(3, 17), day(3, 18)),
        ("anything from today", day(3, 18), day(3, 19)),
        ("notes from last week", day(3, 9), day(3, 16)),
        ("what happened last month", day(2, 1), day(3, 1)),
        ("the trip in March", day(3, 1), day(4, 1)),
        ("the trip in December", day(12, 1, 2025), day(1, 1)),
        ("what I said two days ago", day(3, 15), day(3, 18)),
        ("the plan from 3 weeks ago", day(2, 22), day(3, 2)),
        ("the call on Monday", day(3, 16), day(3, 17)),
        ("what did we do in May 2025", day(5, 1, 2025), day(6, 1, 2025)),
        ("Who did I have dinner with on May 3, 2025?", day(5, 3, 2025), day(5, 4, 2025)),
        ("what did I find on 1 February, 2026", day(2, 1), day(2, 2)),
        ("the call on March 14th", day(3, 14), day(3, 15)),
        ("the party on 20 March", day(3, 20, 2025), day(3, 21, 2025)),
        # Counted back from the day named, up to the end of it (when it was likely told).
        ("where was I the week before 16 November 2025?", day(11, 9, 2025), day(11, 17, 2025)),
        ("what did I do last weekend before April 10, 2023", day(4, 8, 2023), day(4, 11, 2023)),
        ("the puppy I got two weeks before August 11, 2025", day(7, 28, 2025), day(8, 12, 2025)),
        ("the show on the Sunday before October 25, 2022", day(10, 23, 2022), day(10, 26, 2022)),
        ("the day before March 10", day(3, 9), day(3, 11)),
        # The day it was said on, not the week "last week" names from now.
        ("my writing problem last week, as I mentioned on March 2?", day(3, 2), day(3, 3)),
        (
            "the new hobby I took up recently, as I told you on 3 June, 2025",
            day(6, 3, 2025),
            day(6, 4, 2025),
        ),
        (
            "what did we decide before May 3, 2025?",
            datetime.min.replace(tzinfo=UTC),
            day(5, 3, 2025),
        ),
        ("anything after 3 May 2025", day(5, 4, 2025), day(3, 19)),
        ("what did I mention the other day?", day(3, 11), day(3, 18)),
        ("notes from 2025-11-05", day(11, 5, 2025), day(11, 6, 2025)),
        ("what did I do over the weekend?", day(3, 14), day(3, 16)),
        ("the plan from a few weeks back", day(2, 22), day(3, 2)),
        ("what did we do last summer?", day(6, 1, 2025), day(9, 1, 2025)),
        ("the trip last winter", day(12, 1, 2025), day(3, 1)),
        ("which state did I visit in summer 2021?", day(6, 1, 2021), day(9, 1, 2021)),
        ("the trip in the winter of 2024", day(12, 1, 2024), day(3, 1, 2025)),
        ("what did I tell you in 2023?", day(1, 1, 2023), day(1, 1, 2024)),
        ("what have I said since January?", day(1, 1), day(3, 19)),
        ("what happened since May 3, 2025", day(5, 3, 2025), day(3, 19)),
        ("what did I say between January and February?", day(1, 1), day(3, 1)),
        # Two days named, the year said once (read a day at a time: 15 August alone).
        ("where was I between August 11 and August 15 2025?", day(8, 11, 2025), day(8, 16, 2025)),
        ("what did I do between December 28 and January 3?", day(12, 28, 2025), day(1, 4)),
        ("what did we do at Christmas?", day(12, 24, 2025), day(12, 28, 2025)),
        ("what did we do for Halloween?", day(10, 31, 2025), day(11, 1, 2025)),
        ("where did we eat on Valentines day?", day(2, 14), day(2, 15)),
        ("what happened in the past few days?", day(3, 15), day(3, 19)),
        ("anything from the last 3 weeks", day(2, 25), day(3, 19)),
        ("what was I up to two weekends ago?", day(3, 7), day(3, 9)),
        ("what did we discuss a fortnight ago?", day(2, 25), day(3, 12)),
        ("the trip in early March", day(3, 1), day(3, 11)),
        ("what did I buy in late February?", day(2, 21), day(3, 1)),
        ("the show in mid-May 2025", day(5, 11, 2025), day(5, 21, 2025)),
        ("was the first half of September 2025 good?", day(9, 1, 2025), day(9, 16, 2025)),
        ("what did I do in the second half of February?", day(2, 16), day(3, 1)),
        ("what did I do on the 3rd?", day(3, 3), day(3, 4)),
        # ...of a month named after it (it was this month's 3rd, "of May" left over).
        ("the race on the 3rd of January", day(1, 3), day(1, 4)),
        # The last 31st up to today: February has none.
        ("what did I say on the 31st?", day(1, 31), day(2, 1)),
        (
            "what did we talk about an hour ago?",
            NOW.replace(hour=12, minute=30),
            NOW,
        ),
    ],
)
def test_phrase_becomes_window(query: str, start: datetime, end: datetime) -> None:
    window = parse_time_window(query, NOW)
    assert window is not None
    assert (window.start, window.end) == (start, end)


@pytest.mark.parametrize(
    "query",
    [
        "where do I live",
        "you may be right",
        "march forward",
        "the week ahead",
        "you may 3 times",
        "chapter March 14",
        "on 31 February 2026",
        # Past the calendar: no time anything was said in.
        "what did I do 9999999 years ago",
        "3000 years before 3 May 2025",
        "anything after December 31, 9999",
        "since when do I live in Lisbon?",
        "the build of 2026-02-30",
        "I love the summer",
        "between you and me",
        "since " * 2000,
        "what did I do the last day of the trip?",
        "the last time we spoke",
        # The time of someone else's words: a pasted email's, not the question's. Its "last
        # month" hid what was remembered outside it.
        "What does Tom want from me?\n> Hi Ana,\n> I moved to Berlin last month.",
        'She wrote "see you yesterday", what does that mean?',
    ],
)
def test_no_phrase_no_window(query: str) -> None:
    assert parse_time_window(query, NOW) is None


@pytest.mark.parametrize(
    ("message", "event"),
    [
        ("I moved to Lisbon last month.", True),
        ("Actually, I moved to Lisbon last month", True),
        ("We adopted a dog in March.", True),
        ("My sister got married yesterday!", True),
        ("What did we decide last week?", False),
        ("Where did I park yesterday", False),
        ("I forgot what we decided last week", False),
        ("I told you yesterday about the budget.", False),
        ("Remind me what I said on Monday", False),
        ("Show me last month's notes", False),
        ("The plumber came yesterday.", False),
        # Its question is the user's; the email's is Tom's.
        ("I moved to Lisbon last month.\n> Are you free tomorrow?", True),
    ],
)
def test_a_message_that_dates_an_event_is_told_from_one_that_asks_to_recall(
    message: str, event: bool
) -> None:
    assert dates_an_event(message) is event


@pytest.mark.parametrize(
    ("query", "about_talk"),
    [
        ("What did we talk about last week?", True),
        ("What did I tell you yesterday?", True),
        ("What did we decide in March?", True),
        ("What exciting news did Maria share on 16 June, 2023?", True),
        ("Where did I go on a road trip last year?", False),
        ("What did John attend with his colleagues in March?", False),
    ],
)
def test_a_question_about_the_conversation_is_told_from_one_about_events(
    query: str, about_talk: bool
) -> None:
    assert asks_what_was_said(query) is about_talk


@pytest.mark.parametrize(
    ("query", "happened", "held"),
    [
        ("what did I do last month?", (day(2, 1), day(3, 1)), True),
        ("what did I do this month?", (day(2, 1), day(3, 1)), False),
        # Most of a week told as "last week", or most of the window: not one day of it.
        ("what did I do in February?", (day(1, 26), day(2, 2)), False),
        ("what did I do in January?", (day(1, 26), day(2, 2)), True),
        ("what did I do on February 10?", (day(2, 1), day(3, 1)), True),
    ],
)
def test_a_thing_told_as_done_is_in_a_window_when_it_happened_there(
    query: str, happened: tuple[datetime, datetime], held: bool
) -> None:
    window = parse_time_window(query, NOW)
    assert window is not None
    # Told today, whatever it is about.
    assert window.holds(NOW, NOW, Span(*happened)) is held


def test_a_leap_day_named_before_it_comes_is_no_window() -> None:
    """February 29 asked about on 10 February 2028 would be last year's, which has none."""
    assert parse_time_window("the party on February 29", datetime(2028, 2, 10, tzinfo=UTC)) is None


@pytest.mark.parametrize(
    ("query", "phrase"),
    [
        ("What did we do in February?", "February"),
        ("the call on Monday", "Monday"),
        ("Who did I meet on 3 May, 2025?", "3 May, 2025"),
        ("where was I the week before 16 November 2025", "the week before 16 November 2025"),
        ("notes from last week", "last week"),
        ("the issue last week, as mentioned on November 6, 2025", "November 6, 2025"),
        ("What have I said since January?", "since January"),
        ("what did we do last summer", "last summer"),
    ],
)
def test_the_phrase_is_told_back_as_written(query: str, phrase: str) -> None:
    """It is shown as "Nothing remembered from <phrase>": the user's own words and case,
    without the preposition that would read "from in February"."""
    window = parse_time_window(query, NOW)
    assert window is not None and window.phrase == phrase


@pytest.mark.parametrize(
    ("said", "day_named", "words"),
    [
        ("I ran yesterday", day(3, 17), "on 17 March"),
        ("I ran two days ago", day(3, 16), "around 16 March"),
        ("I ran last week", None, "between 9 and 15 March"),
        ("I ran this week", None, "between 16 and 18 March"),
        ("I ran last month", None, "in February"),
        ("I ran in December", None, "in December 2025"),
        ("I ran last year", None, "in 2025"),
        ("I ran last summer", None, "between June and August 2025"),
        ("I ran between December and February", None, "between December 2025 and February"),
        ("I ran in 2026", None, "between 1 January and 18 March"),
        ("I ran three weeks ago", None, "around 25 February"),
        ("I ran a couple of months ago", None, "around January"),
        ("I ran five years ago", None, "around 2021"),
    ],
)
def test_a_past_time_is_a_day_or_a_period_in_calendar_words(
    said: str, day_named: datetime | None, words: str
) -> None:
    """How a memory of something done says when: a day the phrase names, else the stretch in
    words that mean the same when read a year later (with the day it was told, shown beside
    it: the year is said when it is another)."""
    window = parse_time_window(said, NOW)
    assert window is not None
    assert window.named_day() == day_named
    assert period_words(window, NOW) == words


def test_since_names_the_time_that_follows_it_right_away() -> None:
    """ "Since we last spoke, I went to a park yesterday" was taken as since yesterday."""
    window = parse_time_window("Since we last spoke, I went to a park yesterday.", NOW)
    assert window is not None and (window.start, window.end) == (day(3, 17), day(3, 18))
    since = parse_time_window("what happened since last week?", NOW)
    assert since is not None and (since.start, since.end) == (day(3, 9), day(3, 19))
