"""A journal exported from Day One (its JSON export: `{"metadata": ..., "entries": [...]}`), read
as conversations: each entry one, in the user's own words at the time it was written. Kept as
documents, a journal's entries would lose their days and never fade; as what the user said,
"what did I do last March" finds them, and the facts in them are remembered in order, a later
entry's superseding an earlier one's."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from core.errors import InputError
from core.model import Role, Session, Turn
from core.text_input import MAX_TURN_CHARS, clean_text, conversation_title, parse_timestamp

# Day One escapes Markdown's punctuation in its text ("Home\. Tired\!") and marks where a photo
# sits with a link to itself, which is no word of the user's.
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>|~])")
_MOMENT = re.compile(r"!\[[^\]]*\]\(dayone-moment:[^)]*\)\n?")
JOURNAL_KEY = "entries"


def journal_sessions(entries: Iterable[Any]) -> list[Session]:
    """Each entry with words, oldest first."""
    sessions = []
    for i, raw in enumerate(entries):
        where = f"entries[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("creationDate"), str):
            raise InputError(f"{where}: expected a Day One journal entry (with its creationDate)")
        text = raw.get("text")
        if not isinstance(text, str):
            continue
        words = clean_text(_ESCAPED.sub(r"\1", _MOMENT.sub("", text))).strip()
        if not words:
            continue
        if len(words) > MAX_TURN_CHARS:
            raise InputError(
                f"{where}: {len(words):,} characters is more than the {MAX_TURN_CHARS:,} an "
                "entry may hold here; add the journal as a document instead"
            )
        at = parse_timestamp(raw["creationDate"], f"{where}.creationDate")
        entry = str(raw.get("uuid") or f"{raw['creationDate']}:{i}")
        session_id = f"dayone:{entry}"
        title = conversation_title(words.split("\n", 1)[0].lstrip("# "))
        turn = Turn(session_id, session_id, 0, Role.USER, words, at)
        sessions.append(Session(session_id, at, None, (turn,), title))
    return sorted(sessions, key=lambda s: s.started_at)
