"""Nearest neighbours through the vss HNSW index, with an exact scan while the index is missing.

The query vector is inlined as a literal, one string cast to FLOAT[n]: bound as a parameter the
same query is ~5x slower, two separate parameters silently skip the index altogether, and a list
of 384 number constants costs the binder ~4 ms a statement."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import duckdb
import numpy as np
import pyarrow as pa

from core.errors import StoreError
from core.model import Memory
from core.store.database import HNSW_INDEXES, Database, drop_vector_graphs
from core.store.literals import float_array
from core.store.memory_rows import live, memory_columns, row_to_memory
from core.store.seq_ids import IdsBySeq

log = logging.getLogger(__name__)

# vss 1.5.5 builds a graph that crashes the process a few inserts later when the table holds
# rows without a vector (forgotten memories keep theirs as tombstones) and fewer than 32 with
# one: 30 vectors beside 3 such rows crashed within 6 inserts, 32 and more survived 2,000 (a
# first week's store where one memory is forgotten). Below twice that no graph is built while
# such rows exist; an exact scan of so few vectors takes well under a millisecond.
MIN_GRAPH_VECTORS = 64
# Rows read into process for an exact scan that cost about one walk of the graph (~1 ms at a
# few thousand memories against ~7.5 us a row read).
SCAN_ROWS_PER_WALK = 130
# ...for this many vectors at least: a chat turn's few facts would pay a count of the rows for
# a scan it could take only in a store of a few hundred memories.
SCAN_FROM_VECTORS = 8


@dataclass(frozen=True, slots=True)
class VectorHit:
    memory_id: str
    similarity: float
    memory: Memory | None = None


def vector_literal(vector: np.ndarray, dim: int) -> str:
    """A FLOAT[dim] constant of `vector`, exact."""
    return float_array(np.asarray(vector, dtype=np.float32).ravel().tolist(), dim)


def read_vectors(db: Database, where: str) -> tuple[list[str], np.ndarray]:
    """Ids and vectors of the memories `where` selects, in the order they were added: through
    Arrow, 0.15 s for 100k vectors where a row-by-row fetch took seconds."""
    table = (
        db.cursor()
        .execute(f"SELECT id, embedding FROM memories WHERE {where} ORDER BY seq")
        .arrow()
    )
    if isinstance(table, pa.RecordBatchReader):
        table = table.read_all()
    ids = table.column("id").to_pylist()
    if not ids:
        return [], np.zeros((0, db.config.embedding_dim), dtype=np.float32)
    flat = table.column("embedding").combine_chunks().flatten().to_numpy(zero_copy_only=False)
    return ids, flat.reshape(len(ids), -1).astype(np.float32)


@dataclass(frozen=True, slots=True)
class HeldVectors:
    """Every vector of the table, held in process while the graph is away (a forget's file
    rewrite, then the build): beside a build on 2 cores the file's exact scan took 0.2-1.7 s a
    search at 100k memories, for the ~20 s the graph takes; a product of these 8-20 ms. Exact
    only while rows are held still, as they are then. ~150 MB at 100k memories, for as long."""

    ids: list[str]
    unit: np.ndarray

    @classmethod
    def read(cls, db: Database) -> HeldVectors:
        ids, vectors = read_vectors(db, "embedding IS NOT NULL")
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return cls(ids, vectors / np.where(norms == 0, 1.0, norms))

    def nearest(self, vector: np.ndarray, k: int) -> list[VectorHit]:
        """The exact scan's answer: top-k by cosine similarity, best first."""
        return self.nearest_each(np.asarray(vector).reshape(1, -1), k)[0]

    def nearest_each(self, vectors: np.ndarray, k: int) -> list[list[VectorHit]]:
        """`nearest` of each row of `vectors`, from one product of the matrices."""
        if not self.ids or k <= 0:
            return [[] for _ in vectors]
        queries = np.asarray(vectors, dtype=np.float32)
        norms = np.linalg.norm(queries, axis=1, keepdims=True)
        similarities = self.unit @ (queries / np.where(norms == 0, 1.0, norms)).T
        found = []
        for column in similarities.T:
            top = np.argpartition(-column, k)[:k] if k < len(self.ids) else np.arange(len(self.ids))
            top = top[np.argsort(-column[top], kind="stable")]
            found.append([VectorHit(self.ids[i], float(column[i])) for i in top])
        return found


class VectorIndex:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._dim = db.config.embedding_dim
        self._held: HeldVectors | None = None
        self._ids_by_seq = IdsBySeq(db)
        self._building = threading.Event()
        self._compacting = threading.Event()
        self._builder: threading.Thread | None = None

    def exists(self) -> bool:
        return bool(self._present())

    def _present(self) -> list[str]:
        """The names of the vector graphs on the table now: one, or two for the moment
        between a compaction's build and its drop of the old one (or after a crash there)."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT index_name FROM duckdb_indexes() "
                "WHERE database_name = 'engram' AND index_name IN (?, ?)",
                list(HNSW_INDEXES),
            )
            .fetchall()
        )
        found = {row[0] for row in rows}
        return [name for name in HNSW_INDEXES if name in found]

    def load(self) -> None:
        """The graph is read from the file by its first query (~0.25 s at 100k memories), and
        the ids a walk's numbers name by their first need (~0.1 s): both now rather than in the
        first search."""
        self._ids_by_seq.load()
        if self.exists() and not self.building:
            self.nearest_any(np.full(self._dim, self._dim**-0.5, dtype=np.float32), 1)

    @property
    def building(self) -> bool:
        return self._building.is_set()

    @property
    def compacting(self) -> bool:
        """Whether a compaction holds memory rows still: search is unhurt, but what new
        exchanges teach waits for it (the status line says so)."""
        return self._compacting.is_set()

    def build(self) -> None:
        """Create the index if missing. Memory rows are held still for the length of the build
        (~20 s at 100k memories) while other tables are written: a chat turn is saved as it
        comes, what it teaches waits. Builds must not run beside writes of memory rows (see
        `Database.freeze_rows`)."""
        with self._db.freeze_rows() as cur:
            if self.exists() or not self.graph_safe(cur):
                return
            log.info("Building the vector index")
            with self.held_in_process():
                self._create(cur, HNSW_INDEXES[0])
            log.info("Vector index ready")
        self._checkpoint()

    def graph_safe(self, cur: duckdb.DuckDBPyConnection | None = None) -> bool:
        """Whether a graph may be built over the table now (see MIN_GRAPH_VECTORS); until
        then search scans the vectors exactly, and the next upkeep builds it."""
        vectors, rows = (
            (cur or self._db.cursor())
            .execute("SELECT count(embedding), count(*) FROM memories")
            .fetchall()[0]
        )
        return vectors >= MIN_GRAPH_VECTORS or vectors == rows

    def _create(self, cur: duckdb.DuckDBPyConnection, name: str) -> None:
        cur.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON memories USING HNSW (embedding) "
            "WITH (metric = 'cosine', M = 16, ef_construction = 64)"
        )

    def _checkpoint(self) -> None:
        with self._db.exclusive() as cur:
            try:
                cur.execute("CHECKPOINT")
            except duckdb.TransactionException:
                # Readers are mid-transaction; DuckDB checkpoints on its own once the WAL grows.
                log.info("Checkpoint after the index build deferred")

    @contextmanager
    def held_in_process(self) -> Iterator[None]:
        """While the graph is away: nearest neighbours from the vectors read into process. The
        caller holds memory rows still (`Database.freeze_rows`) for as long."""
        self._held = HeldVectors.read(self._db)
        try:
            yield
        finally:
            self._held = None

    def ensure_in_background(
        self, on_done: Callable[[BaseException | None], None] | None = None
    ) -> bool:
        """Start building the index off the caller's thread if it is missing; exact search
        serves queries meanwhile. Returns True when a build was started."""
        if self._building.is_set() or self._drop_spare():
            return False
        self._building.set()

        def run() -> None:
            error: BaseException | None = None
            try:
                self.build()
            except BaseException as exc:  # reported to the caller's callback, never swallowed
                log.exception("Vector index build failed")
                error = exc
            finally:
                self._building.clear()
            if on_done is not None:
                on_done(error)

        self._builder = threading.Thread(target=run, name="engram-hnsw-build", daemon=True)
        self._builder.start()
        return True

    def wait_for_build(self, timeout: float | None = None) -> None:
        if self._builder is not None:
            self._builder.join(timeout)

    def _distance(self, vector: np.ndarray) -> str:
        return f"array_cosine_distance(embedding, {vector_literal(vector, self._dim)})"

    def walk_sql(self, vector: np.ndarray, k: int, key: str = "seq") -> str:
        """The bare top-k walk: each row's `key` and distance. `nearest_any` walks by `seq`
        (see `core.store.seq_ids`); by `id` it is the raw query search is measured against."""
        return (
            f"SELECT {key}, {self._distance(vector)} AS distance "
            f"FROM memories ORDER BY distance LIMIT {int(k)}"
        )

    def nearest_any(self, vector: np.ndarray, k: int = 200) -> list[VectorHit]:
        """The bare top-k, forgotten and replaced memories included: for callers that judge
        the candidates from copies of their rows held in process. While the graph is built,
        from the vectors held for it. The walk returns each row's `seq`, not its id (see
        `core.store.seq_ids`)."""
        held = self._held
        if held is not None:
            return held.nearest(vector, k)
        rows = self._walk(self.walk_sql(vector, k))
        found = [(seq, distance) for seq, distance in rows if distance is not None]
        ids = self._ids_by_seq.ids([seq for seq, _ in found])
        return [
            VectorHit(memory_id, 1.0 - distance)
            for memory_id, (_, distance) in zip(ids, found, strict=True)
            if memory_id is not None
        ]

    def nearest_any_each(self, vectors: np.ndarray, k: int) -> list[list[VectorHit]]:
        """`nearest_any` of each row of `vectors`. Many against a small table are one exact
        scan of its vectors read into process: an import looked up each new fact's near-twin
        by a walk of its own, ~1 ms apiece at a few thousand memories (~1 s of an import of
        LoCoMo's five conversations), where reading the table's vectors takes ~7.5 us a row."""
        held = self._held
        if held is None and len(vectors) >= SCAN_FROM_VECTORS:
            rows = self._db.cursor().execute("SELECT count(*) FROM memories").fetchone()
            if rows is not None and rows[0] <= len(vectors) * SCAN_ROWS_PER_WALK:
                held = HeldVectors.read(self._db)
        if held is not None:
            return held.nearest_each(vectors, k)
        return [self.nearest_any(vector, k) for vector in vectors]

    def _walk(self, sql: str) -> list[tuple]:
        """Run a search that may walk a graph, one at a time: vss 1.5.5 crashes the process
        (segmentation fault, or glibc's "double free") when walks run side by side (2 runs in
        10 of 3 threads walking ~20k times in all, in plain DuckDB; none in 12 such runs one
        at a time), when a graph is dropped under one, and when a commit added to it while the
        first walk read it from the file (`Database.graph_lock`). A walk takes 5-10 ms at 100k
        memories."""
        try:
            with self._db.graph_lock:
                return self._db.cursor().execute(sql).fetchall()
        except duckdb.Error as exc:
            raise StoreError(f"Vector search failed: {exc}") from exc

    def nearest(
        self,
        vector: np.ndarray,
        k: int = 200,
        *,
        include_superseded: bool = False,
        with_memory: bool = False,
    ) -> list[VectorHit]:
        """Top-k live memories by cosine similarity. Candidates come from the index first and
        are filtered after, as HNSW cannot apply a WHERE clause inside its graph walk. Their
        columns are fetched by the index scan itself: joining the table again afterwards cost
        twice the walk."""
        rows = self._walk(self._search_sql(vector, k, include_superseded, with_memory))
        return [
            VectorHit(row[0], float(row[1]), row_to_memory(row[2:]) if with_memory else None)
            for row in rows
        ]

    def _search_sql(
        self, vector: np.ndarray, k: int, include_superseded: bool, with_memory: bool
    ) -> str:
        columns = f", {memory_columns('c')}" if with_memory else ""
        return (
            f"SELECT c.id, 1 - c.distance{columns} FROM ("
            f"SELECT * EXCLUDE (embedding), {self._distance(vector)} AS distance "
            f"FROM memories ORDER BY distance LIMIT {int(k)}) c "
            f"WHERE {live('c', include_superseded=include_superseded)} "
            "AND c.distance IS NOT NULL ORDER BY c.distance"
        )

    def explain(self, vector: np.ndarray, k: int = 10) -> str:
        """The plan of the query `nearest` runs (tests check it walks the index)."""
        sql = self._search_sql(vector, k, include_superseded=False, with_memory=True)
        rows = self._db.cursor().execute("EXPLAIN " + sql).fetchall()
        return "\n".join(str(cell) for row in rows for cell in row)

    def drop(self, cur: duckdb.DuckDBPyConnection, names: Sequence[str] = HNSW_INDEXES) -> None:
        """Once no search walks them (see `_walk`); searches that come meanwhile wait."""
        with self._db.graph_lock:
            drop_vector_graphs(cur, names)

    def dead_share(self) -> float:
        """The share of the graph's entries that stand for no row's vector any more. vss keeps
        the old entry when a vector is rewritten in place (updates to other columns leave the
        graph alone); search walks past them, but they cost memory and time."""
        present = self._present()
        if not present:
            return 0.0
        cur = self._db.cursor()
        with self._db.graph_lock:
            rows = cur.execute(
                "SELECT levels_stats[1].nodes FROM pragma_hnsw_index_info() "
                "WHERE index_name = ? AND catalog_name = 'engram'",
                [present[0]],
            ).fetchall()
        nodes = rows[0][0] if rows else 0
        if not nodes:
            return 0.0
        live = cur.execute("SELECT count(embedding) FROM memories").fetchall()[0][0]
        return max(0, nodes - live) / nodes

    def rebuild(self) -> None:
        """Compaction by building the graph again from the table: `PRAGMA
        hnsw_compact_index` followed by writes and a checkpoint crashed vss 1.5.5 on close
        (double free). The new graph is built beside the old one, under the other name, while
        memory rows are held still (~12 s at 100k memories): search keeps walking the old
        graph, which the held rows keep whole (searches during it p50 25 ms, where the exact
        scan behind a drop took 157 ms). Then the old one goes. For that while both are in
        memory (each holds a copy of the vectors: ~150 MB at 100k memories)."""
        if not self.graph_safe():
            return
        old = self._drop_spare()
        fresh = next(name for name in HNSW_INDEXES if name not in old)
        self._compacting.set()
        try:
            with self._db.freeze_rows() as cur:
                log.info("Compacting the vector index")
                self._create(cur, fresh)
        finally:
            self._compacting.clear()
        with self._db.exclusive() as cur:
            self.drop(cur, old)
        log.info("Vector index compacted")
        self._checkpoint()

    def _drop_spare(self) -> list[str]:
        """Keep one graph where a crash between a compaction's build and its drop left two
        (both whole: every write since went into both). Returns those left."""
        present = self._present()
        if len(present) < 2:
            return present
        with self._db.exclusive() as cur:
            self.drop(cur, present[1:])
        log.info("Dropped a second vector index a stopped compaction left")
        return present[:1]
