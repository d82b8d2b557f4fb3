"""The weighted signal sum of seed 000, with semantic similarity modulated by retention
(sim * R^0.3, seed 001), then diversity and the adaptive cut."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from core.decay import days_between, retention
from core.ingest.entities import jaccard
from core.model import Memory
from core.retrieval.config import RetrievalConfig, Weights


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A memory with its score and the signals it is made of (what the sidebar explains)."""

    memory: Memory
    score: float
    signals: dict[str, float] = field(default_factory=dict)
    # Set when the memory came in through a link from this result rather than matching itself.
    associated_with: str | None = None


@dataclass(frozen=True, slots=True)
class ScoringContext:
    now: datetime
    weights: Weights
    query_entities: tuple[str, ...] = ()
    project: str | None = None
    task_memory_ids: Collection[str] = ()


def memory_retention(memory: Memory, now: datetime, config: RetrievalConfig) -> float:
    return retention(
        memory.kind,
        memory.decay_class,
        memory.stability,
        memory.last_accessed_at,
        now,
        config.decay,
    )


def score_memory(
    memory: Memory,
    similarity: float,
    keyword: float,
    context: ScoringContext,
    config: RetrievalConfig,
) -> SearchResult:
    """`keyword` is BM25 already scaled to 0..1 over the candidate set."""
    w = context.weights
    r = memory_retention(memory, context.now, config)
    age = days_between(memory.last_accessed_at, context.now)
    semantic = max(0.0, similarity) * r**config.retention_exponent
    recency = math.exp(-math.log(2) * age / config.recency_half_life_days)
    project = 1.0 if context.project and memory.project == context.project else 0.0
    entity = jaccard(context.query_entities, memory.entities) if memory.entities else 0.0
    task = config.task_bonus if memory.id in context.task_memory_ids else 0.0
    score = (
        w.semantic * semantic
        + w.keyword * keyword
        + w.recency * recency
        + w.importance * memory.importance
        + w.project * project
        + w.entity * entity
        + w.task * task
    )
    signals = {
        "semantic": semantic,
        "keyword": keyword,
        "recency": recency,
        "importance": memory.importance,
        "project": project,
        "entity": entity,
        "task": task,
    }
    signals["similarity"] = similarity
    signals["retention"] = r
    return SearchResult(memory, score, signals)


def diversify(ranked: Sequence[SearchResult], config: RetrievalConfig) -> list[SearchResult]:
    """Push down a memory whose entities nearly repeat a better one's (Jaccard > 0.8). Only the
    head of the ranking is compared: nothing below it reaches a prompt."""
    head, tail = ranked[: config.diversity_window], ranked[config.diversity_window :]
    kept: list[SearchResult] = []
    seen: list[frozenset[str]] = []
    for item in head:
        entities = frozenset(item.memory.entities)
        if entities and any(jaccard(entities, other) > config.diversity_jaccard for other in seen):
            penalised = item.score * config.diversity_penalty
            item = replace(item, score=penalised, signals={**item.signals, "diversity": -1.0})
        elif entities:
            seen.append(entities)
        kept.append(item)
    return sorted(kept, key=lambda s: s.score, reverse=True) + list(tail)


def adaptive_cut(
    ranked: Sequence[SearchResult], k: int, config: RetrievalConfig
) -> list[SearchResult]:
    """Stop at the first drop larger than `adaptive_drop`: what follows a cliff is noise."""
    out: list[SearchResult] = []
    for item in ranked[:k]:
        if out and out[-1].score - item.score > config.adaptive_drop:
            break
        out.append(item)
    return out
