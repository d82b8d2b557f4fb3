"""The wordings of what one likes, fears, and what something does for one (`core.ingest.
fact_patterns` tries them in its order): fan of, into, a love for, one of one's favourites, a team
one supports, what helps or matters to one."""

from __future__ import annotations

import re

from core.ingest.pattern_parts import (
    BOTH,
    END,
    I_AM,
    ITS_VERB,
    MORE,
    OPENS_SENTENCE,
    QUOTED_TITLE,
    VALUE,
)

# What is feared: a few words, up to where the clause ends.
_FEARED = r"[\w'-]+(?:\s+[\w'-]+){0,4}?"
_CLAUSE_ENDS = r"(?=\s*[.,!?;:\n]|\s+(?:and|but|because|so)\b|\s*$)"

LIKING_RULES: list[tuple[str, re.Pattern[str]]] = [
    # "I'm a huge fan of the Lakers", "I'm not a fan of horror movies", "I'm really into
    # climbing": liking, said another way.
    (
        "preference",
        re.compile(
            rf"(?:{I_AM}|\bI(?:'ve|\s+have)\s+(?:always\s+)?been\s+)(?P<neg>not\s+)?"
            r"(?:(?:a|such\s+a)\s+(?:big\s+|huge\s+|great\s+|massive\s+)?(?P<verb>fan)\s+of|"
            r"(?:really\s+|so\s+|very\s+)?"
            r"(?P<into>into|obsessed\s+with|passionate\s+about|drawn\s+to|keen\s+on))\s+"
            rf"{VALUE}{MORE}{END}",
            re.I,
        ),
    ),
    (
        "preference",
        re.compile(
            r"\b(?:I|we)(?:'ve|\s+have)?\s+"
            # "I really don't like mushrooms": said before "don't" too.
            r"(?:(?:really|honestly|truly|just|also)\s+(?=don't\s|do\s+not\s))?"
            r"(?P<neg>don't\s+|do not\s+|no longer\s+|never\s+(?=liked|enjoyed))?"
            r"(?:(?:really|also|still|just|absolutely|truly|totally|always|all)\s+){0,2}"
            r"(?P<verb>prefer|like|love|adore|enjoy|hate|despise|detest|want|can't stand|"
            rf"(?:(?<=always\s)|(?<=never\s))(?:liked|loved|enjoyed))\s+{BOTH}{MORE}{END}",
            re.I,
        ),
    ),
    # ...a fan named before: "I'm a huge Arsenal fan".
    (
        "preference",
        re.compile(
            rf"{I_AM}(?:an?|such\s+an?)\s+(?:(?:big|huge|great|massive|die-?hard|lifelong)\s+)?"
            r"(?P<value>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s+(?P<verb>fan|supporter)\b",
            re.I,
        ),
    ),
    # ...or a team one supports: "I support Arsenal", "we root for the Lakers" (not "I
    # support the idea").
    (
        "preference",
        re.compile(
            r"\b(?:I|we)\s+(?:(?:have\s+)?always\s+|still\s+)?(?P<verb>support|root\s+for|cheer\s+for)"
            r"\s+(?:the\s+)?(?P<value>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\b",
            re.I,
        ),
    ),
    # What one fears: "I'm afraid of flying", "I'm terrified of spiders".
    (
        "fear",
        re.compile(
            rf"{I_AM}(?:(?:really|so|very|a\s+bit|a\s+little|kind\s+of|deathly|super)\s+)?"
            r"(?:afraid|scared|terrified|frightened)\s+of\s+"
            rf"(?P<value>(?!(?:what|how|that|it|this|you|him|her|them)\b){_FEARED}){_CLAUSE_ENDS}"
            r"|\bI\s+have\s+(?:a\s+)?(?:real\s+|bad\s+|huge\s+)?(?:fear|phobia)\s+of\s+"
            rf"(?P<firm>{_FEARED}){_CLAUSE_ENDS}",
            re.I,
        ),
    ),
    # "my passion for dance", "I've always had a love for horses". What is loved ends where
    # the sentence goes on about it: "my love for desserts has been fun".
    (
        "preference",
        re.compile(
            r"(?:\bmy|\b(?:I|we)(?:'ve|\s+have)?\s+(?:always\s+|also\s+|obviously\s+)?"
            r"(?:had|have|found)\s+a)\s+(?:(?:real|true|deep|big|huge|great|lifelong|newfound)\s+)?"
            rf"(?P<verb>love|passion)\s+for\s+(?P<value>[\w'-]+(?:\s+(?!{ITS_VERB})[\w'-]+){{0,6}}?)"
            rf"(?=\s+{ITS_VERB}|{END})",
            re.I,
        ),
    ),
    # "Coconut milk ice cream is one of my favorites", "The Hobbit is one of my favorite
    # books": liked. The sentence opens with what it is.
    (
        "preference",
        re.compile(
            rf"{OPENS_SENTENCE}(?P<opening>(?-i:[A-Z])[\w' -]{{1,60}}?)\s+(?:is|are)\s+"
            r"(?:also\s+|definitely\s+|really\s+|still\s+)?one\s+of\s+my\s+(?:all-time\s+)?"
            r"(?P<verb>favou?rite)s?\b",
            re.I | re.M,
        ),
    ),
    # ...or a title in quotation marks said in passing: 'I saw you had "The Alchemist" on
    # there, one of my favorites'.
    (
        "preference",
        re.compile(
            rf"\s(?P<opening>{QUOTED_TITLE})(?:\s+[\w']+){{0,4}}?"
            r",?\s+(?:it's\s+|which\s+is\s+)?(?:also\s+|definitely\s+)?one\s+of\s+my\s+"
            r"(?:all-time\s+)?(?P<verb>favou?rite)s?\b",
            re.I,
        ),
    ),
    # What something does for the speaker: "reading a good book helps me escape", "Nature
    # totally inspires me", "Dancing makes me so happy". Not what a pronoun points at ("It
    # makes me happy"), nor "makes me" with nothing after it.
    (
        "effect",
        re.compile(
            r"(?:^|(?<=[.!?]\s)|(?<=\bbut\s)|(?<=\band\s)|(?<=\bplus,\s))"
            r"(?!(?:it|that|this|he|she|they|you|we|everything|nothing|something|which|what|"
            r"who|one|there)\b)"
            r"(?P<opening>[a-z]+ing(?:\s+[\w'-]+){0,5}?|(?-i:[A-Z])[a-z]+)\s+"
            r"(?:really\s+|totally\s+|always\s+|just\s+|truly\s+)?"
            r"(?P<verb>inspires|relaxes|calms|(?:helps|makes|keeps)(?=\s+me\s+\w))\s+me\b"
            r"(?P<effect>(?:\s+[\w'-]+){0,8}?)(?=[.,!?;:\n]|\s+(?:and|but|because)\b|$)",
            re.I | re.M,
        ),
    ),
    # ...and what matters to them: "Family time means a lot to me", "Improving education is
    # particularly interesting to me", '"Harry Potter" is special to me', "away from the court,
    # cooking is therapy for me".
    (
        "effect",
        re.compile(
            rf"(?:{OPENS_SENTENCE}|\s(?=\")|(?<=,\s)(?=[a-z]+ing\b))(?P<opening>"
            rf"(?-i:[A-Z])[\w' -]{{1,60}}?|[a-z]+ing(?:\s+[\w'-]+){{0,4}}?|{QUOTED_TITLE})\s+"
            r"(?P<verb>(?:is|are)\s+(?:so\s+|really\s+|"
            r"particularly\s+|very\s+|super\s+|also\s+)?(?:important|interesting|special|"
            r"meaningful|precious|dear)\s+to|means?\s+(?:a\s+lot|so\s+much|everything|the\s+world)"
            r"\s+to|is\s+(?:like\s+)?(?:a\s+|an\s+|my\s+)?(?:therapy|escape|outlet)\s+for)\s+me\b",
            re.I | re.M,
        ),
    ),
]
