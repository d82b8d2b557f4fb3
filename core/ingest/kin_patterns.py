"""The wordings of what is told of one's people (and pets) (`core.ingest.fact_patterns` tries
them in its order): where they live and work, what they like, play or are allergic to, their
health, their age told before them, and what happened to them (a death told by a name alone
too). Whose each is, `core.ingest.kin` and `core.ingest.references` say."""

from __future__ import annotations

import re

from core.ingest.fact_words import CONDITIONS, KINSHIP, PLAYED, PROFESSIONS, WORK_HOW
from core.ingest.kin import HIRED
from core.ingest.pattern_parts import CLAUSE_CHAR, END, LANGUAGE, VALUE

# A new job said with its firm is where they work (`kin_where`), not an event beside it.
_NO_FIRM = r"(?!\s+(?:at|with|for)\s)"
# Where one is looked after when ill or hurt.
_HOSPITAL = r"(?:hospital|ICU|intensive\s+care|ER|emergency\s+room)\b"
# How one's people are said to be in a state: "is", "'s", "has been", "'s been".
_IS = r"(?:is|'s|(?:has|'s)\s+been)"
# "My mom's in the hospital", "my dad was admitted to the hospital yesterday", "my grandma fell
# and broke her hip", "my son is sick", "my mom has the flu" (not "sick of his job").
_IN_HOSPITAL_HURT_OR_ILL = (
    _IS
    + r"\s+(?:still\s+|back\s+)?in\s+(?:the\s+)?"
    + _HOSPITAL
    + r"|was\s+(?:admitted|rushed|taken)\s+to\s+(?:the\s+)?"
    + _HOSPITAL
    + r"|(?:fell\s+and\s+)?broke\s+(?:his|her|their)\s+(?:leg|arm|wrist|ankle|hip|foot|hand|"
    r"collarbone|nose|back|ribs?|shoulder|elbow|knee)|"
    + _IS
    + r"\s+(?:still\s+|really\s+|very\s+|so\s+|home\s+)?(?:sick|ill|unwell)"
    r"(?!\s+(?:of|and\s+tired|with\s+(?:worry|nerves))\b)"
    r"|(?:has|'s\s+got)\s+(?:the\s+flu|covid|a\s+(?:bad\s+)?(?:cold|fever)|pneumonia|"
    r"chickenpox|strep(?:\s+throat)?)"
)

KIN_RULES: list[tuple[str, re.Pattern[str]]] = [
    # "My mom lives in Coimbra", "my brother Leo works at Google", "my parents live in
    # Florida", "my husband got a new job at Google", "my sister works as a teacher": facts of
    # theirs.
    (
        "kin_where",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})\b(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:now\s+|still\s+|currently\s+|just\s+|recently\s+)?"
            # ...with whom, first: "my sister lives with her boyfriend in Madrid".
            r"(?P<verb>lives?\s+(?:with\s+(?:his|her|their)\s+[\w-]+(?:\s+[\w-]+)?\s+)?in|"
            # ...and how, before where: "my husband works nights at the factory".
            rf"moved\s+to|works?\s+(?:{WORK_HOW}\s+)?(?:at|for|as)|is\s+from|are\s+from|goes?\s+to|"
            rf"{HIRED})\s+"
            rf"{VALUE}{END}",
            re.I,
        ),
    ),
    # ...and what they are allergic to, said as an allergy: "My son has a peanut allergy".
    (
        "kin_allergy",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+has\s+an?\s+"
            r"(?:severe\s+|mild\s+|bad\s+)?(?P<value>[a-z]+(?:\s+[a-z]+)?)\s+allergy\b",
            re.I,
        ),
    ),
    # ...and what they cannot digest, said as an intolerance: "My son has a gluten intolerance"
    # (as "my son is gluten intolerant" is told).
    (
        "kin_intolerance",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:also\s+|now\s+)?has\s+(?:an?\s+)?(?:severe\s+|mild\s+|bad\s+)?"
            r"(?P<value>gluten|lactose)\s+intolerance\b",
            re.I,
        ),
    ),
    # ...or are no longer: "My son isn't allergic to eggs anymore", "... outgrew his peanut
    # allergy" (the allergy stayed in every prompt).
    (
        "kin_allergy",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?P<neg>is\s+not|isn't|is\s+no\s+longer|'s\s+not|'s\s+no\s+longer)\s+allergic\s+to\s+"
            r"(?!(?:it|them|that|this|those|these|what)\b)"
            r"(?P<value>[a-z]+(?:\s+(?!(?:anymore|any|now|either|after|since|and|or|but)\b)[a-z]+)?)\b"
            r"(?:\s+(?P<more>anymore|any\s+more))?",
            re.I,
        ),
    ),
    (
        "kin_allergy",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?P<outgrew>outgrew|has\s+outgrown|grew\s+out\s+of)\s+(?:his|her|their)\s+"
            r"(?P<value>[a-z]+(?:\s+[a-z]+)?)\s+allergy\b",
            re.I,
        ),
    ),
    # ...and their age said in passing: "my daughter Emma, who's 6 now, loves horses".
    (
        "attribute",
        re.compile(
            rf"\b(?:my|our)\s+(?P<attr>{KINSHIP}(?:\s+(?-i:[A-Z][a-z]+))?),\s+who(?:'s|\s+(?P<be>is))\s+"
            r"(?:now\s+|just\s+)?(?P<value>\d{1,2})(?:\s+years?\s+old)?(?:\s+now)?\s*[,)]",
            re.I,
        ),
    ),
    # What one's people like, hate or play: "My daughter loves dinosaurs", "my husband hates
    # cilantro", "my son plays soccer" (not "my mom loves me", "my son plays with his friends").
    (
        "kin_likes",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:really\s+|absolutely\s+|just\s+|still\s+)?(?:(?P<verb>loves?|likes?|adores?|hates?|"
            r"can't\s+stand|(?:is|are)\s+obsessed\s+with|(?:is|are)\s+(?:really\s+)?into)\s+"
            r"(?!(?:me|you|him|her|it|them|us|that|this|to|when|how|what|being|my|our|your)\b)"
            r"(?P<value>(?:[\w'-]+\s+){0,3}?[\w'-]+))(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so|because|"
            r"too)\b)",
            re.I,
        ),
    ),
    (
        "kin_likes",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            # ...or speak: "My wife speaks German".
            rf"(?:also\s+|still\s+)?(?:(?P<plays>plays?)\s+(?=(?:{PLAYED})\b)|"
            rf"(?P<speaks>speaks?)\s+(?={LANGUAGE}\b))(?P<value>(?:{PLAYED})|{LANGUAGE})"
            r"(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so|because|too|on|every|at|for)\b)",
            re.I,
        ),
    ),
    # What they did for a living: "My late father was a doctor", "my grandpa was a sailor", "my
    # dad used to be a teacher" (a known line of work only: "my son was a star" is none).
    (
        "kin_was",
        re.compile(
            rf"\b(?:my|our)\s+(?P<late>late\s+)?(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:also\s+)?(?P<verb>was|used\s+to\s+be)\s+"
            rf"(?P<value>an?\s+(?:[\w-]+\s+){{0,2}}?(?:{PROFESSIONS}))(?![\w'-])",
            re.I,
        ),
    ),
    # Their health: "My mom has dementia", "my son was diagnosed with autism".
    (
        "kin_condition",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:also\s+|now\s+|still\s+)?(?:has|(?:was|got|has\s+been)\s+(?:just\s+)?diagnosed\s+"
            rf"with|suffers\s+from|is\s+(?:battling|fighting))\s+(?P<value>{CONDITIONS})\b",
            re.I,
        ),
    ),
    # ...what they fear: "My son is afraid of the dark", "my daughter is scared of dogs".
    (
        "kin_fear",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:is|are|gets|get)\s+(?:(?:really|so|very|a\s+bit|a\s+little|still|terribly)\s+)?"
            r"(?:afraid|scared|terrified|frightened)\s+of\s+"
            r"(?P<value>(?!(?:what|how|that|it|this|you|me|him|her|them|us|being)\b)"
            r"[\w'-]+(?:\s+[\w'-]+){0,3}?)(?=\s*[.,!?;:\n]|\s+(?:and|but|because|so)\b|\s*$)",
            re.I,
        ),
    ),
    # ...and how many children they have: "My sister has two kids" (their own key).
    (
        "kin_children",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?\s+"
            r"(?:now\s+|also\s+)?(?:has|have)\s+(?P<value>(?:an?|one|two|three|four|five|six|\d)\s+"
            r"(?:kids?|children|child|sons?|daughters?|boys?|girls?|grandchildren|grandkids?))"
            r"(?=\s*[.,!?;:\n]|\s+(?:and|but|now|too|already)\b|\s*$)",
            re.I,
        ),
    ),
    # "I have a 3 year old daughter": their age, told before them.
    (
        "attribute",
        re.compile(
            r"\bI\s+(?:also\s+)?have\s+an?\s+(?P<value>\d{1,2})[\s-]+(?:year|yr)s?[\s-]+old\s+"
            rf"(?P<attr>{KINSHIP})\b",
            re.I,
        ),
    ),
    # What happened to the people in one's life: "my grandmother passed away last week".
    (
        "kin_event",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?"
            r"(?:\s+(?:just\s+)?|(?='s\s))"
            r"(?P<verb>passed\s+away|died|got\s+(?:married|engaged|divorced|sick|ill)|"
            r"had\s+(?:a\s+baby|twins|surgery|an?\s+(?:[\w-]+\s+)?(?:accident|operation|stroke|"
            r"heart\s+attack))|was\s+(?:diagnosed\s+with|born|hospitali[sz]ed)|retired|graduated|"
            # ...or is in hospital, or was taken there, hurt or ill.
            + _IN_HOSPITAL_HURT_OR_ILL
            + r"|"
            # ...or lost their work: "My brother lost his job", "my dad got laid off".
            r"lost\s+(?:his|her|their)\s+job|(?:got|was|has\s+been)\s+(?:fired|laid\s+off|let\s+go)|"
            # ...or took a step: "My son started kindergarten", "my wife got promoted".
            r"started\s+(?:kindergarten|preschool|daycare|school|college|university|uni|high\s+school|"
            r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|1st|2nd|3rd|[4-8]th)\s+grade|"
            r"middle\s+school|(?:a|his|her|their)\s+new\s+job" + _NO_FIRM + r")|"
            r"got\s+(?:promoted|a\s+promotion|a\s+new\s+job" + _NO_FIRM + r"|"
            r"into\s+(?:college|university|med\s+school|law\s+school)))"
            rf"(?P<value>{CLAUSE_CHAR}{{0,60}}?){END}",
            re.I,
        ),
    ),
    # ...and a pet put down: "We had to put our dog Max down last week".
    (
        "kin_event",
        re.compile(
            rf"\bput\s+(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z])[\w'-]+))?\s+"
            rf"(?P<verb>down|to\s+sleep)(?!\s+for\b)(?P<value>{CLAUSE_CHAR}{{0,60}}?){END}",
            re.I,
        ),
    ),
    # ...and one known by name alone: "Rex passed away last night", "we had to put Rex down"
    # (whose, what is believed says: `core.ingest.references`; not "Tom died laughing").
    (
        "kin_event",
        re.compile(
            r"(?:^|(?<=[.!?]\s)|(?<=,\s)|\b(?:and|but|so|sadly)\s+)(?P<name>(?-i:[A-Z][a-z'-]+))\s+"
            r"(?:just\s+|sadly\s+|finally\s+)?(?P<verb>passed\s+away|died)(?!\s+(?:laughing|inside|"
            r"of\s+(?:embarrassment|shame|boredom|laughter)|a\s+little)\b)"
            rf"(?P<value>{CLAUSE_CHAR}{{0,60}}?){END}",
            re.M,
        ),
    ),
    (
        "kin_event",
        re.compile(
            r"\b(?:I|we)\s+(?:had\s+to\s+|just\s+|finally\s+)?put\s+(?P<name>(?-i:[A-Z][a-z'-]+))\s+"
            rf"(?P<verb>down|to\s+sleep)(?!\s+for\b)(?P<value>{CLAUSE_CHAR}{{0,60}}?){END}",
            re.I,
        ),
    ),
]
