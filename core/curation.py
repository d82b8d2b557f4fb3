"""Knowledge curation by the local model, after an exchange and off the chat's path: it names
candidate memories, then for each decides ADD / UPDATE (supersede) / DELETE (retire, history
kept) / NOOP against the nearest memories already kept. Output is held to a JSON schema so even
a small model yields valid structure, and the model sees small integer ids, never memory ids.
A wrong or empty answer never removes anything on its own: an update or delete the rules path
does not agree with becomes a pending change for the user instead."""

from __future__ import annotations

import logging
import math
import queue
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

import duckdb
import numpy as np

from core.embed import Embedder
from core.errors import EngramError, ModelError
from core.ingest.remember import Lesson, remember
from core.llm import LLM, ChatMessage, ask_between_replies
from core.model import DecayClass, Memory, MemoryKind, NewMemory, Role, Turn
from core.prompts.templates import render
from core.store import MemoryStore
from core.tokens import fair_shares

log = logging.getLogger(__name__)

CURATED_KINDS = ("semantic", "episodic", "procedural")
# What a memory the model did not rate gets (NewMemory's own default).
DEFAULT_IMPORTANCE = 0.5
# What a model call can fail with: our own errors, and llama.cpp's (context overflow, decode).
MODEL_FAILURES = (EngramError, RuntimeError, ValueError)
# Beside the prompt's own words: the chat template's markers, and the system prompt some
# templates add by themselves (a date line, a default persona).
TEMPLATE_MARGIN_TOKENS = 64
# Less room than this for the exchange (a tiny context) and curation is not worth asking for.
MIN_ROOM_TOKENS = 32
EXTRACTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "memories": {
            "type": "array",
            "maxItems": 5,
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": list(CURATED_KINDS)},
                    "content": {"type": "string", "minLength": 3, "maxLength": 300},
                    "importance": {"type": "number", "minimum": 0, "maximum": 1},
                    "entities": {
                        "type": "array",
                        "maxItems": 8,
                        "items": {"type": "string", "maxLength": 60},
                    },
                    "key": {"type": ["string", "null"], "maxLength": 60},
                },
                "required": ["kind", "content", "importance", "entities", "key"],
            },
        }
    },
    "required": ["memories"],
}


class Decision(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    NOOP = "NOOP"


DECISION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "decision": {"type": "string", "enum": [d.value for d in Decision]},
        "target": {"type": ["integer", "null"]},
    },
    "required": ["decision", "target"],
}
_WORDS = re.compile(r"[^\W\d_]{3,}|\d+")
_STEM_LETTERS = 4
# Words any sentence about the user has, which tie a memory to no exchange in particular.
_FUNCTION_WORDS = frozenset(
    "the and but for nor yet with from about into onto over under than then that this these "
    "those there here what when where which who whom why how user users has have had "
    "having are was were been being does did done not its they them their theirs she her "
    "hers his him you your yours our ours mine can could would should will shall may might "
    "must also just very really some any all each more most such only own same too out off "
    "said says".split()
)
_DECAY = {"semantic": DecayClass.SLOW, "procedural": DecayClass.SLOW, "episodic": DecayClass.MEDIUM}


@dataclass(frozen=True, slots=True)
class CurationConfig:
    neighbours: int = 5
    # An update is applied without asking when it keeps the target's key, or says nearly the
    # same thing about the same kind of memory.
    agree_cosine: float = 0.75
    extraction_tokens: int = 768
    decision_tokens: int = 48


@dataclass(frozen=True, slots=True)
class Outcome:
    content: str
    decision: Decision
    applied: bool
    memory_id: str | None = None
    target_id: str | None = None
    pending_id: str | None = None
    note: str = ""


def _importance(value: object) -> float:
    """The grammar makes the model write a number, not one in range: a 1e999 it wrote became
    an infinite importance that drew the memory as a sphere over the whole map and put it
    first in every search."""
    if not isinstance(value, int | float) or not math.isfinite(value):
        return DEFAULT_IMPORTANCE
    return min(1.0, max(0.0, float(value)))


def _word_stems(text: str) -> set[str]:
    """The words that carry what a text says, by their first letters ("lives" and "live" are
    one): a memory the model wrote shares at least one with the exchange it came from. One
    sharing none is made up (a small model, or the tiny one the tests run, wrote "}job
    yesterdaylinto som mad" as a fact), and kept it would be recalled as something said."""
    words = _WORDS.findall(text.lower())
    return {word[:_STEM_LETTERS] for word in words if word not in _FUNCTION_WORDS}


def _candidate(raw: dict[str, Any], turns: Sequence[Turn], project: str | None) -> NewMemory | None:
    """A validated memory from one extraction entry, or None for an unusable one."""
    content = " ".join(str(raw.get("content", "")).split())
    kind = raw.get("kind")
    if len(content) < 3 or kind not in CURATED_KINDS:
        return None
    key = raw.get("key")
    return NewMemory(
        kind=MemoryKind(kind),
        content=content,
        created_at=turns[-1].at,
        decay_class=_DECAY[kind],
        importance=_importance(raw.get("importance")),
        confidence=0.7,
        project=project,
        session_id=turns[0].session_id,
        entities=tuple(
            dict.fromkeys(str(e).lower() for e in raw.get("entities") or () if str(e).strip())
        ),
        key=str(key).strip().lower() if isinstance(key, str) and key.strip() else None,
        source_turn_ids=tuple(t.id for t in turns),
    )


class Curator:
    def __init__(
        self,
        store: MemoryStore,
        embedder: Embedder,
        llm: LLM,
        config: CurationConfig = CurationConfig(),
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._llm = llm
        self.config = config
        self._failures_in_a_row = 0

    def _room(self, answer_tokens: int, template: str, **empty: str) -> int:
        """Tokens the model's context leaves for what `template` is filled with, after its
        answer: an exchange holding a pasted page (or a long one, with a small context) is cut
        to fit rather than refused by llama.cpp. A small context keeps at least half of itself
        for the question (llama.cpp shortens the answer to what is left)."""
        context = self._llm.context_size
        bare = self._llm.count_tokens(render(template, **empty))
        room = context - min(answer_tokens, context // 2) - bare - TEMPLATE_MARGIN_TOKENS
        if room < MIN_ROOM_TOKENS:
            raise ModelError(
                f"the model's context of {context} tokens leaves no room to read an exchange"
            )
        return room

    def _ask(self, prompt: str, schema: dict[str, Any], max_tokens: int) -> Any:
        return ask_between_replies(
            self._llm, [ChatMessage("user", prompt)], schema, max_tokens=max_tokens
        )

    def extract(self, turns: Sequence[Turn], project: str | None = None) -> list[NewMemory]:
        speaker = next((t.speaker for t in turns if t.role is Role.USER and t.speaker), "User")
        room = self._room(
            self.config.extraction_tokens, "extract_memories", speaker=speaker, exchange=""
        )
        lines = [f"{t.speaker or t.role.value}: {t.text}" for t in turns]
        exchange = "\n".join(fair_shares(lines, self._llm.count_tokens, room))
        prompt = render("extract_memories", speaker=speaker, exchange=exchange)
        answer = self._ask(prompt, EXTRACTION_SCHEMA, self.config.extraction_tokens)
        entries = answer.get("memories") if isinstance(answer, dict) else None
        found = [_candidate(e, turns, project) for e in entries or () if isinstance(e, dict)]
        said = _word_stems(" ".join(t.text for t in turns))
        kept = [c for c in found if c is not None and _word_stems(c.content) & said]
        if len(kept) < sum(c is not None for c in found):
            log.info("Curation left out a memory that shares no word with its exchange")
        return kept

    def decide(self, candidate: NewMemory, known: Sequence[Memory]) -> tuple[Decision, int | None]:
        """The model's decision and the index (into `known`) it targets, if any."""
        room = self._room(self.config.decision_tokens, "decide_update", candidate="", known="")
        new, *kept = fair_shares(
            [candidate.content, *(f"{i}. {m.content}" for i, m in enumerate(known, start=1))],
            self._llm.count_tokens,
            room,
        )
        prompt = render("decide_update", candidate=new, known="\n".join(kept) or "(none)")
        answer = self._ask(prompt, DECISION_SCHEMA, self.config.decision_tokens)
        try:
            decision = Decision(answer.get("decision"))
        except (AttributeError, ValueError):
            return Decision.NOOP, None
        target = answer.get("target")
        if isinstance(target, int) and 1 <= target <= len(known):
            return decision, target - 1
        return decision, None

    def curate(
        self, turns: Sequence[Turn], now: datetime, project: str | None = None
    ) -> list[Outcome]:
        """Extract, decide and apply for one exchange. A model failure is logged and changes
        nothing. An exchange whose words a forget took since it was said (the model takes
        seconds, and the queue may wait behind replies) is not curated: what the model would
        make of it would bring the words back."""
        if not self._still_said(turns):
            log.info("Curation skipped: the exchange was forgotten before it was curated")
            return []
        try:
            candidates = self.extract(turns, project)
        except MODEL_FAILURES as exc:
            self._extraction_failed(exc)
            return []
        if self._failures_in_a_row:
            log.info("Curation works again after %d failed exchange(s)", self._failures_in_a_row)
            self._failures_in_a_row = 0
        if not candidates:
            return []
        vectors = self._embedder.embed([c.content for c in candidates])
        outcomes = []
        for candidate, vector in zip(candidates, vectors, strict=True):
            hits = [
                h
                for h in self._store.vectors.nearest(
                    vector, k=self.config.neighbours, with_memory=True
                )
                if h.memory is not None and h.memory.kind is not MemoryKind.DOCUMENT
            ]
            known = [h.memory for h in hits if h.memory is not None]
            try:
                decision, index = self.decide(candidate, known) if known else (Decision.ADD, None)
            except MODEL_FAILURES as exc:
                log.warning("Curation decision failed (%s); nothing changed", exc)
                continue
            similarity = hits[index].similarity if index is not None else 0.0
            target = known[index] if index is not None else None
            with self._store.db.write() as cur:
                # Holding the writer, no forget can commit before this write does.
                if not self._still_said(turns):
                    log.info("Curation dropped: the exchange was forgotten while it was curated")
                    return outcomes
                outcomes.append(
                    self._apply(cur, candidate, vector, decision, target, similarity, now)
                )
        return outcomes

    def _still_said(self, turns: Sequence[Turn]) -> bool:
        """Whether the stored exchange still holds every word it was curated from (a forget
        blanks its turns; forgetting everything deletes them)."""
        stored = {t.id: t.text for t in self._store.conversations.turns([t.id for t in turns])}
        return all(stored.get(t.id) == t.text for t in turns)

    def _extraction_failed(self, exc: BaseException) -> None:
        """A model too small for the JSON (or cut off by its token limit) fails at every
        exchange. Nothing is lost when it does (the rules already remembered the exchange), so
        a run of failures is a warning once, not a line in the middle of every reply."""
        self._failures_in_a_row += 1
        if self._failures_in_a_row == 1:
            log.warning(
                "Curation skipped, the model's extraction failed: %s. Until it works again, "
                "further failures are logged at debug level.",
                str(exc).rstrip("."),
            )
        else:
            log.debug("Curation skipped again: the model's extraction failed (%s)", exc)

    def _agrees(self, candidate: NewMemory, target: Memory, similarity: float) -> bool:
        """The rules path agrees with an update when the key matches, or when the two say
        nearly the same thing about the same kind of memory."""
        if candidate.key and target.key:
            return candidate.key == target.key
        return target.kind is candidate.kind and similarity >= self.config.agree_cosine

    def _apply(
        self,
        cur: duckdb.DuckDBPyConnection,
        candidate: NewMemory,
        vector: np.ndarray,
        decision: Decision,
        target: Memory | None,
        similarity: float,
        now: datetime,
    ) -> Outcome:
        content = candidate.content
        if decision is Decision.NOOP:
            return Outcome(content, decision, applied=False, note="already known")
        if decision is Decision.ADD:
            written = remember(self._store, cur, Lesson((), (candidate,)), vector[None], now)
            return Outcome(content, decision, True, memory_id=written.memory_ids[0])
        if target is None:
            return Outcome(content, decision, False, note="the model named no kept memory")
        held = self._store.memories.get(target.id)
        if held is None or held.forgotten_at is not None:
            # Forgotten while the model decided: nothing is chained to, or proposed for, it.
            return Outcome(content, decision, False, target_id=target.id, note="it was forgotten")
        if decision is Decision.UPDATE and self._agrees(candidate, target, similarity):
            new_id = self._store.memories.supersede(cur, target.id, candidate, vector)
            self._store.entities.link_written(cur, new_id, candidate)
            return Outcome(content, decision, True, memory_id=new_id, target_id=target.id)
        pending = self._store.pending.propose(
            cur,
            decision.value.lower(),
            target.id,
            candidate.kind,
            content if decision is Decision.UPDATE else None,
            candidate.key,
            candidate.importance,
            now,
            candidate.source_turn_ids,
        )
        return Outcome(
            content,
            decision,
            False,
            target_id=target.id,
            pending_id=pending,
            note="left for you to confirm: the rules do not agree",
        )


# How long the chat must have paused before what it said is curated. Curation reads a prompt
# of its own into the model's context, and the next reply then read its whole prompt again
# (llama.cpp keeps what a prompt shares with the one before: the instructions and the stable
# layers, ~3-4 s of a 1B model's 22 s on 2 cores). While the user chats on, replies keep it.
CURATION_QUIET_S = 30.0


class CurationWorker:
    """Curation on its own thread: exchanges queue up while the chat goes on, and are curated
    once it pauses (`CURATION_QUIET_S`), or at once when the worker closes."""

    def __init__(self, curator: Curator, quiet_s: float = CURATION_QUIET_S) -> None:
        self._curator = curator
        self._quiet_s = quiet_s
        self._last_submit = 0.0
        self._closing = threading.Event()
        self._queue: queue.Queue[tuple[tuple[Turn, ...], datetime, str | None] | None] = (
            queue.Queue()
        )
        self._thread = threading.Thread(target=self._run, name="engram-curation", daemon=True)
        self._thread.start()

    def submit(self, turns: Sequence[Turn], now: datetime, project: str | None = None) -> None:
        self._last_submit = time.monotonic()
        self._queue.put((tuple(turns), now, project))

    def _run(self) -> None:
        while (job := self._queue.get()) is not None:
            self._wait_for_a_pause()
            turns, now, project = job
            try:
                self._curator.curate(turns, now, project)
            except Exception:  # one bad exchange must not stop curation of the next
                log.exception("Curation of an exchange failed")
            finally:
                self._queue.task_done()
        self._queue.task_done()

    def _wait_for_a_pause(self) -> None:
        while not self._closing.is_set():
            left = self._last_submit + self._quiet_s - time.monotonic()
            if left <= 0:
                return
            self._closing.wait(left)

    def close(self, timeout: float | None = None) -> None:
        """Finish what is queued, without waiting for a pause, then stop."""
        self._closing.set()
        self._queue.put(None)
        self._thread.join(timeout)
