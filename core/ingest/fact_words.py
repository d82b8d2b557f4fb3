"""The words the inline rules name things by (`core.ingest.fact_patterns`,
`core.ingest.doing_patterns`): professions, diets, what one plays, the people in one's life,
how often, things done. Kept apart from the patterns that use them, as `core.ingest.kin` and
`core.ingest.dropped_i` read some too."""

from __future__ import annotations

PROFESSIONS = (
    "nurse|teacher|engineer|developer|doctor|student|designer|lawyer|accountant|programmer|"
    "architect|writer|artist|chef|cook|scientist|researcher|consultant|pharmacist|dentist|"
    "therapist|journalist|photographer|musician|electrician|plumber|mechanic|pilot|"
    "firefighter|police officer|paramedic|librarian|professor|lecturer|analyst|entrepreneur|"
    "farmer|carpenter|barista|waiter|waitress|cashier|veterinarian|surgeon|physician|"
    "translator|editor|tutor|social worker|midwife|software developer|product manager|"
    "project manager|civil servant|data scientist|stay-at-home (?:mom|mum|dad|parent)|sailor|"
    "soldier|miner|fisherman|baker|butcher|tailor|banker|salesman|saleswoman|secretary|"
    "(?:truck|bus|taxi) driver|mailman|postman|judge|pastor|priest|rabbi|hairdresser|realtor|"
    "freelancer|contractor|manager|business owner|small business owner|founder|co-founder"
)
# Health kept in mind, one's own or one's people's: a known condition only ("I have a meeting"
# is none).
CONDITIONS = (
    r"(?:type\s+[12]\s+)?diabetes|asthma|epilepsy|adhd|autism|dyslexia|celiac\s+disease|"
    r"crohn'?s(?:\s+disease)?|migraines|arthritis|insomnia|high\s+blood\s+pressure|"
    r"a\s+heart\s+condition|ibs|pcos|endometriosis|tinnitus|eczema|psoriasis|lupus|ms|"
    r"multiple\s+sclerosis|long\s+covid|sleep\s+apnea|a\s+bad\s+back|back\s+pain|chronic\s+pain|"
    r"dementia|alzheimer'?s(?:\s+disease)?|parkinson'?s(?:\s+disease)?|(?:(?:breast|lung|prostate|skin|colon|bowel|bone|brain|"
    r"pancreatic|ovarian|stomach|liver|kidney|blood|throat|thyroid|cervical)\s+)?cancer|"
    r"down\s+syndrome|cerebral\s+palsy|high\s+cholesterol|low\s+blood\s+pressure|"
    r"hypothyroidism|hyperthyroidism|an\s+underactive\s+thyroid|heart\s+disease|"
    r"kidney\s+disease|copd|fibromyalgia|gout|glaucoma|a\s+pacemaker|sciatica|scoliosis|"
    r"vertigo|acid\s+reflux|gerd|hay\s+fever|ptsd|ocd|bipolar\s+disorder|anemia"
)
STUDENT = r"(?:student|pupil|undergrad(?:uate)?|freshman|sophomore)\b"
# The lines of work one works in: "I work in marketing", "... in tech".
INDUSTRIES = (
    r"(?:marketing|tech|technology|finance|sales|hr|human\s+resources|health\s*care|education|"
    r"retail|construction|(?-i:IT)|software|advertising|real\s+estate|insurance|hospitality|"
    r"publishing|law|government|banking|consulting|pharma|media|fashion|logistics|accounting|"
    r"engineering|research|academia|non-?profits?|fintech|biotech|film|journalism|design)\b"
)
# How one works, said alone ("I work nights", `works_how`) or before where ("I work nights at
# the hospital", "my husband works part-time at a bakery": the employer too).
WORK_HOW = (
    r"(?:from\s+home|remotely|remote|in\s+the\s+office|hybrid|part[-\s]time|full[-\s]time|"
    r"freelance|(?:the\s+)?night\s+shifts?|nights|weekends|shifts|9\s*(?:to|-)\s*5|"
    r"nine\s+to\s+five|(?:about\s+|around\s+|over\s+)?\d{1,3}\s+hours\s+a\s+week|"
    rf"(?:two|three)\s+jobs|in\s+(?:the\s+)?{INDUSTRIES}(?:\s+(?:industry|sector|field))?)"
)
DIETS = (
    r"vegetarian|vegan|pescatarian|gluten[- ]free|(?:lactose|gluten)[- ]intolerant|celiac|coeliac|"
    r"(?:type[- ][12]\s+)?diabetic|"
    r"keto|paleo|low[- ]carb|dairy[- ]free|plant[- ]based|kosher|halal"
)
# What one plays is kept only when named as such: "I play a big role" is no skill.
INSTRUMENTS = (
    r"(?:acoustic\s+|electric\s+|bass\s+)?(?:guitar|piano|keyboard|violin|viola|cello|drums|"
    r"bass|flute|saxophone|sax|ukulele|trumpet|trombone|clarinet|harp|harmonica|accordion|banjo|"
    r"mandolin|organ)"
)
PLAYED = (
    rf"(?:the\s+)?{INSTRUMENTS}|tennis|football|soccer|basketball|volleyball|baseball|"
    r"softball|golf|hockey|ice\s+hockey|rugby|cricket|badminton|squash|padel|pickleball|"
    r"table\s+tennis|ping\s+pong|chess|poker|bridge|darts|pool|snooker|video\s+games|"
    r"board\s+games|the\s+lottery"
)
# The people (and pets) in someone's life, each with facts of their own (`core.ingest.kin`).
ONE_OF_KIN = frozenset(
    "wife husband partner spouse boyfriend girlfriend fiance fiancé fiancee fiancée son "
    "daughter kid child baby mom mum mother dad father brother sister boss manager friend "
    "roommate flatmate neighbor neighbour grandma grandmother grandpa grandfather aunt uncle "
    "cousin niece nephew colleague coworker mother-in-law father-in-law sister-in-law "
    "brother-in-law stepmom stepmum stepmother stepdad stepfather stepson stepdaughter "
    "stepbrother stepsister dog cat".split()
)
# One's people a "she" or a "he" is: the words said after "my", and those said as a name ("Mom").
# (An in-law first: "my mother-in-law" is not "my mother".)
SHE_KIN = (
    "mother-in-law sister-in-law mother sister wife daughter grandmother aunt niece girlfriend",
    "mom mum grandma granny nana",
)
HE_KIN = (
    "father-in-law brother-in-law father brother husband son grandfather uncle nephew boyfriend",
    "dad grandpa grandad",
)
# ...and the people (and pets) either could be: "My boss is Linda. She is from Lyon."
EITHER_KIN = (
    "partner spouse kid child baby boss manager friend roommate flatmate neighbor neighbour "
    "cousin colleague coworker dog cat"
)
# ...of whom, people: not one's pets.
PEOPLE = ONE_OF_KIN - {"dog", "cat"}
KIN = ONE_OF_KIN | frozenset(
    "kids children sons daughters parents brothers sisters siblings grandparents friends "
    "in-laws dogs cats".split()
)
KINSHIP = (
    r"(?:(?:older|younger|little|big|best|eldest|oldest|youngest|twin|step|ex|half)[\s-]+)?(?:"
    + "|".join(sorted(KIN, key=len, reverse=True))
    + ")"
)
# Whom "my sister Mia", "my puppy Rex" names.
ONE_NAMED = "|".join(sorted(ONE_OF_KIN | {"puppy", "kitten"}, key=len, reverse=True))
# How often a thing is done as a rule: "usually", "every morning", "twice a week".
OFTEN = r"usually|always|normally|typically|generally|often|regularly|tend\s+to"
_WEEKDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_DAYS = (
    r"day|morning|afternoon|evening|night|week|weekend|month|year|summer|winter|spring|autumn|"
    + _WEEKDAY
)
# "on Mondays and Fridays", "every Tuesday and Thursday": all the days, not the first alone.
_AND_DAY = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:{day})"
_ON_DAYS = rf"(?:{_WEEKDAY.replace('|', 's|')}s)"
EVERY = (
    rf"(?:every|each)\s+(?:other\s+|single\s+)?(?:{_DAYS})(?:{_AND_DAY.format(day=_WEEKDAY)})*|"
    rf"on\s+(?:the\s+)?(?:weekends|weekdays|{_ON_DAYS}(?:{_AND_DAY.format(day=_ON_DAYS)})*)|"
    r"(?:once|twice|three\s+times|\d+\s+times|a\s+few\s+times)\s+a\s+(?:day|week|month|year)|"
    r"daily|weekly|nightly"
)
# What surgery takes out or replaces: "I had my appendix removed", "I got a new hip".
_BODY_PARTS = (
    r"(?:new\s+(?:knee|hip)|(?:appendix|tonsils|gallbladder|wisdom\s+teeth|knee|hip|kidney\s+"
    r"stones?)\s+(?:removed|out|replaced|taken\s+out))\b"
)
# Things done that are worth a memory of their own (the "event" rules): "I ran a charity
# race", "we went camping", "I was in Chicago", "I broke my leg".
DONE = (
    r"was\s+in(?=\s+(?-i:[A-Z]))|(?:got|came)\s+back\s+from|returned\s+from|"
    r"went\s+to|went(?=\s+[a-z]+ing\b)|went\s+on(?=\s+(?:an?|another|our|my)\s)|"
    r"roasted|retook|dyed|submitted|celebrated|organi[sz]ed|developed|teamed\s+up\s+with|"
    # ...and what one found one can do: "I just discovered that I can make coconut milk ice
    # cream", "I learned to make sourdough".
    r"(?:discovered|found\s+out|learned|realized)\s+(?:that\s+)?I\s+(?:can|could)\s+[a-z]+|"
    r"learned\s+(?:how\s+)?to\s+[a-z]+|"
    r"reached\s+out\s+to|got\s+done(?=\s+[a-z]+ing\b)|started\s+on(?=\s+(?:an?|my|our|the)\s)|"
    r"(?:played|found|held)(?=\s+(?:an?|some|the)\s)|saw(?=\s+(?:an?|some)\s)|"
    r"started(?!\s+(?:a\s+)?(?:new\s+)?job\b|\s+working\b)|joined|finished|won|"
    r"took\s+(?:part\s+in|up)|tried\s+(?:my|our)\s+hands?\s+at|tried|"
    r"(?:was|felt|got)\s+(?:so\s+|really\s+|truly\s+|deeply\s+)?(?:inspired|moved|touched)\s+by|"
    r"got(?=\s+(?:an?|this|my\s+first)\s+(?:[\w-]+\s+){0,2}(?:deal|offer|contract|scholarship|"
    r"award|sponsorship|endorsement)s?\b)|got(?=\s+(?:some\s+|an?\s+)?new\s)|"
    r"got\s+(?:the\s+chance\s+)?to\s+(?:volunteer\s+(?:at|for|with)|visit|see|meet|attend|try|"
    r"go\s+to)|"
    r"met\s+(?:back\s+)?up\s+with|"
    r"shared(?=\s+(?:my|our)\s)|"
    r"took(?=\s+an?\s+(?:[\w-]+\s+){0,2}(?:trip|vacation|holiday|class|course|walk|hike)\b)|"
    r"took\s+(?:the\s+kids|(?:my|our)\s+[a-z]+)(?:\s+to|(?=\s+[a-z]+ing\b))|visited|"
    r"signed\s+(?:up\s+for|with)|explored|helped|spent|made(?!\s+(?:sure|it)\b)|cooked|"
    r"wrapped\s+up|completed|participated\s+in|ran\s+into|ran|painted|adopted|"
    r"volunteered\s+(?:at|for)|attended|launched|learned|baked|bought|built|wrote|"
    r"published|moved\s+into|applied\s+(?:to|for)|watched|scored|donated|hiked|"
    r"competed\s+in|performed\s+(?:at|in)|travell?ed\s+to|(?:flew|drove)\s+to|received|earned|"
    r"hosted|planted|fixed|repaired|played\s+in|made\s+it\s+to(?=\s+(?:the|an?)\s)|"
    r"gave(?=\s+(?:an?|a\s+few|some|several|two|three)\s+(?:[\w-]+\s+){0,2}(?:talk|speech|"
    r"presentation|lecture|workshop)s?\b)|"
    # Life's turns: "I broke my leg", "I got married", "we had a baby", "I passed my
    # driving test".
    r"broke(?=\s+(?:up|my|our|a|an)\b)|passed(?=\s+(?:my|our|the\s+(?:[\w-]+\s+)?(?:exam|test|bar|course|interview)))|failed|"
    r"got(?=\s+(?:married|engaged|divorced|my\s+(?:driver|degree|diploma|license|licence|"
    r"phd|master|black\s+belt)))|"
    r"had(?=\s+(?:a\s+baby|twins|(?:[\w-]+\s+)?surgery|an?\s+(?:[\w-]+\s+)?(?:accident|operation|"
    r"miscarriage|heart\s+attack|stroke|concussion|baby\s+\w+)|covid|the\s+flu|pneumonia|"
    r"shingles|chickenpox|mono|(?:my|an?)\s+" + _BODY_PARTS + r"))|"
    # ...and what was taken out: "I got my tonsils out".
    r"got(?=\s+(?:my|an?)\s+" + _BODY_PARTS + r")|"
    # ...and meeting people: "I talked to my friend who ...", "I had a chat with a fan".
    r"talked\s+to|chatted\s+with|used\s+to(?=\s+(?!be\b|think\b|have\b)[a-z]+\s)|"
    # ...and being somewhere: "we had a great time at the pride event last month".
    r"had\s+(?:a\s+(?:great|good|fun|wonderful|amazing|awesome|fantastic|lovely)\s+time|a\s+blast)"
    r"\s+at(?=\s+(?:the|an?|my|our)\s)|"
    # ...or a season so spent: "I had an awesome summer with my friends, surfing".
    r"had\s+an?\s+(?:great|good|fun|wonderful|amazing|awesome|fantastic|lovely)\s+"
    r"(?:summer|winter|weekend|holiday|vacation)(?:\s+with\s+(?:my|our)\s+[\w-]+)?,?"
    r"(?=\s+[a-z]+ing\b)|"
    # ...or somewhere named: "I had a great weekend in Paris".
    r"had\s+an?\s+(?:great|good|fun|wonderful|amazing|awesome|fantastic|lovely)\s+"
    r"(?:time|summer|winter|weekend|holiday|vacation|trip)\s+in(?=\s+(?-i:[A-Z]))|"
    r"had(?=\s+an?\s+(?:[\w-]+\s+){0,2}(?:chat|conversation|talk|game|match|party|meeting|"
    r"audition|interview|date|incident|reunion)\b)"
)
