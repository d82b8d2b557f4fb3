"""Memories written since the fts index was last built, for keyword search until the next
build: each is tokenized once when it first appears (not again in SQL on every query, which
cost ~15 ms a search at 100k memories), and scored with the index's BM25, its statistics
extended by them, as a rebuild would score them."""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from core.store.database import Database, id_in
from core.store.postings import StemCache, ascii_tokens

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
        self._additions = -1
        self._docs: dict[str, list[str]] = {}

    def documents(self, watermark: int, stopwords: frozenset[str]) -> dict[str, list[str]]:
        """Memory id -> stems, for rows written after `watermark` (the index's build)."""
        with self._lock:
            if watermark != self._watermark:
                self._watermark, self._upto, self._additions = watermark, watermark, -1
                self._docs = {}
            # Counted after its commit landed: a scan begun after reading it sees the rows.
            additions = self._db.additions
            if additions != self._additions:
                self._read_new(stopwords)
                self._additions = additions
            return dict(self._docs)

    def _read_new(self, stopwords: frozenset[str]) -> None:
        cur = self._db.cursor()
        rows = cur.execute(
            f"SELECT id, seq, content FROM memories WHERE seq > {int(self._upto)} "
            "AND content IS NOT NULL"
        ).fetchall()
        beyond_ascii = []
        for memory_id, seq, content in rows:
            self._upto = max(self._upto, seq)
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
