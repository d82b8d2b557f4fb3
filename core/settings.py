"""User settings: one typed, versioned record in `<home>/settings.json`. Unknown or malformed
files never stop the app; they are set aside and defaults used, with a warning in the log."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

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
            known = {f.name for f in fields(Settings)}
            settings = Settings(**{k: v for k, v in raw["values"].items() if k in known})
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
            aside = path.with_suffix(".json.unreadable")
            path.replace(aside)
            log.warning("Settings file unreadable (%s); moved to %s, using defaults", exc, aside)
    overrides = {
        field: os.environ[var] for var, field in ENV_OVERRIDES.items() if var in os.environ
    }
    return replace(settings, **overrides)


def save_settings(home: Path, settings: Settings) -> None:
    """Write atomically: a crash mid-save leaves the previous file, never half a file."""
    home.mkdir(parents=True, exist_ok=True)
    path = home / FILENAME
    write_text_atomically(
        path, json.dumps({"version": SETTINGS_VERSION, "values": asdict(settings)}, indent=2)
    )
