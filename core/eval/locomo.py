"""LoCoMo evidence recall through Engram's real ingestion and retrieval (no LLM).

Protocol (shared/bench/locomo/README.md): ingest each conversation into a fresh store, sessions
in order at their recorded times; ask every category 1-4 question that has evidence at a clock
just after the last session; walk the results in rank order adding each memory's text until the
next would pass the token budget; score the fraction of evidence turns those memories cover."""

from __future__ import annotations

import json
import re
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from core.assistant import AssistantConfig
from core.embed import Embedder
from core.errors import InputError
from core.ingest.conversations import ConversationImporter
from core.model import Role, Session, Turn
from core.retrieval import RetrievalConfig, Retriever, SearchRequest, SearchResult
from core.store import MemoryStore
from core.tokens import TokenCounter

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_EVIDENCE = re.compile(r"^D:?(\d+):(\d+)$")


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    category: int
    evidence: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Conversation:
    name: str
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]


@dataclass
class EvalReport:
    budget: int
    questions: int = 0
    recall_in_budget: float = 0.0
    recall_at_5: float = 0.0
    recall_at_10: float = 0.0
    # The same budget filled from what the assistant itself asks for (its k, the adaptive cut):
    # the protocol's 100 uncut results overstated what reached its prompts by 0.09 once.
    assistant_recall_in_budget: float = 0.0
    by_category: dict[str, dict[str, float]] = field(default_factory=dict)
    ingest_seconds: float = 0.0
    query_ms_p50: float = 0.0
    query_ms_p95: float = 0.0
    total_seconds: float = 0.0
    mean_memories_in_budget: float = 0.0


def parse_session_time(text: str) -> datetime:
    """LoCoMo writes "1:56 pm on 8 May, 2023"."""
    try:
        return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
    except ValueError as exc:
        raise InputError(f"Unrecognised LoCoMo session time {text!r}") from exc


def _evidence_ids(raw: Sequence[str]) -> tuple[str, ...]:
    ids = []
    for entry in raw:
        for part in entry.split(";"):
            match = _EVIDENCE.match(part.strip())
            if match:
                ids.append(f"D{int(match.group(1))}:{int(match.group(2))}")
    return tuple(dict.fromkeys(ids))


def load_conversation(path: Path) -> Conversation:
    try:
        data = json.loads(path.read_text("utf-8"))
        speaker_a = data["speaker_a"]
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(f"{path.name} is not a LoCoMo conversation file: {exc}") from exc
    numbers = sorted(
        int(m.group(1)) for key in data if (m := _SESSION_KEY.match(key)) and data[key]
    )
    sessions = []
    for number in numbers:
        started = parse_session_time(data[f"session_{number}_date_time"])
        turns = []
        for seq, raw in enumerate(data[f"session_{number}"]):
            text = raw["text"]
            if raw.get("blip_caption"):
                text = f"{text} [shares a photo: {raw['blip_caption']}]"
            turns.append(
                Turn(
                    id=raw["dia_id"],
                    session_id=f"{path.stem}:S{number}",
                    seq=seq,
                    role=Role.USER if raw["speaker"] == speaker_a else Role.ASSISTANT,
                    text=text,
                    at=started + timedelta(seconds=30 * seq),
                    speaker=raw["speaker"],
                )
            )
        sessions.append(Session(f"{path.stem}:S{number}", started, None, tuple(turns)))
    questions = tuple(
        Question(q["question"], q["category"], evidence)
        for q in data.get("qa", [])
        if q.get("category") in CATEGORIES and (evidence := _evidence_ids(q.get("evidence", [])))
    )
    return Conversation(path.stem, tuple(sessions), questions)


def _coverage(evidence: tuple[str, ...], turn_sets: Sequence[tuple[str, ...]]) -> float:
    covered = set().union(*turn_sets) if turn_sets else set()
    return sum(1 for e in evidence if e in covered) / len(evidence)


def fitting_turns(
    results: Sequence[SearchResult], budget: int, count_tokens: TokenCounter
) -> list[tuple[str, ...]]:
    """The source turns of the results that fit, in rank order, until the next would not. A
    result costs what it brings to a prompt: a turn a better one showed is not paid twice."""
    packed, used = [], 0
    for result in results:
        cost = count_tokens(result.text)
        if used + cost > budget:
            break
        packed.append(result.memory.source_turn_ids)
        used += cost
    return packed


def evaluate(
    paths: Sequence[Path],
    embedder: Embedder,
    count_tokens: TokenCounter,
    budget: int = 1200,
    config: RetrievalConfig | None = None,
    progress: Callable[[str], None] | None = None,
    assistant_k: int = AssistantConfig().k,
) -> EvalReport:
    started = time.perf_counter()
    report = EvalReport(budget=budget)
    scores: dict[str, list[float]] = defaultdict(list)
    per_category: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    timings: list[float] = []
    in_budget_counts: list[int] = []
    for path in paths:
        conversation = load_conversation(path)
        with tempfile.TemporaryDirectory(prefix="engram-locomo-") as home:
            store = MemoryStore.open(Path(home), embedder.model_id, embedder.dim)
            try:
                t0 = time.perf_counter()
                ConversationImporter(store, embedder).import_sessions(conversation.sessions)
                store.fulltext.rebuild()
                report.ingest_seconds += time.perf_counter() - t0
                retriever = (
                    Retriever(store, embedder, config) if config else Retriever(store, embedder)
                )
                clock = max(s.turns[-1].at for s in conversation.sessions) + timedelta(minutes=1)
                for question in conversation.questions:
                    t0 = time.perf_counter()
                    outcome = retriever.search(
                        SearchRequest(
                            question.text, clock, k=100, adaptive=False, record_access=False
                        )
                    )
                    timings.append((time.perf_counter() - t0) * 1000)
                    ranked = [r.memory for r in outcome.results]
                    packed = fitting_turns(outcome.results, budget, count_tokens)
                    in_budget_counts.append(len(packed))
                    asked = retriever.search(
                        SearchRequest(question.text, clock, k=assistant_k, record_access=False)
                    )
                    row = {
                        "in_budget": _coverage(question.evidence, packed),
                        "assistant": _coverage(
                            question.evidence, fitting_turns(asked.results, budget, count_tokens)
                        ),
                        "at_5": _coverage(
                            question.evidence, [m.source_turn_ids for m in ranked[:5]]
                        ),
                        "at_10": _coverage(
                            question.evidence, [m.source_turn_ids for m in ranked[:10]]
                        ),
                    }
                    for key, value in row.items():
                        scores[key].append(value)
                        per_category[question.category][key].append(value)
            finally:
                store.close()
        if progress:
            progress(f"{conversation.name}: {len(conversation.questions)} questions")
    report.questions = len(scores["in_budget"])
    if report.questions:
        report.recall_in_budget = statistics.fmean(scores["in_budget"])
        report.recall_at_5 = statistics.fmean(scores["at_5"])
        report.recall_at_10 = statistics.fmean(scores["at_10"])
        report.assistant_recall_in_budget = statistics.fmean(scores["assistant"])
        report.by_category = {
            CATEGORIES[c]: {
                "questions": len(values["in_budget"]),
                "recall_in_budget": statistics.fmean(values["in_budget"]),
                "recall_at_5": statistics.fmean(values["at_5"]),
                "recall_at_10": statistics.fmean(values["at_10"]),
                "assistant_recall_in_budget": statistics.fmean(values["assistant"]),
            }
            for c, values in sorted(per_category.items())
        }
        report.query_ms_p50 = statistics.median(timings)
        report.query_ms_p95 = sorted(timings)[int(0.95 * (len(timings) - 1))]
        report.mean_memories_in_budget = statistics.fmean(in_budget_counts)
    report.total_seconds = time.perf_counter() - started
    return report
