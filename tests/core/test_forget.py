"""Forgetting is real: the text leaves the database file, a tombstone keeps lineage whole."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from core.digest import DIGEST_DIR, write_digest
from core.embed import Embedder
from core.errors import StoreError
from core.forgetting import asks_to_forget, forget, forget_conversation, forget_document
from core.ingest.chunking import Chunker
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.ingest.documents import DocumentImporter, DocumentStatus
from core.model import MemoryKind, NewMemory, Role, Session, Turn
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.store.database import Database
from core.store.store import PURGE_PENDING, USER_DATA_TABLES
from core.tasks import extract_tasks
from core.tokens import token_counter
from tests.core.conversation_factory import saying
from tests.core.memory_factory import remember

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


def ends_forgotten(store: MemoryStore, embedder: Embedder, memory_id: str, home: Path) -> None:
    """The store still answers, never with the forgotten memory, and once closed none of it
    is left on disk."""
    found = Retriever(store, embedder).search(SearchRequest("my locker code", NOW)).results
    assert found and memory_id not in {r.memory.id for r in found}
    store.close()
    with reopened_purged(home, embedder):
        pass


@contextmanager
def reopened_purged(home: Path, embedder: Embedder) -> Iterator[MemoryStore]:
    """The store opened again, its forget finished: none of the secret left on disk."""
    store = MemoryStore.open(home, embedder.model_id, embedder.dim)
    try:
        assert not any(word in file_bytes(store) for word in SECRET_WORDS)
        assert store.db.meta(PURGE_PENDING) == "0"
        yield store
    finally:
        store.close()


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


def test_importing_the_file_again_brings_nothing_forgotten_back(
    store: MemoryStore, embedder: Embedder
) -> None:
    """The same export imported again (or a later one that goes on) finds the forgotten turns
    blank: they are the file's turns all the same, and stay blank."""
    memory_id = remember_secret(store, embedder)
    store.forget([memory_id], NOW, "asked to forget")
    store.vectors.wait_for_build(timeout=60)
    later = saying({(1, 2): SECRET}, sessions=3, turns_per_session=8)
    report = ConversationImporter(store, embedder).import_sessions(parse_conversations(later))
    assert (report.sessions_continued, report.turns, report.sessions_differing) == (3, 6, ())
    assert store.fulltext.search("zanzibarquokka") == []
    assert [t.text for t in store.conversations.session_turns("S1")][2] == ""


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
    with reopened_purged(tmp_path, embedder):
        pass


def test_a_rewrite_that_fails_leaves_a_working_store_and_is_finished_at_the_next_open(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old file said the purge was done before its copy was made: a copy cut short (a
    full disk, a crash) left the text on disk for good, and the store closed."""
    store = MemoryStore.open(tmp_path, embedder.model_id, embedder.dim)
    memory_id = remember_secret(store, embedder)

    def full_disk(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("core.store.database.os.replace", full_disk)
        with pytest.raises(StoreError, match="disk is full.+finishes it at its next start"):
            store.forget([memory_id], NOW)
    assert not list(tmp_path.glob("*.rewrite"))
    ends_forgotten(store, embedder, memory_id, tmp_path)


def test_another_program_opening_the_file_during_the_swap_is_waited_for(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An `engram` command started in the moment the old file is let go takes the new one;
    the store must wait for it to let go, not lose its file (every later read failed)."""
    store = MemoryStore.open(tmp_path, embedder.model_id, embedder.dim)
    memory_id = remember_secret(store, embedder)
    path = store.db.config.path
    real_replace = os.replace
    holders: list[subprocess.Popen[bytes]] = []

    def replace_then_open_elsewhere(source: object, target: object) -> None:
        real_replace(source, target)  # type: ignore[arg-type]
        if Path(str(target)) == path and not holders:
            holder = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=True); "
                    "print('open', flush=True); time.sleep(1.5)",
                    str(path),
                ],
                stdout=subprocess.PIPE,
            )
            assert holder.stdout is not None and holder.stdout.readline() == b"open\n"
            holders.append(holder)

    monkeypatch.setattr("core.store.database.os.replace", replace_then_open_elsewhere)
    assert store.forget([memory_id], NOW)
    (holder,) = holders
    assert holder.wait(30) == 0
    ends_forgotten(store, embedder, memory_id, tmp_path)


def test_a_chat_turn_is_saved_while_a_forget_copies_the_file_and_kept_after(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy holds memory rows still, not the writer: a turn's save (which waited the
    whole copy, ~5 s at 100k memories) goes into the old file and is carried over."""
    store = MemoryStore.open(tmp_path, embedder.model_id, embedder.dim)
    memory_id = remember_secret(store, embedder)
    turn = Turn("chat-1-t0", "chat-1", 0, Role.USER, "Are you still there?", NOW, "User")
    copy = Database._copy_into
    saved = threading.Event()

    def save() -> None:
        with store.db.write(memory_rows=False) as cur:
            store.conversations.insert_sessions(cur, [Session("chat-1", NOW)])
            store.conversations.insert_turns(cur, "chat-1", [turn], learnt=False)
        saved.set()

    def copy_then_save(cur: duckdb.DuckDBPyConnection, catalog: str) -> None:
        copy(cur, catalog)
        threading.Thread(target=save).start()
        assert saved.wait(10), "the turn waited for the rewrite"
        assert store.db.rows_frozen

    monkeypatch.setattr(Database, "_copy_into", staticmethod(copy_then_save))
    store.forget([memory_id], NOW)
    assert saved.is_set()
    store.close()
    with reopened_purged(tmp_path, embedder) as reopened:
        assert reopened.conversations.unlearnt("chat-1") == [turn]


def test_a_crash_between_the_copy_and_the_swap_opens_on_the_copy(
    tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old file is let go without its checkpoint: from the moment the copy is whole it is
    the file, whatever the old one lost. A crash is staged by copying the folder as it is
    when the swap starts (the old file with its write-ahead log, the whole copy beside it)."""
    home = tmp_path / "home"
    store = MemoryStore.open(home, embedder.model_id, embedder.dim)
    memory_id = remember_secret(store, embedder)
    crashed = tmp_path / "crashed"

    def crash(db: Database, ready: Path) -> None:
        shutil.copytree(home, crashed)
        raise OSError("power cut")

    with monkeypatch.context() as patch:
        patch.setattr(Database, "_swap_in", crash)
        with pytest.raises(StoreError):
            store.forget([memory_id], NOW)
    store.close()
    assert {p.name for p in crashed.iterdir()} >= {"engram.duckdb", "engram.duckdb.swap"}
    with reopened_purged(home, embedder) as finished:
        expected = finished.memories.count()
    with reopened_purged(crashed, embedder) as reopened:
        assert {p.name for p in crashed.iterdir()} == {"engram.duckdb"}
        assert reopened.memories.count() == expected


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


def test_a_forget_takes_the_words_out_of_the_daily_digest_pages_too(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """The digest pages quote memories; a forget that left them there would leave the words on
    disk. The pages of the forgotten memories' days are written again without them."""
    memory_id = remember_secret(store, embedder)
    days = {
        row[0]
        for row in store.db.cursor()
        .execute("SELECT DISTINCT CAST(created_at AS DATE) FROM memories")
        .fetchall()
    }
    pages = [p for p in (write_digest(store, tmp_path, day) for day in sorted(days)) if p]

    def secret_in(page: Path) -> bool:
        return any(word.decode() in page.read_text() for word in SECRET_WORDS)

    assert any(secret_in(p) for p in pages)
    untouched = {p: p.read_text() for p in pages if not secret_in(p)}

    forget(store, tmp_path, [memory_id], NOW, "test")

    left = sorted((tmp_path / DIGEST_DIR).glob("*.md"))
    assert left, "the days keep pages for what was not forgotten"
    assert not any(secret_in(p) for p in left)
    assert all(p.read_text() == text for p, text in untouched.items())


def test_a_digest_page_left_with_nothing_to_say_goes(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    day = datetime(2026, 2, 1, 9, tzinfo=UTC)
    memory = NewMemory(MemoryKind.SEMANTIC, SECRET, day, key="locker code")
    with store.db.write() as cur:
        (memory_id,) = store.memories.insert(cur, [memory], embedder.embed([SECRET]))
    page = write_digest(store, tmp_path, day.date())
    assert page is not None and "9183746650" in page.read_text()
    forget(store, tmp_path, [memory_id], NOW, "test")
    assert not page.exists()


SMALL_STORE_FORGET = """
import sys
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from core.model import MemoryKind, NewMemory
from core.store import MemoryStore

now = datetime(2026, 6, 1, tzinfo=UTC)
rng = np.random.default_rng(0)
store = MemoryStore.open(Path(sys.argv[1]), "test-encoder", 384)


def add(count: int) -> list[str]:
    ids = []
    for i in range(count):
        memory = NewMemory(MemoryKind.EPISODIC, f"memory {i}", now)
        with store.db.write() as cur:
            ids += store.memories.insert(cur, [memory], rng.standard_normal((1, 384)))
    return ids


ids = add(20)
store.forget(ids[-1:], now)
store.vectors.wait_for_build(60)
print(store.stats().vector_index, flush=True)
add(60)
store.maintain()
store.vectors.wait_for_build(60)
print(store.stats().vector_index, flush=True)
store.close()
"""


def test_a_forget_in_a_small_store_does_not_crash_the_next_writes(tmp_path: Path) -> None:
    """vss builds a graph that crashed the process a few inserts later when under 32 vectors
    stood beside rows without one (a forgotten memory's tombstone): a new user forgetting one
    of their first memories lost the app. In its own process: a crash would take the tests."""
    ran = subprocess.run(
        [sys.executable, "-c", SMALL_STORE_FORGET, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    # Searched exactly while small, the graph is built once the store has grown.
    assert ran.stdout.split("\n")[:2] == ["not needed yet", "ready"]


def test_forgetting_a_conversation_takes_all_its_words_and_what_was_made_of_them(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """Every turn (one not yet learnt from too), the memories made from them and the to-dos
    said in them; the other conversations stay whole."""
    remember_secret(store, embedder)
    cur = store.db.cursor()
    ((session_id,),) = cur.execute(
        "SELECT session_id FROM turns WHERE text LIKE '%zanzibarquokka%'"
    ).fetchall()
    said = Turn("late-1", session_id, 99, Role.USER, "I need to water the plumbago-vesper", NOW)
    with store.db.write() as cur:
        store.conversations.insert_turns(cur, session_id, [said], learnt=False)
        store.tasks.record(cur, extract_tasks(said.text, NOW, said.id))
    # A name the user gave it may hold its words: it goes with them.
    store.conversations.rename_session(session_id, "Locker zanzibarquokka")
    listed = {s.id for s in store.conversations.recent_sessions()}
    home = store.db.config.path.parent
    purged = forget_conversation(store, home, session_id, NOW, "asked to forget")
    assert purged and all(store.memories.get(m).forgotten_at == NOW for m in purged)
    assert {s.id for s in store.conversations.recent_sessions()} == listed - {session_id}
    assert all(t.text == "" for t in store.conversations.session_turns(session_id))
    assert store.tasks.inbox() == []
    found = Retriever(store, embedder).search(SearchRequest("sourdough bread", NOW)).results
    assert found and not set(purged) & {r.memory.id for r in found}
    store.close()
    with reopened_purged(home, embedder) as again:
        assert len(again.conversations.recent_sessions()) == len(listed) - 1


def test_forgetting_a_document_takes_every_passage_its_versions_and_its_name(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    """One passage at a time, a book could not be forgotten; and the file's name stayed on
    every tombstone and in the list of files learnt. Forgotten whole, it can be added again."""
    folder = tmp_path / "private"
    folder.mkdir()
    letter = folder / "zanzibarquokka results.md"
    letter.write_text(f"# Results\n\n{SECRET}.\n\n## Next\n\nSee the doctor in May.", "utf-8")
    notes = folder / "notes.zip"
    with zipfile.ZipFile(notes, "w") as archive:
        archive.writestr("a/plumbago-vesper.md", "The plumbago-vesper grows by the gate.")
        archive.writestr("b/other.md", "The 9183746650 gate code.")
    learn = DocumentImporter(store, embedder, Chunker(token_counter(None)))
    learn.ingest([letter, notes], NOW)
    letter.write_text(f"# Results\n\n{SECRET}, checked again.", "utf-8")
    learn.ingest([letter], NOW)  # an edit: the first passage is now an earlier version
    (kept,) = remember(store, embedder, ["The sourdough bread needs a warm kitchen."], NOW)
    home = store.db.config.path.parent
    assert [d.passages for d in store.documents.learnt()] == [1, 1, 1]
    purged = forget_document(store, home, str(letter.resolve()), NOW, "asked to forget")
    assert len(purged) == 2  # the passage and its version before the edit
    purged += forget_document(store, home, str(notes.resolve()), NOW, "asked to forget")
    assert len(purged) == 4 and store.documents.learnt() == []
    assert all(store.memories.get(m).source_path is None for m in purged)
    assert store.memories.get(kept) is not None
    store.close()
    with reopened_purged(home, embedder) as again:
        assert b"results.md" not in file_bytes(again) and b"notes.zip" not in file_bytes(again)
        relearnt = DocumentImporter(again, embedder, Chunker(token_counter(None)))
        assert relearnt.ingest([letter], NOW).documents[0].status is DocumentStatus.ADDED


@pytest.mark.parametrize(
    ("message", "asks"),
    [
        ("Forget that I live in Berlin.", True),
        ("Please forget what I said about working at Acme.", True),
        ("Could you erase everything I told you about Tom from your memory?", True),
        ("Don't remember that I work at Acme.", True),
        ("Forget about my ex.", True),
        # Asked not to forget, forgetting told of, something waved away, another thing erased.
        ("Don't forget to call mom.", False),
        ("Don't forget that I live in Berlin.", False),
        ("I always forget my keys.", False),
        ("Forget it, never mind.", False),
        ("Forget about it, let's move on.", False),
        ("Delete the file, please.", False),
    ],
)
def test_a_message_asking_to_forget_is_told_apart(message: str, asks: bool) -> None:
    """The window says where Forget is when a message asks: being told erases nothing."""
    assert asks_to_forget(message) is asks
