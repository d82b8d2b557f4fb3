"""How a sentence is read, for the rules that read facts and the patterns that find to-dos.
Where it ends: at ".", "!", "?" or a line's end, but not at a dot inside a word or a number
("ana@example.com", "12.50", "v2.1"; a capital after one starts a sentence), after a title,
before the name ("Dr. Lee", "St. Mary's"), nor after a month cut short, before its day ("by
Nov. 30"). A to-do cut there was "Call Dr" and lost its "tomorrow". And whether its words
describe a thing named before them (`describes_a_thing`): then they state nothing."""

from __future__ import annotations

import re

IN_WORD = r"(?-i:[a-z0-9])"
TITLES = ("St", "Dr", "Mt", "Ft", "Mr", "Mrs", "Ms", "Prof")
AFTER_TITLE = "|".join(rf"(?<=\b{t})\." for t in TITLES)
NOT_AFTER_TITLE = "".join(rf"(?<!\b{t})" for t in TITLES)
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
_AFTER_MONTH = "|".join(rf"(?<=\b(?i:{m}))" for m in _MONTHS)
_AFTER_MONTH_DOT = "|".join(rf"(?<=\b(?i:{m})\.)" for m in _MONTHS)
# A dot that does not end a sentence.
INNER_DOT = rf"\.(?={IN_WORD})|{AFTER_TITLE}|(?:{_AFTER_MONTH})\.(?=\s+\d)"
# One that does.
FINAL_DOT = rf"{NOT_AFTER_TITLE}\.(?!{IN_WORD})(?!(?:{_AFTER_MONTH_DOT})\s+\d)"

# Typographic quotation marks and apostrophes, which phones and word processors type by default
# ("I’m vegan", "we watched “Up”"), read as the plain ones the patterns are written with. One
# character for one: a position in the text is the same in both.
_PLAIN_QUOTES = str.maketrans("\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f", "''''\"\"\"\"")


def plain_quotes(text: str) -> str:
    return text.translate(_PLAIN_QUOTES)


# What opens a sentence before what it says ("ok, so", "please", "Engram,").
OPENER_WORDS = r"ok|okay|so|and|also|please|hey|engram|actually|just"
# Asking the assistant to: "can you (please)", "I'd like you to", "I want you to".
ASKING_YOU = (
    r"(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d|\s+would)\s+like\s+you\s+to\s+"
    r"|i\s+(?:want|need)\s+you\s+to\s+"
)


# "The house I live in is too big", "the report I have to finish is huge", "everything I painted
# sold": what the speaker says there describes a thing named before it, and the sentence's
# verb comes after ("User lives in is too big" replaced where they live; the inbox got
# "Finish is huge"). Not a time ("this morning I ran", "every Monday I have to", "the other day
# I went"), a companion ("my sister and I went"), nor words said to someone ("that reminds me
# that I need to call Tom").
_THING_NAMED = re.compile(
    r"\s*(?:(?:the|these|this|those|that|my|our|his|her|their|every|each|some|all\s+the)\s+"
    r"(?:(?!(?:and|or|but|so|then|me|us|him|them|you|"
    r"(?:week(?:end)?|month|year|day|morning|afternoon|evening|night|time|summer|winter|"
    r"spring|fall|autumn|season|moment)s?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
    r"jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|"
    r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b)[\w'-]+\s+){1,3}"
    r"|(?:everything|something|anything|nothing|all|whatever)\s+)",
    re.I,
)
_CLAUSE_BREAK = re.compile(r"[.!?,;:()\n]|\s[-\u2013\u2014]\s")
# Further back than this, the words before are no short name of a thing.
_THING_REACH = 60


def describes_a_thing(text: str, start: int) -> bool:
    """Whether the words at `start` follow a thing named at their clause's opening."""
    before = text[max(0, start - _THING_REACH) : start]
    clause = _CLAUSE_BREAK.split(before)[-1]
    if len(clause) == len(before) and start > _THING_REACH:
        return False
    return _THING_NAMED.fullmatch(clause) is not None
