"""User settings: one typed, versioned record in `<home>/settings.json`. Unknown or malformed
files never stop the app; they are set aside and defaults used, with a warning in the log. A
value of the wrong kind in a file edited by hand ("backups_kept": "two") is left out the same
way, setting by setting, rather than failing later in whatever uses it."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

from core.files import write_text_atomically

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1
FILENAME = "settings.json"
# Environment overrides, for scripted runs and tests: variable -> field.
ENV_OVERRIDES = {
    "ENGRAM_EMBEDDING_MODEL": "embedding_model_dir",
    "ENGRAM_LLM_MODEL": "llm_model_path",
}


@dataclass(frozen=True, slots=True)
class Settings:
    embedding_model_dir: str | None = None
    llm_model_path: str | None = None
    context_size: int = 4096
    threads: int | None = None
    # Hours between background job groups (six_hourly, daily, weekly, monthly); unset = default.
    cadence_hours: dict[str, float] | None = None
    theme: str = "system"
    # Copies of the memory file the daily upkeep keeps (each as large as the file); 0: none.
    backups_kept: int = 2
    # Privacy pause: conversations go on but nothing of them is remembered.
    memory_paused: bool = False


def load_settings(home: Path) -> Settings:
    path = home / FILENAME
    settings = Settings()
    if path.exists():
        try:
            raw = json.loads(path.read_text("utf-8"))
            if raw.get("version") != SETTINGS_VERSION:
                raise ValueError(f"unknown settings version {raw.get('version')!r}")
            settings = Settings(**_fitting(raw["values"]))
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
            aside = path.with_suffix(".json.unreadable")
            path.replace(aside)
            log.warning("Settings file unreadable (%s); moved to %s, using defaults", exc, aside)
    overrides = {
        field: os.environ[var] for var, field in ENV_OVERRIDES.items() if var in os.environ
    }
    return replace(settings, **overrides)


def _fitting(values: dict[str, Any]) -> dict[str, Any]:
    """The known settings whose values are of their kind; the others are said in the log."""
    hints = get_type_hints(Settings)
    kept = {}
    for name, value in values.items():
        if name not in hints:
            continue
        if _fits(value, hints[name]):
            kept[name] = value
        else:
            kind = getattr(hints[name], "__name__", hints[name])
            log.warning("Setting %s: %r is not of type %s; the default is used", name, value, kind)
    return kept


def _fits(value: object, hint: object) -> bool:
    for allowed in get_args(hint) or (hint,):
        kind = get_origin(allowed) or allowed
        if kind is type(None):
            if value is None:
                return True
        elif kind is float and isinstance(value, int | float) and not isinstance(value, bool):
            return True
        elif isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return True
    return False


def save_settings(home: Path, settings: Settings) -> None:
    """Write atomically: a crash mid-save leaves the previous file, never half a file."""
    home.mkdir(parents=True, exist_ok=True)
    path = home / FILENAME
    write_text_atomically(
        path, json.dumps({"version": SETTINGS_VERSION, "values": asdict(settings)}, indent=2)
    )
