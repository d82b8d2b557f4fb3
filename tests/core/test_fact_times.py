"""When what people say about themselves happened or is planned for: a day named dates the
fact; a stretch of days, a month or a plan's time is written into it in calendar words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.due import parse_due, plan_words
from core.ingest.rules import extract_facts
from core.ingest.told_when import past_told_of
from core.model import Role, Span, Turn
from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "happened", "content"),
    [
        ("I ran a half marathon last Sunday.", datetime(2025, 12, 28, tzinfo=UTC), None),
        ("Yesterday I took the kids to the museum.", datetime(2025, 12, 31, tzinfo=UTC), None),
        ("I adopted a puppy two days ago.", datetime(2025, 12, 30, tzinfo=UTC), None),
        # The day named leaves the text, wherever it was said: the date says it.
        (
            "I won my fourth tournament on Friday with my team!",
            datetime(2025, 12, 26, tzinfo=UTC),
            "Ana won their fourth tournament with their team",
        ),
        # A stretch of days dates it to no one day ("2025-03-01" is a day nobody said): the
        # text says when, in words that still mean it when read next year.
        ("I went to Japan in March. It was great.", None, "Ana went to Japan in March 2025"),
        ("Last month I went to Japan.", None, "Ana went to Japan in December 2025"),
        (
            "I went to Japan last month with my sister.",
            None,
            "Ana went to Japan in December 2025 with their sister",
        ),
        ("I painted a sunrise last year.", None, "Ana painted a sunrise in 2025"),
        ("I joined a gym last week.", None, "Ana joined a gym between 22 and 28 December 2025"),
        ("We went camping a few weeks ago.", None, "Ana went camping around 11 December 2025"),
        ("I started surfing five years ago.", None, "Ana started surfing around 2021"),
        # No time said, or another sentence's, or only since when ("since we last spoke" is
        # no day, and "yesterday" after it is still one).
        ("I joined a pottery class.", None, None),
        ("I was busy yesterday. I joined a pottery class.", None, None),
        (
            "Since we last spoke, I took my kids to a park yesterday.",
            datetime(2025, 12, 31, tzinfo=UTC),
            "Ana took their kids to a park",
        ),
    ],
)
def test_a_thing_done_is_dated_by_its_own_sentence(
    text: str, happened: datetime | None, content: str | None
) -> None:
    turn = Turn("t1", "s1", 0, Role.USER, text, datetime(2026, 1, 1, 9, tzinfo=UTC), "Ana")
    (fact,) = extract_facts(turn)
    assert fact.happened == happened
    if content is not None:
        assert fact.content == content


def _day(month: int, day: int, year: int = 2025, hour: int = 0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "stretch"),
    [
        ("I ran a half marathon last Sunday.", Span(_day(12, 28), _day(12, 29))),
        ("Last month I went to Japan.", Span(_day(12, 1), _day(1, 1, 2026))),
        ("I joined a gym last week.", Span(_day(12, 22), _day(12, 29))),
        ("I went to Japan in March. It was great.", Span(_day(3, 1), _day(4, 1))),
        # Over by the time it was told, Thursday morning.
        ("I started learning Portuguese this week.", Span(_day(12, 29), _day(1, 1, 2026, 9))),
        ("I joined a pottery class.", None),
    ],
)
def test_a_thing_done_keeps_the_stretch_it_was_told_to_have_happened_in(
    text: str, stretch: Span | None
) -> None:
    """What a question about a time is matched against: "last month" told on 1 January is
    December, whatever day the memory shows."""
    turn = Turn("t1", "s1", 0, Role.USER, text, datetime(2026, 1, 1, 9, tzinfo=UTC), "Ana")
    (fact,) = extract_facts(turn)
    assert fact.happened_in == stretch


@pytest.mark.parametrize(
    ("lines", "stretch"),
    [
        (
            ["I'll always remember our camping trip last year when we saw the meteor shower."],
            Span(_day(1, 1), _day(1, 1, 2026)),
        ),
        # A question or a plan names no time the talk told of; the first telling that does.
        (
            ["What did you do last week?", "I went hiking on Saturday."],
            Span(_day(12, 27), _day(12, 28)),
        ),
        (["I'm going to Lisbon next month."], None),
    ],
)
def test_a_conversation_tells_of_the_first_past_time_said_in_it(
    lines: list[str], stretch: Span | None
) -> None:
    """What a conversation is about besides when it was had (`past_told_of`)."""
    said = datetime(2026, 1, 1, 9, tzinfo=UTC)
    turns = [Turn(f"t{i}", "s1", i, Role.USER, text, said) for i, text in enumerate(lines)]
    assert past_told_of(turns) == stretch


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm planning a trip to Japan in March.", "Ana is planning a trip to Japan in March"),
        ("I'm training for a marathon in May", "Ana is training for a marathon in May"),
        # Where one lives is where, from whenever.
        ("I moved to Lisbon in March.", "Ana lives in Lisbon"),
    ],
)
def test_what_someone_is_doing_keeps_the_month_it_is_for(text: str, expected: str) -> None:
    """ "I'm planning a trip to Japan in March" was kept as a trip planned for no time."""
    assert [content for _, content in facts(text)] == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Told on Thursday 1 January 2026: when it is for, in words that still mean it later.
        ("I'm flying to Lisbon on Friday.", ["Ana is flying to Lisbon on 2 January"]),
        ("We're going to a wedding next month.", ["Ana is going to a wedding in February"]),
        (
            "I'm going to see my sister next week!",
            ["Ana is going to see their sister in the week of 5 January"],
        ),
        (
            "I'm attending a conference in two weeks",
            ["Ana is attending a conference around 15 January"],
        ),
        (
            "I'm heading to the beach this weekend with the kids.",
            ["Ana is heading to the beach on the weekend of 3 January with the kids"],
        ),
        ("I'm going to Japan in March.", ["Ana is going to Japan in March"]),
        # Each plan its own time; one said before it in the sentence is its time too.
        (
            "I'm flying to Lisbon on Friday, and I'm visiting my parents next weekend.",
            [
                "Ana is flying to Lisbon on 2 January",
                "Ana is visiting their parents on the weekend of 10 January",
            ],
        ),
        (
            "Next month, I'm off to Ireland for a semester.",
            ["Ana is off to Ireland for a semester in February"],
        ),
        # What is on the calendar, and what one hopes or plans to do.
        ("I have a job interview on Friday.", ["Ana is having a job interview on 2 January"]),
        # ...with its hour (it was lost), and surgery said without an article (none was kept).
        (
            "I have a dentist appointment tomorrow at 3.",
            ["Ana is having a dentist appointment on 2 January at 15:00"],
        ),
        ("I'm having surgery next week.", ["Ana is having surgery in the week of 5 January"]),
        # ...and said in the present with its day (none was kept; a day's routine still is one).
        ("I start my new job on Monday.", ["Ana starts their new job on 5 January"]),
        ("I fly to Lisbon on Friday.", ["Ana flies to Lisbon on 2 January"]),
        ("We leave for Paris tomorrow.", ["Ana leaves for Paris on 2 January"]),
        # ...or in the progressive: one dated plan, not also a doing kept "on Monday".
        ("I'm starting my new job on Monday.", ["Ana is starting their new job on 5 January"]),
        # ...and a thing planned or taken, with its time (it was kept without it, or "on
        # Saturday").
        ("I'm planning a trip to Japan next year.", ["Ana is planning a trip to Japan in 2027"]),
        # ...an appointment whose kind is said with "'s" (it was none).
        (
            "I've got a doctor's appointment next Tuesday.",
            ["Ana is having a doctor's appointment on 6 January"],
        ),
        # ...a move with no place named (it was none).
        ("We're moving house next month.", ["Ana is moving house in February"]),
        ("I'm moving out.", []),
        # ...a journey's time, said with its verb (it was none).
        ("My flight leaves at 7:30 tomorrow.", ["Ana's flight leaves on 2 January at 07:30"]),
        ("Our flight lands at 6am on Monday.", ["Ana's flight lands on 5 January at 06:00"]),
        ("My flight leaves at 7.", []),
        ("I'm taking a pottery class next month.", ["Ana is taking a pottery class in February"]),
        (
            "I'm taking my driving test on Friday.",
            ["Ana is taking their driving test on 2 January"],
        ),
        (
            "I've got a gaming tournament next month!",
            ["Ana is having a gaming tournament in February"],
        ),
        ("I'm hoping to visit Japan in March.", ["Ana is hoping to visit Japan in March"]),
        (
            "I'm planning to start a dance studio next year.",
            ["Ana is planning to start a dance studio in 2027"],
        ),
        ("I have a meeting.", []),
        ("I have a feeling it will rain tomorrow.", []),
        ("I'm thinking about moving.", []),
        # ...and what one is going to do, said with its time.
        ("I'm going to run a marathon in May.", ["Ana is going to run a marathon in May"]),
        (
            "I'm gonna show my paintings next month.",
            ["Ana is going to show their paintings in February"],
        ),
        # No time for it: a habit's ("the gym"); nothing that stands alone ("her"); a mood.
        ("I'm going to the gym.", []),
        ("I'm going to run a marathon.", []),
        ("I'm going to call her tomorrow.", []),
        ("I'm going to be late tomorrow.", []),
        ("I'm gonna love it next year.", []),
        # One's people's plans, with their time.
        (
            "My sister Marta is getting married in June.",
            ["Ana's sister Marta is getting married in June"],
        ),
        ("My dad is retiring next month.", ["Ana's dad is retiring in February"]),
        ("My mom is visiting next week.", ["Ana's mom is visiting in the week of 5 January"]),
        (
            "My kids are visiting their grandparents next weekend.",
            ["Ana's kids are visiting their grandparents on the weekend of 10 January"],
        ),
        # ...said in the present with their day (each was none).
        ("Our daughter starts school in September.", ["Ana's daughter starts school in September"]),
        ("My husband flies to Berlin on Friday.", ["Ana's husband flies to Berlin on 2 January"]),
        ("My parents arrive tomorrow.", ["Ana's parents arrive on 2 January"]),
        ("I start my new job in March.", ["Ana starts their new job in March"]),
        ("We get back on Sunday.", ["Ana gets back on 4 January"]),
        ("My sister is getting married.", []),
        ("My brother is having a hard time.", []),
        ("My son is starting to walk.", []),
        ("My son starts school at 8 every day.", []),
        ("My parents arrive.", []),
        # ...a day each week is a routine, not a date.
        ("I go to Lisbon on Mondays.", ["Ana goes to Lisbon on Mondays"]),
        # ...as is a meeting each week ("every on 5 January at 09:00" was a plan beside it).
        (
            "I have a standing meeting every Monday at 9.",
            ["Ana has a standing meeting every Monday at 9"],
        ),
    ],
)
def test_a_plan_is_kept_with_the_time_it_is_for(text: str, expected: list[str]) -> None:
    """ "I'm flying to Lisbon on Friday" was kept only inside the conversation, where "Friday"
    meant nothing a week later."""
    assert [content for _, content in facts(text)] == expected


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("on Friday", "on 20 November"),
        ("next week", "in the week of 23 November"),
        ("this weekend", "on the weekend of 21 November"),
        ("next weekend", "on the weekend of 28 November"),
        ("next month", "in December"),
        ("in two weeks", "around 2 December"),
        ("in two months", "around January 2027"),
        # ...with the hour said (it was lost), not one a part of the day stands for.
        ("tomorrow at 9am", "on 19 November at 09:00"),
        ("on Friday at 3:30", "on 20 November at 15:30"),
        ("tomorrow morning", "on 19 November"),
    ],
)
def test_when_a_plan_is_for_in_calendar_words(said: str, words: str) -> None:
    told = datetime(2026, 11, 18, 15, tzinfo=UTC)
    due = parse_due(f"I'm flying to Japan {said}", told)
    assert due is not None and plan_words(due, told) == words
