"""What a statement about the speaker's people says: whom they live with or where, how many
children or pets one has and their names, what one's people like, are allergic to or have; each on
a key of the person it is of (`core.ingest.kin` keys them), so a later statement supersedes it."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.ingest.fact import Fact, Said
from core.ingest.kin import where_kin
from core.ingest.pattern_parts import LANGUAGE_LEVEL
from core.ingest.said_lists import allergen
from core.ingest.values import with_article
from core.temporal import MONTHS, WEEKDAYS

# Whom "I have two ..." counts, by the word's start: "how many kids?" has one answer.
HOUSEHOLD = {
    "grandchildren": ("grand",),
    "siblings": ("brother", "sister", "sibling"),
    "children": ("kid", "child", "son", "daughter", "boy", "girl", "teen", "toddler"),
}


def whose(said: Said) -> str:
    """Whom a fact of one's people is of, as said: "sister", "dad Joe"."""
    return " ".join(filter(None, ((said.groups["kin"] or "").lower(), said.groups.get("name"))))


def _kin_where(said: Said) -> Fact | None:
    groups = said.groups
    told = where_kin(groups["kin"] or "", groups.get("name"), groups["verb"] or "", said.value)
    if told is None:
        return None
    return said.fact(told[0], f"'s {told[1]}", 0.7)


def _family(said: Said) -> Fact | None:
    if count := said.groups.get("count"):
        # "I'm a dad of two": children, said by their number.
        children = "child" if count.lower() in ("one", "1") else "children"
        return said.fact("children", f" has {count.lower()} {children}", 0.7)
    kin = (said.groups["kin"] or "").lower()
    key = next((k for k, words in HOUSEHOLD.items() if kin.startswith(words)), "pets")
    return said.fact(key, f" has {said.value}", 0.7)


def _named(said: Said) -> Fact | None:
    value = said.value
    if not value[:1].isupper() or value.lower() in WEEKDAYS or value.lower() in MONTHS:
        return None
    # One told by their age alone ("our one-year-old") is a child.
    attribute = (said.groups["attr"] or "child").lower()
    named = f" has {with_article(attribute)} named {value}"
    return said.fact(f"{attribute} {value.lower()}", named, 0.7)


def _kin_likes(said: Said) -> Fact | None:
    """One thing a key, as one's own likings are: "Ana's daughter loves dinosaurs" ("hates" on
    the same key, which it replaces), "Ana's son plays soccer"."""
    groups = said.groups
    kin = whose(said)
    if groups.get("plays"):
        game = " ".join(said.value.split())
        key = f"{kin.lower()} plays {game.lower().removeprefix('the ')}"
        return said.fact(key, f"'s {kin} {groups['plays'].lower()} {game}", 0.6)
    if speaks := groups.get("speaks"):
        language = re.sub(rf"^{LANGUAGE_LEVEL}", "", said.value, flags=re.I)
        key = f"{kin.lower()} speaks {language.lower()}"
        return said.fact(key, f"'s {kin} {speaks.lower()} {said.value}", 0.6)
    verb = " ".join((groups["verb"] or "").lower().split())
    thing = " ".join(said.value.split())
    return said.fact(f"{kin.lower()} likes {thing.lower()}", f"'s {kin} {verb} {thing}", 0.6)


def _kin_allergy(said: Said) -> Fact | None:
    """On the key "my son is allergic to peanuts" is on ("son allergic to peanut")."""
    kin, groups, thing = whose(said), said.groups, said.value
    told = f"'s {kin} has {with_article(thing)} allergy"
    if groups.get("outgrew"):
        told = f"'s {kin} no longer has {with_article(thing)} allergy"
    elif neg := groups.get("neg"):
        how = "no longer" if "longer" in neg or groups.get("more") else "not"
        told = f"'s {kin} is {how} allergic to {thing}"
    return said.fact(f"{kin.lower()} allergic to {allergen(thing)}", told, 0.9)


def _kin_intolerance(said: Said) -> Fact | None:
    """On the key "my son is gluten intolerant" is on ("son diet")."""
    kin = whose(said)
    return said.fact(f"{kin.lower()} diet", f"'s {kin} is {said.value.lower()} intolerant", 0.7)


def _kin_condition(said: Said) -> Fact | None:
    """One condition a key, of whom it is told: "Ana's mom has dementia"."""
    kin = whose(said)
    condition = " ".join(said.value.lower().split())
    return said.fact(f"{kin.lower()} condition {condition}", f"'s {kin} has {said.value}", 0.8)


def _kin_was(said: Said) -> Fact | None:
    """On their role's key, as "my dad is a teacher" is: "Ana's late father was a doctor"."""
    kin, groups = whose(said), said.groups
    late = "late " if groups.get("late") else ""
    verb = " ".join((groups["verb"] or "").lower().split())
    return said.fact(f"{kin.lower()} role", f"'s {late}{kin} {verb} {said.value}", 0.7)


def _kin_fear(said: Said) -> Fact | None:
    """One fear a key, as one's own are: "Ana's son is afraid of the dark"."""
    kin, thing = whose(said), " ".join(said.value.split())
    return said.fact(f"{kin.lower()} fears {thing.lower()}", f"'s {kin} is afraid of {thing}", 0.6)


def _kin_children(said: Said) -> Fact | None:
    kin, value = whose(said), said.value.lower()
    key = "grandchildren" if "grand" in value else "children"
    return said.fact(f"{kin.lower()} {key}", f"'s {kin} has {value}", 0.6)


# Rule -> what a statement of one's people read by it keeps (None: nothing that stands alone).
SAID_OF_KIN: dict[str, Callable[[Said], Fact | None]] = {
    "kin_where": _kin_where,
    "family": _family,
    "named": _named,
    "kin_condition": _kin_condition,
    "kin_likes": _kin_likes,
    "kin_allergy": _kin_allergy,
    "kin_intolerance": _kin_intolerance,
    "kin_was": _kin_was,
    "kin_fear": _kin_fear,
    "kin_children": _kin_children,
}
