"""Reading a document the user asked Engram to learn: Markdown, plain text, PDF or source code.
Anything else, anything too big, binary content behind a text extension and invalid UTF-8 are
refused with a reason the user can act on, before anything is written."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from core.errors import InputError

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 20 * 2**20


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
    ".rst": DocumentFormat.TEXT,
    ".pdf": DocumentFormat.PDF,
    **{
        ext: DocumentFormat.CODE
        for ext in (
            ".py .js .jsx .ts .tsx .java .kt .c .h .cc .cpp .hpp .cs .go .rs .rb .php .swift "
            ".scala .sh .bash .sql .r .lua .pl .toml .yaml .yml .json .ini .cfg .html .css"
        ).split()
    },
}


@dataclass(frozen=True, slots=True)
class DocumentText:
    path: Path
    format: DocumentFormat
    text: str
    content_hash: str
    size_bytes: int


def supported(path: Path) -> bool:
    return path.suffix.lower() in _FORMATS


def read_document(path: Path) -> DocumentText:
    """The document's text and the hash of its bytes (unchanged files are skipped by it)."""
    fmt = _FORMATS.get(path.suffix.lower())
    if fmt is None:
        kind = f"{path.suffix} files" if path.suffix else "files without an extension"
        raise InputError(
            f"{path.name}: Engram does not read {kind}; it reads Markdown (.md), text (.txt), "
            "PDF (.pdf) and source code (.py, .js, .go, ...)."
        )
    try:
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise InputError(
                f"{path.name} is {size / 2**20:.0f} MB; documents up to "
                f"{MAX_DOCUMENT_BYTES // 2**20} MB are read. Split it into smaller files."
            )
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"Could not read {path}: {exc.strerror or exc}") from exc
    digest = hashlib.sha256(data).hexdigest()
    text = _pdf_text(path, data) if fmt is DocumentFormat.PDF else _decode(path, data)
    if not text.strip():
        raise InputError(f"{path.name} has no text to remember.")
    return DocumentText(path, fmt, text, digest, len(data))


def _decode(path: Path, data: bytes) -> str:
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
