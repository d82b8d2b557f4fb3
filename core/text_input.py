"""Text from outside (a paste, a command-line argument, a file) made safe to store, search and
show: pasted binary or terminal escape codes must not reach the model or the file as they are,
and bytes that are not UTF-8 (a command line passes them through as lone surrogates) would make
the database refuse the write and both searches fail."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.errors import InputError

# A turn longer than this (a pasted book) is refused, in the chat as in an imported file: no
# model reads it whole, and it would weigh on every turn after it (its memory, its counts).
MAX_TURN_CHARS = 200_000
# Characters that are not text (NUL, escape codes, ...) become a visible placeholder.
_CONTROL = {c: "\ufffd" for c in range(32) if chr(c) not in "\n\t\r"}


def clean_text(text: str) -> str:
    return text.translate(_CONTROL).encode("utf-8", "replace").decode("utf-8")


# A conversation's name is a line in a list, not a text to keep.
MAX_TITLE_CHARS = 200


def conversation_title(value: object) -> str | None:
    """A conversation's name as the user (or the app it came from) gave it, on one line;
    None when there is none (the list then names it by its first message)."""
    if not isinstance(value, str):
        return None
    title = " ".join(clean_text(value).split())[:MAX_TITLE_CHARS]
    return title or None


def too_long(chars: int) -> str:
    """Why a message was not sent, and what to do with a text that long."""
    return (
        f"This message is {chars:,} characters long; a message holds up to {MAX_TURN_CHARS:,}. "
        "Add a text this long as a document instead (Add documents... in the Memory tab, or "
        "engram ingest FILE)."
    )


def parse_timestamp(value: Any, where: str) -> datetime:
    """ISO 8601; a time without a zone is taken as UTC so imports do not depend on the machine."""
    if not isinstance(value, str):
        raise InputError(f"{where}: expected an ISO 8601 date-time string, got {value!r}")
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise InputError(f"{where}: {value!r} is not an ISO 8601 date-time") from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
