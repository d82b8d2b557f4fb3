"""BM25 through DuckDB's fts extension. The fts index is a snapshot: it does not follow inserts.
Rows written after the last rebuild are scored here with the same tokenizer, stemmer, stopwords
and corpus statistics, so a memory is findable the moment it is committed."""

from __future__ import annotations

import logging
import math
import threading
from collections import Counter
from dataclasses import dataclass

import duckdb

from core.errors import StoreError
from core.store.database import IDS, Database, pack_ids
from core.store.memories import live, not_live_ids
from core.store.postings import PostingsSnapshot, StemCache, ascii_tokens

log = logging.getLogger(__name__)

FTS_SCHEMA = "fts_main_memories"
WATERMARK_KEY = "fts_indexed_seq"
# Split on anything but letters and digits: the default also drops digits, which makes
# "flight 815" or a PIN unfindable by keyword.
IGNORE = r"(\.|[^\p{L}\p{N}])+"
K1 = 1.2
B = 0.75


# The query's terms as the index knows them. Their ids then go into the scoring query as
# literals: with the postings sorted by term id (see `rebuild`), DuckDB skips every block of the
# postings table that holds none of them, where a join has to read all of it.
_QUERY_TERMS_SQL = """
SELECT termid, df FROM {fts}.dict
WHERE term IN (SELECT DISTINCT stem(unnest({fts}.tokenize($q)), 'porter'))
"""

# The same BM25 as the extension's match_bm25 macro, but driven from the query's postings: the
# macro is evaluated for every row of the table (~100 ms at 100k memories), this touches only
# documents that contain a query term.
_BM25_SQL = """
WITH matched(termid, df) AS (VALUES {matched}),
tf AS (
    SELECT docid, termid, count(*) AS tf FROM {fts}.terms
    WHERE termid IN ({termids}) GROUP BY docid, termid
),
scored AS (
    SELECT docs.name AS id, sum(
        log10((stats.num_docs - matched.df + 0.5) / (matched.df + 0.5) + 1)
        * tf.tf * ($k1 + 1)
        / (tf.tf + $k1 * (1 - $b + $b * docs.len / stats.avgdl))
    ) AS score
    FROM tf
    JOIN matched USING (termid)
    JOIN {fts}.docs docs ON docs.docid = tf.docid
    CROSS JOIN {fts}.stats stats
    GROUP BY docs.name
)
-- The index keeps rows that were superseded or forgotten since it was built.
SELECT id, score FROM scored WHERE id NOT IN ({not_live})
ORDER BY score DESC LIMIT $k
"""


@dataclass(frozen=True, slots=True)
class KeywordHit:
    memory_id: str
    score: float


class FullTextIndex:
    def __init__(self, db: Database, stale_rows_before_rebuild: int = 2000) -> None:
        self._db = db
        self.stale_rows_before_rebuild = stale_rows_before_rebuild
        self._snapshot: PostingsSnapshot | None = None
        self._stems = StemCache(self._stem_many)
        # Watermark of the index build and, per commit count, the rows newer than it.
        self._watermark: int | None = None
        self._stale: tuple[int, int, int] | None = None
        self._loading = threading.Lock()
        # (commits, include_superseded) -> ids a search must not return, while nothing changed.
        self._not_live: dict[bool, tuple[int, frozenset[str]]] = {}

    def exists(self) -> bool:
        row = (
            self._db.cursor()
            .execute(
                "SELECT count(*) FROM duckdb_tables() WHERE database_name = 'engram' "
                "AND schema_name = ? AND table_name = 'stats'",
                [FTS_SCHEMA],
            )
            .fetchall()[0]
        )
        return row[0] > 0

    def watermark(self) -> int:
        return self._indexed_upto() if self.exists() else 0

    def _indexed_upto(self) -> int:
        if self._watermark is None:
            value = self._db.meta(WATERMARK_KEY)
            self._watermark = int(value) if value is not None else 0
        return self._watermark

    def stale_rows(self, watermark: int | None = None) -> int:
        """How many memories were written after the index was last built (counted again only
        after a write)."""
        mark = self.watermark() if watermark is None else watermark
        commits = self._db.commits
        if self._stale is not None and self._stale[:2] == (commits, mark):
            return self._stale[2]
        count = (
            self._db.cursor()
            .execute("SELECT count(*) FROM memories WHERE seq > ?", [mark])
            .fetchall()[0][0]
        )
        self._stale = (commits, mark, count)
        return count

    def needs_rebuild(self) -> bool:
        return not self.exists() or self.stale_rows() >= self.stale_rows_before_rebuild

    def rebuild(self) -> None:
        """Rebuild over every row; also the way forgotten text leaves the index's term tables."""
        with self._db.exclusive() as cur:
            upto = cur.execute("SELECT coalesce(max(seq), 0) FROM memories").fetchall()[0][0]
            cur.execute(
                "PRAGMA create_fts_index('memories', 'id', 'content', stemmer = 'porter', "
                f"stopwords = 'english', ignore = '{IGNORE}', overwrite = 1)"
            )
            # Postings in term order, so a query reads only the blocks of its own terms.
            cur.execute(
                f"CREATE OR REPLACE TABLE {FTS_SCHEMA}.terms AS "
                f"SELECT * FROM {FTS_SCHEMA}.terms ORDER BY termid, docid"
            )
            self._db.set_meta(cur, WATERMARK_KEY, str(upto))
        log.info("Full-text index rebuilt up to memory #%d", upto)
        self._watermark = upto
        self._snapshot = None
        self._postings(upto)

    def search(
        self, query: str, k: int = 200, *, include_superseded: bool = False
    ) -> list[KeywordHit]:
        """Top-k live memories by BM25, ids and scores."""
        if not query.strip():
            return []
        try:
            if not self.exists():
                self.rebuild()
            return self._search(query, k, include_superseded)
        except duckdb.Error as exc:
            raise StoreError(f"Keyword search failed: {exc}") from exc

    def _search(self, query: str, k: int, include_superseded: bool) -> list[KeywordHit]:
        watermark = self._indexed_upto()  # the caller made sure the index exists
        cur = self._db.cursor()
        hits = []
        snapshot = self._postings(watermark)
        words = ascii_tokens(query) if snapshot is not None else None
        if snapshot is not None and words is not None:
            pairs = snapshot.query_terms(self._stems.stems(words))
            excluded = self._excluded(include_superseded) if pairs else frozenset()
            hits = [KeywordHit(i, s) for i, s in snapshot.top(pairs, k, excluded, K1, B)]
        elif terms := cur.execute(_QUERY_TERMS_SQL.format(fts=FTS_SCHEMA), {"q": query}).fetchall():
            indexed = cur.execute(
                _BM25_SQL.format(
                    fts=FTS_SCHEMA,
                    not_live=not_live_ids(include_superseded=include_superseded),
                    matched=", ".join(f"({int(termid)}, {int(df)})" for termid, df in terms),
                    termids=", ".join(str(int(termid)) for termid, _ in terms),
                ),
                {"k": k, "k1": K1, "b": B},
            ).fetchall()
            hits = [KeywordHit(r[0], float(r[1])) for r in indexed]
        if self.stale_rows(watermark):
            hits.extend(self._search_unindexed(query, watermark, include_superseded))
        hits.sort(key=lambda h: h.score, reverse=True)
        return hits[:k]

    def _postings(self, watermark: int) -> PostingsSnapshot | None:
        """The in-memory postings of the current index build; loaded on first need (well
        under a second at 100k memories). While another thread loads them, None: that search
        runs the SQL scoring instead of waiting."""
        snapshot = self._snapshot
        if snapshot is not None and snapshot.watermark == watermark:
            return snapshot
        if not self._loading.acquire(blocking=False):
            return None
        try:
            snapshot = self._snapshot
            if snapshot is None or snapshot.watermark != watermark:
                snapshot = PostingsSnapshot.load(self._db.cursor(), FTS_SCHEMA, watermark)
                self._snapshot = snapshot
            return snapshot
        finally:
            self._loading.release()

    def _stem_many(self, words: list[str]) -> list[str]:
        (stems,) = (
            self._db.cursor()
            .execute("SELECT list_transform($w, x -> stem(x, 'porter'))", {"w": words})
            .fetchall()[0]
        )
        return list(stems)

    def _excluded(self, include_superseded: bool) -> frozenset[str]:
        """Ids the index still holds but a search must not return (superseded, forgotten,
        stubs), re-read only after a write."""
        commits = self._db.commits
        cached = self._not_live.get(include_superseded)
        if cached is not None and cached[0] == commits:
            return cached[1]
        rows = self._db.cursor().execute(not_live_ids(include_superseded=include_superseded))
        ids = frozenset(r[0] for r in rows.fetchall())
        self._not_live[include_superseded] = (commits, ids)
        return ids

    def _search_unindexed(
        self, query: str, watermark: int, include_superseded: bool
    ) -> list[KeywordHit]:
        cur = self._db.cursor()
        # The same tokenizer, stopwords (dropped before stemming) and stemmer as the index.
        rows = cur.execute(
            f"""
            WITH fresh AS (
                SELECT id, unnest({FTS_SCHEMA}.tokenize(content)) AS word FROM memories
                WHERE seq > $w AND {live(include_superseded=include_superseded)}
                UNION ALL
                SELECT NULL, unnest({FTS_SCHEMA}.tokenize($q))
            )
            SELECT id, list(stem(word, 'porter')) FROM fresh
            WHERE word <> '' AND word NOT IN (SELECT sw FROM {FTS_SCHEMA}.stopwords)
            GROUP BY id
            """,
            {"q": query, "w": watermark},
        ).fetchall()
        query_terms = next((set(tokens) for doc, tokens in rows if doc is None), set())
        docs = [(doc, tokens) for doc, tokens in rows if doc is not None]
        if not query_terms or not docs:
            return []
        num_docs, avgdl = cur.execute(f"SELECT num_docs, avgdl FROM {FTS_SCHEMA}.stats").fetchall()[
            0
        ]
        indexed_df = dict(
            cur.execute(
                f"SELECT term, df FROM {FTS_SCHEMA}.dict WHERE term IN {IDS}",
                [pack_ids(sorted(query_terms))],
            ).fetchall()
        )
        fresh_df = Counter(t for _, tokens in docs for t in set(tokens) & query_terms)
        total_docs = (num_docs or 0) + len(docs)
        total_len = (avgdl or 0) * (num_docs or 0) + sum(len(tokens) for _, tokens in docs)
        mean_len = total_len / total_docs if total_docs else 1.0
        hits = []
        for memory_id, tokens in docs:
            tf = Counter(t for t in tokens if t in query_terms)
            if not tf:
                continue
            score = 0.0
            for term, count in tf.items():
                df = indexed_df.get(term, 0) + fresh_df[term]
                # DuckDB's log() is base 10: match the indexed scores exactly.
                idf = math.log10((total_docs - df + 0.5) / (df + 0.5) + 1)
                norm = count + K1 * (1 - B + B * len(tokens) / mean_len)
                score += idf * count * (K1 + 1) / norm
            hits.append(KeywordHit(memory_id, score))
        return hits
