"""Upserts that pay for the conflict check only where a stored row can conflict. DuckDB 1.5.5
runs a statement with `ON CONFLICT` at a cost of its own: at 100,000 memories inserting 4
entity links of a memory just written took 7 ms with `ON CONFLICT DO NOTHING` and 0.5 ms
without it, and 2 links 9.4 against 1.0. Rows keyed by a memory the same transaction inserted
cannot meet a stored row, so they go in plainly (the primary key still stands guard)."""

from __future__ import annotations

from collections.abc import Sequence

import duckdb
import pyarrow as pa

from core.store.database import Database


def upsert_rows(
    cur: duckdb.DuckDBPyConnection,
    table: str,
    columns: dict[str, Sequence[object] | pa.Array],
    on_conflict: str,
    new: Sequence[bool],
) -> None:
    """`Database.insert_rows` of `columns` with `on_conflict` applied only to the rows not
    marked `new`. A row marked new must be one no stored row and no other row here shares a
    key with: it would fail the whole statement, not be merged."""
    for wanted, conflict in ((True, None), (False, on_conflict)):
        rows = [i for i, is_new in enumerate(new) if is_new is wanted]
        if rows:
            Database.insert_rows(
                cur, table, {n: _take(v, rows) for n, v in columns.items()}, conflict
            )


def _take(values: Sequence[object] | pa.Array, rows: list[int]) -> Sequence[object] | pa.Array:
    if isinstance(values, pa.Array):
        return values.take(pa.array(rows, pa.int64()))
    return [values[i] for i in rows]
