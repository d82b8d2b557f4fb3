"""Documents: structure-aware chunks, re-ingest that supersedes exactly what changed, unchanged
files skipped, and bad files refused with nothing written. Real DuckDB and embedder."""

from __future__ import annotations

import re
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.decay import retention
from core.embed import Embedder
from core.errors import InputError
from core.ingest.chunking import Chunker
from core.ingest.document_file import DocumentFormat, read_document
from core.ingest.documents import (
    EMBED_BATCH_CHUNKS,
    STEPS_PER_FILE,
    DocumentImporter,
    DocumentStatus,
)
from core.model import MemoryKind
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.tokens import token_counter
from tests.core.pdf_factory import write_pdf

NOW = datetime(2026, 11, 18, 10, tzinfo=UTC)
count = token_counter(None)


def paragraph(topic: str, sentences: int = 12) -> str:
    return " ".join(
        f"This is sentence {i} about {topic}, with enough words to fill a chunk steadily."
        for i in range(sentences)
    )


def handbook() -> str:
    code = "\n".join(f"    step_{i}(config, retries={i})" for i in range(30))
    items = "\n".join(f"- checklist item {i}: verify the {i}th valve" for i in range(25))
    return "\n\n".join(
        [
            "# Boiler handbook",
            paragraph("the boiler model and its history"),
            "## Yearly service",
            paragraph("the yearly service visit"),
            f"```python\ndef service(config):\n{code}\n```",
            "## Checklist",
            items,
            "## Warranty",
            paragraph("the warranty terms and the installer"),
            paragraph("what voids the warranty"),
        ]
    )


def importer(store: MemoryStore, embedder: Embedder) -> DocumentImporter:
    return DocumentImporter(store, embedder, Chunker(count))


def test_chunks_stay_in_size_and_never_cut_code_lists_or_headings() -> None:
    chunks = Chunker(count).chunk(handbook(), DocumentFormat.MARKDOWN)
    assert len(chunks) >= 3
    assert all(c.tokens <= 512 for c in chunks)
    assert all(c.tokens >= 256 for c in chunks[:-1])
    for chunk in chunks:
        # A code fence opened in a chunk is closed in it.
        assert chunk.text.count("```") % 2 == 0
        # No chunk ends on a bare heading.
        assert not re.search(r"^#{1,6} .*\Z", chunk.text.strip(), re.MULTILINE)
    holders = [c for c in chunks if "checklist item 0:" in c.text]
    assert len(holders) == 1 and "checklist item 24:" in holders[0].text
    assert "## Checklist\n\n- checklist item 0" in holders[0].text
    # Neighbouring chunks that end in prose share their last sentence or two (~10%).
    shared = [
        a for a, b in zip(chunks, chunks[1:], strict=False) if a.text.split(". ")[-1] in b.text
    ]
    assert shared


def test_a_minified_file_on_one_line_is_chunked_whole_and_quickly() -> None:
    """A line longer than a chunk is cut into pieces; each piece was cut after counting the
    rest of the line, so 400,000 characters on one line took ~17 s (and a megabyte minutes).
    The bound is a hang guard."""
    line = '{"key":"value","n":12345}' * 16_000
    started = time.perf_counter()
    chunks = Chunker(count).chunk(line, DocumentFormat.CODE)
    assert time.perf_counter() - started < 5
    assert all(256 <= c.tokens <= 512 for c in chunks[:-1]) and chunks[-1].tokens <= 512
    assert "".join(c.text for c in chunks) == line


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("\n".join(f"2026-11-{i % 28 + 1:02d},sensor {i},ok" for i in range(20_000)), "TEXT"),
        ("\n\n".join(f"Note {i}: all quiet." for i in range(10_000)), "MARKDOWN"),
    ],
)
def test_a_file_of_many_short_lines_is_not_counted_over_and_over(text: str, fmt: str) -> None:
    """Chunks were packed by counting the whole chunk again at every line, ~60 times the
    file's text through the tokenizer: a megabyte log or CSV took ~5 s before embedding
    began. Chunks still fill up to the limit and keep every line in order (prose chunks
    repeat the end of the one before)."""
    counted = 0

    def counting(piece: str) -> int:
        nonlocal counted
        counted += len(piece)
        return count(piece)

    chunks = Chunker(counting).chunk(text, DocumentFormat[fmt])
    assert counted < 15 * len(text)
    assert all(480 <= c.tokens <= 512 for c in chunks[:-1])
    held = [[int(n) for n in re.findall(r"(?:Note |sensor )(\d+)", c.text)] for c in chunks]
    assert all(lines == list(range(lines[0], lines[-1] + 1)) for lines in held)
    assert all(a[0] < b[0] <= a[-1] + 1 for a, b in zip(held, held[1:], strict=False))
    assert (held[0][0], held[-1][-1]) == (0, text.count("\n") // (2 if fmt == "MARKDOWN" else 1))


def test_reingesting_an_edited_file_supersedes_exactly_the_changed_chunks(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    path = tmp_path / "handbook.md"
    path.write_text(handbook())
    first = importer(store, embedder).ingest_file(path, NOW)
    assert first.status is DocumentStatus.ADDED
    before = store.documents.passages(str(path.resolve()))
    assert len(before) == first.chunks
    assert all(m.kind is MemoryKind.DOCUMENT for m in before)

    assert importer(store, embedder).ingest_file(path, NOW).status is DocumentStatus.UNCHANGED

    edited = handbook().replace("item 7: verify", "item 7: inspect")
    assert count(edited) == count(handbook())  # same boundaries: only one chunk's text differs
    path.write_text(edited)
    later = NOW + timedelta(days=3)
    second = importer(store, embedder).ingest_file(path, later)
    assert (second.status, second.new_chunks, second.superseded, second.retired) == (
        DocumentStatus.UPDATED,
        1,
        1,
        0,
    )
    after = store.documents.passages(str(path.resolve()))
    changed = [m for m in after if m.id not in {b.id for b in before}]
    assert len(changed) == 1 and "item 7: inspect" in changed[0].content
    (old,) = [b for b in before if b.id not in {a.id for a in after}]
    assert [v.memory_id for v in store.lineage.chain(changed[0].id)] == [old.id, changed[0].id]
    assert [m.chunk_index for m in after] == list(range(len(after)))

    path.write_text(handbook().split("## Warranty")[0])
    third = importer(store, embedder).ingest_file(path, later)
    assert third.retired >= 1
    remaining = store.documents.passages(str(path.resolve()))
    assert not any("warranty terms" in m.content for m in remaining)


def test_document_memories_do_not_fade_and_are_found(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    (tmp_path / "docs").mkdir()
    pdf = write_pdf(
        tmp_path / "docs" / "boiler.pdf",
        [["The boiler was serviced by Heatwise in March."], ["The warranty ends in 2031."]],
    )
    report = importer(store, embedder).ingest([tmp_path / "docs"], NOW)
    assert report.count(DocumentStatus.ADDED) == 1
    (chunk,) = store.documents.passages(str(pdf.resolve()))
    ten_years = NOW + timedelta(days=3650)
    assert retention(chunk.kind, chunk.decay_class, chunk.stability, NOW, ten_years) == 1.0
    found = Retriever(store, embedder).search(SearchRequest("when does the warranty end", NOW))
    assert found.results[0].memory.id == chunk.id


def test_folders_skip_unsupported_hidden_and_tooling_files(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    (docs / ".git").mkdir(parents=True)
    (docs / "src").mkdir()
    (docs / "notes.md").write_text("# Notes\n\nThe garden gate needs oil.")
    (docs / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    (docs / ".git" / "config.txt").write_text("not the user's writing")
    (docs / "src" / "gate.py").write_text("def oil_gate():\n    return 'done'\n")
    report = importer(store, embedder).ingest([docs], NOW)
    assert sorted(Path(d.path).name for d in report.documents) == ["gate.py", "notes.md"]
    assert report.unsupported_skipped == 1


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("data.txt", b"\x00\x01\x02binary" * 100, "looks like a binary file"),
        ("latin.md", "caf\xe9 cr\xe8me".encode("latin-1"), "not valid UTF-8"),
        ("image.png", b"\x89PNG....", "does not read .png files"),
        ("empty.txt", b"   \n  ", "no text to remember"),
        ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "not a readable PDF"),
    ],
)
def test_bad_files_are_refused_and_nothing_is_written(
    store: MemoryStore, embedder: Embedder, tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        importer(store, embedder).ingest_file(path, NOW)
    report = importer(store, embedder).ingest([path], NOW)
    assert report.documents[0].status is DocumentStatus.REFUSED
    assert store.memories.count(live_only=False) == 0
    assert store.documents.all() == []


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs a device file")
def test_a_named_path_that_is_not_a_file_is_refused_saying_what_it_is(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    report = importer(store, embedder).ingest([tmp_path / "absent.md", Path("/dev/null")], NOW)
    assert [d.reason for d in report.documents] == [
        f"{tmp_path / 'absent.md'} does not exist.",
        "/dev/null is not a regular file.",
    ]
    assert all(d.status is DocumentStatus.REFUSED for d in report.documents)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(100 * 2**20)
    with pytest.raises(InputError, match="100 MB; documents up to 20 MB"):
        read_document(path)


def test_a_long_document_shows_progress_while_embedded_and_a_cancel_writes_none_of_it(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """A book takes minutes to embed: progress moves inside it, and a cancel between its
    batches leaves nothing of it (nor of the files after it) in the store."""
    book = tmp_path / "book.md"
    book.write_text(
        "\n\n".join(f"## Chapter {i}\n\n{paragraph(f'chapter {i}', 30)}" for i in range(40))
    )
    assert len(Chunker(count).chunk(book.read_text(), DocumentFormat.MARKDOWN)) > (
        EMBED_BATCH_CHUNKS
    )
    notes = tmp_path / "notes.md"
    notes.write_text("# Boat\n\nThe boat's mooring fee is due every April.\n")
    cancel = threading.Event()
    steps: list[tuple[int, int]] = []

    def stop_after_the_first_batch(done: int, total: int) -> None:
        steps.append((done, total))
        cancel.set()

    report = importer(store, embedder).ingest(
        [book, notes], NOW, cancel=cancel, steps=stop_after_the_first_batch
    )
    assert report.cancelled and report.documents == ()
    assert 0 < steps[0][0] < STEPS_PER_FILE and steps[0][1] == 2 * STEPS_PER_FILE
    assert store.memories.count() == 0 and store.documents.get(str(book.resolve())) is None

    steps.clear()
    report = importer(store, embedder).ingest(
        [book, notes], NOW, steps=lambda done, total: steps.append((done, total))
    )
    assert not report.cancelled and report.count(DocumentStatus.ADDED) == 2
    done = [d for d, _ in steps]
    assert done == sorted(done) and steps[-1] == (2 * STEPS_PER_FILE, 2 * STEPS_PER_FILE)
    assert any(0 < d < STEPS_PER_FILE for d in done)


def test_a_journals_daily_notes_date_from_their_day(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Obsidian's and Logseq's daily notes were dated the day they were added: "what did I do
    in March 2024" found none of them."""
    vault = tmp_path / "vault"
    (vault / "journals").mkdir(parents=True)
    notes = {
        "journals/2024-03-05.md": "Went bouldering at the climbing gym with Bo.",
        "journals/2024_03_20 standup.md": "Climbing gym again, Bo sent the blue route.",
        "journals/2026-12-31 goals.md": "Climb outdoors at the gym's crag trip.",
        "journals/20241340.md": "Climbing gym notes with no real day.",
        "Climbing ideas.md": "A climbing gym membership for Bo's birthday.",
    }
    for name, text in notes.items():
        (vault / name).write_text(f"# Day\n\n{text}\n")
    DocumentImporter(store, embedder, Chunker(token_counter(None))).ingest([vault], NOW)
    dated = {
        Path(m.source_path or "").name: m.created_at
        for m in store.memories.of_kind(MemoryKind.DOCUMENT)
    }
    assert dated == {
        "2024-03-05.md": datetime(2024, 3, 5, 12, tzinfo=UTC),
        "2024_03_20 standup.md": datetime(2024, 3, 20, 12, tzinfo=UTC),
        "2026-12-31 goals.md": NOW,
        "20241340.md": NOW,
        "Climbing ideas.md": NOW,
    }
    found = Retriever(store, embedder).search(SearchRequest("climbing gym in March 2024", NOW))
    assert {Path(r.memory.source_path or "").name for r in found.results} == {
        "2024-03-05.md",
        "2024_03_20 standup.md",
    }


def test_daily_notes_learnt_before_their_day_was_read_date_from_it_at_the_next_ingest(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Unchanged passages are not rewritten: a vault added before Engram read days from names
    kept the day it was added, however often it was added again."""
    note = tmp_path / "journals" / "2024-03-05.md"
    note.parent.mkdir()
    note.write_text(f"# Morning\n\n{paragraph('bouldering')}\n\n# Noon\n\n{paragraph('lunch')}\n")
    learn = DocumentImporter(store, embedder, Chunker(token_counter(None)))
    learn.ingest([note.parent], NOW)
    ids = [m.id for m in store.memories.of_kind(MemoryKind.DOCUMENT)]
    with store.db.write() as cur:  # as an Engram that did not read the day left them
        store.documents.redate(cur, ids, NOW)
    (report,) = learn.ingest([note.parent], NOW).documents
    assert report.status is DocumentStatus.UNCHANGED
    day = datetime(2024, 3, 5, 12, tzinfo=UTC)
    assert {m.created_at for m in store.memories.of_kind(MemoryKind.DOCUMENT)} == {day}
    with store.db.write() as cur:
        store.documents.redate(cur, ids, NOW)
    note.write_text(note.read_text() + f"\n# Evening\n\n{paragraph('pizza')}\n")
    (report,) = learn.ingest([note.parent], NOW).documents
    assert report.status is DocumentStatus.UPDATED and report.chunks > report.new_chunks
    assert {m.created_at for m in store.memories.of_kind(MemoryKind.DOCUMENT)} == {day}
