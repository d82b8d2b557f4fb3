"""The installed version, as the package metadata has it (pyproject.toml's)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def engram_version() -> str:
    try:
        return version("engram")
    except PackageNotFoundError:  # a source tree run without installing it
        return "(not installed)"
