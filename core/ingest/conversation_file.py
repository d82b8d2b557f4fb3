"""Parse Engram's conversation JSON (or a ChatGPT or Claude export, see `chat_exports`). Every
problem is reported with where it is in the file, and the whole file is checked before anything
is written. Conversations are exported in the same format, so they can be taken elsewhere and
imported back."""

from __future__ import annotations

import json
import zipfile
import zlib
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path, PurePosixPath
from typing import Any

from core.errors import InputError
from core.files import not_a_file, write_export
from core.ingest.chat_exports import export_kind, parse_export
from core.model import Role, Session, Turn
from core.text_input import MAX_TURN_CHARS, clean_text, conversation_title, parse_timestamp

MAX_FILE_BYTES = 200 * 1024 * 1024
# The file a ChatGPT or Claude data export keeps its conversations in.
EXPORT_NAME = "conversations.json"


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
        raise InputError(
            'expected an object with a "sessions" list at the top level (or a ChatGPT or '
            "Claude export's conversations.json)"
        )
    sessions: list[Session] = []
    seen_turns: dict[str, str] = {}
    seen_sessions: set[str] = set()
    for i, raw in enumerate(data["sessions"]):
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


def read_conversation_file(path: Path) -> list[Session]:
    """Engram's file, a chat app's conversations.json, or the data export's zip as downloaded
    (it holds conversations.json beside pictures and pages)."""
    if not path.is_file():
        raise InputError(not_a_file(path))
    if zipfile.is_zipfile(path):
        name, raw = _from_export_zip(path)
    else:
        name = path.name
        _within_limit(name, path.stat().st_size)
        raw = path.read_bytes()
    if b"\x00" in raw[:8192]:
        raise InputError(f"{name} is a binary file, not conversation JSON")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name} is not valid UTF-8 (byte {exc.start})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{name} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from exc
    try:
        if export_kind(data) is not None:
            return parse_export(data)
        return parse_conversations(data)
    except InputError as exc:
        raise InputError(f"{name}: {exc}") from None


def _within_limit(name: str, size: int) -> None:
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"{name} is {size / 2**20:.0f} MB; conversation files over "
            f"{MAX_FILE_BYTES // 2**20} MB are refused"
        )


def _from_export_zip(path: Path) -> tuple[str, bytes]:
    """The conversations.json of a data export's zip (the one nearest its top), and the name
    to report its problems under."""
    try:
        with zipfile.ZipFile(path) as archive:
            found = [i for i in archive.infolist() if PurePosixPath(i.filename).name == EXPORT_NAME]
            if not found:
                raise InputError(
                    f"{path.name} holds no {EXPORT_NAME}: a ChatGPT or Claude data export does"
                )
            member = min(found, key=lambda i: (i.filename.count("/"), i.filename))
            name = f"{member.filename} in {path.name}"
            _within_limit(name, member.file_size)
            with archive.open(member) as stream:
                # Read no further than the limit, whatever size the archive claims.
                raw = stream.read(MAX_FILE_BYTES + 1)
            _within_limit(name, len(raw))
            return name, raw
    except (
        zipfile.BadZipFile,
        zlib.error,
        EOFError,
        NotImplementedError,
        RuntimeError,
        OSError,
    ) as exc:
        raise InputError(f"{path.name} is a zip file that cannot be read: {exc}") from exc
