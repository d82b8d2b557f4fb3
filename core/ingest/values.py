"""What a statement's value says once it stands alone: without the times and quotes it was said
with ("Lisbon now"), whole across a comma between adjectives ("a safe, inviting place"), and
in the third person ("my studio" is "their studio" once the fact names its speaker)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from core.ingest.said_lists import SPEAKER_WORD
from core.ingest.told_when import IN_MONTH

# The speaker's own words, told of them: "my studio" is theirs once the fact names them.
_FIRST_PERSON = {
    "i": "they",
    "i'm": "they're",
    # "when I was a kid": when they were.
    "i was": "they were",
    "i am": "they are",
    "i've": "they've",
    "i'd": "they'd",
    "i'll": "they'll",
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themselves",
    # "We eat pizza with our kids every Friday": the speaker's household.
    "our": "their",
    "ours": "theirs",
    "we": "they",
    "we're": "they're",
    "we've": "they've",
    "us": "them",
}

_TRAILING_TIME = re.compile(
    r"\s+(?:(?:last|this|next)\s+(?:week|month|year|weekend|night|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|yesterday|today|tonight|recently|(?:right\s+)?now|earlier|"
    r"the\s+other\s+day|this\s+(?:morning|afternoon|evening|time)|"
    r"at\s+the\s+moment|currently|originally|lately|"
    r"at\s+the\s+(?:start|end|beginning)\s+of\s+(?:the|this|last|next)\s+(?:week|month|year)|"
    r"these\s+days|as\s+well|too|any\s?more|a while ago|(?:not\s+)?(?:so\s+)?long\s+ago|"
    r"(?:about\s+|almost\s+|over\s+)?(?:an?\s+(?:couple\s+(?:of\s+)?|few\s+)?|\w+\s+)"
    r"(?:days?|weeks?|weekends?|months?|years?)\s+ago|"
    r"(?:for|since)\s+(?:the\s+(?:last|past)\s+)?(?:about\s+|almost\s+|nearly\s+|over\s+)?"
    r"(?:[\w-]+\s+)?(?:years?|months?|weeks?|decades?))$",
    re.I,
)
_TRAILING_MONTH = re.compile(
    rf"\s+(?:{IN_MONTH}|(?:in\s+the|this|last|next)\s+(?:spring|summer|autumn|fall|winter))$",
    re.I,
)
# An aside said after the value without a comma: "I moved to Lisbon by the way" had Lisbon
# by the way for a place, named so in the entity graph too.
_TRAILING_ASIDE = re.compile(
    r"\s+(?:by\s+the\s+way|btw|anyways?|actually|though|honestly|lol)$", re.I
)
# "a safe, inviting place": a value ending in "a safe" goes on past the comma, when what
# follows is more words of it, not another clause or an aside ("a beagle, which ...",
# "a book, especially ...", "with the kids, the weather was perfect").
_ONE_ADJECTIVE_IN = re.compile(r"\b(?:an?|the)\s+[a-z][\w'-]*$")
_MORE_OF_IT = re.compile(
    r",\s*(?!(?:and|or|but|so|which|who|that|this|it|i|we|you|he|she|they|too|though|like|"
    r"just|especially|plus|please|not|no|yes|as|if|when|where|because|his|her|its|their|my|"
    r"our|your|the|a|an)\b)"
    r"[a-z][\w'-]*(?<!ly)(?:\s+[\w'-]+){1,5}(?=[.!?;:\n]|$)"
)
_QUOTED_START = re.compile(r'\s*"[^"]+"\s+\w')
# A quotation mark, not an inch's ('a 55" TV').
_QUOTE = re.compile(r'(?<!\d)"')


def clean(value: str, months: bool = True) -> str:
    """The value without quotes, trailing times ("Lisbon now", "for about four months
    now") and asides ("Lisbon by the way"), and without a month or year said last unless
    `months` is False (what someone is doing keeps when it is for); one that is only a time
    ("I can't eat anymore") is none."""
    value = re.sub(r"\s+", " ", value).strip()
    trailing = (_TRAILING_ASIDE, _TRAILING_TIME)
    trailing = (*trailing, _TRAILING_MONTH) if months else trailing
    while (shorter := _strip(value, trailing)) != value:
        value = shorter
    # A title in quotes keeps them whole ('"The Lord of the Rings" trilogy'); one left open
    # by the stripping is none.
    value = value if _QUOTED_START.match(value) else value.strip(" '\"")
    return _QUOTE.sub("", value) if len(_QUOTE.findall(value)) % 2 else value


def _strip(value: str, trailing: tuple[re.Pattern[str], ...]) -> str:
    for pattern in trailing:
        value = pattern.sub("", f" {value}").strip()
    return value


def adjectives_whole(text: str, match: re.Match[str]) -> dict[str, str | None]:
    """The match's groups with a value cut at a comma between two adjectives whole again:
    "creating a safe, inviting place for people" had been "creating a safe"."""
    groups = match.groupdict()
    value = groups.get("value")
    if not value or groups.get("more") or not _ONE_ADJECTIVE_IN.search(value):
        return groups
    rest = _MORE_OF_IT.match(text, match.end("value"))
    return groups | {"value": value + rest.group()} if rest else groups


def told_of(value: str) -> str:
    """`value` in the third person: the fact names its speaker, so "my" is "their". A letter
    that matches "i" only when case is ignored (Turkish "İ") is left as written."""
    return SPEAKER_WORD.sub(
        lambda m: _FIRST_PERSON.get(" ".join(m.group().lower().split()), m.group()), value
    )


def with_article(words: str) -> str:
    """`words` after "a" or "an", as their first letter has it: "an Audi", "a tea person"."""
    return f"{'an' if words[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {words}"


# A value opening its sentence ("Playing video games are my hobbies", "Coconut milk ice
# cream is one of my favorites") has its capital from there, not from a name ("The Hobbit").
_OPENING_CAPITAL = re.compile(r"[A-Z][a-z]+,?\s+[a-z]")
# A value that points at something said around it ("how it shows", "watching them play",
# "your turtles") means nothing once it stands alone; the segment keeps the whole exchange.
POINTING = re.compile(
    r"^(?:how|what|why|which|so|such)\b"
    r"|\b(?:it|its|they|them|this|these|those|he|she|him|his|her|you|your|yours|yourself)\b"
    # "I decided to do that", "a dress like that".
    r"|\bthat$"
    # "the thing I love is ...": the statement was inside another and its verb follows.
    r"|^(?:is|was|are|were|has|had|makes|made)\b"
    # "I like both", "I prefer the first option": a choice among what was said.
    r"|^(?:both|either|neither|all\s+of\s+them|the\s+(?:former|latter))"
    r"(?:\s+(?:of\s+them|ones?|options?))?(?:\s+(?:better|more|best))?$"
    r"|^the\s+(?:first|second|third|last|other|same)\s+(?:one|option|choice|version|idea)s?\b",
    re.I,
)


def without_opening_capital(value: str, groups: Mapping[str, str | None]) -> str:
    """ "Coconut milk ice cream" as it reads mid-sentence, when the sentence opened with it."""
    if groups.get("opening") and _OPENING_CAPITAL.match(value):
        return value[0].lower() + value[1:]
    return value
