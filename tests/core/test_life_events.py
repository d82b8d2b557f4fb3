"""Life's turns told in passing ("I broke my leg", "we had a baby", "I'm getting married next
June") are short memories of their own, dated as the sentence says; everyday uses of the same
verbs are not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.assistant import Assistant
from core.due import parse_due
from core.embed import Embedder
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.ingest.rules import extract_facts
from core.model import Role, Turn
from core.store import MemoryStore
from tests.core.conversation_factory import saying

# A Wednesday.
TOLD = datetime(2026, 11, 18, 10, tzinfo=UTC)


def told(text: str) -> list[str]:
    return [f.content for f in extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))]


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        ("I broke my leg last month.", "Ana broke their leg in October"),
        ("We had a baby in March.", "Ana had a baby in March"),
        ("I passed the bar exam!", "Ana passed the bar exam"),
        ("I had surgery last week.", "Ana had surgery between 9 and 15 November"),
        # ...of a part of one, or an illness had (each was none).
        ("I had knee surgery last year.", "Ana had knee surgery in 2025"),
        ("I had covid in March.", "Ana had covid in March"),
        ("I had my appendix removed.", "Ana had their appendix removed"),
        ("I got my tonsils out last month.", "Ana got their tonsils out in October"),
        ("I broke up with Tom.", "Ana broke up with Tom"),
        # "so" is no clause's end here: "... store not" was kept.
        ("I started my own store not so long ago.", "Ana started their own store"),
        ("I'm getting married next June.", "Ana is getting married in June 2027"),
        ("I'm visiting Rome this coming May.", "Ana is visiting Rome in May 2027"),
        ("We're expecting a baby in March.", "Ana is expecting a baby in March 2027"),
        # ...as is the baby due (it said "in March", and a year on any March).
        ("Our baby is due in March.", "Ana is expecting a baby in March 2027"),
        ("I'm 12 weeks pregnant!", "Ana is pregnant"),
        (
            "We're expecting our first child next spring.",
            "Ana is expecting their first child in spring 2027",
        ),
    ],
)
def test_a_turn_of_life_is_remembered_with_when(text: str, memory: str) -> None:
    assert told(text) == [memory]


def test_a_wedding_is_remembered_with_when_and_the_status_it_brings() -> None:
    assert told("I got married last summer.") == [
        "Ana is married",
        "Ana got married between June and August",
    ]


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "My grandmother passed away last week.",
            "Ana's grandmother passed away between 9 and 15 November",
        ),
        ("My sister Mia had a baby girl yesterday!", "Ana's sister Mia had a baby girl"),
        # ...their work lost (it was none).
        ("My brother lost his job.", "Ana's brother lost his job"),
        ("My dad was laid off last month.", "Ana's dad was laid off in October"),
        # ...a step they took, and what they are learning (each was none).
        (
            "My son started kindergarten in September.",
            "Ana's son started kindergarten in September",
        ),
        ("My son started first grade.", "Ana's son started first grade"),
        ("My wife got promoted to director.", "Ana's wife got promoted to director"),
        ("My daughter got into college!", "Ana's daughter got into college"),
        ("My daughter is learning to swim.", "Ana's daughter is learning to swim"),
        ("My husband is training for a marathon.", "Ana's husband is training for a marathon"),
        ("My kids are taking a swimming class.", "Ana's kids are taking a swimming class"),
        # ...in hospital, or hurt (each was none).
        # An event of the day told, kept under no key: it replaces nothing believed of them
        # (test_rules: "my dog is sick" once replaced "my dog is a labrador").
        ("My mom is in the hospital.", "Ana's mom is in the hospital"),
        ("My mum is in hospital.", "Ana's mum is in hospital"),
        ("My mom's in the hospital again.", "Ana's mom is in the hospital again"),
        ("My dad is in the ICU.", "Ana's dad is in the ICU"),
        ("My dad was admitted to the hospital.", "Ana's dad was admitted to the hospital"),
        (
            "My grandma fell and broke her hip last week.",
            "Ana's grandma fell and broke her hip between 9 and 15 November",
        ),
        ("My brother broke his arm.", "Ana's brother broke his arm"),
        ("My dad's been in the hospital for a week.", "Ana's dad has been in the hospital"),
        # ...or ill (each was none; "my dog is sick" was none on purpose in test_rules).
        ("My dog is sick.", "Ana's dog is sick"),
        ("My son is home sick today.", "Ana's son is home sick"),
        ("My mom has the flu.", "Ana's mom has the flu"),
        ("My son's got a bad cold.", "Ana's son has a bad cold"),
    ],
)
def test_what_happened_to_the_people_in_ones_life_is_remembered(text: str, memory: str) -> None:
    assert told(text) == [memory]


def test_a_diagnosis_is_remembered_with_when_and_the_condition_it_brings() -> None:
    """As a wedding brings being married: the condition is theirs from then on."""
    assert told("My dad was diagnosed with diabetes in March.") == [
        "Ana's dad has diabetes",
        "Ana's dad was diagnosed with diabetes in March",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I passed the salt.",
        "I had a great time.",
        "I got my coffee.",
        "I broke it.",
        "I'm expecting a call.",
        "I had pizza last night.",
        "I had my knee in a brace.",
        "I got my hair cut.",
        "My son is taking the bus.",
        "My dad is learning.",
        "My mom's friend is in the hospital.",
        "My mom is sick of my excuses.",
        "My brother is sick and tired of his job.",
    ],
)
def test_an_everyday_use_of_the_same_verbs_is_none(text: str) -> None:
    assert told(text) == []


@pytest.mark.parametrize(
    ("words", "due"),
    [
        ("next June", datetime(2027, 6, 1, tzinfo=UTC)),
        ("this coming December", datetime(2026, 12, 1, tzinfo=UTC)),
        ("next November", datetime(2027, 11, 1, tzinfo=UTC)),
    ],
)
def test_a_month_ahead_is_its_next_first_day(words: str, due: datetime) -> None:
    found = parse_due(f"I need to renew my passport {words}", TOLD)
    assert found is not None and found.at == due


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        ("I was diagnosed with ADHD last year.", "Ana has ADHD"),
        ("I suffer from migraines.", "Ana has migraines"),
        ("I have type 2 diabetes.", "Ana has type 2 diabetes"),
        # The meeting is a plan; "anxiety" after it is no condition named.
        ("I have a meeting at 5 and anxiety about it.", None),
    ],
)
def test_a_health_condition_is_a_fact_to_keep_in_mind(text: str, memory: str | None) -> None:
    conditions = [said for said in told(text) if not said.startswith("Ana is having")]
    assert conditions == ([memory] if memory else [])


@pytest.mark.parametrize(
    ("text", "key", "memory"),
    [
        ("My dog Rex passed away last week.", "ana: dog rex", "Ana's dog Rex passed away"),
        ("We had to put our dog Rex down.", "ana: dog rex", "Ana's dog Rex was put down"),
        ("My sister Mia died in March.", "ana: sister mia", "Ana's sister Mia died in March"),
    ],
)
def test_a_death_of_one_named_is_the_latest_on_them(text: str, key: str, memory: str) -> None:
    """On the key "I have a dog named Rex" is kept on, so recall finds the death, not the dog
    alone; "we had to put our dog Rex down" was kept as having a dog named Rex."""
    (fact,) = extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))
    assert fact.key == key and fact.content.startswith(memory)
    (had,) = extract_facts(Turn("t0", "s", 0, Role.USER, "I have a dog named Rex.", TOLD, "Ana"))
    assert had.key == "ana: dog rex"


@pytest.mark.parametrize(
    ("text", "key", "memory"),
    [
        (
            "I broke up with my boyfriend Tom.",
            "ana: boyfriend tom",
            "Ana broke up with their boyfriend Tom",
        ),
        ("My girlfriend and I split up.", "ana: girlfriend", "Ana broke up with their girlfriend"),
        ("Sam and I broke up last week.", "ana: partner", "Ana broke up with Sam"),
        ("I'm dating Sam.", "ana: partner", "Ana is dating Sam"),
    ],
)
def test_a_relationship_begun_or_ended_is_kept_on_whom_it_was_with(
    text: str, key: str, memory: str
) -> None:
    """A breakup is the latest on the one left, on the key "I have a boyfriend named Tom" or
    "I'm dating Sam" was kept on: it was an event alone ("Tom and I broke up" not even that),
    and "my boyfriend Tom" said in it was kept as still having him."""
    (fact,) = extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))
    assert fact.key == key and fact.content.startswith(memory)


def told_in_sessions(store: MemoryStore, embedder: Embedder, *said: str) -> None:
    """Each of `said` by Ana in a session of its own, imported."""
    data = saying({(i, 0): text for i, text in enumerate(said)}, sessions=len(said))
    ConversationImporter(store, embedder).import_sessions(parse_conversations(data))


def believed(store: MemoryStore, key_start: str) -> list[tuple[str, str]]:
    return (
        store.db.cursor()
        .execute(
            "SELECT key, content FROM memories WHERE starts_with(key, ?) AND superseded_by IS NULL"
            " ORDER BY key",
            [key_start],
        )
        .fetchall()
    )


def test_a_breakup_supersedes_the_partner_said_before(
    store: MemoryStore, embedder: Embedder
) -> None:
    told_in_sessions(store, embedder, "I'm dating Sam.", "Sam and I broke up.")
    assert believed(store, "ana: partner") == [("ana: partner", "Ana broke up with Sam")]


@pytest.mark.parametrize("text", ["We broke up.", "The band broke up.", "Today and I broke up."])
def test_a_breakup_of_no_one_named_is_none(text: str) -> None:
    assert [f.key for f in extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))] == []


def test_a_death_of_the_one_named_is_the_latest_on_them_though_unnamed(
    store: MemoryStore, embedder: Embedder
) -> None:
    """ "My dog died" named no dog: "I have a dog named Rex" stood, and recall found him alive.
    The one dog believed named is the one meant."""
    told_in_sessions(
        store, embedder, "I have a dog named Rex.", "My dog died last week, I'm heartbroken."
    )
    ((key, memory),) = believed(store, "ana: dog")
    assert key == "ana: dog rex" and memory.startswith("Ana's dog Rex died between")


def test_in_chat_too_a_death_of_the_one_named_is_the_latest_on_them(
    assistant: Assistant, store: MemoryStore
) -> None:
    assistant.turn("I have a dog named Rex.")
    assistant.turn("We had to put our dog down today.")
    assert believed(store, "user: dog") == [("user: dog rex", "User's dog Rex was put down")]


def test_a_death_unnamed_is_of_the_one_still_alive(store: MemoryStore, embedder: Embedder) -> None:
    told_in_sessions(
        store,
        embedder,
        "I have a dog named Rex and a dog named Bo.",
        "My dog Bo passed away.",
        "My dog died.",
    )
    assert believed(store, "ana: dog") == [
        ("ana: dog bo", "Ana's dog Bo passed away"),
        ("ana: dog rex", "Ana's dog Rex died"),
    ]


def test_a_breakup_unnamed_is_with_the_one_named(store: MemoryStore, embedder: Embedder) -> None:
    told_in_sessions(
        store, embedder, "I have a boyfriend named Tom.", "I broke up with my boyfriend."
    )
    assert believed(store, "ana: boyfriend") == [
        ("ana: boyfriend tom", "Ana broke up with their boyfriend Tom")
    ]


def test_a_death_of_one_of_two_unnamed_is_kept_as_said(
    store: MemoryStore, embedder: Embedder
) -> None:
    told_in_sessions(store, embedder, "I have a dog named Rex and a dog named Bo.", "My dog died.")
    assert believed(store, "ana: dog") == [
        ("ana: dog bo", "Ana has a dog named Bo"),
        ("ana: dog rex", "Ana has a dog named Rex"),
    ]
    said = store.db.cursor().execute(
        "SELECT count(*) FROM memories WHERE content = ?", ["Ana's dog died"]
    )
    assert said.fetchone() == (1,)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            ("ana: employer", "Ana works at Google"),
            ("ana: employer", "Ana no longer works at Google"),
        ),
        (
            ("ana: location", "Ana lives in Lisbon"),
            ("ana: location", "Ana no longer lives in Lisbon"),
        ),
    ],
)
def test_leaving_a_firm_or_a_town_believed_ends_it(
    store: MemoryStore, embedder: Embedder, before: tuple[str, str], after: tuple[str, str]
) -> None:
    """ "I left Google" said nothing (a firm or a town?); what is believed tells which."""
    said = {"ana: employer": "I work at Google.", "ana: location": "I live in Lisbon."}[before[0]]
    place = before[1].split()[-1]
    told_in_sessions(store, embedder, said, f"I left {place} last month.")
    assert believed(store, before[0]) == [after]


def test_leaving_what_nothing_believed_names_is_no_fact(
    store: MemoryStore, embedder: Embedder
) -> None:
    told_in_sessions(store, embedder, "I work at Google.", "I left Tom.")
    rows = store.db.cursor().execute("SELECT content FROM memories WHERE kind = 'semantic'")
    assert rows.fetchall() == [("Ana works at Google",)]
