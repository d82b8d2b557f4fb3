"""Where a sentence ends, for the rules that read facts and the patterns that find to-dos: at
".", "!", "?" or a line's end, but not at a dot inside a word or a number ("ana@example.com",
"12.50", "v2.1"; a capital after one starts a sentence), after a title, before the name
("Dr. Lee", "St. Mary's"), nor after a month cut short, before its day ("by Nov. 30"). A to-do
cut there was "Call Dr" and lost its "tomorrow"."""

from __future__ import annotations

IN_WORD = r"(?-i:[a-z0-9])"
TITLES = ("St", "Dr", "Mt", "Ft", "Mr", "Mrs", "Ms", "Prof")
AFTER_TITLE = "|".join(rf"(?<=\b{t})\." for t in TITLES)
NOT_AFTER_TITLE = "".join(rf"(?<!\b{t})" for t in TITLES)
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
_AFTER_MONTH = "|".join(rf"(?<=\b(?i:{m}))" for m in _MONTHS)
_AFTER_MONTH_DOT = "|".join(rf"(?<=\b(?i:{m})\.)" for m in _MONTHS)
# A dot that does not end a sentence.
INNER_DOT = rf"\.(?={IN_WORD})|{AFTER_TITLE}|(?:{_AFTER_MONTH})\.(?=\s+\d)"
# One that does.
FINAL_DOT = rf"{NOT_AFTER_TITLE}\.(?!{IN_WORD})(?!(?:{_AFTER_MONTH_DOT})\s+\d)"

# What opens a sentence before what it says ("ok, so", "please", "Engram,").
OPENER_WORDS = r"ok|okay|so|and|also|please|hey|engram|actually|just"
# Asking the assistant to: "can you (please)", "I'd like you to", "I want you to".
ASKING_YOU = (
    r"(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d|\s+would)\s+like\s+you\s+to\s+"
    r"|i\s+(?:want|need)\s+you\s+to\s+"
)
