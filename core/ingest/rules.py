"""Inline rule extraction (seed 003): no LLM, well under 10 ms a turn. Statements a person makes
about themselves become semantic memories with a key, so a later statement on the same key
("I moved to Lisbon" after "I live in Berlin") supersedes the earlier one. The wordings
listened for are in `core.ingest.fact_patterns` (and its `doing_patterns`); here, whether one
was said as true and what it says (of the speaker's own person: `core.ingest.person_facts`)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from itertools import islice

from core.ingest.diet_facts import SAID_OF_DIET
from core.ingest.doing_facts import SAID_OF_DOING
from core.ingest.dropped_i import with_the_i
from core.ingest.entities import ordinary_word
from core.ingest.fact import THE_USER, Fact, Said, Unnamed, related
from core.ingest.fact_patterns import RULES
from core.ingest.fact_words import ONE_NAMED, ONE_OF_KIN
from core.ingest.home_facts import SAID_OF_HOME
from core.ingest.intro_list import told_in_a_list
from core.ingest.kin import NO_EMPLOYER, each_named, unnamed_kin
from core.ingest.kin import facet as kin_facet
from core.ingest.kin_facts import SAID_OF_KIN
from core.ingest.kin_pronouns import with_kin_for_pronouns
from core.ingest.liking_facts import SAID_OF_LIKING
from core.ingest.lower_case import named_in_lower_case
from core.ingest.person_facts import SAID_OF_SELF
from core.ingest.reply_style import ABOUT_REPLIES, reply_wishes
from core.ingest.routines import routine
from core.ingest.said_lists import allergens, listed, things
from core.ingest.stated import stated_at
from core.ingest.told_when import (
    CHANGE_VERB,
    CHANGES,
    DATED,
    Sentences,
    began,
    dated,
    planned,
    stretch,
)
from core.ingest.values import (
    POINTING,
    adjectives_whole,
    clean,
    told_of,
    with_article,
    without_opening_capital,
)
from core.model import MemoryKind, Turn
from core.pattern_needs import folded, found_in, may_match, needed_words
from core.sentences import describes_a_thing, plain_quotes
from core.temporal import MONTHS, WEEKDAYS

# What comes with where one works or lives, said in the same breath.
_AS_ROLE = re.compile(r"\s+as\s+(?P<value>an?\s+.+)$", re.I)
_AT_FIRM = re.compile(r"\s+(?:at|for|with)\s+(?P<value>[A-Z].*)$")
_AS = re.compile(r"works?\s+as\b", re.I)
# ...nor where one moved from: "I moved to Berlin from Paris".
_PLACE_TAIL = re.compile(r"\s+(?:with|since|for|because|from)\s+.*$", re.I)
# "Berlin near the river" is Berlin; "a small town near Porto" says where it is.
_NEAR_TAIL = re.compile(r"\s+near\s+[a-z].*$")
# ...when in it is a town, not a time: "I moved to the sales team in March" lives in no March.
_IN_TOWN = re.compile(
    rf"^[a-z].*?\s+in\s+(?!(?i:{'|'.join((*MONTHS, *WEEKDAYS))})\b)(?P<value>[A-Z].*)$"
)
MAX_FACTS_PER_TURN = 20
# A paste saying one thing thousands of times is read for its first hundred: each match may
# read its sentence for when it happened ("I lost my job " 14,000 times took 5.8 s).
MAX_MATCHES_PER_RULE = 5 * MAX_FACTS_PER_TURN
# Encouragement, not a note: "remember that staying positive is important".
_MAXIM = re.compile(
    r"\b(?:is|are)\s+(?:\w+\s+)?(?:important|key|essential|everything|okay|ok|fine|normal|"
    r"worth\s+it|what\s+matters)\b",
    re.I,
)
# What the user asks to be remembered counts more than what is only said.
NOTE_IMPORTANCE = 0.9
MAX_NOTE_CHARS = 300
# Facts that relate the speaker to a named thing: rule -> (key, as told, relation, whether the
# statement ends the relationship rather than starts it).
_RELATIONAL = {
    "location": ("location", "lives in", "lives_in", False),
    "employer": ("employer", "works at", "works_at", False),
    "left_employer": ("employer", "no longer works at", "works_at", True),
    "left_location": ("location", "no longer lives in", "lives_in", True),
    "origin": ("origin", "is from", "is_from", False),
    "school": ("school", "studies at", "studies_at", False),
    "graduated": ("school", "graduated from", "studies_at", True),
    "studied": ("school", "studied at", "studies_at", True),
}
# Where someone lives is a place named ("Lisbon", "downtown Boston") or a home or a kind of
# place: "I live in fear of spiders", "I live in the moment", "I moved to the couch" replaced
# where they live.
_DWELLING = re.compile(
    r"(?:an?|the|my|our|their)\s+(?:[\w-]+\s+){0,3}?(?:apartment|flat|house|home|place|town|"
    r"city|village|suburbs?|countryside|neighbou?rhood|area|studio|condo|cottage|cabin|farm|"
    r"dorm|building|street|state|country|island|region|coast|part)\b",
    re.I,
)
# A time, not a place: a year, a decade, a month.
_WHEN = re.compile(
    rf"(?:the\s+)?(?:'?\d|(?:{'|'.join(sorted(MONTHS))})\b)",
    re.I,
)
_KIN_NAME = re.compile(rf"(?:{ONE_NAMED})'s\s+name")
_FAVORITE = re.compile(r"\b(?:fav|fave|favou?rite)\b")
_STRESSED = re.compile(r"^(?:actually|officially)\s+", re.I)
_ATTRIBUTE_SKIP = {
    "point",
    "guess",
    "bad",
    "pleasure",
    "problem",
    "question",
    "favorite thing",
    # An address is read whole by a rule of its own, commas and all.
    *(f"{which}address" for which in ("", "home ", "work ", "new ", "postal ", "mailing ")),
    "street address",
}
# Rules whose value must mean something standing alone, without what was said around it.
_STANDS_ALONE = frozenset(
    {"attribute", "preference", "abstains", "event", "activity", "plan", "decision"}
)
# What someone is doing or about to do keeps the month it is for.
_FOR_A_TIME = frozenset({"activity", "plan"})
# What is to come, kept with the time it is for in calendar words ("in March 2027"): read a
# year on, "in March" would be any March.
_PLANS = frozenset({"plan", "day_of", "turning", "plan_simple", "departs"})
_DAY_OF = dict(RULES)["day_of"]
# A place by its name: "the Smoky Mountains", "Lisbon" (of "Lisbon we ate so well").
_NAMED_PLACE = re.compile(r"(?:the\s+)?[A-Z][\w'-]*(?:\s+(?:of\s+)?[A-Z][\w'-]*)*")
_PRONOUNS = re.compile(r"^(?:it|that|this|there|them|you|to)\b", re.I)
# "This weekend" points at no thing said before it.
_THIS_TIME = re.compile(
    r"\bthis\s+(?:coming\s+)?(?:week(?:end)?|month|year|morning|afternoon|evening|summer|spring|"
    rf"autumn|fall|winter|{'|'.join(MONTHS)})\b",
    re.I,
)
# What one aims at is something to do: "my goal is to ...", "my dream is to ...".
_AIM = re.compile(r"(?:[a-z-]+\s+)?(?:goal|dream|aim|ambition|mission|plan|hope)s?", re.I)
# "I just finished this amazing fantasy series": what was shown or just said is one of its
# kind once it stands alone. "This book" would say no more than "a book"; "this for a while"
# is no thing.
_THIS_THING = re.compile(
    r"^this\s+(?!(?:for|after|before|when|while|since|because|with|to|in|on|at|of|and|or|but|"
    r"is|was|one|time|way)\b)(?=\w+\s+\w)",
    re.I,
)
# A state, not an attribute: "my hard work is paying off", "my team is like family".
_STATE = re.compile(
    r"^(?:going|getting|doing|paying|coming|looking|feeling|growing|improving|starting|like|so|"
    r"really|also|just|too|still|very|"
    # ...or a judgement: "my family is awesome", "my art is important to me".
    r"awesome|amazing|great|important|key|inspiring|everything|always|wonderful|cool|fun|hard|"
    r"tough|crazy|nice|open|about|something|full\s+of|a\s+(?:mix|constant|good|great|huge|big)|"
    r"the\s+(?:most|main|best)|"
    # ...or how it is today: "my dog is sick" is no lasting fact to replace "my dog is a lab"
    # ("my wife is pregnant" is one, on a key of its own: `core.ingest.kin`).
    r"sick|ill|unwell|broken|tired|exhausted|busy|late|away|upset|angry|mad|sad|happy|"
    r"stressed|stressful|boring|annoying|done|over|ready|finished|fine|okay|ok|better|worse|"
    r"gone|lost|missing|asleep|awake|back|home|out|off|down|in\s+(?:the\s+)?hospital|"
    # ...or what a thing is doing now: "my phone is dying" replaced which phone one uses; "my
    # knee is killing me".
    r"dying|charging|ringing|buzzing|beeping|acting\s+up|playing\s+up|loading|updating|"
    r"restarting|rebooting|overheating|freezing|crashing|lagging|glitching|leaking|"
    r"running\s+(?:low|out|slow)|making\s+(?:a|an|weird|strange|funny)\s+(?:\w+\s+)?noises?|"
    r"cracked|dead|low\s+on|killing|hurting|aching|sore|swollen|throbbing|bleeding)\b",
    re.I,
)
# "My friend who is a fan of ...": the verb belongs to a clause inside the subject.
_LIST = re.compile(r"\b(?:and|or|who|that|which)\b")


# Rules whose list is several statements ("I like hiking, swimming and chess").
_LISTED = frozenset({"preference", "speaks", "plays", "ability", "medication", "collects"})
# Statements a routine can say more of ("I play tennis" / "... on weekends").
_ROUTINE_KEYS = frozenset({"speaks", "plays", "field", "medication", "commute", "volunteers"})


# What a fact said by a rule is not also, said in the same words (`_said_once`).
_TOLD_AS = {
    "activity": ("occupation", "employer", "plan"),
    "event": ("employer",),
    "attribute": ("employer",),
}
# How "'s" after one's people reads in full, longest first.
_CONTRACTED = {"'s got ": "has ", "'s been ": "has been ", "'s ": "is "}
# How a death is told (`kin_event`), and a pet's put down.
_PUT_DOWN = {"down": "was put down", "to sleep": "was put to sleep"}
_DEATHS = frozenset({"passed away", "died", *_PUT_DOWN.values()})
# ...and where one is looked after, lower-cased with the rest: "in the ER".
_ACRONYMS = re.compile(r"\b(?:er|icu)\b")
# Rule -> what a statement read by it keeps, for the rules whose reading is a module's own.
_SAID_OF = SAID_OF_SELF | SAID_OF_KIN | SAID_OF_LIKING | SAID_OF_DOING | SAID_OF_HOME | SAID_OF_DIET


def _later(said: tuple[int, Fact], then: tuple[int, Fact], told: datetime) -> bool:
    """Whether `then` is what holds of two statements on one key in a message: the one said
    last, unless it tells of the past ("I live in Lisbon now. I moved to Berlin in 2019")."""
    return (then[1].began or told, then[0]) > (said[1].began or told, said[0])


def _each(rule: str, groups: dict[str, str | None]) -> list[tuple[str, dict[str, str | None]]]:
    """One match's statements: each item of a list said at once, up to where the sentence
    goes on about something else ("..., peanuts and I live in Rome"); where one works and as
    what, said together ("I work at Siemens as an engineer"); a town without what comes with
    it ("in a flat in Lisbon with my wife")."""
    said = groups.get("value") or groups.get("place") or groups.get("firm") or ""
    if rule == "allergy":
        return [(rule, groups | {"value": item}) for item in allergens(said)]
    if rule == "family":
        return [(rule, groups), *each_named(groups)]
    # Retired, one is no longer what one worked as: "I'm retired" ends "I'm a nurse" too.
    if rule == "out_of_work" and not (groups.get("quit") or groups.get("let_go")):
        if (groups.get("state") or "retired").lower() == "retired":
            return [(rule, groups | {"work": "occupation"}), (rule, groups | {"ends": "only"})]
    if rule == "diet" and groups.get("also"):
        return [(rule, groups), (rule, groups | {"value": groups["also"]})]
    if rule in _LISTED and groups.get("more"):
        if ABOUT_REPLIES.search(said):
            return [(rule, groups)]  # a wish about replies, `reply_wishes` reads
        return [(rule, groups | {"value": value}) for value in things(said, groups["more"])]
    if rule == "employer" and (role := _AS_ROLE.search(said)):
        return [(rule, groups | {"value": said[: role.start()]}), ("occupation", role.groupdict())]
    if rule == "kin_where" and (firm := _AT_FIRM.search(said)) and _AS.match(groups["verb"] or ""):
        return [(rule, groups), (rule, groups | {"verb": "works at", "value": firm["value"]})]
    # "My husband started at Farfetch as a designer": where, and as what.
    if rule == "kin_where" and (role := _AS_ROLE.search(said)):
        as_role = groups | {"verb": "works as", "value": role["value"]}
        return [(rule, groups | {"value": said[: role.start()]}), (rule, as_role)]
    if rule in ("occupation", "teaches") and (firm := _AT_FIRM.search(said)):
        return [(rule, {"value": said[: firm.start()]}), ("employer", firm.groupdict())]
    if rule in ("location", "left_location") and said:
        said = _PLACE_TAIL.sub("", said)
        said = _NEAR_TAIL.sub("", said) if said[:1].isupper() else said
        town = _IN_TOWN.match(said)
        return [(rule, groups | {"value": town["value"] if town else said})]
    return [(rule, groups)]


def _replaces(said: tuple[str, int, Fact], held: tuple[str, int, Fact], told: datetime) -> bool:
    """Whether a statement on a key holds over the one held: one naming someone ("my boyfriend
    Tom") gives way to one telling of them ("I broke up with my boyfriend Tom"), wherever in the
    message; else the one `_later` says."""
    if (said[0] == "named") != (held[0] == "named"):
        return held[0] == "named"
    return _later(held[1:], said[1:], told)


def _said_once(facts: dict[str, tuple[int, Fact]], spans: dict[str, tuple[int, int, str]]) -> None:
    """One thing said is one memory. What one plays, speaks or studies said with how often ("I
    play tennis on weekends") is one routine on that thing's key: "I no longer play tennis"
    ends it. Someone named ("my sister Mia") is no fact beside one telling of them, nor a
    doing told by no rule of its own beside the same words kept on a key."""
    for key, (start, end, rule) in list(spans.items()):
        if key not in facts:
            continue
        if rule == "named" and any(
            k != key and key.split(": ", 1)[1] in f.content.lower() for k, (_, f) in facts.items()
        ):
            del facts[key]
        # "I'm working as a nurse now" and "I'm working at Google" are one's work, and "I'm
        # starting my new job on Monday" a plan, not also something one is doing; "I joined
        # Spotify as a designer" and "My new job is at Spotify" are where one works, not also
        # a thing done or a thing of one's own.
        told_as = _TOLD_AS.get(rule, ())
        if any(r in told_as and s < end and start < e for s, e, r in spans.values()):
            del facts[key]
            continue
        if rule != "routine":
            continue
        under = [
            k for k, (s, e, r) in spans.items() if r in _ROUTINE_KEYS and s < end and start < e
        ]
        if len(under) == 1 and under[0] in facts:
            _, routine_fact = facts.pop(key)
            facts[under[0]] = (facts[under[0]][0], replace(routine_fact, key=under[0]))
    keyed = {fact.content for _, fact in facts.values() if fact.key}
    for key, (_, fact) in list(facts.items()):
        if fact.key is None and fact.content in keyed:
            del facts[key]


def extract_facts(turn: Turn) -> list[Fact]:
    """Facts, preferences and decisions the speaker states about themselves in `turn`, and
    how they want to be answered (`core.ingest.reply_style`)."""
    turn = replace(turn, text=with_kin_for_pronouns(named_in_lower_case(plain_quotes(turn.text))))
    # Each key's fact with where it was said: said twice in one message, a key holds what
    # was said last ("I don't live in a house, I live in a flat").
    facts: dict[str, tuple[int, Fact]] = {}
    spans: dict[str, tuple[int, int, str]] = {}
    who = turn.speaker or "The user"
    owner = (turn.speaker or THE_USER).lower()
    stated = stated_at(turn.text)
    sentences = Sentences(turn)
    folded_text = folded(turn.text)
    for rule, pattern in RULES:
        if not may_match(folded_text, needed_words(pattern)):
            continue
        for match in islice(pattern.finditer(turn.text), MAX_MATCHES_PER_RULE):
            if not stated(match.start()) or describes_a_thing(turn.text, match.start()):
                continue
            for told, groups in _each(rule, adjectives_whole(turn.text, match)):
                fact = _fact(told, groups, who, owner, turn.id)
                if fact is None:
                    continue
                fact = unnamed_kin(rule, groups, fact, who, owner)
                at = (match.start(), match.end())
                if rule in CHANGES and CHANGE_VERB.search(match.group()):
                    fact = replace(fact, began=began(sentences.happened(*at), turn.at))
                elif rule in DATED:
                    window = sentences.happened(*at)
                    content, day = dated(fact.content, window, turn.at)
                    fact = replace(
                        fact, content=content, happened=day, happened_in=stretch(window, turn.at)
                    )
                elif rule in _PLANS or (rule == "pregnant" and groups.get("due")):
                    plan = planned(fact.content, match.group(), sentences.around(*at), turn.at)
                    if plan is None:
                        continue
                    fact = replace(fact, content=plan)
                key = fact.key or fact.content
                if key not in facts or _replaces(
                    (rule, match.start(), fact), (spans[key][2], *facts[key]), turn.at
                ):
                    facts[key] = (match.start(), fact)
                    spans[key] = (match.start(), match.end(), rule)
    _said_once(facts, spans)
    for start, said in (*with_the_i(turn.text), *told_in_a_list(turn.text)):
        if stated(start):
            for fact in extract_facts(replace(turn, text=said)):
                facts.setdefault(fact.key or fact.content, (start, fact))
    for wish in reply_wishes(turn.text):
        if stated(wish.position):
            key = f"{owner}: replies {wish.about}"
            facts[key] = (wish.position, Fact(key, f"{who} wants {wish.wish}", 0.9, turn.id))
    # A paste full of "I like ..." is not someone telling about themselves, one fact at a time.
    in_order = sorted(facts.values(), key=lambda said: said[0])
    return [fact for _, fact in in_order][:MAX_FACTS_PER_TURN]


def _one_of_its_kind(value: str) -> str:
    if _THIS_TIME.match(value) or not (this := _THIS_THING.match(value)):
        return value
    rest = value[this.end() :]
    return with_article(rest)


def _fact(
    rule: str, groups: dict[str, str | None], who: str, owner: str, turn_id: str
) -> Fact | None:
    """What one matched statement says, or None when it says nothing that stands alone."""
    if rule == "kin_event":
        said_kin, name = (groups.get("kin") or "").lower(), groups.get("name")
        # "Grandpa passed away": a kin word said as a name is the kin.
        if not said_kin and name and name.lower() in ONE_OF_KIN:
            said_kin, name = name.lower(), None
        kin = " ".join(filter(None, (said_kin, name)))
        verb = _ACRONYMS.sub(lambda m: m[0].upper(), " ".join(groups["verb"].lower().split()))
        # "My mom's in the hospital": the verb is "is" ("has" in "my son's got a cold").
        contracted = next((c for c in _CONTRACTED if verb.startswith(c)), None)
        verb = _CONTRACTED[contracted] + verb[len(contracted) :] if contracted else verb
        verb = _PUT_DOWN.get(verb, verb)
        rest = told_of(clean(groups.get("value") or ""))
        # A death, of one named, is the latest on them: "my dog Rex passed away" after "I have a
        # dog named Rex" (that key), which recall would otherwise still find alone.
        key, unnamed = None, None
        if not said_kin and name:
            # "Rex passed away": the one of one's people (put down: one's pet) known as Rex.
            gone = "pet_gone" if verb in _PUT_DOWN.values() else "gone_named"
            unnamed = Unnamed(gone, name, who, owner)
        elif name and verb in _DEATHS:
            key = f"{owner}: {said_kin} {name.lower()}"
        elif verb in _DEATHS:
            # "My dog died": the one dog believed named, if there is one.
            unnamed = Unnamed("kin", kin, who, owner)
        content = f"{who}'s {kin} {verb} {rest}".strip()
        return Fact(key, content, 0.6, turn_id, unnamed=unnamed)
    if rule == "left_somewhere":
        place = clean(groups["place"] or "")
        if not place or ordinary_word(place.split()[0]):
            return None
        return Fact(
            None, f"{who} left {place}", 0.7, turn_id, unnamed=Unnamed("left", place, who, owner)
        )
    if rule == "routine":
        # "I usually cook" says all it needs without an object; "I always do it" does not.
        rest, after = (told_of(groups.get(part) or "") for part in ("value", "after"))
        pointing = POINTING.search(f"{rest} {after}")
        told = None if pointing else routine(who, groups | {"value": rest, "after": after})
        return Fact(None, told, 0.6, turn_id, kind=MemoryKind.PROCEDURAL) if told else None
    if rule == "trip":
        named = _NAMED_PLACE.match(clean(groups["place"] or ""))
        outing = " ".join(filter(None, (groups.get("outing"), groups.get("near")))) or "trip to"
        return (
            Fact(None, f"{who} went on a {outing.lower()} {named.group()}", 0.5, turn_id)
            if named
            else None
        )
    if rule == "car_gone":
        neg = (groups.get("neg") or "").lower()
        ended = not neg or "longer" in neg or groups.get("since")
        how = "no longer has" if ended else "does not have"
        return Fact(f"{owner}: car", f"{who} {how} a car", 0.6, turn_id)
    if rule == "pregnant":
        told = "is pregnant"
        if trying := groups.get("trying"):
            told = f"is {' '.join(trying.lower().split())}"
        elif due := groups.get("due"):
            told = f"is expecting {groups.get('baby') or 'a baby'} {' '.join(due.split())}"
        elif baby := groups.get("baby"):
            told = f"is expecting {baby}"
        return Fact(f"{owner}: expecting", f"{who} {told}", 0.8, turn_id)
    if rule == "out_of_work":
        how = {"quit": "quit their job", "lost": "lost their job", "left": "left their job"}
        state = " ".join((groups.get("state") or "").lower().split())
        said = (
            how.get((groups.get("quit") or "").lower())
            or (f"was {' '.join(groups['let_go'].lower().split())}" if groups.get("let_go") else "")
            or (f"is {state}" if state else "retired")
        )
        key = f"{owner}: {groups.get('work') or 'employer'}"
        return Fact(key, f"{who} {said}", 0.7, turn_id, ends_only=bool(groups.get("ends")))
    place = groups.get("place")
    firm = groups.get("firm")
    said = (
        groups.get("value")
        or place
        or groups.get("home")
        or groups.get("opening")
        or groups.get("choice")
        or firm
        or groups.get("role")
        or ""
    )
    # A note keeps its times: "the car needs an oil change in March"; a day is one.
    day = rule == "day_of"
    value = (
        " ".join(said.split()) if day or rule == "note" else clean(said, rule not in _FOR_A_TIME)
    )
    longest = MAX_NOTE_CHARS if rule == "note" else 80
    if rule in _STANDS_ALONE:
        value = _one_of_its_kind(value)
    # "My goal is to improve my shooting": an aim is something to do.
    aim = rule == "attribute" and _AIM.fullmatch(groups.get("attr") or "") and value[:3] == "to "
    # ...as is a day "this weekend".
    if not value or len(value) > longest or (_PRONOUNS.match(value) and not aim and not day):
        return None
    if rule == "note":
        if _MAXIM.search(value):
            return None
        # Kept in the user's words: "my" is theirs. What a rule reads in it is kept by that
        # rule's key instead, so a later statement supersedes it.
        folded_value = folded(value)
        if any(r != "note" and found_in(pattern, value, folded_value) for r, pattern in RULES):
            return None
        return Fact(None, f"{who} asked to remember: {value}", NOTE_IMPORTANCE, turn_id)
    if rule in _STANDS_ALONE and POINTING.search(_THIS_TIME.sub("", value)):
        return None
    value = told_of(value)
    if rule == "origin" and _WHEN.match(value):
        # "I was born in 1988" tells when, not where; "I grew up in the 90s" neither.
        if not groups.get("born"):
            return None
        return Fact(f"{owner}: born", f"{who} was born in {value}", 0.7, turn_id)
    if rule in _RELATIONAL:
        # "I'm from work" is not a birthplace, nor "I moved away from home" a move out of a
        # town: there, only a name is.
        named = re.match(r"(?:the\s+)?[A-Z]", value)
        # "I quit smoking" left no employer: a firm is named.
        # Nor "I'm studying at the library" a school.
        if (
            rule in ("left_location", "school", "graduated", "studied")
            or (rule == "origin" and place is not None)
        ) and not named:
            return None
        if firm is not None and not named:
            return None
        if rule == "location" and not (re.search(r"\b[A-Z]", value) or _DWELLING.match(value)):
            return None
        # "I work at home", "I work at least 50 hours": where or how much, not for whom.
        if rule in ("employer", "left_employer") and NO_EMPLOYER.match(value):
            return None
        key, said, relation, ended = _RELATIONAL[rule]
        return Fact(
            f"{owner}: {key}",
            f"{who} {said} {value}",
            0.7,
            turn_id,
            related(owner, relation, value, ended),
        )
    said_of = _SAID_OF.get(rule)
    if said_of is not None:
        return said_of(Said(rule, value, groups, who, owner, turn_id))
    if rule == "attribute":
        said = clean(groups["attr"])
        # "My birthday is tomorrow": a day told by when it comes is its date (`day_of`).
        if _DAY_OF.fullmatch(f"my {said} is {groups.get('value') or ''}"):
            return None
        # "My fave band", "my favourite band" and "my favorite band" are one key.
        attribute = _FAVORITE.sub("favorite", said.lower())
        # "My now is all I have": a time alone, which `clean` leaves nothing of, is no one's.
        if (
            not attribute
            or attribute in _ATTRIBUTE_SKIP
            # "My son's name is Leo": whom one has so named (`named`).
            or _KIN_NAME.fullmatch(attribute)
            or _STATE.match(value)
            or _LIST.search(attribute)
        ):
            return None
        # "My name is actually Dana": what is corrected, not the word correcting it.
        value = _STRESSED.sub("", value)
        # "My love for you is endless", "my thoughts on this are ...": of what was said.
        if POINTING.search(attribute):
            return None
        # "My name is on the lease" replaced the user's name.
        if attribute == "name" and not value[:1].isupper():
            return None
        facet = kin_facet(said, value)
        if facet is None:
            return None
        # "My hobbies are painting and hiking": one fact, the list whole. One opening a
        # sentence ("Playing video games ... are my hobbies") loses its capital.
        value = listed(value, told_of(groups.get("more") or ""))
        value = without_opening_capital(value, groups)
        # "My name's Jordan" is "is"; "my dog's name is Rex" is the dog's.
        be = (groups.get("be") or "is").lower()
        # "My son Leo is 7": the key is lower case, the telling keeps the name's capital.
        return Fact(f"{owner}: {attribute}{facet}", f"{who}'s {said} {be} {value}", 0.7, turn_id)
    return Fact(None, f"Decided: {'not to ' if groups.get('not') else ''}{value}", 0.7, turn_id)
