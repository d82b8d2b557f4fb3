"""Real llama.cpp on the tiny generated GGUF: streaming, stopping, JSON under a schema, tokens."""

from __future__ import annotations

import gc
import logging
import threading
import time
import weakref
from pathlib import Path

import jsonschema
import pytest

from core.curation import EXTRACTION_SCHEMA
from core.errors import ModelBusyError, ModelError
from core.llm import ChatMessage, LlamaCppLLM, LLMSettings, embedding_model
from tests.tiny_gguf import N_CTX

HELLO = [ChatMessage("system", "You are terse."), ChatMessage("user", "hello world")]


@pytest.fixture(scope="module")
def llm(tiny_gguf: Path) -> LlamaCppLLM:
    return LlamaCppLLM(LLMSettings(tiny_gguf, context_size=512, threads=1))


def test_tokens_stream_one_piece_at_a_time(llm: LlamaCppLLM) -> None:
    pieces = list(llm.stream_chat(HELLO, max_tokens=24, temperature=0.8))
    assert len(pieces) > 1
    # A model that does not reason aloud: every piece is answer.
    assert all(p.text and not p.thought for p in pieces)
    assert len(pieces) <= 24


def test_stop_ends_generation_mid_stream(llm: LlamaCppLLM) -> None:
    stop = threading.Event()
    pieces = []
    for piece in llm.stream_chat(HELLO, max_tokens=400, temperature=0.8, stop=stop):
        pieces.append(piece)
        if len(pieces) == 5:
            stop.set()
    assert len(pieces) == 5
    # The model is free again straight away.
    assert list(llm.stream_chat(HELLO, max_tokens=3))


def test_json_output_follows_the_schema(llm: LlamaCppLLM) -> None:
    schema = {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["ADD", "UPDATE", "DELETE", "NOOP"]},
            "important": {"type": "boolean"},
        },
        "required": ["action", "important"],
    }
    answer = llm.complete_json(
        [ChatMessage("user", "Decide what to do with this memory.")], schema, max_tokens=64
    )
    jsonschema.validate(answer, schema)


def test_background_json_gives_way_to_a_reply_and_the_model_stays_usable(
    tiny_gguf: Path,
) -> None:
    """Curation and summaries hold the model for tens of seconds on a laptop; a message sent
    meanwhile is answered at once and the background question is told to ask again."""
    llm = LlamaCppLLM(LLMSettings(tiny_gguf, context_size=2048, threads=1))
    question = [ChatMessage("user", "Extract memories from: I live in Berlin.")]
    outcome: list[object] = []

    def background() -> None:
        # Unhurried, the tiny model writes this for the whole allowance (seconds).
        try:
            outcome.append(llm.complete_json(question, EXTRACTION_SCHEMA, max_tokens=1800))
        except ModelError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=background)
    worker.start()
    time.sleep(0.2)
    reply = list(llm.stream_chat(HELLO, max_tokens=5))
    worker.join(30)
    assert reply
    (gave_way,) = outcome
    assert isinstance(gave_way, ModelBusyError)
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
    jsonschema.validate(llm.complete_json(question, schema, max_tokens=16), schema)


def test_token_counts_come_from_the_model_tokenizer(llm: LlamaCppLLM) -> None:
    assert llm.count_tokens("") == 0
    assert llm.count_tokens("hello world") == 2
    assert llm.count_tokens("hello world hello world") == 4
    assert llm.context_size == 512


def test_missing_model_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not found"):
        LlamaCppLLM(LLMSettings(tmp_path / "nope.gguf"))
    # A model's folder chosen instead of its file.
    with pytest.raises(ModelError, match="is a folder; choose the model's .gguf file inside it"):
        LlamaCppLLM(LLMSettings(tmp_path))


def test_a_file_that_is_not_gguf_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "model.gguf"
    bogus.write_bytes(b"PK\x03\x04 definitely a zip file")
    with pytest.raises(ModelError, match="not a GGUF"):
        LlamaCppLLM(LLMSettings(bogus))


def test_a_truncated_gguf_is_refused(tmp_path: Path, tiny_gguf: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(tiny_gguf.read_bytes()[:4096])
    with pytest.raises(ModelError, match="could not load"):
        LlamaCppLLM(LLMSettings(broken))


def test_prompt_is_rendered_with_the_models_own_chat_template(llm: LlamaCppLLM) -> None:
    prompt = llm.format_prompt(HELLO)
    assert prompt == "<|system|>\nYou are terse.</s>\n<|user|>\nhello world</s>\n<|assistant|>\n"
    # Control markers count as one token each, plus BOS: the budget sees what is really sent.
    content_tokens = llm.count_tokens("You are terse.") + llm.count_tokens("hello world")
    assert llm.prompt_tokens(HELLO) > content_tokens + 3


def test_a_stop_requested_before_the_prompt_is_read_aborts_at_once(
    llm: LlamaCppLLM, caplog: pytest.LogCaptureFixture
) -> None:
    stop = threading.Event()
    stop.set()
    long_prompt = [ChatMessage("user", "hello world " * 100)]
    with caplog.at_level(logging.DEBUG, logger="llama.cpp"):
        assert list(llm.stream_chat(long_prompt, max_tokens=50, stop=stop)) == []
    # llama.cpp reports the abort as errors; asked for, it is no error (`engram chat` printed
    # them under the reply).
    reported = [r for r in caplog.records if r.name == "llama.cpp"]
    assert any("failed to decode" in r.getMessage() for r in reported)
    assert all(r.levelno < logging.WARNING for r in reported)
    # Aborted inside llama.cpp: the prompt was not read (nothing of it is in the context).
    assert llm.context_tokens < 100
    # The aborted decode leaves the model usable.
    assert list(llm.stream_chat(long_prompt, max_tokens=5))
    assert llm.context_tokens >= 200


def test_a_dropped_model_is_freed_at_once_with_its_memory(tiny_gguf: Path) -> None:
    """Switching models drops the old one: its memory (gigabytes for a real model) goes
    then, not at some later pass of the cycle collector, which a large memory store makes
    rare. A stop must still reach a decode under way (the callback reads it)."""
    llm = LlamaCppLLM(LLMSettings(tiny_gguf, context_size=512, threads=1))
    stop = threading.Event()
    stop.set()
    assert "".join(p.text for p in llm.stream_chat([ChatMessage("user", "Hi")], stop=stop)) == ""
    dropped = weakref.ref(llm)
    collecting = gc.isenabled()
    gc.disable()
    try:
        del llm
        assert dropped() is None
    finally:
        if collecting:
            gc.enable()


@pytest.mark.parametrize("vocab_only", [False, True])
def test_a_context_larger_than_the_model_was_trained_on_is_cut_to_it(
    tiny_gguf: Path, vocab_only: bool
) -> None:
    """A model used past its trained context loses the thread; prompts are budgeted (and the
    llama.cpp context allocated) at what the model knows."""
    llm = LlamaCppLLM(
        LLMSettings(tiny_gguf, context_size=4 * N_CTX, threads=1, vocab_only=vocab_only)
    )
    assert llm.context_size == N_CTX
    if not vocab_only:
        assert llm._llama.n_ctx() == N_CTX


def test_a_context_within_the_trained_one_is_kept(llm: LlamaCppLLM) -> None:
    assert llm.context_size == 512


def test_llama_cpp_diagnostics_go_through_logging_not_the_terminal(
    tiny_gguf: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """`engram chat` printed llama.cpp's context warnings in the middle of the conversation."""
    with caplog.at_level(logging.DEBUG, logger="llama.cpp"):
        LlamaCppLLM(LLMSettings(tiny_gguf, context_size=4 * N_CTX, threads=1, vocab_only=True))
        LlamaCppLLM(LLMSettings(tiny_gguf, context_size=256, threads=1))
    assert capfd.readouterr().err == ""
    said = [r for r in caplog.records if r.name == "llama.cpp"]
    assert any("llama_model_loader" in r.getMessage() for r in said)
    assert all(r.levelno < logging.WARNING for r in said)


def test_a_template_that_wants_alternating_turns_gets_them_with_nothing_lost(
    strict_gguf: Path,
) -> None:
    """Gemma-style templates raise on a system message or two user turns in a row; every
    reply failed with such a model."""
    llm = LlamaCppLLM(LLMSettings(strict_gguf, context_size=512, threads=1))
    conversation = [
        ChatMessage("system", "You are terse."),
        ChatMessage("assistant", "Earlier reply."),
        ChatMessage("user", "first"),
        ChatMessage("user", "second"),
    ]
    prompt = llm.format_prompt(conversation)
    assert prompt.count("<|user|>") == 2 and "<|system|>" not in prompt
    order = [prompt.index(text) for text in ("You are terse.", "Earlier reply.", "first", "second")]
    assert order == sorted(order)
    assert list(llm.stream_chat(conversation, max_tokens=5))


@pytest.mark.parametrize(
    ("metadata", "embeds"),
    [
        ({"general.architecture": "llama", "llama.context_length": "2048"}, False),
        ({"general.architecture": "qwen3", "qwen3.attention.head_count": "16"}, False),
        ({"general.architecture": "bert", "bert.context_length": "512"}, True),
        # Qwen3-Embedding: a decoder converted to pool its output into one vector.
        ({"general.architecture": "qwen3", "qwen3.pooling_type": "3"}, True),
        (
            {
                "general.architecture": "gemma-embedding",
                "gemma-embedding.attention.causal": "false",
            },
            True,
        ),
    ],
)
def test_embedding_models_are_told_from_chat_models(metadata: dict[str, str], embeds: bool) -> None:
    assert embedding_model(metadata) is embeds
