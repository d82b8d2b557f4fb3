"""The wordings of what the speaker did, is doing and is about to do (`core.ingest.rules`):
things done told in passing, trips, what one has been up to, and plans with their time. Tried
after the facts about who one is (`core.ingest.fact_patterns`), in this order."""

from __future__ import annotations

import re

from core.ingest.fact_words import DONE, KINSHIP
from core.ingest.pattern_parts import END, I_AM, PLACE, VALUE, WITH

# What one's people are about to do, with its time or its object after it.
_THEIR_PLANS = (
    r"getting(?=\s+(?:married|engaged)\b)|"
    r"having(?=\s+(?:a\s+baby|twins|surgery|an?\s+(?:operation|wedding|party))\b)|"
    r"(?:moving|flying|going|heading)\s+to(?=\s+(?:the|see|visit)\b|\s+(?-i:[A-Z]))|"
    r"(?:coming|flying)\s+(?:over|home|back|in|to\s+(?:visit|stay))|visiting|retiring|"
    r"graduating|starting"
)

# What one (or one's people) are about to do, said in the present with its day: "I start my
# new job on Monday", "Our daughter starts school in September", "My parents arrive tomorrow".
# What is started as a plan: something new, or school.
_A_START = (
    r"(?=\s+(?:(?:my|our|his|her|their|a|the)\s+new\s|(?:school|college|uni|kindergarten|"
    r"preschool|nursery|daycare)\b))"
)
_PLANNED_NOW = (
    rf"(?:start|begin)s?{_A_START}|(?:flies|fly|heads?|moves?|goes|go)\s+"
    r"(?:back\s+)?to(?=\s+(?-i:[A-Z]))|leaves?\s+for(?=\s+(?-i:[A-Z]))|"
    r"(?:arrive|land)s?|comes?\s+home|gets?\s+back"
)
# What is done as a rule is no plan: "I start work at 9 every day", "I have a standing meeting
# every Monday", "I have a class on Tuesdays".
_NOT_A_ROUTINE = (
    r"(?![^.!?\n]{0,80}?\b(?:every|each|usually|always|weekly|daily|standing|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b)"
)
# A plan said in the present is one only with its day.
_WITH_ITS_DAY = (
    r"(?=[^.!?\n]{0,80}?\b(?:tomorrow|tonight|today|next\s|this\s+(?:week|month|weekend)|"
    r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|in\s+(?:\d+|two|three|a\s+few)\s+"
    r"(?:days|weeks)|in\s+(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december)\b))" + _NOT_A_ROUTINE
)

DOING_RULES: list[tuple[str, re.Pattern[str]]] = [
    # What the speaker did, said as done: "I ran a charity race last Saturday", "I joined a
    # pottery class", "I adopted a puppy". A memory of its own, short enough to fit where
    # the conversation's whole segment would not (a new job and a school have their keys).
    (
        "event",
        re.compile(
            r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|also\s+|actually\s+|"
            rf"even\s+|all\s+)?(?P<verb>{DONE})\s+"
            rf"{VALUE}{END}",
            re.I,
        ),
    ),
    # ...and a thing made, shown: "here's my horse painting I did recently", "a pic of a cake
    # I made".
    (
        "event",
        re.compile(
            r"\b(?P<value>(?:my|our|an?|the)\s+(?:[\w-]+\s+){0,2}?(?:painting|portrait|"
            r"self-portrait|drawing|sketch|sculpture|bowl|pot|vase|mug|cake|pie|cookies|ice\s+cream|"
            r"bread|poem|song|quilt|scarf|sweater))\s+(?:that\s+)?(?:I|we)\s+(?:just\s+|recently\s+)?"
            r"(?P<verb>made|did|painted|drew|wrote|baked|knitted|cooked|created)\b",
            re.I,
        ),
    ),
    # ...and a trip told in passing: "I took this on my trip to the Smoky Mountains last year",
    # "I took that pic on a hike last summer near Fort Wayne".
    (
        "trip",
        re.compile(
            r"\b(?:on|during|from)\s+(?:(?:my|our)\s+(?:recent\s+|last\s+|first\s+|[\w-]+\s+)?"
            r"(?:trip|vacation|holiday|journey)\s+to|(?:my|our|an?)\s+(?:recent\s+|long\s+)?"
            r"(?P<outing>hike|walk|camping\s+trip)(?:\s+(?:last|this)\s+[a-z]+)?\s+"
            rf"(?P<near>near|in|at|through|around))\s+{PLACE}{END}",
            re.I,
        ),
    ),
    # ...and the second of two things done: "I took your advice and watched 'The Lord of the
    # Rings'". The verb right after "and": "I told him and he watched" is someone else's.
    (
        "event",
        re.compile(
            r"\b(?:I|we)(?:'ve|'d)?\s+[a-z]+(?:\s+[\w']+){0,7}?\s+and\s+"
            r"(?:(?:then|also|finally|just|even)\s+)?"
            rf"(?P<verb>{DONE})\s+{VALUE}{END}",
            re.I,
        ),
    ),
    # What the speaker has been doing, or is doing these days: "I've been running farther to
    # de-stress", "I'm doing kickboxing", "I'm trying out yoga", "I'm in the middle of a
    # novel", "I'm so busy at the shelter getting ready for a fundraiser". Not how they are
    # ("I've been doing great") nor what they only think of ("I've been thinking about
    # moving"), nor where ("in the middle of nowhere").
    (
        "activity",
        re.compile(
            r"\bI(?:'ve|\s+have)\s+been\s+(?:also\s+)?(?:(?:real(?:ly)?|so|super|very)\s+)?"
            r"(?:busy\s+)?(?P<verb>(?!(?:thinking|"
            r"wondering|meaning|wanting|hoping|waiting|looking|considering|feeling|having|trying|"
            r"dying|going\s+through)\b|working\s+(?:at|for)\b|living\s+in\b)"
            rf"(?:(?:going|learning)\s+to|[a-z]+ing{WITH}))\s+{VALUE}{END}|"
            rf"{I_AM}(?:also\s+|now\s+|currently\s+|still\s+|"
            r"(?:real(?:ly)?|so|super|very)\s+(?=busy\b))?"
            # ...or is working towards, or getting over: "I'm trying to lose weight", "I'm
            # recovering from knee surgery" (not "I'm trying to figure this out").
            r"(?P<doing>trying\s+to(?=\s+(?:lose\s+weight|get\s+(?:in\s+shape|fit|healthy|healthier|"
            r"sober)|eat\s+(?:healthier|better|healthy|clean|less|more)|save\s+(?:money|up)|"
            r"quit|drink\s+less|sleep\s+more|exercise\s+more|gain\s+weight|stay\s+(?:fit|sober|"
            r"healthy)|read\s+more|learn)\b)|recovering\s+from|"
            r"(?:doing|trying(?:\s+out)?|learning(?:\s+to)?|practi[cs]ing|training|"
            r"starting|working|volunteering|running|taking|writing|reading|playing|planning|"
            rf"building|making|organi[sz]ing|teaching){WITH}|"
            # ...or after: "I'm looking for a new job", "I'm studying for the bar exam".
            r"looking\s+for(?=\s+(?:a|an)\s+(?:new\s+|bigger\s+|cheaper\s+)?(?:job|apartment|flat|"
            r"house|place|home|roommate|flatmate|babysitter|nanny|therapist|dentist|doctor|car)\b)|"
            r"studying\s+for(?=\s+(?:the|an?)\s+(?:[\w-]+\s+){0,3}?(?:exam|test|bar|boards|"
            r"certification|licen[cs]e|gre|gmat|sat|mcat|lsat)\b)|"
            r"in\s+the\s+middle\s+of(?!\s+nowhere\b)|"
            # ...or what one is weighing: "I'm thinking about moving to Spain", "I'm considering
            # going back to school" (not "I'm thinking about you", nor "about moving" alone:
            # moving what, where?).
            r"(?:(?:seriously\s+)?thinking\s+(?:about|of)|considering)"
            r"(?=\s+(?!going\s+to\s+(?:bed|sleep)\b|heading\s+(?:out|home)\b)[a-z]+ing\s+\w)|"
            r"busy\s+(?:at\s+(?:the|my|our)\s+[\w-]+\s+)?"
            rf"(?!(?:thinking|wondering|waiting)\b)[a-z]+ing{WITH})\s+{PLACE}{END}",
            re.I,
        ),
    ),
    # ...and what one's people are learning or training for: "My daughter is learning to swim",
    # "My husband is training for a marathon".
    (
        "activity",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z])[\w'-]+))?\s+"
            r"(?P<be>is|are)\s+(?:now\s+|currently\s+|still\s+|also\s+)?"
            + VALUE.replace(
                "(?P<value>",
                "(?P<value>(?:learning(?:\\s+to|\\s+how\\s+to)?|training\\s+for|studying|"
                "practi[cs]ing|taking(?=\\s+(?:a|an)\\s+[\\w-]+\\s+(?:class|course|lessons?)))\\s+",
                1,
            )
            + END,
            re.I,
        ),
    ),
    # ...or is off to right now: "I'm off to go swimming with the kids", "I'm off to do some
    # taekwondo" (not "off to bed", which is every day's).
    (
        "activity",
        re.compile(
            rf"{I_AM}(?:just\s+)?off\s+to\s+(?P<off>go(?=\s+[a-z]+ing\b)|do(?=\s+(?:some|an?|"
            rf"my|our)\s))\s+{VALUE}{END}",
            re.I,
        ),
    ),
    # What the speaker is about to do, and when: "I'm flying to Lisbon on Friday", "we're
    # going to a wedding next month", "I'm visiting my parents next weekend", "I'm going to
    # run a marathon in May". Kept only with the time it is for (`core.ingest.rules`): "I'm
    # going to the gym" is a habit's. Not how one will be ("going to be late", "gonna love
    # it") nor what one must or will try.
    (
        "plan",
        re.compile(
            r"\b(?:I|we)(?:'m|'re|\s+am|\s+are)\s+(?:also\s+|finally\s+|actually\s+|really\s+)?"
            r"(?P<verb>(?:going|flying|driving|heading|travell?ing|moving|off)\s+to"
            r"(?=\s+(?:a|an|the|my|our|see|visit)\b|\s+(?-i:[A-Z]))|visiting|attending|"
            r"(?:going\s+to|gonna)\s+(?!(?:be|have|need|try|say|tell|ask|get|do|make|think|feel|"
            r"go|see|visit|let|wait|miss|love|like|hate)\b)[a-z]+|"
            r"leaving\s+for|hosting|having(?=\s+(?:a|an|my|our)\s|\s+(?:surgery|twins)\b)|"
            # ...a move with no place named: "We're moving house next month", "moving out in May".
            r"moving(?=\s+(?:house|home|out|abroad|back)\b)|"
            r"planning(?:\s+to|(?=\s+(?:a|an|my|our)\s))|hoping\s+to|"
            r"taking(?=\s+(?:a|an|my|our)\s+(?:[\w-]+\s+){0,2}?(?:class|course|trip|vacation|"
            r"holiday|break|day\s+off|week\s+off|exam|test)\b)|"
            r"thinking\s+(?:of|about)(?=\s+[a-z]+ing\b)|"
            r"getting(?=\s+(?:married|engaged|divorced)\b)|"
            rf"(?:starting|beginning){_A_START}|"
            r"expecting(?=\s+(?:a\s+baby|our|my|twins|a\s+(?:boy|girl))\b))\s+"
            rf"{VALUE}{END}",
            re.I,
        ),
    ),
    # ...or said in the present with its day: "I start my new job on Monday", "I fly to Lisbon
    # on Friday", "we leave for Paris tomorrow" (not "I start work at 9", a day's routine).
    (
        "plan_simple",
        re.compile(
            rf"\b(?:I|we)\s+(?P<verb>{_PLANNED_NOW})\s+{_WITH_ITS_DAY}{VALUE}{END}",
            re.I,
        ),
    ),
    # ...and a journey's time: "My flight leaves at 7:30 tomorrow" (on the key "my flight is at 7
    # tomorrow" is on).
    (
        "departs",
        re.compile(
            r"\b(?:my|our)\s+(?P<thing>flight|train|bus|ferry|coach|plane)\s+(?:home\s+|back\s+)?"
            rf"(?P<verb>leaves|departs|lands|arrives|takes\s+off|boards|gets\s+in)\s+{_WITH_ITS_DAY}"
            rf"{VALUE}{END}",
            re.I,
        ),
    ),
    # ...or called off, on the key its day is on: "My flight got cancelled" replaces "My flight
    # is at 6am tomorrow".
    (
        "called_off",
        re.compile(
            r"\b(?:my|our)\s+(?P<thing>(?:[\w']+\s+){0,2}?(?:party|wedding|graduation|flight|"
            r"exam|interview|appointment|surgery|operation|presentation|recital|driving\s+test|"
            r"meeting|class|lesson|concert|trip|dinner|reservation|booking|game|match|practice|"
            r"shift|gig|show|lecture|tour|vacation|holiday)(?:\s+with\s+[\w']+)?)"
            r"\s+(?:(?:got|was|were|is|are|has\s+been|have\s+been)\s+)?(?:just\s+|now\s+)?"
            r"(?P<value>cancell?ed|called\s+off|postponed)"
            r"(?:\s+(?:today|tonight|tomorrow|again|after\s+all|this\s+week))?" + END,
            re.I,
        ),
    ),
    # ...one's people's: "My sister Marta is getting married in June", "My dad is retiring in
    # March", "Our son is coming home for Christmas" (the value is all they are doing).
    (
        "plan",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z])[\w'-]+))?\s+"
            r"(?P<be>is|are)\s+(?:also\s+|finally\s+|actually\s+)?"
            + VALUE.replace("(?P<value>", f"(?P<value>(?:{_THEIR_PLANS})\\s+", 1)
            + END,
            re.I,
        ),
    ),
    # ...said in the present with their day (no "is" to tell them by: an empty one).
    (
        "plan",
        re.compile(
            rf"\b(?:my|our)\s+(?P<kin>{KINSHIP})(?:\s+(?P<name>(?-i:[A-Z])[\w'-]+))?\s+(?P<be>)"
            + _WITH_ITS_DAY
            + VALUE.replace("(?P<value>", f"(?P<value>(?:{_PLANNED_NOW})\\s+", 1)
            + END,
            re.I,
        ),
    ),
    # ...and what is on the calendar: "I have a job interview on Friday", "I've got a gaming
    # tournament next month" (kept, like any plan, only with its time).
    (
        "plan",
        re.compile(
            r"\b(?:I|we)(?P<have>'ve\s+got|\s+have(?:\s+got)?)\s+"
            + _NOT_A_ROUTINE
            + r"(?=(?:an?|my|our)\s+(?:[\w'-]+\s+){0,2}"
            r"(?:interview|appointment|meeting|exam|test|party|wedding|date|game|match|tournament|"
            r"concert|show|trip|flight|presentation|class|lesson|surgery|check-?up|conference|"
            r"competition|recital|performance|audition|reunion|event|gig)s?\b)"
            rf"{VALUE}{END}",
            re.I,
        ),
    ),
]
