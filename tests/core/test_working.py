"""Working memory: token-limited, evicted by importance then recency, TTL-bounded, recalled
items come back, and session close promotes only what mattered and was used."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core.tokens import token_counter
from core.working import WorkingConfig, WorkingMemory

NOW = datetime(2026, 11, 18, 10, tzinfo=UTC)


def memory(max_tokens: int = 30) -> WorkingMemory:
    return WorkingMemory(token_counter(None), WorkingConfig(max_tokens=max_tokens))


def test_over_the_token_limit_the_least_important_then_the_oldest_go() -> None:
    wm = memory()
    wm.add("a", "word " * 9, 0.9, NOW)
    wm.add("b", "word " * 9, 0.3, NOW)
    wm.add("c", "word " * 9, 0.3, NOW + timedelta(minutes=1))
    evicted = wm.add("d", "word " * 9, 0.5, NOW + timedelta(minutes=2))
    assert [i.key for i in evicted] == ["b"]
    assert wm.tokens <= 30
    assert [i.key for i in wm.items()] == ["a", "d", "c"]


def test_items_expire_after_their_ttl_unless_used() -> None:
    wm = WorkingMemory(token_counter(None), WorkingConfig(ttl=timedelta(hours=48)))
    wm.add("old", "something said on Monday", 0.5, NOW)
    wm.add("used", "something used since", 0.5, NOW)
    wm.mark_used(["used"], NOW + timedelta(hours=40))
    gone = wm.expire(NOW + timedelta(hours=49))
    assert [i.key for i in gone] == ["old"]
    assert [i.key for i in wm.items()] == ["used"]


def test_recalled_memories_come_back_into_play_and_refresh() -> None:
    wm = memory(max_tokens=100)
    wm.recall([("m-1", "Ana lives in Lisbon", 0.7)], NOW)
    wm.recall([("m-1", "Ana lives in Lisbon", 0.4)], NOW + timedelta(hours=1))
    (item,) = wm.items()
    assert item.from_recall and item.importance == 0.7
    assert item.last_used_at == NOW + timedelta(hours=1)


def test_an_item_bigger_than_working_memory_is_not_admitted() -> None:
    wm = memory(max_tokens=10)
    wm.add("small", "a short note", 0.2, NOW)
    assert wm.add("huge", "word " * 200, 1.0, NOW) == []
    assert [i.key for i in wm.items()] == ["small"]


def test_session_close_promotes_used_high_priority_items_and_expires_the_rest() -> None:
    wm = memory(max_tokens=200)
    wm.add("task:t-1", "To-do noticed: renew passport", 0.85, NOW)
    wm.add("m-fact", "Ana works at Orbital", 0.7, NOW)
    wm.add("m-chat", "Chatted about the weather", 0.3, NOW)
    wm.add("m-unused", "Important but never used", 0.9, NOW)
    wm.mark_used(["task:t-1", "m-fact", "m-chat"], NOW)
    closing = wm.close()
    assert {i.key for i in closing.promoted} == {"task:t-1", "m-fact"}
    assert {i.key for i in closing.expired} == {"m-chat", "m-unused"}
    assert wm.items() == []
