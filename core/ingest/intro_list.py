"""A self-introduction said as a list ("Hi! I'm Sarah, 34, a nurse from Leeds, living in London
with my husband and two kids", "About me: 28, software engineer, based in Berlin, vegan"): each
item tells of the speaker as if it said "I'm ..." or "I have ...", and is read so. Only the
name was kept before."""

from __future__ import annotations

import re
from itertools import islice

from core.ingest.fact_words import DIETS, PROFESSIONS
from core.ingest.person_facts import NO_NAMES

# Where such a list opens: "I'm Sarah, ..." or "I'm 34F, ...", or a heading, "About me: ...".
_OPENING = re.compile(
    r"(?:\b(?:I'm|I\s+am|[Ii]m)\s+(?:(?P<name>(?-i:[A-Z][a-z]+))|(?P<age>\d{1,3})\s*[mfMF]?)"
    r"(?=\s*,)|(?:\babout\s+me|\bquick\s+intro|\ba\s+bit\s+about\s+me)\s*:)",
    re.I,
)
# Each item, by what it tells, and how it is said of oneself.
_ITEMS = (
    (re.compile(r"(?P<age>\d{1,3})\s*(?:[mf]|y/?o|years?\s+old)?", re.I), "I'm {age}"),
    (re.compile(r"an?\s.+", re.I), "I'm {item}"),
    # A line of work said without its article: "software engineer".
    (re.compile(rf"(?:[\w-]+\s+){{0,2}}(?:{PROFESSIONS})", re.I), "I'm a {item}"),
    (
        re.compile(
            r"(?:from|living\s+in|based\s+in|married|single|divorced|engaged|widowed|"
            rf"retired|{DIETS})\b.*",
            re.I,
        ),
        "I'm {item}",
    ),
    (re.compile(r"(?:live|work|study)\s.+", re.I), "I {item}"),
    (
        re.compile(
            r"(?:one|two|three|four|five|\d)\s+(?:kids?|children|sons?|daughters?|dogs?|cats?)"
            r"\b.*",
            re.I,
        ),
        "I have {item}",
    ),
    (re.compile(r"no\s+(?:kids|children|siblings|pets)", re.I), "I have {item}"),
)
_SENTENCE_END = re.compile(r"[.!?\n]")
# A paste of thousands of introductions is read for its first few.
MAX_LISTS = 5
MAX_ITEMS = 8


def told_in_a_list(text: str) -> list[tuple[int, str]]:
    """Each item of a self-introduction said as a list, with where it starts, as a sentence of
    its own ("I'm 34", "I'm a nurse from Leeds", "I'm living in London with my husband")."""
    told = []
    for opening in islice(_OPENING.finditer(text), MAX_LISTS):
        if opening["name"] and opening["name"].lower() in NO_NAMES:
            continue
        if opening["age"]:
            told.append((opening.start(), f"I'm {opening['age']}"))
        end = _SENTENCE_END.search(text, opening.end())
        rest = text[opening.end() : end.start() if end else len(text)]
        at = opening.end()
        for said in islice(rest.split(","), MAX_ITEMS + 1):
            item = re.sub(r"^\s*(?:and\s+)?", "", said).strip()
            for pattern, telling in _ITEMS:
                if item and (found := pattern.fullmatch(item)):
                    told.append((at, telling.format(item=item, **found.groupdict())))
                    break
            at += len(said) + 1
    return told
