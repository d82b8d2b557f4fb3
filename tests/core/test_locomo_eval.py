"""The LoCoMo protocol on a small hand-made conversation, where the right answer is known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.embed import Embedder
from core.errors import InputError
from core.eval.locomo import evaluate, load_conversation
from core.tokens import token_counter

CONVERSATION = {
    "speaker_a": "Ana",
    "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a greyhound named Pickle!"},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "Congrats! How old is Pickle?"},
        {"speaker": "Ana", "dia_id": "D1:3", "text": "Three. She loves the beach."},
    ],
    "session_2_date_time": "10:00 am on 20 June, 2023",
    "session_2": [
        {"speaker": "Ben", "dia_id": "D2:1", "text": "I finally finished my pottery course."},
        {
            "speaker": "Ben",
            "dia_id": "D2:2",
            "text": "Look what I made.",
            "img_url": ["x"],
            "blip_caption": "a photo of a blue ceramic vase",
        },
        {"speaker": "Ana", "dia_id": "D2:3", "text": "Beautiful glaze on that one."},
    ],
    "session_3_date_time": "9:00 am on 1 July, 2023",
    "qa": [
        {
            "question": "What breed of dog did Ana adopt?",
            "answer": "greyhound",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "What did Ben make in his pottery course?",
            "answer": "a vase",
            "evidence": ["D2:1; D2:2"],
            "category": 1,
        },
        {
            "question": "Is Pickle a cat?",
            "adversarial_answer": "no",
            "evidence": ["D1:1"],
            "category": 5,
        },
        {"question": "No evidence here", "answer": "?", "evidence": [], "category": 4},
    ],
}


@pytest.fixture
def conversation_file(tmp_path: Path) -> Path:
    path = tmp_path / "conv-test.json"
    path.write_text(json.dumps(CONVERSATION))
    return path


def test_loading_follows_the_protocol(conversation_file: Path) -> None:
    conversation = load_conversation(conversation_file)
    # Empty sessions are skipped; image turns carry their caption.
    assert [len(s.turns) for s in conversation.sessions] == [3, 3]
    assert (
        conversation.sessions[1]
        .turns[1]
        .text.endswith("[shares a photo: a photo of a blue ceramic vase]")
    )
    # Adversarial and evidence-less questions are left out; joined evidence is split.
    assert [q.evidence for q in conversation.questions] == [("D1:1",), ("D2:1", "D2:2")]


def test_recall_is_measured_within_the_budget(conversation_file: Path, embedder: Embedder) -> None:
    report = evaluate([conversation_file], embedder, token_counter(None), budget=1200)
    assert report.questions == 2
    assert report.recall_in_budget == 1.0 and report.recall_at_5 == 1.0
    # What the assistant itself would have recalled: its ten, cut at a cliff.
    assert report.assistant_recall_in_budget == 1.0
    # Too small for any memory, even a fact of a few words ("Ben finished their pottery course").
    tight = evaluate([conversation_file], embedder, token_counter(None), budget=1)
    assert tight.recall_in_budget == tight.assistant_recall_in_budget == 0.0


def test_not_a_locomo_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"sessions": []}')
    with pytest.raises(InputError, match="not a LoCoMo conversation file"):
        load_conversation(bad)
