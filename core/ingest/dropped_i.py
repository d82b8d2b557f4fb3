"""Chat drops the "I" that opens a sentence ("Took a short trip to Rome last week", "Just got
back from Lisbon", "Lost my job yesterday"): such a sentence tells of the speaker as if it said
"I", and is read so."""

from __future__ import annotations

import re
from itertools import islice

from core.ingest.fact_words import DONE

# A sentence opening on a thing done (past tense: an imperative, "Take a break", is no
# telling), after at most an adverb: one the rules of things done read, a change of home or
# work, or what one has been doing.
_DROPPED = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\s[-\u2013\u2014]\s))(?:(?:just|also|finally|recently|still)\s+)?"
    rf"(?P<verb>{DONE}|lost|quit|left|moved|been)\b",
    re.I | re.M,
)
_SENTENCE_END = re.compile(r"[.!?\n]")
# A paste of thousands of such sentences is read for its first few: each is read again whole.
MAX_SENTENCES = 20


def with_the_i(text: str) -> list[tuple[int, str]]:
    """The sentences of `text` that open on a thing done without "I", each with where it
    starts, told with it ("I took a short trip ...", "I've been busy volunteering ...")."""
    told = []
    for match in islice(_DROPPED.finditer(text), MAX_SENTENCES):
        start = match.start()
        end = _SENTENCE_END.search(text, start)
        said = text[start : end.start() if end else len(text)]
        subject = (
            "I've " if match["verb"].lower() == "been" and start == match.start("verb") else "I "
        )
        told.append((start, subject + said[:1].lower() + said[1:]))
    return told
