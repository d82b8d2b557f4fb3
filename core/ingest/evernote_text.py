"""The notes of an Evernote export (.enex), as Markdown: each note under its title as a heading,
with the day it was written, so the chunker keeps a note's words with its title. A note's
body is XHTML (ENML), read as a web page is. The export also holds every picture and file
attached, base64-encoded: it is read a note at a time, and each note let go once read, so an
export made mostly of pictures is not held whole as a tree."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from io import BytesIO
from xml.etree import ElementTree

from core.errors import InputError
from core.ingest.web_page_text import web_page_text


def evernote_text(name: str, data: bytes) -> str:
    return "\n\n".join(_notes(name, data))


def _notes(name: str, data: bytes) -> Iterator[str]:
    try:
        for _, element in ElementTree.iterparse(BytesIO(data), events=("end",)):
            if element.tag == "note":
                yield _note(element)
                element.clear()
            elif element.tag == "resource":
                # A picture's data is not text; it is let go at once.
                element.clear()
    except (ElementTree.ParseError, LookupError) as exc:  # LookupError: an unknown encoding
        raise InputError(
            f"{name} is not a readable Evernote export ({exc}); nothing was imported from it."
        ) from exc


def _note(note: ElementTree.Element) -> str:
    title = " ".join((note.findtext("title") or "").split()) or "Untitled note"
    body = web_page_text(note.findtext("content") or "")
    written = _day(note.findtext("created") or "")
    return "\n\n".join(part for part in (f"# {title}", written, body) if part)


def _day(stamp: str) -> str:
    """Evernote writes times as 20240301T101500Z."""
    try:
        return f"Noted on {datetime.strptime(stamp.strip(), '%Y%m%dT%H%M%SZ').date()}."
    except ValueError:
        return ""
