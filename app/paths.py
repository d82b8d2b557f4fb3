"""Where Engram keeps its data: --home, else ENGRAM_HOME, else the folder chosen in settings
(remembered outside the data folder, since it points at it), else the platform's data folder."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

from core.files import write_text_atomically

log = logging.getLogger(__name__)

HOME_ENV = "ENGRAM_HOME"
CONFIG_ENV = "ENGRAM_CONFIG_DIR"
LOCATION_FILE = "data-folder.txt"


def location_file() -> Path:
    folder = os.environ.get(CONFIG_ENV) or user_config_dir("Engram", appauthor=False)
    return Path(folder) / LOCATION_FILE


def resolve_home(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit).expanduser().resolve()
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser().resolve()
    chosen = chosen_home()
    return chosen or Path(user_data_dir("Engram", appauthor=False))


def chosen_home() -> Path | None:
    path = location_file()
    try:
        text = path.read_text("utf-8").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("Ignoring the unreadable data-folder choice in %s: %s", path, exc)
        return None
    return Path(text).expanduser() if text else None


def remember_home(home: Path) -> None:
    """Use `home` from the next start on."""
    path = location_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, str(home.expanduser().resolve()))
