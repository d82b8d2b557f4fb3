"""Forgetting for real, wherever the words are kept: the store purges them from its file, and
the daily digest pages that quoted them are written again without them."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from core.digest import redact_pages
from core.sentences import ASKING_YOU, OPENER_WORDS
from core.store import MemoryStore

log = logging.getLogger(__name__)

# "Forget that I live in Berlin", "please erase that memory", "don't remember what I said
# about Tom": asked in a message, at a sentence's start. "Don't forget to..." asks the opposite,
# and "forget it", "forget about that" wave something away.
_ASKS_TO_FORGET = re.compile(
    rf"(?:^|(?<=[.!?\n]))[^\w\n]*(?:(?:{OPENER_WORDS})\W+)*(?:{ASKING_YOU})?(?:please\s+)?"
    r"(?:forget\s+(?:that\s+\w|what|everything|about(?!\s+(?:it|that|this)\b)|all|"
    r"i\s+(?:said|told|mentioned)|my|the\s+(?:fact|part|thing))\b|(?:erase|delete|remove|wipe)\b"
    r"[^.!?\n]{0,60}?\b(?:memor(?:y|ies)|from\s+(?:your|my)\s+memory|what\s+i\s+(?:said|told))"
    r"|(?:don't|do\s+not|stop)\s+remember(?:ing)?\s+(?:that|what|this|it|my)\b)",
    re.IGNORECASE,
)


def asks_to_forget(message: str) -> bool:
    """Whether a message asks the assistant to forget something: it cannot do that by being
    told (what would it erase?), so the user is shown where Forget is."""
    return bool(_ASKS_TO_FORGET.search(message))


def forget(
    store: MemoryStore, home: Path, memory_ids: Sequence[str], now: datetime, reason: str
) -> list[str]:
    """Returns the ids purged (the memories, their versions, those made from the same
    turns)."""
    return _out_of_digest(store, home, store.forget(memory_ids, now, reason))


def forget_conversation(
    store: MemoryStore, home: Path, session_id: str, now: datetime, reason: str
) -> list[str]:
    """The whole conversation: its words and every memory made from them. Returns the memory
    ids purged."""
    return _out_of_digest(store, home, store.forget_session(session_id, now, reason))


def forget_document(
    store: MemoryStore, home: Path, source: str, now: datetime, reason: str
) -> list[str]:
    """Everything learnt from a document, or from each document of a zip named by the zip,
    and its name. Returns the memory ids purged."""
    return _out_of_digest(store, home, store.forget_document(source, now, reason))


def _out_of_digest(store: MemoryStore, home: Path, purged: list[str]) -> list[str]:
    pages = redact_pages(store, home, purged)
    if pages:
        log.info("Forget: %d digest pages written again without it", len(pages))
    return purged
