"""The `engram` command as a user runs it: a real process, a temporary home, real models."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.core.conversation_factory import conversation, saying
from tests.core.test_chat_exports import chatgpt_export

ENGRAM = Path(sys.executable).with_name("engram")


def engram(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command as a user runs it; a model configured in the developer's environment does
    not leak in."""
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    env.pop("ENGRAM_LLM_MODEL", None)
    return subprocess.run(
        [str(ENGRAM), "--home", str(home), *args],
        input=stdin,
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
    assert "Imported 10 sessions, 40 turns" in imported.stdout

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
    assert (top["tier"], top["summarises"]) == ("hot", [])

    shown = engram(home, "search", "espresso machine", "--k", "1").stdout.splitlines()
    # A memory of several turns: each turn on its own line, all of them under the entry.
    assert shown[0].startswith(" 1. [episodic] ") and len(shown) > 2
    assert all(line.startswith("    ") for line in shown[1:])

    stats = engram(home, "stats", "--json")
    # Four turns per session make one segment memory each.
    assert json.loads(stats.stdout)["memories"] == 10

    again = engram(home, "import", str(source))
    assert "Imported 0 sessions" in again.stdout
    assert "10 sessions already present" in again.stdout
    # The same chats exported again after more was said in two of them.
    later = conversation(sessions=10, turns_per_session=4)
    for session in later["sessions"][:2]:
        session["turns"] += conversation(sessions=1, turns_per_session=6)["sessions"][0]["turns"][
            4:
        ]
        for turn in session["turns"][4:]:
            turn["id"] = f"{session['id']}:{turn['id']}"
    source.write_text(json.dumps(later))
    grown = engram(home, "import", str(source)).stdout.splitlines()
    assert grown[0].startswith("Imported 0 sessions, 4 turns")
    assert (
        grown[1] == "2 sessions already here went on in this file: what was said since was added."
    )


def test_an_export_says_what_it_left_out(tmp_path: Path) -> None:
    (kept,) = chatgpt_export()
    left = {**kept, "conversation_id": "c-2", "is_do_not_remember": True}
    source = tmp_path / "conversations.json"
    source.write_text(json.dumps([kept, left]))
    imported = engram(tmp_path / "home", "import", str(source))
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.splitlines()[1:] == [
        "1 conversation ChatGPT was told not to remember was left out."
    ]


def test_version_is_the_installed_one(tmp_path: Path) -> None:
    shown = engram(tmp_path / "home", "--version")
    assert shown.returncode == 0
    assert shown.stdout.strip() == f"engram {version('engram')}"


def test_bad_input_is_one_plain_line_not_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"sessions": [')
    result = engram(tmp_path / "home", "import", str(broken))
    assert result.returncode == 1
    assert "not valid JSON" in result.stderr
    assert "Traceback" not in result.stderr


def test_output_cut_short_by_its_reader_is_not_an_error(tmp_path: Path) -> None:
    """`engram search ... | head`: the reader goes away before the output is written."""
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    process = subprocess.Popen(
        [str(ENGRAM), "--home", str(tmp_path / "home"), "stats", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None
    process.stdout.close()
    _, stderr = process.communicate(timeout=300)
    assert process.returncode == 0, stderr
    assert b"Traceback" not in stderr


def test_words_that_are_not_utf8_are_stored_and_searched_not_refused(tmp_path: Path) -> None:
    """A terminal in another encoding passes bytes that are not UTF-8; Python hands them on as
    lone surrogates, which the database refused (a traceback on pin; both searches failed and
    recent memories were shown instead of results)."""
    home = tmp_path / "home"
    pinned = engram(home, "pin", os.fsdecode(b"My locker code \xff\xfe is 4512"))
    assert pinned.returncode == 0, pinned.stderr
    found = engram(home, "search", os.fsdecode(b"locker code \xe9"), "--json")
    assert found.returncode == 0, found.stderr
    payload = json.loads(found.stdout)
    assert payload["degraded"] is None
    assert "4512" in payload["results"][0]["content"]


def test_a_long_memory_is_shown_by_its_head_and_whole_in_json(tmp_path: Path) -> None:
    home = tmp_path / "home"
    notes = "The boiler manual says: " + "check the pressure gauge weekly. " * 50
    assert engram(home, "pin", notes).returncode == 0
    shown = engram(home, "search", "boiler pressure gauge")
    assert shown.returncode == 0, shown.stderr
    assert f"... ({len(notes.strip()) - 600:,} more characters)" in shown.stdout
    assert len(shown.stdout) < 1_000
    searched = engram(home, "search", "boiler pressure gauge", "--json")
    assert searched.returncode == 0, searched.stderr
    found = json.loads(searched.stdout)
    assert found["results"][0]["content"] == notes.strip()


def test_every_command_has_help(tmp_path: Path) -> None:
    for command in ("import", "search", "stats"):
        result = engram(tmp_path, command, "--help")
        assert result.returncode == 0 and "usage: engram" in result.stdout


def test_lineage_and_forget_from_the_command_line(tmp_path: Path) -> None:
    data = saying(
        {
            (0, 0): "I live in Berlin.",
            (1, 0): "I moved to Lisbon.",
        },
        sessions=2,
        turns_per_session=2,
    )
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(data))
    home = tmp_path / "home"
    assert engram(home, "import", str(source)).returncode == 0
    found = json.loads(engram(home, "search", "where does Ana live", "--json").stdout)
    fact = next(r for r in found["results"] if r["content"] == "Ana lives in Lisbon")
    assert len(fact["lineage_ids"]) == 2

    lineage = json.loads(engram(home, "lineage", fact["id"], "--json").stdout)
    assert [v["content"] for v in lineage["versions"]] == [
        "Ana lives in Berlin",
        "Ana lives in Lisbon",
    ]
    refused = engram(home, "forget", fact["id"])
    assert refused.returncode == 1 and "--yes" in refused.stderr

    # Vector search always has a nearest memory: a query that names nothing forgets nothing,
    # --yes or not, and one that does says what it would forget.
    def remembered() -> int:
        return int(json.loads(engram(home, "stats", "--json").stdout)["memories"])

    before = remembered()
    nothing = engram(home, "forget", "--query", "zzzz qqqq", "--yes")
    assert nothing.returncode == 1 and "nothing was forgotten" in nothing.stderr
    assert remembered() == before
    named = engram(home, "forget", "--query", "Ana lives in Lisbon")
    assert named.returncode == 1 and "Would forget" in named.stderr and "Lisbon" in named.stderr
    for command in ("search", "forget --query"):
        for blank in ("", "  "):
            empty = engram(home, *command.split(), blank)
            assert empty.returncode == 1 and "query is empty" in empty.stderr, command
            assert "Traceback" not in empty.stderr
    assert remembered() == before
    forgot = engram(home, "forget", fact["id"], "--yes")
    assert forgot.returncode == 0 and "tombstone" in forgot.stdout
    after = json.loads(engram(home, "search", "Lisbon Berlin", "--json").stdout)
    assert all("Lisbon" not in r["content"] for r in after["results"])


def test_eval_locomo_prints_recall(tmp_path: Path) -> None:
    from tests.core.test_locomo_eval import CONVERSATION

    source = tmp_path / "conv-test.json"
    source.write_text(json.dumps(CONVERSATION))
    result = engram(tmp_path / "home", "eval", "locomo", str(source), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["questions"] == 2 and report["recall_in_budget"] == 1.0
    assert set(report["by_category"]) == {"multi-hop", "single-hop"}
    # The user's own memory was never opened.
    assert not (tmp_path / "home" / "engram.duckdb").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_log_that_cannot_be_written_is_reported_once(tmp_path: Path) -> None:
    """A full disk (a log file that is /dev/full) used to print a traceback for every line
    logged, burying the command's own output."""
    home = tmp_path / "home"
    (home / "logs").mkdir(parents=True)
    (home / "logs" / "engram.log").symlink_to("/dev/full")
    shown = engram(home, "stats")
    assert shown.returncode == 0
    assert "Memories:" in shown.stdout
    assert "Traceback" not in shown.stderr and "Logging error" not in shown.stderr
    assert shown.stderr.count("could not write the log") == 1
