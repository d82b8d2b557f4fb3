"""The wordings of what one's body can do and needs (`core.ingest.fact_patterns` tries them in
its order): a skill one has or lacks ("I can't swim", "I finally learned to drive"), what one
wears to see or hear, a disability, the hand one writes with, and the medicine one is on. Each
a fact on a key of its own (`core.ingest.person_facts`), as what to suggest turns on it: a kayak
trip for someone who cannot swim, a drink for someone on antidepressants."""

from __future__ import annotations

import re

from core.ingest.pattern_parts import END, I_AM

# Skills one has or not for good, not for a day: "I can't drive" is as often "not tonight", so
# driving counts only learnt or never learnt.
_SKILLS = (
    r"swim|ride\s+a\s+(?:bike|bicycle|horse|motorbike)|ski|snowboard|ice[\s-]skate|skate|surf|"
    r"dance|knit|sew|read\s+music|touch[\s-]type"
)
_LEARNT = r"drive|cook|code|program"
# Medicine taken for a while, by its kind or a common name.
MEDICINES = (
    r"antidepressants|anti-?depressants|insulin|blood\s+thinners|statins|beta[\s-]blockers|"
    r"birth\s+control|the\s+pill|chemo(?:therapy)?|dialysis|immunosuppressants|steroids|"
    r"thyroid\s+medication|blood\s+pressure\s+(?:medication|meds|pills)|"
    r"metformin|lithium|adderall|ritalin|zoloft|prozac|lexapro|sertraline|fluoxetine|"
    r"levothyroxine|warfarin|methotrexate|hrt"
)

# Where what one lives with is said to end, or to have begun: "I use a wheelchair since 2019".
_SINCE = rf"(?:{END}|(?=\s+(?:since|now|these|for)\b))"

BODY_RULES: list[tuple[str, re.Pattern[str]]] = [
    # "I can't swim", "I never learned to drive", "I finally learned how to ski", "I know how to
    # knit". Not "I can't swim today", "I can't dance with you".
    (
        "ability",
        re.compile(
            r"\bI\s+(?:(?P<neg>can't|cannot|can\s+not|never\s+could)\s+(?=(?:"
            + _SKILLS
            + r")\b)|(?P<never>never\s+(?:learned|learnt)|don't\s+know|do\s+not\s+know)\s+"
            r"(?:how\s+)?to\s+|(?:'ve\s+|\s*have\s+)?(?:just\s+|finally\s+|recently\s+)?"
            r"(?P<learned>learned|learnt)\s+(?:how\s+)?to\s+|know\s+how\s+to\s+)"
            rf"(?P<value>{_SKILLS}|{_LEARNT})"
            rf"(?P<more>(?:\s*,\s*(?:{_SKILLS}|{_LEARNT})){{0,4}},?\s+(?:or|and)\s+(?:{_SKILLS}|{_LEARNT}))?"
            rf"(?:{END}|(?=\s+(?:yet|either|well|at\s+all|properly|last|this|in|when|as|at|"
            r"from|back|years?|a\s+few|recently|until)\b))",
            re.I,
        ),
    ),
    # "I wear glasses", "I've worn contacts since school", "I don't wear glasses anymore".
    (
        "wears",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?P<neg>don't\s+|do\s+not\s+|no\s+longer\s+)?"
            r"(?:also\s+|still\s+|now\s+|always\s+)?(?:wear|worn)\s+"
            r"(?P<value>(?:reading\s+)?glasses|contacts|contact\s+lenses|hearing\s+aids?|"
            r"a\s+hearing\s+aid|braces|dentures)\b(?P<since>\s+any\s*more)?",
            re.I,
        ),
    ),
    # What one lives with: "I'm colorblind", "I'm deaf in one ear", "I'm hard of hearing", "I
    # use a wheelchair", "I'm dyslexic" (not "I'm blind to it", "I'm deaf from the concert").
    (
        "disability",
        re.compile(
            rf"{I_AM}(?:also\s+|partially\s+|legally\s+)?(?P<value>colou?r[\s-]?blind|"
            r"deaf\s+in\s+one\s+ear|hard\s+of\s+hearing|legally\s+blind|partially\s+sighted|"
            r"in\s+a\s+wheelchair|dyslexic|autistic|paraplegic|quadriplegic|asthmatic|epileptic|"
            r"anaemic|anemic|pre-?diabetic|hypertensive|bipolar|hypothyroid|hyperthyroid|"
            r"on\s+the\s+(?:autism\s+|autistic\s+)?spectrum)"
            rf"{_SINCE}",
            re.I,
        ),
    ),
    (
        "disability",
        re.compile(
            r"\bI\s+(?:also\s+|now\s+)?(?P<uses>use)\s+(?P<value>a\s+wheelchair|a\s+cane|"
            rf"a\s+walker|crutches|a\s+hearing\s+aid){_SINCE}",
            re.I,
        ),
    ),
    # "I'm left-handed", "I'm right handed".
    ("handed", re.compile(rf"{I_AM}(?P<value>left|right)[\s-]handed\b", re.I)),
    # How tall one is: "I'm 5'8"", "I'm 6 feet tall", "I'm 170 cm", "I'm 1.75 m tall".
    (
        "height",
        re.compile(
            rf"{I_AM}(?:about\s+|around\s+|only\s+|just\s+)?(?P<value>[4-7]'\s?\d{{1,2}}(?:\"|'')?|"
            r"[4-7]\s*(?:foot|feet|ft)(?:\s*\d{1,2}(?:\s*(?:inches|inch|in))?)?|"
            r"1[.,]\d{1,2}\s*m|1\d\d\s*cm)(?:\s+tall)?(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so)\b)",
            re.I,
        ),
    ),
    # ...and how much one weighs: "I weigh 70 kg", "I weigh about 150 pounds" (not "I weigh
    # my options").
    (
        "weight",
        re.compile(
            r"\bI\s+(?:now\s+|currently\s+|only\s+)?weigh\s+(?:about\s+|around\s+|roughly\s+|"
            r"just\s+(?:over|under)\s+)?(?P<value>\d{2,3}(?:[.,]\d)?\s*(?:kg|kilos?|kilograms?|lbs?|"
            r"pounds|st(?:one)?)(?:\s+\d{1,2}(?:\s*(?:lbs?|pounds))?)?)\b",
            re.I,
        ),
    ),
    # "I'm on antidepressants", "I take insulin", "I'm no longer on blood thinners", "I stopped
    # taking lithium".
    (
        "medication",
        re.compile(
            rf"(?:{I_AM}(?P<neg>no\s+longer\s+|not\s+)?(?:now\s+|still\s+|also\s+)?(?P<on>on)|"
            r"\bI(?:'m|\s+am)?\s+(?:now\s+|still\s+|also\s+)?(?:take|taking)|"
            r"\bI(?:'ve|\s+have)?\s+(?P<stopped>stopped|quit)\s+taking)\s+"
            rf"(?:my\s+)?(?P<value>{MEDICINES})"
            rf"(?P<more>(?:\s*,\s*(?:{MEDICINES})){{0,4}},?\s+and\s+(?:{MEDICINES}))?\b",
            re.I,
        ),
    ),
]
