"""What the memory manager needs beyond recall: a filtered list to scroll, everything about one
memory (versions, links, where it came from), the user's own edits (always a new version, never
an overwrite) and an export the user can keep. Pure Python; the window calls it off its thread."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from core.consolidate import summary_sources
from core.embed import Embedder
from core.errors import InputError, StoreError
from core.files import write_export
from core.ingest.entities import extract_entities
from core.local_time import day_text
from core.model import Memory, MemoryKind, MemoryOrder, MemoryQuery, NewMemory, Tier, Turn
from core.retrieval.config import DEFAULT_RETRIEVAL, RetrievalConfig
from core.retrieval.scoring import memory_retention
from core.store import MemoryStore
from core.text_input import clean_text

# An edit is a correction of one memory, not a place to paste a document.
MAX_EDIT_CHARS = 20_000


@dataclass(frozen=True, slots=True)
class VersionEntry:
    """One step of a memory's history; a forgotten version keeps only its time."""

    memory_id: str
    content: str
    valid_from: datetime
    valid_to: datetime | None
    forgotten: bool


@dataclass(frozen=True, slots=True)
class LinkEntry:
    memory_id: str
    kind: str
    weight: float
    content: str


@dataclass(frozen=True, slots=True)
class MemoryDetail:
    memory: Memory
    retention: float
    versions: tuple[VersionEntry, ...]
    links: tuple[LinkEntry, ...]
    source_turns: tuple[Turn, ...]
    # For a cold summary: the detailed memories it stands for.
    summarised: tuple[Memory, ...]
    # What the entity graph has it name, in the order its text names them.
    entities: tuple[str, ...] = ()


class MemoryCatalog:
    def __init__(
        self, store: MemoryStore, embedder: Embedder, config: RetrievalConfig = DEFAULT_RETRIEVAL
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._config = config

    def browse(self, query: MemoryQuery) -> list[Memory]:
        return self._store.memories.browse(query)

    def projects(self) -> list[str]:
        return self._store.memories.projects()

    def detail(self, memory_id: str, now: datetime) -> MemoryDetail:
        memory = self._store.memories.get(memory_id)
        if memory is None:
            raise StoreError(f"No memory with id {memory_id}.")
        chain = self._store.lineage.chain(memory_id)
        contents = {
            m.id: m.content for m in self._store.memories.get_many([v.memory_id for v in chain])
        }
        versions = tuple(
            VersionEntry(
                v.memory_id,
                "" if v.forgotten else contents.get(v.memory_id, ""),
                v.valid_from,
                v.valid_to,
                v.forgotten,
            )
            for v in chain
        )
        links = self._store.links.neighbours([memory_id], now)
        linked = {m.id: m.content for m in self._store.memories.get_many([k.dst_id for k in links])}
        return MemoryDetail(
            memory,
            memory_retention(memory, now, self._config),
            versions,
            tuple(LinkEntry(k.dst_id, k.kind, k.weight, linked.get(k.dst_id, "")) for k in links),
            tuple(self._store.conversations.turns(memory.source_turn_ids)),
            tuple(summary_sources(self._store, memory_id)),
            _in_order_said(self._store.entities.named_by(memory_id), memory.content),
        )

    def edit(self, memory_id: str, text: str, now: datetime) -> Memory:
        """The user's correction becomes the next version (the old wording stays in the
        lineage); the user said it, so it is held with full confidence."""
        content = clean_text(text).strip()
        if not content:
            raise InputError("A memory cannot be empty; use Forget to remove it.")
        if len(content) > MAX_EDIT_CHARS:
            raise InputError(
                f"That is {len(content)} characters; a memory holds at most {MAX_EDIT_CHARS}. "
                "Import long text as a document instead."
            )
        current = self._store.memories.get(memory_id)
        if current is None or current.forgotten_at is not None:
            raise StoreError(f"No memory with id {memory_id}.")
        if current.superseded_by is not None:
            raise InputError("This is an old version; edit the current one.")
        if content == current.content:
            return current
        revised = NewMemory(
            kind=current.kind,
            content=content,
            created_at=now,
            valid_from=now,
            decay_class=current.decay_class,
            importance=current.importance,
            confidence=1.0,
            project=current.project,
            session_id=current.session_id,
            entities=extract_entities(content),
            key=current.key,
            source_path=current.source_path,
            chunk_index=current.chunk_index,
            tier=current.tier,
        )
        vector = self._embedder.embed([content])[0]
        with self._store.db.write() as cur:
            new_id = self._store.memories.supersede(cur, memory_id, revised, vector)
            self._store.entities.link_written(cur, new_id, revised)
            self._store.memories.add_sources(cur, new_id, current.source_turn_ids)
        edited = self._store.memories.get(new_id)
        assert edited is not None
        return edited


def _in_order_said(names: Sequence[str], text: str) -> tuple[str, ...]:
    """Names in the order `text` says them; those it does not spell (the model's) last."""
    lowered = text.lower()

    def said_at(name: str) -> tuple[bool, int, str]:
        at = lowered.find(name.lower())
        return at < 0, at, name.lower()

    return tuple(sorted(names, key=said_at))


def sort_memories(memories: Sequence[Memory], order: MemoryOrder) -> list[Memory]:
    """Search hits in the order the user chose instead of by score."""
    keys = {
        MemoryOrder.NEWEST: lambda m: -m.created_at.timestamp(),
        MemoryOrder.OLDEST: lambda m: m.created_at.timestamp(),
        MemoryOrder.IMPORTANCE: lambda m: -m.importance,
        MemoryOrder.MOST_USED: lambda m: -m.access_count,
    }
    return sorted(memories, key=keys[order])


def export_memories(store: MemoryStore, path: Path) -> int:
    """Every current memory, summaries and compressed originals included, as JSON or (for a
    .md path) Markdown."""
    everything = store.memories.browse(MemoryQuery(tiers=frozenset(Tier), limit=2**62))
    writer = export_markdown if path.suffix.lower() == ".md" else export_json
    return writer(everything, path)


def memory_record(memory: Memory) -> dict[str, Any]:
    """A memory as exported: what it says and where it came from, not index internals."""
    return {
        "id": memory.id,
        "kind": memory.kind.value,
        "tier": memory.tier.value,
        "content": memory.content,
        "created_at": memory.created_at.isoformat(),
        "valid_from": memory.valid_from.isoformat(),
        # When what it tells happened, where its telling said ("last month"): the text says it
        # in words, this as times.
        "happened": None
        if memory.happened is None
        else {"from": memory.happened.start.isoformat(), "until": memory.happened.end.isoformat()},
        "importance": round(memory.importance, 3),
        "confidence": round(memory.confidence, 3),
        "project": memory.project,
        "entities": list(memory.entities),
        "key": memory.key,
        "supersedes": memory.supersedes,
        "source_turn_ids": list(memory.source_turn_ids),
        "source_path": memory.source_path,
    }


def export_json(memories: Sequence[Memory], path: Path) -> int:
    payload = {"memories": [memory_record(m) for m in memories]}
    write_export(path, json.dumps(payload, indent=2, ensure_ascii=False))
    return len(memories)


def export_markdown(memories: Sequence[Memory], path: Path) -> int:
    """Readable by a person: one section per kind, newest first, with date and provenance."""
    lines = ["# Engram memories", ""]
    for kind in MemoryKind:
        of_kind = sorted(
            (m for m in memories if m.kind is kind), key=lambda m: m.created_at, reverse=True
        )
        if not of_kind:
            continue
        lines += [f"## {kind.value.capitalize()} ({len(of_kind)})", ""]
        for memory in of_kind:
            origin = memory.source_path or ", ".join(memory.source_turn_ids[:3])
            meta = f"{day_text(memory.created_at)} · {memory.tier.value}"
            if origin:
                meta += f" · from {origin}"
            text = " ".join(memory.content.split())
            lines.append(f"- {text}  \n  <sub>{meta} · `{memory.id}`</sub>")
        lines.append("")
    write_export(path, "\n".join(lines))
    return len(memories)
