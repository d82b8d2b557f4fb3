"""Malformed conversation files are refused with a message that says where, and nothing is
written."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from core.errors import InputError
from core.ingest.conversation_file import read_conversation_file
from tests.core.conversation_factory import conversation


def write(tmp_path: Path, content: bytes | str) -> Path:
    path = tmp_path / "conv.json"
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def test_valid_file_keeps_ids_order_and_times(tmp_path: Path) -> None:
    data = conversation(sessions=2, turns_per_session=3)
    del data["sessions"][1]["turns"][2]["at"]
    data["sessions"][0]["title"] = " Trip\tto Porto "
    sessions = read_conversation_file(write(tmp_path, json.dumps(data))).sessions
    assert [s.id for s in sessions] == ["S0", "S1"]
    assert [s.title for s in sessions] == ["Trip to Porto", None]
    assert [t.id for t in sessions[0].turns] == ["S0:T0", "S0:T1", "S0:T2"]
    assert sessions[0].turns[1].speaker == "Engram"
    # A turn without its own time comes a second after the one before it.
    assert sessions[1].turns[2].at - sessions[1].turns[1].at == timedelta(seconds=1)


def test_a_session_without_its_start_begins_with_its_first_timed_turn(tmp_path: Path) -> None:
    """Files written by hand or by other tools give turn times and no session start; each one
    was refused ("started_at: expected an ISO 8601 date-time string, got None")."""
    data = conversation(sessions=1, turns_per_session=3)
    del data["sessions"][0]["started_at"], data["sessions"][0]["turns"][0]["at"]
    (session,) = read_conversation_file(write(tmp_path, json.dumps(data))).sessions
    assert session.started_at == datetime.fromisoformat(data["sessions"][0]["turns"][1]["at"])
    assert session.turns[0].at == session.started_at


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON: .* line 1"),
        ('{"conversations": []}', 'a "sessions" list'),
        ('{"sessions": [{"id": "a", "started_at": "yesterday", "turns": []}]}', "ISO 8601"),
        (
            '{"sessions": [{"id": "a", "started_at": "2026-01-01T00:00:00", "turns": '
            '[{"id": "t", "role": "robot", "text": "hi"}]}]}',
            r"sessions\[0\]\.turns\[0\]\.role",
        ),
        (
            '{"sessions": [{"id": "a", "started_at": "2026-01-01", "turns": '
            '[{"id": "t", "role": "user", "text": "hi"}, {"id": "t", "role": "user", '
            '"text": "again"}]}]}',
            "already used",
        ),
        (
            '{"sessions": [{"id": "a", "turns": [{"id": "t", "role": "user", "text": "hi"}]}]}',
            r'sessions\[0\]\.started_at: missing, and no turn has an "at"',
        ),
        (
            '{"sessions": [{"id": "a", "started_at": "2026-01-01", "title": 7, "turns": []}]}',
            r"sessions\[0\]\.title: expected a non-empty string, got 7",
        ),
    ],
)
def test_malformed_files_say_what_and_where(tmp_path: Path, content: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_conversation_file(write(tmp_path, content))


def test_binary_and_non_utf8_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="binary"):
        read_conversation_file(write(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\x00"))
    with pytest.raises(InputError, match="not valid UTF-8"):
        read_conversation_file(write(tmp_path, b'{"sessions": ["\xff\xfe"]}'))


def test_a_huge_turn_is_refused_rather_than_stored(tmp_path: Path) -> None:
    data = conversation(sessions=1, turns_per_session=1)
    data["sessions"][0]["turns"][0]["text"] = "x" * 300_000
    with pytest.raises(InputError, match="more than the 200,000"):
        read_conversation_file(write(tmp_path, json.dumps(data)))


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs a device file")
def test_a_path_that_is_not_a_file_says_what_it_is(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="absent.json does not exist"):
        read_conversation_file(tmp_path / "absent.json")
    with pytest.raises(InputError, match="is a folder, not a file"):
        read_conversation_file(tmp_path)
    with pytest.raises(InputError, match="/dev/null is not a regular file"):
        read_conversation_file(Path("/dev/null"))
