"""Documents cut into chunks of 256-512 tokens with about 10% overlap, along their structure: a
heading stays with what it introduces, and a code block or a list is never cut at a chunk
boundary (only a block bigger than a whole chunk is split, at line ends)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.ingest.document_file import DocumentFormat
from core.tokens import CHARS_PER_TOKEN_MAX, TokenCounter

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^#{1,6}\s+\S")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class BlockKind(StrEnum):
    HEADING = "heading"
    CODE = "code"
    LIST = "list"
    PARAGRAPH = "paragraph"


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    text: str


@dataclass(frozen=True, slots=True)
class ChunkConfig:
    min_tokens: int = 256
    max_tokens: int = 512
    overlap: float = 0.10


@dataclass(frozen=True, slots=True)
class Chunk:
    index: int
    text: str
    tokens: int


class _Packing:
    """Pieces joined into one chunk while the whole fits in `limit` tokens. Counting the whole
    join at every piece was quadratic: a megabyte of short lines (a log, a CSV) took ~5 s
    to chunk. The pieces' own counts, plus a token of slack for each join, bound it (a join
    never cost more in ~900,000 trials of chat, code and Markdown), so the whole is counted
    only near the limit, where it decides as before."""

    def __init__(self, count: TokenCounter, joiner: str, limit: int) -> None:
        self._count = count
        self._joiner = joiner
        self._join_cost = count(joiner) + 1
        self._limit = limit
        self.parts: list[str] = []
        self._bound = 0

    def add(self, piece: str) -> bool:
        """Joins `piece` when the whole still fits, or nothing is held yet; False: it did
        not fit and nothing changed."""
        size = self._count(piece)
        if not self.parts:
            self.parts, self._bound = [piece], size
            return True
        bound = self._bound + self._join_cost + size
        if bound > self._limit:
            bound = self._count(self._joiner.join([*self.parts, piece]))
            if bound > self._limit:
                return False
        self.parts.append(piece)
        self._bound = bound
        return True

    def take(self) -> str:
        """The joined text, and an empty packing."""
        text = self._joiner.join(self.parts)
        self.parts, self._bound = [], 0
        return text


def _markdown_blocks(lines: Sequence[str]) -> Iterator[Block]:
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            end = i + 1
            while end < len(lines) and not lines[end].lstrip().startswith(fence.group(1)):
                end += 1
            yield Block(BlockKind.CODE, "\n".join(lines[i : end + 1]))
            i = end + 1
        elif _HEADING.match(line):
            yield Block(BlockKind.HEADING, line)
            i += 1
        elif _LIST_ITEM.match(line):
            end = i + 1
            # Items, their indented continuations and blank lines between items stay together.
            while end < len(lines) and (
                _LIST_ITEM.match(lines[end])
                or lines[end].startswith((" ", "\t"))
                or (
                    not lines[end].strip()
                    and end + 1 < len(lines)
                    and _LIST_ITEM.match(lines[end + 1])
                )
            ):
                end += 1
            yield Block(BlockKind.LIST, "\n".join(lines[i:end]).rstrip())
            i = end
        else:
            end = i + 1
            while (
                end < len(lines)
                and lines[end].strip()
                and not (
                    _FENCE.match(lines[end])
                    or _HEADING.match(lines[end])
                    or _LIST_ITEM.match(lines[end])
                )
            ):
                end += 1
            yield Block(BlockKind.PARAGRAPH, "\n".join(lines[i:end]))
            i = end


def _paragraph_blocks(lines: Sequence[str]) -> Iterator[Block]:
    paragraph: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            paragraph.append(line)
        elif paragraph:
            yield Block(BlockKind.PARAGRAPH, "\n".join(paragraph))
            paragraph = []


def _code_blocks(lines: Sequence[str]) -> Iterator[Block]:
    """Top-level definitions: a new block starts at an unindented line after a blank one."""
    current: list[str] = []
    for i, line in enumerate(lines):
        starts_block = bool(line.strip()) and not line[0].isspace() and i > 0
        if starts_block and not lines[i - 1].strip() and any(s.strip() for s in current):
            yield Block(BlockKind.CODE, "\n".join(current).strip("\n"))
            current = []
        current.append(line)
    if any(s.strip() for s in current):
        yield Block(BlockKind.CODE, "\n".join(current).strip("\n"))


def blocks_of(text: str, fmt: DocumentFormat) -> list[Block]:
    """Structural blocks in reading order; headings are merged into the block they introduce
    so no chunk ends on a bare heading."""
    lines = text.split("\n")
    if fmt is DocumentFormat.MARKDOWN:
        raw = list(_markdown_blocks(lines))
    elif fmt is DocumentFormat.CODE:
        raw = list(_code_blocks(lines))
    else:
        raw = list(_paragraph_blocks(lines))
    merged: list[Block] = []
    pending: list[str] = []
    for block in raw:
        if block.kind is BlockKind.HEADING:
            pending.append(block.text)
            continue
        if pending:
            block = Block(block.kind, "\n\n".join([*pending, block.text]))
            pending = []
        merged.append(block)
    if pending:
        merged.append(Block(BlockKind.HEADING, "\n\n".join(pending)))
    return merged


class Chunker:
    def __init__(self, count_tokens: TokenCounter, config: ChunkConfig = ChunkConfig()):
        self._count = count_tokens
        self.config = config

    @staticmethod
    def _units(block: Block) -> list[str]:
        """The natural pieces of a block too big for one chunk: list items, code paragraphs,
        sentences."""
        if block.kind is BlockKind.LIST:
            units: list[str] = []
            for line in block.text.split("\n"):
                if _LIST_ITEM.match(line) or not units:
                    units.append(line)
                else:
                    units[-1] += "\n" + line
            return units
        if block.kind is BlockKind.CODE:
            return [u for u in re.split(r"\n\s*\n", block.text) if u.strip()]
        return _SENTENCE_END.split(block.text)

    def _split_line(self, line: str) -> list[str]:
        """One line longer than a chunk: cut at spaces (or, with none, by characters). Each
        piece is cut from a window that still holds more than a chunk, not from the rest of
        the line: counting the rest for every piece made a 1 MB minified file take minutes
        (the square of its length)."""
        limit = self.config.max_tokens
        pieces = []
        while line:
            head = line[: limit * CHARS_PER_TOKEN_MAX]
            while self._count(head) > limit:
                cut = head.rfind(" ", 0, len(head) * 3 // 4)
                head = head[:cut] if cut > 0 else head[: len(head) * 3 // 4]
            pieces.append(head)
            line = line[len(head) :].lstrip(" ")
        return pieces

    def _split_block(self, block: Block) -> list[str]:
        """A block bigger than a chunk, packed from its natural pieces; a piece still too big
        is cut at line ends, then at spaces."""
        limit = self.config.max_tokens
        small: list[str] = []
        for unit in self._units(block):
            if self._count(unit) <= limit:
                small.append(unit)
                continue
            for line in unit.split("\n"):
                small.extend(self._split_line(line) if self._count(line) > limit else [line])
        joiner = {BlockKind.PARAGRAPH: " ", BlockKind.CODE: "\n\n"}.get(block.kind, "\n")
        pieces: list[str] = []
        packing = _Packing(self._count, joiner, limit)
        for unit in small:
            if not packing.add(unit):
                pieces.append(packing.take())
                packing.add(unit)
        if packing.parts:
            pieces.append(packing.take())
        return pieces

    def _overlap(self, block: Block) -> str:
        """The tail of the previous chunk repeated at the start of the next: whole sentences
        of a paragraph, up to 10% of a chunk. Code and lists are not cut for it."""
        if block.kind is not BlockKind.PARAGRAPH:
            return ""
        budget = int(self.config.max_tokens * self.config.overlap)
        tail: list[str] = []
        for sentence in reversed(_SENTENCE_END.split(block.text)):
            if self._count(" ".join([sentence, *tail])) > budget:
                break
            tail.insert(0, sentence)
        return " ".join(tail)

    def chunk(self, text: str, fmt: DocumentFormat) -> list[Chunk]:
        limit = self.config.max_tokens
        parts: list[str] = []
        packing = _Packing(self._count, "\n\n", limit)
        last: Block | None = None
        overlap = ""
        for block in blocks_of(text, fmt):
            tokens = self._count(block.text)
            if tokens > limit:
                if packing.parts:
                    parts.append(packing.take())
                parts.extend(self._split_block(block))
                last, overlap = None, ""
                continue
            if not packing.add(block.text):
                parts.append(packing.take())
                overlap = self._overlap(last) if last else ""
                if overlap:
                    packing.add(overlap)
                if not packing.add(block.text):
                    packing.take()
                    packing.add(block.text)
            last = block
        current = packing.parts
        if current:
            tail = "\n\n".join(current)
            # A short last chunk joins the one before when together they still fit (without
            # the overlap it repeated from it).
            own = current[1:] if overlap and current[0] == overlap else current
            if parts and own and self._count(tail) < self.config.min_tokens:
                joined = "\n\n".join([parts[-1], *own])
                if self._count(joined) <= limit:
                    parts[-1] = joined
                    tail = ""
            if tail:
                parts.append(tail)
        return [Chunk(i, part, self._count(part)) for i, part in enumerate(parts)]
