"""Cheap, inline entity spotting: capitalised words that are not sentence furniture, and file
names. Good enough for entity overlap in scoring and for the entity graph; the words around a
name say what it is (a person, a place, a project, a file, else a concept)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

# Any script's letters: "José", "Zoë", "München", "Łukasz" are names too (an ASCII-only
# pattern skipped them whole). Whether a word is capitalised is asked of the word itself.
_WORDLIKE = re.compile(r"\b[^\W\d_][\w'’-]+")
COMMON = frozenset(
    """I I'm I've I'd I'll The A An And But Or So Yes No Oh Hey Hi Hello Thanks Thank Sure Well
    What When Where Why Who How Which That This These Those It It's Its My Your Our Their We You
    He She They Me Him Her Them Is Are Was Were Do Does Did Have Has Had Can Could Would Should
    Will Just Also Then Now Today Yesterday Tomorrow Wow Cool Great Nice Awesome Okay Ok Let
    Let's Maybe Really Definitely Absolutely Totally Haha Lol Sounds Good Glad Sorry Please
    If In On At For With From To Of As By Not Any Some All Every Here There Congrats Anyway
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday""".split()
)


# Capitalised yet ordinary: what opens a sentence in chat. Kept out of the entity graph (and
# what a memory is shown to name); a memory's own entity list, a scoring signal tuned with
# every capitalised word in it (0.8331 -> 0.8177 on LoCoMo dev without them), keeps them.
ORDINARY = frozenset(
    """Yeah Yep Yup Nope Yay Woah Whoa Woohoo Aww Awww Oof Yum Btw Bye Cheers Agreed Plus Keep
    Last Next Anything Everything Something Nothing Everyone Someone Anyone Got Get Take Took
    Talk Been Being Love Long Way See Check Hope Must Looks Look Since Even Gonna Wanna Gotta
    One Things Go Enjoy Guess Tell Believe Sometimes Together Lately Such After Before Remember
    Same Super Wish Never Best Still Need Make Happy Pretty Lucky Though Although Because While
    Once Until Unless Both Either Each Another Other Most More Much Many Only Very Too Again
    Ever Already Almost Always Often Perhaps Think Thought Know Knew Want Went Made Feel Feels
    Felt Am Be Might Ah Ha Mm Yea Anyways Whenever Lots Besides Anytime Started Makes Reminds
    Appreciate Stay Catch Little Crazy Excited Bummer Congratulations Aw Nah Oops Phew Fyi
    Y'all Gotcha Lemme Hah Kudos Bet Right Stuff Tons His Hers Perfect Doing Come Use Agree
    Understand Decided Hard Simple Small Speak Hold Show Takes Gives Life Time Two Three Four
    Five Six Seven Eight Nine Ten""".split()
)
# Dates are not things spoken of: "in August" is no place, "May I ask" no one. A month is a
# name only where the words around it make it a person's ("my friend June").
_CALENDAR = frozenset(
    """January February March April May June July August September October November December
    Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Mon Tue Tues Wed Thu Thur Thurs Fri""".split()
)
# Contractions are never names: "You're", "Can't", "They've", "It'll".
_CONTRACTION = re.compile(r"(?:n['’]t|['’](?:re|ve|ll|d|m))$", re.IGNORECASE)
# A word opening a sentence is capitalised whatever it is; there, words of these forms
# ("Seeing", "Taking", "Hopefully") are ordinary ones.
_ORDINARY_OPENING = re.compile(r"\w{2,}(?:ing|ly)")

# The other side of a chat with an assistant: no one spoken of, and its "I prefer ..." or "I
# work at OpenAI" is no one's fact (`core.ingest.remember`). Unnamed, an imported chat's model
# was taken for the user ("The user works at OpenAI", superseding where they really work).
ASSISTANTS = frozenset({"Engram", "ChatGPT", "Claude", "Assistant"})
# A segment's speaker labels that name no one: read as names, every conversation's "User: "
# and "Engram: " lines made the user and the assistant the entity graph's two most mentioned
# people. Named speakers ("Ana: ") stay: who took part is worth knowing.
_NO_ONE_SPEAKING = re.compile(rf"^(?:{'|'.join(sorted({'User', *ASSISTANTS}))}): ", re.MULTILINE)

# Bounded for the same reason as a name (below): "Ab-Ab-..." x 10,000 took 0.7 s unbounded.
_FILE = re.compile(
    r"\b[\w.-]{1,100}\.(?:py|md|txt|pdf|js|ts|json|csv|xlsx?|docx?|pptx?|ya?ml|toml|sql|sh|html)\b"
)


# Changed whenever what the graph takes for a name changes (or what it keeps of one: since
# .3, the name as written, "Caroline", "LGBTQ", where it kept "caroline", "lgbtq"): a store
# linked by other rules is read again, once, in the background (`core.graph_upkeep`).
GRAPH_READING = "2026-11-25.3"


class EntityType(StrEnum):
    PERSON = "person"
    PLACE = "place"
    PROJECT = "project"
    FILE = "file"
    CONCEPT = "concept"


@dataclass(frozen=True, slots=True)
class TypedEntity:
    name: str
    type: EntityType


# A name starts a word and is not endless: unanchored and unbounded, the cues below tried
# every letter of a long run of letters (a pasted DNA sequence, a hash) as a name's start and
# read to its end each time (16,000 letters: 2.8 s; a 190,000-character paste: minutes).
MAX_NAME_CHARS = 40
_NAME = rf"\b([^\W\d_][\w'’-]{{1,{MAX_NAME_CHARS - 1}}})"
_CUES: tuple[tuple[EntityType, re.Pattern[str]], ...] = (
    (
        EntityType.PROJECT,
        re.compile(rf"\b(?:project|codename)\s+{_NAME}|{_NAME}\s+project\b", re.I),
    ),
    (
        EntityType.PLACE,
        re.compile(rf"\b(?:in|to|from|at|near|visit(?:ed|ing)?|live in|lives in)\s+{_NAME}", re.I),
    ),
    # "Ana: ..." at the start of a line is someone speaking.
    (EntityType.PERSON, re.compile(rf"^{_NAME}:\s", re.MULTILINE)),
    (
        EntityType.PERSON,
        re.compile(
            rf"\b(?:with|my (?:friend|sister|brother|mom|dad|mother|father|wife|husband|partner|"
            rf"boss|colleague|son|daughter|cousin|aunt|uncle)|told|asked|met|call|email|text)\s+"
            rf"{_NAME}|{_NAME}\s+(?:said|says|told|asked|thinks|wants|is my)\b",
            re.I,
        ),
    ),
)


def _clean_name(word: str) -> str:
    word = word.rstrip("'’-")
    return word[:-2] if word.endswith(("'s", "’s")) else word


def written_as(text: str, name: str) -> str | None:
    """How `text` writes the entity `name` (its id, lower case) with a capital: "LGBTQ",
    "McDonald's". None when it never does (a name the model gave, a file name)."""
    for found in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE):
        if found.group() != name:
            return found.group()
    return None


def extract_entities(text: str) -> tuple[str, ...]:
    """Distinct lower-cased names (and file names) in order of first mention."""
    seen: dict[str, None] = {}
    for word in _WORDLIKE.findall(text):
        word = _clean_name(word)
        if word[:1].isupper() and word not in COMMON and 1 < len(word) <= MAX_NAME_CHARS:
            seen.setdefault(word.lower(), None)
    for name in _FILE.findall(text):
        seen.setdefault(name.lower(), None)
    return tuple(seen)


def _opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \t\"'“‘(*")
    return not before or before[-1] in ".!?:\n"


def _cued(text: str) -> dict[str, EntityType]:
    """The type the words around each name give it; files by their extension."""
    types: dict[str, EntityType] = {name.lower(): EntityType.FILE for name in _FILE.findall(text)}
    for entity_type, cue in _CUES:
        for match in cue.finditer(text):
            name = _clean_name(next(g for g in match.groups() if g)).lower()
            types.setdefault(name, entity_type)
    return types


def ordinary_word(word: str, types: dict[str, EntityType] | None = None) -> bool:
    """Ordinary wherever it stands: filler, a contraction, a date (unless `types`, the cues
    around it, make it a person). A set lookup: cheap enough for every memory's entity
    list, where reading each text again is not."""
    shape = word.capitalize()
    if shape in _CALENDAR:
        return types is None or types.get(word.lower()) is not EntityType.PERSON
    return shape in ORDINARY or shape in COMMON or bool(_CONTRACTION.search(word))


def lower_case_words(texts: Iterable[str]) -> frozenset[str]:
    """The words `texts` write in lower case: told together (a conversation, a batch of
    memories), a word they write so is an ordinary one where it opens a sentence."""
    return frozenset(
        word for text in texts for word in _WORDLIKE.findall(text) if word[:1].islower()
    )


def _named(
    text: str, types: dict[str, EntityType], written_lower: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """`extract_entities` without the capitalised words that are ordinary ones ("Yeah",
    "You're", a sentence opened by "Seeing", "Art" where "art" is written too, a month): what
    `text` names, for the entity graph and for showing. A capitalised word counts if any of its
    uses is a name's and it is never written in lower case. Opening a sentence, with nothing
    around it saying what it is, one `written_lower` holds is ordinary too ("Door", "Books")."""
    lower_case: set[str] = set()
    ordinary: set[str] = set()
    named: set[str] = set()
    for match in _WORDLIKE.finditer(text):
        word = _clean_name(match.group())
        if word[:1].islower():
            lower_case.add(word)
        elif ordinary_word(word, types) or (
            (
                _ORDINARY_OPENING.fullmatch(word)
                or (word.lower() in written_lower and word.lower() not in types)
            )
            and _opens_sentence(text, match.start())
        ):
            ordinary.add(word.lower())
        else:
            named.add(word.lower())
    left_out = lower_case | (ordinary - named)
    return tuple(name for name in extract_entities(text) if name not in left_out)


def typed_entities(text: str, written_lower: frozenset[str] = frozenset()) -> list[TypedEntity]:
    """What `text` names (`_named`), with a type for each from the words around the name;
    anything without a cue is a concept."""
    types = _cued(text)
    named = _named(text, types, written_lower)
    return [TypedEntity(n, types.get(n, EntityType.CONCEPT)) for n in named]


def graph_entities(
    text: str, names: Iterable[str], written_lower: frozenset[str] = frozenset()
) -> list[TypedEntity]:
    """What the entity graph links a memory to: `typed_entities`, and as concepts the names
    found by other means (the model's, a merged duplicate's) that `text` does not spell. A
    name `text` spells but `_named` left out stays out: a memory's own entity list holds
    every capitalised word ("Yeah", "You're", "August"), kept for scoring. Speaker labels that
    name no one ("User: ", "Engram: ") are no names. `written_lower`: the words the memories
    linked with it write in lower case (`lower_case_words`)."""
    text = _NO_ONE_SPEAKING.sub("", text)
    typed = typed_entities(text, written_lower)
    spelled = {e.name for e in typed}.union(extract_entities(text))
    extra = dict.fromkeys(n for n in names if n not in spelled and not ordinary_word(n))
    return [*typed, *(TypedEntity(n, EntityType.CONCEPT) for n in extra)]


def jaccard(a: tuple[str, ...] | frozenset[str], b: tuple[str, ...] | frozenset[str]) -> float:
    left, right = set(a), set(b)
    if not left or not right:
        return 0.0
    return len(left & right) / len(left | right)
