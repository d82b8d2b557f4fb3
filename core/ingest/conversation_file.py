"""Parse Engram's conversation JSON (or a ChatGPT or Claude export, see `chat_exports`). Every
problem is reported with where it is in the file, and the whole file is checked before anything
is written. Conversations are exported in the same format, so they can be taken elsewhere and
imported back."""

from __future__ import annotations

import json
import re
import threading
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import chain
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO

from core.errors import EngramError, InputError
from core.files import ZIP_ERRORS, not_a_file, write_export
from core.ingest.chat_exports import (
    ABOUT_YOU_TITLE,
    GEMINI_HTML,
    export_kind,
    is_gemini_log,
    parse_export,
)
from core.ingest.journal_export import JOURNAL_KEY, journal_sessions
from core.ingest.json_stream import JsonError, JsonStream
from core.model import Role, Session, Turn
from core.text_input import MAX_TURN_CHARS, clean_text, conversation_title, parse_timestamp
from core.wording import counted

# The file a ChatGPT or Claude data export keeps its conversations in.
EXPORT_NAME = "conversations.json"
# Day One's export names each journal's JSON for the journal ("Journal.json", "Travel.json"),
# at the zip's top; what opens it says it is one.
JOURNAL_HEAD = re.compile(rb'^\s*\{\s*"metadata"\s*:\s*\{\s*"version"')
MAX_JOURNALS = 100
NOT_CONVERSATIONS = (
    'expected an object with a "sessions" list at the top level (or a ChatGPT or Claude '
    "export's conversations.json, Gemini's My Activity.json from Google Takeout, or a Day One "
    "journal's JSON)"
)
SESSIONS_KEY = "sessions"
# Where some tools put an export's list of conversations, rather than at the top level.
EXPORT_KEY = "conversations"


def _text(value: Any, where: str, *, required: bool = True) -> str | None:
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise InputError(f"{where}: expected a non-empty string, got {value!r}")
    return clean_text(value)


def _turn(raw: Any, where: str, session_id: str, seq: int, default_at: datetime) -> Turn:
    if not isinstance(raw, dict):
        raise InputError(f"{where}: expected an object")
    turn_id = _text(raw.get("id"), f"{where}.id")
    role = raw.get("role")
    if role not in ("user", "assistant"):
        raise InputError(f"{where}.role: must be 'user' or 'assistant', got {role!r}")
    text = raw.get("text")
    if not isinstance(text, str):
        raise InputError(f"{where}.text: expected a string, got {type(text).__name__}")
    if len(text) > MAX_TURN_CHARS:
        raise InputError(
            f"{where}.text: {len(text):,} characters is more than the {MAX_TURN_CHARS:,} a turn "
            "may hold; split it or ingest it as a document"
        )
    at = parse_timestamp(raw["at"], f"{where}.at") if raw.get("at") is not None else default_at
    return Turn(
        id=turn_id,
        session_id=session_id,
        seq=seq,
        role=Role(role),
        # JSON may spell out lone surrogates ("\ud800"), which the database refuses.
        text=clean_text(text),
        at=at,
        speaker=_text(raw.get("speaker"), f"{where}.speaker", required=False),
    )


def _started(value: Any, raw_turns: list[Any], where: str) -> datetime:
    """A session without its start begins with its first turn that has a time."""
    if value is not None:
        return parse_timestamp(value, f"{where}.started_at")
    for seq, raw in enumerate(raw_turns):
        if isinstance(raw, dict) and raw.get("at") is not None:
            return parse_timestamp(raw["at"], f"{where}.turns[{seq}].at")
    raise InputError(f'{where}.started_at: missing, and no turn has an "at" to start from')


def parse_conversations(data: Any) -> list[Session]:
    """Validate an already-decoded document and return its sessions."""
    if not isinstance(data, dict) or not isinstance(data.get("sessions"), list):
        raise InputError(NOT_CONVERSATIONS)
    return sessions_of(data["sessions"])


def sessions_of(raw_sessions: Iterable[Any]) -> list[Session]:
    """The sessions of a file's "sessions" list, each checked as it comes."""
    sessions: list[Session] = []
    seen_turns: dict[str, str] = {}
    seen_sessions: set[str] = set()
    for i, raw in enumerate(raw_sessions):
        where = f"sessions[{i}]"
        if not isinstance(raw, dict):
            raise InputError(f"{where}: expected an object")
        session_id = _text(raw.get("id"), f"{where}.id")
        if session_id in seen_sessions:
            raise InputError(f"{where}.id: session {session_id!r} appears twice")
        seen_sessions.add(session_id)
        raw_turns = raw.get("turns")
        if not isinstance(raw_turns, list):
            raise InputError(f"{where}.turns: expected a list")
        started = _started(raw.get("started_at"), raw_turns, where)
        turns = []
        for seq, raw_turn in enumerate(raw_turns):
            # A turn without a time of its own comes a second after the one before it.
            default_at = turns[-1].at + timedelta(seconds=1) if turns else started
            turn = _turn(raw_turn, f"{where}.turns[{seq}]", session_id, seq, default_at)
            if turn.id in seen_turns:
                raise InputError(
                    f"{where}.turns[{seq}].id: turn {turn.id!r} already used in session "
                    f"{seen_turns[turn.id]!r}"
                )
            seen_turns[turn.id] = session_id
            turns.append(turn)
        project = _text(raw.get("project"), f"{where}.project", required=False)
        title = conversation_title(_text(raw.get("title"), f"{where}.title", required=False))
        sessions.append(Session(session_id, started, project, tuple(turns), title))
    return sessions


def conversation_record(session: Session) -> dict[str, Any]:
    """A conversation in this file's format, as `parse_conversations` reads it back."""
    record: dict[str, Any] = {"id": session.id, "started_at": session.started_at.isoformat()}
    if session.title:
        record["title"] = session.title
    if session.project:
        record["project"] = session.project
    record["turns"] = [
        {
            "id": turn.id,
            "role": turn.role.value,
            **({"speaker": turn.speaker} if turn.speaker else {}),
            "text": turn.text,
            "at": turn.at.isoformat(),
        }
        for turn in session.turns
    ]
    return record


def write_conversation_file(sessions: Sequence[Session], path: Path) -> int:
    """Conversations taken out in the format Engram imports (here, or on another computer).
    Returns how many turns were written."""
    payload = {"sessions": [conversation_record(s) for s in sessions]}
    write_export(path, json.dumps(payload, indent=1, ensure_ascii=False))
    return sum(len(s.turns) for s in sessions)


def read_conversation_file(
    path: Path,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
) -> ConversationFile:
    """Engram's file, a chat app's conversations.json, or the data export's zip as downloaded
    (it holds conversations.json beside pictures and pages). Read a conversation at a time,
    whatever its size; `progress` hears (bytes read, bytes in all), and a set `cancel` stops
    the reading with `ReadingCancelled`."""
    if not path.is_file():
        raise InputError(not_a_file(path))
    if is_gemini_log(path, ".html"):
        raise InputError(GEMINI_HTML.format(name=path.name))
    if not zipfile.is_zipfile(path):
        with path.open("rb") as stream:
            return _read(stream, path.name, path.stat().st_size, progress, cancel)
    try:
        with zipfile.ZipFile(path) as archive:
            members = _export_members(archive, path.name)
            total = sum(member.file_size for member in members)
            read: list[ConversationFile] = []
            before = 0
            for member in members:
                name = f"{member.filename} in {path.name}"
                heard = _after(progress, before, total)
                with archive.open(member) as stream:
                    read.append(_read(stream, name, member.file_size, heard, cancel))
                before += member.file_size
            return ConversationFile.of_all(read)
    except ZIP_ERRORS as exc:
        raise InputError(f"{path.name} is a zip file that cannot be read: {exc}") from exc


def _after(
    progress: Callable[[int, int], None] | None, before: int, total: int
) -> Callable[[int, int], None] | None:
    """`progress` for one of several files read in turn: its bytes after those `before` it."""
    if progress is None:
        return None
    return lambda done, _: progress(before + done, total)


class ReadingCancelled(EngramError):
    """The file was not read to its end, on request; nothing of it was used."""


@dataclass(frozen=True)
class ConversationFile:
    """What a file gives to import, and what was left out of it on purpose: conversations the
    user told ChatGPT not to remember."""

    sessions: list[Session]
    not_remembered: int = 0
    # Versions of the ChatGPT custom instructions, each imported as a conversation of its own.
    about_you: int = 0

    @staticmethod
    def of_all(files: Sequence[ConversationFile]) -> ConversationFile:
        """Several files read from one export as one (a Day One zip's journals)."""
        sessions = sorted((s for f in files for s in f.sessions), key=lambda s: s.started_at)
        return ConversationFile(
            sessions,
            sum(f.not_remembered for f in files),
            sum(f.about_you for f in files),
        )

    def notes(self) -> list[str]:
        """What the user should hear besides the import's counts."""
        notes = []
        if self.not_remembered:
            were = "was" if self.not_remembered == 1 else "were"
            notes.append(
                f"{counted(self.not_remembered, 'conversation')} ChatGPT was told not to "
                f"remember {were} left out."
            )
        if self.about_you:
            versions = f" ({self.about_you} versions)" if self.about_you > 1 else ""
            notes.append(
                f"What you told ChatGPT about yourself{versions} is in the conversations list "
                f'as "{ABOUT_YOU_TITLE}".'
            )
        return notes


def _read(
    stream: BinaryIO,
    name: str,
    size: int,
    progress: Callable[[int, int], None] | None,
    cancel: threading.Event | None,
) -> ConversationFile:
    def read_bytes(done: int) -> None:
        if cancel is not None and cancel.is_set():
            raise ReadingCancelled(f"Stopped reading {name}; nothing of it was imported.")
        if progress is not None:
            progress(min(done, size), size)

    document = JsonStream(stream, name, read_bytes)
    try:
        if document.top() == "[":
            return _export(document.elements())
        found = None
        for key, value in document.members(SESSIONS_KEY, EXPORT_KEY, JOURNAL_KEY):
            if not isinstance(value, Iterator):
                continue
            if key == SESSIONS_KEY:
                found = ConversationFile(sessions_of(value))
            elif key == JOURNAL_KEY:
                found = ConversationFile(journal_sessions(value))
            else:
                found = _export(value)
        if found is None:
            raise InputError(NOT_CONVERSATIONS)
        return found
    except JsonError:
        raise
    except InputError as exc:
        raise InputError(f"{name}: {exc}") from None


def _export(elements: Iterator[Any]) -> ConversationFile:
    first = next(elements, None)
    if export_kind([first]) is None:
        raise InputError(NOT_CONVERSATIONS)
    read = parse_export(chain([first], elements))
    return ConversationFile(read.sessions, read.not_remembered, read.about_you)


def _export_members(archive: zipfile.ZipFile, name: str) -> list[zipfile.ZipInfo]:
    """The conversations.json of a data export's zip (the one nearest its top), or every
    journal of a Day One export's."""
    found = [i for i in archive.infolist() if _is_export(PurePosixPath(i.filename))]
    if found:
        return [min(found, key=lambda i: (i.filename.count("/"), i.filename))]
    journals = _journals(archive)
    if not journals:
        for member in map(PurePosixPath, archive.namelist()):
            if is_gemini_log(member, ".html"):
                raise InputError(GEMINI_HTML.format(name=f"{member.name} in {name}"))
        raise InputError(
            f"{name} holds no {EXPORT_NAME}: a ChatGPT or Claude data export does (or Gemini's "
            "My Activity.json: a Google Takeout of Gemini Apps activity as JSON does; or a Day "
            "One export its journals' JSON). To learn the files in it as documents, add it as "
            "documents."
        )
    return journals


def _is_export(member: PurePosixPath) -> bool:
    return member.name == EXPORT_NAME or is_gemini_log(member)


def _journals(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The Day One journals at a zip's top, known by how their JSON opens. A zip with more
    JSON files there than anyone keeps journals is none (each would be opened, on a drop
    too)."""
    tops = [
        info
        for info in archive.infolist()
        if PurePosixPath(info.filename).parent == PurePosixPath(".")
        and info.filename.lower().endswith(".json")
    ]
    if len(tops) > MAX_JOURNALS:
        return []
    journals = []
    for info in tops:
        with archive.open(info) as stream:
            if JOURNAL_HEAD.match(stream.read(256)):
                journals.append(info)
    return sorted(journals, key=lambda i: i.filename)


def is_conversation_export(path: Path) -> bool:
    """Whether a zip is a chat app's data export or a journal's (imported as conversations),
    rather than documents zipped together (a notes app's export)."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            return any(_is_export(PurePosixPath(n)) for n in names) or bool(_journals(archive))
    except ZIP_ERRORS:
        return False
