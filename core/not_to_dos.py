"""What reads like a to-do and is none (`core.tasks`): a resolve about oneself or the world,
a wish for a good time, delight or one's own state said as a need."""

from __future__ import annotations

import re

# Working on oneself, or helping in general, is a resolve rather than a to-do: "we gotta push
# ourselves out of our comfort zones", "I have to believe in myself", "we need to show our
# support however we can", "I need to find a better way to deal with stress". None unless a
# deadline makes it a plan ("I have to find a way to get to the airport tomorrow").
ASPIRATIONS = re.compile(
    r"\b(?:push(?:ing)?|challeng(?:e|ing)|believ(?:e|ing)\s+in|lov(?:e|ing)|forgiv(?:e|ing)|"
    r"motivat(?:e|ing)|tak(?:e|ing)\s+care\s+of|look(?:ing)?\s+after|be\s+(?:kinder|nicer|"
    r"gentler|easier|patient|honest|true)\s+(?:to|with|on))\s+(?:ourselves|myself)\b|"
    r"\b(?:however|whatever|wherever|whenever)\s+(?:we|i)\s+can\b|\bin\s+any\s+way\b|"
    r"\bas\s+(?:much|best)\s+as\s+(?:we|i)\s+can\b|"
    r"\bfind\s+(?:a\s+(?:better\s+)?way|ways)\s+to\b|"
    r"^be\s+(?:a\s+)?(?:more|less|better|kinder|nicer)\b|"
    # ...or getting better at something: "I need to get better at cooking", "I really need to
    # stop procrastinating".
    r"^(?:get\s+better\s+at|improve\s+(?:my|at)|work\s+on\s+(?:myself|my\s+\w+\s+skills)|"
    r"stop\s+procrastinating)\b|"
    # ...or living better: "I need to stop buying so many books", "I need to get better sleep",
    # "I should drink more water", "I have to get in shape".
    r"^stop\s+[a-z]+ing\b|^(?:get\s+(?:better|more)\s+(?:sleep|rest|exercise)|sleep\s+more|"
    r"eat\s+(?:healthier|better|less|more\s+(?:healthily|veggies|vegetables|fruit))|"
    r"drink\s+(?:more\s+water|less)|exercise\s+more|lose\s+(?:some\s+)?weight|"
    r"get\s+(?:in|into|back\s+in)\s+shape|get\s+fit)\b|"
    # ...or changing the world: "we need to make a difference", "let's make an impact", "make
    # a change in our community" (not "make a change to the booking").
    r"^(?:make|making)\s+(?:a|an|some)\s+(?:(?:real|big|huge|positive|lasting|small)\s+)?"
    r"(?:difference|change|impact)(?=\s*(?:[.!?,;]|$)|\s+(?:together|in\s+(?:our|the|my|their|"
    r"this|people's)\s+(?:community|world|life|lives|society|city|town|country|planet))\b)|"
    # ...wherever it is said in the to-do: "work together to make a real difference", "keep
    # helping each other and make the world a better place", "keep spreading the love",
    # "keep helping out and making things better", "keep doing our part for the world".
    r"\bmak(?:e|ing)\s+(?:a|some)\s+(?:(?:real|big|huge|positive|lasting)\s+)?difference\b|"
    r"\bmak(?:e|ing)\s+the\s+world\s+a\s+better\s+place\b|"
    r"\bmak(?:e|ing)\s+(?:things|(?:our|the|my)\s+(?:community|world|neighbou?rhood|city|"
    r"town))\s+better\b|\bspread(?:ing)?\s+the\s+(?:love|good\s+vibes|joy|kindness|positivity)\b|"
    r"\b(?:do|doing)\s+(?:our|my)\s+part\b|"
    # ...or keeping on as one is, together or with the world: "let's keep working hard", "keep
    # each other motivated", "let's keep at it", "we should fight for more money for schools",
    # "let's join forces", "let's help those in need", "keep spreading kindness".
    r"^(?:keep|continue)\s+(?:on\s+)?(?:[a-z]+in[g']|at\s+it|each\s+other|it\s+up|in\s+touch)(?![\w'])|"
    r"^(?:continue|keep)\s+to\s+(?:spread|inspire|support|help|grow|improve|motivate)\b|"
    r"\b(?:fight\s+for\s+(?:more|better|our|the\s+rights?)|join\s+forces|help\s+those\s+in\s+need|"
    r"raise\s+awareness|spread(?:ing)?\s+(?:awareness|kindness|positivity|hope|joy)|inspire\s+hope|"
    r"make\s+(?:some\s+)?(?:real\s+|positive\s+)?change\s+(?:in|for)\s+(?:our|the)\s+(?:community|world)|"
    r"make\s+some\s+(?:real\s+|positive\s+)change|make\s+(?:an|a\s+real)\s+impact)\b|"
    # ...or holding dear: "we should cherish every moment", "let's all find our own bliss".
    r"^(?:cherish|savou?r|treasure|embrace)\b|^(?:all\s+)?find\s+(?:our|my)\s+own\b"
)
# Wishing for a good time is no plan: "let's make tomorrow unforgettable", "let's have fun
# tonight", "let's hope it doesn't rain", "I'll make sure to have a safe trip".
WISHES = re.compile(
    r"^(?:hope|pray|enjoy|have\s+(?:fun|a\s+(?:blast|great|good|lovely|wonderful|safe|nice)\b)|"
    r"make\s+(?:(?:some|more|new|lasting|great|awesome|good|happy|amazing)\s+)*memories|"
    r"make\s+the\s+most\b|"
    # ...nor living it up: "let's live it up tomorrow", "let loose this weekend".
    r"live\s+it\s+up|let\s+(?:loose|our\s+hair\s+down)|paint\s+the\s+town\b|"
    r"have\s+the\s+time\s+of\s+(?:my|our|your|their)\s+li(?:fe|ves)|"
    r"make\s+(?:it|this|that|tomorrow|today|tonight|the\s+(?:day|night|best))\s+"
    r"(?:a\s+(?:day|night)|unforgettable|special|count|amazing|memorable|great|awesome|epic)|"
    r"keep\s+(?:it\s+up|going|smiling)|stay\s+(?:positive|strong)|"
    # ...nor is delight said as a need: "we need to talk about how great that concert was",
    # "I need to stop laughing".
    r"talk\s+about\s+how\s+(?:great|good|amazing|fun|awesome|cool|funny|crazy|beautiful)|"
    r"stop\s+(?:laughing|giggling|smiling|grinning|blushing)|"
    # ...nor waiting to see: "let's see what happens", "we'll have to see how it goes".
    r"see\s+(?:what\s+happens|how\s+(?:it|things|that|this)\s+(?:goes|go|turns?\s+out|works?\s+out|"
    r"pans?\s+out))|"
    # ...nor the weather: "we're supposed to get snow tomorrow".
    r"get\s+(?:(?:some|more|lots\s+of|a\s+lot\s+of|heavy)\s+)?(?:snow|rain|storms?|thunderstorms?|"
    r"sun|sunshine|hail|frost|showers)(?=\s*(?:[.!?,;]|$)|\s+(?:tomorrow|today|tonight|this|next|"
    r"on|in|at|later|soon|again|all|over|by)\b))\b"
)
# How one is, said as a need (`NEEDS`), is nothing to do: "I need to clear my head", "I need
# to take a break", "I need to get this off my chest".
ONES_STATE = re.compile(
    r"(?:clear\s+my\s+head|get\s+(?:some|more)\s+(?:sleep|rest|air|fresh\s+air)|"
    r"step\s+(?:away|back|outside)|take\s+a\s+(?:break|breather|breath|nap|minute|moment|"
    r"second|step\s+back)|wrap\s+my\s+head\s+around|pull\s+myself\s+together|"
    r"get\s+(?:this|it|something|that)\s+off\s+my\s+chest|catch\s+my\s+breath|"
    r"get\s+out\s+more|cool\s+off|unwind|decompress|recharge|vent|get\s+(?:going|moving)|"
    r"head\s+(?:out|off)|sleep\s+on\s+it|mull\s+it\s+over|"
    # ...or a thing to know, not do: "I need to remember that Tom is allergic to nuts".
    r"remember\s+that\s|"
    # ...or done to the assistant in this very chat: "I need to ask you something", "I have to
    # send you the file"; or to one's life: "I need to get my life together".
    r"(?:ask|send|show|give|tell|thank)\s+(?:you|u)|(?:get|put|sort|figure\s+out|sort\s+out)\s+"
    r"my\s+life|do\s+(?:more|less)\s+of\s+(?:this|that|it|these|those)|"
    # ...or how one goes about it: "I need to call it a day", "take it easy", "wing it".
    r"call\s+it\s+(?:a\s+(?:day|night)|quits)|take\s+it\s+(?:easy|slow)|"
    r"play\s+it\s+(?:safe|by\s+ear|cool)|wing\s+it|make\s+it\s+through)\b"
)
# How a need is said ("I need to", "I have to", "gotta", "I should"), as against a reminder
# asked for.
NEEDS = frozenset({"need_to", "and_need", "have_to", "must", "bare", "future", "better", "should"})
# What one asks never to do is no to-do: "Remind me never to eat there again" (it was "Eat
# there again"), read before what the reminder asks...
NEVER_TO = re.compile(r"\b(?:never|not)\s+to\s+$")
# ...or as it: "Remind me to never eat there again" (it was "Never eat there again").
NEVER_DONE = re.compile(r"never\b")
# A note of how a thing is, under a to-do's heading: "Note to self: the wifi password is on the
# fridge" is to remember, not to do (with a time it is one: "the rent is due Friday").
HOW_IT_IS = re.compile(
    r"(?:the|my|our|its?|this|that|his|her|their)\s+(?:[\w'-]+\s+){0,3}?(?:is|are|was|were)\b"
)
