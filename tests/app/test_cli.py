"""The `engram` command as a user runs it: a real process, a temporary home, real models."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.core.conversation_factory import conversation

ENGRAM = Path(sys.executable).with_name("engram")


def engram(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    return subprocess.run(
        [str(ENGRAM), "--home", str(home), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_import_then_search_returns_matching_turns_with_ids(tmp_path: Path) -> None:
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(conversation(sessions=10, turns_per_session=4)))
    home = tmp_path / "home"
    imported = engram(home, "import", str(source))
    assert imported.returncode == 0, imported.stderr
    assert "Imported 10 session(s), 40 turn(s)" in imported.stdout

    found = engram(home, "search", "espresso machine", "--k", "3", "--json")
    assert found.returncode == 0, found.stderr
    payload = json.loads(found.stdout)
    # Only the session about the espresso machine matches; the adaptive cut drops the rest.
    assert 1 <= len(payload["results"]) <= 3
    top = payload["results"][0]
    assert "espresso machine" in top["content"]
    assert top["source_turn_ids"] and top["source_turn_ids"][0].startswith("S4:")
    assert {"semantic", "keyword", "recency", "retention"} <= set(top["signals"])
    assert top["lineage_ids"] == [top["id"]]

    stats = engram(home, "stats", "--json")
    # Four turns per session make one segment memory each.
    assert json.loads(stats.stdout)["memories"] == 10

    again = engram(home, "import", str(source))
    assert "0 session(s)" in again.stdout and "10 session(s) already present" in again.stdout


def test_bad_input_is_one_plain_line_not_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"sessions": [')
    result = engram(tmp_path / "home", "import", str(broken))
    assert result.returncode == 1
    assert "not valid JSON" in result.stderr
    assert "Traceback" not in result.stderr


def test_every_command_has_help(tmp_path: Path) -> None:
    for command in ("import", "search", "stats"):
        result = engram(tmp_path, command, "--help")
        assert result.returncode == 0 and "usage: engram" in result.stdout
