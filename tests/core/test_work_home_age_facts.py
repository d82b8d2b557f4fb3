"""Where one lives after a move told in passing, what one teaches or the business one runs, how
and where one works, the age one turns soon, how long one has been married, the kids one does
not have, one's mom living with one, how much coffee one drinks and how one takes it, what
one collects: each on the key it replaces. Each was no fact (the move was lost beside where
one is from)."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "I'm originally from Kenya but moved to London in 2010.",
            [("ana: location", "Ana lives in London"), ("ana: origin", "Ana is from Kenya")],
        ),
        (
            "I grew up in Ohio and then moved to Texas.",
            [("ana: location", "Ana lives in Texas"), ("ana: origin", "Ana is from Ohio")],
        ),
        (
            "I teach math at a high school.",
            [("ana: occupation", "Ana teaches math at a high school")],
        ),
        (
            "I teach English at Lincoln High.",
            [
                ("ana: occupation", "Ana teaches English"),
                ("ana: employer", "Ana works at Lincoln High"),
            ],
        ),
        ("I run a small bakery.", [("ana: employer", "Ana runs a small bakery")]),
        ("I own a coffee shop in Porto.", [("ana: employer", "Ana owns a coffee shop in Porto")]),
        ("I have my own practice.", [("ana: employer", "Ana has their own practice")]),
        # Lines of work not known before, one who leads, how much one works, and work said in
        # the present ("I'm working at Google" was only something one is doing).
        ("I'm a freelancer.", [("ana: occupation", "Ana is a freelancer")]),
        (
            "I'm the CEO of a small startup.",
            [("ana: occupation", "Ana is the CEO of a small startup")],
        ),
        (
            "I'm a manager at Lidl.",
            [("ana: occupation", "Ana is a manager"), ("ana: employer", "Ana works at Lidl")],
        ),
        ("I work 60 hours a week.", [("ana: work hours", "Ana works 60 hours a week")]),
        ("I'm working at Google.", [("ana: employer", "Ana works at Google")]),
        # The year of school one is in, and where one volunteers (each was none).
        (
            "I'm in my second year of college.",
            [("ana: school year", "Ana is in their second year of college")],
        ),
        (
            "I volunteer at the animal shelter.",
            [("ana: volunteers animal shelter", "Ana volunteers at the animal shelter")],
        ),
        (
            "I volunteer at a food bank every Saturday.",
            [("ana: volunteers food bank", "Ana volunteers at a food bank every Saturday")],
        ),
        # When, said after where, is no part of it ("Ana works at Stripe at the start of the
        # month", "Ana lives in Lisbon in the spring").
        (
            "I started a new job at Stripe at the start of the month.",
            [("ana: employer", "Ana works at Stripe")],
        ),
        ("I moved to Lisbon in the spring.", [("ana: location", "Ana lives in Lisbon")]),
        ("I'm interning at NASA this summer.", [("ana: employer", "Ana works at NASA")]),
        # Time off work, and back, on one key (each was none).
        ("I'm on maternity leave until March.", [("ana: work leave", "Ana is on maternity leave")]),
        ("I'm back at work now.", [("ana: work leave", "Ana is back at work")]),
        # How one gets to work, on a key of its own (each was none; said with how often, the
        # routine is kept on it).
        ("I bike to work.", [("ana: commute", "Ana bikes to work")]),
        ("I commute by train.", [("ana: commute", "Ana commutes by train")]),
        (
            "I take the bus to work every day.",
            [("ana: commute", "Ana takes the bus to work every day")],
        ),
        # The decade of one's age, on the age's key ("I'm 34" said later replaces it).
        ("I'm in my thirties.", [("ana: age", "Ana is in their thirties")]),
        ("I'm in my early 40s.", [("ana: age", "Ana is in their early 40s")]),
        # The age one turns, with its date: "next month" read later is another month.
        ("I'm turning 40 next month.", [("ana: age", "Ana turns 40 in February")]),
        # ...and one's people's, a child's any age (each was none).
        (
            "My grandma turns 90 next month.",
            [("ana: grandma age", "Ana's grandma turns 90 in February")],
        ),
        (
            "My son Leo turns 5 on Friday.",
            [("ana: son leo age", "Ana's son Leo turns 5 on 2 January")],
        ),
        ("I'll be 30 in June, ugh.", [("ana: age", "Ana turns 30 in June")]),
        ("I turn 50 on Saturday!", [("ana: age", "Ana turns 50 on 3 January")]),
        # Where and when one works, apart: both hold.
        ("I work from home.", [("ana: works where", "Ana works from home")]),
        # ...and in what line (it was none).
        ("I work in marketing.", [("ana: industry", "Ana works in marketing")]),
        ("I work in IT.", [("ana: industry", "Ana works in IT")]),
        (
            "I work part-time, so I'm free in the afternoons.",
            [("ana: work hours", "Ana works part-time")],
        ),
        ("I work night shifts.", [("ana: work hours", "Ana works night shifts")]),
        # ...and said with where: both (each was none).
        (
            "I work night shifts at the hospital.",
            [
                ("ana: employer", "Ana works at the hospital"),
                ("ana: work hours", "Ana works night shifts"),
            ],
        ),
        (
            "I work weekends at the bakery.",
            [
                ("ana: employer", "Ana works at the bakery"),
                ("ana: work hours", "Ana works weekends"),
            ],
        ),
        # ...a job changed, a firm joined as what one does, one's new job's firm (each was none,
        # a thing done, or "Ana's new job is at Spotify" on a key of its own).
        ("I switched jobs, now I'm at Spotify.", [("ana: employer", "Ana works at Spotify")]),
        (
            "I just joined Spotify as a designer.",
            [
                ("ana: employer", "Ana works at Spotify"),
                ("ana: occupation", "Ana works as a designer"),
            ],
        ),
        ("My new job is at Spotify.", [("ana: employer", "Ana works at Spotify")]),
        # ...how much, or in what line, before where (each kept only the how).
        (
            "I work 40 hours a week at the store.",
            [
                ("ana: employer", "Ana works at the store"),
                ("ana: work hours", "Ana works 40 hours a week"),
            ],
        ),
        (
            "I work in marketing at Google.",
            [("ana: employer", "Ana works at Google"), ("ana: industry", "Ana works in marketing")],
        ),
        # ...and of one's people (kept only the how).
        (
            "My husband works nights at the factory.",
            [
                ("ana: husband work hours", "Ana's husband works nights"),
                ("ana: husband employer", "Ana's husband works at the factory"),
            ],
        ),
        (
            "I work from home for Google.",
            [("ana: employer", "Ana works at Google"), ("ana: works where", "Ana works from home")],
        ),
        (
            "We've been married for 5 years.",
            [("ana: relationship status", "Ana has been married for 5 years")],
        ),
        # None, on the key "I have two kids" is on.
        ("I don't have kids yet.", [("ana: children", "Ana has no kids")]),
        ("I have no siblings.", [("ana: siblings", "Ana has no siblings")]),
        # How much one drinks of a thing, on the key of liking it; what one collects, each.
        ("I'm a big coffee drinker.", [("ana: likes coffee", "Ana is a big coffee drinker")]),
        # ...and how one takes it (each was none).
        ("I drink my coffee black.", [("ana: takes coffee", "Ana takes their coffee black")]),
        (
            "I take my tea with milk and no sugar.",
            [("ana: takes tea", "Ana takes their tea with milk and no sugar")],
        ),
        (
            "I'm not much of a tea drinker.",
            [("ana: likes tea", "Ana is not much of a tea drinker")],
        ),
        (
            "I collect stamps and old coins.",
            [
                ("ana: collects stamps", "Ana collects stamps"),
                ("ana: collects old coins", "Ana collects old coins"),
            ],
        ),
        # Where one's mom lives, which "my mom lives in Porto" was.
        ("My mom lives with us now.", [("ana: mom location", "Ana's mom lives with them")]),
        # Where one lives, said by the street or by the rent (each was none).
        ("I live at 12 Rua Augusta.", [("ana: address", "Ana's address is 12 Rua Augusta")]),
        (
            "I rent a flat in Lisbon.",
            [("ana: location", "Ana lives in Lisbon"), ("ana: home", "Ana rents a flat")],
        ),
    ],
)
def test_what_is_said_in_passing_is_on_its_key(text: str, told: list[tuple[str, str]]) -> None:
    assert facts(text) == told


def test_a_move_into_a_home_is_where_one_lives() -> None:
    """It was only a thing done: where one lives stayed where it was."""
    said = "We finally moved into the new place in Porto last weekend."
    assert [f for f in facts(said) if f[0]] == [("ana: location", "Ana lives in Porto")]


@pytest.mark.parametrize(
    "text",
    [
        "I teach my kids to cook at home.",
        "I run a 5k every weekend.",
        "I own a dog.",
        "I'll be 5 minutes late tomorrow.",
        "I'll be there at 5 tomorrow.",
        # With no time it turns, the age is not known.
        "I'm turning 40.",
        "My son turns 5.",
        "My son will be 5 minutes late.",
        "I don't have kids with me today.",
        "I collect my son from school at 3.",
        "I live at home.",
        "I'm sober now, I promise.",
        "I rent my car.",
        "I volunteer for that.",
        "I volunteered at the shelter yesterday.",
        # A time is no employer (it was "Ana works at the start of the month").
        "I started a new job at the start of the month.",
        "I'm back at work tomorrow.",
        "I'm the owner of the house.",
        "I'm working at home today.",
        "I drive to work today.",
        "I walk to work when it's sunny.",
        "I'm in my element.",
        "I'm in my car.",
        "I drink my coffee in the car.",
        "I have my coffee with breakfast.",
        "I take my coffee with me to work.",
        # Joined, said with when alone: the app, perhaps (a thing done, under no key).
        "I joined Spotify in March.",
        "I joined a gym as a member.",
    ],
)
def test_what_tells_no_work_nor_age_is_none(text: str) -> None:
    assert [key for key, _ in facts(text) if key] == []
