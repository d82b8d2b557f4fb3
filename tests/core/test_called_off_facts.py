"""An appointment or a journey called off is remembered so, on the key its time was told on:
"My flight got cancelled" left "My flight is at 6am tomorrow" believed, and recall answered
with the flight."""

from __future__ import annotations

import pytest

from core.assistant import Assistant
from core.store import MemoryStore
from tests.core.clock import Clock
from tests.core.test_life_events import believed, told


@pytest.mark.parametrize(
    ("text", "memories"),
    [
        ("Ugh, my flight was cancelled!", ["Ana's flight was cancelled"]),
        ("My dentist appointment got cancelled.", ["Ana's dentist appointment was cancelled"]),
        ("My class was cancelled today.", ["Ana's class was cancelled"]),
        ("My meeting with Tom got postponed.", ["Ana's meeting with Tom was postponed"]),
        (
            "Our dinner reservation was cancelled, so we ate at home.",
            ["Ana's dinner reservation was cancelled"],
        ),
        # Asked, denied, feared, supposed.
        ("Was my flight cancelled?", []),
        ("My flight wasn't cancelled.", []),
        ("I hope my flight isn't cancelled.", []),
        ("If my flight gets cancelled, I'll stay.", []),
    ],
)
def test_a_thing_called_off_is_told_so(text: str, memories: list[str]) -> None:
    assert told(text) == memories


def test_a_flight_called_off_replaces_its_time(
    assistant: Assistant, store: MemoryStore, clock: Clock
) -> None:
    assistant.turn("My flight is at 6am tomorrow.")
    (before,) = believed(store, "user: flight")
    assert "flight is on" in before[1]
    clock.advance(minutes=5)
    assistant.turn("Bad news, my flight got cancelled.")
    assert believed(store, "user: flight") == [("user: flight", "User's flight was cancelled")]
