"""How the user wants to be answered, told in chat: the language ("Always answer in
Portuguese"), emojis ("Don't use emojis"), length ("Keep your answers short"), lists or tables
("Stop using bullet points") and units ("Use metric units"). Seed 000 keeps communication
preferences in core memory: each is a fact on its own key, so the latest word on it holds
("Answer in English again"), and every prompt carries it (`core.core_memory`). Only what is
asked of the assistant counts: "I answer in English at work" asks nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.pattern_needs import folded, may_match, needed_words
from core.sentences import ASKING_YOU, OPENER_WORDS

# Said to the assistant: a sentence (or what follows a colon: "How I like replies: be brief",
# not "Tom said: ...") that opens with the wish, or with a request for it.
_ASKED = (
    r"(?:^|(?<=[.!?\n])|(?<=:)(?<!said:)(?<!says:)(?<!wrote:)(?<!asked:))[^\w\n]*"
    rf"(?:(?:{OPENER_WORDS}|from\s+now\s+on|always|in\s+future|going\s+forward)\W+)*"
    rf"(?:{ASKING_YOU}|you\s+(?:can|may)\s+(?:now\s+)?|feel\s+free\s+to\s+)?"
    r"(?:please\s+)?(?:always\s+)?"
)
# A wish for every reply ends its sentence, give or take a "please" or a "from now on": one
# that goes on is for this reply alone ("Answer in Spanish: how do I say hello?", "Reply in
# English to this email", "Use bullet points for this").
_FOR_GOOD = (
    r"(?=(?:[\s,]+(?:please|from\s+now\s+on|going\s+forward|in\s+future|by\s+default|any\s?more|"
    r"again|always|only|instead|too|thanks|thank\s+you|in\s+(?:your\s+)?(?:answers|replies|"
    r"responses)))*\s*(?:[.!?\n]|$))"
)
_LANGUAGE = re.compile(
    rf"(?:{_ASKED}(?:answer|reply|respond|talk|speak|write)(?:\s+(?:to\s+)?me|\s+back)?\s+"
    r"(?:only\s+)?(?:in\s+)?(?P<language>[a-z]+)\b"
    r"|\bI\s+prefer\s+(?:to\s+(?:talk|chat)|answers|replies)\s+in\s+(?P<preferred>[a-z]+)\b"
    rf"){_FOR_GOOD}",
    re.I,
)
_LANGUAGES = frozenset(
    "english portuguese spanish french german italian dutch swedish norwegian danish finnish "
    "polish czech slovak greek turkish russian ukrainian romanian hungarian bulgarian croatian "
    "serbian arabic hebrew persian farsi hindi urdu bengali tamil chinese mandarin cantonese "
    "japanese korean vietnamese thai indonesian malay tagalog swahili catalan basque galician "
    "irish welsh icelandic estonian latvian lithuanian".split()
)
# What is not wanted, asked plainly or politely: "Don't use emojis", "I'd rather you didn't
# use emojis", "Can you not use bullet points?".
_NOT_WANTED = (
    r"don't|do\s+not|never|stop|(?<=you\s)not|avoid|(?:i'?d|i\s+would)\s+(?:rather|prefer(?:\s+it"
    r"\s+if)?)\s+you\s+(?:didn't|did\s+not)|i\s+prefer(?:\s+(?:it\s+)?if)?\s+you\s+(?:don't|do\s+not)"
)
_EMOJIS = re.compile(
    rf"(?:{_ASKED}(?:(?P<none>{_NOT_WANTED})\s+)?(?:use|using|add|adding|put|putting|"
    r"send|sending|include|including)\s+(?:any\s+|the\s+|more\s+|some\s+|so\s+many\s+)?emojis?\b"
    rf"|{_ASKED}(?:use\s+)?(?P<no>no|fewer|less)\s+(?:more\s+)?emojis?\b"
    rf"){_FOR_GOOD}",
    re.I,
)
_SIZES = r"short|shorter|brief|briefer|concise|long|longer|detailed|more\s+detailed"
_LENGTH = re.compile(
    rf"(?:{_ASKED}(?:keep|make)\s+(?:your\s+|the\s+|all\s+)?(?:answers|replies|responses)\s+"
    rf"(?:a\s+lot\s+|much\s+|more\s+)?(?P<length>{_SIZES})\b"
    rf"|{_ASKED}(?:give\s+me\s+)?(?P<sized>{_SIZES})\s+(?:answers|replies|responses)\b"
    rf"|{_ASKED}be\s+(?:more\s+)?(?P<terse>brief|concise|detailed|thorough)\b"
    rf"|{_ASKED}(?:answer|reply|respond)\s+(?P<manner>briefly|concisely|in\s+detail)\b"
    rf"|\bI(?:'d|\s+would)?\s+(?:prefer|like|want)\s+(?P<preferred>{_SIZES})\s+"
    r"(?:answers|replies|responses)\b"
    rf"){_FOR_GOOD}",
    re.I,
)
_SHORT = frozenset({"short", "shorter", "brief", "briefer", "concise", "briefly", "concisely"})
_FORM = r"bullet\s+points|bullets|lists|tables|markdown|headings|headers"
_FORMAT = re.compile(
    rf"(?:{_ASKED}(?P<none>{_NOT_WANTED}|no)\s+(?:more\s+)?(?:(?:use|using|give\s+me|"
    rf"giving\s+me|write\s+in|writing\s+in|with)\s+)?(?:the\s+|any\s+|so\s+many\s+)?"
    rf"(?P<form>{_FORM})\b"
    rf"|{_ASKED}(?:use|give\s+me|(?:write|answer|reply|respond)\s+(?:in|with))\s+(?:more\s+)?"
    rf"(?P<wanted>{_FORM})\b"
    rf"){_FOR_GOOD}",
    re.I,
)
_FORMS = {"bullets": "bullet points", "headers": "headings"}
# ...and the units: "Use metric units please", "Please use Celsius", "I prefer imperial".
_UNIT_WORDS = r"metric|imperial|celsius|fahrenheit"
_UNITS = re.compile(
    rf"(?:{_ASKED}(?:use|give\s+me|stick\s+to|switch\s+to|(?:answer|reply)\s+(?:in|with))\s+"
    rf"(?:the\s+)?(?:temperatures?\s+in\s+)?(?P<asked>{_UNIT_WORDS})"
    rf"|\bI\s+(?:prefer|think\s+in)\s+(?:the\s+)?(?P<mine>{_UNIT_WORDS}))"
    rf"(?:\s+(?:units|system|measurements))?{_FOR_GOOD}",
    re.I,
)
# ...the tone: "Be more casual with me", "Be blunt", "Talk to me like a friend", "I prefer a
# formal tone".
_TONES = r"casual|formal|blunt|direct|friendly|professional|polite|warm|playful|serious"
_TONE = re.compile(
    rf"(?:{_ASKED}be\s+(?:a\s+(?:bit|little)\s+)?(?P<more>more\s+|less\s+)?(?P<tone>{_TONES})"
    r"(?:\s+with\s+me)?"
    rf"|{_ASKED}(?:talk|speak|write)\s+to\s+me\s+like\s+(?:a|you(?:'re|\s+are)\s+my)\s+"
    r"(?P<friend>friend|buddy|pal)"
    rf"|\bI\s+prefer\s+(?:an?\s+)?(?P<preferred>{_TONES})\s+(?:tone|language|style|replies|"
    rf"answers)"
    # ...or the one not wanted: "Don't be so formal".
    rf"|{_ASKED}(?:don't|do\s+not)\s+be\s+(?:so\s+|too\s+)?(?P<unwanted>{_TONES})"
    rf"(?:\s+with\s+me)?){_FOR_GOOD}",
    re.I,
)
# ...how plainly: "Explain things like I'm five", "Don't use jargon", "Use simple words".
_PLAIN = re.compile(
    rf"(?:{_ASKED}explain\s+(?:things|it|everything|stuff)\s+(?:to\s+me\s+)?like\s+I'?m\s+"
    r"(?:five|5|a\s+(?:kid|child))"
    rf"|{_ASKED}(?:don't|do\s+not|never)\s+use\s+(?:any\s+|so\s+much\s+)?jargon"
    rf"|{_ASKED}(?:avoid|no)\s+jargon|{_ASKED}use\s+(?:simple|plain)\s+(?:words|language)"
    rf"){_FOR_GOOD}",
    re.I,
)
# ...and spelling, the clock and sources: "Use British spelling", "Please use 24-hour time",
# "Always cite your sources".
_SPELLING = re.compile(
    rf"{_ASKED}(?:use|write\s+in|stick\s+to)\s+(?P<spelling>british|american|uk|us)\s+"
    rf"(?:english\s+)?spelling{_FOR_GOOD}",
    re.I,
)
_CLOCK = re.compile(
    rf"{_ASKED}(?:use|give\s+me)\s+(?:the\s+)?(?P<hours>24|12)[-\s]?(?:hour|hr|h)\s+"
    rf"(?:time|clock|format|times){_FOR_GOOD}",
    re.I,
)
_SOURCES = re.compile(
    rf"{_ASKED}(?:cite|give\s+me|include|add|list|show\s+me)\s+(?:your\s+|the\s+)?"
    rf"(?:sources|references|citations|links\s+to\s+sources){_FOR_GOOD}",
    re.I,
)
# ...and the assistant's habits: "Stop apologizing", "Don't ask me follow-up questions", "Use
# more examples" (each for good: "all the time", "so much" say how often it annoyed).
_HABIT = re.compile(
    rf"(?:{_ASKED}(?:stop|(?:don't|do\s+not|never)|(?:there's\s+)?no\s+need\s+to)\s+"
    r"(?:(?P<sorry>apologi[sz](?:e|ing))|(?P<asking>ask(?:ing)?\s+(?:me\s+)?(?:so\s+many\s+)?"
    r"(?:follow-?up|clarifying)\s+questions))"
    rf"|{_ASKED}(?:use|give\s+(?:me\s+)?|include)\s+(?:more\s+)?(?P<examples>examples))"
    r"(?:\s+(?:all\s+the\s+time|so\s+much|every\s+time|when\s+you\s+explain(?:\s+things)?))?"
    rf"{_FOR_GOOD}",
    re.I,
)
# What a preference for how to be answered is about, so the plain "I prefer ..." rule leaves
# it to these.
ABOUT_REPLIES = re.compile(
    rf"\b(?:answers|replies|responses|{_UNIT_WORDS}|(?:{_TONES})\s+(?:tone|language|style))\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class ReplyWish:
    """One wish for how replies are written: where it was said, what it is about (a key's
    last word) and the wish ("replies in Portuguese")."""

    position: int
    about: str
    wish: str


def _language(match: re.Match[str]) -> tuple[str, str] | None:
    language = (match["language"] or match["preferred"]).lower()
    return ("language", f"replies in {language.title()}") if language in _LANGUAGES else None


def _emojis(match: re.Match[str]) -> tuple[str, str]:
    fewer = (match["no"] or "").lower() in ("fewer", "less")
    wish = "fewer emojis" if fewer else "no emojis" if match["none"] or match["no"] else "emojis"
    return ("emojis", f"{wish} in replies")


def _length(match: re.Match[str]) -> tuple[str, str]:
    said = next(match[g] for g in ("length", "sized", "terse", "manner", "preferred") if match[g])
    return ("length", "short replies" if said.lower().split()[0] in _SHORT else "detailed replies")


def _format(match: re.Match[str]) -> tuple[str, str]:
    form = " ".join((match["form"] or match["wanted"]).lower().split())
    form = _FORMS.get(form, form)
    return (form, f"no {form} in replies" if match["none"] else f"{form} in replies")


def _tone(match: re.Match[str]) -> tuple[str, str]:
    if match["friend"]:
        return ("tone", "friendly replies")
    if match["unwanted"]:
        return ("tone", f"less {match['unwanted'].lower()} replies")
    tone = (match["tone"] or match["preferred"]).lower()
    more = (match["more"] or "").strip().lower()
    return ("tone", f"less {tone} replies" if more == "less" else f"{tone} replies")


def _plain(match: re.Match[str]) -> tuple[str, str]:
    return ("plainness", "simple replies without jargon")


def _spelling(match: re.Match[str]) -> tuple[str, str]:
    said = match["spelling"].lower()
    spelling = {"uk": "British", "us": "American"}.get(said, said.title())
    return ("spelling", f"{spelling} spelling in replies")


def _clock(match: re.Match[str]) -> tuple[str, str]:
    return ("clock", f"{match['hours']}-hour times in replies")


def _sources(match: re.Match[str]) -> tuple[str, str]:
    return ("sources", "sources in replies")


def _habit(match: re.Match[str]) -> tuple[str, str]:
    if match["sorry"]:
        return ("apologies", "no apologies in replies")
    if match["asking"]:
        return ("questions", "no follow-up questions in replies")
    return ("examples", "examples in replies")


def _units(match: re.Match[str]) -> tuple[str, str]:
    said = (match["asked"] or match["mine"]).lower()
    if said in ("celsius", "fahrenheit"):
        return ("temperature", f"temperatures in {said.title()}")
    return ("units", f"{said} units in replies")


# Each wish: its pattern and what a match asks. A pattern is tried only where the words it
# needs are (`core.pattern_needs`): the patterns try every sentence start, and a
# 200,000-character paste took 0.3 s.
_READERS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[str, str] | None]], ...] = (
    (_LANGUAGE, _language),
    (_EMOJIS, _emojis),
    (_LENGTH, _length),
    (_FORMAT, _format),
    (_UNITS, _units),
    (_TONE, _tone),
    (_PLAIN, _plain),
    (_SPELLING, _spelling),
    (_CLOCK, _clock),
    (_SOURCES, _sources),
    (_HABIT, _habit),
)


def reply_wishes(text: str) -> list[ReplyWish]:
    """What `text` asks of the assistant's replies, in the order said."""
    wishes = []
    folded_text = folded(text)
    for pattern, read in _READERS:
        if not may_match(folded_text, needed_words(pattern)):
            continue
        for match in pattern.finditer(text):
            if (said := read(match)) is not None:
                wishes.append(ReplyWish(match.start(), *said))
    return sorted(wishes, key=lambda w: w.position)
