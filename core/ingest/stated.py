"""Whether words are a statement of fact: the speaker's own, told as true, not asked ("Do I
live in Lisbon?"), supposed ("If I moved to Berlin"), taken back or played."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from core.others_words import others_words
from core.sentences import FINAL_DOT

# What makes a sentence something other than a statement of fact: asked ("Do I live in
# Lisbon?") or supposed ("If I moved to Berlin, ...", "What if I quit my job at Acme?").
_SENTENCE_END = re.compile(rf"[!?\n]|{FINAL_DOT}")
_ASKING = re.compile(
    r"\W*(?:(?:so|and|oh|ok|okay|hey|but|wait)\W+)*(?:do|does|did|am|is|are|was|were|can|could|"
    r"would|will|should|shall|have|has|had|what|where|when|why|how|who|which|whose)\b",
    re.I,
)
_SUPPOSED = re.compile(
    # "When I was younger, we went ...", "when I shared my book" are a time gone by, and "when
    # I'm away from the court, cooking is therapy for me" a habit, not a supposition ("when
    # I'm going to Paris" still is one).
    r"\b(?:if|unless|in case|suppose|supposing|imagine|whether|"
    r"when(?!\s+(?:(?:I|we)\s+(?:was|were|had|did|[a-z]+ed)\b|(?:I'm|I\s+am|we're)\s+(?!going\b)))|"
    r"whenever|"
    # ...doubted ("I'm not sure I like my job"), or made up ("write a story where I live on
    # Mars").
    r"not sure|unsure|doubt|wonder|wondering|considering|thinking (?:about|of)|"
    # ...believed of the speaker by others ("Tom thinks I live in Paris", "Everyone assumes
    # I'm vegan": often wrongly).
    r"(?:thinks|thought|assumes?|assumed|believes|believed|guesses|guessed)(?=\s+(?:that\s+)?I\b)|"
    # ...or taken back ("Forget that I live in Berlin", "don't remember that", "I was joking").
    r"(?<!n't\s)(?<!not\s)forget|(?:don't|do\s+not)\s+remember|joking|kidding|"
    # ...or called back ("Remember that time we went camping?").
    r"remember\s+that\s+time|"
    r"(?:write|tell)\s+(?:me\s+)?an?\s+(?:short\s+)?(?:story|poem|song|novel|script|scene|tale))\b",
    re.I,
)
# "When I'm playing games with friends, I forget about work": that clause tells when the rest
# is true, not what the speaker is doing now. "When I was hiking in Peru" still tells what was
# done, and "while I'm living in Madrid" where one lives.
_DOING = re.compile(r"(?:I'm|I\s+am|we're|we\s+are)\s+[a-z]+ing\b", re.I)
_WHEN_DOING = re.compile(r"\bwhen(?:ever)?\s+$", re.I)
# Play, to the message's end: "Roleplay as a pirate. I'm Captain Jack and I live in Tortuga."
_PLAYED = re.compile(r"\b(?:pretend|pretending|role-?play|role play|make-?believe)\b", re.I)


def sentence_ends(text: str) -> list[int]:
    return [m.start() for m in _SENTENCE_END.finditer(text)]


def stated_at(text: str) -> Callable[[int], bool]:
    """Whether the words at a position of `text` are the speaker's own (`core.others_words`),
    stated as true, not asked or supposed. Sentence ends and supposing words are found once: a
    paste with thousands of matches must not look back over the whole text for each."""
    ends = sentence_ends(text)
    supposed = [m.start() for m in _SUPPOSED.finditer(text)]
    others = others_words(text)
    played = _PLAYED.search(text)

    def at(start: int) -> bool:
        if others.holds(start) or (played and played.start() < start):
            return False
        if _DOING.match(text, start) and _WHEN_DOING.search(text, max(0, start - 12), start):
            return False
        sentence = bisect_left(ends, start)
        opening = ends[sentence - 1] + 1 if sentence else 0
        # "Do I live in Lisbon?" asks; "I'm vegetarian, are you?" tells, then asks back.
        if (
            sentence < len(ends)
            and text[ends[sentence]] == "?"
            and _ASKING.match(text, opening, start)
        ):
            return False
        first = bisect_left(supposed, opening)
        return not (first < len(supposed) and supposed[first] < start)

    return at
