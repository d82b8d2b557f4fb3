"""A search does not spend the prompt twice on the same words: a memory made only from turns a
better result already shows whole is left out, and a segment sharing a turn with a better one
brings only its other lines. What is left out of a result stays in the memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from core.context import ContextAssembler, ContextInputs
from core.embed import Embedder
from core.eval.locomo import fitting_turns
from core.model import MemoryKind, NewMemory
from core.retrieval import Retriever, SearchRequest
from core.retrieval.retelling import shown_once
from core.retrieval.scoring import SearchResult
from core.store import MemoryStore
from core.tokens import token_counter
from tests.core.memory_factory import memory_value

NOW = datetime(2026, 3, 18, 12, tzinfo=UTC)
SEGMENT = (
    "Ana: We booked the cabin in Tromso for March, right by the fjord.\n"
    "Leo: Did you book the northern lights tour too?\n"
    "Ana: Yes, the northern lights tour leaves the cabin at ten."
)


def remember(
    store: MemoryStore, embedder: Embedder, items: list[tuple[MemoryKind, str, tuple[str, ...]]]
) -> list[str]:
    memories = [
        NewMemory(kind, text, NOW - timedelta(days=2), source_turn_ids=turns)
        for kind, text, turns in items
    ]
    with store.db.write() as cur:
        ids = store.memories.insert(cur, memories, embedder.embed([m.content for m in memories]))
    store.fulltext.rebuild()
    return ids


def search(store: MemoryStore, embedder: Embedder, query: str) -> list[SearchResult]:
    request = SearchRequest(query, NOW, adaptive=False, record_access=False)
    return Retriever(store, embedder).search(request).results


def found(store: MemoryStore, embedder: Embedder, query: str) -> list[str]:
    return [r.memory.id for r in search(store, embedder, query)]


def test_a_fact_from_a_turn_of_a_better_ranked_segment_is_left_out(
    store: MemoryStore, embedder: Embedder
) -> None:
    """The fact's one turn is inside the segment ranked above it; the fact from a turn of
    another day still comes, as does a document's chunk, which has no turns."""
    segment, retold, other, chunk = remember(
        store,
        embedder,
        [
            (MemoryKind.EPISODIC, SEGMENT, ("s1-t1", "s1-t2", "s1-t3")),
            (MemoryKind.SEMANTIC, "Ana booked a northern lights tour", ("s1-t3",)),
            (MemoryKind.SEMANTIC, "Ana saw the northern lights as a child", ("s0-t7",)),
            (MemoryKind.DOCUMENT, "Northern lights tours: Tromso, ten pm", ()),
        ],
    )
    results = found(
        store, embedder, "When does the northern lights tour leave the cabin in Tromso?"
    )
    assert results[0] == segment
    assert retold not in results
    assert other in results and chunk in results


def test_a_fact_ranked_above_its_segment_keeps_both(store: MemoryStore, embedder: Embedder) -> None:
    """The segment ranked below holds turns the fact lacks: it still tells something new."""
    segment, fact = remember(
        store,
        embedder,
        [
            (MemoryKind.EPISODIC, SEGMENT, ("s1-t1", "s1-t2", "s1-t3")),
            (MemoryKind.SEMANTIC, "Ana booked a cabin in Tromso for March", ("s1-t1",)),
        ],
    )
    assert found(store, embedder, "Where did Ana book a cabin for March?") == [fact, segment]


def test_two_facts_read_from_one_turn_are_both_kept(store: MemoryStore, embedder: Embedder) -> None:
    """Each says what the other does not: "lives in Berlin" is no answer to where one works."""
    lives, works = remember(
        store,
        embedder,
        [
            (MemoryKind.SEMANTIC, "Ana lives in Berlin", ("s1-t1",)),
            (MemoryKind.SEMANTIC, "Ana works at a bakery in Berlin", ("s1-t1",)),
        ],
    )
    assert sorted(found(store, embedder, "Where does Ana live and work?")) == sorted([lives, works])


def test_a_summary_naming_a_turn_does_not_hide_a_fact_read_from_it(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A summary keeps few of its turns' words: the fact still tells what it lost."""
    summary, fact = remember(
        store,
        embedder,
        [
            (
                MemoryKind.EPISODIC,
                "Summary of 2 memories (10 March): Ana and Leo planned the Tromso trip.",
                ("s1-t1", "s1-t2", "s1-t3"),
            ),
            (MemoryKind.SEMANTIC, "Ana booked a northern lights tour", ("s1-t3",)),
        ],
    )
    assert set(found(store, embedder, "Ana's Tromso trip and the tour")) == {summary, fact}


NEXT = (
    "Ana: Yes, the northern lights tour leaves the cabin at ten.\n"
    "Leo: Bring the thick gloves, it gets to minus twenty out there.\n"
    "Ana: I packed the gloves and the thermos for the tour."
)


def test_a_segment_sharing_a_turn_with_a_better_one_brings_only_its_other_lines(
    store: MemoryStore, embedder: Embedder
) -> None:
    """A session's segments overlap by a turn: the prompt shows it once, the memory keeps it."""
    first, second = remember(
        store,
        embedder,
        [
            (MemoryKind.EPISODIC, SEGMENT, ("s1-t1", "s1-t2", "s1-t3")),
            (MemoryKind.EPISODIC, NEXT, ("s1-t3", "s1-t4", "s1-t5")),
        ],
    )
    results = search(store, embedder, "When does the northern lights tour leave the cabin?")
    assert [r.memory.id for r in results] == [first, second]
    better, later = results
    assert better.text == SEGMENT
    assert later.text == NEXT.split("\n", 1)[1]
    assert later.memory.content == NEXT
    assert later.memory.source_turn_ids == ("s1-t3", "s1-t4", "s1-t5")
    prompt = ContextAssembler(token_counter(None)).assemble(
        ContextInputs("When does the tour leave?", NOW, results=results), 4096
    )
    assert prompt.messages[0].content.count("leaves the cabin at ten") == 1
    assert "minus twenty" in prompt.messages[0].content


def test_a_result_costs_what_it_brings_to_the_prompt() -> None:
    """LoCoMo's budget counts the lines a result brings: the overlap is not paid twice, so
    the second segment fits where its whole text would not."""
    count = token_counter(None)
    first = SearchResult(
        memory_value("m-1", SEGMENT, NOW, sources=("s1-t1", "s1-t2", "s1-t3")), 0.9
    )
    second = SearchResult(
        memory_value("m-2", NEXT, NOW, sources=("s1-t3", "s1-t4", "s1-t5")),
        0.8,
        excerpt=NEXT.split("\n", 1)[1],
    )
    budget = count(SEGMENT) + count(second.text)
    assert count(SEGMENT) + count(NEXT) > budget
    assert fitting_turns([first, second], budget, count) == [
        ("s1-t1", "s1-t2", "s1-t3"),
        ("s1-t3", "s1-t4", "s1-t5"),
    ]


def test_a_fact_that_dates_what_its_turn_tells_is_kept_below_it() -> None:
    """ "I ran a race last Saturday", told on Wednesday: the fact says the Saturday, which the
    segment leaves the model to work out. It was left out whenever the segment ranked first
    (a coin toss for "What did I do on November 14?")."""
    told = datetime(2026, 11, 18, 9, tzinfo=UTC)
    segment = memory_value("m-seg", "Ana: I ran a race last Saturday.", told, sources=("t1",))
    same_day = memory_value("m-same", "Ana ran a race", told, MemoryKind.SEMANTIC, ("t1",))
    dated = replace(same_day, id="m-dated", valid_from=datetime(2026, 11, 14, tzinfo=UTC))
    ranked = [SearchResult(m, 1.0 - n / 10) for n, m in enumerate((segment, same_day, dated))]
    assert [r.memory.id for r in shown_once(ranked)] == ["m-seg", "m-dated"]
