"""`engram conversations` as a user runs it: list, read back, name and forget past
conversations, in a real process on a temporary home."""

from __future__ import annotations

import json
from pathlib import Path

from tests.app.test_cli import engram
from tests.core.conversation_factory import conversation


def listed(home: Path) -> dict[str, dict]:
    shown = engram(home, "conversations", "--json")
    assert shown.returncode == 0, shown.stderr
    return {c["id"]: c for c in json.loads(shown.stdout)["conversations"]}


def test_conversations_are_listed_read_named_and_forgotten(tmp_path: Path) -> None:
    data = conversation(sessions=3, turns_per_session=4)
    data["sessions"][2]["title"] = "Espresso at last"
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(data))
    home = tmp_path / "home"
    assert engram(home, "conversations").stdout == "No conversations yet.\n"
    assert engram(home, "import", str(source)).returncode == 0

    first = listed(home)
    assert list(first) == ["S2", "S1", "S0"] and first["S2"]["title"] == "Espresso at last"
    assert first["S0"]["title"] == data["sessions"][0]["turns"][0]["text"]
    assert first["S0"]["turns"] == 4
    assert "Espresso at last  (4 turns, id S2)" in engram(home, "conversations").stdout

    shown = engram(home, "conversations", "show", "S1").stdout.splitlines()
    said = data["sessions"][1]["turns"]
    assert len(shown) == 4 and shown[0].endswith(f"{said[0]['text']}")

    renamed = engram(home, "conversations", "rename", "S1", "Baking", "plans")
    assert renamed.returncode == 0 and listed(home)["S1"]["title"] == "Baking plans"

    # From a script, nothing is erased without --yes.
    refused = engram(home, "conversations", "forget", "S1")
    assert refused.returncode == 1 and "pass --yes" in refused.stderr
    assert "S1" in listed(home)
    forgotten = engram(home, "conversations", "forget", "S1", "--yes")
    assert forgotten.returncode == 0 and "Forgot the conversation S1" in forgotten.stdout
    assert list(listed(home)) == ["S2", "S0"]
    blank = json.loads(engram(home, "conversations", "show", "S1", "--json").stdout)
    assert all(t["text"] == "" and t["forgotten"] for t in blank["turns"])
    found = json.loads(engram(home, "search", said[0]["text"], "--json").stdout)["results"]
    assert all(not set(r["source_turn_ids"]) & {t["id"] for t in said} for r in found)

    missing = engram(home, "conversations", "rename", "S9", "x")
    assert missing.returncode == 1 and "No conversation with id S9" in missing.stderr
    assert "Which conversation?" in engram(home, "conversations", "show").stderr


def test_conversations_exported_import_back_elsewhere_with_their_names(tmp_path: Path) -> None:
    data = conversation(sessions=3, turns_per_session=4)
    data["sessions"][1]["title"] = "Espresso at last"
    data["sessions"][1]["project"] = "kitchen"
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(data))
    home = tmp_path / "home"
    assert engram(home, "import", str(source)).returncode == 0
    assert engram(home, "conversations", "forget", "S0", "--yes").returncode == 0
    out = tmp_path / "out.json"
    exported = engram(home, "conversations", "export", str(out))
    assert exported.returncode == 0, exported.stderr
    assert "Wrote 2 conversations (8 turns)" in exported.stdout
    # What a forget erased is not taken out with the rest.
    written = json.loads(out.read_text())
    assert [s["id"] for s in written["sessions"]] == ["S1", "S2"]
    assert written["sessions"][0]["turns"] == data["sessions"][1]["turns"]

    elsewhere = tmp_path / "elsewhere"
    assert engram(elsewhere, "import", str(out)).returncode == 0
    assert listed(elsewhere) == listed(home)
    one = tmp_path / "one.json"
    assert engram(home, "conversations", "export", str(one), "S2").returncode == 0
    assert [s["id"] for s in json.loads(one.read_text())["sessions"]] == ["S2"]
    unknown = engram(home, "conversations", "export", str(one), "S2", "S7")
    assert unknown.returncode == 1 and "No conversation with id S7" in unknown.stderr
    # A place that cannot take the file is said in plain words.
    for where, said in ((tmp_path, "is a folder"), (tmp_path / "no" / "x.json", "Could not write")):
        refused = engram(home, "conversations", "export", str(where))
        assert refused.returncode == 1 and said in refused.stderr
        assert "Traceback" not in refused.stderr
