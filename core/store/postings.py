"""The fts index's postings held in memory, for BM25 without a query plan: at 100k memories the
SQL scoring took ~11 ms (p95 20), these arrays answer in a few. A snapshot belongs to one build
of the fts index: folds grow it, forgets take from it, a rebuild replaces it; rows written since
its watermark are scored by FullTextIndex. Scores are the extension's BM25, term for term."""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, replace

import duckdb
import numpy as np

# Extra candidates taken before rows that are no longer live are ruled out.
HEADROOM = 64
# The fts `tokenize` macro, for plain ASCII text (anything else is left to DuckDB itself, so
# a query is always split exactly as the documents were).
_NOT_WORD = re.compile(r"(\.|[^a-z0-9])+")
STEM_CACHE_SIZE = 50_000


def ascii_tokens(text: str) -> list[str] | None:
    """The words DuckDB's fts tokenizer makes of `text` (lower-cased, accents stripped, split
    on anything but letters and digits), or None when `text` is not plain ASCII."""
    if not text.isascii():
        return None
    return [w for w in _NOT_WORD.sub(" ", text.lower()).split() if w]


class StemCache:
    """Porter stems of query words, asked of DuckDB once per word (the stemmer must be the
    index's own) and remembered."""

    def __init__(self, stem_many: Callable[[list[str]], list[str]]) -> None:
        self._stem_many = stem_many
        self._stems: dict[str, str] = {}

    def stems(self, words: Sequence[str]) -> list[str]:
        missing = [w for w in dict.fromkeys(words) if w not in self._stems]
        if missing:
            if len(self._stems) + len(missing) > STEM_CACHE_SIZE:
                self._stems.clear()
            self._stems.update(zip(missing, self._stem_many(missing), strict=True))
        return [self._stems[w] for w in words]


def read_stopwords(cur: duckdb.DuckDBPyConnection, schema: str) -> frozenset[str]:
    return frozenset(r[0] for r in cur.execute(f"SELECT sw FROM {schema}.stopwords").fetchall())


def read_stats(cur: duckdb.DuckDBPyConnection, schema: str) -> tuple[int, float]:
    """The index's number of documents and their mean length."""
    num_docs, avgdl = cur.execute(f"SELECT num_docs, avgdl FROM {schema}.stats").fetchall()[0]
    return int(num_docs or 0), float(avgdl or 1.0)


def read_vocabulary(
    cur: duckdb.DuckDBPyConnection, schema: str, where: str = "true", params: Sequence[object] = ()
) -> dict[str, tuple[int, int]]:
    """Stemmed term -> (term id, document frequency), for the dictionary rows `where` picks."""
    return {
        term: (int(term_id), int(df))
        for term_id, term, df in cur.execute(
            f"SELECT termid, term, df FROM {schema}.dict WHERE {where}", params
        ).fetchall()
    }


@dataclass(frozen=True)
class PostingsSnapshot:
    watermark: int
    build: int  # counts the index's rebuilds: folds and forgets keep a build's docids
    drops: int  # counts forgets taken out of the index
    term_ids: np.ndarray  # sorted unique term ids
    offsets: np.ndarray  # postings of term_ids[i] are [offsets[i], offsets[i + 1])
    doc_ids: np.ndarray
    tf: np.ndarray
    doc_len: np.ndarray  # by docid
    names: np.ndarray  # memory id by docid
    num_docs: int
    avgdl: float
    vocabulary: dict[str, tuple[int, int]]  # stemmed term -> (term id, document frequency)
    stopwords: frozenset[str]

    @classmethod
    def load(
        cls, cur: duckdb.DuckDBPyConnection, schema: str, watermark: int, build: int, drops: int
    ) -> PostingsSnapshot:
        postings = cur.execute(
            f"SELECT termid, docid, count(*)::INTEGER AS tf FROM {schema}.terms "
            "GROUP BY termid, docid ORDER BY termid, docid"
        ).fetchnumpy()
        docs = cur.execute(
            f"SELECT docid, name, len FROM {schema}.docs ORDER BY docid"
        ).fetchnumpy()
        num_docs, avgdl = read_stats(cur, schema)
        vocabulary = read_vocabulary(cur, schema)
        stopwords = read_stopwords(cur, schema)
        term_col = np.asarray(postings["termid"], dtype=np.int64)
        term_ids, starts = np.unique(term_col, return_index=True)
        size = int(docs["docid"].max()) + 1 if len(docs["docid"]) else 0
        doc_len = np.zeros(size, dtype=np.float64)
        names = np.empty(size, dtype=object)
        doc_len[docs["docid"]] = docs["len"]
        names[docs["docid"]] = docs["name"]
        return cls(
            watermark=watermark,
            build=build,
            drops=drops,
            term_ids=term_ids,
            offsets=np.append(starts, len(term_col)),
            doc_ids=np.asarray(postings["docid"], dtype=np.int32),
            tf=np.asarray(postings["tf"], dtype=np.float32),
            doc_len=doc_len,
            names=names,
            num_docs=int(num_docs or 0),
            avgdl=float(avgdl or 1.0),
            vocabulary=vocabulary,
            stopwords=stopwords,
        )

    def extended(
        self, cur: duckdb.DuckDBPyConnection, schema: str, watermark: int
    ) -> PostingsSnapshot:
        """This snapshot with the documents a fold appended after it (docids beyond its own)
        merged in: what `load` would read, for a few ms where a reload at 100k memories took
        ~2 s of CPU. Only the grown terms' document frequencies are read again."""
        first = len(self.doc_len)
        added = cur.execute(
            f"SELECT termid, docid, count(*)::INTEGER AS tf FROM {schema}.terms "
            "WHERE docid >= ? GROUP BY termid, docid ORDER BY termid, docid",
            [first],
        ).fetchnumpy()
        docs = cur.execute(
            f"SELECT docid, name, len FROM {schema}.docs WHERE docid >= ? ORDER BY docid",
            [first],
        ).fetchnumpy()
        new_terms = np.asarray(added["termid"], dtype=np.int64)
        grown = np.unique(new_terms)
        vocabulary = dict(self.vocabulary)
        if len(grown):
            vocabulary |= read_vocabulary(
                cur,
                schema,
                f"termid IN (SELECT termid FROM {schema}.terms WHERE docid >= ?)",
                [first],
            )
        # Each new posting goes after its term's block (its docid is beyond all of them), or
        # where a term new to the index sorts.
        known = np.searchsorted(self.term_ids, new_terms)
        exists = known < len(self.term_ids)
        exists[exists] = self.term_ids[known[exists]] == new_terms[exists]
        at = np.where(
            exists, self.offsets[np.minimum(known + 1, len(self.term_ids))], self.offsets[known]
        )
        term_ids = np.union1d(self.term_ids, grown)
        counts = np.zeros(len(term_ids), dtype=np.int64)
        counts[np.searchsorted(term_ids, self.term_ids)] = np.diff(self.offsets)
        np.add.at(counts, np.searchsorted(term_ids, new_terms), 1)
        size = max(first, int(docs["docid"].max()) + 1 if len(docs["docid"]) else 0)
        doc_len = np.zeros(size, dtype=np.float64)
        names = np.empty(size, dtype=object)
        doc_len[:first], names[:first] = self.doc_len, self.names
        doc_len[docs["docid"]] = docs["len"]
        names[docs["docid"]] = docs["name"]
        num_docs, avgdl = read_stats(cur, schema)
        return replace(
            self,
            watermark=watermark,
            term_ids=term_ids,
            offsets=np.concatenate([[0], np.cumsum(counts)]),
            doc_ids=np.insert(self.doc_ids, at, np.asarray(added["docid"], dtype=np.int32)),
            tf=np.insert(self.tf, at, np.asarray(added["tf"], dtype=np.float32)),
            doc_len=doc_len,
            names=names,
            num_docs=num_docs,
            avgdl=avgdl,
            vocabulary=vocabulary,
        )

    def without_forgotten(
        self, cur: duckdb.DuckDBPyConnection, schema: str, drops: int
    ) -> PostingsSnapshot | None:
        """This snapshot less the postings of memories forgotten since (their documents kept,
        emptied, as the index keeps them): reading them whole again took ~2 s of a forget at
        100k memories. Only the touched terms' document frequencies are read again. None when
        documents left the index altogether (everything forgotten): a whole `load` then."""
        size = len(self.doc_len)
        docs = cur.execute(
            f"SELECT docid, len FROM {schema}.docs WHERE docid < ?", [size]
        ).fetchnumpy()
        held = np.fromiter((name is not None for name in self.names), dtype=bool, count=size)
        if len(docs["docid"]) != int(np.count_nonzero(held)):
            return None
        doc_len = self.doc_len.copy()
        doc_len[docs["docid"]] = docs["len"]
        emptied = (self.doc_len > 0) & (doc_len == 0)
        keep = ~emptied[self.doc_ids]
        sizes = np.diff(self.offsets)
        counts = np.bincount(
            np.repeat(np.arange(len(self.term_ids)), sizes)[keep], minlength=len(self.term_ids)
        )
        touched, remaining = counts < sizes, counts > 0
        dead = set(self.term_ids[~remaining].tolist())
        vocabulary = {t: v for t, v in self.vocabulary.items() if v[0] not in dead}
        still = self.term_ids[touched & remaining]
        if len(still):
            vocabulary |= read_vocabulary(
                cur, schema, f"termid IN ({', '.join(str(int(t)) for t in still)})"
            )
        num_docs, avgdl = read_stats(cur, schema)
        return replace(
            self,
            drops=drops,
            term_ids=self.term_ids[remaining],
            offsets=np.concatenate([[0], np.cumsum(counts[remaining])]),
            doc_ids=self.doc_ids[keep],
            tf=self.tf[keep],
            doc_len=doc_len,
            num_docs=num_docs,
            avgdl=avgdl,
            vocabulary=vocabulary,
        )

    def top(
        self,
        terms: Sequence[tuple[int, int]],
        k: int,
        admit: Callable[[list[str]], Container[str]],
        *,
        num_docs: int,
        avgdl: float,
        k1: float,
        b: float,
    ) -> list[tuple[str, float]]:
        """Top-k (memory id, BM25) for the query's (term id, df) pairs, among the ids `admit`
        lets through (given the best-scored ones in rank order). The corpus statistics
        (`num_docs`, `avgdl`, each df) are the index's own extended by the rows written
        since it."""
        docs, weights = [], []
        for term_id, df in terms:
            index = int(np.searchsorted(self.term_ids, term_id))
            if index >= len(self.term_ids) or self.term_ids[index] != term_id:
                continue
            lo, hi = self.offsets[index], self.offsets[index + 1]
            doc = self.doc_ids[lo:hi]
            tf = self.tf[lo:hi].astype(np.float64)
            # log10, as DuckDB's log(): the same numbers as the extension's macro.
            idf = np.log10((num_docs - df + 0.5) / (df + 0.5) + 1)
            norm = tf + k1 * (1 - b + b * self.doc_len[doc] / avgdl)
            docs.append(doc)
            weights.append(idf * tf * (k1 + 1) / norm)
        if not docs:
            return []
        scores = np.bincount(
            np.concatenate(docs), np.concatenate(weights), minlength=len(self.doc_len)
        )
        hits: list[tuple[str, float]] = []
        want = k + HEADROOM
        while True:
            count = min(want, int(np.count_nonzero(scores)))
            best = np.argpartition(-scores, count - 1)[:count] if count else np.array([], int)
            ranked = best[np.argsort(-scores[best], kind="stable")]
            names = [self.names[d] for d in ranked]
            admitted = admit(names)
            hits = [
                (name, float(scores[d]))
                for name, d in zip(names, ranked, strict=True)
                if name in admitted
            ]
            if len(hits) >= k or count == int(np.count_nonzero(scores)):
                return hits[:k]
            want *= 4
