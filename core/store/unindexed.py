"""Memories written since the fts index was last built, for keyword search until the next
build: each is tokenized once when it first appears (not again in SQL on every query, which
cost ~15 ms a search at 100k memories), and scored with the index's BM25, its statistics
extended by them, as a rebuild would score them."""

from __future__ import annotations

import logging
import math
import threading
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

import duckdb

from core.errors import StoreError
from core.store.database import SMALL_COMMIT, Database, id_in
from core.store.postings import StemCache, ascii_tokens

log = logging.getLogger(__name__)

K1 = 1.2
B = 0.75


def bm25_unindexed(
    docs: Sequence[tuple[str, Sequence[str]]],
    query_terms: Collection[str],
    indexed_df: Mapping[str, int],
    num_docs: int,
    avgdl: float,
) -> list[tuple[str, float]]:
    """(memory id, BM25) of the `docs` (their stems, stopwords removed) that hold a query term.
    Document frequencies and lengths count the index's documents and these together."""
    terms = set(query_terms)
    if not terms or not docs:
        return []
    fresh_df = Counter(t for _, tokens in docs for t in set(tokens) & terms)
    total_docs = num_docs + len(docs)
    total_len = avgdl * num_docs + sum(len(tokens) for _, tokens in docs)
    mean_len = total_len / total_docs if total_docs else 1.0
    hits = []
    for memory_id, tokens in docs:
        tf = Counter(t for t in tokens if t in terms)
        if not tf:
            continue
        score = 0.0
        for term, count in tf.items():
            df = indexed_df.get(term, 0) + fresh_df[term]
            # DuckDB's log() is base 10: match the indexed scores exactly.
            idf = math.log10((total_docs - df + 0.5) / (df + 0.5) + 1)
            norm = count + K1 * (1 - B + B * len(tokens) / mean_len)
            score += idf * count * (K1 + 1) / norm
        hits.append((memory_id, score))
    return hits


class UnindexedDocuments:
    """The stems of every memory newer than one index build, read as they are committed. Rows
    that stop being searchable are ruled out by the caller; their stems go with the next build
    (a forget rebuilds the index at once)."""

    def __init__(self, db: Database, schema: str, stems: StemCache) -> None:
        self._db = db
        self._schema = schema
        self._stems = stems
        self._lock = threading.Lock()
        self._watermark = -1
        self._upto = -1
        self._commits = -1
        self._additions = -1
        self._stopwords: frozenset[str] | None = None
        self._docs: dict[str, list[str]] = {}
        db.on_rows_changed(self._on_rows_changed)

    def documents(self, watermark: int, stopwords: frozenset[str]) -> dict[str, list[str]]:
        """Memory id -> stems, for rows written after `watermark` (the index's build)."""
        with self._lock:
            if watermark != self._watermark:
                self._watermark, self._upto, self._commits = watermark, watermark, -1
                self._docs = {}
            self._stopwords = stopwords
            # Both counted after their commit landed: a scan begun after reading them sees it.
            commits, additions = self._db.commits, self._db.additions
            if commits != self._commits and additions != self._additions:
                rows = self._db.cursor().execute(
                    "SELECT id, seq, content FROM memories WHERE seq > ? AND content IS NOT NULL",
                    [self._upto],
                )
                self._take(rows.fetchall(), stopwords)
            self._commits, self._additions = commits, additions
            return dict(self._docs)

    def _on_rows_changed(self, changed: frozenset[str] | None) -> None:
        """The rows a small commit (a chat turn) added are tokenized at once, on the writer's
        time, by their ids: the next search then reads nothing, where its scan for new rows
        cost 3-8 ms beside the vector index walk. A commit that added none needs nothing read;
        a big one waits for that scan."""
        with self._lock:
            stopwords = self._stopwords
            up_to_date = self._commits == self._db.commits - 1
            if stopwords is None or not up_to_date or changed is None:
                return
            if self._db.additions == self._additions:
                self._commits = self._db.commits
                return
            if len(changed) > SMALL_COMMIT:
                return
            where, params = id_in("id", sorted(changed))
            try:
                rows = self._db.cursor().execute(
                    f"SELECT id, seq, content FROM memories WHERE {where} AND seq > ?",
                    [*params, self._watermark],
                )
                self._take(rows.fetchall(), stopwords)
            except (duckdb.Error, StoreError) as exc:
                log.warning("New memories are tokenized at the next search instead: %s", exc)
                return
            self._commits, self._additions = self._db.commits, self._db.additions

    def _take(self, rows: list[tuple[str, int, str | None]], stopwords: frozenset[str]) -> None:
        """Hold the stems of these (id, seq, content) rows; a row without text has none."""
        cur = self._db.cursor()
        beyond_ascii = []
        for memory_id, seq, content in rows:
            self._upto = max(self._upto, seq)
            if content is None:
                self._docs.pop(memory_id, None)
                continue
            words = ascii_tokens(content)
            if words is None:
                beyond_ascii.append(memory_id)
            else:
                self._docs[memory_id] = self._stems.stems([w for w in words if w not in stopwords])
        if beyond_ascii:
            # DuckDB's own tokenizer decides for these (as it did in the index).
            where, params = id_in("id", beyond_ascii)
            self._docs.update(
                (memory_id, list(stems))
                for memory_id, stems in cur.execute(
                    f"SELECT id, list(stem(w, 'porter')) FROM (SELECT id, unnest("
                    f"{self._schema}.tokenize(content)) AS w FROM memories WHERE {where}) "
                    f"WHERE w <> '' AND w NOT IN (SELECT sw FROM {self._schema}.stopwords) "
                    "GROUP BY id",
                    params,
                ).fetchall()
            )
