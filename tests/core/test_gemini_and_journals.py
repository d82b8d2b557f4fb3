"""The other places people kept what they told an assistant or a journal: Gemini's activity log
from Google Takeout and a Day One journal, imported as conversations like Engram's own."""

from __future__ import annotations

import json
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from core.embed import Embedder
from core.errors import InputError
from core.ingest.chunking import Chunker
from core.ingest.conversation_file import is_conversation_export, read_conversation_file
from core.ingest.conversations import ConversationImporter
from core.ingest.documents import DocumentImporter, DocumentStatus
from core.model import MemoryKind, Role
from core.store import MemoryStore
from core.tokens import token_counter
from tests.core.test_chat_exports import write
from tests.core.test_document_formats import NOW


def gemini_activity(title: str, at: str, *replies: str, link: str | None = None) -> dict[str, Any]:
    """An entry of Google Takeout's Gemini Apps log, as it writes them."""
    entry: dict[str, Any] = {
        "header": "Gemini Apps",
        "title": title,
        "time": at,
        "products": ["Gemini Apps"],
        "activityControls": ["Gemini Apps Activity"],
    }
    if replies:
        entry["safeHtmlItem"] = [{"html": html} for html in replies]
    if link:
        entry["details"] = [{"name": link, "url": link}]
    return entry


def gemini_log() -> list[dict[str, Any]]:
    """Newest first, as Takeout writes it; prompts, and what else the log holds."""
    chat = "https://gemini.google.com/app/5f1c2a9b"
    return [
        gemini_activity("Created Trip notes", "2025-03-06T12:00:00.000Z"),
        gemini_activity(
            "Prompted And in May?", "2025-03-06T11:00:00.000Z", "<p>Warm.</p>", link=chat
        ),
        gemini_activity(
            "Prompted Weather in Crete?", "2025-03-06T08:00:00.000Z", "Mild.", link=chat
        ),
        gemini_activity("Prompted Remind me to renew my passport", "2025-03-03T09:00:00.000Z"),
        gemini_activity("Gave feedback: Good response", "2025-03-01T10:06:00.000Z"),
        gemini_activity(
            "Prompted What about in winter?",
            "2025-03-01T10:05:00.000Z",
            "<p>Naxos is quiet.</p>",
            "<p>Crete is <b>mild</b> in winter.</p>",
        ),
        gemini_activity(
            "Prompted Best islands in Greece?",
            "2025-03-01T10:00:00.000Z",
            "<p>Naxos &amp; Crete</p><script>track()</script><ul><li>Go in May</li></ul>",
        ),
    ]


def test_gemini_activity_from_google_takeout_imports_as_conversations(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    """The log is flat: prompts close together, or linked to one chat, are one conversation."""
    archive = tmp_path / "takeout-20250310.zip"
    with zipfile.ZipFile(archive, "w") as out:
        # Every Google product keeps a log of the same name.
        out.writestr("Takeout/My Activity/Search/My Activity.json", json.dumps([{"title": "x"}]))
        out.writestr("Takeout/My Activity/Gemini Apps/My Activity.json", json.dumps(gemini_log()))
    read = read_conversation_file(archive)
    assert [[(t.role, t.text, t.speaker) for t in s.turns] for s in read.sessions] == [
        [
            (Role.USER, "Best islands in Greece?", None),
            (Role.ASSISTANT, "Naxos & Crete\n\n- Go in May", "Gemini"),
            (Role.USER, "What about in winter?", None),
            # Regenerated: the last reply is the one the user went on with.
            (Role.ASSISTANT, "Crete is mild in winter.", "Gemini"),
        ],
        [(Role.USER, "Remind me to renew my passport", None)],
        [
            (Role.USER, "Weather in Crete?", None),
            (Role.ASSISTANT, "Mild.", "Gemini"),
            (Role.USER, "And in May?", None),
            (Role.ASSISTANT, "Warm.", "Gemini"),
        ],
    ]
    assert read.sessions[0].started_at == datetime(2025, 3, 1, 10, tzinfo=UTC)
    assert read.sessions[2].id == "gemini:5f1c2a9b"
    # A later export puts new activity first: what was imported keeps its ids.
    later = [gemini_activity("Prompted Ferry times?", "2025-03-09T09:00:00Z"), *gemini_log()]
    again = read_conversation_file(write(tmp_path, later))
    old = {t.id for s in read.sessions for t in s.turns}
    assert old < {t.id for s in again.sessions for t in s.turns}
    assert {s.id for s in read.sessions} < {s.id for s in again.sessions}
    ConversationImporter(store, embedder).import_sessions(again.sessions)
    assert [t.title for t in store.tasks.inbox()] == ["Renew my passport"]


def test_a_day_one_journal_imports_an_entry_a_conversation_in_the_users_words(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    """Learnt as a document, a journal's JSON was code; its entries lost their days."""
    entries = [
        {
            "uuid": "B2",
            "creationDate": "2024-05-02T19:00:00Z",
            "text": "# New flat\n\n![](dayone-moment://4F2A)\nI live in Lisbon\\. Tired\\!",
            "timeZone": "Europe/Lisbon",
            "tags": ["home"],
        },
        {"uuid": "A1", "creationDate": "2023-01-05T08:00:00Z", "text": "I live in Berlin."},
        {"uuid": "C3", "creationDate": "2024-06-01T08:00:00Z", "text": "  "},
    ]
    archive = tmp_path / "Export-Journal.zip"
    with zipfile.ZipFile(archive, "w") as out:
        journal = {"metadata": {"version": "1.0"}, "entries": entries}
        out.writestr("Journal.json", json.dumps(journal))
        out.writestr("photos/4f2a.jpeg", b"\xff\xd8\xff")
    assert is_conversation_export(archive)
    read = read_conversation_file(archive)
    assert [(s.id, s.title, [(t.role, t.text, t.at) for t in s.turns]) for s in read.sessions] == [
        (
            "dayone:A1",
            "I live in Berlin.",
            [(Role.USER, "I live in Berlin.", datetime(2023, 1, 5, 8, tzinfo=UTC))],
        ),
        (
            "dayone:B2",
            "New flat",
            [
                (
                    Role.USER,
                    "# New flat\n\nI live in Lisbon. Tired!",
                    datetime(2024, 5, 2, 19, tzinfo=UTC),
                )
            ],
        ),
    ]
    ConversationImporter(store, embedder).import_sessions(read.sessions)
    beliefs = {m.key: m.content for m in store.memories.of_kind(MemoryKind.SEMANTIC)}
    assert beliefs["user: location"] == "The user lives in Lisbon"
    with pytest.raises(InputError, match="entries\\[0\\]: expected a Day One journal entry"):
        read_conversation_file(write(tmp_path, {"entries": [{"text": "no date"}]}))


def test_every_journal_of_a_day_one_zip_imports(tmp_path: Path) -> None:
    """Only the journal named "Journal" was found: a zip of others was taken for documents,
    and one holding several lost all but the first."""

    def journal(*entries: tuple[str, str]) -> str:
        said = [{"uuid": u, "creationDate": f"{u}T08:00:00Z", "text": t} for u, t in entries]
        return json.dumps({"metadata": {"version": "1.0"}, "entries": said}, indent=2)

    archive = tmp_path / "Export-All.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("Travel Log.json", journal(("2024-03-01", "Landed in Porto.")))
        out.writestr("Dreams.json", journal(("2024-01-01", "A dream of trains.")))
        out.writestr("settings.json", json.dumps({"entries": ["not a journal"]}))
        out.writestr("photos/a.jpeg", b"\xff\xd8\xff")
    assert is_conversation_export(archive)
    heard: list[tuple[int, int]] = []
    read = read_conversation_file(archive, progress=lambda done, total: heard.append((done, total)))
    assert [(s.id, s.turns[0].text) for s in read.sessions] == [
        ("dayone:2024-01-01", "A dream of trains."),
        ("dayone:2024-03-01", "Landed in Porto."),
    ]
    total = heard[-1][1]
    assert heard[-1][0] == total and [d for d, _ in heard] == sorted(d for d, _ in heard)


def test_geminis_log_as_a_web_page_says_to_export_it_as_json(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    """Takeout offers the log as HTML too: it was learnt as a web page of prompts and replies
    run together, and its import said only that the zip held no conversations."""
    page = "<div class='outer-cell'>Prompted&nbsp;Ferry times?<br>Mar 1, 2025</div>"
    takeout = tmp_path / "takeout-20250301.zip"
    with zipfile.ZipFile(takeout, "w") as out:
        out.writestr("Takeout/My Activity/Gemini Apps/My Activity.html", page)
        out.writestr("Takeout/Keep/Boiler.html", "<h1>Boiler</h1><p>Serviced in March.</p>")
    said = "My Activity.html is Gemini's activity log as a web page.*set the format to JSON"
    with pytest.raises(InputError, match="My Activity.html in takeout-20250301.zip is Gemini"):
        read_conversation_file(takeout)
    loose = tmp_path / "Gemini Apps" / "My Activity.html"
    loose.parent.mkdir()
    loose.write_text(page)
    with pytest.raises(InputError, match=said):
        read_conversation_file(loose)
    learn = DocumentImporter(store, embedder, Chunker(token_counter(None)))
    report = learn.ingest([takeout, loose], NOW)
    assert [(Path(d.path).name, d.status) for d in report.documents] == [
        ("My Activity.html", DocumentStatus.REFUSED),
        ("Boiler.html", DocumentStatus.ADDED),
        ("My Activity.html", DocumentStatus.REFUSED),
    ]
    assert all("set the format to JSON" in (d.reason or "") for d in report.documents[::2])
