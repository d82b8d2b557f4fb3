"""The wordings the inline rules listen for (`core.ingest.rules`): each rule's name and its
pattern, in the order they are tried. What a match says, and whether it was said as true, is
the rules' part."""

from __future__ import annotations

import re

from core.ingest.body_patterns import BODY_RULES
from core.ingest.doing_patterns import DOING_RULES
from core.ingest.fact_words import (
    CONDITIONS,
    EVERY,
    KINSHIP,
    OFTEN,
    ONE_NAMED,
)
from core.ingest.kin_patterns import KIN_RULES
from core.ingest.lifestyle_patterns import LIFESTYLE_RULES
from core.ingest.liking_patterns import LIKING_RULES
from core.ingest.pattern_parts import (
    CLAUSE_CHAR,
    END,
    I_AM,
    ITEMS,
    MONTH_WORDS,
    MORE,
    OPENS_SENTENCE,
    PLACE,
    VALUE,
)
from core.ingest.work_patterns import WORK_RULES
from core.sentences import FINAL_DOT, INNER_DOT

# A street's short word ends no sentence: "1600 Pennsylvania Ave. NW, Washington".
_NOT_A_STREET = "".join(
    rf"(?<!\b{short})" for short in ("Ave", "Rd", "Blvd", "Ln", "Ct", "Pl", "Apt", "Ste", "Hwy")
)

# The names one's kids or pets are listed by: "Leo and Mia", "Luna, Mochi and Max".
_NAMES = r"(?P<names>(?-i:[A-Z][\w'-]+)(?:(?:\s*,\s*|,?\s+and\s+)(?-i:[A-Z][\w'-]+)){0,8})"

# One had, got or adopted, new or not, of an age or not: "I have a son", "we just adopted a
# 3-month-old puppy" (named after it: `named`).
_ONE_GOT = (
    r"\b(?:I|we)(?:(?:'ve|\s+have)(?:\s+got)?|\s+(?:just\s+)?(?P<got>got|adopted))\s+"
    r"(?:an?|(?P<another>another))\s+(?:(?P<new>new)\s+)?"
    r"(?:\d{1,2}[\s-]+(?:year|yr|month|week)s?[\s-]+old\s+)?"
)
# A habit of the day's hours is no wish, condition or someone else's words: "I hope I wake up
# at 6", "if I go to bed at 10", "Tom said I get up at 5".
_NOT_SAID_AS_DONE = "".join(
    rf"(?<!\b{word}\s)"
    for word in "hope wish said says think guess bet if when once until unless that".split()
)
# An hour said with a day: "at 6am", "at 3:30".
_AT_HOUR = r"at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?"

RULES: list[tuple[str, re.Pattern[str]]] = [
    (
        "location",
        re.compile(
            r"\b(?:I|we)(?:'ve| have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)"
            # ...back: "I moved back (home) to London".
            r"(?:\s+back(?:\s+home)?)?"
            # ...from where, named: "I moved from Berlin to Lisbon".
            r"(?:\s+from\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})?"
            # ...into a home there: "we moved into the new place in Porto".
            r"(?:\s+into\s+(?:a|an|the|our|my)\s+(?:new\s+)?(?:place|apartment|flat|house|home|"
            r"condo|studio)\s+in(?=\s+(?-i:[A-Z]))|\s+to)"
            rf"\s+{VALUE}{END}",
            re.I,
        ),
    ),
    (
        "location",
        re.compile(
            r"\b(?:I|we)(?:\s+(?:now\s+|currently\s+)?(?:live|am living|are living)|"
            r"(?:'m|'re)\s+(?:now\s+|currently\s+)?living|(?:'ve|\s+have)\s+been\s+living"
            # ...or lived there for a time still going on: "I've lived in Berlin for 5 years"
            # (not "I've lived in Berlin, Paris and Rome": places one has known).
            r"|(?:'ve|\s+have)\s+lived(?=\s+in\s+(?-i:[A-Z])[^.!?,;\n]{0,40}?\s+(?:for|since)\s))"
            # ...and with whom, first: "I live with my girlfriend in Vienna".
            r"(?:\s+with\s+(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?)?\s+in\s+"
            rf"{VALUE}{END}|{I_AM}(?:now\s+|currently\s+)?based\s+in\s+"
            # ...or renting there: "we're renting a flat in Lisbon", "I rent a room in Porto".
            rf"{PLACE}{END}|\b(?:I|we)(?:(?:'m|'re|\s+am|\s+are)\s+(?:now\s+)?renting|"
            r"\s+(?:now\s+|currently\s+)?rent)\s+(?:an?|our)\s+"
            r"(?:[\w-]+\s+)?(?:apartment|flat|house|place|room|studio|condo)\s+in\s+"
            r"(?P<firm>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})",
            re.I,
        ),
    ),
    # ...and said after another thing of oneself: "I'm from Mexico but live in Texas now".
    (
        "location",
        re.compile(
            # Not through someone else's clause: "I know people who ... and live in Texas".
            r"(?:^|(?<=[.!?]\s))I\b(?:(?!\b(?:who|that|which|whom|whose)\b)[^.!?\n]){1,80}?"
            r"(?:,\s*|\s+)(?:but|and)\s+(?:now\s+|currently\s+)?"
            # ...or moved there: "I'm originally from Kenya but moved to London in 2010".
            rf"(?:live\s+in|(?:then\s+|later\s+)?(?:moved|relocated)\s+to)\s+{VALUE}{END}",
            re.I | re.M,
        ),
    ),
    (
        "left_location",
        re.compile(
            r"\b(?:I|we)\s+(?:no\s+longer|don't|do\s+not)\s+live\s+in\s+"
            rf"{VALUE}{END}|\b(?:I|we)(?:'ve| have)?\s+(?:just\s+)?moved\s+"
            rf"(?:out\s+of|away\s+from)\s+{PLACE}{END}",
            re.I,
        ),
    ),
    # "I left Google", "I left Lisbon last year": a firm or a town, as what is believed says
    # (`core.ingest.references`); "I left Tom a message" names neither.
    (
        "left_somewhere",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?left\s+"
            r"(?P<place>(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*){0,3})"
            r"(?=\s+(?:last|this|in|on|two|three|after|for|to|and|but|because|since|so|\d)\b"
            r"|\s*(?:[.!?,;]|$))",
            re.I,
        ),
    ),
    *WORK_RULES,
    # "I'm pregnant", "I'm 12 weeks pregnant".
    (
        "pregnant",
        re.compile(
            rf"{I_AM}(?:now\s+)?(?:(?:\d+|\w+)\s+(?:weeks?|months?)\s+)?pregnant\b"
            # ...or trying to be: "We're trying for a baby", "I'm trying to get pregnant".
            r"|\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:now\s+|still\s+)?(?P<trying>trying\s+"
            r"(?:for\s+a\s+baby|to\s+(?:get\s+pregnant|conceive|have\s+a\s+baby)))\b"
            # ...or the baby due: "Our baby is due in March", "We're expecting a baby in April".
            # (not "expecting a baby shower invite").
            r"|\b(?:(?:our|my)\s+(?:first\s+|second\s+|third\s+)?baby\s+is\s+due|"
            r"(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+expecting\s+(?P<baby>a\s+baby|twins))"
            rf"(?:\s+(?P<due>in\s+(?:early\s+|late\s+|mid-?)?(?:{MONTH_WORDS})|(?:next|this)\s+"
            r"(?:week|month)|in\s+(?:a\s+few|two|three|four|\d+)\s+(?:weeks|months))\b"
            r"|(?=\s*(?:[.!?,;]|$)))",
            re.I,
        ),
    ),
    # "I'm married to Tomás", "I'm dating Sam": a partner by name.
    (
        "partner",
        re.compile(
            r"\bI(?:'m|\s+am)\s+(?:happily\s+|now\s+)?(?P<how>(?:married|engaged)\s+to|dating"
            r"|in\s+a\s+relationship\s+with)\s+"
            r"(?P<value>[^\W\d_][\w'-]+(?:\s+[^\W\d_][\w'-]+)?)",
        ),
    ),
    (
        "origin",
        re.compile(
            rf"\bI\s+(?:grew\s+up|was\s+(?:raised|(?P<born>born)))\s+in\s+{VALUE}{END}|{I_AM}"
            r"(?:originally\s+)?"
            rf"from\s+{PLACE}{END}"
            # ...and named in passing: "a gift from my grandma in my home country, Sweden".
            r"|\bmy\s+(?:home\s+country|native\s+country|homeland|hometown|home\s+town)"
            r"(?:,\s*|\s+of\s+)(?P<home>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)*)",
            re.I,
        ),
    ),
    # Names are capitalised (checked in `_fact`): "call me Sam", not "call me tomorrow"; what
    # everyone calls one ("my friends call me Dee"), not what one person does.
    (
        "name",
        re.compile(
            r"\b(?:[Cc]all me|I go by|(?:[Ee]very(?:one|body)|[Pp]eople|(?:[Mm]y\s+)?[Ff]riends|"
            r"[Mm]ost\s+people)\s+calls?\s+me)\s+(?P<value>[^\W\d_][\w'-]+(?:\s+[^\W\d_][\w'-]+)?)"
        ),
    ),
    # ...and one's pronouns: "My pronouns are they/them", "I use she/her pronouns".
    (
        "pronouns",
        re.compile(
            r"\b(?:my\s+pronouns\s+are|I\s+(?:use|go\s+by))\s+"
            r"(?P<value>(?:she|he|they|xe|ze|ey|it)\s*/\s*[a-z]+(?:\s*/\s*[a-z]+)?)\b",
            re.I,
        ),
    ),
    # Introduced: "Hi! I'm Ana, ...", "I am Dana and I work at ...", "im Dee btw".
    # A capital alone is no name: "I'm Italian", "I'm Back" (`core.ingest.person_facts`). A
    # lower-case "im" opens a sentence or follows a greeting: German's ("im Januar") is no
    # one's name.
    (
        "name",
        re.compile(
            r"(?:\bI(?:'m|\s+am)|\bIm|(?:^|(?<=[.!?]\s)|(?<=\n)|(?<=[Hh]i\s)|(?<=[Hh]ey\s)"
            r"|(?<=[Hh]i,\s)|(?<=[Hh]ey,\s))im)\s+(?P<value>[^\W\d_][\w'-]+)"
            r"(?=\s*(?:[,.!?;:\n]|$)|\s+(?:and|here|btw|by\s+the\s+way)\b)"
        ),
    ),
    (
        "age",
        re.compile(
            rf"(?:{I_AM}|\bI\s+(?:just\s+)?turned\s+)(?P<value>\d{{1,3}})(?:\s+years?\s+old)?"
            rf"(?:\s+(?:now|today|yesterday|last\s+\w+))?{END}",
            re.I,
        ),
    ),
    # ...or the decade of it: "I'm in my thirties", "I'm in my early 40s".
    (
        "age_range",
        re.compile(
            rf"{I_AM}(?:now\s+|still\s+)?in\s+my\s+(?P<value>(?:(?:early|mid|late)[\s-]+)?"
            r"(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|"
            r"[2-9]0['’]?s))\b",
            re.I,
        ),
    ),
    # ...and the age one turns soon, on the same key: "I'm turning 40 next month", "I'll be 30
    # in June" (kept with its date, `core.ingest.told_when`; "I'll be 5 minutes late" is none),
    # and one's people's: "My grandma turns 90 next month".
    (
        "turning",
        re.compile(
            rf"(?:{I_AM}(?:about\s+to\s+)?turning|\bI(?:'ll|\s+will)\s+(?:be|turn)|\bI\s+turn|"
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:is\s+(?:about\s+to\s+)?turning|turns|(?:will|'ll)\s+(?:be|turn)))\s+"
            r"(?P<value>\d{1,3})(?!\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|seconds?|"
            r"%|percent|late|early|dollars|bucks|k\b|am\b|pm\b|:|\.\d|o'clock|min\b))"
            r"(?:\s+(?:years?\s+old|again))?(?P<when>\s+(?:next|this|on|in|tomorrow|today)\b"
            r"[^.!?,;\n]{0,30})?",
            re.I,
        ),
    ),
    # "My address is 12 Rua Augusta, Lisbon", "I live at 12 Rua Augusta": an address holds
    # its commas, to the sentence's end.
    (
        "address",
        re.compile(
            r"\b(?:my\s+(?P<which>(?:home|work|new|postal|mailing|street)\s+)?address(?:\s+is|'s)\s+"
            r"(?=\d|(?-i:[A-Z]))|(?:I|we)\s+(?:now\s+|currently\s+)?live\s+at\s+(?=\d))"
            rf"(?P<value>(?:[^!?;\n])+?)(?=\s*(?:{_NOT_A_STREET}{FINAL_DOT}|[!?;\n]|$))",
            re.I,
        ),
    ),
    # "I was born on May 3, 1990": a birthday (a date holds its comma).
    (
        "birthday",
        re.compile(
            rf"\bI\s+was\s+born\s+on\s+(?:the\s+)?(?P<value>(?:{MONTH_WORDS})\s+\d{{1,2}}(?:st|nd|rd|th)?"
            rf"(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_WORDS})(?:,?\s+\d{{4}})?)"
            r"(?!\w)",
            re.I,
        ),
    ),
    (
        "allergy",
        re.compile(
            rf"{I_AM}(?P<neg>not\s+|no\s+longer\s+)?(?:very\s+|severely\s+)?allergic\s+to\s+"
            rf"{ITEMS}",
            re.I,
        ),
    ),
    (
        "allergy",
        re.compile(
            r"\bI\s+(?P<has>have)\s+an?\s+(?:severe\s+|mild\s+|bad\s+)?"
            r"(?P<value>[a-z]+(?:\s+[a-z]+)?)"
            r"\s+allergy\b",
            re.I,
        ),
    ),
    (
        "allergy",
        re.compile(
            r"\bI(?:\s+have|'ve)?\s+(?:finally\s+)?(?P<outgrew>outgrew|outgrown|grew\s+out\s+of)\s+"
            r"my\s+(?P<value>[a-z]+(?:\s+[a-z]+)?)\s+allergy\b",
            re.I,
        ),
    ),
    *LIFESTYLE_RULES,
    *BODY_RULES,
    # "I have two kids, Leo and Mia", "I have a son and a daughter", "we have three
    # grandchildren", "we have two cats": how many there are (one by name is "named").
    (
        "family",
        re.compile(
            r"\b(?:I|we)\s+(?:now\s+)?(?:have|'ve\s+got)\s+(?P<value>(?:an?|one|two|three|four|five|"
            r"six|\d)\s+(?:(?:twin|older|younger|little|big|baby|half|step)[\s-]+)?"
            r"(?P<kin>kids?|children|child|teens|teenagers|toddlers?|sons?|daughters?|brothers?|"
            r"sisters?|siblings?|"
            r"grandkids|grandchildren|grandsons?|granddaughters?|dogs?|cats?|rabbits?|hamsters?|"
            r"parrots?|horses?|guinea\s+pigs?)"
            r"(?:\s+and\s+(?:an?|one|two|three|four|\d)\s+(?:sons?|daughters?|brothers?|sisters?|"
            r"dogs?|cats?))?"
            rf"(?:[,:]?\s+{_NAMES})?)"
            rf"(?!\s+(?:named|called)\b){END}",
            re.I,
        ),
    ),
    # ...named: "I have two dogs named Rex and Max" (each one named too: `core.ingest.kin`).
    (
        "family",
        re.compile(
            r"\b(?:I|we)\s+(?:now\s+)?(?:have|'ve\s+got)\s+(?P<value>(?:two|three|four|five|six|\d)\s+"
            r"(?P<kin>kids|children|sons|daughters|brothers|sisters|dogs|cats|rabbits|hamsters|"
            rf"parrots|horses|guinea\s+pigs)\s+(?:named|called)\s+{_NAMES}){END}",
            re.I,
        ),
    ),
    # What the speaker does as a rule (`core.ingest.routines`): "I usually cook at home", "I go
    # to the gym every morning", "Every Friday, we do the groceries".
    (
        "routine",
        re.compile(
            rf"\b(?:I|we)\s+(?P<adv>{OFTEN})\s+(?P<verb>[a-z]+)\b"
            rf"(?P<value>{CLAUSE_CHAR}{{0,80}}?){END}",
            re.I,
        ),
    ),
    (
        "routine",
        re.compile(
            rf"\b(?:I|we)\s+(?!(?:{OFTEN})\b)(?P<verb>[a-z]+)\b(?P<value>{CLAUSE_CHAR}{{0,80}}?)"
            rf"\s+(?P<freq>{EVERY})\b(?P<after>{CLAUSE_CHAR}{{0,40}}?){END}",
            re.I,
        ),
    ),
    (
        "routine",
        re.compile(
            rf"(?:^|(?<=[.!?]\s))(?P<freq>{EVERY}),?\s+(?:I|we)\s+(?P<verb>[a-z]+)\b"
            rf"(?P<value>{CLAUSE_CHAR}{{0,80}}?){END}",
            re.I | re.M,
        ),
    ),
    # ...or the hours of one's day, a time alone saying it is every day: "I wake up at 6", "I go
    # to bed around midnight", "I start work at 9 on weekdays" (not "... tomorrow": a plan).
    (
        "routine",
        re.compile(
            # (The verb looked for first: the look back, at every place, made it the costliest.)
            r"(?=\b(?:I|we)\s+(?:wake|get|go|have|eat|start|finish|leave)\s)"
            + _NOT_SAID_AS_DONE
            + r"\b(?:I|we)\s+(?P<verb>wake|get|go|have|eat|start|finish|leave)\s+"
            r"(?P<value>(?:up|to\s+(?:bed|sleep|work)|lunch|dinner|breakfast|work|for\s+work)\s+"
            r"(?P<clock>(?:at|around|by|before|after|about)\s+(?:\d{1,2}(?:[:.]\d{2})?\s*"
            r"(?:am|pm)?|noon|midnight|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
            r"twelve)(?:\s+o'clock)?)))"
            rf"(?:\s+(?P<freq>{EVERY}))?(?=\s*(?:[.!;]|$)|\s*,\s*(?!(?:tomorrow|today|tonight)\b)"
            r"|\s+(?:and|but|so)\b)",
            re.I,
        ),
    ),
    # Health the assistant should keep in mind: "I was diagnosed with ADHD", "I suffer from
    # migraines", "I have asthma" (a known condition only: "I have a meeting" is none).
    (
        "condition",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:was\s+|been\s+|got\s+)?diagnosed\s+"
            rf"with\s+{VALUE}{END}|\bI\s+(?:also\s+)?suffer\s+from\s+{PLACE}{END}"
            rf"|\bI\s+(?:also\s+|still\s+)?have\s+(?P<firm>{CONDITIONS})\b",
            re.I,
        ),
    ),
    # ...or as what one gets or is prone to: "I get migraines", "I'm prone to headaches".
    (
        "condition",
        re.compile(
            r"\bI(?:\s+(?:often\s+|sometimes\s+|regularly\s+|still\s+|also\s+)?get|(?:'m|\s+am)\s+"
            r"(?:also\s+)?prone\s+to)\s+(?P<value>migraines|headaches|"
            r"panic\s+attacks|cold\s+sores|nosebleeds|hay\s+fever)\b",
            re.I,
        ),
    ),
    # ...as one's doctor or tests told it: "My doctor says I have high blood pressure", "the
    # tests showed I'm anemic" (what someone else says of one is no fact, but a diagnosis is).
    (
        "condition",
        re.compile(
            r"\b(?:my|the)\s+(?:doctor|gp|physician|dentist|therapist|psychiatrist|specialist|"
            r"cardiologist|neurologist|dermatologist|tests?|test\s+results|blood\s+(?:work|tests?)|"
            r"scans?)\s+(?:says?|said|told\s+me|confirmed|showed|shows|found)\s+(?:that\s+)?I"
            rf"(?:(?:'ve\s+got|\s+have)\s+(?P<place>{CONDITIONS})\b|(?P<am>'m|\s+am)\s+(?P<value>(?:pre-?)?"
            r"(?:diabetic|anemic|anaemic|asthmatic|epileptic|hypertensive|celiac|coeliac|"
            r"lactose[- ]intolerant|gluten[- ]intolerant|autistic|dyslexic|bipolar|depressed)))\b",
            re.I,
        ),
    ),
    *KIN_RULES,
    # "My name is Jordan", and "my name's Jordan" where a name, "a", "the" or a number follows:
    # "my daughter Sara's birthday" is hers, and "my dog's name is Rex" is the dog's. An age
    # told as a birthday: "my son just turned 10".
    (
        "attribute",
        re.compile(
            # ...and "our" one's people: "Our son is 5" (not "our house is big").
            rf"\b(?:my|our(?=\s+(?:{KINSHIP})\b))\s+(?P<attr>[a-z][a-z' -]{{1,30}}?)"
            r"(?:\s+(?P<be>is|are|(?:just\s+)?turned(?=\s+\d))|'s"
            # (a clause's verb looked for near: read to the sentence's end, each "my X's" of a
            # long unpunctuated paste made the rule's time grow with the square of its length)
            r"(?![^.!?,;]{0,120}?\b(?:is|are)\b)(?=\s+(?:(?-i:[A-Z])|an?\s|the\s|\d)))"
            rf"\s+{VALUE}{MORE}{END}",
            re.I,
        ),
    ),
    # A day of one's own or one's people's told by when it comes: "My birthday is tomorrow",
    # "my mom's birthday is next Tuesday" (kept as its date: "tomorrow" read later is another
    # day; `core.ingest.told_when`).
    (
        "day_of",
        re.compile(
            r"\b(?:my|our)\s+(?P<attr>(?:[\w']+\s+){0,2}?(?:birthday|anniversary|wedding|"
            # ...or an appointment of one's own: "My flight is at 6am tomorrow".
            r"graduation|flight|exam|interview|appointment|surgery|operation|presentation|"
            r"recital|due\s+date|court\s+date|driving\s+test))\s+is\s+"
            rf"(?P<value>(?:{_AT_HOUR}\s+)?(?:on\s+)?(?:today|tomorrow|tonight|"
            r"(?:next|this|this\s+coming)\s+(?:week(?:end)?|month|(?:mon|tues|wednes|thurs|fri|satur|"
            r"sun)day)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|in\s+(?:\d+|two|three|a\s+few)\s+"
            rf"(?:days|weeks))(?:\s+{_AT_HOUR})?){END}",
            re.I,
        ),
    ),
    # ...and one's day with one's partner: "Our anniversary is June 12".
    (
        "attribute",
        re.compile(
            rf"\bour\s+(?:wedding\s+)?(?P<attr>anniversary)\s+(?P<be>is)\s+{VALUE}{END}", re.I
        ),
    ),
    # ...said the other way round: "Playing video games and watching movies are my main
    # hobbies", "Pizza is my favorite food", "Dance is pretty much my go-to for stress
    # relief". The sentence opens with what it is.
    (
        "attribute",
        re.compile(
            rf"{OPENS_SENTENCE}(?P<opening>(?-i:[A-Z])[\w' ,-]{{2,60}}?)\s+(?P<be>is|are)\s+"
            r"(?:(?:pretty\s+much|really|definitely|always|still)\s+)?my\s+"
            r"(?P<attr>(?:(?:main|biggest|greatest|true|real|all-time)\s+)?(?:hobby|hobbies|passion|"
            r"passions|favou?rite\s+[a-z]+|go-to(?:\s+for\s+[a-z]+(?:\s+[a-z]+){0,2})?))"
            r"(?=\s*(?:[.!?,;:]|$))",
            re.I | re.M,
        ),
    ),
    # ...and a person named first: "Emma is my girlfriend", "Sarah is my boss".
    (
        "attribute",
        re.compile(
            rf"{OPENS_SENTENCE}(?P<opening>(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))?)\s+"
            rf"(?P<be>is)\s+(?:(?:also|still)\s+)?my\s+(?P<attr>{KINSHIP})"
            r"(?=\s*(?:[.!?,;:]|$)|\s+(?:and|but)\b)",
            re.I | re.M,
        ),
    ),
    # "I have a dog named Luna", "we got another cat named Bailey", "a golden retriever named
    # Max". Keyed by the name too: a friend named Carl, said later, is another friend, not a
    # correction of Bob; one just got is new (`core.ingest.kin`).
    (
        "named",
        re.compile(
            rf"{_ONE_GOT}(?P<attr>[a-z]{{2,20}}(?:\s+[a-z]{{2,20}})?)\s+(?:named|called)\s+"
            r"(?P<value>[^\W\d_][\w'-]+)",
            re.I,
        ),
    ),
    # ...or named after: "We just adopted a puppy, her name is Bella", "I have a new boss, his
    # name's Tom", "I got a new puppy, a beagle named Max".
    (
        "named",
        re.compile(
            rf"{_ONE_GOT}(?P<attr>{ONE_NAMED}|rabbit|hamster|parrot|horse|bird|turtle|guinea\s+pig)"
            # ...a few words on ("we adopted a cat last month, her name is Mochi"), or in the
            # sentence after ("We got a puppy! His name is Biscuit").
            r"(?:\s+(?!and\b)[^.!?,;\n]{1,30}?)?"
            r"(?:\s*[,;]\s*|[.!]+\s+(?=(?:his|her|its|their)\s)|\s+(?=and\s+(?:his|her|its|their)\s))"
            r"(?:(?:and\s+)?(?:his|her|its|their)\s+name(?:'s|\s+is)|"
            # ...or named in a word after it: "I got a new puppy, a beagle named Max".
            r"(?:an?\s+(?:[\w-]+\s+){0,2}?)?(?:named|called))\s+(?P<value>(?-i:[A-Z][a-z]+))\b",
            re.I,
        ),
    ),
    # ...or told by their age: "Our one-year-old is so cute, his name is Kyle!" (a child).
    (
        "named",
        re.compile(
            r"\b(?:my|our)\s+(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+"
            r"(?:year|month|week)s?[\s-]+old(?:\s+(?P<attr>son|daughter|baby|boy|girl))?\b"
            r"[^.!?]{0,40}?[,;]\s*(?:and\s+)?(?:his|her)\s+name(?:'s|\s+is)\s+"
            r"(?P<value>(?-i:[A-Z][a-z]+))\b",
            re.I,
        ),
    ),
    # ...and the second of two: "I have a son named Leo and a daughter named Mia".
    (
        "named",
        re.compile(
            r"\b(?:I|we)(?:(?:'ve|\s+have)(?:\s+got)?|\s+(?:just\s+)?got)\s+"
            r"(?:an?|another)\s+(?:new\s+)?[a-z]{2,20}(?:\s+[a-z]{2,20})?\s+(?:named|called)\s+"
            r"[^\W\d_][\w'-]+,?\s+and\s+(?:an?|another)\s+(?:new\s+)?"
            r"(?P<attr>[a-z]{2,20}(?:\s+[a-z]{2,20})?)\s+"
            r"(?:named|called)\s+(?P<value>[^\W\d_][\w'-]+)",
            re.I,
        ),
    ),
    # ...or named in passing: "my daughter Sara's birthday", "our dog Rex"; or said to be:
    # "my daughter is called Mia", "my son's name is Leo".
    (
        "named",
        re.compile(
            r"\b(?:my|our)\s+(?:(?:older|younger|little|big|best|eldest|oldest|youngest|twin|"
            rf"baby)\s+)?(?P<attr>{ONE_NAMED})"
            r"(?:,?\s+|(?:\s+is|'s)\s+(?:called|named)\s+|'s\s+name(?:\s+is|'s)\s+)"
            r"(?P<value>(?-i:[A-Z][a-z]+))\b"
            # ...not "we had to put our dog Max down" (`kin_event`).
            r"(?!\s+(?-i:[A-Z])|\s+(?:down|to\s+sleep)\b)",
            re.I,
        ),
    ),
    *LIKING_RULES,
    # "Remember that Anna's birthday is June 3": asked for, whoever it is about. Not "remember
    # that time we...?" (reminiscing) nor "remember to" (a to-do).
    (
        "note",
        re.compile(
            r"(?:^|(?<=[.!?]\s))(?:(?:please|and|also|oh|ok|okay|hey)\W+)*"
            # ...or said as one's own need: "I need to remember that Tom is allergic to nuts".
            r"(?:I\s+(?:really\s+)?(?:need|have|want)\s+to\s+)?(?:remember|note|"
            r"keep\s+in\s+mind|don't\s+forget|do\s+not\s+forget)(?:\s+this)?(?:\s+that\s+|\s*:\s*)"
            r"(?!(?:time|day|night|trip|one|moment|place|guy|girl)\b)"
            rf"(?P<value>(?:[^.!?\n]|{INNER_DOT})+)(?=[.!\n]|$)",
            re.I | re.M,
        ),
    ),
    *DOING_RULES,
    (
        "decision",
        re.compile(
            rf"\b(?:we|I)(?:'ve| have)?\s+(?:decided|chose)\s+(?P<not>not\s+)?to\s+{VALUE}{END}"
            r"|\b(?:let's\s+go\s+with|(?:we|I)(?:'ve| have)?\s+(?:settled\s+on|opted\s+for|"
            r"went\s+with|chose|picked(?!\s+up\b))|(?:we|I)(?:'re|'m|\s+am|\s+are)\s+going\s+with)\s+"
            rf"(?!to\b){VALUE.replace('value', 'choice')}{END}",
            re.I,
        ),
    ),
]
