"""Chat drops the "I" that opens a sentence ("Took a short trip to Rome last week", "Just got
back from Lisbon", "Lost my job yesterday"): such a sentence tells of the speaker as if it said
"I", and is read so; as does a second liking after "but" or "and" ("I love sushi but hate
sashimi")."""

from __future__ import annotations

import re
from itertools import islice

from core.ingest.fact_words import DONE

_LIKINGS = r"love|like|hate|enjoy|adore|prefer|dislike"
# A sentence opening on a thing done (past tense: an imperative, "Take a break", is no
# telling), after at most an adverb: one the rules of things done read, a change of home or
# work, or what one has been doing.
_DROPPED = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\s[-\u2013\u2014]\s))(?:(?:just|also|finally|recently|still)\s+)?"
    rf"(?P<verb>{DONE}|lost|quit|left|moved|been)\b"
    # ...or a second liking after one's first: "I love sushi but hate sashimi", "... and
    # really love dogs" ("the self-acceptance and love theme" is a thing liked).
    r"|(?:(?<=\sbut\s)(?:(?:also|really|totally)\s+)?|(?<=\sand\s)(?:also|really|totally)\s+)"
    r"(?P<liking>" + _LIKINGS + r")\b",
    re.I | re.M,
)
# The first liking, said by "I" with no one else named after it in the sentence.
_OWN_LIKING = re.compile(
    r"\bI\s+(?:[\w']+\s+){0,2}?(?:" + _LIKINGS + r")\b"
    r"(?:(?!\b(?:he|she|they|we|you|it)\b)[^.!?\n])*$",
    re.I,
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
        if match["liking"] and not _OWN_LIKING.search(text, _sentence_start(text, start), start):
            continue
        end = _SENTENCE_END.search(text, start)
        said = text[start : end.start() if end else len(text)]
        verb = match["verb"] or ""
        subject = "I've " if verb.lower() == "been" and start == match.start("verb") else "I "
        told.append((start, subject + said[:1].lower() + said[1:]))
    return told


def _sentence_start(text: str, at: int) -> int:
    ends = list(_SENTENCE_END.finditer(text, max(0, at - 400), at))
    return ends[-1].end() if ends else max(0, at - 400)
