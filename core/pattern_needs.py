"""What a pattern cannot match without: the words of which any match holds one, read from the
pattern itself. The rules try ~140 fact patterns and ~60 to-do and deadline patterns on every
message, and nearly all find nothing; a few `in` tests on the message in lower case tell most
of them apart before the pattern is run (LoCoMo's 2,760 turns: 0.8 ms a turn of fact
patterns, 0.3 with this). Nothing is filtered that could match: a pattern whose words cannot be
told is always run."""

from __future__ import annotations

import re
from collections.abc import Sequence

# The parser `re` compiles with; a pattern it cannot read is always run.
from re import _constants as sre
from re import _parser as sre_parse

# Letters IGNORECASE matches to an ASCII letter that are not ASCII themselves (Python's own
# tables; a test checks every code point): the text is read with them as that letter.
_ONTO_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})

_REPEATS = frozenset((sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT))

Words = tuple[str, ...]

# Each pattern's words by its id, kept with the pattern, which so keeps its id: hashing a
# pattern hashes its whole compiled code, and cost as much as its words save. For patterns
# compiled once, as the rules' are.
_READ: dict[int, tuple[re.Pattern[str], Words]] = {}


def needed_words(pattern: re.Pattern[str]) -> Words:
    """Lower-case words of which every match of `pattern` holds one (a lookahead's words
    count: they are in the text too); () when none can be told. Read once a pattern, when
    first needed (~0.8 ms each: ~0.2 s for all the rules, had they been read at start)."""
    read = _READ.get(id(pattern))
    if read is not None and read[0] is pattern:
        return read[1]
    try:
        needed = _needed(sre_parse.parse(pattern.pattern, pattern.flags))
    except (re.error, TypeError, ValueError, IndexError):
        needed = None
    words = tuple(sorted(needed)) if needed else ()
    _READ[id(pattern)] = (pattern, words)
    return words


def folded(text: str) -> str:
    """`text` as `may_match` reads it: in lower case, the few other letters that match an
    ASCII one regardless of case read as it ("İ" as "i"; str.lower alone makes it two)."""
    return text.translate(_ONTO_ASCII).lower()


def may_match(folded_text: str, words: Words) -> bool:
    """False only when `words` says the pattern cannot match the text folded by `folded`."""
    if not words:
        return True
    for word in words:
        if word in folded_text:
            return True
    return False


def found_in(pattern: re.Pattern[str], text: str, folded_text: str) -> re.Match[str] | None:
    """`pattern.search(text)`, not run where `folded_text` (`text` through `folded`) lacks the
    words the pattern needs."""
    return pattern.search(text) if may_match(folded_text, needed_words(pattern)) else None


def _needed(items: Sequence[tuple[object, object]]) -> frozenset[str] | None:
    """The best set for a sequence: letters in a row make one word; of the sets its parts
    need, the one whose shortest word is longest."""
    best: frozenset[str] | None = None
    run = ""
    for op, arg in items:
        letter = _letter(op, arg)
        if letter is not None:
            run += letter
            continue
        if run:
            best = _better(best, frozenset((run,)))
            run = ""
        best = _better(best, _part(op, arg))
    if run:
        best = _better(best, frozenset((run,)))
    return best


def _part(op: object, arg: object) -> frozenset[str] | None:
    if op is sre.SUBPATTERN:
        return _needed(arg[3])
    if op is sre.ATOMIC_GROUP:
        return _needed(arg)
    if op is sre.ASSERT:
        return _needed(arg[1])
    if op in _REPEATS and arg[0] >= 1:
        return _needed(arg[2])
    if op is sre.BRANCH:
        branches = [_needed(branch) for branch in arg[1]]
        if any(b is None for b in branches):
            return None
        return frozenset().union(*branches)
    return None


def _letter(op: object, arg: object) -> str | None:
    """The one ASCII character an item matches, in lower case ("[Ii]" is "i"), or None."""
    if op is sre.LITERAL and arg < 128:
        return chr(arg).lower()
    if op is sre.IN and arg and all(o is sre.LITERAL and a < 128 for o, a in arg):
        letters = {chr(a).lower() for _, a in arg}
        if len(letters) == 1:
            return letters.pop()
    return None


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    if a is None:
        return b
    if b is None:
        return a
    return max(a, b, key=lambda words: (min(map(len, words)), -len(words)))
