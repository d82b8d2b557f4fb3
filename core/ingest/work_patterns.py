"""The wordings of where one works and studies, and as what (`core.ingest.rules`): a firm
joined or left, being out of work, a line of work, a school, a subject. Tried after where one
lives (`core.ingest.fact_patterns`), in this order."""

from __future__ import annotations

import re

from core.ingest.fact_words import KINSHIP, PROFESSIONS, STUDENT, WORK_HOW
from core.ingest.pattern_parts import END, I_AM, PLACE, VALUE
from core.sentences import INNER_DOT

# Degrees one holds, by the words said for them ("a degree" alone, only with its subject).
_DEGREES = (
    r"phd|doctorate|master'?s|bachelor'?s|mba|msc|bsc|ba|mfa|associate'?s|law\s+degree|"
    r"medical\s+degree"
)
_SUBJECT = (
    r"[A-Za-z][\w-]*(?:\s+(?!(?:from|at|in|and|but|so|because|since|last|this|when)\b)"
    r"[A-Za-z][\w-]*){0,3}"
)

WORK_RULES: list[tuple[str, re.Pattern[str]]] = [
    (
        "employer",
        re.compile(
            r"\bI(?:(?:'ve|\s+have)\s+been\s+working|(?:'m|\s+am)\s+(?:now\s+|currently\s+)?"
            r"(?:working|interning)|\s+(?:now\s+|currently\s+)?(?:work|intern))\s+"
            # ...said with how: "I work night shifts at the hospital" (`works_how` keeps that).
            rf"(?:{WORK_HOW}\s+)?(?:at|for)\s+"
            rf"{VALUE}{END}|\bI(?:'ve| have)?\s+(?:just\s+)?(?:started\s+(?:a\s+new\s+job|"
            r"working)|(?:got|landed|found|scored)\s+(?:a|the)\s+(?:new\s+)?job)\s+(?:at|with)\s+"
            rf"{PLACE}{END}",
            re.I,
        ),
    ),
    # ...a job changed, or a firm joined as what one does there: "I switched jobs, now I'm at
    # Spotify", "I just joined Spotify as a designer" (not "I joined Spotify in March": the
    # app, perhaps), "My new job is at Spotify".
    (
        "employer",
        re.compile(
            r"\bI\s+(?:just\s+|recently\s+)?(?:switched|changed)\s+jobs?(?:\s*,\s*|\s+and\s+)"
            rf"(?:now\s+)?I(?:'m|\s+am)\s+(?:now\s+)?(?:at|with)\s+{VALUE}(?:\s+now)?{END}"
            r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?joined\s+"
            rf"(?=(?-i:[A-Z])[^.!?,;]{{0,40}}?\s+as\s+an?\s){PLACE}{END}"
            r"|\bmy\s+(?:new\s+)?job\s+is\s+(?:at|with)\s+"
            rf"{VALUE.replace('value', 'firm')}(?:\s+now)?{END}",
            re.I,
        ),
    ),
    # ...hired, or taking an offer: "I got hired at Stripe", "I accepted an offer from Stripe".
    (
        "employer",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:got\s+hired|been\s+hired|"
            r"was\s+hired|accepted\s+(?:an?\s+|the\s+)?(?:job\s+)?offer)\s+(?:at|by|from|with)\s+"
            rf"{VALUE}{END}",
            re.I,
        ),
    ),
    (
        "left_employer",
        re.compile(
            r"\bI\s+(?:no\s+longer|don't|do\s+not)\s+work\s+(?:at|for)\s+"
            rf"{VALUE}{END}|\bI(?:'ve| have)?\s+(?:just\s+|also\s+)?(?:quit|left|lost)\s+my\s+"
            r"job\s+(?:at|with)\s+"
            rf"{PLACE}{END}|\bI(?:'ve| have)?\s+(?:just\s+)?(?:quit|resigned\s+from|"
            r"(?:got|was|have\s+been|'ve\s+been)\s+(?:fired|laid\s+off|let\s+go)\s+from)\s+"
            rf"{VALUE.replace('value', 'firm')}{END}",
            re.I,
        ),
    ),
    # Out of work, no firm named: "I lost my job", "I got laid off", "I'm retired".
    (
        "out_of_work",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+)?(?P<quit>quit|lost|left)\s+my\s+job\b(?!\s+(?:at|with)\b)"
            r"|\bI(?:'ve\s+been|\s+have\s+been|\s+got|\s+was|\s+just\s+got)\s+(?:just\s+)?"
            r"(?P<let_go>fired|laid\s+off|let\s+go)\b(?!\s+(?:from|up)\b)"
            rf"|{I_AM}(?:now\s+)?(?P<state>unemployed|self-employed|out\s+of\s+work|between\s+jobs|"
            r"retired)\b"
            r"(?!\s+(?:from|teacher|nurse|\w+er)\b)|\bI\s+(?:just\s+)?retired\b(?!\s+from\b)",
            re.I,
        ),
    ),
    # "I got promoted to team lead", "I became a teacher": a new line of work.
    (
        "new_role",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+)?(?:got|was|been|get)\s+(?:a\s+)?"
            rf"(?:promoted|promotion)\s+to\s+{VALUE}{END}"
            rf"|\bI\s+(?:just\s+)?became\s+(?P<role>an?\s+(?:[\w-]+\s+){{0,2}}?(?:{PROFESSIONS}))\b",
            re.I,
        ),
    ),
    (
        "occupation",
        re.compile(
            r"\bI(?:\s+(?:now\s+)?work|(?:'m|\s+am)\s+(?:now\s+|currently\s+)?working"
            # ...or a job begun: "I just started a new job as a nurse", "I got a job as a
            # teacher", "I started working as a barista".
            r"|(?:\s+just|\s+recently|\s+finally)?\s+(?:(?:started|got|landed|found|took)\s+"
            r"(?:a\s+|my\s+first\s+)?(?:new\s+)?job|started\s+working))\s+as\s+"
            # (not "as a favour to my uncle", "as a student": why or when, not what).
            r"(?!an?\s+(?:favou?r|joke|result|reward|gift|way|bonus|kid|child|teen(?:ager)?|"
            r"student)(?:\s*$|\s*[.,!?;]|\s+(?:to|for|from|of|and|but)\b))"
            r"(?P<value>an?\s+(?:[^.,!?;:\n\u2013\u2014]|" + INNER_DOT + r")+?)(?:\s+now)?" + END,
            re.I,
        ),
    ),
    # How and where one works: "I work from home", "I work part-time", "I work night shifts"
    # (not "I work from home on Mondays": a routine).
    (
        "works_how",
        re.compile(
            # ...or one's people: "My husband works from home".
            rf"(?:\bI|\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z][\w'-]+)))?)\s+"
            r"(?:now\s+|currently\s+|mostly\s+|usually\s+|still\s+|also\s+)?works?\s+"
            # ...how much ("I work 60 hours a week") and in what line ("I work in marketing").
            rf"(?P<value>{WORK_HOW})"
            r"(?=(?:\s+(?:now|these\s+days|at\s+the\s+moment))?\s*(?:[.!?,;]|$)|\s+(?:and|but|so|"
            r"because|since|at|for)\b)",
            re.I,
        ),
    ),
    # Time off work, and back: "I'm on maternity leave", "I'm on sabbatical", "I'm back at work".
    (
        "work_leave",
        re.compile(
            rf"{I_AM}(?:now\s+|currently\s+|still\s+|finally\s+)?(?P<value>on\s+(?:maternity|"
            r"paternity|parental|sick|medical|study|unpaid|long-term\s+sick)\s+leave|"
            r"on\s+(?:a\s+)?sabbatical|on\s+furlough|furloughed|back\s+at\s+work)"
            r"(?=\s*(?:[.!?,;]|$)|\s+(?:now|until|till|since|for|and|but|so|after|this)\b)",
            re.I,
        ),
    ),
    # How one gets to work: "I bike to work", "I commute by train", "I take the bus to work"
    # (not "I drive to work today": once; nor "I walk to work when it's sunny").
    (
        "commute",
        re.compile(
            r"\b(?:I|we)\s+(?:now\s+|usually\s+|normally\s+|always\s+|mostly\s+|still\s+)?"
            r"(?P<value>(?:bike|cycle|walk|drive|carpool|commute|run)\s+(?:to|into)\s+"
            r"(?:work|the\s+office)|commute\s+by\s+(?:train|bus|car|bike|bicycle|subway|tube|"
            r"metro|tram|ferry|scooter)|take\s+the\s+(?:train|bus|subway|tube|metro|tram|ferry)\s+"
            r"to\s+(?:work|the\s+office))\b"
            r"(?!\s+(?:today|tomorrow|tonight|this|on\s+\w+day|when|if|unless)\b)",
            re.I,
        ),
    ),
    # "I teach math at a high school", "I teach English at Lincoln High": one's line of work,
    # with where (not "I teach my kids to cook").
    (
        "teaches",
        re.compile(
            r"\bI\s+(?:now\s+|currently\s+|also\s+)?teach\s+(?P<value>(?!(?:my|our|him|her|them|"
            r"you|people|myself|kids\s+how)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?\s+(?:at|in)\s+"
            r"(?:(?:an?\s+|the\s+)?(?:[a-z][\w'-]*\s+){0,3}?(?:school|college|university|academy|"
            r"kindergarten|preschool|uni)\b|(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})))",
            re.I,
        ),
    ),
    # A business one runs or owns is where one works: "I run a small bakery", "I own a coffee
    # shop in Porto", "I have my own practice" (not "I run a 5k", "I own a dog").
    (
        "runs",
        re.compile(
            r"\bI\s+(?:now\s+|currently\s+|also\s+)?(?P<verb>run|own|manage|have(?=\s+my\s+own\b))\s+"
            r"(?P<value>(?:an?|my\s+own|my\s+(?:family'?s?|parents'?)|(?:a|my)\s+family)\s+"
            r"(?:[\w'-]+\s+){0,3}?(?:bakery|caf[eé]|coffee\s+shop|restaurant|bar|pub|shop|store|"
            r"boutique|bookstore|business|company|startup|start-up|studio|salon|gym|clinic|practice|"
            r"agency|consultancy|firm|farm|hotel|hostel|daycare|food\s+truck|nonprofit|non-profit|"
            r"charity)(?:\s+in\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})?)(?![\w'-])",
            re.I,
        ),
    ),
    # "I'm training to be a nurse", "I'm studying to become a doctor": one's line of work to be,
    # which "I'm a nurse" later replaces.
    (
        "training_for",
        re.compile(
            rf"{I_AM}(?:now\s+|currently\s+)?(?P<how>(?:training|studying|in\s+school)\s+to\s+"
            r"(?:be|become))\s+"
            rf"(?P<value>an?\s+(?:[\w-]+\s+){{0,2}}?(?:{PROFESSIONS}))(?![\w'-])",
            re.I,
        ),
    ),
    # "I'm a nurse", "I'm a senior software engineer": a known line of work only ("I'm a big
    # fan", "I'm a mess" are not one).
    (
        "profession",
        re.compile(
            rf"{I_AM}(?P<value>an?\s+(?:(?:senior|junior|lead|freelance|retired|full-time|"
            r"part-time|software|data|graphic|web|ux|registered|staff|head|high\s+school|"
            r"primary\s+school|math|music|art|english|history|science|phd|grad|graduate|"
            r"undergrad(?:uate)?|master'?s|medical|law|nursing|college|university)\s+)*"
            rf"(?:{PROFESSIONS}))(?![\w'-])",
            re.I,
        ),
    ),
    # ...or the one who leads: "I'm the CEO of a small startup", "I'm the founder of Nimbus".
    (
        "profession",
        re.compile(
            rf"{I_AM}(?P<value>the\s+(?:ceo|cto|cfo|coo|founder|co-founder|director|"
            r"principal|head\s+chef|head\s+teacher)\s+(?:of|at)\s+(?:an?\s+|the\s+|my\s+)?"
            r"(?:[\w&'-]+\s+){0,3}?[\w&'-]+)(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so|since|now)\b)",
            re.I,
        ),
    ),
    # "I'm a software engineer at Google": where, besides what (the profession's rule). A
    # student's is a school.
    (
        "employer",
        re.compile(
            rf"{I_AM}an?\s+(?:[\w-]+\s+){{0,3}}?(?!{STUDENT})(?:{PROFESSIONS})\s+"
            rf"(?:at|for|with)\s+{VALUE}{END}",
            re.I,
        ),
    ),
    (
        "school",
        re.compile(
            rf"{I_AM}(?:now\s+)?an?\s+(?:[\w-]+\s+){{0,3}}?{STUDENT}\s+(?:at|of)\s+"
            rf"{VALUE}{END}|\bI(?:'m|\s+am)?\s+(?:now\s+)?(?:study|studying)\s+"
            rf"(?:[\w-]+\s+){{0,3}}?at\s+{PLACE}{END}|\bI\s+(?:go\s+to|attend)\s+"
            r"(?P<firm>(?-i:(?:the\s+)?(?:[A-Z][\w'-]*\s+){0,4}(?:School|College|University|"
            rf"Academy|Institute|High|Uni)(?:\s+of(?:\s+[A-Z][\w'-]*){{1,3}})?)){END}",
            re.I,
        ),
    ),
    # The year one is in: "I'm in my second year of college", "I'm in my final year at uni".
    (
        "school_year",
        re.compile(
            rf"{I_AM}(?:now\s+|currently\s+)?in\s+my\s+(?P<value>(?:first|second|third|fourth|"
            r"fifth|final|last|junior|senior|freshman|sophomore)\s+year\s+(?:of|at)\s+"
            r"(?:college|university|uni|high\s+school|med(?:ical)?\s+school|law\s+school|"
            r"(?:my\s+)?(?:phd|degree|master'?s|residency|apprenticeship)|(?-i:[A-Z])[\w'-]+))\b",
            re.I,
        ),
    ),
    # What one volunteers for, as one does: "I volunteer at the animal shelter".
    (
        "volunteers",
        re.compile(
            r"\bI\s+(?:also\s+|still\s+|now\s+|regularly\s+)?volunteer\s+(?P<at>at|for|with)\s+"
            r"(?P<value>(?:an?\s+|the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)"
            r"(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so|every|on|twice|once|when|since|because)\b)",
            re.I,
        ),
    ),
    # What one studies: "I'm studying medicine", "I'm majoring in biology", "I'm doing a PhD in
    # physics" (where, the rule above; "studying for my exams", "studying hard" name none).
    (
        "field",
        re.compile(
            r"\bI(?:'m|\s+am)?\s+(?:now\s+|currently\s+|also\s+)?(?:(?:study|studying)(?!\s+for\b)|majoring\s+in|"
            r"(?:doing|pursuing|getting|studying\s+for|working\s+(?:on|towards?))\s+(?:an?\s+|my\s+)?"
            r"(?:phd|doctorate|degree|master'?s|bachelor'?s|msc|bsc)"
            r"(?:\s+degree)?\s+in)\s+(?P<value>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
            r"(?=\s+(?:at|in|on|with|for|and|but|because|since|so|now|this|next|every)\b"
            r"|\s*[.,!?;:\n]|\s*$)",
            re.I,
        ),
    ),
    # ...or studied: "I studied law at Edinburgh", "I majored in history" ("I studied hard",
    # "I studied for the exam" name none).
    (
        "field",
        re.compile(
            r"\bI\s+(?:also\s+|originally\s+)?(?P<past>studied|majored\s+in)\s+"
            r"(?P<value>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
            r"(?=\s+(?:at|in|and|but|because|since|so|when|for|back|last|yesterday|before)\b"
            r"|\s*[.,!?;:\n]|\s*$)",
            re.I,
        ),
    ),
    (
        "graduated",
        re.compile(rf"\bI(?:'ve| have)?\s+(?:just\s+)?graduated\s+from\s+{VALUE}{END}", re.I),
    ),
    # A degree held: "I have a PhD in chemistry", "I got my bachelor's in economics from NYU",
    # "I have an MBA".
    (
        "degree",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:also\s+|now\s+|just\s+|finally\s+)?(?:have|hold|got|gotten|earned|"
            r"completed|finished)\s+(?P<article>a|an|my)\s+"
            rf"(?P<value>(?:{_DEGREES})(?:\s+degree)?(?:\s+in\s+{_SUBJECT})?|degree\s+in\s+{_SUBJECT})"
            r"(?:\s+(?:from|at)\s+(?P<firm>(?-i:[A-Z])[\w'&-]*(?:\s+(?:of\s+)?(?-i:[A-Z])[\w'&-]*)"
            r"{0,4}))?"
            rf"(?=\s+(?:last|this|in|back|and|but|so|because|since|when|\d)\b|{END})",
            re.I,
        ),
    ),
    # "I studied computer science at MIT": a school named, left.
    (
        "studied",
        re.compile(rf"\bI\s+(?:also\s+)?studied\s+(?:[\w-]+\s+){{0,3}}?at\s+{VALUE}{END}", re.I),
    ),
]
