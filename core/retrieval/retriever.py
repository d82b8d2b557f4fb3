"""One search, end to end: candidates from HNSW and BM25, pre-filters, the weighted scorer,
diversity, associative expansion through links, the adaptive cut, each turn once, and the
strengthening that using a memory brings. When a part fails it degrades (vector -> keywords ->
recent memories) and says so rather than pretending nothing matched."""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime

import duckdb
import numpy as np

from core.embed import Embedder
from core.errors import EngramError, StoreError
from core.ingest.entities import extract_entities
from core.model import Memory, MemoryKind
from core.retrieval.config import DEFAULT_RETRIEVAL, Mode, RetrievalConfig
from core.retrieval.retelling import shown_once
from core.retrieval.scoring import (
    Judged,
    ScoringContext,
    SearchResult,
    adaptive_cut,
    diversify,
    in_window,
    judge,
    memory_retention,
    rank,
)
from core.store import MemoryStore
from core.store.fulltext import KeywordHit
from core.store.vector import VectorHit
from core.temporal import TimeWindow, asks_what_was_said, looks_ahead, parse_time_window
from core.text_input import clean_text

log = logging.getLogger(__name__)

# Library and database failures that mean "this signal is unavailable right now".
SEARCH_FAILURES = (EngramError, RuntimeError, OSError, ValueError)


@dataclass(frozen=True, slots=True)
class SearchRequest:
    query: str
    now: datetime
    mode: Mode = Mode.ANSWER
    k: int = 10
    kinds: frozenset[MemoryKind] | None = None
    project: str | None = None
    project_only: bool = False
    since: datetime | None = None
    until: datetime | None = None
    as_of: datetime | None = None
    task_memory_ids: Collection[str] = frozenset()
    adaptive: bool = True
    expand: bool = True
    # Whether a time phrase in the query narrows what is recalled to that time.
    time_phrases: bool = True
    record_access: bool = True
    # A precomputed query vector (benchmarks time search without the encoder).
    query_vector: np.ndarray | None = None


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    results: list[SearchResult]
    degraded: str | None = None
    window: TimeWindow | None = None
    candidates: int = 0


class Retriever:
    def __init__(
        self,
        store: MemoryStore,
        embedder: Embedder,
        config: RetrievalConfig = DEFAULT_RETRIEVAL,
    ) -> None:
        self._store = store
        self._embedder = embedder
        self.config = config
        self._keyword_thread = ThreadPoolExecutor(1, thread_name_prefix="engram-bm25")

    def search(self, request: SearchRequest) -> SearchOutcome:
        request = replace(request, query=clean_text(request.query))
        window = self._window(request)
        past = request.as_of is not None
        problems: list[str] = []
        # A phrase about when something happened prefers what was said then; one about what
        # was said, or a caller's since/until, admits nothing else.
        required, preferred = (
            (window, None) if window is None or self._filters(window, request) else (None, window)
        )
        context = ScoringContext(
            now=request.now,
            weights=self.config.weights(request.mode),
            query_entities=extract_entities(request.query),
            project=request.project,
            task_memory_ids=request.task_memory_ids,
        )
        # The query is embedded first, on its own: the encoder spreads over every core, and a
        # query running beside it slowed both (~2x on two cores). Keywords are then searched,
        # and their hits judged, on the retriever's own thread while this one walks the HNSW
        # graph (DuckDB releases the GIL). That thread lives as long as the retriever: one
        # started per search cost ~1-2 ms, mostly for its new database cursor.
        vector = self._query_vector(request, problems)
        keywords = self._keyword_thread.submit(
            self._keyword_candidates, request, past, context, required, problems
        )
        try:
            vector_hits = self._vector_candidates(vector, problems) if vector is not None else []
        finally:
            keyword_hits, judged, admissible = keywords.result()
        if len(problems) == 2:
            return self._recent_fallback(request, window, problems)
        similarity = {h.memory_id: h.similarity for h in vector_hits}
        keyword = {h.memory_id: h.score for h in keyword_hits}
        try:
            rest = self._store.searchable.get(i for i in similarity if i not in keyword)
        except SEARCH_FAILURES as exc:
            log.warning("Memories unreadable: %s", exc)
            problems.append(f"Memory is unreadable right now ({exc}).")
            return SearchOutcome([], " ".join(problems), window)
        more, more_admissible = self._judge(list(rest.values()), request, context, required)
        judged, admissible = judged + more, admissible + more_admissible
        if not any(admissible) and required is not None and required.phrase != "explicit":
            required = None
            admissible = self._admitted(judged, request, required)
        admitted = [i for i, admit in enumerate(admissible) if admit]
        judged = judged.only(admitted)
        memories = judged.memories
        if preferred is not None and not any(in_window(preferred, m) for m in memories):
            preferred = None
        if window is not None and window.phrase != "explicit" and required is preferred is None:
            # "Where did she move from 4 years ago?" names when something happened, and nothing
            # was said then: the answer comes from any time, and says so.
            problems.append(f"Nothing remembered from {window.phrase}; matches from any time.")
        top_bm25 = max(keyword.values(), default=0.0) or 1.0
        scored = rank(
            judged,
            np.fromiter((similarity.get(m.id, 0.0) for m in memories), np.float64, len(memories)),
            np.fromiter((keyword.get(m.id, 0.0) for m in memories), np.float64, len(memories))
            / top_bm25,
            replace(context, window=preferred),
            self.config,
            head=max(self.config.diversity_window, request.k),
        )
        ranked = diversify(scored.head, self.config)
        # The cut judges direct matches; associations ride along with what survives it.
        cut = (
            adaptive_cut(ranked, request.k, self.config)
            if request.adaptive
            else ranked[: request.k]
        )
        # Scored from copies without their text: only the results kept get it, with
        # provenance. Read on the other thread while links are followed (each ~2-3 ms at 100k
        # memories); an association that joins the results is read after.
        kept = [r.memory for r in cut]
        if request.expand and cut:
            reading = self._keyword_thread.submit(self._store.memories.with_text, kept)
            weak = [r.memory for r in ranked[len(cut) :]] + scored.rest
            cut = self._expand(cut, weak, request, required)[: request.k]
            whole = {m.id: m for m in reading.result()}
        else:
            whole = {m.id: m for m in self._store.memories.with_text(kept)}
        if joined := [r.memory for r in cut if r.memory.id not in whole]:
            whole |= {m.id: m for m in self._store.memories.with_text(joined)}
        cut = shown_once(
            [replace(r, memory=whole[r.memory.id]) for r in cut if r.memory.id in whole]
        )
        if request.record_access and cut:
            try:
                self.strengthen(cut, request.now)
            except StoreError as exc:
                # Finding needs no write: on a full disk the use goes unlearnt, the answer stands.
                log.warning("Search results not strengthened: %s", exc)
        degraded = " ".join(problems) or None
        return SearchOutcome(cut, degraded, required or preferred, len(memories))

    def _window(self, request: SearchRequest) -> TimeWindow | None:
        if request.since or request.until:
            return TimeWindow(
                request.since or datetime.min.replace(tzinfo=request.now.tzinfo),
                request.until or request.now,
                "explicit",
            )
        if not request.time_phrases or looks_ahead(request.query):
            return None
        return parse_time_window(request.query, request.now)

    @staticmethod
    def _filters(window: TimeWindow, request: SearchRequest) -> bool:
        """Whether the window admits only what was said in it: dates given outright, and
        questions about the conversation itself ("What did we decide last week?")."""
        return window.phrase == "explicit" or asks_what_was_said(request.query)

    def _query_vector(self, request: SearchRequest, problems: list[str]) -> np.ndarray | None:
        if request.query_vector is not None:
            return request.query_vector
        try:
            return self._embedder.embed([request.query])[0]
        except SEARCH_FAILURES as exc:
            self._vector_unavailable(exc, problems)
            return None

    def _vector_candidates(self, vector: np.ndarray, problems: list[str]) -> list[VectorHit]:
        try:
            return self._store.vectors.nearest_any(vector, self.config.candidates)
        except SEARCH_FAILURES as exc:
            self._vector_unavailable(exc, problems)
            return []

    @staticmethod
    def _vector_unavailable(exc: BaseException, problems: list[str]) -> None:
        log.warning("Vector search unavailable: %s", exc)
        problems.append(f"Search by meaning is unavailable ({exc}); using keywords.")

    def _keyword_candidates(
        self,
        request: SearchRequest,
        past: bool,
        context: ScoringContext,
        window: TimeWindow | None,
        problems: list[str],
    ) -> tuple[list[KeywordHit], Judged, list[bool]]:
        try:
            hits = self._store.fulltext.search(
                request.query, self.config.candidates, include_superseded=past
            )
            found = self._store.searchable.get(h.memory_id for h in hits)
        except SEARCH_FAILURES as exc:
            log.warning("Keyword search unavailable: %s", exc)
            problems.append(f"Keyword search is unavailable ({exc}).")
            hits, found = [], {}
        return hits, *self._judge(list(found.values()), request, context, window)

    def _judge(
        self,
        memories: list[Memory],
        request: SearchRequest,
        context: ScoringContext,
        window: TimeWindow | None,
    ) -> tuple[Judged, list[bool]]:
        """Candidates judged, and whether each may be returned with `window` required."""
        judged = judge(memories, context, self.config)
        return judged, self._admitted(judged, request, window)

    def _admitted(
        self, judged: Judged, request: SearchRequest, window: TimeWindow | None
    ) -> list[bool]:
        return [
            self._admissible(m, r, request, window)
            for m, r in zip(judged.memories, judged.retention.tolist(), strict=True)
        ]

    def _admissible(
        self,
        memory: Memory,
        retention: float,
        request: SearchRequest,
        window: TimeWindow | None,
    ) -> bool:
        if request.kinds is not None and memory.kind not in request.kinds:
            return False
        if request.project_only and memory.project != request.project:
            return False
        if window is not None and not window.holds(memory.valid_from, memory.created_at):
            return False
        if request.as_of is None:
            if memory.valid_to is not None:
                return False
        elif memory.valid_from > request.as_of or (
            memory.valid_to is not None and memory.valid_to <= request.as_of
        ):
            return False
        if request.mode not in self.config.drop_faded_in or memory.access_count > 0:
            return True
        return retention >= self.config.drop_retention_below

    def _expand(
        self,
        kept: list[SearchResult],
        below_cut: list[Memory],
        request: SearchRequest,
        window: TimeWindow | None,
    ) -> list[SearchResult]:
        """Spreading activation: strong links from the best results pull their neighbours in,
        including candidates that matched the query too weakly to make the cut themselves."""
        top = {r.memory.id: r for r in kept[: self.config.expand_from]}
        by_id = {r.memory.id: r for r in kept}
        weak = {m.id: m for m in below_cut}
        chosen: dict[str, tuple[float, str]] = {}
        for link in self._store.links.neighbours(
            list(top), request.now, self.config.expand_min_weight, live_only=False
        ):
            score = top[link.src_id].score * link.weight * self.config.expand_factor
            own = by_id[link.dst_id].score if link.dst_id in by_id else 0.0
            if score > own and score > chosen.get(link.dst_id, (0.0, ""))[0]:
                chosen[link.dst_id] = (score, link.src_id)
        # Targets are judged from the rows held in process (the links table does not know
        # which memories are still live) before the strongest few are taken.
        unseen = (memory_id for memory_id in chosen if memory_id not in by_id)
        fetched = {**weak, **self._store.searchable.get(m for m in unseen if m not in weak)}
        reachable = [
            (memory_id, found)
            for memory_id, found in chosen.items()
            if memory_id in by_id
            or (
                memory_id in fetched
                and self._admissible(
                    fetched[memory_id],
                    memory_retention(fetched[memory_id], request.now, self.config),
                    request,
                    window,
                )
            )
        ]
        reachable.sort(key=lambda item: item[1][0], reverse=True)
        for memory_id, (score, source) in reachable[: self.config.expand_max]:
            memory = by_id.pop(memory_id).memory if memory_id in by_id else fetched[memory_id]
            by_id[memory_id] = SearchResult(
                memory, score, {"associative": score}, associated_with=source
            )
        ranked = list(by_id.values())
        return sorted(ranked, key=lambda r: r.score, reverse=True)

    def strengthen(
        self,
        results: Sequence[SearchResult],
        now: datetime,
        cur: duckdb.DuckDBPyConnection | None = None,
    ) -> None:
        """Using memories strengthens them: returned ones are boosted (associated ones less)
        and the top direct hits' co-retrieval links grow. Called by `search` unless the caller
        defers it (a chat turn boosts after the reply, inside its own write via `cur`)."""
        if cur is None:
            with self._store.db.write() as writer:
                self.strengthen(results, now, writer)
            return
        direct = [r.memory.id for r in results if r.associated_with is None]
        associative = [r.memory.id for r in results if r.associated_with is not None]
        self._store.memories.record_access(cur, direct, associative, now, self.config.decay)
        self._store.links.strengthen(
            cur,
            direct[: self.config.co_retrieval_top],
            "co_retrieval",
            self.config.co_retrieval_amount,
            now,
        )

    def _recent_fallback(
        self, request: SearchRequest, window: TimeWindow | None, problems: list[str]
    ) -> SearchOutcome:
        """Both indexes are down: the most recent memories are better than nothing, and the
        caller is told plainly that these are not search results."""
        try:
            recent = self._store.memories.recent(request.k)
        except SEARCH_FAILURES as exc:
            problems.append(f"Memory is unreadable right now ({exc}).")
            return SearchOutcome([], " ".join(problems), window)
        problems.append("Showing the most recent memories instead of search results.")
        results = [SearchResult(m, 0.0, {"recent": 1.0}) for m in recent]
        return SearchOutcome(results, " ".join(problems), window)
