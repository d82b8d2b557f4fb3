"""What a liking says, and what something does for one (`core.ingest.liking_patterns` reads
the wordings): each liking on a key of its own, so that "I hate mushrooms" replaces "I love
mushrooms"."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.ingest.fact import Fact, Said
from core.ingest.reply_style import ABOUT_REPLIES
from core.ingest.values import POINTING, clean, told_of, without_opening_capital

# A liking of "the" thing, lower case, is of a photo or a thing just talked about ("I love the
# colors", "I love all the yellow leaves", "I really like the idea"), not one's taste; unless
# the thing is one of a kind everyone knows ("I love the ocean"). "The Hobbit" is a title.
_OF_WHAT_IS_SHOWN = re.compile(
    r"(?:all\s+)?the\s+(?!(?:ocean|sea|beach|mountains|outdoors|rain|snow|sun|sunshine|"
    r"countryside|city|forest|woods|desert|cold|heat|winter|summer|autumn|fall|spring|night|"
    r"morning|evening|theat(?:er|re)|opera|ballet|movies|cinema|gym|stars|water|smell|sound|"
    r"feeling|outdoors|holidays|weekends?)\b)[a-z]"
)
_WHEN_THAT = re.compile(r"when\s+that\b", re.I)
_ONLY_HOW_OFTEN = re.compile(r"(?:every|each)\s+(?:single\s+)?\w+|so\s+much|a\s+lot", re.I)
# The words a liking is said with, as the verb it is told with ("I'm a big fan of" likes).
_AS_LIKING = (
    dict.fromkeys(
        ("fan", "supporter", "support", "root", "cheer", "into", "drawn", "keen", "liked"), "like"
    )
    | dict.fromkeys(("loved", "obsessed", "passionate", "passion", "favorite", "favourite"), "love")
    | {"can't": "hate", "enjoyed": "enjoy"}
)


def _preference(said: Said) -> Fact | None:
    value, groups = said.value, said.groups
    if ABOUT_REPLIES.search(value):
        return None  # `reply_wishes` reads it
    if _ONLY_HOW_OFTEN.fullmatch(value):
        return None  # "a job I enjoy every day": what is enjoyed came before
    if _OF_WHAT_IS_SHOWN.match(value):
        return None  # "I love the colors": of a photo or a thing talked about
    if _WHEN_THAT.match(value):
        return None  # "I hate when that happens": what was just told
    verb = " ".join((groups["verb"] or groups.get("into") or "").lower().split()[:1])
    verb = _AS_LIKING.get(verb, verb)
    stance = f"does not {verb}" if groups.get("neg") else f"{verb}s"
    value = without_opening_capital(value, groups)
    return said.fact(f"likes {value.lower()}", f" {stance} {value}", 0.6)


def _effect(said: Said) -> Fact | None:
    groups = said.groups
    opening = without_opening_capital(clean(groups["opening"] or ""), groups)
    if POINTING.search(opening):
        return None  # "Playing it helps me": what was said before
    opening = told_of(opening)
    effect = told_of(clean(groups.get("effect") or "", months=False))
    told = " ".join(filter(None, (told_of((groups["verb"] or "").lower()), said.who, effect)))
    return Fact(None, f"{opening[:1].upper()}{opening[1:]} {told}", 0.5, said.turn_id)


SAID_OF_LIKING: dict[str, Callable[[Said], Fact | None]] = {
    "preference": _preference,
    "effect": _effect,
}
