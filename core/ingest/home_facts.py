"""Where and how one lives: with whom, in a home owned or rented, on which phone and computer,
with which bank (`core.ingest.lifestyle_patterns` reads the wordings). Each on a key of its
own, so that "I switched to Android" replaces "I use an iPhone"."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.ingest.fact import Fact, Said
from core.ingest.values import with_article


def _household(said: Said) -> Fact | None:
    """One key: "I live alone" is replaced by "I live with my girlfriend" (or "I moved in with
    my girlfriend"). One's people who live with one ("my mom lives with us") are told on their
    own key."""
    if said.groups.get("joined"):
        kin = said.value.lower()
        lives = "live" if kin in ("parents", "in-laws") else "lives"
        # Where they live, on the key "my mom lives in Porto" is on.
        return said.fact(f"{kin} location", f"'s {kin} {lives} with them", 0.6)
    if said.groups.get("moved_in"):
        return said.fact("household", f" lives with their {said.value.lower()}", 0.6)
    if home := said.groups.get("home"):
        mates = (said.groups.get("mates") or "").lower()
        return said.fact("household", f" lives with {mates} {home.lower()}", 0.6)
    value = said.value
    if re.fullmatch(r"by\s+(?:myself|themselves)|on\s+(?:my|their)\s+own", value, re.I):
        value = "alone"
    return said.fact("household", f" lives {value}", 0.6)


def _home(said: Said) -> Fact | None:
    """One key: a home rented, then bought, is owned now."""
    if said.groups.get("home"):
        how = "owns" if said.groups.get("owner") else "rents"
        return said.fact("home", f" {how} their home", 0.6)
    return said.fact("home", f" {said.groups['verb'].lower()}s {said.value}", 0.6)


# Devices told apart from systems by their article: "an iPhone", "Android".
_PHONE = re.compile(r"iphone|android|(?:google\s+)?pixel|(?:samsung\s+)?galaxy", re.I)
_SYSTEM = re.compile(r"android|windows|linux|ubuntu", re.I)


def _device(said: Said) -> Fact | None:
    """The phone's key and the computer's: a later "I switched to Android" replaces the
    iPhone, not the Mac."""
    value = said.value
    used = value if _SYSTEM.match(value) else with_article(value)
    return said.fact("phone" if _PHONE.match(value) else "computer", f" uses {used}", 0.6)


def _bank(said: Said) -> Fact | None:
    return said.fact("bank", f" banks with {said.value}", 0.6)


SAID_OF_HOME: dict[str, Callable[[Said], Fact | None]] = {
    "household": _household,
    "home": _home,
    "device": _device,
    "bank": _bank,
}
