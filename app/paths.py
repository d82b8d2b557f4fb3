"""Where Engram keeps its data: --home, else ENGRAM_HOME, else the platform's data folder."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

HOME_ENV = "ENGRAM_HOME"


def resolve_home(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit).expanduser().resolve()
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser().resolve()
    return Path(user_data_dir("Engram", appauthor=False))
