"""Reading a document the user asked Engram to learn: Markdown, plain text, PDF, Word,
OpenDocument, a saved web page or source code. Anything else, anything too big, binary content
behind a text extension and text in an unknown encoding are refused with a reason the user can
act on, before anything is written."""

from __future__ import annotations

import codecs
import hashlib
import logging
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

from core.errors import InputError
from core.files import ZIP_ERRORS
from core.ingest.chat_exports import GEMINI_HTML, is_gemini_log
from core.ingest.evernote_text import evernote_text
from core.ingest.office_text import opendocument_text, word_text
from core.ingest.web_page_text import web_page_text

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 20 * 2**20
# A notes export holds every picture attached: its words are a small part of it.
MAX_NOTES_EXPORT_BYTES = 200 * 2**20


class DocumentFormat(StrEnum):
    MARKDOWN = "markdown"
    TEXT = "text"
    CODE = "code"
    PDF = "pdf"


_FORMATS = {
    ".md": DocumentFormat.MARKDOWN,
    ".markdown": DocumentFormat.MARKDOWN,
    ".txt": DocumentFormat.TEXT,
    ".text": DocumentFormat.TEXT,
    **{
        ext: DocumentFormat.TEXT
        for ext in ".rst .org .tex .adoc .asciidoc .csv .tsv .log .srt .vtt".split()
    },
    ".pdf": DocumentFormat.PDF,
    **{
        ext: DocumentFormat.CODE
        for ext in (
            ".py .js .jsx .ts .tsx .java .kt .c .h .cc .cpp .hpp .cs .go .rs .rb .php .swift "
            ".scala .sh .bash .sql .r .lua .pl .toml .yaml .yml .json .ini .cfg .css .xml"
        ).split()
    },
}

# Told apart in the hash a file is known by: a file learnt before its format was read this way
# (a web page was learnt as code, markup and all) is read again, not skipped as unchanged.
# Changed whenever the way a converted format is read changes.
_CONVERTED_BY = b"markdown-1\0"
# Files whose words are taken out of their markup, as Markdown.
_CONVERTED: dict[str, Callable[[Path, bytes], str]] = {
    ".docx": lambda path, data: word_text(path.name, data),
    ".odt": lambda path, data: opendocument_text(path.name, data),
    ".enex": lambda path, data: evernote_text(path.name, data),
    **{
        ext: lambda path, data: web_page_text(_decode(path, data))
        for ext in (".html", ".htm", ".xhtml")
    },
}

# Formats people have that another one, read here, can be saved as.
_SAVE_AS = {
    ".doc": "Word document (.docx)",
    ".rtf": "Word document (.docx)",
    ".pages": "Word document (.docx)",
    ".mht": "web page, HTML only (.html)",
    ".mhtml": "web page, HTML only (.html)",
}

# Byte-order marks, longest first: UTF-32's little-endian mark begins with UTF-16's.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


@dataclass(frozen=True, slots=True)
class DocumentText:
    path: Path
    format: DocumentFormat
    text: str
    content_hash: str
    size_bytes: int
    # The day its name says it was written (a journal's daily note), if it names one.
    written_on: datetime | None = None


# A daily note's name: Obsidian's "2024-05-02", Logseq's "2024_05_02", "20240502", maybe
# followed by more ("2024-05-02 Thursday", "2024-05-02 standup").
_DATED_NAME = re.compile(r"(\d{4})([-_.]?)(\d{2})\2(\d{2})(?![\d])")


def date_in_name(path: Path) -> datetime | None:
    """The day a file's name opens with, at noon UTC (inside that day wherever the user is):
    a journal's notes are what was written that day, found by "what did I do last March"."""
    found = _DATED_NAME.match(path.stem)
    if found is None:
        return None
    year, _, month, day = found.groups()
    try:
        return datetime(int(year), int(month), int(day), 12, tzinfo=UTC)
    except ValueError:
        return None


def supported(path: Path) -> bool:
    suffix = path.suffix.lower()
    return suffix in _FORMATS or suffix in _CONVERTED


def file_patterns() -> list[str]:
    """Every name pattern read, for a file picker's filter: writing first, then source code."""
    suffixes = [*_FORMATS, *_CONVERTED]
    suffixes.sort(key=lambda suffix: (_FORMATS.get(suffix) is DocumentFormat.CODE, suffix))
    return [f"*{suffix}" for suffix in suffixes]


def read_document(path: Path) -> DocumentText:
    """The document's text and the hash of its bytes (unchanged files are skipped by it)."""
    fmt = _format_of(path)
    try:
        _within_limit(path, path.stat().st_size)
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"Could not read {path}: {exc.strerror or exc}") from exc
    return _document(path, fmt, data)


class Archives:
    """Documents inside zips (a notes app's export), read as `read_document` reads a file;
    each zip is opened once for all of them: opened again for each of 5,000 notes, its
    directory was read 5,000 times (81 s before the first was embedded)."""

    def __init__(self) -> None:
        self._opened: dict[Path, zipfile.ZipFile] = {}

    def __enter__(self) -> Archives:
        return self

    def __exit__(self, *_: object) -> None:
        for archive in self._opened.values():
            archive.close()
        self._opened.clear()

    def read(self, archive: Path, member: str) -> DocumentText:
        """The document's `path` is its path inside the zip."""
        inner = Path(member)
        fmt = _format_of(inner)
        try:
            if archive not in self._opened:
                self._opened[archive] = zipfile.ZipFile(archive)
            info = self._opened[archive].getinfo(member)
            _within_limit(inner, info.file_size)
            data = self._opened[archive].read(info)
        except (*ZIP_ERRORS, KeyError) as exc:
            raise InputError(f"{member} in {archive.name} cannot be read: {exc}") from exc
        return _document(inner, fmt, data)


def _format_of(path: Path) -> DocumentFormat:
    """How the file's text is chunked, or a refusal that says what is read instead."""
    suffix = path.suffix.lower()
    if is_gemini_log(path, ".html"):
        raise InputError(GEMINI_HTML.format(name=path.name))
    fmt = DocumentFormat.MARKDOWN if suffix in _CONVERTED else _FORMATS.get(suffix)
    if fmt is not None:
        return fmt
    kind = f"{path.suffix} files" if path.suffix else "files without an extension"
    if suffix in _SAVE_AS:
        raise InputError(
            f"{path.name}: Engram does not read {kind}; open it and save it as a "
            f"{_SAVE_AS[suffix]}, then add that."
        )
    raise InputError(
        f"{path.name}: Engram does not read {kind}; it reads Markdown (.md), text (.txt), "
        "PDF (.pdf), Word (.docx), OpenDocument (.odt), web pages (.html), Evernote exports "
        "(.enex) and source code (.py, .js, .go, ...)."
    )


def _within_limit(path: Path, size: int) -> None:
    notes = path.suffix.lower() == ".enex"
    limit = MAX_NOTES_EXPORT_BYTES if notes else MAX_DOCUMENT_BYTES
    if size > limit:
        kind = "Evernote exports" if notes else "documents"
        raise InputError(
            f"{path.name} is {size / 2**20:.0f} MB; {kind} up to {limit // 2**20} MB are read. "
            "Split it into smaller files."
        )


def _document(path: Path, fmt: DocumentFormat, data: bytes) -> DocumentText:
    convert = _CONVERTED.get(path.suffix.lower())
    if convert:
        text = convert(path, data)
    elif fmt is DocumentFormat.PDF:
        text = _pdf_text(path, data)
    else:
        text = _decode(path, data)
    if not text.strip():
        why = " (a scanned PDF holds pictures of its pages, not text)"
        raise InputError(
            f"{path.name} has no text to remember{why if fmt is DocumentFormat.PDF else ''}."
        )
    digest = hashlib.sha256(_CONVERTED_BY + data if convert else data).hexdigest()
    return DocumentText(path, fmt, text, digest, len(data), date_in_name(path))


def _decode(path: Path, data: bytes) -> str:
    """UTF-8, or the UTF-16 or UTF-32 a byte-order mark names (Windows Notepad's "Unicode")."""
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    if encoding is not None and encoding != "utf-8-sig":
        try:
            return _lines(data.decode(encoding))
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{path.name} starts as {encoding.upper()} text but byte {exc.start} cannot be "
                "decoded; nothing was imported from it."
            ) from exc
    if b"\x00" in data[:8192]:
        raise InputError(
            f"{path.name} looks like a binary file despite its {path.suffix} extension; "
            "nothing was imported from it."
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{path.name} is not valid UTF-8 text (byte {exc.start} cannot be decoded); save it "
            "as UTF-8 and try again."
        ) from exc
    return _lines(text)


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _pdf_text(path: Path, data: bytes) -> str:
    from io import BytesIO

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(BytesIO(data))
        if reader.is_encrypted:
            raise InputError(f"{path.name} is encrypted; Engram cannot read protected PDFs.")
        pages = [page.extract_text() or "" for page in reader.pages]
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{path.name} is not a readable PDF ({exc}).") from exc
    # Pages become paragraphs, so chunks can end at a page break.
    return "\n\n".join(page.strip() for page in pages if page.strip())
