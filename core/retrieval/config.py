"""Every retrieval weight and threshold in one place (DESIGN §3), tuned on the dev set only."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from core.decay import DEFAULT_DECAY, DecayConfig


class Mode(StrEnum):
    ANSWER = "answer"
    MANAGER = "manager"


@dataclass(frozen=True, slots=True)
class Weights:
    semantic: float
    keyword: float
    recency: float
    importance: float
    project: float
    entity: float
    task: float


# Seed 000: answer mode leans on relevance, manager mode on situational awareness.
ANSWER_WEIGHTS = Weights(
    semantic=0.45, keyword=0.25, recency=0.10, importance=0.10, project=0.10, entity=0.05, task=0.0
)
MANAGER_WEIGHTS = Weights(
    semantic=0.15, keyword=0.20, recency=0.25, importance=0.10, project=0.20, entity=0.15, task=0.15
)


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    candidates: int = 200
    answer: Weights = ANSWER_WEIGHTS
    manager: Weights = MANAGER_WEIGHTS
    retention_exponent: float = 0.3
    # Pre-filter: faded and never used. Applied in manager mode only: a question is an explicit
    # cue, and decay changes scores, not existence (DESIGN §3), so answer mode still reaches an
    # old memory when it matches.
    drop_retention_below: float = 0.05
    drop_faded_in: frozenset[Mode] = frozenset({Mode.MANAGER})
    recency_half_life_days: float = 30.0
    task_bonus: float = 0.5
    diversity_jaccard: float = 0.8
    diversity_penalty: float = 0.5
    adaptive_drop: float = 0.15
    # Associative expansion through links of the top results.
    expand_from: int = 5
    expand_max: int = 5
    expand_min_weight: float = 0.2
    expand_factor: float = 0.5
    co_retrieval_top: int = 5
    co_retrieval_amount: float = 0.1
    decay: DecayConfig = field(default=DEFAULT_DECAY)

    def weights(self, mode: Mode) -> Weights:
        return self.answer if mode is Mode.ANSWER else self.manager


DEFAULT_RETRIEVAL = RetrievalConfig()
