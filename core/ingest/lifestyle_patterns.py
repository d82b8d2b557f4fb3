"""The wordings of how one lives (`core.ingest.fact_patterns` tries them in its order): diet and
relationship status as said and as they change (a breakup too), the car one has, one's kind of
person, what one eats, drinks or smokes, and the languages and instruments or games one speaks
or plays."""

from __future__ import annotations

import re

from core.ingest.fact_words import DIETS, INSTRUMENTS, PLAYED
from core.ingest.pattern_parts import DRINKS, END, FOODS, I_AM, LANGUAGE, MORE, VALUE

_SINGLE_PARENT = r"an?\s+single\s+(?:parent|mom|mum|mother|dad|father)"
# How many children, said with one's state ("married with two kids").
_CHILDREN = (
    r"(?:an?|one|two|three|four|five|six|\d)\s+(?:(?:little|young|grown)\s+)?"
    r"(?P<kin>kids?|children|child|sons?|daughters?|boys|girls|teens|teenagers|toddlers?)\b"
)
# Whom a relationship ended with: one's boyfriend (named or not), or one named.
_PARTED = (
    r"(?P<value>\b(?:my|our)\s+(?P<kin>boyfriend|girlfriend|partner|fianc[eé]e?)"
    r"(?:\s+(?P<name>(?-i:[A-Z])[\w'-]+))?\b|(?P<ex>(?-i:[A-Z])[\w'-]+))"
)

# One's partner, as one lives with them.
_PARTNER = r"(?:girlfriend|boyfriend|partner|wife|husband|fianc[eé]e?|spouse)"
_LATELY = r"(?:just\s+|finally\s+|recently\s+)?"

LIFESTYLE_RULES: list[tuple[str, re.Pattern[str]]] = [
    # "I'm vegan", "I'm vegetarian these days", "I went vegan last month", "I'm no longer vegan",
    # "I'm vegan and gluten-free" (two).
    (
        "diet",
        re.compile(
            rf"(?:{I_AM}(?:now\s+|also\s+|still\s+)?(?P<neg>no\s+longer\s+|not\s+)?|"
            r"\bI(?:'ve|\s+have)\s+(?:now\s+|also\s+)?been\s+|"
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?"
            r"(?:went|gone|became|become|turned)\s+|"
            r"\bI(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?P<stopped>stopped|quit|gave\s+up|"
            r"given\s+up|came\s+off|went\s+off)\s+(?:being\s+|the\s+)?)(?:an?\s+)?(?:strict\s+)?"
            # ...or on it: "I'm on a keto diet", "I went on a low-carb diet".
            rf"(?:on\s+an?\s+(?:strict\s+)?(?=(?:{DIETS})\s+diet\b))?(?P<value>{DIETS})"
            rf"(?:\s+diet\b)?(?:\s*(?:,\s*|\s+and\s+|\s*&\s*)(?:also\s+)?(?P<also>{DIETS}))?"
            r"(?P<since>\s+any\s*more)?(?:\s+(?:now|these\s+days|too|btw|by\s+the\s+way|"
            r"(?:last|this)\s+\w+|in\s+\w+|(?:for\s+)?(?:an?\s+|\w+\s+)?(?:few\s+)?(?:days?|weeks?|"
            rf"months?|years?)(?:\s+ago)?))?{END}",
            re.I,
        ),
    ),
    # ...or as an intolerance one has: "I have a gluten intolerance" ("I'm gluten intolerant").
    (
        "diet",
        re.compile(
            r"\bI\s+(?:also\s+|now\s+)?have\s+(?:an?\s+)?(?:severe\s+|mild\s+)?"
            r"(?P<value>gluten|lactose)\s+(?P<intolerance>intolerance)\b",
            re.I,
        ),
    ),
    # ...and what one eats again, which ends it: "I started eating fish again".
    (
        "eats_again",
        re.compile(
            r"\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?(?:started|began|begun|gone\s+back\s+to)"
            r"\s+eating\s+(?P<value>meat|fish|seafood|dairy|eggs|cheese|chicken|pork|beef|"
            r"animal\s+products)\s+again\b",
            re.I,
        ),
    ),
    # ...how long: "We've been married for 5 years", "we've been together for ten years".
    (
        "married_for",
        re.compile(
            r"\b(?:I|we)(?:'ve|\s+have)\s+been\s+(?P<how>married|together)\s+(?:for\s+)?"
            r"(?P<value>(?:almost\s+|nearly\s+|over\s+|about\s+)?(?:\d{1,2}|a|one|two|three|four|five|"
            r"six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\s+"
            r"(?:years?|months?|decades?))\b",
            re.I,
        ),
    ),
    # How many children one has, said with how one lives: "I'm married with two kids", "I'm a
    # mom of three boys".
    (
        "family",
        re.compile(
            rf"{I_AM}(?:happily\s+)?(?:married|single|divorced|separated|an?\s+(?:single\s+)?"
            rf"(?:mom|mum|mother|dad|father|parent))\s+(?:with|of)\s+(?P<value>{_CHILDREN})",
            re.I,
        ),
    ),
    # ...or by their number alone: "I'm a dad of two", "I'm a proud mom of three".
    (
        "family",
        re.compile(
            rf"{I_AM}an?\s+(?:proud\s+)?(?:single\s+)?(?:mom|mum|mother|dad|father|parent)\s+of\s+"
            r"(?P<value>(?P<count>one|two|three|four|five|six|\d))"
            r"(?=\s*(?:[.!?,;)]|$)|\s+(?:and|but|now|myself|btw)\b)",
            re.I,
        ),
    ),
    # "I'm single", "I'm no longer married", "It'll be tough as a single parent": how one
    # lives, said last replacing what was said before ("I'm married to Tomás" names a partner).
    (
        "relationship",
        re.compile(
            rf"{I_AM}(?:now\s+|still\s+|happily\s+|recently\s+|newly\s+|just\s+)?"
            r"(?P<neg>no\s+longer\s+|not\s+)?"
            r"(?P<value>(?:single|married|engaged|divorced|separated|widowed|an?\s+widow(?:er)?|"
            r"in\s+a\s+relationship|seeing\s+someone|dating\s+someone|getting\s+divorced|"
            r"separating)"
            rf"(?=(?:\s+now)?{END}|\s+with\s+{_CHILDREN})|{_SINGLE_PARENT}\b)"
            rf"|\bas\s+(?P<place>{_SINGLE_PARENT})\b",
            re.I,
        ),
    ),
    # ...and as it changed: "I got divorced last year", "My husband and I separated in March",
    # "We just got engaged!" (the change itself is an event of its own, dated), or is changing:
    # "My husband and I are separating", "We're getting divorced".
    (
        "relationship",
        re.compile(
            r"(?:\bI(?:\s+(?:just|recently|finally))?\s+got|\b(?:we|(?:my\s+(?:husband|wife|"
            r"partner|spouse|boyfriend|girlfriend|fianc[eé]e?)|(?-i:[A-Z])[\w'-]+)\s+and\s+I)"
            r"(?:\s+(?:just|recently|finally))?(?:\s+(?:got|are|are\s+now)|'re)?)\s+"
            r"(?P<value>married|engaged|divorced|separated|separating|getting\s+divorced)"
            r"(?=\s*(?:[.!?,;]|$)|\s+(?:in|on|last|this|a|an|two|three|\d)\b)",
            re.I,
        ),
    ),
    # ...and a relationship ended: "I broke up with my boyfriend Tom", "Tom and I split up".
    (
        "breakup",
        re.compile(
            r"\bI\s+(?:just\s+|finally\s+|recently\s+)?(?:broke\s+up|split\s+up|broke\s+it\s+off)"
            rf"\s+with\s+{_PARTED}",
            re.I,
        ),
    ),
    (
        "breakup",
        re.compile(
            rf"{_PARTED}\s+and\s+I\s+(?:just\s+|finally\s+|recently\s+)?(?:broke\s+up|split)\b",
            re.I,
        ),
    ),
    # The car one drives, by its make: "I drive a Tesla Model 3" ("I drive a lot" names none).
    (
        "car",
        re.compile(
            r"\bI\s+(?:now\s+|still\s+|currently\s+)?drive\s+an?\s+(?:(?:new|old|used|red|blue|"
            r"black|white|grey|gray|silver)\s+)?"
            # ...its year before it, kept: "I drive a 2015 Honda Civic".
            r"(?P<value>(?:(?:19|20)\d\d\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,2})(?![\w'-])",
            re.I,
        ),
    ),
    # ...or a new one: "I got a new car, a Honda Civic".
    (
        "car",
        re.compile(
            r"\bI\s+(?:just\s+|finally\s+)?(?:got|bought)\s+(?:myself\s+)?an?\s+"
            r"(?:new\s+|used\s+)?car\s*[,:\u2013\u2014-]\s*an?\s+"
            r"(?P<value>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,2})(?![\w'-])",
            re.I,
        ),
    ),
    # ...and none any more: "I sold my car", "I no longer have a car".
    (
        "car_gone",
        re.compile(
            r"\bI\s+(?:(?:just\s+|finally\s+)?(?:sold|got\s+rid\s+of)\s+my|"
            r"(?P<neg>no\s+longer|don't|do\s+not)\s+(?:have|own)\s+an?)\s+car"
            r"(?=\s+(?:(?P<since>anymore|any\s+more)|now|last|this|in|a|two|three|\d)\b|"
            r"\s*(?:[.!?,;]|$))",
            re.I,
        ),
    ),
    # One's faith, or none: "I'm Jewish", "I'm a practising Catholic", "I'm an atheist", "I'm
    # not religious".
    (
        "faith",
        re.compile(
            rf"{I_AM}(?P<told>(?:an?\s+)?(?:(?:practi[cs]ing|devout|observant|lapsed|"
            r"non-practi[cs]ing)\s+)?(?P<value>(?-i:Jewish|Muslim|Christian|Catholic|Protestant|"
            r"Buddhist|Hindu|Sikh|Mormon|Jain|Quaker|Baptist|Methodist|Anglican|Lutheran|"
            r"Orthodox|Pagan)|atheist|agnostic|not\s+religious))(?=\s*(?:[.!?,;]|$)|"
            r"\s+(?:and|but|so|too|myself)\b)",
            re.I,
        ),
    ),
    # One's kind of person: "I'm a morning person", "I'm more of a tea person", "I'm a night
    # owl", "I'm an early bird", "I'm not a morning person".
    (
        "kind",
        re.compile(
            rf"{I_AM}(?P<neg>not\s+(?:really\s+|much\s+of\s+)?)?"
            r"(?:(?:definitely|really|totally|more\s+of)\s+)?an?\s+"
            r"(?:(?:big|huge|total)\s+)?"
            r"(?P<value>(?:morning|night|evening|dog|cat|people|beach|mountain|coffee|tea|city|"
            r"country|summer|winter|indoor|outdoor)\s+person|night\s+owl|early\s+(?:bird|riser)|"
            r"introvert|extrovert|ambivert)\b",
            re.I,
        ),
    ),
    # Not drinking at all: "I don't drink", "I don't drink anymore", "I've been sober for two
    # years", "I'm teetotal" (not "I'm sober", as often tonight's).
    (
        "teetotal",
        re.compile(
            r"(?P<value>\bI\s+(?:don't|do\s+not|never)\s+drink(?P<more>\s+(?:anymore|any\s+more))?"
            r"(?=\s*(?:[.!?,;]|$)|\s+(?:at\s+all|and|but|so)\b)"
            rf"|{I_AM}(?:(?:completely|totally)\s+)?(?:teetotal|a\s+teetotaller|a\s+teetotaler)\b"
            r"|\bI(?:'ve|\s+have)\s+been\s+sober\s+(?:for|since)\b"
            # ...or no longer: "I quit drinking in January", "I'm sober since March".
            r"|\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:quit|stopped|gave\s+up|given\s+up)\s+"
            r"(?P<quit>drinking|alcohol|booze)(?=\s*(?:[.!?,;]|$)|\s+(?:in|last|this|a|two|three|"
            r"\d+|for|since|and|but|completely|altogether|years?|months?)\b)"
            # ("I'm sober, I'm driving", "I'm sober now, I promise" say tonight only).
            rf"|{I_AM}(?:now\s+|finally\s+)?(?P<sober>sober)(?=\s+(?:since\b|for\s+(?:\d+|a|an|one|two|"
            r"three|four|five|six|seven|eight|nine|ten|over)\s+)))",
            re.I,
        ),
    ),
    (
        "abstains",
        re.compile(
            r"\bI(?:\s+(?:(?:don't|do\s+not|no\s+longer|never|can't|cannot|can\s+not)\s+"
            r"(?P<verb>eat|drink)|(?:can't|cannot|can\s+not)\s+(?P<verb_can>have))|"
            # ...since some time: "I stopped eating meat", "I've quit drinking soda", "I gave
            # up coffee" (what one eats or drinks only: not "I gave up my job").
            r"(?:'ve|\s+have)?\s+(?:(?:stopped|quit|given\s+up|gave\s+up)\s+(?P<verb_ing>eat|drink)ing"
            rf"|(?:given|gave)\s+up(?=\s+(?P<gave>{DRINKS}|{FOODS})\b)))"
            # ...not "I don't drink and I don't smoke": nothing named (`teetotal`).
            rf"\s+(?!(?:and|but|so|or|because|at\s+all|anymore)\b){VALUE}{END}",
            re.I,
        ),
    ),
    # ...or takes less of: "I'm trying to cut down on sugar", "I'm cutting back on coffee".
    (
        "cutting_down",
        re.compile(
            r"\bI(?:'m|\s+am)\s+(?:now\s+|also\s+)?(?:trying\s+to\s+cut|cutting)\s+(?:down|back)\s+on\s+"
            rf"(?:my\s+)?(?P<value>{DRINKS}|{FOODS}|salt|snacking|screen\s+time|social\s+media|"
            r"smoking|drinking)\b",
            re.I,
        ),
    ),
    # Whom one lives with: "I live alone", "I live with my girlfriend", "I have two roommates";
    # "I'm an only child" (one's siblings: none).
    (
        "household",
        re.compile(
            r"\bI\s+(?:now\s+|still\s+|currently\s+|actually\s+)?live\s+(?P<value>alone|"
            r"by\s+myself|on\s+my\s+own|with\s+(?:my\s+)?(?:[\w'-]+\s+){0,2}?(?:girlfriend|"
            r"boyfriend|partner|wife|husband|parents|mom|mum|mother|dad|father|family|kids|"
            r"children|sister|brother|grandparents|grandma|grandmother|fianc[eé]e?|"
            r"(?:room|flat|house)mates?)|with\s+(?-i:[A-Z][a-z][\w'-]*))"
            rf"(?:{END}|(?=\s+(?:in|now|at|near|since|for)\b))"
            r"|\bI\s+(?:now\s+)?(?:have|'ve\s+got)\s+(?P<mates>an?|one|two|three|four|\d)\s+"
            rf"(?P<home>(?:room|flat|house)mates?){END}",
            re.I,
        ),
    ),
    # ...and a partner moved in with: "I moved in with my boyfriend", "My girlfriend and I just
    # moved in together", "My husband moved in with me".
    (
        "household",
        re.compile(
            rf"\bI\s+{_LATELY}(?P<moved_in>moved\s+in)\s+with\s+my\s+(?P<value>{_PARTNER})\b",
            re.I,
        ),
    ),
    (
        "household",
        re.compile(
            rf"\bmy\s+(?P<value>{_PARTNER})\s+(?P<moved_in>and\s+I\s+{_LATELY}moved\s+in\s+together|"
            rf"{_LATELY}moved\s+in\s+with\s+me)\b",
            re.I,
        ),
    ),
    # Whether one's home is one's own or rented: "We own our house", "I rent a flat in Leeds",
    # "I'm a homeowner", "We're renting" (not "I rent a car", "We rent our room out").
    (
        "home",
        re.compile(
            r"\b(?:I|we)\s+(?:now\s+|currently\s+|still\s+|also\s+)?(?P<verb>own|rent)\s+"
            r"(?P<value>(?:an?|our|my)\s+(?:[\w-]+\s+)?(?:apartment|flat|house|home|place|room|"
            r"studio|condo|townhouse|bungalow|cottage))\b(?!\s+(?:out|to)\b)"
            r"|\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:now\s+|still\s+|currently\s+|just\s+)?"
            r"(?P<home>(?P<owner>(?:an?\s+)?home\s?owners?)|renting|(?:an?\s+)?renters?|"
            r"(?:an?\s+)?tenants?)(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so|now)\b)",
            re.I,
        ),
    ),
    # The phone or computer one uses, for answers that fit it: "I use an iPhone", "I'm on
    # Android", "I switched to Linux" (not "I bought an iPhone for my son", "an iPhone charger").
    (
        "device",
        re.compile(
            r"\bI(?:(?:'m|\s+am)\s+(?:now\s+|still\s+)?on|\s+(?:now\s+|still\s+|mostly\s+|mainly\s+|"
            r"also\s+|just\s+)?(?:use|have|own|got|bought|switched\s+to|moved\s+to))\s+"
            r"(?:an?\s+|my\s+)?(?:new\s+)?(?P<value>iPhone(?:\s+\d{1,2}(?:\s+(?:Pro|Max|Plus|mini))*)?|"
            r"Android|(?:Google\s+)?Pixel(?:\s+\d{1,2}a?)?|(?:Samsung\s+)?Galaxy(?:\s+S\d{1,2})?|"
            r"Mac(?:Book(?:\s+(?:Air|Pro))?)?|iMac|(?-i:Windows)(?:\s+1[01])?|Linux|Ubuntu|"
            r"Chromebook|ThinkPad)"
            r"(?=\s*(?:[.!?,;]|$)|\s+(?:and|but|so|now|too|these\s+days|at\s+home|at\s+work|"
            r"last\s+\w+|recently|a\s+while\s+ago|in\s+\d{4})\b)",
            re.I,
        ),
    ),
    # ...and the bank: "I bank with Monzo".
    (
        "bank",
        re.compile(rf"\bI\s+(?:now\s+|still\s+|mostly\s+)?bank\s+with\s+{VALUE}{END}", re.I),
    ),
    # ...one's people who live with one: "My mom lives with us".
    (
        "household",
        re.compile(
            r"\bmy\s+(?P<value>mom|mum|mother|dad|father|parents|grandma|grandmother|grandpa|"
            r"grandfather|(?:mother|father|sister|brother)-in-law|in-laws|sister|brother|aunt|uncle)"
            r"\s+(?:now\s+|still\s+|also\s+)?(?:lives?|is\s+living|are\s+living)\s+(?P<joined>with\s+(?:us|me))\b",
            re.I,
        ),
    ),
    # Where one stands among one's siblings: "I'm an only child", "I'm the oldest of four",
    # "I'm a twin".
    (
        "birth_order",
        re.compile(
            rf"{I_AM}(?:an?\s+|the\s+)?(?P<value>only\s+child|twin|middle\s+child|"
            r"(?:oldest|eldest|youngest|middle)\s+(?:of\s+(?:two|three|four|five|six|seven|eight|"
            r"\d{1,2})|child|sibling|daughter|son|sister|brother|of\s+the\s+family))\b"
            r"(?!\s+(?:sister|brother|flame|bed|towers?|peaks?|cities|engine)\b)",
            re.I,
        ),
    ),
    # One's star sign: "I'm a Virgo", "I'm an Aries" (not "I'm Leo": a name; nor "I'm a cancer
    # survivor").
    (
        "star_sign",
        re.compile(
            rf"{I_AM}an?\s+(?:typical\s+|true\s+)?(?P<value>aries|taurus|gemini|cancer|leo|virgo|"
            r"libra|scorpio|sagittarius|capricorn|aquarius|pisces)\b"
            r"(?!\s+(?:survivor|patient|sufferer)\b)",
            re.I,
        ),
    ),
    # ...and none: "I don't have kids", "I have no siblings".
    (
        "none_of",
        re.compile(
            r"\bI\s+(?:(?:don't|do\s+not)\s+have\s+(?:any\s+)?|have\s+no\s+)(?P<value>kids|children|"
            rf"siblings|brothers\s+or\s+sisters|pets|grandchildren|grandkids)(?:\s+(?:yet|either))?{END}",
            re.I,
        ),
    ),
    # How much one drinks of a thing: "I'm a big coffee drinker", "I'm not much of a tea
    # drinker" (on the key of liking it).
    (
        "drinker",
        re.compile(
            rf"{I_AM}(?P<neg>not\s+(?:really\s+)?(?:much\s+of\s+)?)?an?\s+(?P<how>(?:big|huge|heavy|"
            rf"serious|massive|avid|daily|light|social)\s+)?(?P<value>{DRINKS}|water|milk|whisk(?:e)?y)\s+"
            r"drinker\b",
            re.I,
        ),
    ),
    # How one takes one's coffee or tea: "I drink my coffee black", "I take my tea with milk and
    # no sugar" (not "I drink my coffee in the car": where).
    (
        "takes_drink",
        re.compile(
            r"\bI\s+(?:usually\s+|always\s+|only\s+|still\s+|now\s+)?(?:take|drink|have)\s+"
            r"my\s+(?P<drink>coffee|tea)\s+(?P<value>(?:(?:black|white|strong|weak|sweet|iced|decaf)"
            r"|with\s+(?:(?:a|some)\s+(?:splash|dash|drop|bit|spoon(?:ful)?)\s+of\s+|"
            r"(?!(?:my|a|an|the|some|friends?|breakfast|lunch|dinner|me|us|you|him|her|them)\b))"
            r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?|no\s+sugar)"
            # ...and more: "with milk and no sugar", "black, no sugar".
            r"(?:(?:\s+and|\s+but|,)\s+(?:no\s+|with\s+|a\s+little\s+)?[a-z][\w-]*(?:\s+milk)?)?)"
            rf"(?:\s+(?:now|these\s+days|usually|always))?{END}",
            re.I,
        ),
    ),
    # What one collects: "I collect vinyl records" (not "I collect my son from school").
    (
        "collects",
        re.compile(
            r"\bI\s+(?:also\s+|still\s+)?collect\s+(?!(?:the|my|our|his|her|their|them|him|it|"
            rf"me|us)\b)(?P<value>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){{0,3}}?){MORE}{END}",
            re.I,
        ),
    ),
    # Smoking, or not: "I smoke", "I don't smoke anymore", "I quit smoking", "I used to vape".
    (
        "smokes",
        re.compile(
            r"\bI(?:\s+(?P<neg>don't|do\s+not|no\s+longer|never|used\s+to)|(?:'ve|\s+have)?\s+"
            r"(?P<quit>quit|stopped|given\s+up|gave\s+up))?\s+(?:still\s+|also\s+)?"
            r"(?P<value>smok|vap)(?:e|ing)(?P<since>\s+any\s*more)?"
            rf"(?:{END}|(?=\s+(?:last|this|in|since|for|a|an|two|three|years?|\d)\b))",
            re.I,
        ),
    ),
    # "I speak French and some German", "I don't speak Spanish"; "I play the guitar and tennis".
    (
        "speaks",
        re.compile(
            r"\bI\s+(?P<neg>don't\s+|do\s+not\s+|no\s+longer\s+|can't\s+|cannot\s+)?"
            r"(?:also\s+|still\s+|actually\s+|can\s+)?speak\s+"
            rf"(?P<value>{LANGUAGE})(?P<more>(?:\s*,\s*{LANGUAGE}){{0,8}},?\s+(?:and|or)\s+{LANGUAGE})?\b",
            re.I,
        ),
    ),
    (
        "plays",
        re.compile(
            r"\bI\s+(?P<neg>don't\s+|do\s+not\s+|no\s+longer\s+|can't\s+|cannot\s+)?"
            r"(?:also\s+|still\s+|actually\s+|can\s+|sometimes\s+|mostly\s+)?play\s+"
            rf"(?P<value>{PLAYED})(?P<more>(?:\s*,\s*(?:{PLAYED})){{0,8}},?\s+(?:and|or)\s+(?:{PLAYED}))?\b",
            re.I,
        ),
    ),
    # ...said of one's own instrument in passing: "running, reading, or playing my violin".
    # Someone else's "was playing my piano" is not the speaker's.
    (
        "plays",
        re.compile(
            r"(?:\b(?:or|and|love|like|enjoy|been|I'm|am|of|from|by)\s+|[,-]\s*)"
            rf"playing\s+my\s+(?P<value>{INSTRUMENTS})\b",
            re.I,
        ),
    ),
]
