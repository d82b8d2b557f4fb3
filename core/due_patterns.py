"""The wordings of a deadline (`core.due` reads them), each named for how its date is worked
out: a day said ("tomorrow", "tmrw"), a part of one, a weekday, a date, a span from now, a
month, a season, a holiday. Tried all; the first said in the text is the deadline."""

from __future__ import annotations

import re

from core.temporal import ISO_DATE, MONTHS, NUMBER_WORDS, WEEKDAYS

_PART_OF_DAY = r"(?:\s+(?:in\s+the\s+)?(morning|afternoon|evening|night))?"
_NUMBER = r"(\d+|" + "|".join(NUMBER_WORDS) + ")"
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
DAY_TERMS = {"today": 0, "tonight": 0, "tomorrow": 1, "the day after tomorrow": 2}
# How chat spells them: "call mom tmrw", "tommorow", "2nite".
DAY_SPELLINGS = {
    **dict.fromkeys(("2day",), "today"),
    **dict.fromkeys(("tonite", "2nite"), "tonight"),
    **dict.fromkeys(
        (
            "tmrw",
            "tmr",
            "tmw",
            "tmrow",
            "2moro",
            "2morrow",
            "2mrw",
            "tomoz",
            "tomorow",
            "tommorow",
            "tommorrow",
        ),
        "tomorrow",
    ),
}
DAY_WORDS = "|".join(sorted([*DAY_TERMS, *DAY_SPELLINGS], key=len, reverse=True))

# Days a deadline is named by ("by Christmas", "before New Year's Eve", "for Halloween"), with a
# word before them: "a Christmas present" names no day. Holidays on a weekday of a month
# (Thanksgiving, Easter) differ between countries and are left to a date.
HOLIDAY = (
    r"christmas(?:\s+(?:eve|day))?|new\s+year(?:['’]?s)?(?:\s+(?:eve|day))?|halloween"
    r"|valentine(?:['’]?s)?(?:\s+day)?"
)

# Chat's short names of the weekdays, each the day it is (by its index in WEEKDAYS).
SHORT_WEEKDAYS = {
    **dict.fromkeys(("mon",), 0),
    **dict.fromkeys(("tue", "tues"), 1),
    **dict.fromkeys(("wed", "weds"), 2),
    **dict.fromkeys(("thu", "thur", "thurs"), 3),
    **dict.fromkeys(("fri",), 4),
    **dict.fromkeys(("sat",), 5),
    **dict.fromkeys(("sun",), 6),
}
NEXT_YEAR = re.compile(r"\bnext\s+year\b")
# The end of a working day, as said: "EOD", "COB", "close of business".
_END_OF_DAY = (
    r"(?:eod|cob|eob|close\s+of\s+(?:business|play)|end\s+of\s+(?:the\s+)?(?:day|business))"
)
PATTERNS = (
    (
        "relative_day",
        # "By EOD tomorrow" is tomorrow's, all of it the deadline's words.
        re.compile(
            r"\b(?:by\s+)?(?:"
            + _END_OF_DAY
            + r"\s+|(first\s+thing)\s+)?("
            + DAY_WORDS
            + ")"
            + _PART_OF_DAY
            + r"\b"
        ),
    ),
    ("part_of_today", re.compile(r"\bthis\s+(morning|afternoon|evening)\b")),
    # Without a day: the next one to come ("in the morning", said at noon, is tomorrow's;
    # "every morning", the next of them); "first thing" is the morning's.
    (
        "part_ahead",
        re.compile(
            r"\b(?:(?:in\s+the|every|each)\s+(morning|afternoon|evening)"
            r"|(?:at|every|each)\s+(night)|(first\s+thing)(?:\s+in\s+the\s+morning)?)\b"
            # ...not a weekday's ("first thing Monday", `weekday`).
            r"(?!\s+(?:on\s+)?(?:" + "|".join(WEEKDAYS) + r")\b)"
        ),
    ),
    # Later the same day: "later today", "in a bit" ("later this week" is the week's; "no later
    # than Friday" is Friday).
    (
        "later_today",
        re.compile(
            r"\b(?:(?<!\bno\s)later(?:\s+(?:today|on))?(?!\s+(?:this|next|in|that|than)\b)|"
            r"in\s+a\s+(?:little\s+)?(?:bit|while))\b"
        ),
    ),
    (
        "end_of_day",
        # "By EOD Friday" is Friday's.
        re.compile(
            r"\b(?:by\s+)?(?:the\s+)?(?:" + _END_OF_DAY + r"|asap)\b"
            r"(?!\s+(?:on\s+)?(?:" + "|".join(WEEKDAYS) + "|" + DAY_WORDS + r")\b)"
        ),
    ),
    (
        "end_of_week",
        re.compile(
            r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?week\b|\bbefore\s+the\s+weekend\b"
        ),
    ),
    (
        "end_of_next_week",
        re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+next\s+week\b|\blater?\s+next\s+week\b"),
    ),
    ("end_of_month", re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month\b")),
    ("end_of_next_month", re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+next\s+month\b")),
    (
        "end_of_year",
        re.compile(r"\b(?:by\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?year\b|\byear[\s-]end\b"),
    ),
    (
        "holiday",
        re.compile(
            r"\b(?:by|before|on|for|until|till|over|at|ahead\s+of|this)\s+(?:the\s+)?("
            + HOLIDAY
            + r")\b"
        ),
    ),
    ("weekend", re.compile(r"\b(?:this|over the|on the|by the|at the)\s+weekend\b")),
    ("next_weekend", re.compile(r"\b(?:by\s+)?next\s+weekend\b")),
    ("this_week", re.compile(r"\b(?:later\s+)?this\s+week\b")),
    ("this_month", re.compile(r"\b(?:later\s+)?this\s+month\b")),
    ("next_week", re.compile(r"\b(?:early\s+)?next\s+week\b")),
    ("next_month", re.compile(r"\bnext\s+month\b")),
    ("next_year", NEXT_YEAR),
    (
        "weekday",
        re.compile(
            r"\b(?:(?:on|by|this\s+coming|this|next|before|for)\s+)?(?:"
            + _END_OF_DAY
            + r"\s+(?:on\s+)?|(first\s+thing)\s+(?:on\s+)?)?("
            + "|".join(WEEKDAYS)
            + r")"
            + _PART_OF_DAY
            # ..."Monday week": the one after.
            + r"(\s+week)?\b"
        ),
    ),
    # ...as chat shortens it, after a word saying it is a day: "on Sat", "by Fri", "next Tues"
    # ("I sat down", "the sun" are none).
    (
        "weekday_short",
        re.compile(
            r"\b(?:on|by|this|next|before|for|until|till|every)\s+("
            + "|".join(SHORT_WEEKDAYS)
            + r")\b\.?"
            + _PART_OF_DAY
            + r"(?![\w'-])"
        ),
    ),
    (
        "in_delta",
        re.compile(
            r"\b(?:in|within)\s+(?:the\s+next\s+)?(?:(?:a\s+)?"
            + _NUMBER
            + r"\s+(minute|min|hour|hr|day|week|fortnight|month)s?|(half)\s+an?\s+hour)\b"
            # ..."in two weeks' time".
            r"(?:['\u2019]?s?\s+time\b)?"
        ),
    ),
    # ...or the time one has left: "I have 2 days to finish the report".
    (
        "in_delta",
        re.compile(
            r"\bi(?:\s+(?:only\s+)?have(?:\s+got)?|'ve\s+(?:only\s+)?got)\s+(?:(?:a\s+)?"
            + _NUMBER
            + r"\s+(minute|min|hour|hr|day|week|fortnight|month)s?|(half)\s+an?\s+hour)"
            r"(?=\s+(?:left\s+)?to\b)"
        ),
    ),
    # ...or counted from now: "a week from today", "two days from now".
    (
        "from_now",
        re.compile(
            r"\b(?:an?|" + _NUMBER + r")\s+(day|week|fortnight|month)s?\s+from\s+(?:now|today)\b"
        ),
    ),
    ("iso_date", ISO_DATE),
    # "On 12/15", "by 15/12/2026": in the order its numbers allow (12/15 is December's 15th
    # as 15/12 is); "3/4", either, is no date.
    (
        "numeric_date",
        re.compile(r"\b(?:by|on|before|until|till|due)\s+(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\b"),
    ),
    (
        "part_of_month",
        re.compile(r"\b(?:by|in|before)\s+(early|mid|late)[\s-]+(" + _MONTH_NAMES + r")\b"),
    ),
    # "Next June", "this coming March", "in February": the month, from its first day ("in
    # may be" is the verb).
    (
        "month_ahead",
        re.compile(
            r"\b(?:next|this|this\s+coming|coming|in)\s+(" + _MONTH_NAMES + r")\b(?!\s+be\b)"
        ),
    ),
    # "By spring": its first day; "this summer", "next winter": its last, as what is done in it
    # is done by then (northern seasons, as `core.temporal` reads them).
    (
        "season",
        re.compile(
            r"\b(by|before|this|this\s+coming|coming|next|in\s+the)\s+(spring|summer|autumn|fall|"
            r"winter)\b"
        ),
    ),
    # "By 15 December", "on the 3rd of March": the day first. After "due" a date alone is a
    # deadline too ("my taxes are due April 15"), the word left in what is said.
    (
        "day_month",
        re.compile(
            r"(?:\b(?:by|on|before|until|till)\s+|(?<=\bdue\s))(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?("
            + _MONTH_NAMES
            + r")\b"
        ),
    ),
    (
        "day_of_month",
        re.compile(
            r"\b(?:by|on|before|until|till"
            # ...or a reminder set for it: "Set a reminder for the 15th to pay the card" (not
            # "for the 2nd time", "for the 10th anniversary").
            r"|for(?=\s+the\s+\d{1,2}(?:st|nd|rd|th)\s*(?:$|[.,!?;:]|(?:to|at|and|so|then)\b)))"
            r"\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b"
        ),
    ),
    (
        "month_day",
        re.compile(
            r"(?:\b(?:by|on|before|until|till)\s+|(?<=\bdue\s))("
            + _MONTH_NAMES
            + r")\.?(?:\s+(\d{1,2})"
            r"(?:st|nd|rd|th)?)?\b"
            # ...or said with its day alone: "call Tom Dec 5th".
            # ("may" and "march" are verbs too), its day an ordinal or ending the clause; not a
            # year's date ("Dec 5, 2019").
            r"|\b(?!may\b|march\b)(" + _MONTH_NAMES + r")\.?\s+(\d{1,2})"
            r"(?:(?:st|nd|rd|th)\b|(?=\s*(?:[.!?;]|$)|\s+(?:at|to|for|and|then)\b"
            r"|\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b))"
            r"(?!,?\s*\d{4})"
        ),
    ),
)
