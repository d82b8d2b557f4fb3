"""Background upkeep as plain functions: the CLI, the tests and the app's scheduler call the same
ones with a clock. Each job is idempotent and resumable: it works in small transactions through
the single writer, so a crash loses at most the step in flight and a re-run finishes the rest.
No job deletes a user's memory: compression turns originals into stubs still reachable by id and
lineage, and links that faded to nothing are the only rows removed."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from core.conflicts import review_conflicts
from core.decay import DEFAULT_DECAY
from core.digest import write_digest
from core.embed import Embedder
from core.errors import EngramError
from core.graph_upkeep import relink_once
from core.ingest.dedupe import merge_stored_duplicates
from core.ingest.remember import Lesson, inline_extraction, remember, segment_memory
from core.ingest.segments import segment_turns
from core.llm import LLM, ChatMessage, ask_between_replies
from core.local_time import day_text
from core.model import DecayClass, Memory, MemoryKind, NewMemory, Tier
from core.prompts.templates import render
from core.reembed import embed_missing
from core.session_close import ClosedSession, intentions, settle_working_set
from core.settings import load_settings
from core.store import MemoryStore
from core.store.backups import drop_backups
from core.store.database import id_in
from core.store.memory_rows import live
from core.summaries import TOPICS_IN_SUMMARY, key_line, span, summarise, summary_schema
from core.viz import DEFAULT_LAYOUT, LayoutConfig, update_layout
from core.wording import counted
from core.working import settle

log = logging.getLogger(__name__)

SUMMARY_LINK = "summary_of"
FACT_LINK = "fact_from"
CLUSTER_WATERMARK = "episodes_clustered_until"


@dataclass(frozen=True, slots=True)
class ConsolidationConfig:
    # Detailed (hot) conversation memories kept before the oldest are compressed.
    hot_capacity: int = 20_000
    # Memories compressed per transaction: a run yields the writer between groups.
    group_size: int = 8
    summary_chars: int = 700
    # With a model loaded, at most this many summaries per run are written by it (each call
    # holds the model for seconds, which a reply would otherwise wait on); the rest extractive.
    model_summaries_per_run: int = 8
    # Links whose decayed weight fell below this are removed.
    link_floor: float = 0.05
    # The vector index is rebuilt when this share of its entries is dead.
    vector_dead_share: float = 0.2
    task_ttl: timedelta = timedelta(hours=48)
    # A conversation silent this long with no close was left by a crash.
    idle_session: timedelta = timedelta(hours=6)
    # Seed 000's weekly step: episodes older than this are distilled into facts.
    episode_age: timedelta = timedelta(days=7)
    cluster_neighbours: int = 10
    cluster_similarity: float = 0.6
    layout: LayoutConfig = DEFAULT_LAYOUT


DEFAULT_CONSOLIDATION = ConsolidationConfig()


@dataclass(frozen=True, slots=True)
class JobReport:
    job: str
    counts: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class JobContext:
    store: MemoryStore
    embedder: Embedder
    now: datetime
    home: Path
    config: ConsolidationConfig = DEFAULT_CONSOLIDATION
    cancel: threading.Event | None = None
    # With a model loaded, recurring episodes are distilled by it; without, extractively.
    llm: LLM | None = None
    # Conversations open in the running app: however quiet, they were not left by a crash.
    live_sessions: frozenset[str] = frozenset()

    @property
    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()


def compress_warm(ctx: JobContext) -> JobReport:
    """WARM -> COLD: while more detailed conversation memories than the capacity are hot, the
    oldest are summarised a group (of one session) at a time into a cold summary that stays in
    vector and keyword search; the originals become stubs chained to it."""
    store, config = ctx.store, ctx.config
    summaries = compressed = 0
    model_budget = config.model_summaries_per_run
    cursor = store.db.cursor()
    hot_condition = f"kind = 'episodic' AND tier = 'hot' AND source_path IS NULL AND {live()}"
    while not ctx.cancelled:
        forgets = store.forgets
        hot = cursor.execute(f"SELECT count(*) FROM memories WHERE {hot_condition}").fetchall()
        excess = hot[0][0] - config.hot_capacity
        if excess <= 0:
            break
        oldest = cursor.execute(
            f"SELECT id, session_id FROM memories WHERE {hot_condition} "
            "ORDER BY created_at, seq LIMIT 1"
        ).fetchall()[0]
        session_clause = "session_id = ?" if oldest[1] is not None else "session_id IS NULL"
        params = [oldest[1]] if oldest[1] is not None else []
        ids = [
            r[0]
            for r in cursor.execute(
                f"SELECT id FROM memories WHERE {hot_condition} AND {session_clause} "
                "ORDER BY created_at, seq LIMIT ?",
                [*params, min(config.group_size, max(1, excess))],
            ).fetchall()
        ]
        group = store.memories.get_many(ids)
        text = _model_summary(ctx, group) if model_budget > 0 else None
        model_budget -= 1
        text = text or summarise(group, config.summary_chars)
        summary = NewMemory(
            kind=MemoryKind.EPISODIC,
            content=text,
            created_at=max(m.created_at for m in group),
            valid_from=min(m.valid_from for m in group),
            decay_class=DecayClass.SLOW,
            importance=max(m.importance for m in group),
            project=group[0].project,
            session_id=group[0].session_id,
            entities=tuple(dict.fromkeys(e for m in group for e in m.entities)),
            source_turn_ids=tuple(dict.fromkeys(t for m in group for t in m.source_turn_ids)),
            tier=Tier.COLD,
        )
        vector = ctx.embedder.embed([text])
        with store.db.write() as cur:
            if store.forgets != forgets:
                # A forget since the group was read (the model takes seconds) may have taken
                # some of it, and the summary would say it again: the group is read anew.
                continue
            (summary_id,) = store.memories.insert(cur, [summary], vector)
            store.entities.link_written(cur, summary_id, summary)
            for memory in group:
                store.memories.mark_superseded(cur, memory.id, summary_id, ctx.now)
            store.memories.set_tier(cur, [m.id for m in group], Tier.STUB)
            store.links.add(
                cur,
                [(summary_id, m.id, 1.0, ctx.now) for m in group],
                SUMMARY_LINK,
                both_ways=False,
            )
        summaries += 1
        compressed += len(group)
    return JobReport("compress", {"summaries": summaries, "compressed": compressed})


def _unclustered_episodes(ctx: JobContext, after: datetime, before: datetime) -> list[Memory]:
    rows = (
        ctx.store.db.cursor()
        .execute(
            f"SELECT id FROM memories WHERE kind = 'episodic' AND tier = 'hot' AND {live()} "
            "AND source_path IS NULL AND created_at > ? AND created_at <= ? "
            "AND id NOT IN (SELECT dst_id FROM links WHERE kind = ?) ORDER BY created_at, seq",
            [after, before, FACT_LINK],
        )
        .fetchall()
    )
    return ctx.store.memories.get_many([r[0] for r in rows])


def _model_summary(ctx: JobContext, group: list[Memory]) -> str | None:
    """The model's summary of a group going cold, or None without a model or with an
    unusable answer (the extractive summary is used then)."""
    if ctx.llm is None:
        return None
    limit = ctx.config.summary_chars
    listing = "\n".join(f"- {key_line(m, 600)}" for m in group)
    try:
        answer = ask_between_replies(
            ctx.llm,
            [ChatMessage("user", render("summarise_memories", memories=listing, limit=str(limit)))],
            summary_schema(limit),
            max_tokens=limit // 3,
        )
        text = " ".join(str(answer["summary"]).split())
    except (EngramError, RuntimeError, ValueError, KeyError, TypeError) as exc:
        log.info("Summarising with the model failed (%s); kept extractive", exc)
        return None
    if not 20 <= len(text) <= limit:
        return None
    return f"Summary of {counted(len(group), 'memory')} ({span(group)}): {text}"


DISTIL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "kind": {"type": "string", "enum": ["semantic", "procedural"]},
        "statement": {"type": "string", "minLength": 8, "maxLength": 300},
    },
    "required": ["kind", "statement"],
}


def _distilled(ctx: JobContext, members: list[Memory]) -> tuple[MemoryKind, str] | None:
    """The model's one-sentence statement of what the episodes show, or None without a model
    or with an unusable answer (the extractive fact is used then)."""
    if ctx.llm is None:
        return None
    listing = "\n".join(f"- {key_line(m, 300)}" for m in members)
    try:
        answer = ask_between_replies(
            ctx.llm,
            [ChatMessage("user", render("distil_episodes", episodes=listing))],
            DISTIL_SCHEMA,
            max_tokens=160,
        )
        statement = " ".join(str(answer["statement"]).split())
        kind = MemoryKind(answer["kind"])
    except (EngramError, RuntimeError, ValueError, KeyError, TypeError) as exc:
        log.info("Distilling episodes with the model failed (%s); kept extractive", exc)
        return None
    if len(statement) < 8 or kind not in (MemoryKind.SEMANTIC, MemoryKind.PROCEDURAL):
        return None
    return kind, statement


def cluster_episodes(ctx: JobContext) -> JobReport:
    """Episodes older than a week that keep coming back (similar meaning and shared names)
    become a semantic fact or a procedural pattern: stated by the model when one is loaded,
    else extractive (the most central episode's key sentence and the names they share), linked
    to every episode it came from. The episodes stay as they were, with their short form in
    `summary`."""
    store, config = ctx.store, ctx.config
    forgets = store.forgets
    cutoff = ctx.now - config.episode_age
    after = datetime.fromisoformat(store.db.meta(CLUSTER_WATERMARK) or "1970-01-01T00:00:00+00:00")
    episodes = _unclustered_episodes(ctx, after, cutoff)
    by_id = {m.id: m for m in episodes}
    done: set[str] = set()
    facts = clustered = 0
    where, params = id_in("id", list(by_id))
    fetched = store.db.cursor().execute(f"SELECT id, embedding FROM memories WHERE {where}", params)
    vectors = dict(fetched.fetchall())
    for episode in episodes:
        if ctx.cancelled:
            break
        if episode.id in done or not episode.entities:
            continue
        vector = np.asarray(vectors[episode.id], dtype=np.float32)
        members = [episode]
        for hit in store.vectors.nearest(vector, k=config.cluster_neighbours):
            other = by_id.get(hit.memory_id)
            if (
                other is not None
                and other.id != episode.id
                and other.id not in done
                and hit.similarity >= config.cluster_similarity
                and set(other.entities) & set(episode.entities)
            ):
                members.append(other)
        if len(members) < 2:
            continue
        shared = Counter(e for m in members for e in m.entities).most_common(TOPICS_IN_SUMMARY)
        names = [name for name, n in shared if n >= 2]
        centre = max(members, key=lambda m: len(set(m.entities) & set(names)))
        first = day_text(min(m.valid_from for m in members))
        last = day_text(max(m.created_at for m in members))
        kind, content = _distilled(ctx, members) or (
            MemoryKind.SEMANTIC,
            f"Recurring in {len(members)} conversations ({first} to {last}) about "
            f"{', '.join(names)}: {key_line(centre, config.summary_chars)}",
        )
        fact = NewMemory(
            kind=kind,
            content=content,
            created_at=ctx.now,
            valid_from=min(m.valid_from for m in members),
            decay_class=DecayClass.SLOW,
            importance=min(1.0, max(m.importance for m in members) + 0.1),
            confidence=0.6,
            project=centre.project,
            entities=tuple(names),
            source_turn_ids=tuple(dict.fromkeys(t for m in members for t in m.source_turn_ids)),
        )
        embedded = ctx.embedder.embed([content])
        with store.db.write() as cur:
            if store.forgets != forgets:
                # The episodes were read before a forget that may have taken some of them:
                # what is left is clustered at the next run.
                break
            (fact_id,) = store.memories.insert(cur, [fact], embedded)
            store.entities.link_written(cur, fact_id, fact)
            store.links.add(
                cur,
                [(fact_id, m.id, 1.0, ctx.now) for m in members],
                FACT_LINK,
                both_ways=False,
            )
            for member in members:
                store.memories.set_summary(cur, member.id, key_line(member, 200))
        done.update(m.id for m in members)
        facts += 1
        clustered += len(members)
    if not ctx.cancelled and store.forgets == forgets:
        with store.db.write() as cur:
            store.db.set_meta(cur, CLUSTER_WATERMARK, cutoff.isoformat())
    return JobReport("episodes", {"facts": facts, "episodes": clustered})


def summary_sources(store: MemoryStore, summary_id: str) -> list[Memory]:
    """The detailed originals a cold summary stands for (a search hit can open them)."""
    rows = (
        store.db.cursor()
        .execute(
            "SELECT dst_id FROM links WHERE src_id = ? AND kind = ? ORDER BY dst_id",
            [summary_id, SUMMARY_LINK],
        )
        .fetchall()
    )
    found = store.memories.get_many([r[0] for r in rows])
    return sorted(found, key=lambda m: (m.created_at, m.id))


def decay_links(ctx: JobContext) -> JobReport:
    """Links fade with a 90-day time constant unless used; the faded-out ones are removed.
    Summary links are structure, not association, and stay."""
    tau = DEFAULT_DECAY.link_time_constant_days
    with ctx.store.db.write() as cur:
        removed = cur.execute(
            "DELETE FROM links WHERE kind <> ? AND weight * exp(-(epoch(?::TIMESTAMPTZ) - "
            "epoch(updated_at)) / 86400.0 / ?) < ? RETURNING 1",
            [SUMMARY_LINK, ctx.now, tau, ctx.config.link_floor],
        ).fetchall()
    return JobReport("links", {"removed": len(removed)})


def upkeep_indexes(ctx: JobContext) -> JobReport:
    """New memories folded into the keyword index once there are enough; memories left
    without a vector by a switch of embedding models get one; the vector index compacted
    (rebuilt) when enough of it is dead. Purges and model switches rebuild it anyway, so in
    ordinary use that is rare."""
    stale = ctx.store.fulltext.stale_rows()
    ctx.store.maintain()
    embedded = embed_missing(ctx.store, ctx.embedder)
    dead = ctx.store.vectors.dead_share() if ctx.store.vectors.exists() else 0.0
    if dead >= ctx.config.vector_dead_share:
        log.info("Vector index %.0f%% dead entries: rebuilding it", dead * 100)
        ctx.store.vectors.rebuild()
    return JobReport(
        "indexes",
        {
            "stale_rows_before": stale,
            "embedded": embedded,
            "vector_dead_percent": round(dead * 100),
            "vector_rebuilt": int(dead >= ctx.config.vector_dead_share),
        },
    )


def close_abandoned_sessions(ctx: JobContext) -> JobReport:
    """Conversations Engram stopped in the middle of (a crash, a killed process) are closed as
    a clean close would have: turns not yet remembered become segment memories, messages not
    yet learnt from (the crash came while the reply was written) give their facts and to-dos,
    the session is ended. Its saved working set is settled by the `working` job, next."""
    store = ctx.store
    closed = segments = learnt = 0
    for session_id, project in store.conversations.open_sessions(ctx.now - ctx.config.idle_session):
        if ctx.cancelled:
            break
        if session_id in ctx.live_sessions:
            continue
        turns, uncovered = store.conversations.uncovered_turns(session_id)
        unlearnt = store.conversations.unlearnt(session_id)
        # Cut where the chat would have: from the last turn remembered on. Cutting the whole
        # session afresh shifts every cut past turns a forget blanked.
        last = max((i for i, t in enumerate(turns) if t.id not in uncovered), default=0)
        groups = [g for g in segment_turns(turns[last:]) if uncovered & {t.id for t in g}]
        lesson = inline_extraction(
            [segment_memory(g, session_id, project) for g in groups],
            unlearnt,
            project,
            beliefs=store.memories.keyed_with,
        )
        vectors = ctx.embedder.embed([m.content for m in lesson.memories])
        with store.db.write() as cur:
            if lesson.memories or lesson.tasks:
                remember(store, cur, lesson, vectors, ctx.now)
            store.conversations.learnt(cur, [t.id for t in unlearnt])
            store.conversations.end_session(cur, session_id, ctx.now)
        closed += 1
        segments += len(groups)
        learnt += len(unlearnt)
    return JobReport("sessions", {"closed": closed, "segments": segments, "learnt": learnt})


def settle_working_sets(ctx: JobContext) -> JobReport:
    """Working sets a crash left saved, of conversations now over (the `sessions` job closes
    those first): settled by the rules of a clean close, one conversation per transaction, the
    saved set removed with it, so a run killed half-way and run again ends the same."""
    store = ctx.store
    settled = promoted = remembered = 0
    for session_id, project in store.working_items.of_ended_sessions():
        if ctx.cancelled:
            break
        closing = settle(store.working_items.of_session(session_id))
        lesson = Lesson(
            tuple(intentions(store, closing, ClosedSession(session_id, project), ctx.now))
        )
        vectors = ctx.embedder.embed([m.content for m in lesson.memories])
        with store.db.write() as cur:
            if lesson.segments:
                remember(store, cur, lesson, vectors, ctx.now)
            keys = [item.key for item in closing.promoted]
            settle_working_set(store, cur, session_id, keys, ctx.now, ctx.config.task_ttl)
        settled += 1
        promoted += len(closing.promoted)
        remembered += len(lesson.segments)
    return JobReport("working", {"settled": settled, "promoted": promoted, "episodes": remembered})


def expire_tasks(ctx: JobContext) -> JobReport:
    with ctx.store.db.write() as cur:
        expired = ctx.store.tasks.expire_candidates(cur, ctx.now, ctx.config.task_ttl)
    return JobReport("tasks", {"expired": len(expired)})


def relink_entities(ctx: JobContext) -> JobReport:
    return JobReport("entities", relink_once(ctx.store, lambda: ctx.cancelled))


def merge_duplicates(ctx: JobContext) -> JobReport:
    report = merge_stored_duplicates(ctx.store, ctx.now)
    return JobReport("duplicates", {"checked": report.checked, "merged": report.merged})


def resolve_conflicts(ctx: JobContext) -> JobReport:
    report = review_conflicts(ctx.store, ctx.now)
    return JobReport(
        "conflicts",
        {
            "resolved": len(report.resolved),
            "flagged": len(report.flagged),
            "waiting": len(report.pending),
            "doubtful": len(report.doubtful),
        },
    )


def _month_start(moment: datetime) -> datetime:
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def project_summaries(ctx: JobContext) -> JobReport:
    """Seed 000's monthly step: each project active last month gets one extractive summary
    (what it was about, its most important memories). Written once per project and month."""
    store = ctx.store
    forgets = store.forgets
    end = _month_start(ctx.now)
    start = _month_start(end - timedelta(days=1))
    month = start.strftime("%B %Y")
    rows = (
        store.db.cursor()
        .execute(
            f"SELECT project, list(id ORDER BY importance DESC, created_at) FROM memories "
            f"WHERE project IS NOT NULL AND created_at >= ? AND created_at < ? AND {live()} "
            "AND kind IN ('episodic', 'semantic') GROUP BY project ORDER BY project",
            [start, end],
        )
        .fetchall()
    )
    written = 0
    for project, ids in rows:
        marker = f"project_summary:{project}:{start.strftime('%Y-%m')}"
        if ctx.cancelled or store.db.meta(marker):
            continue
        memories = store.memories.get_many(list(ids))
        topics = Counter(e for m in memories for e in m.entities).most_common(TOPICS_IN_SUMMARY)
        points = " ".join(key_line(m, 200) for m in memories[:3])
        about = f" about {', '.join(name for name, _ in topics)}" if topics else ""
        content = (
            f"Project {project} in {month}: {counted(len(memories), 'memory')}{about}. {points}"
        )
        summary = NewMemory(
            kind=MemoryKind.SEMANTIC,
            content=content,
            created_at=end,
            valid_from=start,
            decay_class=DecayClass.SLOW,
            importance=0.7,
            project=project,
            entities=tuple(name for name, _ in topics),
            source_turn_ids=tuple(dict.fromkeys(t for m in memories for t in m.source_turn_ids)),
        )
        vector = ctx.embedder.embed([content])
        with store.db.write() as cur:
            if store.forgets != forgets:
                # Read before a forget that may have taken some of them: the next run
                # summarises what is left.
                break
            (summary_id,) = store.memories.insert(cur, [summary], vector)
            store.entities.link_written(cur, summary_id, summary)
            store.db.set_meta(cur, marker, ctx.now.isoformat())
        written += 1
    return JobReport("projects", {"summaries": written})


def layout(ctx: JobContext) -> JobReport:
    """The 3D map: a full UMAP when the store grew by 20%, else new memories placed."""
    mode, count = update_layout(ctx.store, ctx.config.layout, ctx.cancel)
    return JobReport("layout", {mode: count})


def daily_digest(ctx: JobContext) -> JobReport:
    """Yesterday in one Markdown page under `<home>/memory/`: observability, not memory (it is
    not stored as one). Written only for a day that had something worth saying."""
    day = (ctx.now - timedelta(days=1)).date()
    while True:
        forgets = ctx.store.forgets
        path = write_digest(ctx.store, ctx.home, day)
        # A forget while the page was written may have found it not there yet.
        if ctx.store.forgets == forgets:
            return JobReport("digest", {"written": int(path is not None)})


def backup(ctx: JobContext) -> JobReport:
    """A copy of the memory file, for a file that one day will not open (the oldest copies
    go; see `core.store.backups`). As many are kept as the settings say; with none, none is
    made and those made before go (the disk they took is given back)."""
    kept = load_settings(ctx.home).backups_kept
    if kept < 1:
        drop_backups(ctx.store.home)
        return JobReport("backup", {"kept": 0})
    made = ctx.store.back_up(ctx.now, kept)
    return JobReport("backup", {"megabytes": round(made.size / 2**20), "kept": kept})


Job = Callable[[JobContext], JobReport]
JOBS: dict[str, Job] = {
    "sessions": close_abandoned_sessions,
    "working": settle_working_sets,
    "tasks": expire_tasks,
    "duplicates": merge_duplicates,
    "conflicts": resolve_conflicts,
    "episodes": cluster_episodes,
    "projects": project_summaries,
    "compress": compress_warm,
    "links": decay_links,
    "entities": relink_entities,
    "indexes": upkeep_indexes,
    "layout": layout,
    "digest": daily_digest,
    "backup": backup,
}


def run_jobs(ctx: JobContext, names: list[str] | None = None) -> list[JobReport]:
    reports = []
    for name in names or list(JOBS):
        if ctx.cancelled:
            break
        started = time.perf_counter()
        report = JOBS[name](ctx)
        reports.append(JobReport(report.job, report.counts, time.perf_counter() - started))
        log.info("Job %s: %s", name, report.counts)
    return reports
