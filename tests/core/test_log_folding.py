"""The write-ahead log is folded into the memory file once a turn is learnt from, beside the
chat: no commit of a turn (the message's, the reply's) waits out the checkpoint, which writes
the whole vector graph again (4-6 s at 100,000 memories)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from core.assistant import Assistant
from core.store import MemoryStore
from core.store.log_folding import LOG_BYTES, wal_path

ROWS = LOG_BYTES // 900


def long_log(store: MemoryStore, caplog: pytest.LogCaptureFixture) -> Path:
    """A log past DuckDB's own default threshold (16 MiB) in one commit, which did not fold it
    in (the file has a graph only from 64 vectors on: this one is small). Returns its path."""
    caplog.set_level(logging.INFO, logger="core.store.log_folding")
    with store.db.write() as cur:
        cur.execute("CREATE TABLE tides AS SELECT 'low' AS tide LIMIT 0")
        cur.execute(f"INSERT INTO tides SELECT repeat('low ', 250) FROM range({ROWS})")
    wal = wal_path(store.db.config.path)
    assert wal.stat().st_size > LOG_BYTES and not caplog.records
    return wal


def test_a_long_log_is_folded_in_after_a_batch_of_writes(
    store: MemoryStore, caplog: pytest.LogCaptureFixture
) -> None:
    """An import calls `maintain` after each batch: a crash mid-import replays little."""
    wal = long_log(store, caplog)
    store.maintain()
    store.db.log_folder.wait(60)
    assert [r.threadName for r in caplog.records] == ["engram-checkpoint"]
    assert not wal.exists() or wal.stat().st_size < LOG_BYTES / 100


def test_a_long_log_is_folded_in_after_a_turn_on_a_thread_of_its_own_losing_nothing(
    assistant: Assistant, store: MemoryStore, caplog: pytest.LogCaptureFixture
) -> None:
    wal = long_log(store, caplog)
    result = assistant.turn("I moved to Lisbon last spring.")
    store.db.log_folder.wait(60)
    (folded,) = caplog.records
    assert folded.threadName == "engram-checkpoint"
    assert "folded into the memory file" in folded.getMessage()
    assert not wal.exists() or wal.stat().st_size < LOG_BYTES / 100
    home = store.db.config.path.parent
    store.close()
    again = MemoryStore.open(home, store.db.config.embedding_model_id, 384)
    try:
        said = again.conversations.session_turns(result.session_id)
        assert [t.text for t in said][:1] == ["I moved to Lisbon last spring."]
        assert again.memories.get_many(list(result.memory_ids))
        assert again.db.cursor().execute("SELECT count(*) FROM tides").fetchall() == [(ROWS,)]
    finally:
        again.close()
