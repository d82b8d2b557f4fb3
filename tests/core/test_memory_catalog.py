"""The memory manager's view of the store: filtered lists, one memory's full story, the user's
own edits as new versions, and exports a person can read."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from core.embed import Embedder
from core.errors import InputError
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.memory_catalog import MemoryCatalog, export_json, export_markdown
from core.model import MemoryKind, MemoryOrder, MemoryQuery, NewMemory, Span, Tier
from core.store import MemoryStore
from tests.core.conversation_factory import conversation

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def write(store: MemoryStore, embedder: Embedder, memories: list[NewMemory]) -> list[str]:
    vectors = embedder.embed([m.content for m in memories])
    with store.db.write() as cur:
        return store.memories.insert(cur, memories, vectors)


@pytest.fixture
def catalog(store: MemoryStore, embedder: Embedder) -> MemoryCatalog:
    return MemoryCatalog(store, embedder)


def test_browse_filters_by_kind_tier_project_and_time_and_sorts(
    store: MemoryStore, embedder: Embedder, catalog: MemoryCatalog
) -> None:
    ids = write(
        store,
        embedder,
        [
            NewMemory(
                MemoryKind.SEMANTIC, "Ana likes figs", NOW - timedelta(days=30), importance=0.9
            ),
            NewMemory(
                MemoryKind.EPISODIC,
                "Walked to the harbour",
                NOW - timedelta(days=2),
                project="trip",
            ),
            NewMemory(MemoryKind.EPISODIC, "Old summary", NOW - timedelta(days=90), tier=Tier.COLD),
            NewMemory(
                MemoryKind.EPISODIC, "A replaced detail", NOW - timedelta(days=91), tier=Tier.STUB
            ),
        ],
    )
    figs, harbour, summary, stub = ids
    assert [m.id for m in catalog.browse(MemoryQuery())] == [harbour, figs, summary]
    assert [m.id for m in catalog.browse(MemoryQuery(order=MemoryOrder.OLDEST))] == [
        summary,
        figs,
        harbour,
    ]
    assert [m.id for m in catalog.browse(MemoryQuery(order=MemoryOrder.IMPORTANCE))][0] == figs
    assert [m.id for m in catalog.browse(MemoryQuery(kinds=frozenset({MemoryKind.SEMANTIC})))] == [
        figs
    ]
    assert [m.id for m in catalog.browse(MemoryQuery(tiers=frozenset({Tier.STUB})))] == [stub]
    assert [m.id for m in catalog.browse(MemoryQuery(project="trip"))] == [harbour]
    week = MemoryQuery(since=NOW - timedelta(days=7), until=NOW)
    assert [m.id for m in catalog.browse(week)] == [harbour]
    assert catalog.projects() == ["trip"]


def test_an_edit_is_a_new_version_and_the_detail_tells_the_whole_story(
    store: MemoryStore, embedder: Embedder, catalog: MemoryCatalog
) -> None:
    ConversationImporter(store, embedder).import_sessions(
        parse_conversations(conversation(sessions=1, turns_per_session=4))
    )
    (original,) = catalog.browse(MemoryQuery())
    edited = catalog.edit(original.id, "Ana bakes sourdough every Sunday", NOW)
    assert edited.supersedes == original.id and edited.confidence == 1.0
    # The user's correction keeps where the memory came from.
    assert edited.source_turn_ids == original.source_turn_ids
    detail = catalog.detail(edited.id, NOW)
    assert [v.memory_id for v in detail.versions] == [original.id, edited.id]
    assert detail.versions[0].content == original.content
    assert detail.versions[0].valid_to == NOW
    assert [t.id for t in detail.source_turns] == list(original.source_turn_ids)
    assert 0 < detail.retention <= 1
    assert [m.id for m in catalog.browse(MemoryQuery())] == [edited.id]
    with pytest.raises(InputError, match="old version"):
        catalog.edit(original.id, "something else", NOW)
    with pytest.raises(InputError, match="empty"):
        catalog.edit(edited.id, "   ", NOW)
    # A paste holding bytes that are not text (lone surrogates) is stored, not refused.
    pasted = catalog.edit(edited.id, "Ana bakes \udcff rye on Sundays", NOW)
    assert store.memories.get(pasted.id).content == "Ana bakes ? rye on Sundays"


def test_detail_lists_links_with_what_they_point_to(
    store: MemoryStore, embedder: Embedder, catalog: MemoryCatalog
) -> None:
    a, b = write(
        store,
        embedder,
        [
            NewMemory(MemoryKind.EPISODIC, "Met Rui at the market", NOW),
            NewMemory(MemoryKind.EPISODIC, "Rui sells honey", NOW),
        ],
    )
    with store.db.write() as cur:
        store.links.add(cur, [(a, b, 0.8, NOW)], "same_session")
    (link,) = catalog.detail(a, NOW).links
    assert (link.memory_id, link.kind, link.content) == (b, "same_session", "Rui sells honey")
    assert link.weight == pytest.approx(0.8)


def test_exports_hold_every_memory_in_json_and_readable_markdown(
    store: MemoryStore, embedder: Embedder, catalog: MemoryCatalog, tmp_path: Path
) -> None:
    write(
        store,
        embedder,
        [
            NewMemory(MemoryKind.SEMANTIC, "Ana is allergic to peanuts", NOW),
            NewMemory(
                MemoryKind.EPISODIC,
                "Dinner at Rui's on Friday",
                NOW,
                happened=Span(NOW - timedelta(days=4), NOW - timedelta(days=3)),
            ),
        ],
    )
    memories = catalog.browse(MemoryQuery())
    assert export_json(memories, tmp_path / "m.json") == 2
    records = json.loads((tmp_path / "m.json").read_text("utf-8"))["memories"]
    assert {r["content"]: r["happened"] for r in records} == {
        "Ana is allergic to peanuts": None,
        "Dinner at Rui's on Friday": {
            "from": (NOW - timedelta(days=4)).isoformat(),
            "until": (NOW - timedelta(days=3)).isoformat(),
        },
    }
    assert export_markdown(memories, tmp_path / "m.md") == 2
    text = (tmp_path / "m.md").read_text("utf-8")
    assert "## Semantic (1)" in text and "- Ana is allergic to peanuts" in text
    assert not list(tmp_path.glob("*.part"))


def test_sessions_list_newest_first_titled_by_the_first_user_message(
    store: MemoryStore, embedder: Embedder
) -> None:
    data = conversation(sessions=2, turns_per_session=4)
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))
    sessions = store.conversations.recent_sessions()
    assert [s.id for s in sessions] == [data["sessions"][1]["id"], data["sessions"][0]["id"]]
    assert sessions[0].turns == 4
    first_user = next(t["text"] for t in data["sessions"][1]["turns"] if t["role"] == "user")
    assert sessions[0].title == " ".join(first_user.split())
    assert [t.seq for t in store.conversations.session_turns(sessions[0].id)] == [0, 1, 2, 3]
