"""The handful of rows a chat turn writes go in as SQL literals (faster than an Arrow view by
~1 ms a statement at scale, ~6 ms for a memory row with its vector). What the user said must
come back exactly, whatever it holds, and both ways of writing must store the same thing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from core.model import MemoryKind, NewMemory, Role, Session, Turn
from core.store import MemoryStore, literals
from core.tasks import extract_tasks
from core.working import WorkingItem

HOSTILE = [
    "it's Bob's \"quoted\" car",
    "'); DROP TABLE memories; --",
    "back\\slash and a tab\tand\nnew lines",
    "naïve café, 東京, emoji 🎉",
    "a NUL \x00 in the middle",
    "",
]
AT = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)


@pytest.fixture(params=["literal", "arrow"])
def write_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "arrow":
        monkeypatch.setattr(literals, "LITERAL_ROWS_MAX", 0)
    return request.param


def test_what_the_user_said_is_stored_exactly(store: MemoryStore, write_path: str) -> None:
    session = Session("s1", AT, None)
    turns = [
        Turn(f"t{i}", "s1", i, Role.USER, text, AT + timedelta(seconds=i), None)
        for i, text in enumerate(HOSTILE)
    ]
    with store.db.write() as cur:
        store.conversations.insert_sessions(cur, [session])
        # One batch each: text holding a NUL sends its whole batch the Arrow way.
        for turn in turns:
            store.conversations.insert_turns(cur, "s1", [turn])
    assert store.conversations.turns([t.id for t in turns]) == turns
    tables = store.db.cursor().execute("SELECT count(*) FROM memories").fetchall()
    assert tables == [(0,)]


def test_numbers_times_and_flags_round_trip(store: MemoryStore, write_path: str) -> None:
    items = [
        WorkingItem("a'key", HOSTILE[1], 7, 0.1, AT, AT + timedelta(microseconds=1), AT, True, 3),
        WorkingItem("b", HOSTILE[3], 0, 1 / 3, AT, AT, AT + timedelta(days=2), False, 0),
        WorkingItem("c", HOSTILE[4], 2**31 - 1, 1e-300, AT, AT, AT, False, 1),
        # Read as a DECIMAL literal and then cast, these came back a bit off in the last place.
        WorkingItem("d", "x", 1, 0.36995516654807925, AT, AT, AT, False, 1),
        WorkingItem("e", "y", 1, 0.9210986675838745, AT, AT, AT, False, 1),
    ]
    with store.db.write() as cur:
        store.working_items.save(cur, "s1", items[:2])
        store.working_items.save(cur, "s2", items[2:3])
        store.working_items.save(cur, "s3", items[3:])
    assert store.working_items.of_session("s1") == items[:2]
    assert store.working_items.of_session("s2") == items[2:3]
    assert sorted(store.working_items.of_session("s3"), key=lambda i: i.key) == items[3:]


def test_a_boost_moves_only_the_memories_named(store: MemoryStore, write_path: str) -> None:
    """record_access is an UPDATE ... FROM the batch: stability, access count and the decay
    clock all move, and only for the memories named."""
    memories = [
        NewMemory(MemoryKind.EPISODIC, f"memory {i}", AT, entities=("it's", "x")) for i in range(3)
    ]
    with store.db.write() as cur:
        ids = store.memories.insert(cur, memories)
    later = AT + timedelta(days=10)
    with store.db.write() as cur:
        store.memories.record_access(cur, ids[:1], ids[1:2], later)
    boosted, associated, untouched = store.memories.get_many(ids)
    assert boosted.access_count == 1 and boosted.last_accessed_at == later
    assert associated.access_count == 1 and associated.stability < boosted.stability
    assert untouched.access_count == 0 and untouched.last_accessed_at == AT
    assert boosted.entities == ("it's", "x")


def test_both_ways_store_the_same_for_every_kind_of_column(
    store: MemoryStore, write_path: str
) -> None:
    """Literal rows are rendered from the Python values' own types: ints among floats, empty
    and NULL lists, columns of NULLs, naive and zoned times must all land as Arrow lands them;
    a value of a kind with no literal here (a numpy scalar) sends its batch the Arrow way."""
    cur = store.db.cursor()
    cur.execute(
        "CREATE TEMP TABLE kinds (n DOUBLE, i BIGINT, b BOOLEAN, words VARCHAR[], nothing "
        "VARCHAR, naive TIMESTAMP, zoned TIMESTAMPTZ, small FLOAT)"
    )
    naive = AT.replace(tzinfo=None)
    columns: dict[str, list[object]] = {
        "n": [1, 2.5, None],
        "i": [2**40, -3, None],
        "b": [True, None, False],
        "words": [[], ["it's", None], None],
        "nothing": [None, None, None],
        "naive": [naive, None, naive],
        "zoned": [AT, AT + timedelta(hours=5), None],
    }
    assert (literals.values_relation(columns) is None) is (write_path == "arrow")
    store.db.insert_rows(cur, "kinds", columns)
    numpy_column = {"small": [np.float32(0.1), None]}
    assert literals.values_relation(numpy_column) is None
    store.db.insert_rows(cur, "kinds", numpy_column)
    rows = cur.execute(f"SELECT {', '.join(columns)}, small FROM kinds").fetchall()
    assert rows == [
        (1.0, 2**40, True, [], None, naive, AT, None),
        (2.5, -3, None, ["it's", None], None, None, AT + timedelta(hours=5), None),
        (None, None, False, None, None, naive, None, None),
        (None, None, None, None, None, None, None, float(np.float32(0.1))),
        (None, None, None, None, None, None, None, None),
    ]


def test_a_memory_s_vector_is_stored_bit_for_bit(store: MemoryStore, write_path: str) -> None:
    """A new memory's embedding goes in as literal text on the chat path: it must come back
    the very float32s given (the tiniest, the largest, a negative zero) and be found by them;
    a memory without one stays without."""
    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((2, store.db.config.embedding_dim)).astype(np.float32)
    vectors[0, :3] = [np.float32(1e-45), np.float32(3.4e38), np.float32(-0.0)]
    vectors[1] /= np.linalg.norm(vectors[1])
    memories = [NewMemory(MemoryKind.EPISODIC, f"memory {i}", AT) for i in range(3)]
    with store.db.write() as cur:
        ids = store.memories.insert(cur, memories[:2], vectors)
        [bare] = store.memories.insert(cur, memories[2:])
    rows = dict(store.db.cursor().execute("SELECT id, embedding FROM memories").fetchall())
    stored = np.array([rows[i] for i in ids], dtype=np.float32)
    assert stored.view(np.uint32).tolist() == vectors.view(np.uint32).tolist()
    assert rows[bare] is None
    assert store.vectors.nearest(vectors[1], 1)[0].memory_id == ids[1]


def test_a_to_do_said_again_keeps_its_deadline_and_confidence_exactly(store: MemoryStore) -> None:
    """The reinforcement's values are written as literals, to the microsecond."""
    with store.db.write() as cur:
        (first,) = store.tasks.record(cur, extract_tasks("I should call Bob's mom.", AT, "t1"))
    again = extract_tasks("Remind me to call Bob's mom on Friday at 5pm.", AT + timedelta(1), "t2")
    with store.db.write() as cur:
        (task,) = store.tasks.record(cur, again)
    assert task.id == first.id and task.mentions == 2
    assert store.tasks.get(task.id) == task
    assert (task.due_at, task.updated_at) == (again[0].due_at, again[0].said_at)
    said_again = max(first.confidence, again[0].confidence) + 0.15
    assert task.confidence == round(min(1.0, said_again), 4)
