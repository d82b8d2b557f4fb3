"""The people (and pets) in someone's life, each with facts of their own: "my wife is Anna",
then "my wife is a nurse", are two facts about her, and "my mom lives in Coimbra" is where
she lives, not where the user does."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from core.ingest.fact import Fact, Unnamed
from core.ingest.fact_words import DIETS, KIN, WORK_HOW
from core.ingest.said_lists import allergen

_SCHOOL_YEAR = re.compile(
    r"(?:now\s+)?in\s+(?:(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|"
    r"sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\s+grade|grade\s+\d{1,2}|year\s+\d{1,2}|"
    r"kindergarten|preschool|nursery|(?:middle|high|primary|elementary)\s+school|college|"
    r"university|uni)",
    re.I,
)
# What one's people are called in praise or complaint, not what they do: "my boss is a
# nightmare", "my son is a handful", "my sister is a saint".
_JUDGED = re.compile(
    r"an?\s+(?:[\w-]+\s+){0,2}?(?:nightmare|saint|angel|handful|pain|genius|legend|star|"
    r"sweetheart|sweetie|mess|joke|jerk|idiot|gem|godsend|character|hoot|riot|treasure|"
    r"blessing|keeper|catch|natural|pushover|menace|monster|rock|lifesaver|"
    r"champ|trooper|sweet\s+soul|piece\s+of\s+work|(?:control|neat|clean)\s+freak|"
    r"workaholic|perfectionist|(?:good|great|bad|terrible|wonderful|amazing|nice)\s+"
    r"(?:person|guy|man|woman|kid|boy|girl|one|influence|listener|sport|egg|laugh))$",
    re.I,
)
_AGED = re.compile(r"\d{1,3}(?:\s+(?:years?|months?)(?:\s+old)?)?", re.I)
# What "my mom lives in / works at / is from / moved to ..." tells: its key and its telling.
_WHERE = {
    "lives in": ("location", "lives in"),
    "moved to": ("location", "lives in"),
    "works at": ("employer", "works at"),
    "works for": ("employer", "works at"),
    "is from": ("origin", "is from"),
    # Several: "my parents live in Florida".
    "live in": ("location", "live in"),
    "work at": ("employer", "work at"),
    "work for": ("employer", "work at"),
    "are from": ("origin", "are from"),
    "goes to": ("school", "goes to"),
    # What they work as, on the key "my sister is a teacher" is on.
    "works as": ("role", "works as"),
    "work as": ("role", "work as"),
}
# One's people who are several: "my parents", "my kids", "my in-laws".
_SEVERAL = re.compile(r"(?:[^s]s|children|folks)$")
# ...and when, which is not where: "my parents moved to Florida when they retired".
_WHEN_TAIL = re.compile(r"\s+(?:when|after|before|once|while)\s+.*$", re.I)
# "a nurse at the hospital": the role without where it is done.
_ROLE_TAIL = re.compile(r"\s+(?:at|for|with|in)\s+.*$", re.I)
# "At" or "for" what, that is no employer: "I work at home", "my dad works at night", "I work
# at least 50 hours", "I started a new job at the start of the month".
NO_EMPLOYER = re.compile(
    r"(?:(?-i:home)|nights?|weekends?|times|the\s+(?:moment|weekend|same\s+time))\b"
    r"|the\s+(?:start|end|beginning|middle)\s+of\b"
    r"|(?:least|most)\b|their\s+own\b|themselves\b|an?\s+living\b"
    r"|(?:\d+|an?|a\s+few|a\s+couple\s+of|several|many|hours|days)\s+(?:hours?|days?|weeks?|"
    r"months?|years?|minutes?)\b",
    re.I,
)
# A workplace told by its kind: "my wife works at the hospital", "my dad works for a bank".
_WORKPLACE = re.compile(r"(?:the|a|an)\s+[a-z]", re.I)
# A school by its name: "Lincoln Elementary", "St. Mary's Primary", "Boston University".
_SCHOOL = re.compile(
    r"\b(?:School|Elementary|Primary|Middle|High|Academy|College|University|Kindergarten|"
    r"Preschool|Nursery|Montessori)\b"
)
# Work begun at a firm, which one then works at: "my husband got a new job at Google".
HIRED = (
    r"(?:got|landed|found)\s+a\s+(?:new\s+)?job\s+(?:at|with)|started\s+(?:working\s+)?"
    r"(?:at|for)|(?:got|was|been)\s+hired\s+(?:at|by)"
)


# Whom "my sister" means, where one sister is known by name: one's family and pets, and one's
# best friend. Not one's friends, cousins or colleagues: most go unnamed, and the one named is
# not the one meant. "My older sister" is the one known as that ("I have an older sister named
# Maria"), not any sister.
NAMEABLE = frozenset(
    "wife husband partner spouse boyfriend girlfriend fiance fiancé fiancee fiancée son "
    "daughter mom mum mother dad father brother sister boss grandma grandmother grandpa "
    "grandfather dog cat".split()
) | {"best friend"}
# The rules whose facts tell of one of one's people, by the words `kin` (and `name`) or `attr`.
_TELLING_OF = frozenset(
    {
        "kin_event",
        "kin_where",
        "kin_condition",
        "kin_likes",
        "kin_allergy",
        "kin_intolerance",
        "plan",
        "turning",
        "works_how",
        "attribute",
        "named",
    }
)
# What the keys of a person's facts end with, after who they are ("sister maria location").
FACETS = frozenset(
    {
        "location",
        "employer",
        "origin",
        "age",
        "diet",
        "role",
        "school",
        "school year",
        "relationship status",
        "expecting",
        "works where",
        "work hours",
        "industry",
    }
)


def unnamed_kin(
    rule: str, groups: Mapping[str, str | None], fact: Fact, who: str, owner: str
) -> Fact:
    """`fact`, marked for what is believed (`core.ingest.references`) where it tells of one of
    the user's people: unnamed ("my sister lives in Berlin": with Maria the one sister known
    by name, it is "sister Maria lives in Berlin", on her key), or named where a fact of hers
    may have been told before her name was ("my sister Maria moved to Paris", after "my sister
    lives in Berlin")."""
    said = groups.get("kin") or (groups.get("attr") if rule in ("attribute", "named") else None)
    if rule not in _TELLING_OF or fact.unnamed is not None or not said:
        return fact
    words = said.removesuffix("'s name").split()
    name = groups.get("name")
    if rule == "attribute" and _named_kin(words):
        words, name = words[:-1], words[-1]
    kin = " ".join(words).lower()
    if kin not in NAMEABLE and kin.split()[-1] not in NAMEABLE:
        return fact
    given = (groups.get("value") or "").split()[:1]
    if rule == "named" or (fact.key or "") in (f"{owner}: {kin}", f"{owner}: {kin}'s name"):
        # "I have a sister named Maria", "my wife is Anna", "my mom's name is Rosa": her name
        # ("we got another dog named Rex": a new one, not the one told of before).
        new = any(groups.get(word) for word in ("got", "another", "new"))
        if new or not given or not given[0][:1].isupper():
            return fact
        return replace(fact, unnamed=Unnamed("kin_naming", f"{kin} {given[0]}", who, owner))
    if name:
        named = f"{owner}: {kin} {name.lower()} "
        if not (fact.key or "").startswith(named):
            return fact
        return replace(fact, unnamed=Unnamed("kin_named", f"{kin} {name.lower()}", who, owner))
    return replace(fact, unnamed=Unnamed("kin_of", kin, who, owner))


def each_named(groups: Mapping[str, str | None]) -> list[tuple[str, dict[str, str | None]]]:
    """Each of one's kids or pets listed by name ("I have two cats, Luna and Mochi"), as one
    named ("a cat named Luna"), so what is told of one later ("Luna died") is hers. None where
    the kinds are two ("a son and a daughter, Leo and Mia": which is which?)."""
    names, kin = groups.get("names"), (groups.get("kin") or "").lower()
    if not names or re.search(
        r"\band\s+(?:an?|one|two|three|four|\d)\s", groups.get("value") or ""
    ):
        return []
    one = {"kids": "child", "children": "child", "kid": "child"}.get(kin, kin.removesuffix("s"))
    listed = [name for name in re.split(r"\s*,\s*|,?\s+and\s+", names) if name]
    # Which of them what was told before naming one was of is not known: as of one just got,
    # none of it becomes theirs (`unnamed_kin`).
    return [("named", {"attr": one, "value": name, "another": kin}) for name in listed]


def _named_kin(words: list[str]) -> bool:
    """Whether an attribute's words are one of kin and a name: "sister Maria"."""
    return len(words) > 1 and words[-1][:1].isupper() and words[-2].lower() in KIN


def facet(attribute: str, value: str) -> str | None:
    """Which of a person's (or a pet's) facts "my X is ..." tells, added to its key (the
    attribute as said). None when it tells none that lasts ("my son is at school"). One named
    ("my sister Maria is a nurse") has the facts of her kind: they were kept on her name's key,
    each replacing "I have a sister named Maria" and the one before."""
    words = attribute.split()
    # "ex-wife", "half-brother", "step-dad": the kin after the hyphen.
    last = words[-1].lower()
    if last not in KIN:
        last = last.rsplit("-", 1)[-1]
    if (last not in KIN and not _named_kin(words)) or value[:1].isupper():
        return ""
    if _AGED.fullmatch(value):
        return " age"
    if re.fullmatch(rf"(?:an?\s+)?(?:{DIETS})", value, re.I):
        return " diet"
    # "My dad is retired" ends "my dad is a doctor".
    if re.fullmatch(r"(?:now\s+)?retired", value, re.I):
        return " role"
    if re.match(r"from\s", value, re.I):
        return " origin"
    if re.fullmatch(
        r"(?:pregnant|expecting)(?:\s+again)?(?:\s+(?:with\s+)?(?:twins|triplets|a\s+(?:baby\s+)?"
        r"(?:boy|girl)|(?:our|their|her|his)\s+(?:first|second|third|fourth)(?:\s+(?:child|baby))?))?",
        value,
        re.I,
    ):
        return " expecting"
    if re.fullmatch(
        r"(?:now\s+)?(?:married|divorced|separated|engaged|single|widowed)", value, re.I
    ):
        return " relationship status"
    # "My daughter is in 3rd grade", "my son is in year 5", "... in high school".
    if _SCHOOL_YEAR.fullmatch(value):
        return " school year"
    # "My son is allergic to peanuts": one allergy a key, as one's own are.
    if allergy := re.match(r"(?:severely\s+|very\s+)?allergic\s+to\s+(.+)", value, re.I):
        return f" allergic to {allergen(allergy.group(1))}"
    if re.match(r"an?\s", value, re.I) and not _JUDGED.fullmatch(value):
        return " role"
    return None


def where_kin(kin: str, name: str | None, verb: str, value: str) -> tuple[str, str] | None:
    """The key (after the owner) and the telling (after "Ana's") of "my sister Mia lives in
    Porto": ("sister mia location", "sister Mia lives in Porto"). `kin` is one of `KIN`, a
    word before it allowed. Only a place or a firm named (or a workplace by its kind), or a
    role: "my dad works at night",
    "my mom lives in the moment", "my dad works as hard as anyone" tell none."""
    kin = " ".join(kin.lower().split())
    # "My sister lives with her boyfriend in Madrid": where she lives.
    verb = re.sub(r"\s+with\s.*\s(?=in$)", " ", " ".join(verb.lower().split()))
    # "My husband works nights at the factory": where he works (`works_how` keeps the how).
    verb = re.sub(rf"^(works?)\s+{WORK_HOW}(?=\s)", r"\1", verb, flags=re.I)
    if verb in ("works as", "work as"):
        # "my dad works as hard as anyone" tells none.
        if not re.match(r"an?\s", value, re.I):
            return None
        value = _ROLE_TAIL.sub("", value)
    elif not value[:1].isupper():
        at_work = re.fullmatch(HIRED, verb) or _WHERE.get(verb, ("",))[0] == "employer"
        if not (at_work and _WORKPLACE.match(value) and not NO_EMPLOYER.match(value)):
            return None
    if verb in ("goes to", "go to"):
        # "My son goes to Lincoln Elementary": a school, not where one goes ("to Paris").
        if not _SCHOOL.search(value):
            return None
        verb = "goes to"
    if verb == "moved to" and _SEVERAL.search(kin):
        verb = "live in"  # "my parents moved to Florida": they live there
    value = _WHEN_TAIL.sub("", value)
    key, said = _WHERE["works at" if re.fullmatch(HIRED, verb) else verb]
    who = f"{kin} {name}" if name else kin
    return f"{who.lower()} {key}", f"{who} {said} {value}"
