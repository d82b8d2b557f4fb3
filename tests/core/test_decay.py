"""Forgetting curves with an injected clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.decay import boosted_stability, link_weight, retention, retentions, spacing_factor
from core.model import DecayClass, MemoryKind

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def days(n: float) -> datetime:
    return T0 + timedelta(days=n)


@pytest.mark.parametrize(
    ("decay_class", "half_life"),
    [(DecayClass.FAST, 2), (DecayClass.MEDIUM, 14), (DecayClass.SLOW, 90)],
)
def test_retention_halves_every_half_life(decay_class: DecayClass, half_life: int) -> None:
    r = [
        retention(MemoryKind.EPISODIC, decay_class, 1.0, T0, days(half_life * n)) for n in range(4)
    ]
    assert r == pytest.approx([1.0, 0.5, 0.25, 0.125])


def test_pinned_memories_never_fade() -> None:
    assert retention(MemoryKind.CORE, DecayClass.NONE, 1.0, T0, days(10_000)) == 1.0


def test_floors_core_dims_but_never_vanishes() -> None:
    long_ago = days(5 * 365)
    assert retention(MemoryKind.CORE, DecayClass.SLOW, 1.0, T0, long_ago) == 0.60
    assert retention(MemoryKind.EPISODIC, DecayClass.MEDIUM, 1.0, T0, long_ago) == 0.02


def test_a_batch_judges_each_memory_by_its_own_class_kind_and_use() -> None:
    """Search and the 3D view score hundreds of memories at once: each keeps its own curve."""
    batch = [
        (MemoryKind.EPISODIC, DecayClass.FAST, 1.0, days(10)),
        (MemoryKind.CORE, DecayClass.NONE, 1.0, T0),
        (MemoryKind.CORE, DecayClass.SLOW, 1.0, days(-5 * 365)),
        (MemoryKind.SEMANTIC, DecayClass.MEDIUM, 2.0, T0),
        (MemoryKind.EPISODIC, DecayClass.SLOW, 1.0, days(14)),
    ]
    assert retentions(batch, days(14)).tolist() == pytest.approx([0.25, 1.0, 0.60, 0.5**0.5, 1.0])
    assert retentions([], days(14)).shape == (0,)


def test_stability_stretches_the_curve() -> None:
    plain = retention(MemoryKind.EPISODIC, DecayClass.MEDIUM, 1.0, T0, days(14))
    stable = retention(MemoryKind.EPISODIC, DecayClass.MEDIUM, 2.0, T0, days(14))
    assert plain == pytest.approx(0.5) and stable == pytest.approx(0.5**0.5)


def test_spaced_retrieval_strengthens_more_than_cramming() -> None:
    assert spacing_factor(T0, T0) == pytest.approx(1.0)
    assert 1.9 < spacing_factor(T0, days(30)) < 2.0
    crammed = boosted_stability(1.0, T0, T0, direct=True)
    spaced = boosted_stability(1.0, T0, days(30), direct=True)
    associative = boosted_stability(1.0, T0, days(30), direct=False)
    assert crammed == pytest.approx(1.1)
    assert 1.19 < spaced < 1.2
    assert 1.05 < associative < 1.06


def test_links_decay_with_a_90_day_time_constant() -> None:
    assert link_weight(1.0, T0, days(90)) == pytest.approx(0.3679, abs=1e-4)
    assert link_weight(0.5, T0, T0) == 0.5
