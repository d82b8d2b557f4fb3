"""Many type chat without a capital anywhere ("i live in berlin now", "im from brazil"). The
rules know a place or a firm by its capital, so such a message told nothing of where one lives.
Written so, the words after "live in", "from", "work at" and the like are read as the name they
would have been written as, unless they are words no place is called ("fear", "the moment",
"home", "nights"). So is one's own name where it is given ("my name is dana", "hi im dana"),
when the sentence or the clause ends with it: "im tired" names no one, "im dana" on its own
might not either, and is left. "i" is "I", as the rules that know one's own words by it read
it."""

from __future__ import annotations

import re

# Where a place or a firm is named next: one's own, or one's people's.
_NAMING = re.compile(
    r"\b(?:(?:live|lives|living|moved|moving|relocated|based|grew\s+up|raised|born)\s+(?:in|to)"
    r"|(?:i'm|im|i\s+am|we're|we\s+are|is|are)\s+(?:originally\s+)?from"
    r"|works?\s+(?:at|for)|working\s+(?:at|for)"
    r"|(?:rent|renting)\s+(?:an?|our)\s+(?:[\w-]+\s+)?(?:apartment|flat|house|place|room|studio|"
    r"condo)\s+in)\s+",
)
# Where one gives one's name (or one's people's, one's pet's), and the name it gives: up to
# three words, then the clause ends.
_NAME_GIVEN = re.compile(
    r"\b(?:name\s+is|name's|i\s+go\s+by|(?:every(?:one|body)|people|(?:my\s+)?friends)"
    r"\s+calls?\s+me|(?:^|(?<=[.!?,]\s))(?:hi|hey|hello|heya|hiya)[,!]?\s+(?:im|i'm|i\s+am)"
    r"|named|(?:is|was|'s)\s+called)\s+"
    r"(?P<name>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2}?)"
    r"(?=\s*(?:[,.!?;:\n]|$)|\s+(?:and|but|btw|by\s+the\s+way|here|from|nice)\b)",
)
_PRONOUN = re.compile(r"\bi(?=['\u2019\s]|$)")
_WORD = re.compile(r"[^\W\d_][\w'-]*")
# At most this many words are a name ("new york city"), the small words inside one kept small
# ("rio de janeiro"); "the" may open it ("the netherlands").
MAX_NAME_WORDS = 3
_PARTICLES = frozenset("de da do dos das del la le am upon y".split())
# Words after those verbs that name no place or firm: a state, a time, a kind of place, a way
# of working; and the words a clause goes on with.
_NO_NAME = frozenset(
    """fear hope peace sin denial luxury poverty style harmony comfort misery squalor dread
    terror limbo chaos bliss silence isolation exile secret secrecy shame pain debt hiding
    fantasy reality past present future moment town city country suburbs countryside
    part-time full-time remote nights days mornings evenings weekends night day morning
    evening weekend sales marketing engineering finance support design product operations
    legal management here there around nearby abroad overseas away home work school college
    uni university hospital prison jail church bed myself ourselves least most times
    now today tonight tomorrow yesterday last next this that these those the a an my our your
    his her their its some one two three many several and or but so because since with for
    in on at by of to from near about after before when while until as like ago""".split()
)


def named_in_lower_case(text: str) -> str:
    """`text` with "I", one's name and the places and firms it names capitalised, when it has
    no capital at all (else as it is). Each word keeps its length: what the rules find keeps
    its position."""
    if any(c.isupper() for c in text):
        return text
    chars = list(text)
    for pronoun in _PRONOUN.finditer(text):
        chars[pronoun.start()] = "I"
    for given in _NAME_GIVEN.finditer(text):
        words = list(_WORD.finditer(text, given.start("name"), given.end("name")))
        if not any(word.group() in _NO_NAME for word in words):
            for word in words:
                _capitalise(chars, word)
    for naming in _NAMING.finditer(text):
        at = naming.end() + (4 if text.startswith("the ", naming.end()) else 0)
        named = 0
        while named < MAX_NAME_WORDS and (word := _WORD.match(text, at)) is not None:
            said = word.group()
            if said in _NO_NAME or (named == 0 and said in _PARTICLES):
                break
            if said not in _PARTICLES:
                _capitalise(chars, word)
                named += 1
            at = word.end() + 1
            if text[word.end() : at] != " ":
                break
    return "".join(chars)


def _capitalise(chars: list[str], word: re.Match[str]) -> None:
    """The word's first letter in `chars` as a capital, where that is one letter still ("ß"
    capitalises to two and is left)."""
    capital = word.group()[0].upper()
    if len(capital) == 1:
        chars[word.start()] = capital
