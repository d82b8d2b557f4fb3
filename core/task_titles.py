"""How a noticed to-do reads in the inbox: cut at its clause's end (a list of things kept whole),
without its deadline's words or the politeness it was asked with, in the verb's base form and
the order things are done in ("I still haven't paid the bill" is "Pay the bill"), one line."""

from __future__ import annotations

import re

from core.due import Due
from core.task_words import PLEASE
from core.to_do_words import DANGLING
from core.verb_forms import BEGUN, GERUNDS, PARTICIPLES

# What the title of a to-do said so opens with ("Don't let me forget the milk": "Remember the
# milk").
_TITLED = {
    "forget_thing": "Remember",
    "cant_forget": "Remember",
    "shopping": "Buy",
    "ran_out": "Buy",
    "leave_without": "Take",
    "owe": "Pay",
}
# What the title of a to-do said so is, in the order it is done: "I have emails to answer" is
# "Answer emails", "I'm due for a haircut" is "Get a haircut".
_REORDERED = {
    "left_to_do": (
        re.compile(
            r"(?P<thing>.+?)\s+to\s+(?P<verb>(?:fill|pick|drop|reply|respond|sort)\s+\w+|\w+)"
            r"(?P<rest>.*)",
            re.I,
        ),
        "{verb} {thing}{rest}",
    ),
    "wanted_of_me": (
        re.compile(
            r"(?i:(?P<whose>my|our|the))\s+(?P<whom>\S+)\s+(?:wants|needs|expects|asked\s+for)\s+"
            r"(?P<thing>.+)",
            re.I,
        ),
        "{thing} for {whose} {whom}",
    ),
    "due_for": (
        re.compile(r"i(?:'m|\s+am)\s+(?:\w+\s+)?(?:over)?due\s+for\s+(?P<thing>.+)", re.I),
        "Get {thing}",
    ),
}
# A word owed is said to whom it is owed: "I owe Mark a reply" is "Reply to Mark", "I owe my mom
# a call" "Call my mom".
_OWED_WORD = re.compile(r"(?P<whom>.+?)\s+an?\s+(?P<word>phone\s+call|\S+)(?P<rest>.*)", re.I)
_OWED_WORDS = {
    "reply": "Reply to {whom}",
    "response": "Reply to {whom}",
    "answer": "Answer {whom}",
    "phone call": "Call {whom}",
    "e-mail": "Email {whom}",
    "apology": "Apologise to {whom}",
}
# The verb a to-do said so is titled with, by how it was said: "paid" is "pay", "ordering" is
# "order".
_BASE_FORMS = {
    "not_yet": PARTICIPLES,
    "not_yet_then": PARTICIPLES,
    "taken_on": GERUNDS,
    "put_off": GERUNDS,
}
# Whom a promise is made to that is no one to call ("I promised myself I'd ..."), and the
# word the to-do names them by.
_REFILLED = re.compile(r"\b(?:prescription|meds|medication|pills|inhaler)$", re.I)
_A_THING = re.compile(r"^an?\s+", re.I)
_ONESELF = frozenset({"myself", "me"})
_THEM = re.compile(r"\b(?:her|him|them)\b")
# ...what to remember, said with when it is ("... is on the 3rd"), not where or what it is.
_REMEMBER = re.compile(
    r"remember\s(?!.*\b(?:where|what|how|who|which|when|why|whether|if)\b)", re.I
)
_HAVING = re.compile(r"^(?:i|we)(?:'re|'m|\s+are|\s+am)\s+having\s+(?=\w)", re.I)
_GET_ROUND = re.compile(r"get\s+(?:a)?round\s+to\s+", re.I)
_NOT_FORGET = re.compile(r"not\s+forget\s+(?!to\b)", re.I)
_FORGOT = re.compile(r"(?:don'?t|do\s+not)\s+forget\s+(?P<to>to\s+)?", re.I)
# The things a to-do lists after its first: a few words each, no clause of their own.
_THING = r"(?!(?:she|he|it|they|i|we|you|that|this|which|who|but|so|because|then)\b)[\w'-]+"
_THINGS = rf"{_THING}(?:\s+{_THING}){{0,2}}"
_LIST_TAIL = re.compile(
    rf",\s*{_THINGS}(?:\s*,\s*{_THINGS})*\s*,?\s+(?:and|or)\s+{_THINGS}\s*[.!]?\s*", re.I
)
_MAX_TAIL = 120
# ...or where what follows if it is not done begins: "Return the library books by the 3rd or
# I'll get fined".
_CLAUSE_END = re.compile(
    r",|\s+(?:but|because|so that|since|although)\s|\s+-\s|\u2014"
    r"|\s+or\s+(?:else|i'll|i\s+will|we'll|it'll|they'll|you'll)\b|\s+otherwise\b"
)
# How long it has been put off, or a time said as "that" which the deadline now holds: "I've
# been meaning to clean out the garage for months", "I have a call at 4, need to prep slides
# before that".
_PUT_OFF_FOR = re.compile(
    r"\s+for\s+(?:months|weeks|years|ages|a\s+while|so\s+long|a\s+long\s+time|forever)$", re.I
)
# A word that sets the to-do beside another is no part of it: "I need to call the dentist on
# Monday instead", "... too", "... as well", "... anyway".
_ASIDE = re.compile(r"(?:\s+(?:instead|too|as\s+well|anyways?|also|still|though))+$", re.I)
_BEFORE_THAT = re.compile(r"\s+(?:before|after|by)\s+(?:that|then)$", re.I)
POLITE = re.compile(r"\b(?:" + PLEASE + r"|for me)\b", re.IGNORECASE)
# Laughter and sighs typed after a to-do are no part of it: "I need to call mom lol".
_CHAT_TAIL = re.compile(
    r"(?:\s+(?:lol|lmao|rofl|ha(?:ha)+h*|he(?:he)+|xd|omg|ugh+|tbh|smh|jk|ikr|fml|:\)|:\(|:d|xx+))+$",
    re.IGNORECASE,
)
# The longest to-do title noticed (`_one_line`).
_TITLE_CHARS = 120
# "I need to remember to buy milk", "I need to finally fix the faucet": the task is buying
# milk, fixing the faucet.
_NOT_THE_TO_DO = re.compile(
    r"^(?:(?:remember|not forget)\s+to\s+|(?:finally|really|actually|definitely|seriously)\s+)+",
    re.IGNORECASE,
)


def clean_title(raw: str, own: str, due: Due | None) -> str:
    """The to-do in `raw`, cut at its clause's end; `own` is `raw` with quotations masked, so a
    quoted title is kept whole ("watch "Dune, Part Two"")."""
    clause_end = _CLAUSE_END.search(own)
    # "Buy milk, eggs and bread": a list of things goes on past its comma.
    tail = own[clause_end.start() :] if clause_end is not None else ""
    if len(tail) <= _MAX_TAIL and _LIST_TAIL.fullmatch(tail):
        clause_end = None
    title = _NOT_THE_TO_DO.sub("", raw[: clause_end.start()] if clause_end else raw)
    # "Water the plants every Monday" is done each time: the next one is its deadline, and the
    # title keeps saying when ("Water the plants every" lost it; "... of every month" too).
    if due is not None and not re.search(
        rf"\b(?:every|each)\s+{re.escape(due.phrase)}|{re.escape(due.phrase)}\s+of\s+(?:every|each)\b",
        title,
        flags=re.IGNORECASE,
    ):
        # ...and "for Monday's meeting" keeps its words: they say which meeting.
        title = re.sub(re.escape(due.phrase) + r"(?!['’]s\b)", " ", title, flags=re.IGNORECASE)
    title = POLITE.sub(" ", title)
    title = _CHAT_TAIL.sub("", re.sub(r"\s+", " ", title).strip(" .!?;:'")).strip(" .!?;:'")
    title = _ASIDE.sub("", _PUT_OFF_FOR.sub("", title))
    if due is not None:
        title = _BEFORE_THAT.sub("", title)
    # A quotation mark the cut left alone goes, as do those around the whole to-do.
    if title.count('"') % 2 or (title.count('"') == 2 and title[0] == title[-1] == '"'):
        title = title.strip(' "')
    # A word the deadline left at the end goes ("renew the passport before"), not a verb's
    # own ("check in").
    kept = DANGLING.sub("", title)
    return _one_line(kept if " " in kept else title)


def _one_line(title: str) -> str:
    """A to-do is a line of the inbox: a page pasted after "remind me to" is cut at a word,
    and read whole in the turn it came from (the inbox shows it)."""
    if len(title) <= _TITLE_CHARS:
        return title
    head = title[: _TITLE_CHARS - 1]
    return (head.rsplit(" ", 1)[0] if " " in head else head).rstrip(" ,;:-") + "…"


_UNDONE_VERBS = {**PARTICIPLES, **BEGUN}
# "... and I haven't paid it (yet)", "... but I haven't even started": what is due, not done.
_NOT_DONE_IT = re.compile(
    r"^\W*(?:and|but)\s+(?:i|we)\s+(?:still\s+)?haven'?t\s+(?:even\s+|yet\s+)?(?P<verb>"
    + "|".join(sorted(map(re.escape, _UNDONE_VERBS), key=len, reverse=True))
    + r")(?:\s+(?:it|them))?(?:\s+yet)?\W*$",
    re.IGNORECASE,
)
_IS_DUE = re.compile(r"\s+(?:is|are)\s+(?:also\s+)?due(?:\s+back)?$", re.IGNORECASE)


# The deed a thing due is done by: "The rent is due" is "Pay the rent", and "I paid the rent"
# finishes it (titled "The rent is due", it finished nothing).
_DUE_DEEDS = (
    (re.compile(r"\b(?:rent|bills?|payment|deposit)$", re.IGNORECASE), "pay"),
    (re.compile(r"\b(?:taxes|tax\s+return)$", re.IGNORECASE), "file"),
    (re.compile(r"\blibrary\s+books?$", re.IGNORECASE), "return"),
    (
        re.compile(
            r"\b(?:essay|paper|report|assignment|homework|thesis|dissertation|application|"
            r"coursework|proposal)$",
            re.IGNORECASE,
        ),
        "submit",
    ),
)


def undone_due(title: str, after: str) -> str:
    """What is due, as the to-do it says is not done after it: "The rent is due tomorrow and
    I haven't paid it" is "Pay the rent"; "My essay is due Monday and I haven't even started"
    is "Start my essay". Any other title is as it is."""
    said = _NOT_DONE_IT.match(after)
    if said is None:
        return title
    return _done_by(title, _UNDONE_VERBS[" ".join(said.group("verb").lower().split())])


def due_deed(title: str) -> str:
    """What is due, as the to-do of the deed it is done by: "My library books are due back"
    is "Return my library books". Any other title is as it is ("The presentation is due")."""
    thing = _IS_DUE.search(title)
    what = title[: thing.start()] if thing else ""
    return _done_by(title, next((deed for due, deed in _DUE_DEEDS if due.search(what)), None))


def _done_by(title: str, verb: str | None) -> str:
    thing = _IS_DUE.search(title)
    if thing is None or verb is None:
        return title
    what = title[: thing.start()]
    return f"{verb.capitalize()} {what[:1].lower()}{what[1:]}"


def worded(name: str, title: str, found: re.Match[str], source: str) -> str:
    """The to-do as the inbox says it, by how it was said: "Don't let me forget the milk" is
    "Remember the milk"; "I promised my mom I'd call her" is "Call my mom"; "I still haven't
    paid the bill" is "Pay the bill"; "Don't forget I have a doctor's appointment" is
    "Doctor's appointment". `source`: the sentence `found` was read in, as written."""
    if name in _TITLED:
        return f"{_TITLED[name]} {title}"
    if name in _REORDERED and (said := _REORDERED[name][0].match(title)):
        # "My boss" mid-title is "my boss".
        parts = {
            part: words.lower() if part == "whose" else words
            for part, words in said.groupdict().items()
        }
        return _REORDERED[name][1].format(**parts)
    if name == "owe_word" and (owed := _OWED_WORD.match(title)):
        word = " ".join(owed["word"].lower().split())
        said = _OWED_WORDS.get(word, "{verb} {whom}").format(
            verb=word.capitalize(), whom=owed["whom"]
        )
        return said + owed["rest"]
    if name == "promised" and found.group("whom") and found.group("whom") not in _ONESELF:
        return _THEM.sub(source[found.start("whom") : found.end("whom")], title, count=1)
    # "I need to get round to fixing the tap" is fixing it.
    around = _GET_ROUND.match(title)
    forms, done = (GERUNDS, title[around.end() :]) if around else (_BASE_FORMS.get(name, {}), title)
    said = next((form for form in forms if done.lower().startswith(f"{form} ")), None)
    if said is not None:
        rest = done[len(said) :]
        if name in ("not_yet", "not_yet_then"):
            # "I haven't booked anything yet": "Book something".
            rest = re.sub(r"^\s+anything\b", " something", rest)
        return forms[said] + rest
    if name == "expires":
        # "My prescription runs out on Monday": "Refill my prescription".
        return f"{'Refill' if _REFILLED.search(title) else 'Renew'} {title[:1].lower()}{title[1:]}"
    if name == "not_begun":
        # "I have an essay due Friday that I haven't started": "Start the essay".
        return f"{BEGUN[found.group('begun')]} {_A_THING.sub('the ', title, count=1)}"
    if name == "not_to_miss":
        return re.sub(r"^an?\s+", "", title, flags=re.IGNORECASE)
    # "I need to not forget the passports": "Remember the passports".
    if not_forget := _NOT_FORGET.match(title):
        return f"Remember {title[not_forget.end() :]}"
    # "Make sure I don't forget the dry cleaning": "Remember the dry cleaning".
    if name == "make_sure" and (forgot := _FORGOT.match(title)):
        rest = title[forgot.end() :]
        return rest if forgot.group("to") else f"Remember {rest}"
    if name in ("noted", "todo") or _REMEMBER.match(title):
        # "Don't forget my birthday is on Friday": "My birthday"; "Don't let me forget: Mia's
        # recital is Thursday at 6": "Mia's recital"; "I need to remember my mum's birthday is
        # on the 3rd": "Remember my mum's birthday"; "Don't forget we're having dinner with
        # the Smiths on Saturday": "Dinner with the Smiths".
        return _HAVING.sub("", re.sub(r"\s+(?:is|are)$", "", title))
    return title
