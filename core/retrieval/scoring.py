"""The weighted signal sum of seed 000, with semantic similarity modulated by retention
(sim * R^0.3, seed 001), then diversity and the adaptive cut."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

import numpy as np

from core.decay import days_between, decay_terms, retentions, retentions_at_ages
from core.ingest.entities import jaccard
from core.model import Memory, MemoryKind
from core.retrieval.config import RetrievalConfig, Weights
from core.temporal import TimeWindow

# A memory valid from more than this before it was said tells of an earlier day.
_TOLD_LATER = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A memory with its score and the signals it is made of (what the sidebar explains)."""

    memory: Memory
    score: float
    signals: dict[str, float] = field(default_factory=dict)
    # Set when the memory came in through a link from this result rather than matching itself.
    associated_with: str | None = None
    # Set when a better result already shows some of its turns: the rest, as a prompt gets it.
    excerpt: str | None = None

    @property
    def text(self) -> str:
        """What this result brings to a prompt: its memory's text, less what a better one
        shows (`core.retrieval.retelling`)."""
        return self.memory.content if self.excerpt is None else self.excerpt


@dataclass(frozen=True, slots=True)
class ScoringContext:
    now: datetime
    weights: Weights
    query_entities: tuple[str, ...] = ()
    project: str | None = None
    task_memory_ids: Collection[str] = ()
    # The time a query asks about, as a preference: what was said outside it ranks lower.
    window: TimeWindow | None = None


def memory_retention(memory: Memory, now: datetime, config: RetrievalConfig) -> float:
    return float(retentions([decay_terms(memory)], now, config.decay)[0])


@dataclass(frozen=True, slots=True)
class Judged:
    """Candidates with everything that scores them but their similarity and BM25: a search
    judges its keyword hits on the keyword thread while the vector index is walked, and only
    the vector hits left over after the walk."""

    memories: list[Memory]
    retention: np.ndarray
    # recency, importance, project, entity and task: one value per memory each.
    signals: dict[str, np.ndarray]

    def __add__(self, other: Judged) -> Judged:
        return Judged(
            self.memories + other.memories,
            np.concatenate((self.retention, other.retention)),
            {name: np.concatenate((v, other.signals[name])) for name, v in self.signals.items()},
        )

    def only(self, keep: Sequence[int]) -> Judged:
        return Judged(
            [self.memories[i] for i in keep],
            self.retention[keep],
            {name: values[keep] for name, values in self.signals.items()},
        )


def judge(memories: Sequence[Memory], context: ScoringContext, config: RetrievalConfig) -> Judged:
    """Each memory's retention at `context.now` and the signals that do not depend on how it
    matched the query."""
    count = len(memories)
    age = np.fromiter(
        (days_between(m.last_accessed_at, context.now) for m in memories), np.float64, count
    )
    retention = retentions_at_ages(
        [decay_terms(m) for m in memories],
        age,
        config.decay,
    )
    signals = {
        "recency": np.exp(-math.log(2) * age / config.recency_half_life_days),
        "importance": np.fromiter((m.importance for m in memories), np.float64, count),
        "project": np.fromiter(
            (bool(context.project) and m.project == context.project for m in memories),
            np.float64,
            count,
        ),
        "entity": np.fromiter(
            (jaccard(context.query_entities, m.entities) if m.entities else 0.0 for m in memories),
            np.float64,
            count,
        ),
        "task": np.fromiter(
            (config.task_bonus if m.id in context.task_memory_ids else 0.0 for m in memories),
            np.float64,
            count,
        ),
    }
    return Judged(list(memories), retention, signals)


@dataclass(frozen=True, slots=True)
class Ranking:
    """Candidates best first: the head as results with their signals (what can reach a
    prompt or the diversity pass), the rest as bare memories (a link may still pull one in)."""

    head: list[SearchResult]
    rest: list[Memory]


def rank(
    judged: Judged,
    similarity: np.ndarray,
    keyword: np.ndarray,
    context: ScoringContext,
    config: RetrievalConfig,
    head: int,
) -> Ranking:
    """Every candidate scored at once, one array per signal. `keyword` is BM25 already scaled
    to 0..1 over the candidate set."""
    w = context.weights
    memories = judged.memories
    count = len(memories)
    semantic = np.maximum(similarity, 0.0) * judged.retention**config.retention_exponent
    score = w.semantic * semantic + w.keyword * keyword
    for name, values in judged.signals.items():
        score += getattr(w, name) * values
    inside: np.ndarray | None = None
    shown = np.ones(count, dtype=bool)
    if context.window is not None:
        inside = np.fromiter((in_window(context.window, m) for m in memories), bool, count)
        inside |= _told_of_inside(memories, inside)
        factor = config.outside_window_factor
        score *= np.where(inside, 1.0, factor)
        # Told at another time, a memory is shown only when it matched at least as well as
        # the best result: "What did I do last month?" matches everything a little.
        shown = inside | (score >= factor * score.max(initial=0.0))
    # Stable, so equal scores keep the candidates' order.
    order = np.argsort(-score, kind="stable")
    hidden = order[~shown[order]]
    order = order[shown[order]]
    results = [
        SearchResult(
            memories[i],
            float(score[i]),
            {
                "semantic": float(semantic[i]),
                "keyword": float(keyword[i]),
                **{name: float(values[i]) for name, values in judged.signals.items()},
                "similarity": float(similarity[i]),
                "retention": float(judged.retention[i]),
                **({} if inside is None else {"in_window": float(inside[i])}),
            },
        )
        for i in order[:head]
    ]
    return Ranking(results, [memories[i] for i in (*order[head:], *hidden)])


def in_window(window: TimeWindow, memory: Memory) -> bool:
    """Whether `memory` dates from `window`: a thing told as done by when it happened; a
    conversation by when it was had, and by the time it told of ("our camping trip last
    year")."""
    said = window.holds(memory.valid_from, memory.created_at)
    if memory.happened is None:
        return said
    talk = memory.kind is MemoryKind.EPISODIC
    return (talk and said) or window.holds(memory.valid_from, memory.created_at, memory.happened)


def _told_of_inside(memories: Sequence[Memory], inside: np.ndarray) -> np.ndarray:
    """The conversation that told of a day is about that day: "We met up yesterday", said on
    the 17th, dates its fact to the 16th, and the talk around it, said on the 17th, answers
    "What did they give him when they met on the 16th?" (LoCoMo dev: that answer had been
    hidden, the fact shown alone). Memories of a session where a fact dated inside the window
    was told count as inside it."""
    told = {
        m.session_id
        for m, held in zip(memories, inside, strict=True)
        if held
        and m.kind is not MemoryKind.EPISODIC
        and m.session_id is not None
        and m.created_at - (m.happened.start if m.happened else m.valid_from) > _TOLD_LATER
    }
    return np.fromiter(
        (not held and m.session_id in told for m, held in zip(memories, inside, strict=True)),
        bool,
        len(memories),
    )


def diversify(ranked: Sequence[SearchResult], config: RetrievalConfig) -> list[SearchResult]:
    """Push down a memory whose entities nearly repeat a better one's (Jaccard > 0.8, over two
    entities at least). Only the head of the ranking is compared: nothing below it reaches a
    prompt."""
    head, tail = ranked[: config.diversity_window], ranked[config.diversity_window :]
    kept: list[SearchResult] = []
    seen: list[frozenset[str]] = []

    def repeats(entities: frozenset[str], other: frozenset[str]) -> bool:
        shared = len(entities & other)
        return shared >= config.diversity_shared and jaccard(entities, other) > (
            config.diversity_jaccard
        )

    for item in head:
        entities = frozenset(item.memory.entities)
        # With fewer entities than must be shared, a memory repeats none (and is not compared).
        if len(entities) >= config.diversity_shared:
            if any(repeats(entities, other) for other in seen):
                penalised = item.score * config.diversity_penalty
                item = replace(item, score=penalised, signals={**item.signals, "diversity": -1.0})
            else:
                seen.append(entities)
        kept.append(item)
    return sorted(kept, key=lambda s: s.score, reverse=True) + list(tail)


def adaptive_cut(
    ranked: Sequence[SearchResult], k: int, config: RetrievalConfig
) -> list[SearchResult]:
    """Stop at the first drop larger than `adaptive_drop` once `adaptive_keep` are kept, or
    below `adaptive_floor` of the best score: what follows a cliff is noise."""
    out: list[SearchResult] = []
    floor = config.adaptive_floor * ranked[0].score if ranked else 0.0
    for item in ranked[:k]:
        if out and item.score < floor:
            break
        if len(out) >= config.adaptive_keep and out[-1].score - item.score > config.adaptive_drop:
            break
        out.append(item)
    return out
