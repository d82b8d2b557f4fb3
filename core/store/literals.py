"""Small batches written as SQL literals. A chat turn writes a handful of rows to several
tables; registering each handful as an Arrow view costs ~1 ms a statement on top of the
write itself (measured at 100k memories: an UPDATE of two rows 3.1 ms through a view, 1.5 ms
from literal VALUES), and binding them as parameters is slower still (the driver inspects
every value). Only types that render exactly are written this way; anything else (vectors,
text holding a NUL, which would end the statement early in C) keeps the Arrow path."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pyarrow as pa

# Above this many rows the statement text grows past what the Arrow view costs.
LITERAL_ROWS_MAX = 64


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


def _renderer(kind: pa.DataType) -> Callable[[Any], str] | None:
    """How to write one non-null value of `kind`, or None when it has no exact literal."""
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return quoted
    if pa.types.is_boolean(kind):
        return lambda v: "TRUE" if v else "FALSE"
    if pa.types.is_integer(kind):
        return lambda v: str(int(v))
    if pa.types.is_floating(kind):
        # From text: a bare 0.36995516654807925 is a DECIMAL literal, and its cast to DOUBLE
        # can be off in the last bit (~1 value in 70).
        return lambda v: f"'{float(v)!r}'::DOUBLE"
    if pa.types.is_timestamp(kind):
        zoned = kind.tz is not None
        return lambda v: _timestamp(v, zoned)
    if pa.types.is_list(kind) and pa.types.is_string(kind.value_type):
        return _string_list
    return None


def _holds_nul(value: object) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    return isinstance(value, list) and any(isinstance(v, str) and "\x00" in v for v in value)


def _column(values: list[Any], kind: pa.DataType) -> list[str] | None:
    if pa.types.is_null(kind):
        return ["NULL"] * len(values)
    render = _renderer(kind)
    if render is None or any(_holds_nul(v) for v in values):
        return None
    return ["NULL" if v is None else render(v) for v in values]


def values_relation(batch: pa.Table) -> str | None:
    """`batch` as `(SELECT * FROM (VALUES ...) AS v(columns))`, or None when it is too large or
    holds a value that has no exact literal (the caller registers it as a view instead)."""
    if not 0 < batch.num_rows <= LITERAL_ROWS_MAX:
        return None
    columns = []
    for field, column in zip(batch.schema, batch.columns, strict=True):
        rendered = _column(column.to_pylist(), field.type)
        if rendered is None:
            return None
        columns.append(rendered)
    rows = ", ".join("(" + ", ".join(row) + ")" for row in zip(*columns, strict=True))
    names = ", ".join(f'"{name}"' for name in batch.column_names)
    return f"(SELECT * FROM (VALUES {rows}) AS v({names}))"
