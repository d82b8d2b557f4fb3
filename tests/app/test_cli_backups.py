"""`engram backup` and `engram restore` as a user runs them: a copy made, a file that will not
open put right from it, the unreadable one kept, and a running Engram's file left alone."""

from __future__ import annotations

import json
from pathlib import Path

from core.store.store import DB_FILENAME
from tests.app.test_cli import engram
from tests.core.another_process import held_by_another_process
from tests.core.conversation_factory import conversation


def test_a_backup_puts_right_a_file_that_will_not_open(tmp_path: Path) -> None:
    source = tmp_path / "conv.json"
    source.write_text(json.dumps(conversation(sessions=3, turns_per_session=4)))
    home = tmp_path / "home"
    assert engram(home, "import", str(source)).returncode == 0
    made = engram(home, "backup", "--json")
    assert made.returncode == 0, made.stderr
    payload = json.loads(made.stdout)
    assert Path(payload["made"]["path"]).is_file() and len(payload["kept"]) == 1
    memories = json.loads(engram(home, "stats", "--json").stdout)["memories"]

    path = home / DB_FILENAME
    path.write_bytes(b"\0garbage" * 5000)
    broken = engram(home, "stats")
    assert broken.returncode == 1 and "could not be read" in broken.stderr
    refused = engram(home, "restore")
    assert refused.returncode == 1 and "pass --yes" in refused.stderr
    restored = engram(home, "restore", "--yes")
    assert restored.returncode == 0, restored.stderr
    assert "Restored the backup of" in restored.stdout and "kept as" in restored.stdout
    assert json.loads(engram(home, "stats", "--json").stdout)["memories"] == memories
    (aside,) = home.glob(f"{DB_FILENAME}.set-aside-*")
    assert aside.read_bytes() == b"\0garbage" * 5000

    missing = engram(home, "restore", "--from", str(tmp_path / "nope.duckdb"), "--yes")
    assert missing.returncode == 1 and "No backup file at" in missing.stderr
    # A file that is no copy of one is refused before anything moves.
    before = path.read_bytes()
    wrong = engram(home, "restore", "--from", str(source), "--yes")
    assert wrong.returncode == 1 and "is not a copy of a memory file" in wrong.stderr
    assert path.read_bytes() == before and len(list(home.glob(f"{DB_FILENAME}.set-aside-*"))) == 1


def test_restore_leaves_the_file_of_a_running_engram_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert engram(home, "backup").returncode == 0
    before = (home / DB_FILENAME).read_bytes()
    with held_by_another_process(home / DB_FILENAME):
        refused = engram(home, "restore", "--yes")
    assert refused.returncode == 1 and "quit Engram, then restore" in refused.stderr
    assert (home / DB_FILENAME).read_bytes() == before
    assert not list(home.glob(f"{DB_FILENAME}.set-aside-*"))
