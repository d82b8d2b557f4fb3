"""Conversation turns grouped into 3-5 turn segments with one turn of overlap: single turns are
too noisy to remember by, whole sessions too coarse (seed 002). Trivial turns ("ok", "thanks")
carry nothing to remember and are left out of segments, though kept as turns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.model import Role, Turn

TRIVIAL = frozenset(
    """ok okay k kk thanks thank you thx ty cool nice great yes yeah yep no nope sure lol haha
    hah hmm hm mhm got it sounds good bye see you alright right fine good awesome perfect wow
    oh ah ahh np no problem welcome youre welcome cheers""".split()
)
_WORDS = re.compile(r"[a-z']+")
_ROLE_LABELS = {Role.USER: "User", Role.ASSISTANT: "Assistant"}


@dataclass(frozen=True, slots=True)
class SegmentConfig:
    max_turns: int = 5
    min_turns: int = 3
    overlap: int = 1


def is_trivial(text: str) -> bool:
    """True for acknowledgements made only of filler words ("ok thanks!", "haha yes")."""
    words = _WORDS.findall(text.lower().replace("’", "'"))
    return all(w.strip("'") in TRIVIAL for w in words) and len(words) <= 4


def worth_remembering(turn: Turn) -> bool:
    return bool(turn.text.strip()) and not is_trivial(turn.text)


def segment_turns(
    turns: Sequence[Turn], config: SegmentConfig = SegmentConfig()
) -> list[tuple[Turn, ...]]:
    return segment_kept([t for t in turns if worth_remembering(t)], config)


def segment_kept(
    kept: Sequence[Turn], config: SegmentConfig = SegmentConfig()
) -> list[tuple[Turn, ...]]:
    """Segments of turns already judged worth remembering, in order."""
    if len(kept) <= config.max_turns:
        return [tuple(kept)] if kept else []
    stride = config.max_turns - config.overlap
    segments: list[tuple[Turn, ...]] = []
    start = 0
    while True:
        segment = list(kept[start : start + config.max_turns])
        if len(segment) < config.min_turns:
            # A short tail borrows earlier turns rather than standing alone.
            segment = list(kept[-config.min_turns :])
        segments.append(tuple(segment))
        if start + config.max_turns >= len(kept):
            return segments
        start += stride


def segment_text(turns: Sequence[Turn]) -> str:
    """Every line says who spoke: remembered without it, "I live in Berlin" could be read back
    (by the model or the user) as the assistant's words. Turns imported without a speaker name
    are labelled by their role."""
    return "\n".join(f"{t.speaker or _ROLE_LABELS[t.role]}: {t.text}" for t in turns)
