"""Background jobs replayed over months of synthetic history with the clock: WARM -> COLD
compression counts, search finding summaries, crash and re-run, link decay, the daily digest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from core.conflicts import review_conflicts
from core.consolidate import (
    ConsolidationConfig,
    JobContext,
    close_abandoned_sessions,
    cluster_episodes,
    compress_warm,
    decay_links,
    project_summaries,
    run_jobs,
    summary_sources,
    upkeep_indexes,
)
from core.digest import write_digest
from core.embed import Embedder
from core.errors import ModelBusyError, ModelError
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.llm import ChatMessage
from core.model import MemoryKind, Role, Session, Tier, Turn
from core.retrieval import Retriever, SearchRequest
from core.store import MemoryStore
from core.viz import LayoutConfig
from tests.core.conversation_factory import conversation, detail
from tests.core.test_curation import ScriptedLLM

NOW = datetime(2026, 6, 1, tzinfo=UTC)
CONFIG = ConsolidationConfig(
    hot_capacity=12, group_size=4, layout=LayoutConfig(seed=0, apart=False)
)


def history(store: MemoryStore, embedder: Embedder) -> None:
    """Ten sessions, a week apart, three segments each."""
    data = conversation(sessions=10, turns_per_session=13)
    for i, session in enumerate(data["sessions"]):
        began = datetime(2026, 1, 1, 9, tzinfo=UTC) + timedelta(weeks=i)
        session["started_at"] = began.isoformat()
        for t, turn in enumerate(session["turns"]):
            turn["at"] = (began + timedelta(minutes=t)).isoformat()
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))


def tiers(store: MemoryStore) -> dict[str, int]:
    rows = store.db.cursor().execute("SELECT tier, count(*) FROM memories GROUP BY tier").fetchall()
    return dict(rows)


def context(store: MemoryStore, embedder: Embedder, tmp_path: Path, **kw: object) -> JobContext:
    return JobContext(store, embedder, NOW, tmp_path, CONFIG, **kw)  # type: ignore[arg-type]


def test_compression_keeps_the_newest_hot_and_summarises_the_oldest_by_session(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    assert tiers(store) == {"hot": 30}
    report = compress_warm(context(store, embedder, tmp_path))
    assert report.counts == {"summaries": 6, "compressed": 18}
    assert tiers(store) == {"hot": 12, "cold": 6, "stub": 18}
    # The oldest six sessions were compressed, a summary each.
    cold = [m for m in store.memories.recent(100) if m.tier is Tier.COLD]
    assert sorted(m.session_id for m in cold) == [f"S{i}" for i in range(6)]
    # Nothing was deleted: stubs are reachable by id and through the summary's lineage.
    summary = cold[0]
    originals = summary_sources(store, summary.id)
    assert len(originals) == 3 and all(m.tier is Tier.STUB for m in originals)
    assert [v.memory_id for v in store.lineage.chain(originals[0].id)][-1] == summary.id
    assert set(summary.source_turn_ids) == {t for m in originals for t in m.source_turn_ids}
    # A second run has nothing left to do.
    assert compress_warm(context(store, embedder, tmp_path)).counts["summaries"] == 0


def test_a_query_that_found_a_detail_finds_its_summary_after_compression(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    retriever = Retriever(store, embedder)
    query = SearchRequest("hiking in the Dolomites", NOW, record_access=False)
    (before,) = retriever.search(replace(query, k=1)).results
    assert before.memory.tier is Tier.HOT and before.memory.session_id == "S0"
    compress_warm(context(store, embedder, tmp_path))
    after = retriever.search(query).results
    top = after[0].memory
    assert top.tier is Tier.COLD and top.session_id == "S0"
    assert before.memory.id in {m.id for m in summary_sources(store, top.id)}


class FailingEmbedder:
    """Wraps the real embedder and fails on the nth call: a crash half-way through a job."""

    def __init__(self, inner: Embedder, fail_on: int) -> None:
        self.inner, self.calls, self.fail_on = inner, 0, fail_on
        self.model_id, self.dim = inner.model_id, inner.dim

    def embed(self, texts: list[str]) -> np.ndarray:
        self.calls += 1
        if self.calls == self.fail_on:
            raise RuntimeError("killed")
        return self.inner.embed(texts)


def test_a_job_killed_half_way_and_rerun_ends_like_a_clean_run(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    with pytest.raises(RuntimeError, match="killed"):
        compress_warm(JobContext(store, FailingEmbedder(embedder, 4), NOW, tmp_path, CONFIG))
    assert tiers(store) == {"hot": 21, "cold": 3, "stub": 9}
    compress_warm(context(store, embedder, tmp_path))

    clean = MemoryStore.open(tmp_path / "clean", embedder.model_id, embedder.dim)
    try:
        history(clean, embedder)
        compress_warm(context(clean, embedder, tmp_path))
        assert tiers(store) == tiers(clean)
        summaries = sorted(m.content for m in store.memories.recent(100) if m.tier is Tier.COLD)
        expected = sorted(m.content for m in clean.memories.recent(100) if m.tier is Tier.COLD)
        assert summaries == expected
    finally:
        clean.close()


def test_faded_links_go_and_summary_links_stay(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    compress_warm(context(store, embedder, tmp_path))
    links = store.db.cursor().execute("SELECT kind, count(*) FROM links GROUP BY kind").fetchall()
    assert dict(links)["summary_of"] == 18
    years_later = JobContext(store, embedder, NOW + timedelta(days=3 * 365), tmp_path, CONFIG)
    report = decay_links(years_later)
    assert report.counts["removed"] == dict(links).get("synaptic", 0)
    remaining = store.db.cursor().execute("SELECT DISTINCT kind FROM links").fetchall()
    assert remaining == [("summary_of",)]


def test_the_daily_digest_says_what_the_day_brought_and_skips_empty_days(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    page = write_digest(store, tmp_path, date(2026, 1, 1))
    assert page == tmp_path / "memory" / "2026-01-01.md"
    text = page.read_text()
    assert text.startswith("# 2026-01-01\n\n3 new memories, 0 superseded or retired, 0 forgotten.")
    assert "## Key topics" in text and "dolomites" in text
    assert write_digest(store, tmp_path, date(2026, 1, 2)) is None
    assert write_digest(store, tmp_path, date(2026, 1, 1)) == page
    assert page.read_text() == text


def test_all_jobs_run_in_order_and_report(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    reports = run_jobs(context(store, embedder, tmp_path))
    assert [r.job for r in reports] == [
        "sessions",
        "working",
        "tasks",
        "duplicates",
        "conflicts",
        "episodes",
        "projects",
        "compress",
        "links",
        "entities",
        "indexes",
        "layout",
        "digest",
        "backup",
    ]
    assert reports[7].counts["compressed"] == 18


def test_a_worn_vector_index_is_rebuilt_and_an_ordinary_one_left_alone(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    retriever = Retriever(store, embedder)
    query = SearchRequest("hiking in the Dolomites", NOW, k=1, record_access=False)
    (before,) = retriever.search(query).results
    # A year of use: recalls strengthen memories, facts replace facts. No dead entries.
    for _ in range(3):
        retriever.search(replace(query, record_access=True))
    report = upkeep_indexes(context(store, embedder, tmp_path))
    assert report.counts["vector_dead_percent"] == 0 and report.counts["vector_rebuilt"] == 0
    # Vectors rewritten in place (a repair, a model change done by hand) leave dead entries.
    with store.db.write() as cur:
        cur.execute("UPDATE memories SET embedding = embedding WHERE seq % 2 = 0")
    assert store.vectors.dead_share() > 0.2
    report = upkeep_indexes(context(store, embedder, tmp_path))
    assert report.counts["vector_rebuilt"] == 1
    assert store.vectors.dead_share() == 0.0 and store.vectors.exists()
    assert "HNSW_INDEX_SCAN" in store.vectors.explain(embedder.embed(["hiking"])[0])
    assert retriever.search(query).results[0].memory.id == before.memory.id


def chat(sid: str, at: datetime, texts: list[str]) -> dict[str, object]:
    return {
        "id": sid,
        "started_at": at.isoformat(),
        "turns": [
            {
                "id": f"{sid}:{i}",
                "role": "user",
                "speaker": "Ana",
                "text": text,
                "at": (at + timedelta(minutes=i)).isoformat(),
            }
            for i, text in enumerate(texts)
        ],
    }


def test_episodes_that_keep_coming_back_become_a_fact_after_a_week(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    start = datetime(2026, 3, 1, 9, tzinfo=UTC)
    sessions = [
        chat("w1", start, ["Marta is getting married in Kyoto in April.", "I need a dress."]),
        chat(
            "w2",
            start + timedelta(days=10),
            ["Marta's wedding in Kyoto is in April, I booked flights.", "So excited."],
        ),
        chat("w3", start + timedelta(days=12), ["The garden shed roof is leaking again.", "Ugh."]),
        chat(
            "w4",
            start + timedelta(days=40),
            ["Kyoto wedding for Marta coming up in April!", "Packing soon."],
        ),
    ]
    ConversationImporter(store, embedder).import_sessions(
        parse_conversations({"sessions": sessions})
    )
    ctx = JobContext(store, embedder, start + timedelta(days=30), tmp_path, CONFIG)
    report = cluster_episodes(ctx)
    assert report.counts == {"facts": 1, "episodes": 2}
    (fact,) = store.memories.of_kind(MemoryKind.SEMANTIC)
    assert fact.content.startswith("Recurring in 2 conversations (2026-03-01 to 2026-03-11) about")
    assert {"marta", "kyoto"} <= set(fact.entities)
    (full,) = store.memories.get_many([fact.id])
    assert set(full.source_turn_ids) == {"w1:0", "w1:1", "w2:0", "w2:1"}
    # The episodes stay, with their short form; the recent one waits for its week.
    episodes = {m.session_id: m for m in store.memories.of_kind(MemoryKind.EPISODIC)}
    assert episodes["w1"].summary and episodes["w4"].summary is None
    assert episodes["w3"].summary is None
    assert cluster_episodes(ctx).counts == {"facts": 0, "episodes": 0}


def march_talk(store: MemoryStore, embedder: Embedder, *, with_garden: bool) -> None:
    """A March conversation in the Helios project, and one in none."""
    march = datetime(2026, 3, 3, 9, tzinfo=UTC)
    helios = chat("h1", march, ["The Helios launch moved to May because of the audit.", "OK."])
    helios["project"] = "Helios"
    garden = chat("g1", march, ["The garden shed needs a new roof.", "Noted."])
    sessions = [helios, garden] if with_garden else [helios]
    ConversationImporter(store, embedder).import_sessions(
        parse_conversations({"sessions": sessions})
    )


def test_each_project_active_last_month_gets_one_summary(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    march_talk(store, embedder, with_garden=True)
    ctx = JobContext(store, embedder, datetime(2026, 4, 2, tzinfo=UTC), tmp_path, CONFIG)
    assert project_summaries(ctx).counts == {"summaries": 1}
    (summary,) = [m for m in store.memories.of_kind(MemoryKind.SEMANTIC) if m.project == "Helios"]
    assert summary.content.startswith("Project Helios in March 2026: 1 memory about")
    assert "audit" in summary.content
    assert project_summaries(ctx).counts == {"summaries": 0}


def test_a_project_summary_is_not_written_from_memories_forgotten_meanwhile(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    march_talk(store, embedder, with_garden=False)
    (memory,) = store.memories.recent(10)

    class ForgetsWhileEmbedding(FailingEmbedder):
        def embed(self, texts: list[str]) -> np.ndarray:
            store.forget([memory.id], NOW)
            return self.inner.embed(texts)

    slow = ForgetsWhileEmbedding(embedder, fail_on=0)
    ctx = JobContext(store, slow, datetime(2026, 4, 2, tzinfo=UTC), tmp_path, CONFIG)  # type: ignore[arg-type]
    assert project_summaries(ctx).counts == {"summaries": 0}
    assert said_anywhere(store, ["audit"]) == []


def wedding_talk(store: MemoryStore, embedder: Embedder) -> datetime:
    """Two conversations ten days apart about the same wedding; returns when the first began."""
    start = datetime(2026, 3, 1, 9, tzinfo=UTC)
    sessions = [
        chat("w1", start, ["Marta is getting married in Kyoto in April.", "I need a dress."]),
        chat("w2", start + timedelta(days=10), ["Marta's wedding in Kyoto is in April.", "Yay."]),
    ]
    ConversationImporter(store, embedder).import_sessions(
        parse_conversations({"sessions": sessions})
    )
    return start


def test_low_confidence_beliefs_are_listed_for_review(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    start = wedding_talk(store, embedder)
    ctx = JobContext(store, embedder, start + timedelta(days=30), tmp_path, CONFIG)
    cluster_episodes(ctx)
    report = review_conflicts(store, ctx.now)
    assert [m.content[:22] for m in report.doubtful] == ["Recurring in 2 convers"]


@pytest.mark.parametrize(
    ("answer", "kind", "starts"),
    [
        (
            {"kind": "procedural", "statement": "Ana books family-wedding flights early."},
            MemoryKind.PROCEDURAL,
            "Ana books family-wedding flights early.",
        ),
        (ModelError("cut off"), MemoryKind.SEMANTIC, "Recurring in 2 conversations"),
    ],
)
def test_with_a_model_loaded_it_states_the_pattern_and_falls_back_when_it_cannot(
    store: MemoryStore,
    embedder: Embedder,
    tmp_path: Path,
    answer: object,
    kind: MemoryKind,
    starts: str,
) -> None:
    start = wedding_talk(store, embedder)
    llm = ScriptedLLM([answer])
    ctx = JobContext(store, embedder, start + timedelta(days=30), tmp_path, CONFIG, llm=llm)
    assert cluster_episodes(ctx).counts == {"facts": 1, "episodes": 2}
    (fact,) = store.memories.of_kind(kind)
    assert fact.content.startswith(starts)
    assert "Marta is getting married in Kyoto" in llm.prompts[0]


def test_a_conversation_left_open_by_a_crash_is_remembered_and_closed(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    began = datetime(2026, 5, 1, 9, tzinfo=UTC)
    texts = [f"{detail(i)} About the harbour festival." for i in range(7)]
    turns = tuple(
        Turn(
            f"c-{i}",
            "c",
            i,
            Role.USER if i % 2 == 0 else Role.ASSISTANT,
            text,
            began + timedelta(minutes=i),
            "Ana",
        )
        for i, text in enumerate(texts)
    )
    with store.db.write() as cur:  # the turns were stored, then Engram died before the close
        store.conversations.insert_sessions(cur, [Session("c", began, None, turns)])
    early = JobContext(store, embedder, began + timedelta(hours=1), tmp_path, CONFIG)
    assert close_abandoned_sessions(early).counts == {"closed": 0, "segments": 0, "learnt": 0}
    later = replace(early, now=began + timedelta(hours=7))
    assert close_abandoned_sessions(later).counts == {"closed": 1, "segments": 2, "learnt": 0}
    _, uncovered = store.conversations.uncovered_turns("c")
    assert uncovered == set()
    assert close_abandoned_sessions(later).counts == {"closed": 0, "segments": 0, "learnt": 0}


@pytest.mark.parametrize(
    ("answers", "starts"),
    [
        (
            [{"summary": "Ana and Marta planned a hike in the Dolomites and chose the route."}] * 6,
            "Summary of 3 memories (2026-01-01): Ana and Marta planned a hike",
        ),
        ([ModelError("cut off")] * 6, "Summary of 3 memories (2026-01-01) about"),
        (
            # A reply needed the model: each summary is asked for again after it.
            [
                ModelBusyError("The model is needed for a reply."),
                {"summary": "Ana and Marta planned a hike in the Dolomites and chose the route."},
            ]
            * 6,
            "Summary of 3 memories (2026-01-01): Ana and Marta planned a hike",
        ),
    ],
)
def test_with_a_model_loaded_summaries_are_written_by_it_or_extractive_when_it_fails(
    store: MemoryStore, embedder: Embedder, tmp_path: Path, answers: list[object], starts: str
) -> None:
    history(store, embedder)
    llm = ScriptedLLM(answers)
    assert compress_warm(context(store, embedder, tmp_path, llm=llm)).counts["summaries"] == 6
    oldest = next(m for m in store.memories.recent(100) if m.session_id == "S0")
    assert oldest.tier is Tier.COLD and oldest.content.startswith(starts)
    # Each summary is asked for with the group's key sentences, one per original.
    assert len(llm.prompts) == len(answers) and llm.prompts[0].count("\n- ") == 3
    assert "at most 700 characters" in llm.prompts[0]


class ForgetsWhileAsked(ScriptedLLM):
    """The user forgets a memory while the model is asked about it (it takes seconds)."""

    def __init__(self, store: MemoryStore, forget_id: str, answers: list[object]) -> None:
        super().__init__(answers)
        self.store, self.forget_id = store, forget_id

    def complete_json(self, messages: Sequence[ChatMessage], schema: Any, **kw: Any) -> Any:
        if self.forget_id:
            self.store.forget([self.forget_id], NOW)
            self.forget_id = ""
        return super().complete_json(messages, schema, **kw)


def said_anywhere(store: MemoryStore, lines: list[str]) -> list[str]:
    rows = store.db.cursor().execute(
        "SELECT coalesce(content, '') || ' ' || coalesce(summary, '') FROM memories"
    )
    texts = [r[0] for r in rows.fetchall()]
    return [line for line in lines if any(line in text for text in texts)]


def test_a_memory_forgotten_while_its_group_is_summarised_is_not_summarised_again(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    history(store, embedder)
    oldest = min(store.memories.recent(100), key=lambda m: m.created_at)
    lines = oldest.content.splitlines()
    # The model fails after the forget: the extractive summary is made from the group.
    llm = ForgetsWhileAsked(store, oldest.id, [ModelError("cut off")] * 12)
    assert compress_warm(context(store, embedder, tmp_path, llm=llm)).counts["summaries"] > 0
    assert said_anywhere(store, lines) == []


def test_episodes_forgotten_while_the_pattern_is_stated_are_not_stated_again(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    start = wedding_talk(store, embedder)
    (first, _) = sorted(store.memories.of_kind(MemoryKind.EPISODIC), key=lambda m: m.created_at)
    llm = ForgetsWhileAsked(store, first.id, [ModelError("cut off")])
    ctx = JobContext(store, embedder, start + timedelta(days=30), tmp_path, CONFIG, llm=llm)
    assert cluster_episodes(ctx).counts == {"facts": 0, "episodes": 0}
    assert said_anywhere(store, ["married in Kyoto in April"]) == []
