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
                    "text": f"Session {s}, turn {t}: more about {topic} (note {s * 100 + t}).",
                    "at": (began + timedelta(minutes=t)).isoformat(),
                }
            )
        data["sessions"].append({"id": f"S{s}", "started_at": began.isoformat(), "turns": turns})
    return data
