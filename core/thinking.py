"""Reasoning models (Qwen3, DeepSeek-R1 and their distillations, QwQ) think aloud before they
answer, inside `<think>...</think>` at the head of the reply. That reasoning is not the
answer: shown as the reply it buries it, and stored as the reply it would be remembered and
fed back as something the assistant said. This splits a streamed reply into the two as the
pieces arrive, whatever way the tags are cut between pieces."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

OPEN = "<think>"
CLOSE = "</think>"


@dataclass(frozen=True, slots=True)
class ReplyPiece:
    text: str
    thought: bool


class _State(Enum):
    START = "start"
    THOUGHT = "thought"
    ANSWER_START = "answer_start"
    ANSWER = "answer"


def _partial_tail(text: str, tag: str) -> int:
    """Length of the longest end of `text` that could be the start of `tag`."""
    for length in range(min(len(text), len(tag) - 1), 0, -1):
        if tag.startswith(text[-length:]):
            return length
    return 0


class ThoughtSplitter:
    """Feed it the reply as it streams; it hands back what is thought and what is answer.
    A thought is recognised only at the very head of the reply (a `<think>` later on is the
    answer talking about the tag). Text is held back only while it could still be a tag."""

    def __init__(self) -> None:
        self._state = _State.START
        self._held = ""

    @property
    def thinking(self) -> bool:
        """Whether the reply so far ends inside its thought (cut off before the answer)."""
        return self._state is _State.THOUGHT

    def feed(self, piece: str) -> list[ReplyPiece]:
        self._held += piece
        out: list[ReplyPiece] = []
        while self._held:
            if not self._step(out):
                break
        return out

    def finish(self) -> list[ReplyPiece]:
        """Whatever is still held: the reply ended."""
        held, self._held = self._held, ""
        if not held:
            return []
        thought = self._state is _State.THOUGHT
        if self._state in (_State.START, _State.ANSWER_START):
            held = held.lstrip()
        return [ReplyPiece(held, thought)] if held else []

    def _step(self, out: list[ReplyPiece]) -> bool:
        """Consume what can be decided of the held text; False when more text is needed."""
        held = self._held
        if self._state is _State.START:
            head = held.lstrip()
            if head.startswith(OPEN):
                self._state, self._held = _State.THOUGHT, head[len(OPEN) :]
                return True
            if OPEN.startswith(head):
                return False
            self._state = _State.ANSWER
            return True
        if self._state is _State.THOUGHT:
            end = held.find(CLOSE)
            if end >= 0:
                if end:
                    out.append(ReplyPiece(held[:end], True))
                self._state, self._held = _State.ANSWER_START, held[end + len(CLOSE) :]
                return True
            keep = _partial_tail(held, CLOSE)
            if len(held) > keep:
                out.append(ReplyPiece(held[: len(held) - keep], True))
                self._held = held[len(held) - keep :]
            return False
        if self._state is _State.ANSWER_START:
            # The answer after a thought opens with the blank lines that closed it.
            held = held.lstrip()
            self._held = held
            if not held:
                return False
            self._state = _State.ANSWER
            return True
        out.append(ReplyPiece(held, False))
        self._held = ""
        return False
