"""The readable words of a saved web page (.html), as Markdown. Learnt as source code, a saved
article was mostly markup, scripts and styles, and its chunks matched searches for "div".
Headings, list items, preformatted text and table rows keep their shape so the chunker keeps
them whole; what a browser does not show (scripts, styles, the head but its title) is left out."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_HIDDEN = frozenset(
    {"script", "style", "noscript", "template", "svg", "head", "title", "iframe", "select"}
)
_BLOCKS = frozenset(
    {
        "p", "div", "section", "article", "main", "header", "footer", "nav", "aside",
        "blockquote", "ul", "ol", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot",
        "form", "fieldset", "figure", "figcaption", "address", "details", "summary", "hr",
        "body", "html", "li", "pre", "h1", "h2", "h3", "h4", "h5", "h6",
    }
)  # fmt: skip
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "wbr"})
_SPACES = re.compile(r"[ \t\r\n\f\u00a0]+")


def web_page_text(html: str) -> str:
    """The page's text; its title first, as a heading, when the body does not start with it."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.text()


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._blocks: list[str] = []
        self._line: list[str] = []
        self._prefix = ""
        self._hidden: list[str] = []
        self._title: list[str] = []
        self._pre = 0
        self._cells = 0
        self._last_was_row = False

    def text(self) -> str:
        self._end_block()
        title = " ".join("".join(self._title).split())
        first = self._blocks[0].lstrip("# ") if self._blocks else ""
        if title and first != title:
            self._blocks.insert(0, f"# {title}")
        return "\n\n".join(self._blocks)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            # The head's end tag may be left out; the body always ends it.
            self._hidden.clear()
        if self._hidden or tag in _HIDDEN:
            if tag not in _VOID:
                self._hidden.append(tag)
            return
        if tag in _BLOCKS or tag == "tr":
            self._end_block()
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self._prefix = "#" * int(tag[1]) + " "
        elif tag == "li":
            self._prefix = "- "
        elif tag == "pre":
            self._pre += 1
            self._line.append("```\n")
        elif tag == "tr":
            self._cells = 0
        elif tag in ("td", "th"):
            if self._cells and "".join(self._line).strip():
                self._line.append(" | ")
            self._cells += 1
        elif tag == "br":
            self._line.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if self._hidden:
            if tag in self._hidden:
                del self._hidden[len(self._hidden) - 1 - self._hidden[::-1].index(tag) :]
            return
        if tag == "pre" and self._pre:
            self._line.append("\n```")
            self._end_block()
            self._pre -= 1
        elif tag == "tr":
            self._end_block(row=True)
        elif tag in _BLOCKS:
            self._end_block()

    def parse_marked_section(self, i: int, report: int = 1) -> int:
        """A malformed `<![...` made the standard parser raise AssertionError and lose the
        whole page; it is passed over to its closing `>`."""
        try:
            return super().parse_marked_section(i, report)
        except AssertionError:
            end = self.rawdata.find(">", i)
            return -1 if end < 0 else end + 1

    def handle_data(self, data: str) -> None:
        if self._hidden:
            if self._hidden[-1] == "title":
                self._title.append(data)
            return
        self._line.append(data if self._pre else _SPACES.sub(" ", data))

    def _end_block(self, row: bool = False) -> None:
        """What was gathered becomes a block; the rows of a table, one line each, stay one."""
        text = "".join(self._line)
        if self._prefix.startswith("#"):
            text = " ".join(text.split())
        elif not self._pre:
            text = "\n".join(" ".join(line.split()) for line in text.split("\n")).strip()
        self._line = []
        if not text.strip():
            # A list item's words may open with a paragraph: the item's dash waits for them.
            return
        if row and self._last_was_row:
            self._blocks[-1] += "\n" + text
        else:
            self._blocks.append(self._prefix + text)
        self._last_was_row = row
        self._prefix = ""
