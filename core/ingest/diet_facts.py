"""What one eats, drinks and smokes, and what no longer (`core.ingest.lifestyle_patterns` reads
the wordings): each food or drink on a key of its own, so that "I gave up coffee" replaces "I
drink coffee", and "I started eating fish again" ends "I'm vegan"."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.ingest.fact import Fact, Said
from core.ingest.pattern_parts import DRINKS
from core.ingest.values import with_article


def _abstains(said: Said) -> Fact | None:
    value = said.value
    if said.groups.get("verb_can"):
        # "I can't have dairy": what they must not take, not what they choose not to.
        return said.fact(f"has {value.lower()}", f" cannot have {value}", 0.7)
    if gave := said.groups.get("gave"):
        verb = "drink" if re.fullmatch(DRINKS, gave, flags=re.I) else "eat"
        return said.fact(f"{verb}s {value.lower()}", f" no longer {verb}s {value}", 0.7)
    if verb := (said.groups.get("verb_ing") or "").lower():
        return said.fact(f"{verb}s {value.lower()}", f" no longer {verb}s {value}", 0.7)
    verb = (said.groups["verb"] or "").lower()
    return said.fact(f"{verb}s {value.lower()}", f" does not {verb} {value}", 0.7)


def _cutting_down(said: Said) -> Fact | None:
    thing = " ".join(said.value.lower().split())
    return said.fact(f"cutting down on {thing}", f" is cutting down on {thing}", 0.6)


def _teetotal(said: Said) -> Fact | None:
    """On the key of "I don't drink alcohol", which "I drink wine" is not on."""
    groups = said.groups
    how = (
        "no longer drinks"
        if groups.get("more") or groups.get("quit") or groups.get("sober")
        else "does not drink"
    )
    return said.fact("drinks alcohol", f" {how} alcohol", 0.7)


def _smokes(said: Said) -> Fact | None:
    neg = (said.groups.get("neg") or "").lower()
    verb = "smokes" if said.value.lower() == "smok" else "vapes"
    if said.groups.get("quit") or said.groups.get("since") or neg in ("no longer", "used to"):
        how = f"no longer {verb}"
    elif neg:
        how = f"does not {verb[:-1]}"
    else:
        how = verb
    return said.fact(verb, f" {how}", 0.7)


def _eats_again(said: Said) -> Fact | None:
    """On the diet's key: "I started eating fish again" ends "I'm vegan"."""
    return said.fact("diet", f" eats {said.value.lower()} again", 0.8)


def _drinker(said: Said) -> Fact | None:
    """On the key of liking the drink: "not much of a coffee drinker" replaces "I love coffee"."""
    drink = said.value.lower()
    how = " ".join((said.groups.get("how") or "").lower().split())
    if said.groups.get("neg"):
        return said.fact(f"likes {drink}", f" is not much of a {drink} drinker", 0.6)
    return said.fact(
        f"likes {drink}", f" is {with_article(' '.join(filter(None, (how, drink))))} drinker", 0.6
    )


def _takes_drink(said: Said) -> Fact | None:
    """On a key of its own, which the next way said replaces: "I take my coffee with oat milk
    now" after "I drink my coffee black"."""
    drink = said.groups["drink"].lower()
    how = " ".join(said.value.lower().split())
    return said.fact(f"takes {drink}", f" takes their {drink} {how}", 0.6)


SAID_OF_DIET: dict[str, Callable[[Said], Fact | None]] = {
    "takes_drink": _takes_drink,
    "abstains": _abstains,
    "cutting_down": _cutting_down,
    "teetotal": _teetotal,
    "smokes": _smokes,
    "eats_again": _eats_again,
    "drinker": _drinker,
}
