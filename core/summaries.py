"""Summaries of a group of memories: extractive ones (the dates, the names the group keeps
coming back to, each memory's most informative sentence) and the shape a model's summary must
fit. Compression, episode distillation and project summaries all write them."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from core.ingest.entities import extract_entities
from core.local_time import day_text
from core.model import Memory
from core.wording import counted

TOPICS_IN_SUMMARY = 5
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def key_line(memory: Memory, budget: int) -> str:
    """The most informative sentence of a memory (the one naming the most things), cut to
    `budget` characters."""
    sentences = [s for s in _SENTENCE.split(memory.content.replace("\n", " ")) if s.strip()]
    best = max(sentences or [memory.content], key=lambda s: (len(extract_entities(s)), len(s)))
    return best if len(best) <= budget else best[: budget - 1].rstrip() + "…"


def summarise(memories: list[Memory], limit: int) -> str:
    """An extractive summary: dates, the names the originals keep coming back to, then each
    original's key sentence."""
    topics = Counter(e for m in memories for e in m.entities).most_common(TOPICS_IN_SUMMARY)
    about = f" about {', '.join(name for name, _ in topics)}" if topics else ""
    budget = max(40, limit // len(memories))
    lines = [key_line(m, budget) for m in memories]
    head = f"Summary of {counted(len(memories), 'memory')} ({span(memories)}){about}"
    return f"{head}: {' '.join(lines)}"


def span(memories: list[Memory]) -> str:
    """The dates a group of memories covers (kept in every summary: time is how people ask)."""
    first = day_text(min(m.valid_from for m in memories))
    last = day_text(max(m.created_at for m in memories))
    return first if first == last else f"{first} to {last}"


def summary_schema(limit: int) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"summary": {"type": "string", "minLength": 20, "maxLength": limit}},
        "required": ["summary"],
    }
