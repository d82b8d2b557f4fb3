"""Prompt text files, each declaring the variables it expects on its first line
(`# variables: a, b`). Rendering checks that exactly those are given, so a renamed variable
fails loudly instead of reaching the model as a literal `{name}`."""

from __future__ import annotations

from functools import cache
from importlib import resources

from core.errors import EngramError


@cache
def _template(name: str) -> tuple[frozenset[str], str]:
    text = (resources.files("core.prompts") / f"{name}.txt").read_text("utf-8")
    header, _, body = text.partition("\n")
    if not header.startswith("# variables:"):
        raise EngramError(f"Prompt {name} does not declare its variables.")
    names = frozenset(
        v.strip() for v in header.removeprefix("# variables:").split(",") if v.strip()
    )
    return names, body


def render(name: str, **values: str) -> str:
    expected, body = _template(name)
    if set(values) != expected:
        raise EngramError(f"Prompt {name} expects {sorted(expected)}, was given {sorted(values)}.")
    return body.format(**values)
