"""Each turn once in a prompt: a session's segments overlap by a turn, and a fact read from a
turn adds nothing where that turn's words are already shown whole. What is left out of a
result is left out of what it brings to a prompt, never out of the memory."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from core.local_time import days_told
from core.model import Memory, MemoryKind
from core.retrieval.scoring import SearchResult

# A segment's line: who spoke, then their words (`core.ingest.segments.segment_text`).
_SAID_BY = re.compile(r"[^:\n]{1,80}: ")


def verbatim_lines(memory: Memory) -> list[str] | None:
    """A segment's lines, one per source turn, when its text is those turns word for word.
    None for anything else: a summary names the turns it was made from but keeps few of
    their words, an edited memory may keep none, and a turn of several lines cannot be told
    from its neighbours."""
    turns = memory.source_turn_ids
    if memory.kind is not MemoryKind.EPISODIC or not turns:
        return None
    lines = memory.content.split("\n")
    if len(lines) != len(turns) or not all(_SAID_BY.match(line) for line in lines):
        return None
    return lines


def shown_once(ranked: Sequence[SearchResult]) -> list[SearchResult]:
    """The results in rank order, each bringing only the turns no better one shows whole: a
    memory with nothing else is left out, and a segment sharing a turn with a better one
    brings its other lines (its `excerpt`). Two facts read from one turn are both kept: each
    says something the other does not; so is a fact dated on another day than it was told
    ("I ran a race last Saturday", told on Wednesday): it says when, which the turn leaves the
    model to work out. Memories with no turns (documents, pins) are kept."""
    kept: list[SearchResult] = []
    shown: set[str] = set()
    for item in ranked:
        turns = item.memory.source_turn_ids
        if turns and shown.issuperset(turns) and not _dates_what_it_retells(item.memory):
            continue
        lines = verbatim_lines(item.memory)
        if lines is not None:
            if not shown.isdisjoint(turns):
                rest = (line for line, turn in zip(lines, turns, strict=True) if turn not in shown)
                item = replace(item, excerpt="\n".join(rest))
            shown.update(turns)
        kept.append(item)
    return kept


def _dates_what_it_retells(memory: Memory) -> bool:
    return (
        memory.kind is not MemoryKind.EPISODIC
        and days_told(memory.valid_from, memory.created_at)[1] is not None
    )
