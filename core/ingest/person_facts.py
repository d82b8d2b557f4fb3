"""What a statement about the speaker's own person says: their name, age, work, health, diet,
languages and family, each on a key of its own so that a later statement on it
supersedes this one. `core.ingest.rules` decides whether the words were said as true and
reads them; here, what each of these rules keeps."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import takewhile

from core.ingest.entities import ordinary_word
from core.ingest.fact import Fact, Said, Unnamed
from core.ingest.kin_facts import HOUSEHOLD, whose
from core.ingest.pattern_parts import LANGUAGE_LEVEL
from core.ingest.routines import agreeing
from core.ingest.said_lists import allergen
from core.ingest.values import told_of, with_article
from core.temporal import MONTHS, WEEKDAYS

# "I'm 5" is a child's age or something else entirely; "I'm 34" is an adult's.
MIN_AGE, MAX_AGE = 13, 110
# What "I'm ..." tells, capitalised, that is no name: where one is from, one's faith, politics,
# sign, diet or state, how one is; a title before the name.
NO_NAMES = frozenset(
    "american british english scottish irish welsh canadian australian german french italian "
    "spanish portuguese dutch belgian swiss austrian swedish norwegian danish finnish polish "
    "czech greek turkish russian ukrainian romanian hungarian brazilian mexican argentinian "
    "chilean colombian peruvian cuban indian pakistani bangladeshi chinese japanese korean "
    "vietnamese thai filipino indonesian malaysian nigerian kenyan egyptian moroccan israeli "
    "iranian iraqi lebanese african european asian latino latina hispanic christian catholic "
    "protestant jewish muslim hindu buddhist atheist new back here fine good ok okay sorry "
    "home done ready icelandic serbian croatian bosnian slovak slovenian bulgarian estonian "
    "latvian lithuanian albanian armenian georgian syrian jordanian palestinian saudi emirati "
    "afghan nepali lankan taiwanese singaporean ghanaian ethiopian somali sudanese "
    "algerian tunisian senegalese venezuelan ecuadorian bolivian uruguayan paraguayan "
    "guatemalan dominican rican jamaican haitian texan californian scot brit kiwi aussie "
    "canuck black white caucasian native indigenous arab persian kurdish mormon sikh jain "
    "agnostic orthodox lutheran baptist methodist anglican evangelical republican democrat "
    "liberal conservative libertarian socialist independent aries taurus gemini cancer virgo "
    "libra scorpio sagittarius capricorn aquarius pisces vegan vegetarian pescatarian single "
    "married engaged divorced widowed pregnant retired gay straight bi bisexual lesbian queer "
    "trans nonbinary tired exhausted busy free out off in up sick ill hungry bored stressed "
    "lost confused stuck alive awake late early human dr mr mrs ms miss mx prof sir".split()
)
# Kinds of person that answer one question: when one is awake, how one is with people.
_KIND_OF = {
    **dict.fromkeys(
        ("morning", "night", "evening", "night owl", "early bird", "early riser"), "day"
    ),
    **dict.fromkeys(("introvert", "extrovert", "ambivert", "people"), "people"),
    **dict.fromkeys(("dog", "cat"), "pets"),
    **dict.fromkeys(("coffee", "tea"), "drink"),
    **dict.fromkeys(("indoor", "outdoor"), "outdoors"),
    **dict.fromkeys(("beach", "mountain"), "holidays"),
    **dict.fromkeys(("city", "country"), "place"),
    **dict.fromkeys(("summer", "winter"), "season"),
}
# One state at a time, said last replacing the one before: "I'm vegan", "I'm single".
_STATUS_KEYS = {"diet": "diet", "relationship": "relationship status"}
# What one eats for one's body's sake, by its key: each holds beside the diet one chose.
_DIET_NEEDS = {
    "gluten free": "gluten",
    "celiac": "gluten",
    "coeliac": "gluten",
    "lactose intolerant": "lactose",
    "gluten intolerant": "gluten",
    "diabetic": "diabetes",
    # ...or for one's faith: one may keep kosher and be vegan.
    "kosher": "kosher",
    "halal": "halal",
}
# Diets one is on, not is: "The user is on a keto diet".
_ON_A_DIET = frozenset({"keto", "paleo", "low-carb", "low carb"})


def _condition(said: Said) -> Fact | None:
    if said.groups.get("am"):
        return _disability(said)  # "the tests showed I'm anemic", as "I'm anemic"
    return said.fact(f"condition {said.value.lower()}", f" has {said.value}", 0.8)


def _new_role(said: Said) -> Fact | None:
    how = "became" if said.groups.get("role") else "was promoted to"
    return said.fact("occupation", f" {how} {said.value}", 0.7)


def _occupation(said: Said) -> Fact | None:
    return said.fact("occupation", f" works as {said.value}", 0.7)


def _teaches(said: Said) -> Fact | None:
    return said.fact("occupation", f" teaches {said.value}", 0.7)


def _runs(said: Said) -> Fact | None:
    """Where one works: it replaces "works at Google", as a firm joined would."""
    verb = (said.groups["verb"] or "").lower()
    runs = {"run": "runs", "own": "owns", "manage": "manages", "have": "has"}[verb]
    return said.fact("employer", f" {runs} {said.value}", 0.7)


def _training_for(said: Said) -> Fact | None:
    how = " ".join((said.groups["how"] or "").lower().split())
    return said.fact("occupation", f" is {how} {said.value}", 0.7)


def _profession(said: Said) -> Fact | None:
    return said.fact("occupation", f" is {said.value}", 0.7)


def _capitalised(value: str) -> list[str]:
    return list(takewhile(lambda w: w[:1].isupper(), value.split()))


def _partner(said: Said) -> Fact | None:
    words = _capitalised(said.value)
    if not words:
        return None
    how = " ".join((said.groups["how"] or "").lower().split())
    return said.fact("partner", f" is {how} {' '.join(words)}", 0.8)


def _breakup(said: Said) -> Fact | None:
    """Kept on the key of whom it ended with: "my boyfriend Tom" (as "I have a boyfriend named
    Tom" was), "my girlfriend", or one's partner, when only a name is said."""
    kin = (said.groups.get("kin") or "").lower()
    name = said.groups.get("name") or said.groups.get("ex") or ""
    if name and (ordinary_word(name) or name.lower() in NO_NAMES):
        if not kin:
            return None
        name = ""
    key = " ".join(filter(None, (kin, name.lower()))) if kin else "partner"
    fact = said.fact(key, f" broke up with {said.value}", 0.7)
    # "my boyfriend": the one named, if one is (`core.ingest.references`).
    return replace(fact, unnamed=Unnamed("kin", kin, said.who, said.owner)) if not name else fact


def _shouted(word: str) -> bool:
    return len(word) > 2 and word.isupper()


def _pronouns(said: Said) -> Fact | None:
    pronouns = re.sub(r"\s*/\s*", "/", said.value.lower())
    return said.fact("pronouns", f"'s pronouns are {pronouns}", 0.9)


def _name(said: Said) -> Fact | None:
    words = _capitalised(said.value)
    if not words or words[0].lower() in WEEKDAYS or words[0].lower() in MONTHS:
        return None
    # "I'm INTJ", "I'm Sure": letters of a kind, or a word Title Case typed.
    if words[0].lower() in NO_NAMES or ordinary_word(words[0]) or _shouted(words[0]):
        return None
    return said.fact("name", f" goes by {' '.join(words)}", 0.8)


def _age(said: Said) -> Fact | None:
    if not MIN_AGE <= int(said.value) <= MAX_AGE:
        return None
    return said.fact("age", f" is {said.value} years old", 0.6)


def _age_range(said: Said) -> Fact | None:
    """On the age's key: a later "I'm 34" says more, and replaces it."""
    decade = " ".join(said.value.lower().split())
    return said.fact("age", f" is in their {decade}", 0.6)


def _turning(said: Said) -> Fact | None:
    """On the age's key, one's own or one's people's ("sister anna age"), with when (its date
    put in by `core.ingest.told_when.planned`). A child's is any age."""
    kin = whose(said)
    if not (1 if kin else MIN_AGE) <= int(said.value) <= MAX_AGE:
        return None
    when = " ".join((said.groups.get("when") or "").split())
    of_kin = f"'s {kin}" if kin else ""
    told = f"{of_kin} turns {said.value} {when}".rstrip()
    return said.fact(f"{kin.lower()} age".lstrip(), told, 0.6)


# "Allergic to Mondays", "allergic to people": a joke about one's week, not an allergy.
_NO_ALLERGEN = re.compile(
    rf"(?:{'|'.join(WEEKDAYS)})s?|mornings?|people|humans|work|exercise|effort|commitment|"
    r"adulting|responsibility|math|maths|homework|running|cardio",
    re.I,
)


def _allergy(said: Said) -> Fact | None:
    if _NO_ALLERGEN.fullmatch(said.value):
        return None
    neg = (said.groups.get("neg") or "").split()
    how = f"is {' '.join(neg)} allergic to" if neg else "is allergic to"
    told = f" {how} {said.value}"
    if said.groups.get("has"):
        told = f" has {with_article(said.value)} allergy"
    elif said.groups.get("outgrew"):
        told = f" no longer has {with_article(said.value)} allergy"
    return said.fact(f"allergic to {allergen(said.value)}", told, 0.9)


def _status(said: Said) -> Fact | None:
    neg = said.groups.get("neg") or ""
    ended = said.groups.get("stopped") or said.groups.get("since") or "longer" in neg
    how = "is no longer" if ended else "is not" if neg else "is"
    value = " ".join(said.value.lower().split())
    if said.groups.get("intolerance"):
        value += " intolerant"
    key = _STATUS_KEYS[said.rule]
    # A need of the body is one's own key beside the diet chosen: a vegan may be coeliac (of
    # whichever type of diabetes).
    need = _DIET_NEEDS.get(re.sub(r"^type [12] ", "", value.replace("-", " ")))
    told = f"on a {value} diet" if value in _ON_A_DIET else value
    return said.fact(f"{key} {need}" if need else key, f" {how} {told}", 0.8)


def _degree(said: Said) -> Fact | None:
    """One degree a key: "a PhD in chemistry" beside "an MBA"; where from, when said."""
    school = said.groups.get("firm")
    where = f" from {school}" if school else ""
    degree = said.value
    # "an MBA" as said; "my MBA" is "an MBA" as the first letter reads.
    article = (said.groups.get("article") or "").lower()
    told = f"{article} {degree}" if article in ("a", "an") else with_article(degree)
    key = " ".join(re.sub(r"\bdegree\b", " ", degree.lower()).split())
    return said.fact(f"degree {key}", f" has {told}{where}", 0.7)


def _address(said: Said) -> Fact | None:
    which = " ".join((said.groups.get("which") or "").lower().split())
    which = "" if which in ("", "new", "street") else f"{which} "
    return said.fact(f"{which}address", f"'s {which}address is {said.value}", 0.8)


def _birthday(said: Said) -> Fact | None:
    return said.fact("born", f" was born on {said.value}", 0.8)


def _speaks_or_plays(said: Said) -> Fact | None:
    # "some German" is German spoken; "the guitar" the key's "guitar".
    value = re.sub(rf"^{LANGUAGE_LEVEL}", "", said.value, flags=re.I)
    rule = said.rule
    neg = (said.groups.get("neg") or "").lower()
    how = f"no longer {rule}" if "longer" in neg else f"does not {rule[:-1]}" if neg else rule
    thing = re.sub(r"^the\s+", "", value.lower())
    return said.fact(f"{rule} {thing}", f" {how} {value}", 0.6)


# What follows "I'm studying" that is no subject: what for, how, when, where, a thing read.
_NO_FIELD = re.compile(
    r"(?:for|hard|harder|a\s+lot|all|every|right|now|tonight|today|late|abroad|online|more|less|"
    r"with|together|alone|again|still|too|the|a|an|my|this|that|these|those|it|them|up|on|"
    r"what|how|why|when|where|whether|to|at|in|from|by|under|about|there|here|yesterday|"
    r"last|so|very|really|overseas|remotely|part-time|full-time)\b",
    re.I,
)


def _field(said: Said) -> Fact | None:
    if _NO_FIELD.match(said.value):
        return None
    verb = "studied" if said.groups.get("past") else "studies"
    return said.fact("field of study", f" {verb} {said.value}", 0.7)


def _kind(said: Said) -> Fact | None:
    """Keyed by what it is about: a morning person is no longer a night owl, and a dog person
    may also be a tea person."""
    value = " ".join(said.value.lower().split())
    kind = value.removesuffix(" person")
    about = _KIND_OF.get(kind, kind)
    neg = "not " if said.groups.get("neg") else ""
    return said.fact(f"kind {about}", f" is {neg}{with_article(value)}", 0.6)


def _car(said: Said) -> Fact | None:
    return said.fact("car", f" drives {with_article(said.value)}", 0.6)


def _day_of(said: Said) -> Fact | None:
    """ "Ana's birthday is tomorrow", its day written in by `core.ingest.told_when.planned`."""
    day = " ".join((said.groups["attr"] or "").split())
    return said.fact(day.lower(), f"'s {day} is {said.value}", 0.7)


def _height(said: Said) -> Fact | None:
    """As said, feet and inches in words: "5'8" is "5 ft 8"."""
    height = re.sub(r"^(\d)'\s?(\d+)\W*$", r"\1 ft \2", said.value)
    return said.fact("height", f" is {height} tall", 0.6)


def _weight(said: Said) -> Fact | None:
    return said.fact("weight", f" weighs {said.value}", 0.6)


def _faith(said: Said) -> Fact | None:
    """As said, with its words: "is a practising Catholic", "is not religious"."""
    return said.fact("faith", f" is {' '.join((said.groups['told'] or '').split())}", 0.7)


def _fear(said: Said) -> Fact | None:
    return said.fact(f"fears {said.value.lower()}", f" is afraid of {said.value}", 0.6)


def _ability(said: Said) -> Fact | None:
    """One skill a key: "I finally learned to swim" replaces "I can't swim"."""
    skill = " ".join(said.value.lower().replace("-", " ").split())
    groups = said.groups
    how = (
        "cannot"
        if groups.get("neg")
        else "never learned to"
        if groups.get("never") and "learn" in groups["never"].lower()
        else "does not know how to"
        if groups.get("never")
        else "learned to"
        if groups.get("learned")
        else "can"
    )
    return said.fact(f"can {skill}", f" {how} {said.value}", 0.7)


def _wears(said: Said) -> Fact | None:
    thing = " ".join(said.value.lower().split())
    ended = "longer" in (said.groups.get("neg") or "") or said.groups.get("since")
    how = "no longer wears" if ended else "does not wear" if said.groups.get("neg") else "wears"
    return said.fact(f"wears {thing.removeprefix('a ')}", f" {how} {said.value}", 0.6)


# A disability said as what one is, keyed as the condition said as what one has: "I'm
# dyslexic" is "I have dyslexia".
_AS_CONDITION = {
    "dyslexic": "dyslexia",
    "autistic": "autism",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
    "anemic": "anemia",
    "anaemic": "anemia",
    "prediabetic": "prediabetes",
    "pre-diabetic": "prediabetes",
    "hypertensive": "high blood pressure",
    "bipolar": "bipolar disorder",
    "depressed": "depression",
    **{"hypothyroid": "hypothyroidism", "hyperthyroid": "hyperthyroidism"},
    **dict.fromkeys(("on the spectrum", "on the autism spectrum"), "autism"),
}


def _disability(said: Said) -> Fact | None:
    """Keyed by what it is: "I'm in a wheelchair" and "I use a wheelchair" are one, as are
    "colorblind" and "colour-blind"."""
    value = " ".join(said.value.split())
    words = re.sub(r"^(?:in\s+)?an?\s+", "", value.lower()).replace("colour", "color")
    key = _AS_CONDITION.get(words, re.sub(r"(?<=color)[\s-]", "", words))
    how = "uses" if said.groups.get("uses") else "is"
    return said.fact(f"condition {key}", f" {how} {value}", 0.8)


def _plan_simple(said: Said) -> Fact | None:
    """ "Ana starts their new job on Monday", its day written in by `told_when.planned`."""
    verb, *rest = (said.groups["verb"] or "").lower().split()
    does = " ".join([agreeing(verb), *rest])
    return Fact(None, f"{said.who} {does} {told_of(said.value)}", 0.5, said.turn_id)


def _collects(said: Said) -> Fact | None:
    value = " ".join(said.value.lower().split())
    return said.fact(f"collects {value}", f" collects {value}", 0.6)


def _none_of(said: Said) -> Fact | None:
    """On the key "I have two kids" is on, which it replaces."""
    value = " ".join(said.value.lower().split())
    key = next((k for k, words in HOUSEHOLD.items() if value.startswith(words)), "pets")
    return said.fact(key, f" has no {value}", 0.6)


def _married_for(said: Said) -> Fact | None:
    """How one lives, as "I'm married" is."""
    how = "married" if said.groups["how"].lower() == "married" else "together with their partner"
    return said.fact("relationship status", f" has been {how} for {said.value}", 0.6)


def _works_how(said: Said) -> Fact | None:
    """Where one works, when, and in what line, apart: "I work from home", "I work part-time"
    and "I work in IT" all hold."""
    told = " ".join(said.value.split())
    where = re.match(r"from\s|remote|in\s+the\s+office|hybrid", told, re.I)
    facet = "works where" if where else "industry" if told.startswith("in ") else "work hours"
    if said.groups.get("kin"):
        kin = whose(said)
        return said.fact(f"{kin.lower()} {facet}", f"'s {kin} works {told}", 0.6)
    return said.fact(facet, f" works {told}", 0.6)


def _school_year(said: Said) -> Fact | None:
    return said.fact("school year", f" is in their {' '.join(said.value.split())}", 0.6)


def _volunteers(said: Said) -> Fact | None:
    """One place a key ("the animal shelter" and "an animal shelter" are one): a second place
    is a fact of its own."""
    at = (said.groups["at"] or "at").lower()
    place = " ".join(said.value.split())
    where = re.sub(r"^(?:the|an?)\s+", "", place.lower())
    return said.fact(f"volunteers {where}", f" volunteers {at} {place}", 0.6)


def _work_leave(said: Said) -> Fact | None:
    """One key: "I'm back at work" ends "I'm on maternity leave"."""
    return said.fact("work leave", f" is {' '.join(said.value.lower().split())}", 0.7)


def _commute(said: Said) -> Fact | None:
    """One key: "I drive to work now" replaces "I bike to work"."""
    verb, rest = " ".join(said.value.lower().split()).split(" ", 1)
    return said.fact("commute", f" {agreeing(verb)} {rest}", 0.6)


def _birth_order(said: Said) -> Fact | None:
    """An only child has no siblings (the key "I have two brothers" replaces); the oldest, the
    youngest or a twin has a place among them."""
    place = " ".join(said.value.lower().split())
    if place == "only child":
        return said.fact("siblings", " is an only child", 0.6)
    article = "a" if place == "twin" else "the"
    return said.fact("birth order", f" is {article} {place}", 0.6)


def _star_sign(said: Said) -> Fact | None:
    return said.fact("star sign", f" is {with_article(said.value.capitalize())}", 0.5)


def _handed(said: Said) -> Fact | None:
    return said.fact("handed", f" is {said.value.lower()}-handed", 0.6)


def _medication(said: Said) -> Fact | None:
    """One medicine a key, which every prompt carries (`core.core_memory`)."""
    medicine = " ".join(said.value.lower().replace("-", "").split()).removeprefix("the ")
    neg = (said.groups.get("neg") or "").lower()
    ended = said.groups.get("stopped") or "longer" in neg
    if said.groups.get("on"):
        how = "is no longer on" if ended else "is not on" if neg else "is on"
    else:
        how = "no longer takes" if ended else "takes"
    return said.fact(f"medication {medicine}", f" {how} {said.value}", 0.8)


# Rule -> what a statement read by it keeps (None: it says nothing that stands alone).
SAID_OF_SELF: dict[str, Callable[[Said], Fact | None]] = {
    "kind": _kind,
    "car": _car,
    "field": _field,
    "fear": _fear,
    "condition": _condition,
    "new_role": _new_role,
    "occupation": _occupation,
    "profession": _profession,
    "training_for": _training_for,
    "teaches": _teaches,
    "runs": _runs,
    "partner": _partner,
    "breakup": _breakup,
    "name": _name,
    "pronouns": _pronouns,
    "age": _age,
    "turning": _turning,
    "age_range": _age_range,
    "allergy": _allergy,
    "diet": _status,
    "relationship": _status,
    "birthday": _birthday,
    "address": _address,
    "degree": _degree,
    "speaks": _speaks_or_plays,
    "plays": _speaks_or_plays,
    "ability": _ability,
    "wears": _wears,
    "handed": _handed,
    "disability": _disability,
    "birth_order": _birth_order,
    "star_sign": _star_sign,
    "none_of": _none_of,
    "plan_simple": _plan_simple,
    "collects": _collects,
    "married_for": _married_for,
    "works_how": _works_how,
    "commute": _commute,
    "work_leave": _work_leave,
    "school_year": _school_year,
    "volunteers": _volunteers,
    "medication": _medication,
    "height": _height,
    "weight": _weight,
    "day_of": _day_of,
    "faith": _faith,
}
