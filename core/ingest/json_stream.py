"""A JSON document read a list element at a time. A ChatGPT export of a few years is a file
of gigabytes, nearly all of it metadata around the words: decoded whole it took many times its
size in memory, so such files were refused. Read this way, only one conversation's raw form is
held at a time, and how far the reading is can be shown. Problems are reported as `json`
reports them, at a line and column of the whole file."""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, NoReturn

from core.errors import InputError

FIRST_READ = 1 << 20
# How much of a file's start is looked at for a zero byte, the sign of a binary file.
SNIFF = 8192
# A value that fails this close to the end of what was read may just be cut off there.
_CUT_MARGIN = 16
_WHITESPACE = " \t\n\r"


class JsonError(InputError):
    """The file is not JSON, or not well formed; the message says where."""


class JsonStream:
    """One JSON document from `stream`: its top-level list, or the list under a key of its
    top-level object, element by element. `read_bytes` hears how many bytes were read so far.
    Names the file as `name` in every message."""

    def __init__(
        self, stream: BinaryIO, name: str, read_bytes: Callable[[int], None] | None = None
    ) -> None:
        self._stream = stream
        self._name = name
        self._read_bytes = read_bytes
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self._decoded = json.JSONDecoder()
        self._buffer = ""
        self._pos = 0
        self._bytes = 0
        self._eof = False
        # Where the text dropped from the buffer ended: lines before it, and its last line's length.
        self._lines = 0
        self._column = 0

    def top(self) -> str:
        """ "[" or "{": what the document is. Anything else is refused."""
        first = self._peek()
        if first not in ("[", "{"):
            if not first:
                self._fail("Expecting value")
            raise JsonError(f"{self._name}: expected a JSON object or list at the top level")
        return first

    def elements(self) -> Iterator[Any]:
        """The elements of the top-level list, decoded one at a time."""
        self._expect("[")
        yield from self._list_rest()
        self._end()

    def members(self, *lists: str) -> Iterator[tuple[str, Any]]:
        """The top-level object's members as (name, value); a list under one of the names in
        `lists` comes as (name, iterator), its elements decoded as it is walked (it must be
        walked before the next member is asked for)."""
        self._expect("{")
        if self._peek() == "}":
            self._pos += 1
            self._end()
            return
        while True:
            if self._peek() != '"':
                self._fail("Expecting property name enclosed in double quotes")
            name = self._value()
            self._expect(":")
            if name in lists and self._peek() == "[":
                self._pos += 1
                yield name, self._list_rest()
            else:
                yield name, self._value()
            if self._after("}"):
                self._end()
                return

    def _list_rest(self) -> Iterator[Any]:
        if self._peek() == "]":
            self._pos += 1
            return
        while True:
            yield self._value()
            if self._after("]"):
                return

    def _after(self, closing: str) -> bool:
        """True at the closing bracket of a list or object, False at the comma before the next
        element; anything else is malformed."""
        found = self._peek()
        if found == closing:
            self._pos += 1
            return True
        if found != ",":
            self._fail("Expecting ',' delimiter")
        self._pos += 1
        return False

    def _expect(self, char: str) -> None:
        if self._peek() != char:
            self._fail(f"Expecting {char!r}" if char != ":" else "Expecting ':' delimiter")
        self._pos += 1

    def _end(self) -> None:
        if self._peek():
            self._fail("Extra data")

    def _peek(self) -> str:
        """The next character that is not whitespace ("" at the end), stepped up to."""
        while True:
            while self._pos < len(self._buffer) and self._buffer[self._pos] in _WHITESPACE:
                self._pos += 1
            if self._pos < len(self._buffer) or not self._more():
                return self._buffer[self._pos : self._pos + 1]

    def _value(self) -> Any:
        self._peek()
        while True:
            try:
                value, end = self._decoded.raw_decode(self._buffer, self._pos)
            except json.JSONDecodeError as exc:
                cut = exc.msg.startswith("Unterminated string") or (
                    exc.pos >= len(self._buffer) - _CUT_MARGIN
                )
                if not cut or self._eof:
                    self._fail(exc.msg, exc.pos)
                self._more(grow=True)
                continue
            # A number at the very end of what was read may go on in the next read.
            if end < len(self._buffer) or self._eof:
                self._pos = end
                return value
            self._more(grow=True)

    def _more(self, grow: bool = False) -> bool:
        """Reads on (as much again as is held, when a value is still cut off, so a long one is
        not decoded over and over); False at the end of the file."""
        if self._eof:
            return False
        self._drop_read()
        wanted = max(FIRST_READ, len(self._buffer)) if grow else FIRST_READ
        chunk = self._stream.read(wanted if self._bytes else max(wanted, SNIFF))
        if self._bytes == 0 and b"\x00" in chunk[:SNIFF]:
            raise JsonError(f"{self._name} is a binary file, not JSON")
        held = len(self._decoder.getstate()[0])
        try:
            self._buffer += self._decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            at = self._bytes - held + exc.start
            raise JsonError(f"{self._name} is not valid UTF-8 (byte {at})") from exc
        self._bytes += len(chunk)
        if self._read_bytes is not None:
            self._read_bytes(self._bytes)
        self._eof = not chunk
        return bool(chunk)

    def _drop_read(self) -> None:
        """Lets go of what was decoded, keeping count of its lines for the messages."""
        done = self._buffer[: self._pos]
        newline = done.rfind("\n")
        if newline < 0:
            self._column += len(done)
        else:
            self._lines += done.count("\n")
            self._column = len(done) - newline - 1
        self._buffer = self._buffer[self._pos :]
        self._pos = 0

    def _fail(self, message: str, pos: int | None = None) -> NoReturn:
        pos = self._pos if pos is None else pos
        before = self._buffer[:pos]
        newline = before.rfind("\n")
        line = self._lines + before.count("\n") + 1
        column = pos - newline if newline >= 0 else self._column + pos + 1
        # Where the file stops mid-value, or before a value it still owes.
        rest = self._buffer[pos:].strip()
        ended = self._eof and (
            message.startswith("Unterminated string")
            or any(word.startswith(rest) for word in ("true", "false", "null"))
        )
        raise JsonError(
            f"{self._name} is not valid JSON: {message.removesuffix(' at')} at line {line}, "
            f"column {column}"
            + (
                ". The file ends there: it may have been cut short (a download or copy that "
                "did not finish)"
                if ended and self._bytes
                else ""
            )
        )
