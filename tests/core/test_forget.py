"""Forgetting is real: the text leaves the database file, a tombstone keeps lineage whole."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind, NewMemory
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.store.store import PURGE_PENDING, USER_DATA_TABLES
from tests.core.conversation_factory import saying

NOW = datetime(2026, 6, 1, tzinfo=UTC)
SECRET_WORDS = [b"zanzibarquokka", b"9183746650", b"plumbago-vesper"]
SECRET = "My locker code is 9183746650, filed under zanzibarquokka and plumbago-vesper"


def file_bytes(store: MemoryStore) -> bytes:
    folder = store.db.config.path.parent
    return b"".join(p.read_bytes() for p in sorted(folder.glob("engram.duckdb*")))


def remember_secret(store: MemoryStore, embedder: Embedder) -> str:
    data = saying(
        {
            (1, 2): SECRET,
        },
        sessions=3,
        turns_per_session=6,
    )
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    store.db.checkpoint()
    assert all(word in file_bytes(store) for word in SECRET_WORDS)
    (hit,) = [h for h in store.fulltext.search("zanzibarquokka")]
    return hit.memory_id


def test_forget_leaves_no_trace_of_the_text_in_the_file(
    store: MemoryStore, embedder: Embedder
) -> None:
    memory_id = remember_secret(store, embedder)
    purged = store.forget([memory_id], NOW, "asked to forget")
    assert memory_id in purged
    store.vectors.wait_for_build(timeout=60)
    assert not any(word in file_bytes(store) for word in SECRET_WORDS)
    tombstone = store.memories.get(memory_id)
    assert tombstone.forgotten_at == NOW and tombstone.content == ""
    assert [v.memory_id for v in store.lineage.chain(memory_id)] == [memory_id]
    # The rest of memory is untouched and still searchable both ways.
    outcome = Retriever(store, embedder).search(SearchRequest("sourdough bread", NOW))
    assert outcome.results and outcome.degraded is None
    assert store.fulltext.search("zanzibarquokka") == []


def test_forget_takes_earlier_versions_with_it(store: MemoryStore, embedder: Embedder) -> None:
    old = NewMemory(MemoryKind.SEMANTIC, "Gate code is qwertzuiop", NOW, key="gate")
    new = NewMemory(MemoryKind.SEMANTIC, "Gate code is asdfghjkl", NOW, key="gate")
    with store.db.write() as cur:
        (first,) = store.memories.insert(cur, [old], embedder.embed([old.content]))
        second = store.memories.supersede(cur, first, new, embedder.embed([new.content])[0])
    assert set(store.forget([second], NOW)) == {first, second}
    assert b"qwertzuiop" not in file_bytes(store) and b"asdfghjkl" not in file_bytes(store)


def test_an_interrupted_forget_is_finished_at_the_next_open(
    tmp_path: Path, embedder: Embedder
) -> None:
    store = MemoryStore.open(tmp_path, embedder.model_id, embedder.dim)
    memory_id = remember_secret(store, embedder)
    # Stop after the rows were purged but before the file was rewritten.
    with store.db.write() as cur:
        store.memories.forget(cur, [memory_id], NOW, "asked to forget")
        store.db.set_meta(cur, PURGE_PENDING, "1")
    store.close()
    assert any(word in file_bytes(store) for word in SECRET_WORDS)
    reopened = MemoryStore.open(tmp_path, embedder.model_id, embedder.dim)
    try:
        assert not any(word in file_bytes(reopened) for word in SECRET_WORDS)
        assert reopened.db.meta(PURGE_PENDING) == "0"
    finally:
        reopened.close()


def test_forget_everything_empties_every_table_and_the_file(
    store: MemoryStore, embedder: Embedder
) -> None:
    remember_secret(store, embedder)
    tables = {
        r[0]
        for r in store.db.cursor()
        .execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'")
        .fetchall()
    }
    # A table added later must be added to the reset too.
    assert tables - {"meta", "schema_version"} == set(USER_DATA_TABLES)
    store.forget_everything()
    store.vectors.wait_for_build(timeout=60)
    cur = store.db.cursor()
    assert all(
        cur.execute(f"SELECT count(*) FROM {t}").fetchall() == [(0,)]
        for t in tables - {"meta", "schema_version"}
    )
    assert not any(word in file_bytes(store) for word in SECRET_WORDS)
    assert store.stats().memories == 0
