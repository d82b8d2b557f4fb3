"""The injected clock of the chat tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class Clock:
    """The injected clock: tests move time on by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 18, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)
