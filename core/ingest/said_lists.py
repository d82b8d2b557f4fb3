"""Lists said at once ("allergic to penicillin, peanuts and shellfish", "I like hiking,
swimming and chess"): each item is a fact of its own, up to where the sentence goes on about
something else."""

from __future__ import annotations

import re
from itertools import takewhile

_ITEM_BREAK = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.I)
# The speaker's own words ("I", "my", "our"): a list item about them is none, and a fact told
# of them reads them in the third person (`core.ingest.rules`).
SPEAKER_WORD = re.compile(
    r"\b(?:i'm|i've|i'd|i'll|i\s+was|i\s+am|i|me|my|mine|myself|we're|we've|we|us|our|ours)\b",
    re.I,
)
# "I love it and hate it", "I like hiking and want to try climbing": what follows "and" is
# another thing said, not another thing liked.
_NOT_AN_ITEM = re.compile(
    r"(?:hate|love|like|enjoy|prefer|want|need|think|feel|am|is|are|was|were|have|has|had|do|"
    r"does|did|can|could|will|would|should|might|must|get|got|go|went|make|made|try|tried|also|"
    r"really|just|then|so|not|never|always|still|even|they|he|she|it|we|you|them|this|that|"
    # "veterans and their rights": whose, said of the thing before.
    r"their|his|her|its)\b",
    re.I,
)
_SUBJECT_I = re.compile(r"\bI(?:'m|'ve|'d|'ll)?\b|\b[Ii](?:m|ve)\b")
# "..., filed under zanzibar and ...": a clause that says more of the first thing.
_CLAUSE = re.compile(r"^\w+ed\s+(?:under|in|on|at|by|for|to|with|from|as|into|over)\b", re.I)
# A first liking whose own words an "and" may go on ("books about personal development and
# mindset", "road trips with friends and family", "to dance and express themselves", "how
# it's both ... and ..."): the list is not parted, and kept whole when the rest is all things.
_HOLDS_THE_AND = re.compile(
    r"^(?:to|how|what|why|which|when|where|it|that|this)\b"
    r"|\b(?:about|of|with|for|in|on|at|from|into|to|by|like|both)\b",
    re.I,
)

# "I prefer Python and Rust over Java": the list is what is preferred to the rest.
_COMPARED = re.compile(r"\b(?:over|than|to|instead|rather)\b", re.I)


def allergens(said: str) -> list[str]:
    """The items of "allergic to ...": short ones, none about the speaker ("..., peanuts and
    I live in Rome")."""
    return list(
        takewhile(
            lambda item: bool(item) and not SPEAKER_WORD.search(item) and len(item.split()) <= 4,
            _ITEM_BREAK.split(said),
        )
    )


# The one form an allergen is kept under, however it was said ("allergic to peanuts", "a
# peanut allergy"): its last word in the singular. Migration 0014 moved stored keys to it;
# a change here leaves them on the old form.
_ONE_OF = (
    (re.compile(r"ies$"), "y"),
    (re.compile(r"oes$"), "o"),
    (re.compile(r"(ch|sh|ss|x)es$"), r"\1"),
    (re.compile(r"([^su])s$"), r"\1"),
)


def allergen(item: str) -> str:
    """An allergen as its key holds it, so that what is said of it later in other words
    ("I have a peanut allergy", "I'm not allergic to peanuts anymore") is of the same one."""
    words = item.lower().split()
    if not words:
        return ""
    last = words[-1]
    for plural, single in _ONE_OF:
        if plural.search(last):
            last = plural.sub(single, last)
            break
    return " ".join([*words[:-1], last])


def _things(more: str) -> tuple[list[str], bool]:
    """The things `more` (a list's rest: ", swimming and chess") names, up to the first that
    is another thing said, and whether all of it does."""
    said_after = _ITEM_BREAK.split(more)[1:]
    items = list(
        takewhile(
            lambda item: (
                not (_SUBJECT_I.search(item) or _NOT_AN_ITEM.match(item) or _CLAUSE.match(item))
            ),
            said_after,
        )
    )
    return items, len(items) == len(said_after)


def listed(first: str, more: str) -> str:
    """One value with the list's rest ("painting and hiking"), when the rest is all things."""
    return first + more if more and _things(more)[1] else first


def things(first: str, more: str) -> list[str]:
    """What "I like / speak / play `first``more`" names: each thing in turn, or one whole
    liking when its words hold the "and" or one doing takes them all."""
    items = _things(more)[0]
    if (
        _HOLDS_THE_AND.search(first)
        or _COMPARED.search(more)
        or _one_doing(first, items)
        or _how_one_has_it(first, items)
    ):
        return [listed(first, more)]
    return [first, *items]


def _how_one_has_it(first: str, items: list[str]) -> bool:
    """Whether the list says how one likes a thing of one's own: "my coffee black and strong"
    (not a liking of "strong")."""
    words = first.split()
    return (
        len(words) > 2
        and words[0].lower() in ("my", "our")
        and all(len(item.split()) == 1 for item in items)
    )


def _one_doing(first: str, items: list[str]) -> bool:
    """Whether the list is what one doing takes: "improving education and infrastructure"
    (not "cooking and baking bread", two doings)."""
    words = first.split()
    doing = len(words) > 1 and words[0].lower().endswith("ing")
    return doing and any(not item.split()[0].lower().endswith("ing") for item in items)
