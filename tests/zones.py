"""Running a test on another machine clock: the app shows times in the user's zone."""

from __future__ import annotations

import os
import time

import tzlocal


def set_zone(name: str) -> None:
    """This process's (and its children's) zone, as the operating system would set it."""
    os.environ["TZ"] = name
    time.tzset()
    tzlocal.reload_localzone()
