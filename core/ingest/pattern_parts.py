"""The pieces the inline rules' patterns are built from (`core.ingest.fact_patterns`,
`core.ingest.doing_patterns`): where a value ends, a list's further items, how a sentence opens.
One definition each, so every rule reads a clause the same way."""

from __future__ import annotations

from core.sentences import FINAL_DOT, INNER_DOT
from core.temporal import MONTHS

# A colon inside a word or a number is part of it: "I play CS:GO", "at 10:30".
INNER_COLON = r"(?<=[^\W_]):(?=[^\W_])"
# A character of a clause, for a value of bounded length ("{CLAUSE_CHAR}{0,80}?").
CLAUSE_CHAR = rf"(?:[^.,!?;:\n]|{INNER_COLON})"
# A value runs to the end of the clause (a dash or a colon ends one too). A dot inside a word
# or after a title does not end it (`core.sentences`): "my email is ana@example.com", "my
# doctor is Dr. Smith", "I work at St. Mary's".
VALUE = rf"(?P<value>(?:[^.,!?;:\n\u2013\u2014]|{INNER_DOT}|{INNER_COLON})+?)"
# ...and a clause ends where another begins ("and", "so"; not "not so long ago").
END = (
    r"(?=\s+(?:and|but|so(?!\s+long\b)|because|since)\b|\s+-\s|"
    rf"{FINAL_DOT}|[,!?;\n\u2013\u2014]|(?!{INNER_COLON}):|$)"
)
# The value of a rule's second wording (a pattern may name a group only once).
PLACE = VALUE.replace("value", "place")

MONTH_WORDS = "|".join(sorted(MONTHS, key=len, reverse=True))
# A list runs to the sentence's end ("allergic to penicillin, peanuts and shellfish"); its
# items are parted in `_each`.
ITEMS = (
    rf"(?P<value>(?:[^.!?;:\n\u2013\u2014]|{INNER_DOT})+?)"
    rf"(?=\s+(?:but|so|because|since)\b|\s+-\s|{FINAL_DOT}|[!?;:\n\u2013\u2014]|$)"
)
# What a verb of doing takes its object with ("working on", "volunteering at"). Left in the
# value, it tells the object came before the verb: "the impact we made on their life".
WITH = r"(?:\s+(?:on|at|for|with|in|about|into|from|of)\b)?"
# A value that may name two things with "both": "I like both cats and dogs" (kept whole, not
# "both cats").
BOTH = VALUE.replace("(?P<value>", r"(?P<value>(?:both\s+[\w'-]+(?:\s+[\w'-]+)?\s+and\s+)?", 1)
# The rest of a list of likes ("hiking[, swimming and chess]"): short items, the last after
# "and" / "or", then the clause's end; parted in `_each`.
# An item of a list; one opening on the speaker is another clause ("my daughter is 7 and my
# son is 4"), left to be read on its own.
ITEM = r"(?!(?:my|our|i|we)\b)[\w'-]+(?:\s+[\w'-]+){0,3}"
# At most eight items: a pasted list of thousands without an "and" was read again from every
# "I like" in it (170 s for 200,000 characters).
MORE = rf"(?P<more>(?:\s*,\s*{ITEM}){{0,8}},?\s+(?:and|or)\s+{ITEM})?"
# How well, said before a language: "fluent", "a little" (`core.ingest.rules` leaves it out).
LANGUAGE_LEVEL = r"(?:fluent|some|a\s+(?:little|bit\s+of)|basic|good|decent)\s+"
# A language is named with its capital: "I speak my mind" is no skill.
LANGUAGE = rf"(?:{LANGUAGE_LEVEL})?(?-i:[A-Z][a-z]+)"
# The verb a sentence goes on with after naming its subject ("my love for X has been ...").
ITS_VERB = (
    r"(?:is|are|was|were|has|have|had|keeps?|kept|makes?|made|helps?|helped|gives?|brings?|"
    r"drives?)\b"
)
# What a sentence opens with when it names a thing before saying what it is to the speaker
# ("Pizza is my favorite food"): not a pronoun, which points at what was said.
OPENS_SENTENCE = (
    r"(?:^|(?<=[.!?]\s))(?!(?:I|it|this|that|these|those|there|he|she|they|we|you|what|"
    r"which|who|here)\b)"
)
# "I'm" or "I am", and "im" as chat types it.
I_AM = r"\b(?:I(?:'m|\s+am)|[Ii]m)\s+"
# A title in quotation marks (curly ones are read as straight: `core.sentences.plain_quotes`).
# A pattern reads it from the space before it: a match opening inside quotation marks counts
# as someone else's words (`core.others_words`).
QUOTED_TITLE = r"\"[^\"\n]{1,60}\""
# What "I gave up ..." gives up that one drinks, or eats.
DRINKS = r"coffee|tea|alcohol|booze|soda|pop|beer|wine|caffeine|energy\s+drinks"
FOODS = r"sugar|meat|red\s+meat|dairy|gluten|carbs|bread|chocolate|sweets|junk\s+food|fast\s+food"
