"""The local language model. A narrow protocol so the assistant, extraction and tests depend on
behaviour (stream, stop, JSON, token counts), not on llama.cpp."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from core.errors import ModelBusyError, ModelError
from core.llama_load import loading
from core.llama_logs import route_llama_logs
from core.thinking import THINK_TAGS, ReplyPiece, ThoughtFormat, ThoughtSplitter, format_of

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"


@dataclass(frozen=True, slots=True)
class ChatMessage:
    role: str
    content: str


@dataclass(frozen=True, slots=True)
class LLMSettings:
    model_path: Path
    context_size: int = 4096
    threads: int | None = None
    seed: int = 0
    # Load only the tokenizer: token counts without the weights (fast, little memory).
    vocab_only: bool = False


class LLM(Protocol):
    """A chat model that streams, can be stopped, can be held to a JSON schema and counts tokens."""

    @property
    def context_size(self) -> int: ...

    @property
    def thinks(self) -> bool:
        """Whether the model reasons aloud before it answers (core/thinking.py)."""
        ...

    def count_tokens(self, text: str) -> int: ...

    def stream_chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int = 512,
        temperature: float = 0.7,
        stop: threading.Event | None = None,
        thinking_tokens: int = 0,
    ) -> Iterator[ReplyPiece]:
        """Yield the reply as it is generated, each piece marked as thought or answer (the
        model's own markers taken out); end early once `stop` is set. With
        `thinking_tokens`, a reasoning model's thought longer than that is closed and the
        model goes on to its answer within `max_tokens`."""
        ...

    def complete_json(
        self, messages: Sequence[ChatMessage], schema: dict[str, Any], *, max_tokens: int = 512
    ) -> Any:
        """Return the parsed JSON the model wrote under a grammar derived from `schema`. This is
        background work: when a reply needs the model it stops and raises ModelBusyError."""
        ...


GAVE_WAY = "The model is needed for a reply."
# Between a reply asking for the model and taking it, a question that gave way would find the
# model free yet promised: a short pause lets the reply in first.
RETRY_PAUSE_S = 0.01


def ask_between_replies(
    llm: LLM, messages: Sequence[ChatMessage], schema: dict[str, Any], *, max_tokens: int
) -> Any:
    """Background work (curation, summaries) asks the model between replies: a question that
    gave way to one (ModelBusyError) is asked again, which waits for the model until that
    reply is written."""
    while True:
        try:
            return llm.complete_json(messages, schema, max_tokens=max_tokens)
        except ModelBusyError:
            log.debug("A background question gave way to a reply; asking again after it")
            time.sleep(RETRY_PAUSE_S)


def _as_dicts(messages: Sequence[ChatMessage]) -> list[dict[str, str]]:
    return [{"role": m.role, "content": m.content} for m in messages]


# What a strict chat template refuses: a system message, a conversation opening with the
# assistant, two messages of one role in a row. Every permissive template renders it.
_TEMPLATE_PROBE = (
    ChatMessage("system", "s"),
    ChatMessage("assistant", "a"),
    ChatMessage("user", "u"),
    ChatMessage("user", "v"),
)


def alternating(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """The same conversation for chat templates that take only user and assistant turns in
    strict alternation, the user first (Gemma's, older Mistral's, which raise an error
    otherwise): the system prompt opens the first user turn and consecutive messages of one
    role are joined. Nothing is dropped, and the order is kept."""
    system = "\n\n".join(m.content for m in messages if m.role == "system")
    rest = [m for m in messages if m.role != "system"]
    if not rest or rest[0].role != "user":
        rest.insert(0, ChatMessage("user", ""))
    if system:
        rest[0] = ChatMessage("user", f"{system}\n\n{rest[0].content}".strip())
    joined: list[ChatMessage] = []
    for message in rest:
        if joined and joined[-1].role == message.role:
            joined[-1] = ChatMessage(message.role, f"{joined[-1].content}\n\n{message.content}")
        else:
            joined.append(message)
    return joined


def check_gguf(path: Path) -> None:
    """Fail with a plain message before llama.cpp does so with a C-level one (or crashes)."""
    if path.is_dir():
        raise ModelError(f"{path} is a folder; choose the model's .gguf file inside it.")
    if not path.is_file():
        raise ModelError(f"Model file not found: {path}")
    with path.open("rb") as handle:
        magic = handle.read(4)
    if magic != GGUF_MAGIC:
        raise ModelError(f"{path.name} is not a GGUF model file (it does not start with 'GGUF').")


def trained_context(metadata: dict[str, str]) -> int:
    """The context length a GGUF says its model was trained on; 0 when it does not say."""
    architecture = metadata.get("general.architecture", "")
    try:
        return int(metadata.get(f"{architecture}.context_length", "0"))
    except ValueError:
        return 0


# Architectures that read text but cannot write it (sentence encoders).
ENCODER_ARCHITECTURES = frozenset(
    {
        "bert",
        "nomic-bert",
        "nomic-bert-moe",
        "jina-bert-v2",
        "jina-bert-v3",
        "modern-bert",
        "neo-bert",
        "t5encoder",
    }
)


def embedding_model(metadata: dict[str, str]) -> bool:
    """Whether a GGUF holds an embedding model (a sentence encoder, or a decoder converted to
    pool its output into one vector): it turns text into vectors and cannot chat. Such a
    file picked as the chat model failed at the first reply with an assertion from deep in
    llama-cpp-python."""
    architecture = metadata.get("general.architecture", "")
    return (
        architecture in ENCODER_ARCHITECTURES
        or f"{architecture}.pooling_type" in metadata
        or metadata.get(f"{architecture}.attention.causal") == "false"
    )


def _load(llama_class: Any, kwargs: dict[str, Any]) -> Any:
    try:
        with loading():
            return llama_class(**kwargs)
    except (ValueError, RuntimeError) as exc:
        name = Path(kwargs["model_path"]).name
        raise ModelError(f"llama.cpp could not load {name}: {exc}") from exc


@dataclass(slots=True)
class _Stopping:
    """The stop request of what runs now, as llama.cpp's abort callback reads it. Kept apart
    from the model's wrapper so that the callback does not close over the wrapper: in a
    reference cycle, a dropped model was freed only by a later pass of the cycle collector,
    and until then a switch of models held the old one's memory too."""

    event: threading.Event | None = None


class LlamaCppLLM:
    """llama.cpp through llama-cpp-python. One generation at a time: llama.cpp contexts are not
    re-entrant, so a lock serialises callers from different threads."""

    def __init__(self, settings: LLMSettings) -> None:
        check_gguf(settings.model_path)
        from llama_cpp import Llama

        route_llama_logs()

        kwargs: dict[str, Any] = {
            "model_path": str(settings.model_path),
            "n_ctx": settings.context_size,
            "seed": settings.seed,
            "verbose": False,
            "vocab_only": settings.vocab_only,
        }
        if settings.threads:
            kwargs["n_threads"] = settings.threads
            kwargs["n_threads_batch"] = settings.threads
        # The tokenizer first (milliseconds): its metadata says how much context the model
        # was trained on, so the full load never allocates room the model cannot use.
        self._llama = _load(Llama, {**kwargs, "vocab_only": True})
        if embedding_model(self._llama.metadata):
            self._llama.close()
            raise ModelError(
                f"{settings.model_path.name} is an embedding model: it turns text into vectors "
                "and cannot write replies. Choose the GGUF file of a chat (instruct) model."
            )
        self._trained_context = trained_context(self._llama.metadata)
        if 0 < self._trained_context < settings.context_size:
            log.info(
                "%s was trained on %d tokens of context: using %d, not the %d asked for",
                settings.model_path.name,
                self._trained_context,
                self._trained_context,
                settings.context_size,
            )
        if not settings.vocab_only:
            usable = self.context_size
            self._llama.close()
            self._llama = _load(Llama, {**kwargs, "n_ctx": usable})
        self._lock = threading.Lock()
        self._settings = settings
        self._stopping = _Stopping()
        # A reply is waiting for the model: background work on it gives way at once.
        self._reply_waiting = threading.Event()
        if not settings.vocab_only:
            self._watch_for_stop()
        log.info("Loaded %s (context %d)", settings.model_path.name, self.context_size)

    def _watch_for_stop(self) -> None:
        """Let a stop request interrupt llama.cpp inside a decode too: reading a long prompt
        takes seconds on a laptop, and checking only between generated tokens would make Stop
        wait for all of it. ggml polls this between graph nodes."""
        import llama_cpp

        stopping = self._stopping

        def should_abort(_: object) -> bool:
            stop = stopping.event
            return stop is not None and stop.is_set()

        # Kept on self: ctypes would otherwise free the callback while C still holds it.
        self._abort_callback = llama_cpp.ggml_abort_callback(should_abort)
        llama_cpp.llama_set_abort_callback(self._llama._ctx.ctx, self._abort_callback, None)

    @property
    def context_size(self) -> int:
        """What prompts are budgeted against: never more than the model was trained on (past
        that a model loses the thread, and the prompt budgets would overfill it)."""
        if self._trained_context > 0:
            return min(self._llama.n_ctx(), self._trained_context)
        return self._llama.n_ctx()

    @property
    def context_tokens(self) -> int:
        """Tokens llama.cpp holds evaluated right now (a new prompt reuses their prefix)."""
        return int(self._llama.n_tokens)

    @property
    def model_name(self) -> str:
        return self._settings.model_path.name

    def count_tokens(self, text: str) -> int:
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    @property
    def _chat_template(self) -> str:
        """The Jinja chat template the GGUF carries ("" when it has none)."""
        return self._llama.metadata.get("tokenizer.chat_template") or ""

    @cached_property
    def _formatter(self) -> Any:
        """The GGUF's chat template, compiled once (context assembly renders it every turn)."""
        template = self._chat_template
        if not template:
            raise ModelError(f"{self.model_name} carries no chat template.")
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        llama = self._llama
        return Jinja2ChatFormatter(
            template=template,
            eos_token=llama.detokenize([llama.token_eos()], special=True).decode("utf-8"),
            bos_token=llama.detokenize([llama.token_bos()], special=True).decode("utf-8"),
        )

    @cached_property
    def _strict_template(self) -> bool:
        """Whether the GGUF's chat template refuses system messages or unpaired turns (asked
        once, by rendering a probe that permissive templates accept)."""
        if not self._chat_template:
            return False
        from jinja2 import TemplateError

        try:
            self._formatter(messages=_as_dicts(_TEMPLATE_PROBE))
        except (ValueError, TemplateError) as exc:
            log.info(
                "%s's chat template wants alternating user/assistant turns (%s): the "
                "instructions go at the head of the first user turn",
                self.model_name,
                exc,
            )
            return True
        return False

    @cached_property
    def thought_format(self) -> ThoughtFormat | None:
        """How the model marks its reasoning, read off its chat template (None: it has none)."""
        return format_of(self._chat_template)

    @property
    def thinks(self) -> bool:
        return self.thought_format is not None

    @cached_property
    def _opens_thought(self) -> bool:
        """Whether the chat template itself opens the model's reasoning (`<think>` at the end
        of the prompt, as DeepSeek-R1's distillations do): the stream then carries only its
        close, and the splitter is told the thought is open."""
        if self.thought_format is None:
            return False
        probe = self.format_prompt([ChatMessage("user", "u")])
        return probe.rstrip().endswith(self.thought_format.open)

    def _for_template(self, messages: Sequence[ChatMessage]) -> list[dict[str, str]]:
        return _as_dicts(alternating(messages) if self._strict_template else messages)

    def format_prompt(self, messages: Sequence[ChatMessage]) -> str:
        """The exact text the model sees for `messages`, rendered with the GGUF's own chat
        template (so prompt budgets count what is really sent)."""
        return self._formatter(messages=self._for_template(messages)).prompt

    def prompt_tokens(self, messages: Sequence[ChatMessage]) -> int:
        return len(self.prompt_token_ids(messages))

    def prompt_token_ids(self, messages: Sequence[ChatMessage]) -> list[int]:
        """The tokens llama.cpp reads for `messages` (what one prompt shares with the next
        is what it need not read again)."""
        prompt = self.format_prompt(messages).encode("utf-8")
        return self._llama.tokenize(prompt, add_bos=True, special=True)

    def stream_chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        max_tokens: int = 512,
        temperature: float = 0.7,
        stop: threading.Event | None = None,
        thinking_tokens: int = 0,
    ) -> Iterator[ReplyPiece]:
        self._reply_waiting.set()
        try:
            with self._lock:
                self._reply_waiting.clear()
                self._stopping.event = stop
                try:
                    yield from self._stream(
                        messages, max_tokens, temperature, stop, thinking_tokens
                    )
                except RuntimeError:
                    # llama_decode reports an abort as an error; a requested stop is not one.
                    if stop is None or not stop.is_set():
                        raise
                finally:
                    self._stopping.event = None
        finally:
            self._reply_waiting.clear()

    def _stream(
        self,
        messages: Sequence[ChatMessage],
        max_tokens: int,
        temperature: float,
        stop: threading.Event | None,
        thinking_tokens: int,
    ) -> Iterator[ReplyPiece]:
        """The reply, piece by piece, told apart into thought and answer. A thought that
        outgrows `thinking_tokens`, or that the model ends without handing over to an answer
        (llama.cpp builds that take gpt-oss's <|end|> for the end of the reply), is cut
        there: its close is written for the model and it answers from what it thought so far
        (a reply that ended mid-thought would leave the user with nothing)."""
        form = self.thought_format or THINK_TAGS
        splitter = ThoughtSplitter(form)
        if self._opens_thought:
            splitter.feed(form.open)
        generated: list[str] = []
        thought = 0
        chunks = self._llama.create_chat_completion(
            messages=self._for_template(messages),
            max_tokens=max_tokens,
            temperature=temperature,
            stream=True,
        )
        try:
            for chunk in chunks:
                if stop is not None and stop.is_set():
                    break
                piece = chunk["choices"][0]["delta"].get("content")
                if not piece:
                    continue
                generated.append(piece)
                yield from splitter.feed(piece)
                thought += splitter.thinking
                if splitter.thinking and 0 < thinking_tokens <= thought:
                    break
        finally:
            chunks.close()
        if splitter.thinking and not (stop is not None and stop.is_set()):
            log.info("Thought cut at %d tokens: the model is asked for its answer", thought)
            yield from splitter.feed(form.cut)
            written = "".join(generated) + form.cut
            left = max_tokens - len(generated)
            for piece in self._continue(messages, written, left, temperature, stop):
                yield from splitter.feed(piece)
        yield from splitter.finish()

    def _continue(
        self,
        messages: Sequence[ChatMessage],
        written: str,
        max_tokens: int,
        temperature: float,
        stop: threading.Event | None,
    ) -> Iterator[str]:
        """Go on with a reply from what is `written` of it (llama.cpp reuses the evaluated
        prompt, so only the new text is read)."""
        if max_tokens <= 0:
            return
        rendered = self._formatter(messages=self._for_template(messages))
        prompt = self._llama.tokenize(
            (rendered.prompt + written).encode("utf-8"),
            add_bos=not rendered.added_special,
            special=True,
        )
        chunks = self._llama.create_completion(
            prompt=prompt,
            max_tokens=max_tokens,
            temperature=temperature,
            stop=rendered.stop,
            stopping_criteria=rendered.stopping_criteria,
            stream=True,
        )
        try:
            for chunk in chunks:
                if stop is not None and stop.is_set():
                    return
                piece = chunk["choices"][0]["text"]
                if piece:
                    yield piece
        finally:
            chunks.close()

    def complete_json(
        self, messages: Sequence[ChatMessage], schema: dict[str, Any], *, max_tokens: int = 512
    ) -> Any:
        """Curation and summaries run between replies, and can take a laptop's model tens of
        seconds: a message sent meanwhile must not wait for them. When a reply asks for the
        model this stops within a token (or a graph node of reading the prompt) and raises
        ModelBusyError."""
        with self._lock:
            if self._reply_waiting.is_set():
                raise ModelBusyError(GAVE_WAY)
            self._stopping.event = self._reply_waiting
            try:
                text = self._json_text(messages, schema, max_tokens)
            except RuntimeError as exc:  # llama_decode aborted for the reply
                if self._reply_waiting.is_set():
                    raise ModelBusyError(GAVE_WAY) from exc
                raise
            finally:
                self._stopping.event = None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ModelError(
                f"The model's answer was cut off before the JSON was complete ({len(text)} chars)."
            ) from exc

    def _json_text(
        self, messages: Sequence[ChatMessage], schema: dict[str, Any], max_tokens: int
    ) -> str:
        chunks = self._llama.create_chat_completion(
            messages=self._for_template(messages),
            max_tokens=max_tokens,
            temperature=0.0,
            response_format={"type": "json_object", "schema": schema},
            stream=True,
        )
        pieces: list[str] = []
        try:
            for chunk in chunks:
                if self._reply_waiting.is_set():
                    raise ModelBusyError(GAVE_WAY)
                pieces.append(chunk["choices"][0]["delta"].get("content") or "")
        finally:
            chunks.close()
        return "".join(pieces)
