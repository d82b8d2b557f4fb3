"""Forgetting curves. Retention R(m) is what a memory's age and use leave of it; it changes
scores, never existence. Time is always passed in, so history can be replayed."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from core.model import DecayClass, Memory, MemoryKind

SECONDS_PER_DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class DecayConfig:
    # Half-lives in days per decay class (seed 000); None never decays.
    half_life_fast: float = 2.0
    half_life_medium: float = 14.0
    half_life_slow: float = 90.0
    floor_core: float = 0.60
    floor_default: float = 0.02
    # Stability gained per retrieval (seed 001), scaled by the spacing factor below.
    boost_direct: float = 0.1
    boost_associative: float = 0.03
    # Spacing: an immediate re-retrieval counts once, a retrieval after a long gap up to twice.
    spacing_days: float = 7.0
    link_time_constant_days: float = 90.0

    def half_life(self, decay_class: DecayClass) -> float | None:
        # Called for every candidate of every search: no mapping built per call.
        if decay_class is DecayClass.MEDIUM:
            return self.half_life_medium
        if decay_class is DecayClass.SLOW:
            return self.half_life_slow
        if decay_class is DecayClass.FAST:
            return self.half_life_fast
        return None

    def floor(self, kind: MemoryKind) -> float:
        return self.floor_core if kind is MemoryKind.CORE else self.floor_default


DEFAULT_DECAY = DecayConfig()


def days_between(earlier: datetime, later: datetime) -> float:
    return max(0.0, (later - earlier).total_seconds() / SECONDS_PER_DAY)


def retention(
    kind: MemoryKind,
    decay_class: DecayClass,
    stability: float,
    last_accessed_at: datetime,
    now: datetime,
    config: DecayConfig = DEFAULT_DECAY,
) -> float:
    """R = max(floor, exp(-ln2 * t / (h * stability))), t since the memory was last used."""
    return float(retentions([(kind, decay_class, stability, last_accessed_at)], now, config)[0])


def decay_terms(memory: Memory) -> tuple[MemoryKind, DecayClass, float, datetime]:
    """What a memory's retention depends on, as `retentions` takes it."""
    return memory.kind, memory.decay_class, memory.stability, memory.last_accessed_at


def retentions(
    memories: Sequence[tuple[MemoryKind, DecayClass, float, datetime]],
    now: datetime,
    config: DecayConfig = DEFAULT_DECAY,
) -> np.ndarray:
    """`retention` of many (kind, decay class, stability, last used) at once: a search
    judges a few hundred candidates, the 3D view every memory."""
    age = np.fromiter((days_between(m[3], now) for m in memories), np.float64, len(memories))
    return retentions_at_ages(memories, age, config)


def retentions_at_ages(
    memories: Sequence[tuple[MemoryKind, DecayClass, float, datetime]],
    age: np.ndarray,
    config: DecayConfig = DEFAULT_DECAY,
) -> np.ndarray:
    """`retentions` given each one's days since last use, for a caller that needs those
    days itself (search's recency signal): worked out once, not twice per candidate."""
    count = len(memories)
    # A class that never decays has an infinite half-life: exp(-0) = 1.
    half_life = np.fromiter(
        (config.half_life(m[1]) or math.inf for m in memories), np.float64, count
    )
    floor = np.fromiter((config.floor(m[0]) for m in memories), np.float64, count)
    stability = np.fromiter((m[2] for m in memories), np.float64, count)
    effective = half_life * np.maximum(stability, 1e-6)
    return np.maximum(floor, np.exp(-math.log(2) * age / effective))


def spacing_factor(
    last_accessed_at: datetime, now: datetime, config: DecayConfig = DEFAULT_DECAY
) -> float:
    """1 for a retrieval right after the last one, approaching 2 as the gap grows: spaced
    repetition strengthens more than cramming."""
    return 2.0 - math.exp(-days_between(last_accessed_at, now) / config.spacing_days)


def boosted_stability(
    stability: float,
    last_accessed_at: datetime,
    now: datetime,
    *,
    direct: bool,
    config: DecayConfig = DEFAULT_DECAY,
) -> float:
    base = config.boost_direct if direct else config.boost_associative
    return stability + base * spacing_factor(last_accessed_at, now, config)


def link_weight(
    weight: float, updated_at: datetime, now: datetime, config: DecayConfig = DEFAULT_DECAY
) -> float:
    """Associations fade with a 90-day time constant unless strengthened by co-retrieval."""
    return weight * math.exp(-days_between(updated_at, now) / config.link_time_constant_days)
