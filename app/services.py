"""Builds the long-lived service objects from settings; the CLI and the window share this."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import tzlocal

from core.assistant import Assistant, Clock, ExchangeSink, ForgottenSink
from core.embed import EmbedderSpec, LoadableEmbedder, spec_for_model_dir
from core.embed_llama import open_embedder
from core.llm import LLM, LlamaCppLLM, LLMSettings
from core.model_download import MODELS_DIR
from core.retrieval import Retriever
from core.settings import Settings, load_settings
from core.store import MemoryStore

log = logging.getLogger(__name__)


def wall_clock() -> datetime:
    """The one place the app reads the time; everything below it is handed a clock. In the
    user's zone: "tomorrow", "yesterday" and "by Friday" are the days they live in (in UTC,
    an evening in New York was already tomorrow). A named zone keeps day arithmetic on wall
    time across daylight saving; without one (an odd system setting), the current offset."""
    try:
        return datetime.now(tzlocal.get_localzone())
    except (ValueError, LookupError, OSError):
        _zone_unreadable()
        return datetime.now().astimezone()


@functools.cache
def _zone_unreadable() -> None:
    """Said once, not at every tick of the clock."""
    log.warning("The system time zone could not be read; using its current offset")


@dataclass
class Services:
    home: Path
    store: MemoryStore
    embedder: LoadableEmbedder
    retriever: Retriever

    def close(self) -> None:
        self.store.close()


def embedder_spec(settings: Settings) -> EmbedderSpec:
    if settings.embedding_model_dir:
        return spec_for_model_dir(Path(settings.embedding_model_dir))
    return EmbedderSpec()


def embedder_for(home: Path, spec: EmbedderSpec) -> LoadableEmbedder:
    """The encoder `spec` names, on llama.cpp where it can run there (its conversion kept in
    the data folder's models folder), else on sentence-transformers. Loads on first use."""
    return open_embedder(spec, home / MODELS_DIR)


def open_services(home: Path) -> Services:
    """Open the store (fast) and prepare a lazily loaded embedder (loads on first use)."""
    spec = embedder_spec(load_settings(home))
    embedder = embedder_for(home, spec)
    store = MemoryStore.open(home, spec.model_id, spec.dim)
    return Services(home, store, embedder, Retriever(store, embedder))


def load_llm(path: Path, settings: Settings, *, vocab_only: bool = False) -> LlamaCppLLM:
    """The chat model from a GGUF file; a missing or invalid file is a plain ModelError.
    `vocab_only` loads just the tokenizer, for counting tokens."""
    return LlamaCppLLM(
        LLMSettings(
            path.expanduser(),
            context_size=settings.context_size,
            threads=settings.threads,
            vocab_only=vocab_only,
        )
    )


def assistant_for(
    services: Services,
    llm: LLM | None,
    clock: Clock,
    context_size: int,
    on_exchange: ExchangeSink | None = None,
    on_forgotten: ForgottenSink | None = None,
) -> Assistant:
    return Assistant(
        services.store,
        services.embedder,
        llm,
        services.retriever,
        clock,
        context_size=context_size,
        on_exchange=on_exchange,
        on_forgotten=on_forgotten,
    )
