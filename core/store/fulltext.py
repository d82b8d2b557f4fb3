"""BM25 through DuckDB's fts extension. The fts index is a snapshot: it does not follow inserts.
Rows written after it are scored here with the same tokenizer, stemmer, stopwords and corpus
statistics (the index's, extended by them), so a memory is findable the moment it is committed,
and are folded into its tables once there are enough of them (scored here they cost a search
~1 ms per 100 at 100k memories; a fold holds the writer ~0.05 s). A forget takes the words it
purged out of the index the same way: once built, it is never rebuilt in ordinary use, and the
postings held in process follow both changes without being read whole again."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import duckdb

from core.errors import StoreError
from core.store.database import IDS, Database, pack_ids
from core.store.literals import quoted
from core.store.memory_rows import not_live_ids
from core.store.postings import (
    PostingsSnapshot,
    StemCache,
    ascii_tokens,
    read_stats,
    read_stopwords,
    read_vocabulary,
)
from core.store.searchable import SearchableMemories
from core.store.unindexed import (
    K1,
    B,
    CorpusStats,
    UnindexedDocuments,
    bm25_unindexed,
    corpus_stats,
)

log = logging.getLogger(__name__)

FTS_SCHEMA = "fts_main_memories"
WATERMARK_KEY = "fts_indexed_seq"
# Count rebuilds (which renumber the postings) and forgets (which take some out): held postings
# of the same build only need what forgets took out and folds appended since.
BUILD_KEY = "fts_build"
DROPS_KEY = "fts_drops"
# Split on anything but letters and digits: the default also drops digits, which makes
# "flight 815" or a PIN unfindable by keyword.
IGNORE = r"(\.|[^\p{L}\p{N}])+"


# The query's terms, as the extension's macro takes them (stopwords are not taken out: their
# stems may be another word's). The ids of those the index knows go into the scoring query as
# literals: with the postings sorted by term id (see `rebuild`), DuckDB skips every block of the
# postings table that holds none of them, where a join has to read all of it.
_QUERY_STEMS_SQL = f"""
SELECT DISTINCT stem(word, 'porter') FROM (SELECT unnest({FTS_SCHEMA}.tokenize($q)) AS word)
WHERE word <> ''
"""

# The same BM25 as the extension's match_bm25 macro, but driven from the query's postings: the
# macro is evaluated for every row of the table (~100 ms at 100k memories), this touches only
# documents that contain a query term. Corpus statistics and dfs come in extended by the rows
# written since the index (`corpus_stats`).
_BM25_SQL = """
WITH matched(termid, df) AS (VALUES {matched}),
tf AS (
    SELECT docid, termid, count(*) AS tf FROM {fts}.terms
    WHERE termid IN ({termids}) GROUP BY docid, termid
),
scored AS (
    SELECT docs.name AS id, sum(
        log10(($num_docs - matched.df + 0.5) / (matched.df + 0.5) + 1)
        * tf.tf * ($k1 + 1)
        / (tf.tf + $k1 * (1 - $b + $b * docs.len / $avgdl))
    ) AS score
    FROM tf
    JOIN matched USING (termid)
    JOIN {fts}.docs docs ON docs.docid = tf.docid
    GROUP BY docs.name
)
-- The index keeps rows that were superseded or forgotten since it was built.
SELECT id, score FROM scored WHERE id NOT IN ({not_live})
ORDER BY score DESC LIMIT $k
"""


# Rows written since the last build or fold, given the postings a rebuild would give them:
# tokenized, stopwords dropped before stemming, one `terms` row per occurrence, a document
# without text counted with length 0. The fts schema's `{fts}` and the seq range fill in.
_FOLD_SQL = """
CREATE OR REPLACE TEMP TABLE fold_docs AS
SELECT (SELECT coalesce(max(docid), -1) FROM {fts}.docs) + row_number() OVER (ORDER BY seq)
    AS docid, id AS name, content
FROM memories WHERE seq > {after} AND seq <= {upto};
CREATE OR REPLACE TEMP TABLE fold_words AS
SELECT docid, stem(word, 'porter') AS term
FROM (SELECT docid, unnest({fts}.tokenize(content)) AS word FROM fold_docs)
WHERE word <> '' AND word NOT IN (SELECT sw FROM {fts}.stopwords);
INSERT INTO {fts}.dict
SELECT (SELECT coalesce(max(termid), -1) FROM {fts}.dict) + row_number() OVER (ORDER BY term),
    term, 0
FROM (SELECT DISTINCT term FROM fold_words WHERE term NOT IN (SELECT term FROM {fts}.dict));
UPDATE {fts}.dict SET df = df + fresh.n
FROM (SELECT term, count(DISTINCT docid) AS n FROM fold_words GROUP BY term) fresh
WHERE dict.term = fresh.term;
INSERT INTO {fts}.docs
SELECT d.docid, d.name, count(w.term) FROM fold_docs d LEFT JOIN fold_words w USING (docid)
GROUP BY d.docid, d.name;
INSERT INTO {fts}.terms
SELECT w.docid, 0, dict.termid FROM fold_words w JOIN {fts}.dict dict USING (term)
ORDER BY dict.termid, w.docid;
UPDATE {fts}.stats SET num_docs = (SELECT count(*) FROM {fts}.docs),
    avgdl = (SELECT avg(len) FROM {fts}.docs);
SELECT count(*) FROM fold_docs;
"""


# The index as a rebuild would leave it once memories were forgotten (text cleared: a document
# of length 0 with no postings) or deleted (no document at all): their postings out, document
# frequencies down, and every term no memory uses any more gone from the dictionary, for the
# words themselves are what a forget must not leave behind.
_DROP_PURGED_SQL = """
CREATE OR REPLACE TEMP TABLE purged_docs AS
SELECT d.docid, m.id IS NULL AS gone
FROM {fts}.docs d LEFT JOIN memories m ON m.id = d.name
WHERE m.id IS NULL OR (m.content IS NULL AND d.len > 0);
CREATE OR REPLACE TEMP TABLE purged_terms AS
SELECT termid, count(DISTINCT docid) AS n FROM {fts}.terms
WHERE docid IN (SELECT docid FROM purged_docs) GROUP BY termid;
DELETE FROM {fts}.terms WHERE docid IN (SELECT docid FROM purged_docs);
UPDATE {fts}.dict SET df = df - purged_terms.n FROM purged_terms
WHERE dict.termid = purged_terms.termid;
DELETE FROM {fts}.dict WHERE df <= 0;
DELETE FROM {fts}.docs WHERE docid IN (SELECT docid FROM purged_docs WHERE gone);
UPDATE {fts}.docs SET len = 0 WHERE docid IN (SELECT docid FROM purged_docs WHERE NOT gone);
UPDATE {fts}.stats SET num_docs = (SELECT count(*) FROM {fts}.docs),
    avgdl = coalesce((SELECT avg(len) FROM {fts}.docs), 0);
SELECT count(*) FROM purged_docs;
"""


def _counted_change(cur: duckdb.DuckDBPyConnection, sql: str, scratch: Sequence[str]) -> int:
    """Run one of the index changes above (its last statement counts the memories it
    touched) and drop the temporary tables it worked in, which would otherwise stay held by
    the writer's connection until the next change."""
    (count,) = cur.execute(sql).fetchall()[0]
    cur.execute("; ".join(f"DROP TABLE {table}" for table in scratch))
    return int(count)


@dataclass(frozen=True, slots=True)
class KeywordHit:
    memory_id: str
    score: float


def _fresh_hits(
    fresh: dict[str, list[str]], stats: CorpusStats, admit: Callable[[list[str]], set[str]]
) -> list[KeywordHit]:
    """Rows written since the index, scored on the same statistics as the indexed ones."""
    if not fresh:
        return []
    allowed = admit(list(fresh))
    docs = ((i, stems) for i, stems in fresh.items() if i in allowed)
    return [KeywordHit(i, score) for i, score in bm25_unindexed(docs, stats)]


class FullTextIndex:
    def __init__(
        self,
        db: Database,
        searchable: SearchableMemories,
        stale_rows_before_fold: int = 100,
    ) -> None:
        self._db = db
        self._searchable = searchable
        self.stale_rows_before_fold = stale_rows_before_fold
        self._snapshot: PostingsSnapshot | None = None
        self._stems = StemCache(self._stem_many)
        self._unindexed = UnindexedDocuments(db, FTS_SCHEMA, self._stems)
        # Watermark of the index build and, per commit count, the rows newer than it.
        self._watermark: int | None = None
        self._stale: tuple[int, int, int] | None = None
        self._loading = threading.Lock()
        self._exists = False
        self._stopword_set: frozenset[str] | None = None

    def exists(self) -> bool:
        """Asked of the catalog until the answer is yes (~1-2 ms a time, on every search's
        path): once built, the index is only ever replaced or extended, each in one write. A
        failed search asks again."""
        if not self._exists:
            row = (
                self._db.cursor()
                .execute(
                    "SELECT count(*) FROM duckdb_tables() WHERE database_name = 'engram' "
                    "AND schema_name = ? AND table_name = 'stats'",
                    [FTS_SCHEMA],
                )
                .fetchall()[0]
            )
            self._exists = row[0] > 0
        return self._exists

    def watermark(self) -> int:
        return self._indexed_upto() if self.exists() else 0

    def _indexed_upto(self) -> int:
        if self._watermark is None:
            self._watermark = self._built_to(self._db.cursor())
        return self._watermark

    def stale_rows(self) -> int:
        """How many memories were written after the index was last built (counted again only
        after a write)."""
        mark = self.watermark()
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

    def upkeep(self) -> None:
        """Build the index if there is none, else fold in what was written since once there
        is enough of it."""
        if not self.exists():
            self.rebuild()
        elif self.stale_rows() >= self.stale_rows_before_fold:
            self.fold()

    def fold(self) -> int:
        """Add the memories written since the index was built or last folded to its tables,
        scored from then on exactly as after a rebuild, in one short write: at 100k memories
        it holds the writer 0.04 s for 100 new rows (0.15 s for 2,000), a rebuild 7-8 s. Postings
        stay in term order but for the folded tail. Returns how many memories it added."""
        with self._db.write() as cur:
            after = self._built_to(cur)
            upto = cur.execute("SELECT coalesce(max(seq), 0) FROM memories").fetchall()[0][0]
            if upto <= after:
                return 0
            added = _counted_change(
                cur,
                _FOLD_SQL.format(fts=FTS_SCHEMA, after=after, upto=int(upto)),
                ("fold_docs", "fold_words"),
            )
            self._db.set_meta(cur, WATERMARK_KEY, str(upto))
        log.info("Full-text index: %d memories folded in (up to #%d)", added, upto)
        self._moved_to(upto)
        return added

    def drop_purged(self) -> int:
        """Take forgotten and deleted memories out of the index, as a rebuild would (built
        anew when there is none), in one write: a rebuild held the writer 11 s of a forget's
        21 s at 100k memories. Returns how many memories it took out."""
        if not self.exists():
            self.rebuild()
            return 0
        with self._db.write() as cur:
            dropped = _counted_change(
                cur, _DROP_PURGED_SQL.format(fts=FTS_SCHEMA), ("purged_docs", "purged_terms")
            )
            self._count_up(cur, DROPS_KEY)
        log.info("Full-text index: %d forgotten memories taken out", dropped)
        self._moved_to(self._indexed_upto())
        return dropped

    def rebuild(self) -> None:
        """Rebuild over every row; also the way forgotten text leaves the index's term tables.
        One transaction: readers see the old index until the new one and its watermark land
        together, and a failure leaves the old one as it was."""
        with self._db.write() as cur:
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
            self._count_up(cur, BUILD_KEY)
        self._exists = True
        log.info("Full-text index rebuilt up to memory #%d", upto)
        self._moved_to(upto)

    def _count_up(self, cur: duckdb.DuckDBPyConnection, key: str) -> None:
        self._db.set_meta(cur, key, str(self._count(cur, key) + 1))

    def _count(self, cur: duckdb.DuckDBPyConnection, key: str) -> int:
        return int(self._db.meta(key, cur) or 0)

    def _moved_to(self, watermark: int) -> None:
        """The index changed: its postings are read again at once, after any load begun
        before the change (whose snapshot would otherwise win)."""
        self._watermark = watermark
        with self._loading:
            self._snapshot = self._read_postings(self._snapshot)

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
            self._exists = False
            raise StoreError(f"Keyword search failed: {exc}") from exc

    def _search(self, query: str, k: int, include_superseded: bool) -> list[KeywordHit]:
        watermark = self._indexed_upto()  # the caller made sure the index exists
        snapshot = self._postings(watermark)
        words = ascii_tokens(query) if snapshot is not None else None
        if snapshot is not None and words is not None:
            hits = self._search_in_process(snapshot, words, k, include_superseded)
        else:
            hits = self._search_sql(query, k, include_superseded)
        hits.sort(key=lambda h: h.score, reverse=True)
        return hits[:k]

    def _search_in_process(
        self, snapshot: PostingsSnapshot, words: list[str], k: int, include_superseded: bool
    ) -> list[KeywordHit]:
        admit = partial(self._searchable_among, include_superseded=include_superseded)
        stems = list(dict.fromkeys(self._stems.stems(words)))
        fresh = self._unindexed.documents(
            snapshot.watermark, snapshot.drops, snapshot.stopwords, self._db.additions
        )
        known = {t: snapshot.vocabulary[t] for t in stems if t in snapshot.vocabulary}
        stats = corpus_stats(snapshot.num_docs, snapshot.avgdl, known, fresh.values(), stems)
        pairs = [(term_id, stats.df[t]) for t, (term_id, _) in known.items()]
        top = snapshot.top(pairs, k, admit, num_docs=stats.num_docs, avgdl=stats.avgdl, k1=K1, b=B)
        return [KeywordHit(i, s) for i, s in top] + _fresh_hits(fresh, stats, admit)

    def _search_sql(self, query: str, k: int, include_superseded: bool) -> list[KeywordHit]:
        """DuckDB alone: while the postings load, and for queries beyond plain ASCII. The
        watermark is read with the index's tables: a fold committed between the two would
        have its rows scored twice, as indexed and as new."""
        admit = partial(self._searchable_among, include_superseded=include_superseded)
        additions = self._db.additions
        with self._db.read_snapshot() as cur:
            watermark, drops = self._built_to(cur), self._count(cur, DROPS_KEY)
            stems = [r[0] for r in cur.execute(_QUERY_STEMS_SQL, {"q": query}).fetchall()]
            known = read_vocabulary(cur, FTS_SCHEMA, f"term IN {IDS}", [pack_ids(stems)])
            num_docs, avgdl = read_stats(cur, FTS_SCHEMA)
            fresh = self._unindexed.documents(watermark, drops, self._stopwords(cur), additions)
            stats = corpus_stats(num_docs, avgdl, known, fresh.values(), stems)
            hits = []
            if known:
                indexed = cur.execute(
                    _BM25_SQL.format(
                        fts=FTS_SCHEMA,
                        not_live=not_live_ids(include_superseded=include_superseded),
                        matched=", ".join(
                            f"({term_id}, {stats.df[t]})" for t, (term_id, _) in known.items()
                        ),
                        termids=", ".join(str(term_id) for term_id, _ in known.values()),
                    ),
                    {
                        "k": k,
                        "k1": K1,
                        "b": B,
                        "num_docs": stats.num_docs,
                        "avgdl": stats.avgdl,
                    },
                ).fetchall()
                hits = [KeywordHit(r[0], float(r[1])) for r in indexed]
        return hits + _fresh_hits(fresh, stats, admit)

    def _stopwords(self, cur: duckdb.DuckDBPyConnection) -> frozenset[str]:
        if self._stopword_set is None:
            self._stopword_set = read_stopwords(cur, FTS_SCHEMA)
        return self._stopword_set

    def _built_to(self, cur: duckdb.DuckDBPyConnection) -> int:
        return int(self._db.meta(WATERMARK_KEY, cur) or 0)

    def load(self) -> None:
        """Read the postings now rather than in the first search (2.5 s at 100k memories)."""
        if self.exists():
            self._postings(self._indexed_upto())

    def _postings(self, watermark: int) -> PostingsSnapshot | None:
        """The in-memory postings of the current index build; loaded on first need (well
        under a second at 100k memories). While another thread loads them, None: that search
        runs the SQL scoring instead of waiting."""
        snapshot = self._snapshot
        if snapshot is not None and snapshot.watermark >= watermark:
            return snapshot
        if not self._loading.acquire(blocking=False):
            return None
        try:
            snapshot = self._snapshot
            if snapshot is None or snapshot.watermark < watermark:
                snapshot = self._read_postings(snapshot)
                self._snapshot = snapshot
            return snapshot
        finally:
            self._loading.release()

    def _read_postings(self, held: PostingsSnapshot | None) -> PostingsSnapshot:
        """Tables, watermark and counts read together: a fold may commit while they load, and
        the snapshot is then the newer state, whole. `held` postings of the same build take
        in only what forgets took out and folds appended since (a few ms; reading them whole
        takes ~2 s of CPU at 100k memories)."""
        with self._db.read_snapshot() as cur:
            watermark = self._built_to(cur)
            build, drops = self._count(cur, BUILD_KEY), self._count(cur, DROPS_KEY)
            if held is not None and held.build == build and held.drops != drops:
                held = held.without_forgotten(cur, FTS_SCHEMA, drops)
            if held is None or held.build != build:
                return PostingsSnapshot.load(cur, FTS_SCHEMA, watermark, build, drops)
            return held.extended(cur, FTS_SCHEMA, watermark)

    def _stem_many(self, words: list[str]) -> list[str]:
        """Words (letters and digits only) travel as one packed string literal: a list
        parameter is converted value by value, ~0.1 ms a word (4 ms for a message's 40 new
        words), and any parameter costs the statement ~0.25 ms (the driver looks for pandas)."""
        if not words:
            return []
        (stems,) = (
            self._db.cursor()
            .execute(
                f"SELECT list_transform(string_split({quoted(pack_ids(words))}, chr(31)), "
                "x -> stem(x, 'porter'))"
            )
            .fetchall()[0]
        )
        return list(stems)

    def _searchable_among(self, ids: list[str], *, include_superseded: bool) -> set[str]:
        """The index still holds rows superseded, forgotten or stubbed since it was built: the
        rows held in process say which of these candidates a search may return."""
        held = self._searchable.get(ids)
        return {i for i, m in held.items() if include_superseded or m.valid_to is None}
