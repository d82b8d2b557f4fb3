"""kill -9 in the middle of an import or of a chat reply: every committed session survives with
a working index, and a message whose reply was being written is kept and learnt from later."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from core.consolidate import JobContext, run_jobs
from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, Embedder
from core.ingest.conversation_file import read_conversation_file
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind, Role
from core.store import MemoryStore
from tests.core.conversation_factory import conversation

DRIVER = """
import sys
from pathlib import Path
from core.embed import SentenceTransformerEmbedder
from core.ingest.conversation_file import read_conversation_file
from core.ingest.conversations import ConversationImporter
from core.store import MemoryStore
store = MemoryStore.open(Path(sys.argv[1]), "sentence-transformers/all-MiniLM-L6-v2", 384)
embedder = SentenceTransformerEmbedder()
embedder.load()
print("loaded", flush=True)
ConversationImporter(store, embedder).import_sessions(
    read_conversation_file(Path(sys.argv[2])).sessions,
    progress=lambda done, total: print(f"committed {done}", flush=True),
)
print("finished", flush=True)
"""


CHAT_DRIVER = """
import sys, time
from datetime import datetime
from pathlib import Path
from core.assistant import Assistant
from core.embed import SentenceTransformerEmbedder
from core.llm import LlamaCppLLM, LLMSettings
from core.retrieval import Retriever
from core.store import MemoryStore
store = MemoryStore.open(Path(sys.argv[1]), "sentence-transformers/all-MiniLM-L6-v2", 384)
embedder = SentenceTransformerEmbedder()
embedder.load()
llm = LlamaCppLLM(LLMSettings(Path(sys.argv[2]), context_size=2048, threads=1))
now = datetime.fromisoformat(sys.argv[3])
assistant = Assistant(store, embedder, llm, Retriever(store, embedder), lambda: now)
def on_token(piece):
    # The message is written beside the prompt read; with a model this tiny the first token can
    # come before that write commits. The kill is meant for the reply, after the message.
    while store.conversations.counts()[1] < 1:
        time.sleep(0.01)
    print("streaming", flush=True)
    time.sleep(120)
assistant.turn("I live in Berlin. Remind me to call the dentist tomorrow.", on_token=on_token)
"""


def chat_env() -> dict[str, str]:
    return dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH=str(Path(__file__).parents[2]))


def test_kill_while_the_reply_is_written_keeps_the_message_and_learns_it_later(
    tmp_path: Path, embedder: Embedder, tiny_gguf: Path
) -> None:
    home = tmp_path / "home"
    said_at = datetime(2026, 11, 18, 9, tzinfo=UTC)
    proc = subprocess.Popen(
        [sys.executable, "-c", CHAT_DRIVER, str(home), str(tiny_gguf), said_at.isoformat()],
        stdout=subprocess.PIPE,
        text=True,
        env=chat_env(),
    )
    assert proc.stdout is not None
    assert proc.stdout.readline() == "streaming\n"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)

    store = MemoryStore.open(home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    try:
        ((session_id, _),) = store.conversations.open_sessions(said_at + timedelta(hours=1))
        (message,) = store.conversations.session_turns(session_id)
        assert (message.role, message.text) == (
            Role.USER,
            "I live in Berlin. Remind me to call the dentist tomorrow.",
        )
        assert store.conversations.unlearnt(session_id) == [message]
        later = JobContext(store, embedder, said_at + timedelta(hours=7), tmp_path)
        sessions, _ = run_jobs(later, ["sessions", "working"])
        assert sessions.counts == {"closed": 1, "segments": 1, "learnt": 1}
        (task,) = store.tasks.inbox()
        assert (task.title, task.source_turn_id) == ("Call the dentist", message.id)
        assert task.due_at == datetime(2026, 11, 19, tzinfo=UTC)
        facts = store.memories.get_many([m.id for m in store.memories.of_kind(MemoryKind.SEMANTIC)])
        assert [(m.content, m.source_turn_ids) for m in facts] == [
            ("User lives in Berlin", (message.id,))
        ]
        assert store.conversations.unlearnt(session_id) == []
        assert run_jobs(later, ["sessions"])[0].counts == {"closed": 0, "segments": 0, "learnt": 0}
    finally:
        store.close()


def covered_turns(store: MemoryStore) -> int:
    """Turns that some live memory was made from."""
    return (
        store.db.cursor()
        .execute(
            "SELECT count(DISTINCT s.turn_id) FROM memory_sources s "
            "JOIN memories m ON m.id = s.memory_id WHERE m.valid_to IS NULL"
        )
        .fetchall()[0][0]
    )


def test_kill_during_import_loses_no_committed_memory(tmp_path: Path, embedder: Embedder) -> None:
    source = tmp_path / "conv.json"
    data = conversation(sessions=200, turns_per_session=8)
    source.write_text(json.dumps(data))
    home = tmp_path / "home"
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(home), str(source)],
        stdout=subprocess.PIPE,
        text=True,
        env=chat_env(),
    )
    committed = 0
    for line in proc.stdout:
        if line.startswith("committed"):
            committed = int(line.split()[1])
            if committed >= 5:
                proc.send_signal(signal.SIGKILL)
                break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the import finished before it could be killed"

    store = MemoryStore.open(home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    try:
        store.vectors.wait_for_build(timeout=120)
        sessions, turns = store.conversations.counts()
        assert sessions >= committed
        # Whole sessions only: the session being written when killed is absent, not half there.
        assert turns == sessions * 8
        # Every turn of every committed session is remembered (templated test turns may merge
        # as near-duplicates, so count covered turns, not memories).
        assert covered_turns(store) == turns
        segment = data["sessions"][3]["turns"][4:]
        query = embedder.embed(["\n".join(f"{t['speaker']}: {t['text']}" for t in segment)])[0]
        assert "HNSW_INDEX_SCAN" in store.vectors.explain(query)
        (hit,) = store.vectors.nearest(query, k=1)
        assert hit.similarity > 0.999
        assert store.memories.get(hit.memory_id).source_turn_ids == tuple(t["id"] for t in segment)
        # Re-running the import completes the rest without duplicating anything.
        report = ConversationImporter(store, embedder).import_sessions(
            read_conversation_file(source).sessions
        )
        assert report.sessions_skipped == sessions
        assert store.conversations.counts() == (200, 1600)
        assert covered_turns(store) == 1600
        remembered = store.memories.count()
        ConversationImporter(store, embedder).import_sessions(
            read_conversation_file(source).sessions
        )
        assert store.memories.count() == remembered
    finally:
        store.close()
