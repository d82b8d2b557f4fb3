"""Memories written since the fts index was last built, for keyword search until the next
build: each is tokenized once when it first appears (not again in SQL on every query, which
cost ~15 ms a search at 100k memories), and scored with the index's BM25, its statistics
extended by them, as a rebuild would score them."""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from core.store.database import Database, id_in
from core.store.postings import StemCache, ascii_tokens

K1 = 1.2
B = 0.75


@dataclass(frozen=True, slots=True)
class CorpusStats:
    """BM25's statistics over the index and the rows written since it together, as a rebuild
    would count them (every row, searchable or not; one without text as an empty document):
    indexed and new rows are scored on them alike, so no score moves when the rows are
    folded in."""

    num_docs: int
    avgdl: float
    df: Mapping[str, int]  # of the query's terms


def corpus_stats(
    num_docs: int,
    avgdl: float,
    known: Mapping[str, tuple[int, int]],
    fresh: Collection[Sequence[str]],
    query_terms: Collection[str],
) -> CorpusStats:
    """The index's statistics (`num_docs`, `avgdl`, the term id and df of each query term it
    has, `known`) extended by the `fresh` documents' stems."""
    terms = set(query_terms)
    fresh_df = Counter(t for tokens in fresh for t in set(tokens) & terms)
    total_docs = num_docs + len(fresh)
    total_len = avgdl * num_docs + sum(len(tokens) for tokens in fresh)
    return CorpusStats(
        total_docs,
        total_len / total_docs if total_docs else 1.0,
        {t: (known[t][1] if t in known else 0) + fresh_df[t] for t in terms},
    )


def bm25_unindexed(
    docs: Iterable[tuple[str, Sequence[str]]], stats: CorpusStats
) -> list[tuple[str, float]]:
    """(memory id, BM25) of the `docs` (their stems, stopwords removed) that hold a query term
    (those `stats` counts)."""
    hits = []
    for memory_id, tokens in docs:
        tf = Counter(t for t in tokens if t in stats.df)
        if not tf:
            continue
        score = 0.0
        for term, count in tf.items():
            df = stats.df[term]
            # DuckDB's log() is base 10: match the indexed scores exactly.
            idf = math.log10((stats.num_docs - df + 0.5) / (df + 0.5) + 1)
            norm = count + K1 * (1 - B + B * len(tokens) / stats.avgdl)
            score += idf * count * (K1 + 1) / norm
        hits.append((memory_id, score))
    return hits


class UnindexedDocuments:
    """The stems of every memory newer than the index, read as they are committed (a row
    without text has none). Rows that stop being searchable are ruled out by the caller; after
    a forget they are read again."""

    def __init__(self, db: Database, schema: str, stems: StemCache) -> None:
        self._db = db
        self._schema = schema
        self._stems = stems
        self._lock = threading.Lock()
        self._index: tuple[int, int] | None = None
        self._upto = -1
        self._additions = -1
        self._docs: dict[str, list[str]] = {}

    def documents(
        self, watermark: int, drops: int, stopwords: frozenset[str], additions: int
    ) -> dict[str, list[str]]:
        """Memory id -> stems, for rows written after `watermark` (the index's own), read
        again after the index's `drops`-th forget. `additions`: `Database.additions` as it
        was before the caller's reads began (it counts after each commit lands, so a scan
        begun after reading it sees those rows; one inside a transaction begun earlier
        would not, and rows committed meanwhile would be missed until the next addition)."""
        with self._lock:
            if (watermark, drops) != self._index:
                self._index, self._upto, self._additions = (watermark, drops), watermark, -1
                self._docs = {}
            if additions != self._additions:
                self._read_new(stopwords)
                self._additions = additions
            return dict(self._docs)

    def _read_new(self, stopwords: frozenset[str]) -> None:
        cur = self._db.cursor()
        rows = cur.execute(
            f"SELECT id, seq, content FROM memories WHERE seq > {int(self._upto)}"
        ).fetchall()
        beyond_ascii = []
        for memory_id, seq, content in rows:
            self._upto = max(self._upto, seq)
            words = ascii_tokens(content or "")
            if words is None:
                beyond_ascii.append(memory_id)
            else:
                self._docs[memory_id] = self._stems.stems([w for w in words if w not in stopwords])
        if beyond_ascii:
            # DuckDB's own tokenizer decides for these (as it did in the index); one of
            # stopwords only is still a document.
            self._docs.update((memory_id, []) for memory_id in beyond_ascii)
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
