"""The words to-dos are said with, which `core.task_phrases` builds its phrases of: the
errands, the things one keeps, owes, runs out of or hands in by a date, and the ways the
assistant is asked."""

from __future__ import annotations

import re

# The verbs of a note to oneself in the imperative (`errand` of `core.task_phrases`).
ERRANDS = [
    *(
        "call phone text message email e-mail contact chase pay renew buy pick drop return "
        "submit file sign pack unpack clean wash tidy vacuum hoover water feed walk mow cancel "
        "deposit collect visit charge refill iron sweep mop schedule reschedule book reserve "
        "order post mail send prep prepare"
    ).split(),
    r"follow\s+up",
    # ...not a year rung in.
    r"ring(?!\s+in\b)",
]
SUBJECT = r"\b(?:i|we)"
# Where a sentence telling news starts, after the words that open it: "Ok so", "Heads up,",
# "Unfortunately", "Turns out".
TOLD_HEAD = (
    r"(?:^|(?<=[.!;]\s)|(?<=[.!;]\s\s))"
    r"(?:(?:ok|okay|so|and|oh|ugh|well|actually|also|btw|fyi|update|heads\s+up|apparently|"
    r"unfortunately|sadly|turns\s+out|guess\s+what|(?:good|bad)\s+news)\W+)*"
)
# A word that only points at a thing said before: a to-do of "it" alone is that thing's.
POINTING_ONLY = re.compile(r"(?:it|that|this|them|those|these)", re.IGNORECASE)
FILLER = (
    r"(?:(?:really|still|just|also|probably|definitely|actually|absolutely|seriously|"
    r"desperately|urgently|totally|finally)\s+){0,2}"
)
# A sum of money as said: "$20", "€5.50", "20 euros", "50 bucks".
MONEY = (
    r"(?:[$\u20ac\u00a3]\s?\d+(?:\.\d\d)?k?|\d+(?:\.\d\d)?\s*(?:bucks|dollars|euros|pounds|"
    r"quid|eur|usd|gbp))"
)
# ...owed to someone: "Maria 20 euros", "my mom $100" (not "you an apology").
OWED = r"(?!(?:you|u)\b)[\w']+(?:\s+[\w']+)?\s+" + MONEY
# A word of a clause that goes on with one's own doing: none that opens another's clause, a
# thought, a condition or a report ("I think they're lost", "I'd go if she ...").
OWN_CLAUSE_WORD = (
    r"(?!(?:he|she|they|they're|we|you|you're|it|it's|is|are|was|were|who|that|which|think|"
    r"thought|guess|hope|feel|felt|know|knew|said|say|says|told|heard|wonder|believe|if|when|"
    r"whenever|unless|because|but|so|or|while)\b)[\w'$\u20ac\u00a3.,-]+"
)
# Where a thing asked to be kept goes: the inbox reminds when its time comes.
ON_CALENDAR = r"(?:to|on|in|into)\s+(?:my|the|our)\s+(?:calendar|agenda|diary|schedule)\b"
# What a home runs out of, which is bought again (not "out of time", "out of ideas").
SUPPLIES = (
    r"milk|oat\s+milk|coffee|coffee\s+filters|tea|eggs|bread|butter|sugar|flour|rice|pasta|"
    r"cheese|cereal|olive\s+oil|salt|bananas|toilet\s+paper|loo\s+roll|paper\s+towels|"
    r"dish\s+soap|washing[\s-]up\s+liquid|(?:laundry\s+)?detergent|shampoo|toothpaste|soap|"
    r"cat\s+food|dog\s+food|cat\s+litter|diapers|nappies|batteries|printer\s+ink|"
    r"(?:trash|bin|garbage)\s+bags|light\s+bulbs"
)
# A thing with its day that one goes to: "a doctor's appointment Thursday".
A_DATE = (
    r"(?:an?\s+|my\s+|our\s+|the\s+)?(?:[\w'-]+\s+){0,3}?(?:appointment|meeting|interview|exam|"
    r"test|flight|train|call|class|lesson|session|dinner|lunch|date|reservation|deadline|"
    r"check-?up|surgery|dentist|doctor|vet|physio|haircut|parents'?\s+evening|recital|concert|"
    r"wedding|funeral|match|game|gig|party)\b"
)
# One's things that need upkeep (`needs_doing`, `due_for`).
OWN_THINGS = (
    r"(?:car|bike|sink|roof|boiler|heater|fridge|laptop|phone|tires|tyres|lawn|grass|gutters|"
    r"printer|passport|licen[cs]e|visa|prescription|dog|cat)"
)
# What one is due for: a service, a checkup.
UPKEEP = (
    r"(?:an?\s+|its\s+|their\s+|his\s+|her\s+|my\s+|a\s+new\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:oil\s+change|service|wash|shots|vaccines?|inspection|mot|tune-?up|check-?up|physical|"
    r"haircut|cleaning|eye\s+exam|flu\s+shot|booster|vaccination|jab|smear\s+test|mammogram|"
    r"renewal|vet\s+visit|grooming|trim)\b"
)
# The things one has left to do, by what is done to them (`left_to_do`): any thing for the
# errands' verbs; for "do", "make", "run" and "give", only their own ("I have a train to
# catch" is said leaving).
THING_LEFT = r"(?:an?\s+|the\s+|my\s+|our\s+)?(?:[\w'-]+\s+){0,2}?"
LEFT_TO_DO = (
    r"(?:an?\s+|the\s+|my\s+|our\s+)?(?!(?:an?|the|my|our|no|nothing|something|anything|"
    r"everything|it|them|this|that|lots?|much|more|plenty|enough|time|money|stuff|things?|work|"
    r"kids?|children|mouths|people|friends|questions?|points?|story|stories)\b)"
    r"(?!bills\s+to\s+pay\s*(?:[,.!?;]|$))"
    r"[\w'-]+(?:\s+[\w'-]+){0,2}?\s+to\s+(?:answer|pay|finish|write|plan|organi[sz]e|prepare|"
    r"return|submit|file|sign|send|mail|post|wrap|pack|unpack|clean|wash|fold|iron|grade|mark|"
    r"fix|repair|book|order|buy|renew|cancel|schedule|print|fill\s+(?:out|in)|pick\s+up|"
    r"drop\s+off|reply\s+to|respond\s+to|sort\s+(?:out|through))"
    r"|" + THING_LEFT + r"(?:laundry|homework|dishes|taxes|tax\s+return|paperwork|shopping|"
    r"ironing|chores|housework|washing(?:\s+up)?)\s+to\s+do"
    r"|" + THING_LEFT + r"(?:calls?|phone\s+calls?|appointments?|reservations?|payments?|"
    r"bookings?)\s+to\s+make"
    r"|" + THING_LEFT + r"errands\s+to\s+run"
    r"|" + THING_LEFT + r"(?:speech|presentation|talk|lecture|toast)\s+to\s+give"
)
CANT_MISS = r"(?:can'?t|cannot|mustn'?t|must\s+not)\s+(?:afford\s+to\s+)?miss"
# As typed in chat too: "pls remind me to call the vet".
PLEASE = r"(?:please|pls|plz)"
# Asking the assistant: "Can you ...", "could u please just ...".
ASKING_YOU = r"(?:can|could|would|will)\s+(?:you|u)\s+(?:(?:" + PLEASE + r"|also|just)\s+)*"
# An instruction opening a sentence, asked or not, the assistant named or greeted first: "Can
# you please add ...", "Please add ...", "Engram: add ...", "ok add ...".
_OPENED = r"^(?:(?:hey|hi|ok|okay|yo|so|oh|also|and|engram)\W+)*"
_CAN_YOU = r"(?:can|could|would|will)\s+(?:you|u)\s+"
ASKED = _OPENED + r"(?:" + _CAN_YOU + r")?(?:" + PLEASE + r"\s+)?"
# The assistant asked to note a thing down: "Can you make a note that ...", "Please write
# down that ..." (a bare "Note that ..." opens many a pasted page).
NOTE_ASKED = (
    r"(?:"
    + ASKED
    + r"(?:make|take)\s+(?:a\s+)?note|"
    + _OPENED
    + r"(?:"
    + _CAN_YOU
    + r"(?:"
    + PLEASE
    + r"\s+)?|"
    + PLEASE
    + r"\s+)(?:note|write|jot)(?:\s+down)?)"
)
# One's own work or bills, handed in or paid by a date.
OWN_DUE_THING = (
    r"(?:my|our|the)\s+(?:[\w'-]+\s+){0,2}?(?:rent|bills?|taxes|tax\s+return|invoice|payment|"
    r"essay|paper|report|assignment|homework|thesis|dissertation|application|presentation|"
    r"library\s+books?|deposit|renewal|coursework|proposal)"
)
