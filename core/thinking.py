"""Reasoning models think aloud before they answer: Qwen3, DeepSeek-R1 and their distillations,
QwQ inside `<think>...</think>`, gpt-oss in its "analysis" channel before the "final" one
(OpenAI's harmony format). That reasoning is not the answer: shown as the reply it buries it,
and stored as the reply it would be remembered and fed back as something the assistant said.
This splits a streamed reply into the two as the pieces arrive, whatever way the markers are
cut between pieces. Which markers a model uses is read off its chat template."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True)
class ThoughtFormat:
    """How one family of models marks its reasoning in the text it generates."""

    # Opens the thought; recognised only at the head of the reply.
    open: str
    # Ends the thought; the answer follows.
    close: str
    # Written for the model when its thought runs out of room, so that it answers next.
    cut: str
    # Marks an answer given without a thought (stripped from the head of the reply).
    answer_open: str = ""
    # Control tokens that never belong in either part (llama.cpp streams each token whole).
    noise: tuple[str, ...] = ()


THINK_TAGS = ThoughtFormat("<think>", "</think>", "\n</think>\n\n")
# llama.cpp renders gpt-oss's <|channel|>, <|message|> and <|start|> as text and drops <|end|>;
# both spellings of the hand-over are read the same.
HARMONY = ThoughtFormat(
    "<|channel|>analysis<|message|>",
    "<|start|>assistant<|channel|>final<|message|>",
    "<|end|><|start|>assistant<|channel|>final<|message|>",
    answer_open="<|channel|>final<|message|>",
    noise=("<|end|>",),
)


def format_of(chat_template: str) -> ThoughtFormat | None:
    """The reasoning markers a chat template knows (Qwen3's strips old thoughts from the
    history, DeepSeek-R1's opens a new one, gpt-oss's names its channels); None for a model
    that answers straight away."""
    if HARMONY.answer_open in chat_template:
        return HARMONY
    if THINK_TAGS.open in chat_template or THINK_TAGS.close in chat_template:
        return THINK_TAGS
    return None


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
    A thought is recognised only at the very head of the reply (an opening marker later on is
    the answer talking about it). Text is held back only while it could still be a marker."""

    def __init__(self, form: ThoughtFormat = THINK_TAGS) -> None:
        self.format = form
        self._state = _State.START
        self._held = ""

    @property
    def thinking(self) -> bool:
        """Whether the reply so far ends inside its thought (cut off before the answer)."""
        return self._state is _State.THOUGHT

    def feed(self, piece: str) -> list[ReplyPiece]:
        for noise in self.format.noise:
            piece = piece.replace(noise, "")
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
        form = self.format
        if self._state is _State.START:
            head = held.lstrip()
            for marker, state in ((form.open, _State.THOUGHT), (form.answer_open, _State.ANSWER)):
                if marker and head.startswith(marker):
                    self._state, self._held = state, head[len(marker) :]
                    return True
            if any(marker.startswith(head) for marker in (form.open, form.answer_open) if marker):
                return False
            self._state = _State.ANSWER
            return True
        if self._state is _State.THOUGHT:
            end = held.find(form.close)
            if end >= 0:
                if end:
                    out.append(ReplyPiece(held[:end], True))
                self._state, self._held = _State.ANSWER_START, held[end + len(form.close) :]
                return True
            keep = _partial_tail(held, form.close)
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
