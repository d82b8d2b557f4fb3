"""LLM curation: the decision logic with a scripted model (each path, and what a wrong answer
may not do), and the plumbing with the real tiny GGUF."""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.curation import CurationWorker, Curator, Decision
from core.embed import Embedder
from core.errors import ModelBusyError, ModelError
from core.ingest.remember import Lesson, remember
from core.llm import ChatMessage, LlamaCppLLM, LLMSettings
from core.model import DecayClass, MemoryKind, NewMemory, Role, Session, Turn
from core.store import MemoryStore

NOW = datetime(2026, 11, 18, 10, tzinfo=UTC)


class ScriptedLLM:
    """Test double for the decision logic only: answers come from a script, prompts are kept."""

    context_size = 4096

    def __init__(self, answers: Sequence[Any]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def stream_chat(self, messages: Sequence[ChatMessage], **_: Any) -> Iterator[str]:
        raise AssertionError("curation never chats")

    def complete_json(self, messages: Sequence[ChatMessage], schema: Any, **_: Any) -> Any:
        self.prompts.append(messages[-1].content)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


_sessions = itertools.count(1)


def exchange(store: MemoryStore, text: str) -> list[Turn]:
    """An exchange as the chat stores it: curation reads its words back before it writes."""
    session = Session(f"s{next(_sessions)}", NOW)
    turns = [
        Turn(f"{session.id}-t0", session.id, 0, Role.USER, text, NOW, "Ana"),
        Turn(f"{session.id}-t1", session.id, 1, Role.ASSISTANT, "Noted.", NOW, "Engram"),
    ]
    with store.db.write() as cur:
        store.conversations.insert_sessions(cur, [session])
        store.conversations.insert_turns(cur, session.id, turns)
    return turns


def known(store: MemoryStore, embedder: Embedder, content: str, key: str | None = None) -> str:
    memory = NewMemory(
        kind=MemoryKind.SEMANTIC,
        content=content,
        created_at=NOW - timedelta(days=30),
        decay_class=DecayClass.SLOW,
        key=key,
    )
    with store.db.write() as cur:
        (memory_id,) = remember(
            store, cur, Lesson((), (memory,)), embedder.embed([content]), NOW
        ).memory_ids
    return memory_id


def extracted(content: str, key: str | None = None, kind: str = "semantic") -> dict[str, Any]:
    return {
        "memories": [
            {
                "kind": kind,
                "content": content,
                "importance": 0.8,
                "entities": ["Porto", "Lena"],
                "key": key,
            }
        ]
    }


def test_something_new_is_added_with_its_turns(store: MemoryStore, embedder: Embedder) -> None:
    llm = ScriptedLLM([extracted("Ana is training for the Porto marathon.")])
    said = exchange(store, "I'm training for Porto!")
    (outcome,) = Curator(store, embedder, llm).curate(said, NOW)
    assert (outcome.decision, outcome.applied) == (Decision.ADD, True)
    (memory,) = store.memories.get_many([outcome.memory_id])
    assert memory.content == "Ana is training for the Porto marathon."
    assert memory.source_turn_ids == tuple(t.id for t in said)
    assert {"porto", "lena"} <= set(memory.entities)
    # Names the model found join the entity graph even when the text does not spell them out.
    assert {"porto", "lena"} <= {e.id for e in store.entities.all()}


def test_a_memory_that_shares_no_word_with_its_exchange_is_not_kept(
    store: MemoryStore, embedder: Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    """A small model writes well-formed JSON around words it made up; recalled later, they
    would read as something the user said."""
    answer = extracted("Ana is training for the Porto marathon.")
    answer["memories"].append(dict(answer["memories"][0], content="}job yesterdaylinto som mad"))
    answer["memories"].append(dict(answer["memories"][0], content="The user has a brother."))
    said = exchange(store, "I'm training for Porto!")
    with caplog.at_level(logging.INFO, logger="core.curation"):
        outcomes = Curator(store, embedder, ScriptedLLM([answer])).curate(said, NOW)
    assert [o.content for o in outcomes] == ["Ana is training for the Porto marathon."]
    assert [m.content for m in store.memories.recent(5)] == [
        "Ana is training for the Porto marathon."
    ]
    assert "shares no word with its exchange" in caplog.text


@pytest.mark.parametrize(
    ("written", "kept"),
    [(float("inf"), 0.5), (float("nan"), 0.5), (7, 1.0), (-3, 0.0), ("high", 0.5)],
)
def test_an_importance_the_model_wrote_out_of_range_is_kept_in_range(
    store: MemoryStore, embedder: Embedder, written: object, kept: float
) -> None:
    """llama.cpp's grammar asks for a number, not one in [0, 1]; JSON's 1e999 is infinity."""
    answer = extracted("Ana is training for the Porto marathon.")
    answer["memories"][0]["importance"] = written
    said = exchange(store, "I'm training for Porto!")
    (outcome,) = Curator(store, embedder, ScriptedLLM([answer])).curate(said, NOW)
    (memory,) = store.memories.get_many([outcome.memory_id])
    assert memory.importance == kept


def test_an_update_the_rules_agree_with_supersedes_and_the_model_sees_small_ids(
    store: MemoryStore, embedder: Embedder
) -> None:
    old = known(store, embedder, "Ana lives in Berlin", key="ana: location")
    llm = ScriptedLLM(
        [
            extracted("Ana lives in Porto", key="ana: location"),
            {"decision": "UPDATE", "target": 1},
        ]
    )
    (outcome,) = Curator(store, embedder, llm).curate(exchange(store, "We moved to Porto."), NOW)
    assert outcome.applied and outcome.target_id == old
    chain = [v.memory_id for v in store.lineage.chain(outcome.memory_id)]
    assert chain == [old, outcome.memory_id]
    decision_prompt = llm.prompts[1]
    assert "1. Ana lives in Berlin" in decision_prompt
    assert old not in decision_prompt and "m-" not in decision_prompt


@pytest.mark.parametrize("decision", ["UPDATE", "DELETE"])
def test_changes_the_rules_do_not_back_wait_for_the_user(
    store: MemoryStore, embedder: Embedder, decision: str
) -> None:
    target = known(store, embedder, "Ana's sister is called Marta")
    llm = ScriptedLLM([extracted("Ana enjoys cold showers."), {"decision": decision, "target": 1}])
    said = exchange(store, "Cold showers rock.")
    (outcome,) = Curator(store, embedder, llm).curate(said, NOW)
    assert not outcome.applied and outcome.pending_id
    (pending,) = store.pending.pending()
    assert (pending.action, pending.target_id) == (decision.lower(), target)
    assert pending.source_turn_ids == tuple(t.id for t in said)
    (untouched,) = store.memories.get_many([target])
    assert untouched.valid_to is None and store.memories.count() == 1
    # Forgetting what was said takes the proposal made from it (it holds the words).
    store.forget([forgettable(store, embedder, said)], NOW)
    assert store.pending.pending() == []
    assert store.memories.get(target).forgotten_at is None


@pytest.mark.parametrize(
    "script",
    [
        [{}],
        [{"memories": [{"kind": "gossip", "content": "x"}]}],
        [ModelError("The model's answer was cut off")],
        [extracted("Ana likes tea."), {"decision": "NOOP", "target": None}],
        [extracted("Ana likes tea."), {"decision": "DELETE", "target": 7}],
        [extracted("Ana likes tea."), {"decision": "MAYBE", "target": 1}],
        [extracted("Ana likes tea."), RuntimeError("llama_decode returned -1")],
    ],
)
def test_a_wrong_or_empty_answer_changes_nothing(
    store: MemoryStore, embedder: Embedder, script: list[Any]
) -> None:
    kept = known(store, embedder, "Ana likes green tea in the morning")
    Curator(store, embedder, ScriptedLLM(script)).curate(exchange(store, "Tea time."), NOW)
    assert [m.id for m in store.memories.recent(10)] == [kept]
    assert store.pending.pending() == []


def test_a_model_that_keeps_failing_is_reported_once_per_run_of_failures(
    store: MemoryStore, embedder: Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    cut_off = ModelError("The model's answer was cut off before the JSON was complete")
    llm = ScriptedLLM([cut_off, cut_off, cut_off, {"memories": []}, cut_off])
    curator = Curator(store, embedder, llm)
    with caplog.at_level(logging.INFO, logger="core.curation"):
        for _ in range(5):
            assert curator.curate(exchange(store, "Tea time."), NOW) == []
    said = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert [level for level, _ in said] == [logging.WARNING, logging.INFO, logging.WARNING]
    assert "cut off" in said[0][1]
    assert "after 3 failed exchange(s)" in said[1][1]


def test_a_pasted_page_is_cut_to_the_models_context_instead_of_refused(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A megabyte pasted into the chat (and a memory made of one): the model reads the head of
    it beside every other line, within its context. llama.cpp refused the whole exchange."""
    kept = known(store, embedder, "Ana's notes: " + "sit amet " * 50_000)
    llm = ScriptedLLM([extracted("Ana keeps her bike in the shed."), {"decision": "ADD"}])
    paste = "I keep my bike in the shed. " + "lorem ipsum dolor " * 60_000
    (outcome,) = Curator(store, embedder, llm).curate(exchange(store, paste), NOW)
    assert outcome.applied
    extraction, decision = llm.prompts
    assert llm.count_tokens(extraction) <= llm.context_size - 768
    assert "Ana: I keep my bike in the shed. lorem" in extraction and "Noted." in extraction
    assert llm.count_tokens(decision) <= llm.context_size - 48
    assert "Ana keeps her bike in the shed." in decision and "1. Ana's notes: sit" in decision
    assert store.memories.get(kept).content.startswith("Ana's notes")


def test_a_context_too_small_to_read_an_exchange_is_reported_not_asked(
    store: MemoryStore, embedder: Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    llm = ScriptedLLM([extracted("Ana plays the cello.")])
    llm.context_size = 256
    with caplog.at_level(logging.WARNING, logger="core.curation"):
        assert Curator(store, embedder, llm).curate(exchange(store, "I play the cello."), NOW) == []
    assert llm.prompts == [] and "context of 256 tokens leaves no room" in caplog.text


def test_curation_that_gave_way_to_a_reply_asks_again_and_is_not_a_failure(
    store: MemoryStore, embedder: Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    busy = ModelBusyError("The model is needed for a reply.")
    kept = known(store, embedder, "Ana lives in Lisbon", key="ana: location")
    update = {"decision": "UPDATE", "target": 1}
    llm = ScriptedLLM(
        [busy, busy, extracted("Ana lives in Porto now.", key="ana: location"), busy, update]
    )
    with caplog.at_level(logging.INFO, logger="core.curation"):
        (outcome,) = Curator(store, embedder, llm).curate(exchange(store, "I moved to Porto."), NOW)
    assert (outcome.decision, outcome.applied, outcome.target_id) == (Decision.UPDATE, True, kept)
    assert [v.memory_id for v in store.lineage.chain(outcome.memory_id)] == [
        kept,
        outcome.memory_id,
    ]
    # Each question was asked again after the reply, the same question.
    assert len(set(llm.prompts[:3])) == 1 and llm.prompts[3] == llm.prompts[4]
    assert caplog.records == []


def forgettable(store: MemoryStore, embedder: Embedder, said: Sequence[Turn]) -> str:
    """The fact the rules remembered from the user's turn: forgetting it blanks the turn."""
    fact = NewMemory(
        MemoryKind.SEMANTIC, "Ana's locker code is 4512", NOW, source_turn_ids=(said[0].id,)
    )
    with store.db.write() as cur:
        written = remember(store, cur, Lesson((), (fact,)), embedder.embed([fact.content]), NOW)
    return written.memory_ids[0]


def remembered_text(store: MemoryStore) -> str:
    rows = store.db.cursor().execute("SELECT string_agg(content, ' ') FROM memories").fetchall()
    return rows[0][0] or ""


def test_an_exchange_forgotten_before_it_is_curated_is_not_brought_back(
    store: MemoryStore, embedder: Embedder
) -> None:
    """The queue can wait behind replies: a forget made meanwhile must not be undone by what
    the model makes of the words it still holds."""
    said = exchange(store, "My locker code is 4512.")
    store.forget([forgettable(store, embedder, said)], NOW)
    llm = ScriptedLLM([extracted("Ana's gym locker code is 4512.")])
    assert Curator(store, embedder, llm).curate(said, NOW) == []
    assert llm.prompts == [] and "4512" not in remembered_text(store)


def test_an_exchange_forgotten_while_the_model_reads_it_is_not_brought_back(
    store: MemoryStore, embedder: Embedder
) -> None:
    said = exchange(store, "My locker code is 4512.")
    fact_id = forgettable(store, embedder, said)

    class ForgottenMeanwhile(ScriptedLLM):
        def complete_json(self, messages: Sequence[ChatMessage], schema: Any, **_: Any) -> Any:
            store.forget([fact_id], NOW)
            return super().complete_json(messages, schema)

    llm = ForgottenMeanwhile([extracted("Ana's gym locker code is 4512.")])
    assert Curator(store, embedder, llm).curate(said, NOW) == []
    assert llm.prompts and "4512" not in remembered_text(store)


@pytest.mark.parametrize("decision", ["UPDATE", "DELETE"])
def test_a_change_to_a_memory_forgotten_while_the_model_decides_is_dropped(
    store: MemoryStore, embedder: Embedder, decision: str
) -> None:
    """Neither a new version chained to the tombstone nor a proposal about it."""
    target = known(store, embedder, "Ana lives in Berlin", key="ana: location")

    class ForgetsTheTarget(ScriptedLLM):
        def complete_json(self, messages: Sequence[ChatMessage], schema: Any, **_: Any) -> Any:
            if len(self.prompts) == 1:  # the decision: the user forgets the memory meanwhile
                store.forget([target], NOW)
            return super().complete_json(messages, schema)

    moved = extracted("Ana lives in Porto now.", key="ana: location")
    llm = ForgetsTheTarget([moved, {"decision": decision, "target": 1}])
    (outcome,) = Curator(store, embedder, llm).curate(exchange(store, "I moved to Porto."), NOW)
    assert not outcome.applied and outcome.note == "it was forgotten"
    assert store.pending.pending() == [] and store.memories.count() == 0


def test_the_worker_curates_off_the_callers_thread(store: MemoryStore, embedder: Embedder) -> None:
    llm = ScriptedLLM([extracted("Ana plays the cello.")])
    worker = CurationWorker(Curator(store, embedder, llm))
    caller = threading.get_ident()
    worker.submit(exchange(store, "I play the cello."), NOW)
    worker.close(timeout=60)
    assert [m.content for m in store.memories.recent(5)] == ["Ana plays the cello."]
    assert caller == threading.get_ident()


def test_the_worker_curates_once_the_chat_pauses(store: MemoryStore, embedder: Embedder) -> None:
    """While the user chats on, the model's context keeps the conversation for the next reply
    to reuse; curating each exchange at once put its own prompt there every time."""
    drums = extracted("Ana plays the drums.")
    llm = ScriptedLLM(
        [extracted("Ana plays the cello."), drums, {"decision": "ADD", "target": None}]
    )
    worker = CurationWorker(Curator(store, embedder, llm), quiet_s=1.0)
    worker.submit(exchange(store, "I play the cello."), NOW)
    time.sleep(0.5)
    worker.submit(exchange(store, "I play the drums too."), NOW)
    time.sleep(0.7)
    assert store.memories.count() == 0  # 1.2 s after the first: the chat went on 0.7 s ago
    deadline = time.monotonic() + 30
    while store.memories.count() < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert {m.content for m in store.memories.recent(5)} == {
        "Ana plays the cello.",
        "Ana plays the drums.",
    }
    worker.close(timeout=10)


def test_the_real_model_answers_in_schema_or_fails_cleanly(
    store: MemoryStore, embedder: Embedder, tiny_gguf: Path
) -> None:
    llm = LlamaCppLLM(LLMSettings(tiny_gguf, context_size=2048, threads=1))
    kept = known(store, embedder, "Ana lives in Berlin", key="ana: location")
    curator = Curator(store, embedder, llm)
    # The decision grammar is small enough for random weights to finish it.
    (berlin,) = store.memories.get_many([kept])
    candidate = NewMemory(MemoryKind.SEMANTIC, "Ana lives in Porto", NOW)
    decision, index = curator.decide(candidate, [berlin])
    assert decision in Decision and index in (None, 0)
    # Extraction is longer: random weights may run out of tokens, which must change nothing.
    outcomes = curator.curate(exchange(store, "I moved to Porto."), NOW)
    assert all(o.decision in Decision for o in outcomes)
    if not outcomes:
        assert [m.id for m in store.memories.recent(10)] == [kept]


def test_the_real_model_reads_a_pasted_page_within_its_context(
    store: MemoryStore, embedder: Embedder, tiny_gguf: Path, caplog: pytest.LogCaptureFixture
) -> None:
    llm = LlamaCppLLM(LLMSettings(tiny_gguf, context_size=2048, threads=1))
    prompt_sizes: list[int] = []
    ask = llm.complete_json

    def measured(messages: Sequence[ChatMessage], schema: Any, **kwargs: Any) -> Any:
        prompt_sizes.append(llm.prompt_tokens(messages))
        return ask(messages, schema, **kwargs)

    llm.complete_json = measured  # type: ignore[method-assign]
    paste = "Here is the log:\n" + "error 42 at line 12 of the parser\n" * 30_000
    with caplog.at_level(logging.INFO, logger="core.curation"):
        Curator(store, embedder, llm).curate(exchange(store, paste), NOW)
    assert prompt_sizes and all(size < llm.context_size for size in prompt_sizes)
    assert "exceed context" not in caplog.text
