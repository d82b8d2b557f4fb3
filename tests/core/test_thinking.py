"""A reasoning model's thought is told apart from its answer however the stream cuts its
markers: `<think>` tags (Qwen3, DeepSeek-R1) and gpt-oss's harmony channels."""

from __future__ import annotations

import random

import pytest

from core.thinking import (
    HARMONY,
    THINK_TAGS,
    ReplyPiece,
    ThoughtFormat,
    ThoughtSplitter,
    format_of,
)


def split(pieces: list[str], form: ThoughtFormat = THINK_TAGS) -> tuple[str, str, bool]:
    """(thought, answer, still thinking at the end) of a reply streamed as `pieces`."""
    splitter = ThoughtSplitter(form)
    parts: list[ReplyPiece] = []
    for piece in pieces:
        parts += splitter.feed(piece)
    thinking = splitter.thinking
    parts += splitter.finish()
    thought = "".join(p.text for p in parts if p.thought)
    answer = "".join(p.text for p in parts if not p.thought)
    return thought, answer, thinking


def chunkings(text: str) -> list[list[str]]:
    """The reply cut into pieces of every size from 1 to 9, and at random places."""
    cuts = [[text[i : i + size] for i in range(0, len(text), size)] for size in range(1, 10)]
    rng = random.Random(3)
    for _ in range(30):
        points = sorted(rng.sample(range(1, len(text)), 6))
        cuts.append([text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)])
    return cuts


REASONING = (
    "<think>\nThe user greets me. I should greet back.\n</think>\n\nHello! <think> is a tag."
)


@pytest.mark.parametrize("pieces", chunkings(REASONING))
def test_the_thought_is_apart_from_the_answer_however_the_tags_are_cut(pieces: list[str]) -> None:
    thought, answer, thinking = split(pieces)
    assert thought == "\nThe user greets me. I should greet back.\n"
    # The blank lines closing the thought are not the answer's; a later tag is the answer's.
    assert answer == "Hello! <think> is a tag."
    assert not thinking


@pytest.mark.parametrize(
    "reply", ["Hello there.", "<b>bold</b> text", "<thin", "  indented answer", "Use </think>."]
)
def test_a_reply_without_a_thought_is_all_answer(reply: str) -> None:
    for pieces in chunkings(reply) if len(reply) > 6 else [[reply], list(reply)]:
        thought, answer, _ = split(pieces)
        assert (thought, answer.strip()) == ("", reply.strip())


def test_a_reply_cut_off_while_thinking_is_all_thought_and_says_so() -> None:
    thought, answer, thinking = split(["<think>", "Let me see, the budget was", " 40</thi"])
    assert (thought, answer, thinking) == ("Let me see, the budget was 40</thi", "", True)


def test_the_answer_streams_without_waiting_once_no_tag_can_follow() -> None:
    splitter = ThoughtSplitter()
    assert splitter.feed("Hel") == [ReplyPiece("Hel", False)]
    assert splitter.feed("lo") == [ReplyPiece("lo", False)]
    thinking = ThoughtSplitter()
    assert thinking.feed("<think>plan") == [ReplyPiece("plan", True)]
    # Only what could be the start of the closing tag is held back.
    assert thinking.feed(" more </th") == [ReplyPiece(" more ", True)]
    assert thinking.feed("ink>Yes") == [ReplyPiece("Yes", False)]


# gpt-oss as llama.cpp streams it: <|end|> is a control token and is not shown.
HARMONY_REPLY = (
    "<|channel|>analysis<|message|>User greets. Reply briefly."
    "<|start|>assistant<|channel|>final<|message|>Hello! Channels are <|channel|>-marked."
)


@pytest.mark.parametrize("pieces", chunkings(HARMONY_REPLY))
def test_gpt_oss_channels_are_told_apart_however_the_markers_are_cut(pieces: list[str]) -> None:
    thought, answer, thinking = split(pieces, HARMONY)
    assert thought == "User greets. Reply briefly."
    assert answer == "Hello! Channels are <|channel|>-marked."
    assert not thinking


def test_gpt_oss_end_marker_is_dropped_when_it_is_streamed_as_a_token() -> None:
    tokens = ["<|channel|>", "analysis", "<|message|>", "Plan", ".", "<|end|>", "<|start|>"]
    tokens += ["assistant", "<|channel|>", "final", "<|message|>", "Done", "."]
    assert split(tokens, HARMONY) == ("Plan.", "Done.", False)


def test_gpt_oss_answer_without_analysis_loses_only_its_channel_marker() -> None:
    assert split(["<|channel|>", "final", "<|message|>", "Yes", "."], HARMONY) == (
        "",
        "Yes.",
        False,
    )
    assert split(["Plain text."], HARMONY) == ("", "Plain text.", False)


def test_a_reply_cut_off_in_the_analysis_channel_is_all_thought() -> None:
    assert split(["<|channel|>analysis<|message|>", "Still going <|sta"], HARMONY) == (
        "Still going <|sta",
        "",
        True,
    )


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ("{{ '<|start|>assistant<|channel|>final<|message|>' + m }}", HARMONY),
        ("{% if t %}<think>{{ t }}</think>{% endif %}", THINK_TAGS),
        ("{{ content.split('</think>')[-1] }}", THINK_TAGS),
        ("<|user|>{{ content }}<|assistant|>", None),
        ("", None),
    ],
)
def test_the_reasoning_format_is_read_off_the_chat_template(
    template: str, expected: ThoughtFormat | None
) -> None:
    assert format_of(template) == expected
