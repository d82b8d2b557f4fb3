"""Backups of the memory file: a copy opens on its own, only the newest are kept, a forget
reaches them, and a file that will not open is replaced by one without losing either."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.consolidate import JobContext, run_jobs
from core.embed import Embedder
from core.errors import StoreDamagedError
from core.retrieval import Retriever, SearchRequest
from core.settings import Settings, save_settings
from core.store import MemoryStore
from core.store.backups import KEPT, backups, restore, set_aside
from core.store.store import DB_FILENAME
from tests.core.test_forget import SECRET_WORDS, remember_secret

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def opened(home: Path, embedder: Embedder) -> MemoryStore:
    return MemoryStore.open(home, embedder.model_id, embedder.dim)


def found(store: MemoryStore, embedder: Embedder, query: str) -> list[str]:
    request = SearchRequest(query, NOW, record_access=False)
    return [r.memory.content for r in Retriever(store, embedder).search(request).results]


def test_a_backup_opens_on_its_own_and_only_the_newest_are_kept(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    remember_secret(store, embedder)
    made = [store.back_up(NOW + timedelta(days=day)) for day in range(KEPT + 1)]
    kept = backups(store.home)
    assert [b.path for b in kept] == [b.path for b in reversed(made)][:KEPT]
    assert not made[0].path.exists() and kept[0].size == made[-1].size > 0
    copy = tmp_path / "copy"
    copy.mkdir()
    kept[0].path.replace(copy / DB_FILENAME)
    again = opened(copy, embedder)
    try:
        assert again.stats().memories == store.stats().memories
        assert any("9183746650" in text for text in found(again, embedder, "locker code"))
    finally:
        again.close()


def test_a_forget_reaches_the_backups(store: MemoryStore, embedder: Embedder) -> None:
    """Copies made before it held the words it erased: they are replaced by one of the file
    as it is now; forgetting everything deletes them and files set aside."""
    memory_id = remember_secret(store, embedder)
    for day in range(KEPT):
        store.back_up(NOW + timedelta(days=day))
    assert all(SECRET_WORDS[0] in b.path.read_bytes() for b in backups(store.home))
    store.forget([memory_id], NOW, "asked to forget")
    (left,) = backups(store.home)
    assert not any(word in left.path.read_bytes() for word in SECRET_WORDS)
    aside = store.home / f"{DB_FILENAME}.set-aside-20260101-000000"
    aside.write_bytes(SECRET_WORDS[0])
    store.forget_everything()
    assert backups(store.home) == [] and not aside.exists()


def test_a_file_that_will_not_open_is_set_aside_and_a_backup_restored(
    embedder: Embedder, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    store = opened(home, embedder)
    remember_secret(store, embedder)
    count = store.stats().memories
    (backup,) = [store.back_up(NOW)]
    store.close()
    path = home / DB_FILENAME
    damaged = b"not a database any more" * 1000
    path.write_bytes(damaged)
    with pytest.raises(StoreDamagedError, match="could not be read"):
        opened(home, embedder)
    aside = restore(backup, path, NOW + timedelta(hours=1))
    assert aside is not None and aside.read_bytes() == damaged and aside.parent == home
    again = opened(home, embedder)
    try:
        assert again.stats().memories == count
    finally:
        again.close()
    # Starting empty instead sets the file aside too: nothing is deleted.
    second = set_aside(path, NOW + timedelta(hours=2))
    assert second is not None and second != aside and second.exists() and not path.exists()
    fresh = opened(home, embedder)
    try:
        assert fresh.stats().memories == 0
    finally:
        fresh.close()


def test_the_daily_backup_keeps_as_many_as_the_settings_say(
    store: MemoryStore, embedder: Embedder
) -> None:
    def daily(day: int) -> dict[str, int]:
        context = JobContext(store, embedder, NOW + timedelta(days=day), store.home)
        (report,) = run_jobs(context, ["backup"])
        return report.counts

    for day in range(KEPT + 1):
        daily(day)
    assert len(backups(store.home)) == KEPT
    save_settings(store.home, Settings(backups_kept=1))
    assert daily(5)["kept"] == 1
    (left,) = backups(store.home)
    assert left.made_at == NOW + timedelta(days=5)
    # None kept: none is made, and the disk the old ones took is given back.
    save_settings(store.home, Settings(backups_kept=0))
    assert daily(6) == {"kept": 0} and backups(store.home) == []
    # One asked for is kept all the same.
    asked = store.back_up(NOW + timedelta(days=7), 0)
    assert backups(store.home) == [asked]
