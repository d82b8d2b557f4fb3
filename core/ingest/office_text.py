"""The words of a Word (.docx) or OpenDocument (.odt) file, the formats most people keep their
own writing in. Both are zipped XML, read with the standard library: headings become Markdown
headings, list paragraphs list items and table rows lines of cells, so the chunker keeps a
heading with what it introduces and never cuts a list, as it does for Markdown. Deleted tracked
changes, field codes and notes are not the document's reading text and are left out."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from io import BytesIO
from typing import NoReturn
from xml.etree import ElementTree

from core.errors import InputError
from core.files import ZIP_ERRORS

# The file is at most a few MB zipped; its text cannot honestly inflate past this.
MAX_XML_BYTES = 200 * 2**20

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
# A text box is written twice, for new Word and as a fallback for old; one is read.
_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"

_HEADING_NAME = re.compile(r"heading\s*(\d)", re.IGNORECASE)


def word_text(name: str, data: bytes) -> str:
    """A .docx file's text as Markdown, in reading order."""
    archive = _archive(name, data, "Word document")
    body = _xml(name, archive, "word/document.xml", "Word document").find(f"{_W}body")
    if body is None:
        _refuse(name, "Word document", "it has no document body")
    return _joined(_word_blocks(body, _word_styles(name, archive)))


def opendocument_text(name: str, data: bytes) -> str:
    """An .odt file's text as Markdown, in reading order."""
    archive = _archive(name, data, "OpenDocument text")
    text = _xml(name, archive, "content.xml", "OpenDocument text").find(
        f"{_OFFICE}body/{_OFFICE}text"
    )
    if text is None:
        _refuse(name, "OpenDocument text", "it has no text body")
    return _joined(_odt_blocks(text))


def _refuse(name: str, kind: str, why: str) -> NoReturn:
    raise InputError(f"{name} is not a readable {kind} ({why}); nothing was imported from it.")


def _archive(name: str, data: bytes, kind: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(BytesIO(data))
    except ZIP_ERRORS:
        # A password-protected Office file is an encrypted container, not a zip.
        _refuse(name, kind, "it is damaged, or protected by a password")


def _xml(name: str, archive: zipfile.ZipFile, member: str, kind: str) -> ElementTree.Element:
    try:
        info = archive.getinfo(member)
    except KeyError:
        _refuse(name, kind, f"it holds no {member}")
    if info.file_size > MAX_XML_BYTES:
        _refuse(name, kind, f"its text would unpack to {info.file_size / 2**20:.0f} MB")
    try:
        with archive.open(info) as stream:
            return ElementTree.parse(stream).getroot()
    except (ElementTree.ParseError, *ZIP_ERRORS) as exc:
        _refuse(name, kind, f"{member}: {exc}")


def _joined(blocks: Iterator[str]) -> str:
    return "\n\n".join(block for block in blocks if block.strip())


def _heading(level: int, text: str) -> str:
    return f"{'#' * min(max(level, 1), 6)} {text}" if text.strip() else ""


@dataclass(frozen=True, slots=True)
class _WordStyles:
    """Style id -> heading level, and the ids of list styles. Ids are translated in localized
    Word ("berschrift1"); a style's name ("heading 1"), outline level and numbering are not."""

    headings: dict[str, int]
    lists: frozenset[str]


def _word_styles(name: str, archive: zipfile.ZipFile) -> _WordStyles:
    if "word/styles.xml" not in archive.namelist():
        return _WordStyles({}, frozenset())
    headings: dict[str, int] = {}
    lists: set[str] = set()
    for style in _xml(name, archive, "word/styles.xml", "Word document").iter(f"{_W}style"):
        style_id = style.get(f"{_W}styleId")
        if not style_id:
            continue
        named = style.find(f"{_W}name")
        label = (named.get(f"{_W}val", "") if named is not None else "").strip().lower()
        properties = style.find(f"{_W}pPr")
        level = _HEADING_NAME.fullmatch(label)
        if level:
            headings[style_id] = int(level.group(1))
        elif label == "title":
            headings[style_id] = 1
        elif (outline := _outline_level(properties)) is not None:
            headings[style_id] = outline
        if label.startswith("list") or (
            properties is not None and properties.find(f"{_W}numPr") is not None
        ):
            lists.add(style_id)
    return _WordStyles(headings, frozenset(lists))


def _outline_level(properties: ElementTree.Element | None) -> int | None:
    """A paragraph's or style's outline level, 1 for the top; body text has none (level 10)."""
    outline = properties.find(f"{_W}outlineLvl") if properties is not None else None
    value = outline.get(f"{_W}val", "") if outline is not None else ""
    return int(value) + 1 if value.isdigit() and int(value) < 9 else None


def _word_blocks(parent: ElementTree.Element, styles: _WordStyles) -> Iterator[str]:
    for element in parent:
        if element.tag == f"{_W}p":
            yield _word_paragraph(element, styles)
        elif element.tag == f"{_W}tbl":
            yield _table(element, f"{_W}tr", f"{_W}tc", lambda cell: _word_blocks(cell, styles))
        elif element.tag == f"{_W}sdt":
            content = element.find(f"{_W}sdtContent")
            if content is not None:
                yield from _word_blocks(content, styles)


def _word_paragraph(paragraph: ElementTree.Element, styles: _WordStyles) -> str:
    text = "".join(_word_runs(paragraph)).strip()
    properties = paragraph.find(f"{_W}pPr")
    if properties is None or not text:
        return text
    style = properties.find(f"{_W}pStyle")
    style_id = style.get(f"{_W}val", "") if style is not None else ""
    level = _outline_level(properties) or styles.headings.get(style_id)
    if level is not None:
        return _heading(level, " ".join(text.split()))
    if style_id in styles.lists or properties.find(f"{_W}numPr") is not None:
        return f"- {text}"
    return text


def _word_runs(element: ElementTree.Element) -> Iterator[str]:
    for node in element:
        if node.tag == f"{_W}t":
            yield node.text or ""
        elif node.tag == f"{_W}tab":
            yield "\t"
        elif node.tag in (f"{_W}br", f"{_W}cr"):
            yield "\n"
        elif node.tag != _FALLBACK:
            yield from _word_runs(node)


def _table(
    table: ElementTree.Element,
    row_tag: str,
    cell_tag: str,
    cell_blocks: Callable[[ElementTree.Element], Iterator[str]],
) -> str:
    """One line a row, its cells' words between bars, as a Markdown table reads."""
    rows = []
    for row in table.iter(row_tag):
        cells = [" ".join(" ".join(cell_blocks(cell)).split()) for cell in row.findall(cell_tag)]
        if any(cells):
            rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _odt_blocks(parent: ElementTree.Element, in_list: bool = False) -> Iterator[str]:
    for element in parent:
        if element.tag == f"{_TEXT}h":
            level = element.get(f"{_TEXT}outline-level", "1")
            yield _heading(int(level) if level.isdigit() else 1, _odt_inline(element).strip())
        elif element.tag == f"{_TEXT}p":
            text = _odt_inline(element).strip()
            yield f"- {text}" if in_list and text else text
        elif element.tag == f"{_TEXT}list":
            items = [
                block
                for item in element
                for block in _odt_blocks(item, in_list=True)
                if block.strip()
            ]
            yield "\n".join(items)
        elif element.tag == f"{_TABLE}table":
            yield _table(element, f"{_TABLE}table-row", f"{_TABLE}table-cell", _odt_blocks)
        elif element.tag == f"{_TEXT}section":
            yield from _odt_blocks(element, in_list)


def _odt_inline(element: ElementTree.Element) -> str:
    """A paragraph's words: runs of spaces (text:s), tabs and line breaks are elements."""
    pieces = [element.text or ""]
    for child in element:
        if child.tag == f"{_TEXT}s":
            count = child.get(f"{_TEXT}c", "1")
            pieces.append(" " * (int(count) if count.isdigit() else 1))
        elif child.tag == f"{_TEXT}tab":
            pieces.append("\t")
        elif child.tag == f"{_TEXT}line-break":
            pieces.append("\n")
        elif child.tag not in (f"{_TEXT}note", f"{_OFFICE}annotation"):
            pieces.append(_odt_inline(child))
        pieces.append(child.tail or "")
    return "".join(pieces)
