"""Working memory: the token-limited set of things in play in this conversation (seed 004),
fed by what was just said and by memories recalled from the long-term store, evicted by
importance then recency, each item living at most its TTL. At session close seed 000's rules
decide: what mattered (high priority) and was used is promoted, everything else expires.
Nothing is lost by eviction: every item is a stored memory or task already."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from core.tokens import TokenCounter, count_up_to


@dataclass(frozen=True, slots=True)
class WorkingConfig:
    max_tokens: int = 1000
    ttl: timedelta = timedelta(hours=48)
    # Seed 000: items of priority medium or higher (0.70, as for to-dos) that were used are
    # promoted at session close.
    promote_importance: float = 0.7


DEFAULT_WORKING = WorkingConfig()


@dataclass(frozen=True, slots=True)
class WorkingItem:
    key: str
    text: str
    tokens: int
    importance: float
    added_at: datetime
    last_used_at: datetime
    expires_at: datetime
    from_recall: bool = False
    uses: int = 0


@dataclass(frozen=True, slots=True)
class SessionClose:
    promoted: tuple[WorkingItem, ...]
    expired: tuple[WorkingItem, ...]


class WorkingMemory:
    def __init__(self, count_tokens: TokenCounter, config: WorkingConfig = DEFAULT_WORKING):
        self._count = count_tokens
        self.config = config
        self._items: dict[str, WorkingItem] = {}

    @property
    def tokens(self) -> int:
        return sum(item.tokens for item in self._items.values())

    def snapshot(self) -> dict[str, WorkingItem]:
        """The set as it is now, to put back if what changed it is not saved after all."""
        return dict(self._items)

    def restore(self, snapshot: dict[str, WorkingItem]) -> None:
        self._items = dict(snapshot)

    def items(self) -> list[WorkingItem]:
        """Most important first, the most recently used first among equals."""
        return sorted(
            self._items.values(), key=lambda i: (i.importance, i.last_used_at), reverse=True
        )

    def add(
        self, key: str, text: str, importance: float, now: datetime, *, from_recall: bool = False
    ) -> list[WorkingItem]:
        """Put an item in play (or refresh it); returns what had to be evicted to make room.
        An item larger than the whole working memory is not admitted."""
        existing = self._items.get(key)
        if existing is not None:
            self._items[key] = replace(
                existing,
                importance=max(existing.importance, importance),
                last_used_at=now,
                expires_at=now + self.config.ttl,
            )
            return []
        tokens = count_up_to(self._count, text, self.config.max_tokens)
        if tokens > self.config.max_tokens:
            return []
        evicted = self._make_room(tokens)
        self._items[key] = WorkingItem(
            key, text, tokens, importance, now, now, now + self.config.ttl, from_recall
        )
        return evicted

    def _make_room(self, tokens: int) -> list[WorkingItem]:
        evicted = []
        by_eviction_order = sorted(
            self._items.values(), key=lambda i: (i.importance, i.last_used_at)
        )
        for item in by_eviction_order:
            if self.tokens + tokens <= self.config.max_tokens:
                break
            del self._items[item.key]
            evicted.append(item)
        return evicted

    def recall(
        self, recalled: Sequence[tuple[str, str, float]], now: datetime
    ) -> list[WorkingItem]:
        """Memories retrieved from the long-term store come back into play: (key, text,
        importance) each."""
        evicted = []
        for key, text, importance in recalled:
            evicted += self.add(key, text, importance, now, from_recall=True)
        return evicted

    def mark_used(self, keys: Sequence[str], now: datetime) -> None:
        """Items that went into a prompt were used: their TTL restarts."""
        for key in keys:
            item = self._items.get(key)
            if item is not None:
                self._items[key] = replace(
                    item, uses=item.uses + 1, last_used_at=now, expires_at=now + self.config.ttl
                )

    def remove(self, keys: Iterable[str]) -> None:
        """Take items out of play at once, not at their TTL: what they hold was forgotten."""
        for key in keys:
            self._items.pop(key, None)

    def expire(self, now: datetime) -> list[WorkingItem]:
        gone = [item for item in self._items.values() if item.expires_at <= now]
        for item in gone:
            del self._items[item.key]
        return gone

    def close(self) -> SessionClose:
        """Seed 000 at session close (see `settle`). The working set is empty afterwards."""
        closing = settle(self.items(), self.config)
        self._items.clear()
        return closing


def settle(items: Sequence[WorkingItem], config: WorkingConfig = DEFAULT_WORKING) -> SessionClose:
    """Seed 000: items of at least medium priority (a to-do's 0.70) that were used are
    promoted; the rest expire."""
    promoted = tuple(
        item for item in items if item.importance >= config.promote_importance and item.uses > 0
    )
    kept = {item.key for item in promoted}
    return SessionClose(promoted, tuple(item for item in items if item.key not in kept))
