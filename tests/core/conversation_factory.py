"""Synthetic conversations in Engram's import format."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

TOPICS = [
    "hiking the Dolomites",
    "baking sourdough bread",
    "learning Portuguese",
    "the garden shed",
    "a new espresso machine",
    "the marathon training plan",
    "my daughter's piano recital",
    "refactoring the billing service",
    "a trip to Kyoto",
    "the book club novel",
]


# Every turn says something of its own, as people do: near-identical turns would (rightly) be
# merged as duplicates.
PEOPLE = ["Marta", "Jonas", "Priya", "Tomás", "Leila", "Kenji", "Olu"]
THINGS = [
    "a broken umbrella",
    "the tram strike",
    "a jazz record",
    "her new bicycle",
    "the rent",
    "a chess opening",
    "the neighbour's parrot",
    "a sourdough starter",
    "the night train",
    "a tax form",
    "the lake cabin",
]
PLACES = ["at the market", "over lunch", "on the phone", "at the station", "after yoga"]
FEELINGS = [
    "laughed about",
    "worried about",
    "argued over",
    "could not stop praising",
    "asked about",
    "sketched",
]
EXTRAS = [
    "while it rained",
    "before the concert",
    "with two coffees",
    "during the power cut",
    "near the old bridge",
    "after the football match",
    "in the hospital queue",
    "on a ferry",
    "at grandma's birthday",
    "between two meetings",
    "under the cherry tree",
    "at midnight",
    "in a snowstorm",
]


NOUNS = (
    "violin glacier mortgage tulip satellite pancake lighthouse algebra kayak lantern compost "
    "saxophone volcano spreadsheet hammock origami telescope marathon ferret pottery bakery "
    "subway orchard thermostat canoe puzzle vineyard podcast meadow locksmith dentist harbour "
    "trampoline espresso blizzard carpentry orchestra wallpaper submarine greenhouse"
).split()


def detail(n: int) -> str:
    """Sentences of their own for turn `n`."""
    first = f"{PEOPLE[n % 7]} {FEELINGS[n % 6]} {THINGS[n % 11]} {PLACES[n % 5]} {EXTRAS[n % 13]}."
    things = ", ".join(NOUNS[(n * p + p) % len(NOUNS)] for p in (3, 7, 11, 13))
    return f"{first} It involved {things}."


def conversation(sessions: int, turns_per_session: int = 6) -> dict[str, Any]:
    start = datetime(2026, 1, 1, 9, tzinfo=UTC)
    data: dict[str, Any] = {"sessions": []}
    for s in range(sessions):
        topic = TOPICS[s % len(TOPICS)]
        began = start + timedelta(days=s)
        turns = []
        for t in range(turns_per_session):
            role = "user" if t % 2 == 0 else "assistant"
            turns.append(
                {
                    "id": f"S{s}:T{t}",
                    "role": role,
                    "speaker": "Ana" if role == "user" else "Engram",
                    "text": f"{detail(s * 100 + t)} More about {topic} (note {s * 100 + t}).",
                    "at": (began + timedelta(minutes=t)).isoformat(),
                }
            )
        data["sessions"].append({"id": f"S{s}", "started_at": began.isoformat(), "turns": turns})
    return data


def saying(
    texts: dict[tuple[int, int], str], sessions: int, turns_per_session: int = 6
) -> dict[str, Any]:
    """A conversation whose turn `t` of session `s` says `texts[(s, t)]`."""
    data = conversation(sessions, turns_per_session)
    for (session, turn), text in texts.items():
        data["sessions"][session]["turns"][turn]["text"] = text
    return data
