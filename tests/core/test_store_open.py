"""Opening the memory file: offline extensions, migrations, refusals that leave the file alone."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from core.errors import SchemaTooNewError, StoreError, StoreLockedError
from core.ingest.entities import EntityType
from core.model import MemoryKind, NewMemory, Role, Session, Span, TaskPriority, Turn
from core.store import MemoryStore, database, migrate
from core.store.migrate import latest_version
from core.store.store import DB_FILENAME
from tests.core.another_process import held_by_another_process


def open_store(home: Path, dim: int = 384) -> MemoryStore:
    return MemoryStore.open(home, "test-model", dim)


def test_vss_and_fts_load_from_package_files_without_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "user-home"))
    store = open_store(tmp_path / "data")
    try:
        loaded = dict(
            store.db.cursor()
            .execute("SELECT extension_name, loaded FROM duckdb_extensions()")
            .fetchall()
        )
        assert loaded["vss"] and loaded["fts"]
        settings = dict(
            store.db.cursor()
            .execute(
                "SELECT name, value FROM duckdb_settings() WHERE name IN "
                "('autoinstall_known_extensions', 'autoload_known_extensions')"
            )
            .fetchall()
        )
        assert settings == {
            "autoinstall_known_extensions": "false",
            "autoload_known_extensions": "false",
        }
    finally:
        store.close()
    assert not (tmp_path / "user-home" / ".duckdb").exists()


def test_reopen_keeps_schema_version(tmp_path: Path) -> None:
    open_store(tmp_path).close()
    store = open_store(tmp_path)
    try:
        assert store.db.schema_version == latest_version()
        assert store.stats().embedding_model == "test-model"
    finally:
        store.close()


def test_file_from_an_older_engram_is_upgraded_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Columns added to `memories` cannot be dropped under its indexes: the file is made
    # without the migrations that add them (with the to-dos' reminder, which the to-do
    # written below needs, dropped after it).
    made_by = [m for m in migrate.available_migrations() if m.version < 10 or m.version == 13]
    monkeypatch.setattr(migrate, "available_migrations", lambda: made_by)
    store = open_store(tmp_path)
    monkeypatch.undo()
    said = Turn("s-t0", "s", 0, Role.USER, "I live in Lisbon.", datetime(2026, 1, 5, tzinfo=UTC))
    task = store.tasks.add("Call the bank", None, said.at)
    with store.db.write() as cur:
        store.conversations.insert_sessions(cur, [Session("s", said.at, None, (said,))])
        cur.execute("ALTER TABLE tasks DROP COLUMN priority_chosen")
        cur.execute("ALTER TABLE tasks DROP COLUMN remind_at")
        cur.execute("DROP INDEX links_src")
        cur.execute("DROP TABLE pending_changes")
        cur.execute("DROP TABLE working_items")
        cur.execute("DROP INDEX turns_session")
        cur.execute("ALTER TABLE turns DROP COLUMN learnt")
        cur.execute("ALTER TABLE entity_relationships DROP COLUMN source_turn_id")
        cur.execute(
            "INSERT INTO entity_relationships VALUES ('ana', 'lisbon', 'lives_in', ?, NULL)",
            [said.at],
        )
        cur.execute("CREATE INDEX turns_session ON turns (session_id, seq)")
        cur.execute("DELETE FROM schema_version WHERE version > 1")
    store.close()
    store = open_store(tmp_path)
    try:
        assert store.db.schema_version == latest_version() >= 2
        indexes = store.db.cursor().execute("SELECT index_name FROM duckdb_indexes()").fetchall()
        assert ("links_src",) in indexes
        assert store.working_items.of_ended_sessions() == []
        # Turns an older Engram stored were learnt from with their exchange.
        assert store.conversations.session_turns("s") == [said]
        assert store.conversations.unlearnt("s") == []
        # Relationships an older Engram recorded stay, without the turn that stated them.
        assert [r.target for r in store.entities.relationships()] == ["lisbon"]
        # To-dos an older Engram stored can be given a priority.
        assert store.tasks.inbox() == [task]
        assert store.tasks.set_priority(task.id, TaskPriority.LOW, said.at).priority is (
            TaskPriority.LOW
        )
        # What is told of as done keeps when it happened.
        october = Span(datetime(2025, 10, 1, tzinfo=UTC), datetime(2025, 11, 1, tzinfo=UTC))
        told = NewMemory(
            MemoryKind.SEMANTIC, "Ana went to a concert in October", said.at, happened=october
        )
        with store.db.write() as cur:
            (told_id,) = store.memories.insert(cur, [told], np.ones((1, 384), dtype=np.float32))
        stored = store.memories.get(told_id)
        assert stored is not None and stored.happened == october
    finally:
        store.close()


def test_source_turns_an_older_engram_recorded_come_with_its_memories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Older files kept provenance only in memory_sources: opened by this Engram, each memory
    reads back the turns it was made from, in the order they were recorded."""
    made_by = [m for m in migrate.available_migrations() if m.version < 11]
    monkeypatch.setattr(migrate, "available_migrations", lambda: made_by)
    store = open_store(tmp_path)
    monkeypatch.undo()
    at = datetime(2026, 1, 5, tzinfo=UTC)
    with store.db.write() as cur:
        cur.execute(
            "INSERT INTO memories (id, kind, content, decay_class, created_at, updated_at, "
            "last_accessed_at, valid_from) VALUES "
            "('m-walk', 'episodic', 'We walked to the lighthouse', 'medium', $at, $at, $at, $at), "
            "('m-note', 'document', 'Lighthouse opening hours', 'slow', $at, $at, $at, $at)",
            {"at": at},
        )
        cur.execute(
            "INSERT INTO memory_sources VALUES ('m-walk', 'turn-9', NULL, NULL), "
            "('m-note', NULL, 'hours.txt', 0), ('m-walk', 'turn-10', NULL, NULL), "
            "('m-walk', 'turn-2', NULL, NULL)"
        )
    store.close()
    store = open_store(tmp_path)
    try:
        walk, note = store.memories.get_many(["m-walk", "m-note"])
        assert walk.source_turn_ids == ("turn-9", "turn-10", "turn-2")
        assert note.source_turn_ids == ()
        assert store.memories.with_text([replace(walk, content="")])[0] == walk
    finally:
        store.close()


def test_entity_sightings_an_older_engram_recorded_are_dated_by_their_memories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Older files kept first and last seen on the entity: opened by this Engram, an entity
    is seen when the memories naming it were made."""
    made_by = [m for m in migrate.available_migrations() if m.version < 12]
    monkeypatch.setattr(migrate, "available_migrations", lambda: made_by)
    store = open_store(tmp_path)
    monkeypatch.undo()
    march, may = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 5, 9, tzinfo=UTC)
    with store.db.write() as cur:
        cur.execute(
            "INSERT INTO memories (id, kind, content, decay_class, created_at, updated_at, "
            "last_accessed_at, valid_from) VALUES "
            "('m-hike', 'episodic', 'Hiking with Marta', 'medium', $march, $march, $march, "
            "$march), ('m-call', 'episodic', 'Marta called', 'medium', $may, $may, $may, $may)",
            {"march": march, "may": may},
        )
        cur.execute(
            "INSERT INTO entities VALUES ('marta', 'marta', 'person', $march, $may)",
            {"march": march, "may": may},
        )
        cur.execute("INSERT INTO memory_entities VALUES ('m-hike', 'marta'), ('m-call', 'marta')")
    store.close()
    store = open_store(tmp_path)
    try:
        (marta,) = store.entities.all()
        assert (marta.name, marta.type, marta.memories) == ("marta", EntityType.PERSON, 2)
        assert (marta.first_seen, marta.last_seen) == (march, may)
        store.forget(["m-call"], datetime(2026, 6, 1, tzinfo=UTC))
        (marta,) = store.entities.all()
        assert (marta.first_seen, marta.last_seen, marta.memories) == (march, march, 1)
    finally:
        store.close()


def test_an_importance_out_of_range_from_an_older_engram_is_brought_into_range(
    tmp_path: Path,
) -> None:
    """Older curation stored the model's number as it came: infinity ranked first everywhere."""
    store = open_store(tmp_path)
    written = {"inf": "inf", "nan": "nan", "seven": 7.0, "below": -2.0, "fine": 0.3}
    at = datetime(2026, 1, 5, tzinfo=UTC)
    vectors = np.random.default_rng(0).random((len(written), 384), dtype=np.float32)
    with store.db.write() as cur:
        ids = store.memories.insert(
            cur, [NewMemory(MemoryKind.SEMANTIC, name, at) for name in written], vectors
        )
        for memory_id, value in zip(ids, written.values(), strict=True):
            cur.execute(
                "UPDATE memories SET importance = ?::DOUBLE WHERE id = ?", [value, memory_id]
            )
        cur.execute("ALTER TABLE tasks DROP COLUMN priority_chosen")
        cur.execute("DELETE FROM schema_version WHERE version >= 8")
    store.close()
    store = open_store(tmp_path)
    try:
        read = {m.content: m.importance for m in store.memories.get_many(ids)}
        assert read == {"inf": 0.5, "nan": 0.5, "seven": 1.0, "below": 0.0, "fine": 0.3}
    finally:
        store.close()


def test_file_from_newer_engram_is_refused_and_untouched(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with store.db.write() as cur:
        cur.execute("INSERT INTO schema_version VALUES (999, current_timestamp)")
    store.close()
    path = tmp_path / DB_FILENAME
    before = path.read_bytes()
    with pytest.raises(SchemaTooNewError, match="Update Engram"):
        open_store(tmp_path)
    assert path.read_bytes() == before


def test_a_different_embedding_model_is_refused(tmp_path: Path) -> None:
    open_store(tmp_path, dim=384).close()
    with pytest.raises(StoreError, match="384-dim embeddings from test-model"):
        open_store(tmp_path, dim=768)
    with pytest.raises(StoreError, match="switch the embedding model back"):
        MemoryStore.open(tmp_path, "another-model", 384)


def test_corrupt_file_gives_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"this is not a database" * 1000)
    with pytest.raises(StoreError, match="could not be read|Could not open"):
        open_store(tmp_path)


def test_file_held_by_another_process_is_reported_as_locked(tmp_path: Path) -> None:
    open_store(tmp_path).close()
    with (
        held_by_another_process(tmp_path / DB_FILENAME),
        pytest.raises(StoreLockedError, match="in use by another program"),
    ):
        open_store(tmp_path)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_disk_is_said_in_plain_words_and_loses_nothing_saved(tmp_path: Path) -> None:
    """A write-ahead log that only says "no space left" (/dev/full: a real ENOSPC from the
    operating system) stands in for a full disk: the commit fails with words the user can
    act on, and what was saved before is still there once the disk has room again."""
    store = open_store(tmp_path)
    at = datetime(2026, 1, 5, tzinfo=UTC)
    vectors = np.random.default_rng(0).random((2, 384), dtype=np.float32)
    with store.db.write() as cur:
        store.memories.insert(cur, [NewMemory(MemoryKind.SEMANTIC, "saved", at)], vectors[:1])
    store.db.checkpoint()
    wal = tmp_path / f"{DB_FILENAME}.wal"
    assert not wal.exists()
    wal.symlink_to("/dev/full")
    try:
        with (
            pytest.raises(StoreError, match=r"the disk is full\. Free some space") as failed,
            store.db.write() as cur,
        ):
            store.memories.insert(cur, [NewMemory(MemoryKind.SEMANTIC, "lost", at)], vectors[1:])
        assert "/dev/full" not in str(failed.value) and str(wal) not in str(failed.value)
    finally:
        wal.unlink()
        store.close()
    store = open_store(tmp_path)
    try:
        rows = store.db.cursor().execute("SELECT content FROM memories").fetchall()
        assert rows == [("saved",)]
    finally:
        store.close()


def _vector_storage(store: MemoryStore) -> set[str]:
    rows = (
        store.db.cursor()
        .execute(
            "SELECT DISTINCT compression FROM pragma_storage_info('memories') "
            "WHERE column_name = 'embedding' AND segment_type = 'FLOAT'"
        )
        .fetchall()
    )
    return {name for (name,) in rows}


def test_vectors_are_stored_plainly_even_in_a_file_that_had_them_compressed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compressed vector column made each commit that adds a memory (twice a chat turn)
    decompress a stretch of it, ~2-4 ms at 100k memories. A file an older Engram wrote
    compressed is rewritten plainly at its next checkpoint, its vectors unchanged."""
    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((3001, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    at = datetime(2026, 3, 1, tzinfo=UTC)

    def add(store: MemoryStore, rows: np.ndarray) -> None:
        memories = [NewMemory(MemoryKind.SEMANTIC, f"fact {i}", at) for i in range(len(rows))]
        with store.db.write() as cur:
            store.memories.insert(cur, memories, rows)
        store.db.checkpoint()

    with monkeypatch.context() as older:
        older.setattr(database, "UNUSED_COMPRESSION", "")
        store = open_store(tmp_path)
        add(store, vectors[:3000])
        assert "ALPRD" in _vector_storage(store)
        store.close()
    store = open_store(tmp_path)
    try:
        add(store, vectors[3000:])
        assert _vector_storage(store) <= {"Uncompressed", "Constant"}
        stored = store.db.cursor().execute("SELECT embedding FROM memories ORDER BY seq").fetchall()
        assert np.array_equal(np.array([row[0] for row in stored], np.float32), vectors)
    finally:
        store.close()
