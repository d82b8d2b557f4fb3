"""Reasoning models in whole chat turns: their thought is shown apart from the answer and never
stored (think tags, gpt-oss channels, templates that open the thought), on real llama.cpp."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from core.assistant import Assistant
from core.context import DEFAULT_BUDGETS, ContextAssembler
from core.embed import Embedder
from core.llm import LlamaCppLLM, LLMSettings
from core.retrieval import Retriever
from core.store import MemoryStore
from tests.core.clock import Clock
from tests.core.test_assistant import stored_turns


def script_llama(
    monkeypatch: pytest.MonkeyPatch, llm: LlamaCppLLM, pieces: list[str]
) -> list[list[str]]:
    """llama.cpp's chat stream scripted, token by token (the tiny model's noise never writes a
    reasoning marker); everything above it is the real LlamaCppLLM. Returns the messages of
    each prompt sent."""
    prompts: list[list[str]] = []

    def create_chat_completion(messages: list[dict[str, str]], **_: object) -> Iterator[object]:
        prompts.append([m["content"] for m in messages])
        return ({"choices": [{"delta": {"content": piece}}]} for piece in pieces)

    monkeypatch.setattr(llm._llama, "create_chat_completion", create_chat_completion)
    return prompts


def test_a_reasoning_models_thought_is_shown_apart_and_never_stored(
    store: MemoryStore,
    embedder: Embedder,
    llm: LlamaCppLLM,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Qwen3-style: the model opens its own `<think>`; the tags come cut between pieces."""
    prompts = script_llama(
        monkeypatch,
        llm,
        ["<th", "ink>The user says hi; their dog is Rex", ".</thi", "nk>\n\nHi", "!"],
    )
    assistant = Assistant(store, embedder, llm, Retriever(store, embedder), clock)
    answer: list[str] = []
    thought: list[str] = []
    result = assistant.turn("Hello!", on_token=answer.append, on_thought=thought.append)
    assert "".join(answer) == result.reply == "Hi!"
    assert "".join(thought) == result.thought == "The user says hi; their dog is Rex."
    assert result.context.budgets.thinking == 0  # not a thinking template
    assert not result.interrupted
    assert stored_turns(store, result.session_id)[-1] == ("assistant", "Hi!", False)
    clock.advance(minutes=1)
    assistant.turn("And now?")
    # The next prompt carries the answer as what was said, never the reasoning.
    said = "\n".join(prompts[-1])
    assert "Hi!" in said and "Rex" not in said


@pytest.mark.parametrize("end", ["", "<|end|>"])
def test_gpt_oss_analysis_channel_is_its_thought_and_the_final_channel_its_answer(
    store: MemoryStore,
    embedder: Embedder,
    harmony_gguf: Path,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    end: str,
) -> None:
    """OpenAI's harmony format: reasoning in the "analysis" channel, then the "final" one.
    llama.cpp shows <|channel|>, <|message|> and <|start|> as text and drops <|end|>; either
    way only the final channel's text is the reply."""
    llm = LlamaCppLLM(LLMSettings(harmony_gguf, context_size=2048, threads=1))
    stream = ["<|channel|>", "analysis", "<|message|>", "The user says hi; their dog is Rex", "."]
    stream += [end, "<|start|>", "assistant", "<|channel|>", "final", "<|message|>", "Hi", "!"]
    prompts = script_llama(monkeypatch, llm, stream)
    assistant = Assistant(store, embedder, llm, Retriever(store, embedder), clock)
    answer: list[str] = []
    thought: list[str] = []
    result = assistant.turn("Hello!", on_token=answer.append, on_thought=thought.append)
    assert llm.thinks and result.context.budgets.thinking > 0
    assert "".join(answer) == result.reply == "Hi!"
    assert "".join(thought) == result.thought == "The user says hi; their dog is Rex."
    assert stored_turns(store, result.session_id)[-1] == ("assistant", "Hi!", False)
    # An answer with no analysis before it loses its channel marker too.
    script_llama(monkeypatch, llm, ["<|channel|>", "final", "<|message|>", "Sure", "."])
    clock.advance(minutes=1)
    assert assistant.turn("And now?").reply == "Sure."
    assert "Rex" not in "\n".join(prompts[-1])
    assert "<|" not in "".join(text for _, text, _ in stored_turns(store, result.session_id))


@pytest.mark.parametrize("said", [60, 5])
def test_gpt_oss_thought_that_runs_out_of_room_is_handed_over_to_the_final_channel(
    store: MemoryStore,
    embedder: Embedder,
    harmony_gguf: Path,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    said: int,
) -> None:
    """The analysis is cut at its room (60 tokens of it), or ends the reply (5 tokens, then
    <|end|> taken as the end of generation); either way the model is then asked, in its own
    format, for the final channel and answers there (real llama.cpp continues from what was
    written)."""
    llm = LlamaCppLLM(LLMSettings(harmony_gguf, context_size=2048, threads=1))
    script_llama(monkeypatch, llm, ["<|channel|>", "analysis", "<|message|>", *["hmm "] * said])
    continued: list[str] = []
    real_completion = llm._llama.create_completion

    def create_completion(prompt: list[int], **kwargs: object) -> object:
        continued.append(llm._llama.detokenize(prompt, special=True).decode("utf-8"))
        return real_completion(prompt=prompt, **kwargs)

    monkeypatch.setattr(llm._llama, "create_completion", create_completion)
    budgets = replace(DEFAULT_BUDGETS, reply=16, thinking=32)
    assistant = Assistant(
        store,
        embedder,
        llm,
        Retriever(store, embedder),
        clock,
        assembler=ContextAssembler(llm.count_tokens, budgets),
    )
    result = assistant.turn("Hello there.")
    assert min(said, 28) <= result.thought.count("hmm") <= min(said, 32)
    assert continued and continued[0].endswith(
        "<|end|><|start|>assistant<|channel|>final<|message|>"
    )
    assert result.reply and "hmm" not in result.reply and not result.interrupted


def test_a_template_that_opens_the_thought_is_read_as_thinking_on_real_llama_cpp(
    store: MemoryStore, embedder: Embedder, thinking_gguf: Path, clock: Clock
) -> None:
    """DeepSeek-R1-style: the prompt ends in `<think>`, the model writes only the close. The
    tiny model never closes it: its thought is cut at the room it has, and it is made to
    answer after it. Only that answer is shown and stored."""
    llm = LlamaCppLLM(LLMSettings(thinking_gguf, context_size=2048, threads=1))
    budgets = replace(DEFAULT_BUDGETS, reply=16, thinking=32)
    assembler = ContextAssembler(llm.count_tokens, budgets)
    assistant = Assistant(
        store, embedder, llm, Retriever(store, embedder), clock, assembler=assembler
    )
    answer: list[str] = []
    thought: list[str] = []
    result = assistant.turn("Hello there.", on_token=answer.append, on_thought=thought.append)
    # Known for a reasoning model by its template: the reply had room to think too.
    assert llm.thinks and (result.context.budgets.reply, result.context.budgets.thinking) == (
        16,
        32,
    )
    # 32 tokens of thought (and the line break that closes it), not the 48 it could have had.
    assert 32 <= len(thought) <= 34 and result.thought == "".join(thought)
    assert answer and result.reply == "".join(answer).strip()
    assert "<think>" not in result.reply and "</think>" not in result.reply
    assert not result.interrupted
    assert stored_turns(store, result.session_id)[-1] == ("assistant", result.reply, False)
