"""The app's one clock reads the user's zone, and keeps working when the system's is odd."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from zoneinfo import ZoneInfoNotFoundError

import pytest
import tzlocal

from app import services
from app.services import wall_clock


def test_an_unreadable_zone_falls_back_to_the_current_offset_said_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def unreadable() -> None:
        raise ZoneInfoNotFoundError("Foo/Bar")

    monkeypatch.setattr(tzlocal, "get_localzone", unreadable)
    services._zone_unreadable.cache_clear()
    with caplog.at_level(logging.WARNING):
        times = [wall_clock() for _ in range(3)]
    assert all(t.utcoffset() is not None for t in times)
    assert abs(times[0] - datetime.now().astimezone()) < timedelta(seconds=5)
    assert [r.message for r in caplog.records].count(
        "The system time zone could not be read; using its current offset"
    ) == 1
