"""The words a rule's pattern cannot match without: a message lacking them skips the pattern,
and no message a pattern matches may be skipped."""

from __future__ import annotations

import re

import pytest

from core.due_patterns import PATTERNS as DEADLINES
from core.ingest.fact_patterns import RULES
from core.pattern_needs import folded, may_match, needed_words
from core.task_phrases import PATTERNS as TO_DOS
from tests.core.test_tasks import labelled

EVERY_PATTERN = [
    *(pattern for _, pattern in RULES),
    *(pattern for _, _, pattern in TO_DOS),
    *(pattern for _, pattern in DEADLINES),
]


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"\bI\s+live\s+in\s+(?P<place>\w+)", ("live",)),
        (r"(?:moved|relocated)\s+to", ("moved", "relocated")),
        (r"(?:really\s+)?allergic\s+to", ("allergic",)),
        (r"[Ii]'m\s+a", ("i'm",)),
        (r"remind(?:er)?s?", ("remind",)),
        # Words a lookahead needs are in the text too; those one forbids are not.
        (r"\bcall\b(?=.*\btomorrow\b)", ("tomorrow",)),
        (r"\bcall\b(?!\s+me)", ("call",)),
        (r"(?i)NOTE to self", ("note to self",)),
    ],
)
def test_the_words_a_pattern_needs(pattern: str, words: tuple[str, ...]) -> None:
    assert needed_words(re.compile(pattern)) == words


@pytest.mark.parametrize(
    "pattern", [r"\w+", r"(?:the\s+)?\d+", r"(?:a|)b?", r"(call|\d+)", r"(\w)\1"]
)
def test_a_pattern_that_needs_no_word_is_tried_on_every_text(pattern: str) -> None:
    words = needed_words(re.compile(pattern))
    assert words == ()
    assert may_match(folded("12 34"), words)


def test_a_text_without_the_words_is_not_tried() -> None:
    words = needed_words(re.compile(r"\bI\s+(?:moved|relocated)\s+to\b", re.I))
    assert not may_match(folded("I live in Lisbon"), words)
    assert may_match(folded("We MOVED to Porto"), words)


def _said_many_ways() -> list[str]:
    texts = [text for _, text in labelled()]
    return [
        *texts,
        *(text.upper() for text in texts),
        *(text.title() for text in texts),
        # Letters that IGNORECASE matches with an ASCII one ("İ" with "i").
        *(
            text.replace("i", "\u0130").replace("s", "\u017f").replace("k", "\u212a")
            for text in texts
        ),
    ]


def test_no_rule_skips_a_message_it_matches() -> None:
    """Every fact, to-do and deadline pattern against the labelled messages, as written, in
    capitals, in title case and with lookalike letters."""
    texts = [(text, folded(text)) for text in _said_many_ways()]
    skipped = [
        (pattern.pattern[:60], text)
        for pattern, words in ((p, needed_words(p)) for p in EVERY_PATTERN)
        for text, seen in texts
        if not may_match(seen, words) and pattern.search(text)
    ]
    assert skipped == []


def test_nearly_every_rule_has_words_it_needs() -> None:
    """Else it is tried on every message: the rules' time a turn grows with each one."""
    without = [p.pattern[:60] for p in EVERY_PATTERN if not needed_words(p)]
    assert len(without) <= len(EVERY_PATTERN) // 20, without


def test_every_letter_matching_an_ascii_one_regardless_of_case_is_read_as_it() -> None:
    letters = re.compile(r"[a-z]", re.I)
    for code in range(128, 0x110000):
        char = chr(code)
        if letters.fullmatch(char):
            assert re.fullmatch(folded(char), char, re.I), hex(code)
            assert folded(char).isascii(), hex(code)
