"""Small batches written as SQL literals. A chat turn writes a handful of rows to several
tables; registering each handful as an Arrow view costs ~1 ms a statement on top of the
write itself (measured at 100k memories: an UPDATE of two rows 3.1 ms through a view, 1.5 ms
from literal VALUES; a new memory with its vector 13 ms through a view, 6 ms from VALUES), and
binding them as parameters is slower still (the driver inspects every value). Only types that
render exactly are written this way; anything else (text holding a NUL, which would end the
statement early in C) keeps the Arrow path."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any

import pyarrow as pa

# Above this many rows the statement text grows past what the Arrow view costs.
LITERAL_ROWS_MAX = 64
# An embedding is ~8 KB of text: above this many rows holding one, parsing it costs more than
# the view (at 100,000 memories: 6 rows 22 ms either way, 16 rows 43 ms against 31).
LITERAL_VECTOR_ROWS_MAX = 4


def quoted(value: str) -> str:
    """`value` as an SQL string literal (a bound parameter costs a statement ~0.2 ms). Not for
    text that may hold a NUL, which would end the statement early: that goes through Arrow."""
    return "'" + value.replace("'", "''") + "'"


def _timestamp(value: datetime, zoned: bool) -> str:
    text = value.isoformat(sep=" ")
    return f"TIMESTAMPTZ {quoted(text)}" if zoned else f"TIMESTAMP {quoted(text)}"


def _string_list(values: list[str | None]) -> str:
    items = ", ".join("NULL" if v is None else quoted(v) for v in values)
    return f"[{items}]::VARCHAR[]"


def _float(value: float) -> str:
    # From text: a bare 0.36995516654807925 is a DECIMAL literal, and its cast to DOUBLE can
    # be off in the last bit (~1 value in 70).
    return f"'{float(value)!r}'::DOUBLE"


def _flag(value: bool) -> str:
    return "TRUE" if value else "FALSE"


def _integer(value: int) -> str:
    return str(int(value))


def _zoned(value: datetime) -> str:
    return _timestamp(value, True)


def _naive(value: datetime) -> str:
    return _timestamp(value, False)


def _arrow_renderer(kind: pa.DataType) -> Callable[[Any], str] | None:
    """How to write one non-null value of an Arrow column of `kind`, or None when it has no
    exact literal."""
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return quoted
    if pa.types.is_boolean(kind):
        return _flag
    if pa.types.is_integer(kind):
        return _integer
    if pa.types.is_floating(kind):
        return _float
    if pa.types.is_timestamp(kind):
        return _naive if kind.tz is None else _zoned
    if pa.types.is_list(kind) and pa.types.is_string(kind.value_type):
        return _string_list
    if pa.types.is_fixed_size_list(kind) and pa.types.is_float32(kind.value_type):
        return partial(float_array, size=kind.list_size)
    return None


def float_array(values: Iterable[float], size: int) -> str:
    """A FLOAT[size] constant, read back bit for bit: each float32 as the double it widens
    to, which the text cast rounds to that same float32. One string cast, not a list of
    numbers: the binder took ~4 ms a statement over 384 number constants, the cast ~1 ms (a
    nearest-neighbour walk at 100,000 memories: 18 ms against 12)."""
    return f"'[{','.join(map(repr, values))}]'::FLOAT[{size}]"


_PLAIN: dict[type, Callable[[Any], str]] = {str: quoted, bool: _flag, int: _integer, float: _float}


def literal(value: str | bool | int | float | datetime | None) -> str:
    """One value as an exact SQL constant, written into a statement where binding it would
    cost more; text holding a NUL has none (it would end the statement early in C)."""
    if value is None:
        return "NULL"
    if isinstance(value, datetime):
        return _naive(value) if value.tzinfo is None else _zoned(value)
    if isinstance(value, str) and "\x00" in value:
        raise ValueError("text holding a NUL has no SQL literal")
    return _PLAIN[type(value)](value)


def _python_renderer(values: list[Any]) -> Callable[[Any], str] | None:
    """The same for a column of Python values, from their types (every non-null value one
    kind; ints among floats count as floats), or None."""
    kinds = {type(v) for v in values if v is not None}
    if not kinds or len(kinds) > 2:
        return None
    if len(kinds) == 1 and (plain := _PLAIN.get(next(iter(kinds)))) is not None:
        return plain
    if kinds <= {float, int}:
        return _float
    if kinds == {datetime}:
        zones = {v.tzinfo is None for v in values if v is not None}
        return None if len(zones) > 1 else _naive if zones.pop() else _zoned
    if kinds == {list} and all(
        isinstance(item, str) or item is None for v in values if v for item in v
    ):
        return _string_list
    return None


def _holds_vectors(values: Sequence[Any] | pa.Array) -> bool:
    return isinstance(values, pa.Array) and pa.types.is_fixed_size_list(values.type)


def _holds_nul(value: object) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    return isinstance(value, list) and any(isinstance(v, str) and "\x00" in v for v in value)


def _column(values: Sequence[Any] | pa.Array) -> list[str] | None:
    if isinstance(values, pa.Array):
        if pa.types.is_null(values.type):
            return ["NULL"] * len(values)
        render, values = _arrow_renderer(values.type), values.to_pylist()
    else:
        values = list(values)
        render = _python_renderer(values)
        if render is None and all(v is None for v in values):
            return ["NULL"] * len(values)
    if render is None or any(_holds_nul(v) for v in values):
        return None
    return ["NULL" if v is None else render(v) for v in values]


def values_relation(columns: Mapping[str, Sequence[Any] | pa.Array]) -> str | None:
    """The columns as `(SELECT * FROM (VALUES ...) AS v(columns))`, or None when they are too
    long or hold a value that has no exact literal (the caller registers them as an Arrow view
    instead). Rendered from the Python values themselves: building an Arrow table first costs
    more than the statement's text (pyarrow looks `dateutil` up for every column it infers,
    and where it is not installed each failed import walks the import path: ~1.6 ms a turn)."""
    size = len(next(iter(columns.values()), ()))
    if not 0 < size <= LITERAL_ROWS_MAX:
        return None
    if size > LITERAL_VECTOR_ROWS_MAX and any(map(_holds_vectors, columns.values())):
        return None
    rendered = []
    for values in columns.values():
        column = _column(values)
        if column is None:
            return None
        rendered.append(column)
    rows = ", ".join("(" + ", ".join(row) + ")" for row in zip(*rendered, strict=True))
    names = ", ".join(f'"{name}"' for name in columns)
    return f"(SELECT * FROM (VALUES {rows}) AS v({names}))"
