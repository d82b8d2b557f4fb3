"""One chat turn end to end: message in (stored as it arrives) -> retrieve (answer mode; manager
mode at the start of a session or after a long gap, unless the message asks a question) ->
assemble the layered context -> stream the reply -> store it -> learn from the exchange
(segments, facts, to-dos, boosting what was used). Runs on a worker thread; the UI thread only
receives tokens and hears when the reply is stored, before the learning. A cancelled reply is
kept, marked as interrupted."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

import duckdb

from core.context import (
    MAX_TO_DOS,
    AssembledContext,
    ContextAssembler,
    ContextInputs,
    ContextItem,
    Layer,
    message_for_model,
)
from core.core_memory import CoreMemory
from core.embed import Embedder
from core.errors import InputError, ModelError
from core.ingest.remember import Lesson, inline_extraction, remember, segment_memory
from core.ingest.segments import SegmentConfig, segment_kept, worth_remembering
from core.live_session import LiveSession, Segment, resumed
from core.llm import LLM
from core.model import Role, Session, Task, Turn
from core.recall_mode import recall_mode
from core.retrieval import Mode, Retriever, SearchOutcome, SearchRequest
from core.retrieval.scoring import SearchResult
from core.session_close import ClosedSession, intentions, settle_working_set
from core.store import MemoryStore
from core.store.working_items import TASK_PREFIX
from core.tasks import asks_about_to_dos
from core.temporal import dates_an_event
from core.text_input import MAX_TURN_CHARS, clean_text, too_long
from core.to_dos_done import Settled
from core.tokens import token_counter
from core.working import SessionClose, WorkingMemory
from core.working_sync import WorkingSync

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
TokenSink = Callable[[str], None]
# Called with each stored exchange (e.g. to queue LLM curation off the chat's path).
ExchangeSink = Callable[[Sequence[Turn], datetime, str | None], None]
# Hears the stored exchange (message, reply) and whether the reply was interrupted, before it
# is learnt from.
ReplySink = Callable[[Turn, Turn, bool], None]
# Hears the ids of this conversation's turns a forget blanked (a window showing them drops
# their words too).
ForgottenSink = Callable[[frozenset[str]], None]


@dataclass(frozen=True, slots=True)
class AssistantConfig:
    manager_after_gap: timedelta = timedelta(hours=6)
    # Recalled at most; the memory layer keeps what fits its tokens, best first (the sidebar
    # shows those). Fewer left room unused: LoCoMo dev within 1,200 tokens 0.837 with ten,
    # 0.842 with twenty; once short facts about one person stopped being taken for repeats
    # (`RetrievalConfig.diversity_shared`), twenty 0.830, thirty 0.847, forty 0.851 (sixty
    # the same). With more short facts learnt from what people did, forty 0.8595, sixty 0.8661
    # (a hundred the same).
    k: int = 60
    recent_turns: int = 20
    temperature: float = 0.7
    # A message longer than this (in tokens) is cut for the prompt; the whole text is stored.
    max_message_share: float = 0.5
    assistant_name: str = "Engram"


@dataclass(frozen=True, slots=True)
class TurnResult:
    session_id: str
    user_turn: Turn
    reply_turn: Turn
    interrupted: bool
    mode: Mode
    results: tuple[SearchResult, ...]
    context: AssembledContext
    # The to-dos this exchange put in the inbox or mentioned again there.
    tasks: tuple[Task, ...]
    memory_ids: tuple[str, ...]
    degraded: str | None
    timings_ms: dict[str, float] = field(default_factory=dict)
    # A reasoning model's thinking before its answer: shown while it thinks, never stored.
    thought: str = ""
    # The to-dos the user's message said were done, or no more to do: finished, dismissed.
    settled: Settled = Settled()

    @property
    def reply(self) -> str:
        return self.reply_turn.text


@dataclass(frozen=True, slots=True)
class PreparedTurn:
    """Everything decided before the model speaks: the mode, what was recalled, the prompt."""

    text: str
    now: datetime
    mode: Mode
    results: tuple[SearchResult, ...]
    context: AssembledContext
    degraded: str | None


class Assistant:
    def __init__(
        self,
        store: MemoryStore,
        embedder: Embedder,
        llm: LLM | None,
        retriever: Retriever,
        clock: Clock,
        *,
        context_size: int = 4096,
        assembler: ContextAssembler | None = None,
        working: WorkingMemory | None = None,
        config: AssistantConfig = AssistantConfig(),
        segments: SegmentConfig = SegmentConfig(),
        on_exchange: ExchangeSink | None = None,
        on_forgotten: ForgottenSink | None = None,
    ) -> None:
        self._store = store
        self._forgets_seen = store.forgets
        self._embedder = embedder
        self._llm = llm
        self._retriever = retriever
        self._clock = clock
        # Without a model (previewing a prompt) tokens are counted by tiktoken or estimated.
        self._count = token_counter(llm)
        self.context_size = llm.context_size if llm is not None else context_size
        self._assembler = assembler or ContextAssembler(self._count)
        self.working = working or WorkingMemory(self._count)
        self.core = CoreMemory(store, embedder)
        self.config = config
        self._segments = segments
        self._live: LiveSession | None = None
        self._on_exchange = on_exchange
        self._on_forgotten = on_forgotten
        self._writes = ThreadPoolExecutor(1, thread_name_prefix="engram-turn-write")
        self.project: str | None = None
        self._sync = WorkingSync(store, self.working)
        # Privacy pause: the conversation goes on, nothing of it is stored or learnt.
        self.remembering = True

    @property
    def session_id(self) -> str | None:
        """Safe to read from another thread (the background jobs ask while a turn runs)."""
        live = self._live
        return live.session.id if live else None

    def start_session(self, project: str | None = None) -> str:
        """Begin a conversation (closing any open one). It reaches the file with its first
        message, so beginning one never waits for the writer."""
        self.close_session()
        now = self._clock()
        session = Session(
            id=f"chat-{now.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}",
            started_at=now,
            project=project,
        )
        self._live = LiveSession(session, [], set())
        self.project = project
        return session.id

    def resume_session(self, session_id: str) -> None:
        """Go on with a stored conversation (closing any open one): what is said next joins it,
        and its last turns are the recent conversation the model reads."""
        self.close_session()
        self._live = resumed(self._store, session_id, self._segments)
        self.project = self._live.session.project

    def _mode(self, text: str, now: datetime) -> Mode:
        last = self._live.last_at if self._live else None
        return recall_mode(text, now, last, self.config.manager_after_gap)

    def prepare(self, message: str) -> PreparedTurn:
        """Recall and assemble the prompt for `message` without generating or storing
        anything (`engram context` shows this)."""
        text = clean_text(message).strip()
        if not text:
            raise InputError("The message is empty.")
        if len(text) > MAX_TURN_CHARS:
            raise InputError(too_long(len(text)))
        now = self._clock()
        mode = self._mode(text, now)
        self.working.expire(now)
        self.follow_forgets()
        self._sync.follow(now)
        outcome = self._retriever.search(
            SearchRequest(
                query=text,
                now=now,
                mode=mode,
                k=self.config.k,
                project=self.project,
                record_access=False,
                time_phrases=not dates_an_event(text),
            )
        )
        context, results = self._assemble(text, now, mode, outcome)
        return PreparedTurn(text, now, mode, results, context, outcome.degraded)

    def turn(
        self,
        message: str,
        *,
        on_token: TokenSink | None = None,
        cancel: threading.Event | None = None,
        on_prepared: Callable[[PreparedTurn], None] | None = None,
        on_thought: TokenSink | None = None,
        on_replied: ReplySink | None = None,
    ) -> TurnResult:
        """`on_prepared` hears what was recalled before the model starts speaking (the
        sidebar shows it while the reply streams); `on_thought` hears a reasoning model
        think, `on_token` only its answer; `on_replied` hears the stored reply before the
        exchange is learnt from (the user can read on and type meanwhile)."""
        if self._llm is None:
            raise ModelError(
                "No language model is loaded: choose a GGUF model file in settings "
                "(or pass --model PATH)."
            )
        if self._live is None:
            self.start_session(self.project)
        live = self._live
        assert live is not None
        started = time.perf_counter()
        prepared = self.prepare(message)
        timings = {"prepare": (time.perf_counter() - started) * 1000}
        if on_prepared is not None:
            on_prepared(prepared)
        # Pausing memory applies from the next message: an exchange is stored whole or not at all.
        remembering = self.remembering
        opening = None if live.recorded else live.session
        user_turn = self._next_turn(Role.USER, prepared.text, prepared.now, remembering)
        # Written beside the model's prompt read, not before it: a writer busy after a forget
        # (the file rewrite: ~4-8 s at 100,000 memories) must not hold the reply back. The
        # vector index build after it holds only memory rows (see `_learn`).
        saving = None
        if remembering:
            saving = self._writes.submit(self._write_turn, user_turn, opening)
        started = time.perf_counter()
        reply, thought, interrupted, failure = self._generate(
            self._llm, prepared.context, cancel, on_token, on_thought
        )
        timings["generate"] = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        reply_turn = self._next_turn(Role.ASSISTANT, reply, self._clock(), remembering)
        if saving is not None:
            self._keep(saving, user_turn, reply_turn, interrupted)
        timings["store"] = (time.perf_counter() - started) * 1000
        if on_replied is not None:
            on_replied(user_turn, reply_turn, interrupted)
        started = time.perf_counter()
        memory_ids, tasks, settled = (
            self._learn(prepared, timings) if remembering else ((), (), Settled())
        )
        timings["learn"] = (time.perf_counter() - started) * 1000
        # The user reads the reply now: the moment to fold a long write-ahead log in.
        self._store.db.log_folder.fold_if_long()
        if self._on_exchange is not None and remembering:
            self._on_exchange((user_turn, reply_turn), reply_turn.at, self.project)
        if failure is not None:
            kept = "were saved" if remembering else "stay in this conversation"
            raise ModelError(
                f"The model stopped with an error ({failure}); your message and the partial "
                f"reply {kept}."
            ) from failure
        return TurnResult(
            live.session.id,
            user_turn,
            reply_turn,
            interrupted,
            prepared.mode,
            prepared.results,
            prepared.context,
            tasks,
            memory_ids,
            prepared.degraded,
            timings,
            thought,
            settled,
        )

    def _next_turn(self, role: Role, text: str, at: datetime, stored: bool) -> Turn:
        """A turn joins the conversation (numbered after the ones before it); one that will not
        be stored (memory paused) is marked so nothing is learnt from it."""
        live = self._live
        assert live is not None
        seq = live.turns[-1].seq + 1 if live.turns else 0
        speaker = "User" if role is Role.USER else self.config.assistant_name
        turn = Turn(f"{live.session.id}-t{seq}", live.session.id, seq, role, text, at, speaker)
        live.turns.append(turn)
        if worth_remembering(turn):
            live.segmentable.add(turn.id)
        if not stored:
            live.unrecorded.add(turn.id)
        return turn

    def _write_turn(
        self, turn: Turn, opening: Session | None = None, interrupted: bool = False
    ) -> None:
        """One turn in its own small transaction, with the row of the session it is `opening`
        (its first stored turn). The user's are stored as not yet learnt from until `_learn`
        writes what they say. No memory row is written: the turn is saved even while a vector
        index build holds those still."""
        with self._store.db.write(memory_rows=False) as cur:
            if opening is not None:
                self._store.conversations.insert_sessions(cur, [opening])
            self._store.conversations.insert_turns(
                cur, turn.session_id, [turn], [interrupted], learnt=turn.role is not Role.USER
            )

    def _keep(
        self, saving: Future[None], user_turn: Turn, reply_turn: Turn, interrupted: bool
    ) -> None:
        """The message's write done, the reply's after it: a crash while the reply was written
        kept the message. What could not be written stays in the conversation, out of the
        file and of what is learnt, and the error goes to the caller."""
        live = self._live
        assert live is not None
        try:
            saving.result()
        except BaseException:
            live.unrecorded.update((user_turn.id, reply_turn.id))
            raise
        live.unlearnt.append(user_turn)
        try:
            self._write_turn(reply_turn, interrupted=interrupted)
        except BaseException:
            live.unrecorded.add(reply_turn.id)
            raise

    def _assemble(
        self, text: str, now: datetime, mode: Mode, outcome: SearchOutcome
    ) -> tuple[AssembledContext, tuple[SearchResult, ...]]:
        """The prompt, and the recalled memories that reached it: what shaped the reply. One
        with no room left in its layer is neither shown as used, nor strengthened, nor brought
        into the working set (where it would push out what is in play)."""
        results, degraded = outcome.results, outcome.degraded
        # The open to-dos where they are the point (seed 000's manager mode lists pending tasks;
        # a message about them); elsewhere they would lengthen every prompt the model reads.
        wanted = mode is Mode.MANAGER or asks_about_to_dos(text)
        to_dos = self._store.tasks.inbox()[:MAX_TO_DOS] if wanted else []
        # Said once: a recalled memory or a listed to-do is not repeated from the working set.
        shown = {r.memory.id for r in results} | {TASK_PREFIX + t.id for t in to_dos}
        working = [
            ContextItem(Layer.RECENT, item.text, item.tokens, item.importance, item.key)
            for item in self.working.items()
            if item.key not in shown
        ]
        message, cut = message_for_model(
            text, int(self.context_size * self.config.max_message_share), self._count
        )
        inputs = ContextInputs(
            user_message=message,
            now=now,
            results=results,
            core=self.core.always(),
            to_dos=to_dos,
            working=working,
            recent_turns=self._live.turns[-self.config.recent_turns :] if self._live else (),
            project=self.project,
            assistant_name=self.config.assistant_name,
            extra_warnings=[w for w in (degraded, cut) if w],
            thinks=self._llm is not None and self._llm.thinks,
        )
        context = self._assembler.assemble(inputs, self.context_size)
        used = [i.memory_id for v in context.layers for i in v.items if i.memory_id]
        in_prompt = set(used)
        prompted = tuple(r for r in results if r.memory.id in in_prompt)
        self.working.recall(
            [(r.memory.id, r.memory.content, r.memory.importance) for r in prompted], now
        )
        self.working.mark_used(used, now)
        return context, prompted

    def _generate(
        self,
        llm: LLM,
        context: AssembledContext,
        cancel: threading.Event | None,
        on_token: TokenSink | None,
        on_thought: TokenSink | None,
    ) -> tuple[str, str, bool, BaseException | None]:
        """Stream the reply. Returns (answer, thought, interrupted, failure): a cancel or a
        model error keeps what was said so far. A reply that thought and never answered
        (cut off while the model was still thinking) counts as interrupted."""
        answer: list[str] = []
        thought: list[str] = []
        failure: BaseException | None = None
        try:
            for piece in llm.stream_chat(
                context.messages,
                max_tokens=context.budgets.generation,
                temperature=self.config.temperature,
                stop=cancel,
                thinking_tokens=context.budgets.thinking,
            ):
                (thought if piece.thought else answer).append(piece.text)
                sink = on_thought if piece.thought else on_token
                if sink is not None:
                    sink(piece.text)
        except (ModelError, RuntimeError, ValueError, OSError) as exc:
            log.exception("Generation failed")
            failure = exc
        said = "".join(answer)
        unfinished = bool(thought) and not said.strip()
        if unfinished:
            log.info("The reply ended while the model was still thinking")
        interrupted = failure is not None or unfinished or (cancel is not None and cancel.is_set())
        return said, "".join(thought), interrupted, failure

    def _learn(
        self, prepared: PreparedTurn, timings: dict[str, float]
    ) -> tuple[tuple[str, ...], tuple[Task, ...], Settled]:
        """Write what the stored exchange teaches (closed segments, the user's facts and
        to-dos, and the to-dos it says were done or are no more), the strengthening of what
        was recalled and the working set, in one transaction that also marks the user's turns
        learnt: a crash or a failed write leaves them to be learnt later, never half of it.
        While memory rows are held still (a vector index build or a file rewrite: ~25 s after
        a forget at 100k memories) nothing is written: the next exchange or the close learns
        this one too. `timings` gets the encoder's share ("encode"): a closed segment alone
        can cost more than the rest."""
        live = self._live
        assert live is not None
        if prepared.results:
            live.unboosted.append((prepared.results, prepared.now))
        if self._store.db.rows_frozen:
            log.info("Memory rows are held still (an index build or a forget): learnt later")
            return (), (), Settled()
        self.follow_forgets()
        groups = self._new_segments(final=False)
        # Facts and to-dos come from what the user said, never from the model's reply.
        lesson = self._lesson(groups, live.unlearnt)
        started = time.perf_counter()
        vectors = self._embedder.embed([m.content for m in lesson.memories])
        timings["encode"] = (time.perf_counter() - started) * 1000
        before = self.working.snapshot()
        at = live.unlearnt[-1].at if live.unlearnt else prepared.now
        try:
            with self._store.db.write() as cur:
                # Holding the writer, no forget can commit now. One that did since this
                # exchange was read may have taken words it holds: it is learnt next time,
                # from what is left of it.
                if self.follow_forgets():
                    log.info("A forget came in: this exchange is learnt later")
                    return (), (), Settled()
                remembered = remember(self._store, cur, lesson, vectors, at)
                settled = self._store.tasks.settle_said(cur, live.unlearnt, at, live.turns)
                self._strengthen_recalled(cur)
                self._sync.into_play(cur, remembered.fact_ids, lesson.facts, remembered.tasks, at)
                self._store.conversations.learnt(cur, [t.id for t in live.unlearnt])
                # The working set as this exchange leaves it, written with the exchange:
                # after a crash the `working` job settles exactly what was in play.
                self._store.working_items.save(cur, live.session.id, self.working.items())
        except BaseException:
            self.working.restore(before)
            raise
        live.unlearnt.clear()
        live.unboosted.clear()
        live.stored_segments.update(key for key, _ in groups)
        # A hedge said once waits out of sight: only what the inbox shows was "noticed".
        shown = tuple(t for t in remembered.tasks if self._store.tasks.in_inbox(t))
        return remembered.memory_ids, shown, settled

    def follow_forgets(self) -> bool:
        """What was forgotten since the last look leaves this conversation too: a recalled
        memory or a to-do its working memory holds, and the words of its own turns a forget
        blanked (kept as said, they would reach the next prompts, and the close would remember
        them again). A forget deletes the saved working set's copy; the next exchange would have
        written it back. Memories no longer searchable are forgotten, or compressed into a
        summary, which recall finds instead. Returns whether anything was forgotten; the window
        showing the conversation hears (`on_forgotten`) which of its turns lost their words.
        Called by each turn, and by the chat after a forget made while none runs."""
        if self._store.forgets == self._forgets_seen:
            return False
        self._forgets_seen = self._store.forgets
        keys = [i.key for i in self.working.items()]
        memory_keys = [key for key in keys if not key.startswith(TASK_PREFIX)]
        kept = set(self._store.searchable.get(memory_keys)) if memory_keys else set()
        kept.update(
            key
            for key in keys
            if key.startswith(TASK_PREFIX) and self._store.tasks.get(key.removeprefix(TASK_PREFIX))
        )
        self.working.remove(key for key in keys if key not in kept)
        live = self._live
        said = [t.id for t in live.turns if t.text and t.id not in live.unrecorded] if live else []
        if live is not None and said:
            stored = {t.id: t.text for t in self._store.conversations.turns(said)}
            blanked = {turn_id for turn_id in said if not stored.get(turn_id)}
            if blanked:

                def blank(turns: list[Turn]) -> list[Turn]:
                    return [replace(t, text="") if t.id in blanked else t for t in turns]

                live.turns, live.unlearnt = blank(live.turns), blank(live.unlearnt)
                if self._on_forgotten is not None:
                    self._on_forgotten(frozenset(blanked))
        return True

    def _strengthen_recalled(self, cur: duckdb.DuckDBPyConnection) -> None:
        """Boost what exchanges recalled and have not strengthened yet, inside the caller's
        write (a failed write leaves them for the next)."""
        live = self._live
        assert live is not None
        for results, recalled_at in live.unboosted:
            self._retriever.strengthen(results, recalled_at, cur)

    def _lesson(self, groups: Sequence[Segment], turns: Sequence[Turn]) -> Lesson:
        assert self._live is not None
        session = self._live.session
        segments = tuple(segment_memory(g, session.id, session.project) for _, g in groups)
        first = turns[0].seq if turns else 0
        earlier = next(
            (t for t in reversed(self._live.turns) if t.role is Role.USER and t.seq < first), None
        )
        return inline_extraction(
            segments, turns, session.project, earlier, self._store.memories.keyed_with
        )

    def _new_segments(self, *, final: bool) -> list[Segment]:
        """Segments ready to be remembered: full ones as soon as they fill (they will not
        change), and at session close the shorter tail; each under the ids it was cut with,
        holding the turns a forget has not blanked."""
        live = self._live
        assert live is not None
        ready = []
        segmentable = live.segmentable - live.unrecorded
        kept = [t for t in live.turns if t.id in segmentable]
        for group in segment_kept(kept, self._segments):
            key = tuple(t.id for t in group)
            if key in live.stored_segments or live.earlier.issuperset(key):
                continue
            said = tuple(t for t in group if t.text)
            if said and (final or len(group) == self._segments.max_turns):
                ready.append((key, said))
        return ready

    def close_session(self) -> SessionClose | None:
        """End the conversation by seed 000's rules: the unfinished tail becomes a memory;
        from working memory, used high-priority items are promoted (memories strengthened,
        a to-do said more than once but never confirmed remembered as an episode), the rest
        leaves the working set; task candidates older than the working TTL expire."""
        live = self._live
        if live is None:
            return None
        now = self._clock()
        closing = self.working.close()
        groups = self._new_segments(final=True)
        # The file's word, not the session's list: a turn that failed part-way may be in it
        # (its message's write finished first: the writes run in order).
        self._writes.submit(lambda: None).result()
        unlearnt = self._store.conversations.unlearnt(live.session.id)
        lesson = self._lesson(groups, unlearnt)
        session = ClosedSession(live.session.id, live.session.project)
        lesson = replace(
            lesson, segments=(*lesson.segments, *intentions(self._store, closing, session, now))
        )
        vectors = self._embedder.embed([m.content for m in lesson.memories])
        with self._store.db.write() as cur:
            if lesson.memories or lesson.tasks:
                remember(self._store, cur, lesson, vectors, now)
            self._strengthen_recalled(cur)
            self._store.conversations.learnt(cur, [t.id for t in unlearnt])
            self._store.conversations.end_session(cur, live.session.id, now)
            settle_working_set(
                self._store,
                cur,
                live.session.id,
                [i.key for i in closing.promoted],
                now,
                self.working.config.ttl,
            )
        self._live = None
        log.info(
            "Session %s closed: %d promoted, %d expired from working memory",
            live.session.id,
            len(closing.promoted),
            len(closing.expired),
        )
        return closing
