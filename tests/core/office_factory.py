"""Word (.docx) and OpenDocument (.odt) files written by hand, in the shapes Word and LibreOffice
write them, so tests need neither program nor a writer library."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def word_paragraph(text: str, style: str = "", numbered: bool = False) -> str:
    properties = f'<w:pStyle w:val="{style}"/>' if style else ""
    if numbered:
        properties += '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'
    return f"<w:p><w:pPr>{properties}</w:pPr><w:r><w:t>{escape(text)}</w:t></w:r></w:p>"


def word_table(rows: list[list[str]]) -> str:
    cells = "".join(
        "<w:tr>" + "".join(f"<w:tc>{word_paragraph(cell)}</w:tc>" for cell in row) + "</w:tr>"
        for row in rows
    )
    return f"<w:tbl>{cells}</w:tbl>"


def word_text_box(text: str) -> str:
    """A paragraph holding a text box: Word writes it once for itself, once as a fallback."""
    box = f"<w:txbxContent>{word_paragraph(text)}</w:txbxContent>"
    return (
        f'<w:p><w:r><mc:AlternateContent xmlns:mc="{_MC_NS}">'
        f"<mc:Choice Requires='wps'><w:drawing>{box}</w:drawing></mc:Choice>"
        f"<mc:Fallback><w:pict>{box}</w:pict></mc:Fallback>"
        "</mc:AlternateContent></w:r></w:p>"
    )


# Styles as localized Word writes them: the ids translated, the names in English.
_STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="{_W_NS}">
<w:style w:type="paragraph" w:styleId="Standard"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/>
  <w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/>
  <w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Aufzhlungszeichen"><w:name w:val="List Bullet"/>
  <w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>
</w:styles>"""


def write_docx(path: Path, body: list[str]) -> Path:
    """A .docx whose body holds the given paragraph and table XML, in order."""
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        f'<w:document xmlns:w="{_W_NS}"><w:body>{"".join(body)}'
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>'
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", document)
        archive.writestr("word/styles.xml", _STYLES)
    return path


_ODT_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
)


def write_odt(path: Path, body: str) -> Path:
    """An .odt whose text holds the given XML (text:h, text:p, text:list, table:table)."""
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f"<office:document-content {_ODT_NS}><office:body><office:text>{body}"
        "</office:text></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
    return path
