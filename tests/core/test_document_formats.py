"""Documents in the formats people keep their own writing in (Word, LibreOffice, saved web pages,
Windows Notepad's "Unicode" text) are read for their words, not their markup."""

from __future__ import annotations

import codecs
import hashlib
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.embed import Embedder
from core.errors import InputError
from core.ingest import office_text
from core.ingest.chunking import Chunker
from core.ingest.document_file import DocumentFormat, file_patterns, read_document
from core.ingest.documents import DocumentImporter, DocumentStatus, collect_files
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.tokens import token_counter
from tests.core.office_factory import (
    word_paragraph,
    word_table,
    word_text_box,
    write_docx,
    write_odt,
)
from tests.core.pdf_factory import write_pdf

NOW = datetime(2026, 11, 23, 10, tzinfo=UTC)


def test_a_word_document_is_read_as_its_headings_paragraphs_lists_and_tables(
    tmp_path: Path,
) -> None:
    path = write_docx(
        tmp_path / "Boiler.docx",
        [
            word_paragraph("Boiler handbook", style="Titel"),
            word_paragraph("Installed in 2019 by Hansen & Sons."),
            word_paragraph("Yearly service", style="berschrift1"),
            # A tracked deletion, a field's code and the field's shown result.
            "<w:p><w:r><w:t xml:space='preserve'>Service is due every </w:t></w:r>"
            "<w:del><w:r><w:delText>February</w:delText></w:r></w:del>"
            "<w:r><w:instrText> DATE \\@ MMMM </w:instrText></w:r>"
            "<w:r><w:t>March</w:t></w:r><w:r><w:tab/><w:t>(booked)</w:t></w:r></w:p>",
            word_paragraph("Check the valve", style="Aufzhlungszeichen"),
            word_paragraph("Bleed the radiators", numbered=True),
            word_table([["Part", "Price"], ["Valve", "40 EUR"]]),
            word_text_box("Call Hansen before the visit."),
            "<w:sdt><w:sdtContent>"
            + word_paragraph("Warranty", style="berschrift2")
            + word_paragraph("The warranty ends on 1 May 2029.")
            + "</w:sdtContent></w:sdt>",
        ],
    )
    document = read_document(path)
    assert document.format is DocumentFormat.MARKDOWN
    assert document.text == (
        "# Boiler handbook\n\n"
        "Installed in 2019 by Hansen & Sons.\n\n"
        "# Yearly service\n\n"
        "Service is due every March\t(booked)\n\n"
        "- Check the valve\n\n"
        "- Bleed the radiators\n\n"
        "| Part | Price |\n| Valve | 40 EUR |\n\n"
        "Call Hansen before the visit.\n\n"
        "## Warranty\n\n"
        "The warranty ends on 1 May 2029."
    )


def test_an_opendocument_text_is_read_without_its_notes_comments_or_deletions(
    tmp_path: Path,
) -> None:
    path = write_odt(
        tmp_path / "garden.odt",
        "<text:tracked-changes><text:changed-region><text:deletion><text:p>pulled out roses"
        "</text:p></text:deletion></text:changed-region></text:tracked-changes>"
        '<text:h text:outline-level="1">Garden notes</text:h>'
        '<text:p>The gate<text:s text:c="2"/>needs <text:span>oil</text:span>.'
        "<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>a footnote"
        "</text:p></text:note-body></text:note>"
        "<office:annotation><text:p>a comment</text:p></office:annotation>"
        "<text:line-break/>Every spring.</text:p>"
        '<text:h text:outline-level="2">Jobs</text:h>'
        "<text:list><text:list-item><text:p>Prune the roses</text:p></text:list-item>"
        "<text:list-item><text:p>Mow the lawn</text:p></text:list-item></text:list>"
        "<text:section><table:table><table:table-row><table:table-cell><text:p>Tulips</text:p>"
        "</table:table-cell><table:table-cell><text:p>October</text:p></table:table-cell>"
        "</table:table-row></table:table></text:section>",
    )
    assert read_document(path).text == (
        "# Garden notes\n\n"
        "The gate  needs oil.\nEvery spring.\n\n"
        "## Jobs\n\n"
        "- Prune the roses\n- Mow the lawn\n\n"
        "| Tulips | October |"
    )


SAVED_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Sourdough &amp; rye | Bake notes</title>
<style>.recipe { color: brown }</style>
<script>window.dataLayer = []; var t = "<p>tracking</p>";</script>
<body><nav><a href="/">Home</a></nav>
<h1>Rye  sourdough</h1>
<p>Feed the starter the night before,<br>at a 1:5:5 ratio.</p>
<ul><li>Rye flour, 500 g<li><p>Water, 400 g</p></ul>
<table><tr><th>Stage</th><th>Hours</th></tr><tr><td>Proof</td><td>3</td></tr></table>
<pre>bake(minutes=50)
    rest(hours=24)</pre>
<svg><path d="M0 0"/><text>logo</text></svg>
<p>Bake at&nbsp;250&#176;C.</p>
</body></html>"""


def test_a_saved_web_page_is_read_for_what_a_browser_shows(tmp_path: Path) -> None:
    """The head was never closed, as HTML allows; what follows it is still the page."""
    path = tmp_path / "rye.html"
    path.write_text(SAVED_PAGE, "utf-8")
    assert read_document(path).text == (
        "# Sourdough & rye | Bake notes\n\n"
        "Home\n\n"
        "# Rye sourdough\n\n"
        "Feed the starter the night before,\nat a 1:5:5 ratio.\n\n"
        "- Rye flour, 500 g\n\n- Water, 400 g\n\n"
        "Stage | Hours\nProof | 3\n\n"
        "```\nbake(minutes=50)\n    rest(hours=24)\n```\n\n"
        "Bake at 250°C."
    )


def test_documents_in_these_formats_are_learnt_and_found_by_what_they_say(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    folder = tmp_path / "documents"
    folder.mkdir()
    write_docx(
        folder / "boiler.docx",
        [
            word_paragraph("Warranty", style="berschrift1"),
            word_paragraph("The boiler's warranty ends on 1 May 2029."),
        ],
    )
    write_odt(folder / "garden.odt", "<text:p>The garden gate needs oil every spring.</text:p>")
    (folder / "rye.html").write_text(SAVED_PAGE, "utf-8")
    (folder / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    report = DocumentImporter(store, embedder, Chunker(token_counter(None))).ingest([folder], NOW)
    assert report.count(DocumentStatus.ADDED) == 3
    assert report.unsupported_skipped == 1
    search = Retriever(store, embedder)
    for query, source, words in [
        ("when does the boiler warranty end", "boiler.docx", "# Warranty\n\nThe boiler's"),
        ("what does the garden gate need", "garden.odt", "needs oil"),
        ("what ratio to feed the sourdough starter", "rye.html", "1:5:5"),
    ]:
        top = search.search(SearchRequest(query, NOW)).results[0].memory
        assert top.source_path is not None and top.source_path.endswith(source)
        assert words in top.content
    (page,) = store.documents.passages(str((folder / "rye.html").resolve()))
    assert "dataLayer" not in page.content and "<p>" not in page.content


def test_a_windows_unicode_text_file_is_read_not_refused_as_binary(tmp_path: Path) -> None:
    """Notepad's "Unicode" is UTF-16 with a byte-order mark: every other byte is zero."""
    words = "Café opens at 8.\r\nThe dentist is Dr Øberg."
    for name, encoded in [
        ("notes16le.txt", codecs.BOM_UTF16_LE + words.encode("utf-16-le")),
        ("notes16be.txt", codecs.BOM_UTF16_BE + words.encode("utf-16-be")),
        ("notes32.txt", codecs.BOM_UTF32_LE + words.encode("utf-32-le")),
    ]:
        (tmp_path / name).write_bytes(encoded)
        assert read_document(tmp_path / name).text == "Café opens at 8.\nThe dentist is Dr Øberg."
    broken = tmp_path / "broken.txt"
    broken.write_bytes(codecs.BOM_UTF16_LE + "ok".encode("utf-16-le") + b"\x00\xd8")
    with pytest.raises(InputError, match="starts as UTF-16 text but byte 6 cannot be decoded"):
        read_document(broken)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("letter.doc", b"\xd0\xcf\x11\xe0", "save it as a Word document \\(.docx\\), then add"),
        ("page.mhtml", b"MIME-Version: 1.0", "save it as a web page, HTML only \\(.html\\)"),
        ("locked.docx", b"\xd0\xcf\x11\xe0" + bytes(600), "damaged, or protected by a password"),
        ("cut.docx", b"PK\x03\x04 cut short", "not a readable Word document"),
        ("empty.odt", b"", "not a readable OpenDocument text"),
    ],
)
def test_files_that_cannot_be_read_say_what_to_do(
    tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        read_document(path)


def test_a_word_file_without_its_document_or_that_unpacks_too_big_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hollow = tmp_path / "hollow.docx"
    with zipfile.ZipFile(hollow, "w") as archive:
        archive.writestr("word/styles.xml", "<w:styles/>")
    with pytest.raises(InputError, match="holds no word/document.xml"):
        read_document(hollow)
    bomb = write_docx(tmp_path / "bomb.docx", [word_paragraph("x" * 5000)])
    monkeypatch.setattr(office_text, "MAX_XML_BYTES", 4000)
    with pytest.raises(InputError, match="would unpack to"):
        read_document(bomb)


def test_a_scanned_pdf_says_why_it_has_no_text(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "scan.pdf", [[]])
    with pytest.raises(InputError, match="a scanned PDF holds pictures of its pages"):
        read_document(path)


def test_every_format_read_is_offered_by_the_file_picker_and_found_in_folders(
    tmp_path: Path,
) -> None:
    wanted = {"*.docx", "*.odt", "*.html", "*.htm", "*.md", "*.pdf", "*.go", "*.csv", "*.vtt"}
    assert wanted <= set(file_patterns())
    for pattern in file_patterns():
        (tmp_path / pattern.replace("*", "file")).write_text("x")
    (tmp_path / "file.doc").write_text("x")
    files, refused, skipped = collect_files([tmp_path])
    assert len(files) == len(file_patterns()) and not refused and skipped == 1


def test_a_zip_of_notes_is_learnt_file_by_file(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Notion, Google Keep and others export a zip; it was refused as a format not read (and
    dropped on the window, as a chat export without its conversations)."""
    notes = tmp_path / "Export-2f1c.zip"
    with zipfile.ZipFile(notes, "w") as archive:
        archive.writestr("Home/Boiler 3f2a.md", "# Boiler\n\nServiced every March by Heatwise.")
        archive.writestr("Home/Garden.html", "<h1>Garden</h1><p>The gate needs oil.</p>")
        # Google Keep's metadata beside each note's page.
        archive.writestr("Home/Garden.json", '{"title": "Garden", "isPinned": false}')
        archive.writestr("Home/photo.png", b"\x89PNG")
        archive.writestr("__MACOSX/Home/._Boiler 3f2a.md", b"\x00\x05")
        archive.writestr("Home/.trash/old.md", "# Old\n\nGone.")
        archive.writestr("Home/", "")
    learn = DocumentImporter(store, embedder, Chunker(token_counter(None)))
    report = learn.ingest([notes], NOW)
    where = str(notes.resolve())
    assert [(d.path, d.status) for d in report.documents] == [
        (f"{where}/Home/Boiler 3f2a.md", DocumentStatus.ADDED),
        (f"{where}/Home/Garden.html", DocumentStatus.ADDED),
    ]
    assert report.unsupported_skipped == 1  # the picture; the note's JSON is not a document
    found = Retriever(store, embedder).search(SearchRequest("who services the boiler", NOW))
    assert found.results[0].memory.source_path == f"{where}/Home/Boiler 3f2a.md"
    again = learn.ingest([notes], NOW)
    assert {d.status for d in again.documents} == {DocumentStatus.UNCHANGED}


def test_a_zip_that_is_a_chat_export_or_damaged_is_refused_saying_why(tmp_path: Path) -> None:
    export = tmp_path / "chatgpt.zip"
    with zipfile.ZipFile(export, "w") as archive:
        archive.writestr("conversations.json", "[]")
        archive.writestr("chat.html", "<p>hi</p>")
    damaged = tmp_path / "notes.zip"
    damaged.write_bytes(b"PK\x03\x04 cut short")
    files, refused, _ = collect_files([export, damaged])
    assert files == []
    assert [r.reason for r in refused] == [
        "chatgpt.zip is a chat export: import it as conversations (Import conversation, or "
        "engram import) to remember what was said.",
        "notes.zip is a zip file that cannot be read: File is not a zip file",
    ]


def enex(notes: list[tuple[str, str, str]], picture_bytes: int = 0) -> str:
    """An Evernote export as Evernote writes it: (title, created, ENML body) a note, a picture
    attached to the first, base64-encoded."""
    written = []
    for i, (title, created, body) in enumerate(notes):
        picture = (
            f"<resource><data encoding='base64'>{'QUJD' * (picture_bytes // 4)}</data>"
            "<mime>image/png</mime></resource>"
            if i == 0 and picture_bytes
            else ""
        )
        written.append(
            f"<note><title>{title}</title><created>{created}</created><tag>home</tag>"
            '<content><![CDATA[<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
            '<!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd">'
            f"<en-note>{body}</en-note>]]></content>{picture}</note>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export3.dtd">'
        f'<en-export application="Evernote" version="10.87">{"".join(written)}</en-export>'
    )


def test_an_evernote_export_is_read_a_note_at_a_time_under_their_titles(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Its pictures make an export of years of notes far bigger than its words: one over the
    20 MB documents may be is read."""
    path = tmp_path / "Home.enex"
    notes = [
        (
            "Boiler",
            "20240301T101500Z",
            '<div>Serviced by <b>Heatwise</b>.</div><en-media type="image/png" hash="ab"/>'
            "<ul><li>Every March</li></ul>",
        ),
        ("Garden &amp; gate", "not a time", "<div>The gate needs oil.</div>"),
    ]
    path.write_text(enex(notes, picture_bytes=24 * 2**20), "utf-8")
    assert path.stat().st_size > 20 * 2**20
    assert read_document(path).text == (
        "# Boiler\n\nNoted on 2024-03-01.\n\nServiced by Heatwise.\n\n- Every March\n\n"
        "# Garden & gate\n\nThe gate needs oil."
    )
    DocumentImporter(store, embedder, Chunker(token_counter(None))).ingest([path], NOW)
    found = Retriever(store, embedder).search(SearchRequest("who services the boiler", NOW))
    assert "Heatwise" in found.results[0].memory.content


def test_an_evernote_export_too_big_or_malformed_is_refused(tmp_path: Path) -> None:
    huge = tmp_path / "All.enex"
    with huge.open("wb") as handle:
        handle.truncate(300 * 2**20)
    with pytest.raises(InputError, match="300 MB; Evernote exports up to 200 MB are read"):
        read_document(huge)
    cut = tmp_path / "Cut.enex"
    cut.write_text(enex([("Boiler", "20240301T101500Z", "<div>Heat</div>")])[:-40], "utf-8")
    with pytest.raises(InputError, match="Cut.enex is not a readable Evernote export"):
        read_document(cut)


def test_a_web_page_learnt_as_code_before_is_read_again(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Unchanged bytes are skipped; a page learnt markup and all by an older Engram is not."""
    page = tmp_path / "rye.html"
    page.write_text(SAVED_PAGE, "utf-8")
    learn = DocumentImporter(store, embedder, Chunker(token_counter(None)))
    learn.ingest([page], NOW)
    assert learn.ingest([page], NOW).documents[0].status is DocumentStatus.UNCHANGED
    as_before = hashlib.sha256(page.read_bytes()).hexdigest()
    with store.db.write() as cur:
        store.documents.record(cur, str(page.resolve()), as_before, NOW)
    assert learn.ingest([page], NOW).documents[0].status is DocumentStatus.UPDATED


def locked(path: Path) -> Path:
    """The zip as a password would leave it: each entry marked encrypted."""
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        data[at + 8] |= 0x01
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))
    return path


def test_a_damaged_or_password_protected_zip_is_refused_in_words(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Python raises errors of its own for these (zlib's, RuntimeError): the ingest stopped."""
    letter = write_docx(tmp_path / "letter.docx", [word_paragraph("Dear Ana, " * 400)])
    data = bytearray(letter.read_bytes())
    start = data.find(b"word/document.xml") + len("word/document.xml")
    data[start + 20 : start + 60] = bytes(40)  # the compressed text, zeroed
    letter.write_bytes(bytes(data))
    with pytest.raises(InputError, match="letter.docx is not a readable Word document"):
        read_document(letter)
    notes = tmp_path / "notes.zip"
    with zipfile.ZipFile(notes, "w") as archive:
        archive.writestr("Home/Boiler.md", "Serviced every March.")
    report = DocumentImporter(store, embedder, Chunker(token_counter(None))).ingest(
        [letter, locked(notes)], NOW
    )
    assert [d.status for d in report.documents] == [DocumentStatus.REFUSED] * 2
    assert "password required" in str(report.documents[1].reason)


def test_malformed_markup_found_by_fuzzing_is_read_or_refused_in_words(tmp_path: Path) -> None:
    """Mutated pages and exports made the standard library raise errors of its own
    (AssertionError from html.parser, LookupError for an unknown encoding)."""
    page = tmp_path / "page.html"
    page.write_text("<p>Before</p><![\x07n broken <p>After</p>", "utf-8")
    assert read_document(page).text == "Before\n\nAfter"
    notes = tmp_path / "notes.enex"
    notes.write_text('<?xml version="1.0" encoding="UTg-8"?><en-export/>', "utf-8")
    with pytest.raises(InputError, match="notes.enex is not a readable Evernote export"):
        read_document(notes)
