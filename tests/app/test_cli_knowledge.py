"""`engram ingest` and `engram documents` as a user runs them."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from core.consolidate import JOBS
from tests.app.test_cli import engram
from tests.core.pdf_factory import write_pdf


def test_ingest_learns_a_folder_reports_progress_and_refuses_bad_files(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "boiler.md").write_text("# Boiler\n\nThe boiler was serviced by Heatwise in March.")
    (docs / "notes.txt").write_bytes(b"\x00\x00binary junk")
    whole = write_pdf(tmp_path / "whole.pdf", [["The boiler manual, page one."]]).read_bytes()
    (docs / "manual.pdf").write_bytes(whole[:300])
    home = tmp_path / "home"
    result = engram(home, "ingest", str(docs), "--json")
    assert result.returncode == 1  # two files were refused
    statuses = {Path(d["path"]).name: d for d in json.loads(result.stdout)["documents"]}
    assert statuses["boiler.md"]["status"] == "added"
    assert statuses["notes.txt"]["status"] == "refused"
    assert "looks like a binary file" in statuses["notes.txt"]["reason"]
    assert "manual.pdf is not a readable PDF" in statuses["manual.pdf"]["reason"]
    assert "[3/3]" in result.stderr
    # Said once, in Engram's words: pypdf's own warning about the file goes to the log.
    assert "EOF marker" not in result.stderr

    again = engram(home, "ingest", str(docs / "boiler.md"))
    assert again.returncode == 0
    assert "1 unchanged" in again.stdout
    found = json.loads(engram(home, "search", "who serviced the boiler", "--json").stdout)
    assert found["results"][0]["kind"] == "document"


def test_documents_are_listed_and_one_is_forgotten_whole(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "boiler.md").write_text("# Boiler\n\nThe boiler was serviced by Heatwise in March.")
    with zipfile.ZipFile(docs / "notes.zip", "w") as archive:
        archive.writestr("Home/Garden.md", "The garden gate needs oil.")
        archive.writestr("Home/Bank.md", "The bank's number is 0800 555 0101.")
    home = tmp_path / "home"
    assert engram(home, "ingest", str(docs / "boiler.md"), str(docs / "notes.zip")).returncode == 0
    listed = engram(home, "documents")
    assert listed.returncode == 0 and listed.stdout.count("1 passage") == 3
    assert f"{(docs / 'notes.zip').resolve()}/Home/Bank.md" in listed.stdout
    # Not a terminal: it will not forget without being told it may.
    refused = engram(home, "documents", "forget", str(docs / "notes.zip"))
    assert refused.returncode == 1 and "pass --yes" in refused.stderr
    forgotten = engram(home, "documents", "forget", str(docs / "notes.zip"), "--yes")
    assert forgotten.returncode == 0, forgotten.stderr
    assert "(2 documents)" in forgotten.stdout and "2 memories" in forgotten.stdout
    left = json.loads(engram(home, "documents", "--json").stdout)["documents"]
    assert [Path(d["path"]).name for d in left] == ["boiler.md"]
    found = json.loads(engram(home, "search", "bank number", "--json").stdout)["results"]
    assert not any("0800" in r["content"] for r in found)
    unknown = engram(home, "documents", "forget", str(docs / "absent.md"), "--yes")
    assert unknown.returncode == 1 and "Nothing was learnt from" in unknown.stderr


def test_entities_lists_what_was_learned(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "trip.md").write_text("# Trip\n\nWe flew to Kyoto with Marta for the Helios project.")
    home = tmp_path / "home"
    assert engram(home, "ingest", str(docs)).returncode == 0
    payload = json.loads(engram(home, "entities", "--json").stdout)
    # Listed as the memories write them: "kyoto" was what the user read.
    types = {e["name"]: e["type"] for e in payload["entities"]}
    assert types["Kyoto"] == "place" and types["Marta"] == "person"
    assert types["Helios"] == "project"
    assert {e["id"] for e in payload["entities"]} >= {"kyoto", "marta", "helios"}
    listed = engram(home, "entities").stdout
    assert "Kyoto" in listed and "kyoto" not in listed


def test_conflicts_reports_nothing_waiting_on_a_fresh_store(tmp_path: Path) -> None:
    home = tmp_path / "home"
    plain = engram(home, "conflicts")
    assert plain.returncode == 0 and "No contradictions" in plain.stdout
    payload = json.loads(engram(home, "conflicts", "--json").stdout)
    assert payload == {"resolved": [], "flagged": [], "pending": [], "doubtful": []}
    upkeep = json.loads(engram(home, "consolidate", "--now", "2026-06-01", "--json").stdout)
    jobs = {job["job"]: job["counts"] for job in upkeep["jobs"]}
    assert list(jobs) == list(JOBS)
    assert jobs["compress"] == {"summaries": 0, "compressed": 0}
    one = json.loads(engram(home, "consolidate", "--job", "links", "--json").stdout)
    assert [job["job"] for job in one["jobs"]] == ["links"]
    missing = engram(home, "conflicts", "apply", "p-nope")
    assert missing.returncode == 1 and "No pending change with id p-nope" in missing.stderr


def test_consolidate_can_use_a_model_and_says_when_the_file_is_wrong(
    tmp_path: Path, tiny_gguf: Path
) -> None:
    home = tmp_path / "home"
    used = engram(home, "consolidate", "--job", "compress", "--model", str(tiny_gguf))
    assert used.returncode == 0 and "compress" in used.stdout
    missing = engram(home, "consolidate", "--model", str(tmp_path / "none.gguf"))
    assert missing.returncode == 1 and "Model file not found" in missing.stderr
    assert "Traceback" not in missing.stderr
