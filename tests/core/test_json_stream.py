"""A JSON file read a list element at a time gives what `json` gives for the whole file,
wherever the reads happen to cut it, and says where a malformed file goes wrong as `json`
does."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from core.errors import InputError
from core.ingest import json_stream
from core.ingest.json_stream import JsonStream

DOCUMENT: list[Any] = [
    {"title": "Café ☕ in Zürich", "n": 12, "tags": ["a", "ü", "𝄞"], "nested": {"x": [1, 2.5]}},
    {"text": 'quote " and \\ backslash\nnew line \u00e9\U0001f600', "ok": True, "none": None},
    [],
    {},
    -123456789,
    *range(10**8, 10**8 + 70, 7),
    "a string element",
]


@pytest.fixture(params=[1, 3, 7, 64])
def small_reads(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """Reads of a few bytes cut the file inside names, numbers and multi-byte characters."""
    monkeypatch.setattr(json_stream, "FIRST_READ", request.param)
    monkeypatch.setattr(json_stream, "SNIFF", request.param)
    return int(request.param)


def stream(text: str | bytes, name: str = "f.json") -> JsonStream:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return JsonStream(io.BytesIO(raw), name)


@pytest.mark.parametrize("indent", [None, 2])
def test_the_elements_are_those_of_the_whole_file(small_reads: int, indent: int | None) -> None:
    text = json.dumps(DOCUMENT, indent=indent, ensure_ascii=False)
    document = stream("\ufeff" + text)
    assert document.top() == "["
    assert list(document.elements()) == json.loads(text)


def test_an_objects_list_is_walked_and_its_other_members_decoded(small_reads: int) -> None:
    text = json.dumps({"version": 2, "sessions": DOCUMENT, "after": {"k": [1]}})
    document = stream(text)
    assert document.top() == "{"
    seen = []
    for key, value in document.members("sessions"):
        seen.append((key, list(value) if key == "sessions" else value))
    assert seen == [("version", 2), ("sessions", DOCUMENT), ("after", {"k": [1]})]
    assert list(stream("{}").members("sessions")) == []
    assert list(stream("[]").elements()) == []


CUT_SHORT = ". The file ends there: it may have been cut short"


@pytest.mark.parametrize(
    ("text", "cut_short"),
    [
        ('[{"a": 1}, {"b": 2} {"c": 3}]', False),
        ('[{"a": 1},\n {"b": tru}]', False),
        ('[{"a": 1},\n\n  {"b": "cut off', True),
        ('[{"a": 1},\n\n  {"b": 12', True),
        ('[{"a": 1}, {"b": 2}', True),
        ('[{"a": 1}, {"b": nul', True),
        ('[{"a": 1}]\n  trailing', False),
        ('{"sessions": [1, 2], "x" 3}', False),
        ('{[{"a": 1}]}', False),
        ('{"sessions": [], 2.5: 1}', False),
        ("[1, 2,\n  ]", False),
        ('[{"a": "bad \x01 control"}]', False),
        ("", False),
    ],
)
def test_a_malformed_file_is_placed_as_json_places_it(
    small_reads: int, text: str, cut_short: bool
) -> None:
    """A file that ends too soon (a download cut off) says so, besides where."""
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(InputError) as found:
        document = stream(text)
        if document.top() == "[":
            list(document.elements())
        else:
            for key, value in document.members("sessions"):
                if key == "sessions":
                    list(value)
    where = f"line {expected.value.lineno}, column {expected.value.colno}"
    message, _, after = str(found.value).partition(CUT_SHORT)
    assert message.startswith("f.json is not valid JSON: ") and message.endswith(where)
    assert bool(after) == cut_short


def test_bytes_that_are_not_utf8_are_placed_and_binary_is_refused(
    small_reads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    head = '[{"text": "é ok"}, {"text": "'.encode()
    raw = head + b"\xff" + b'"}]'
    with pytest.raises(InputError, match=rf"f.json is not valid UTF-8 \(byte {len(head)}\)"):
        list(stream(raw).elements())
    monkeypatch.setattr(json_stream, "SNIFF", 8192)
    with pytest.raises(InputError, match="f.json is a binary file"):
        stream(b"\x89PNG\r\n\x1a\n\x00\x00\x00").top()
    with pytest.raises(InputError, match="f.json: expected a JSON object or list at the top"):
        stream('"just a string"').top()


def test_how_far_the_reading_is_is_told_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "FIRST_READ", 1000)
    raw = json.dumps([{"text": "x" * 50} for _ in range(400)]).encode()
    heard: list[int] = []
    assert len(list(JsonStream(io.BytesIO(raw), "f.json", heard.append).elements())) == 400
    assert heard == sorted(heard) and len(heard) > 10 and heard[-1] == len(raw)
