"""To-dos noticed in what the user says, without any command: seed 000's patterns and score
(signal strength * 0.6 + entity density * 0.25 + recency * 0.15), plus the phrasings people
actually use. What is said as a question, a condition, in the past, as a figure of speech ("I
have to say...") or in someone else's words (`core.others_words`) is not a task."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import islice

from core.due import Due, parse_due
from core.model import TaskPriority
from core.others_words import others_words
from core.sentences import INNER_DOT, describes_a_thing, plain_quotes
from core.to_do_words import DANGLING
from core.todo_lists import ListedItem, to_do_lists, verb_led_parts

# The verbs of a note to oneself in the imperative (`errand` below).
_ERRANDS = (
    "call phone text email e-mail pay renew buy pick drop return submit file sign pack "
    "unpack clean wash tidy vacuum hoover water feed walk mow cancel deposit collect visit "
    "charge refill iron sweep mop schedule reschedule book reserve order post mail"
).split()
# Strongest first; a sentence yields at most one task, from its strongest matching phrase (a
# second one joined by "and" is a sentence of its own: `_ANOTHER_TO_DO`).
_SUBJECT = r"\b(?:i|we)"
_FILLER = r"(?:(?:really|still|just|also|probably|definitely|actually)\s+)?"
# As typed in chat too: "pls remind me to call the vet".
_PLEASE = r"(?:please|pls|plz)"
# An instruction opening a sentence, asked or not: "Can you please add ...", "Please add ...".
_ASKED = r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:" + _PLEASE + r"\s+)?"
_PATTERNS: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (name, strength, re.compile(pattern))
    for name, strength, pattern in (
        (
            "remind",
            0.95,
            r"\b(?:remind\s+me\s+(?:[\w':]+\s+){0,6}?(?:to|about|abt|(?P<that>that))"
            # ...or nudged, when ("ping me in 20 minutes to ...", not "ping me the link to").
            r"|(?:ping|nudge)\s+me\s+(?!in\s+the\s+right\b)(?:(?:in|at|on|by|around|before|"
            r"after|tomorrow|tonight|today|later|next|this|every)\b(?:\s+[\w':]+){0,4}?\s+)?"
            r"(?:to|about|abt)|help\s+me\s+(?:to\s+)?remember\s+to)\s+(?P<task>.+)",
        ),
        (
            "reminder",
            0.95,
            r"\b(?:set|add|make|create)\s+(?:a\s+|me\s+a\s+)?reminder\s+"
            r"(?:[\w':]+\s+){0,6}?(?:to|about)\s+(?P<task>.+)",
        ),
        (
            "todo",
            0.90,
            r"^(?:todo|to-do|to do|note to self|reminder(?:\s+to\s+self)?|"
            r"(?:add\s+)?(?:an?\s+)?(?:new\s+)?(?:task|to-?do)|add\s+to\s+my\s+(?:to-?do\s+)?list|"
            # "Don't forget: team lunch Friday", not "Don't forget: I'm allergic to nuts".
            r"(?:don'?t|do not)\s+forget(?=\s*[:\-\u2013]\s*+(?!(?:i|you|we|he|she|they|it)\b)))"
            r"\s*[:\-\u2013]\s*(?P<task>.+)",
        ),
        # An open box of a checklist ("- [ ] book the dentist"); a ticked one is done.
        ("checkbox", 0.90, r"^(?:[-*+]\s+)?\[\s\]\s+(?P<task>.+)"),
        (
            "on_my_list",
            0.90,
            _ASKED + r"(?:add|put)\s+(?P<task>.+?)\s+(?:to|on)\s+(?:my|the)\s+"
            r"(?:(?:to-?do|task)s?(?:\s+list)?|list)\b",
        ),
        # "Add milk to my shopping list": the inbox is the list the app keeps ("Buy milk").
        (
            "shopping",
            0.90,
            _ASKED + r"(?:add|put)\s+(?P<task>.+?)\s+(?:to|on)\s+(?:my|the|our)\s+"
            r"(?:shopping|grocery|groceries)\s+list\b",
        ),
        (
            "dont_forget",
            0.85,
            r"\b(?:(?:don'?t|do not)\s+(?:let me\s+)?forget\s+to\s+|"
            r"(?:(?:i|we)\s+|^)(?:must\s+not|mustn'?t|can'?t|cannot)\s+forget\s+to\s+)(?P<task>.+)",
        ),
        # "Don't let me forget the milk": a thing to keep in mind, titled "Remember the milk"
        # ("I can't forget that day", "we must not forget how lucky we are" are memories).
        (
            "forget_thing",
            0.85,
            r"\b(?:(?:don'?t|do not)\s+let\s+me|(?:(?:i|we)\s+|^)(?:must\s+not|mustn'?t))\s+forget\s+"
            r"(?:about\s+)?(?!(?:to|how|what|who|where|why|when)\b)(?P<task>.+)",
        ),
        (
            "remember_to",
            0.85,
            r"^(?:" + _PLEASE + r"\s+|must\s+|gotta\s+|need\s+to\s+)?remember\s+to\s+(?P<task>.+)",
        ),
        ("make_sure", 0.85, r"\bmake\s+sure\s+(?:i|to)\s+(?P<task>.+)"),
        # Not a must-not: "we must not forget how lucky we are", "I must not eat sugar".
        ("must", 0.85, _SUBJECT + r"\s+" + _FILLER + r"must\s+(?!have\b|not\b)(?P<task>.+)"),
        (
            "have_to",
            0.85,
            _SUBJECT + r"(?:\s+" + _FILLER + r"(?:have|have got)\s+to|'ve\s+got\s+to|"
            r"\s+" + _FILLER + r"gotta)\s+(?P<task>.+)",
        ),
        ("need_to", 0.80, r"\bi\s+" + _FILLER + r"need\s+to\s+(?P<task>.+)"),
        # Expected of one: "I'm supposed to send the slides tonight".
        (
            "supposed_to",
            0.78,
            r"\bi(?:'m|\s+am)\s+" + _FILLER + r"(?:supposed|meant|expected)\s+to\s+(?P<task>.+)",
        ),
        # Weaker: notes to oneself without a subject ("Need to call mom tomorrow.", but also
        # "Gotta stay focused", "Must feel great") and the future ("I'll have to check it out
        # sometime"). They land with a deadline; without one, a second mention lands them.
        (
            "bare",
            0.72,
            r"^(?:(?:ok|okay|so|and|oh|also)\W+)*" + _FILLER + r"(?:must|gotta|(?:have|need)\s+to)"
            r"\s+(?!(?:have|be|feel|seem|look|sound|mean|not)\b)(?P<task>.+)",
        ),
        (
            "future",
            0.72,
            _SUBJECT + r"(?:'ll|\s+will)\s+" + _FILLER + r"(?:have|need)\s+to\s+(?P<task>.+)",
        ),
        ("before_we_can", 0.78, r"\bbefore\s+we\s+can\s+[^,]+,\s*we\s+need\s+to\s+(?P<task>.+)"),
        ("we_need_to", 0.75, r"\bwe\s+" + _FILLER + r"need\s+to\s+(?P<task>.+)"),
        ("follow_up", 0.72, r"\b(?P<task>follow\s+up\s+(?:on|with)\s+.+)"),
        ("next_step", 0.70, r"\bnext\s+step\s+is\s+(?:to\s+)?(?P<task>.+)"),
        # A plan said as one: "my plan for tomorrow is to clean the garage" (with its day, it
        # lands; "the plan is to relax" alone waits out of sight).
        (
            "plan_is",
            0.72,
            r"\b(?:my|our|the)\s+plan\s+(?:for\s+(?:[\w']+\s+){1,4}?)?is\s+to\s+(?P<task>.+)",
        ),
        # A note to oneself in the imperative, with its time: "Pick up the dry cleaning
        # tomorrow", "Pay rent on Friday". Only errands: most imperatives in a chat ask the
        # assistant ("Check the weather for tomorrow", "Write me a plan for Monday").
        (
            "errand",
            0.72,
            r"^(?:(?:ok|okay|so|and|oh|also|then)\W+)*(?P<task>(?:" + "|".join(_ERRANDS) + r")\b"
            r"(?!\s+(?:me|us|you)\b).+)",
        ),
        ("lets", 0.70, r"^(?:(?:ok|okay|so|alright)\W+)?let'?s\s+(?P<task>.+)"),
        (
            "should",
            0.65,
            _SUBJECT + r"\s+" + _FILLER + r"(?:should|ought\s+to)\s+"
            r"(?!have\b)" + _FILLER + r"(?P<task>.+)",
        ),
        ("might_need", 0.55, _SUBJECT + r"\s+(?:might|may)\s+(?:need|have)\s+to\s+(?P<task>.+)"),
    )
)
_REMIND = next(pattern for name, _, pattern in _PATTERNS if name == "remind")
_REMINDER_STRENGTH = next(strength for name, strength, _ in _PATTERNS if name == "remind")
# What a "to" before the reminder's own leads to: a place one gets to, not a thing to do.
_PLACES_GONE_TO = frozenset(
    "the a an my your our his her their this that work school bed church town class".split()
)
# What the title of a to-do said so opens with ("Don't let me forget the milk": "Remember the
# milk").
_TITLED = {"forget_thing": "Remember", "shopping": "Buy"}
# Requests phrased as questions ("Can you remind me to...?") are still requests, and asked
# for wherever they stand: the mood of an instruction.
_REQUESTS = {"remind", "reminder", "make_sure", "on_my_list", "shopping"}
# Phrases that, opening a sentence, are instructions ("Follow up on the invoice."); that mood
# counts like a deadline. Others ("I need to") are statements wherever they stand.
_DIRECTIVES = {
    "todo",
    "checkbox",
    "on_my_list",
    "dont_forget",
    "forget_thing",
    "remember_to",
    "make_sure",
    "follow_up",
    "next_step",
}
_OPENERS = re.compile(r"^(?:(?:the|ok|okay|so|and|oh|also|" + _PLEASE + r")\W+)*$")
# "Remind me to" is a request only when asked ("Can you remind me", "Engram, remind me");
# "turtles remind me to slow down" is a thought. Possessive: "ok," is an opener and a name
# alike, and backtracking through both readings took seconds for twenty of them.
_REQUEST_LEAD = re.compile(
    r"^(?:(?:ok|okay|so|and|oh|also|" + _PLEASE + r"|hey|hi|btw|just|then|now)\W+|\w+,\s*)*+"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:(?:" + _PLEASE + r"|also|just)\s+)*"
    r"|i(?:\s+(?:want|need|would like)|'d like)\s+(?:you|u)\s+to\s+"
    r"|(?:don'?t|do not)\s+forget\s+to\s+)?$"
)
# ...or when it follows another clause: "I'm in Porto now, and remind me to water the plants".
_REQUEST_AFTER = re.compile(r"[,;]\s*(?:(?:and|also|oh|" + _PLEASE + r"|but)\s+)+$")
# An instruction to someone the message speaks to is advice, not the speaker's to-do: "You'll
# love Kyoto. Make sure to visit Fushimi Inari early." It stays a weak signal (a note to self
# in the second person, "don't forget to renew your passport", lands on a second mention).
_ADVICE = re.compile(
    r"^(?:" + _PLEASE + r"\s+)?(?:(?:don'?t|do not)\s+forget|remember|make\s+sure)\s+to\b"
)
# An item of a list of to-dos (`core.todo_lists`), as strong as a "TODO:" line.
_LISTED_STRENGTH = 0.90
_EXPLAINED = re.compile(r":\s")
# Weak: kept out of sight until a second mention makes it a to-do.
_WEAK_STRENGTH = 0.55
# Working on oneself, or helping in general, is a resolve rather than a to-do: "we gotta push
# ourselves out of our comfort zones", "I have to believe in myself", "we need to show our
# support however we can", "I need to find a better way to deal with stress". Weak unless a
# deadline makes it a plan ("I have to find a way to get to the airport tomorrow").
_ASPIRATIONS = re.compile(
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
    r"stop\s+procrastinating)\b"
)
# A reminder asked for with nothing to do in it ("Remind me in an hour.", "Remind me about
# it tomorrow.", "Can you set a reminder for Friday?"), its time taken out: it asks for the
# to-do said before it, by then.
_FOLLOWING_REMINDER = re.compile(
    r"^(?:(?:ok|okay|so|and|oh|also|hey|btw|just|then|" + _PLEASE + r")\W+)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:(?:" + _PLEASE + r"|also|just)\s+)*)?"
    r"(?:remind|ping|nudge)\s+me(?:\s+(?:about|abt|of)\s+(?:it|that|this|them))?"
    r"|^(?:set|add|make|create)\s+(?:a\s+|me\s+a\s+)?reminder(?:\s+(?:for|about)\s+"
    r"(?:it|that|this|them))?(?:\s+for)?"
)
_ADDRESSED = re.compile(r"\byou(?:rs?|rself|rselves)?\b")
# ...but asking or thanking the assistant is not advising it.
_ASKED_OR_THANKED = re.compile(
    r"\b(?:(?:can|could|would|will)\s+you|thanks?\s+you|thank-you|(?:want|need|like)\s+you\s+to)\b"
)
# Wishing for a good time is no plan: "let's make tomorrow unforgettable", "let's have fun
# tonight", "let's hope it doesn't rain", "I'll make sure to have a safe trip".
_WISHES = re.compile(
    r"^(?:hope|pray|enjoy|have\s+(?:fun|a\s+(?:blast|great|good|lovely|wonderful|safe|nice)\b)|"
    r"make\s+(?:(?:some|more|new|lasting|great|awesome|good|happy|amazing)\s+)*memories|"
    r"make\s+the\s+most\b|"
    r"make\s+(?:it|this|that|tomorrow|today|tonight|the\s+(?:day|night|best))\s+"
    r"(?:a\s+(?:day|night)|unforgettable|special|count|amazing|memorable|great|awesome|epic)|"
    r"keep\s+(?:it\s+up|going|smiling)|stay\s+(?:positive|strong))\b"
)
# Said of someone else's words, it is theirs: "She said I must try the new bakery."
_REPORTED = re.compile(r"\b(?:said|says|told me|tells me|thinks|believes|suggests|suggested)\b")
# A clause inside another ("how much work we still have to do", "what I need to do is") is
# not the speaker setting out to do something: a wh-word since the last clause break.
_EMBEDDED = re.compile(r"\b(?:how|what|whatever|which|why|where|everything|anything)\b")
_CLAUSE_BREAK = re.compile(r"[,;:]")
QUESTION_START = re.compile(
    r"^(?:do|does|did|should|is|are|was|were|what|why|how|when|where|who|which|can|could|"
    r"would|will|am)\b"
)
_CONDITIONAL = re.compile(r"\b(?:if|when|whenever|unless|in case|wonder(?:ing)? (?:if|whether))\b")
_SENTENCE = re.compile(rf"(?:[^.!?;\n]|{INNER_DOT})+[.!?;]*")
# A second to-do said in the same sentence: "I have to finish the report by Friday, and I need
# to email Tom" (one to-do a sentence lost the second).
_ANOTHER_TO_DO = re.compile(
    r",?\s+(?:and|but|plus)\s+(?:also\s+|then\s+)?(?=(?:i|we)\s+(?:also\s+|still\s+|really\s+)?"
    r"(?:need|have|must|gotta|got\s+to|should)\b)",
    re.I,
)
_TO_DOS_A_SENTENCE = 3
# The things a to-do lists after its first: a few words each, no clause of their own.
_THING = r"(?!(?:she|he|it|they|i|we|you|that|this|which|who|but|so|because|then)\b)[\w'-]+"
_THINGS = rf"{_THING}(?:\s+{_THING}){{0,2}}"
_LIST_TAIL = re.compile(
    rf",\s*{_THINGS}(?:\s*,\s*{_THINGS})*\s*,?\s+(?:and|or)\s+{_THINGS}\s*[.!]?\s*", re.I
)
_MAX_TAIL = 120
_CLAUSE_END = re.compile(r",|\s+(?:but|because|so that|since|although)\s|\s+-\s|\u2014")
# Speech acts and states, not things to do: "I have to say...", "I need to be honest".
_NOT_ACTIONS = {
    "say",
    "admit",
    "confess",
    "tell",
    "know",
    "hear",
    "be",
    "mention",
    "thank",
    "love",
    "pretend",
    "imagine",
    # Moods and thoughts: "I need to vent", "let's think about this differently".
    "think",
    "vent",
    "rant",
    "breathe",
    "relax",
    "calm",
    "chill",
    "reflect",
    "understand",
    "feel",
}
# Alone, leaving, resting or talking ("Gotta go", "I need to sleep", "We need to talk") is no
# action to keep; with whom or what, it is ("I need to talk to my landlord").
_LEAVING = frozenset("go run leave sleep rest talk chat meet".split())
_STOPWORDS = frozenset(
    "a an the my our your his her their its this that these those to for of on in at with about "
    "and or some more up out back from by before after again all me us him them it so too very "
    "while when once there here now later soon".split()
)
_VAGUE = frozenset("it that this something stuff things them everything anything".split())
_WORD = re.compile(r"[a-z0-9']+")
_POLITE = re.compile(r"\b(?:" + _PLEASE + r"|for me)\b", re.IGNORECASE)
# The longest to-do title noticed (`_one_line`).
_TITLE_CHARS = 120
# "I need to remember to buy milk": the task is buying milk.
_REMEMBERING = re.compile(r"^(?:remember|not forget)\s+to\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TaskConfig:
    """Seed 000's weights and thresholds. A stated deadline makes an intention a plan, and an
    instruction opening a sentence is meant as one: either adds to the signal's strength."""

    threshold: float = 0.70
    high_priority: float = 0.85
    signal_weight: float = 0.60
    entity_weight: float = 0.25
    recency_weight: float = 0.15
    deadline_bonus: float = 0.10
    # Weaker mentions are kept out of sight so a second mention can reinforce them.
    remember_from: float = 0.55
    same_task_overlap: float = 0.5


DEFAULT_TASKS = TaskConfig()


@dataclass(frozen=True, slots=True)
class TaskSignal:
    """One phrase that reads like a to-do, before it is scored."""

    title: str
    pattern: str
    strength: float
    entity_density: float
    due: Due | None
    directive: bool = False


@dataclass(frozen=True, slots=True)
class TaskCandidate:
    title: str
    confidence: float
    priority: TaskPriority
    due_at: datetime | None
    source_turn_id: str
    said_at: datetime
    pattern: str


def _is_question(sentence: str, pattern: str) -> bool:
    if pattern in _REQUESTS:
        return False
    if sentence.rstrip().endswith("?"):
        return True
    return pattern not in _DIRECTIVES and bool(QUESTION_START.match(sentence))


def _clean_title(raw: str, own: str, due: Due | None) -> str:
    """The to-do in `raw`, cut at its clause's end; `own` is `raw` with quotations masked, so a
    quoted title is kept whole ("watch "Dune, Part Two"")."""
    clause_end = _CLAUSE_END.search(own)
    # "Buy milk, eggs and bread": a list of things goes on past its comma.
    tail = own[clause_end.start() :] if clause_end is not None else ""
    if len(tail) <= _MAX_TAIL and _LIST_TAIL.fullmatch(tail):
        clause_end = None
    title = _REMEMBERING.sub("", raw[: clause_end.start()] if clause_end else raw)
    # "Water the plants every Monday" is done each time: the next one is its deadline, and the
    # title keeps saying when ("Water the plants every" lost it).
    if due is not None and not re.search(
        rf"\b(?:every|each)\s+{re.escape(due.phrase)}", title, flags=re.IGNORECASE
    ):
        title = re.sub(re.escape(due.phrase), " ", title, flags=re.IGNORECASE)
    title = _POLITE.sub(" ", title)
    title = re.sub(r"\s+", " ", title).strip(" .!?;:'")
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


def entity_density(title: str, known_entities: frozenset[str] = frozenset()) -> float:
    """How concrete the task is: 1.0 when it names something (a known entity, a person, a
    thing to act on), 0.5 when its object is only "it" or "that" or it is an action alone
    ("stretch", "meditate"), 0 when there is none."""
    words = _WORD.findall(title.lower())
    if not words or words[0] in _NOT_ACTIONS:
        return 0.0
    lowered = title.lower()
    if any(entity.lower() in lowered for entity in known_entities):
        return 1.0
    rest = words[1:]
    if any(w not in _STOPWORDS and w not in _VAGUE for w in rest):
        return 1.0
    alone = not {words[0]} & (_STOPWORDS | _VAGUE | _LEAVING)
    return 0.5 if alone or any(w in _VAGUE for w in rest) else 0.0


def _speaks_to_someone(text: str) -> bool:
    """Whether a message addresses a "you" other than by asking or thanking the assistant."""
    return bool(_ADDRESSED.search(_ASKED_OR_THANKED.sub(" ", text.lower())))


def _pieces(own: str) -> Iterator[tuple[int, int, int]]:
    """Each sentence of `own` (a sentence saying two to-dos in two pieces): where its sentence
    starts, and where the piece starts and ends."""
    for sentence in _SENTENCE.finditer(own):
        opening = sentence.start()
        # A few: each piece reads the sentence before it, and a pasted sentence of thousands
        # took 39 s.
        others = _ANOTHER_TO_DO.finditer(own, opening, sentence.end())
        for another in islice(others, _TO_DOS_A_SENTENCE - 1):
            yield sentence.start(), opening, another.start()
            opening = another.end()
        yield sentence.start(), opening, sentence.end()


def find_task_signals(
    text: str,
    said_at: datetime,
    known_entities: frozenset[str] = frozenset(),
    said_before: str = "",
) -> list[TaskSignal]:
    """Task-like phrases in `text`, one per sentence at most (or per to-do it joins with
    "and"). `said_before`: the user's message before this one, whose to-dos a reminder asked
    for with nothing to do in it ("Remind me about it tomorrow.") is about."""
    text = plain_quotes(text)
    own = others_words(text).masked()
    lists = to_do_lists(own)
    signals = [
        signal
        for listed in lists
        for item in listed.items
        if (signal := _listed(text, own, item, said_at, known_entities)) is not None
    ]
    for whole, opening, closing in _pieces(own):
        # `own` and `text` keep the same positions: the sentence as said, and in own words.
        said = own[opening:closing]
        start = opening + len(said) - len(said.lstrip())
        end = closing - len(said) + len(said.rstrip())
        if any(listed.start <= start < listed.end for listed in lists):
            continue
        original = text[start:end]
        sentence = own[start:end].lower()
        # What the sentence said before a second to-do still asks, supposes or reports it.
        earlier = own[whole:start].lower()
        # Lowercasing keeps positions for nearly all text; where it does not, titles stay lower.
        source = original if len(original) == len(sentence) else sentence
        due = parse_due(sentence, said_at)
        if _follows(sentence, due):
            if signals:
                signals[-1] = _asked_for(signals[-1], due)
            elif said_before:
                before = find_task_signals(said_before, said_at, known_entities)
                signals.extend(_asked_for(signal, due) for signal in before)
                said_before = ""
            continue
        best: tuple[TaskSignal, str, str] | None = None
        for name, strength, pattern in _PATTERNS:
            found = pattern.search(sentence)
            if found is None or _is_question(earlier + sentence, name):
                continue
            lead = sentence[: found.start()]
            if (
                _CONDITIONAL.search(earlier + lead)
                or _EMBEDDED.search(_CLAUSE_BREAK.split(lead)[-1])
                or describes_a_thing(sentence, found.start())
            ):
                continue
            if name in ("remind", "reminder") and not (
                _REQUEST_LEAD.match(lead) or _REQUEST_AFTER.search(lead)
            ):
                continue
            # "Remind me on Monday that the rent is due" asks for a word then; without a
            # time, "remind me that you're the best" asks for none.
            if name == "remind" and found.group("that") and due is None:
                continue
            # ...one's own: "Clean up after yourself today" is said to someone.
            if name == "errand" and (due is None or _ADDRESSED.search(found.group("task"))):
                continue
            if _REPORTED.search(earlier + lead) or _WISHES.match(found.group("task")):
                continue
            task = slice(_asked_to_do(sentence, found), found.end("task"))
            title = _clean_title(source[task], sentence[task], due)
            if name in _TITLED:
                title = f"{_TITLED[name]} {title}"
            weak = (bool(_ADVICE.match(found.group())) and _speaks_to_someone(own)) or (
                due is None and bool(_ASPIRATIONS.search(found.group("task")))
            )
            signal = TaskSignal(
                title=title[:1].upper() + title[1:],
                pattern=name,
                strength=_WEAK_STRENGTH if weak else strength,
                entity_density=entity_density(title, known_entities),
                due=due,
                directive=not weak
                and (
                    name in _REQUESTS
                    or (name in _DIRECTIVES and bool(_OPENERS.match(sentence[: found.start()])))
                ),
            )
            if best is None or signal.strength > best[0].strength:
                best = (signal, source[task], sentence[task])
        if best is not None and best[0].title:
            signals.extend(_each_to_do(*best, due, known_entities))
    return signals


def _follows(sentence: str, due: Due | None) -> bool:
    """Whether `sentence` asks to be reminded of what was said before it (see
    `_FOLLOWING_REMINDER`)."""
    rest = re.sub(re.escape(due.phrase), " ", sentence) if due is not None else sentence
    rest = re.sub(r"\s+", " ", _POLITE.sub(" ", rest)).strip(" .!?;:,")
    return bool(_FOLLOWING_REMINDER.fullmatch(rest))


def _asked_for(signal: TaskSignal, due: Due | None) -> TaskSignal:
    """A to-do one asked to be reminded of: as sure as a reminder asked for with its to-do,
    due when the reminder was asked for ("I have to pay rent by Friday. Remind me on
    Thursday.": the inbox's deadline is when it reminds)."""
    return replace(
        signal,
        strength=max(signal.strength, _REMINDER_STRENGTH),
        due=due or signal.due,
        directive=True,
    )


def _asked_to_do(sentence: str, found: re.Match[str]) -> int:
    """Where what a reminder asks for starts: "remind me when I get to the office to print
    the slides" asks to print them, not to go to "the office to print the slides"."""
    start = found.start("task")
    if found.re is not _REMIND:
        return start
    while (word := _WORD.match(sentence, start)) and word.group() in _PLACES_GONE_TO:
        later = sentence.find(" to ", start, found.end("task"))
        if later < 0:
            break
        start = later + len(" to ")
    return start


def _each_to_do(
    signal: TaskSignal, source: str, own: str, due: Due | None, known: frozenset[str]
) -> list[TaskSignal]:
    """The to-dos one phrase says: "I need to buy milk, call mom and pay rent" says three."""
    parts = verb_led_parts(own)
    if len(parts) == 1:
        return [signal]
    titles = [_clean_title(source[a:b], own[a:b], due) for a, b in parts]
    return [
        replace(
            signal, title=title[:1].upper() + title[1:], entity_density=entity_density(title, known)
        )
        for title in titles
        if title
    ]


def _listed(
    text: str, own: str, item: ListedItem, said_at: datetime, known: frozenset[str]
) -> TaskSignal | None:
    """An item of a list of to-dos, with its own deadline or its heading's; one worded as a
    to-do ("I need to call mom") is titled by what is to be done."""
    # "Fix the bike: the chain is broken": what follows a colon says why.
    start, end = item.start, item.start + len(_EXPLAINED.split(own[item.start : item.end])[0])
    said = own[start:end].lower() if len(own[start:end].lower()) == end - start else ""
    worded = next((found for _, _, pattern in _PATTERNS if (found := pattern.search(said))), None)
    if worded is not None:
        start, end = start + worded.start("task"), start + worded.end("task")
    words = own[start:end]
    due = parse_due(own[item.start : item.end], said_at) or parse_due(item.heading, said_at)
    title = _clean_title(text[start:end], words, due)
    if not title:
        return None
    return TaskSignal(
        title=title[:1].upper() + title[1:],
        pattern="listed",
        strength=_LISTED_STRENGTH,
        entity_density=entity_density(title, known),
        due=due,
        directive=True,
    )


def task_confidence(
    signal: TaskSignal, mentioned_before: bool, config: TaskConfig = DEFAULT_TASKS
) -> float:
    bonus = config.deadline_bonus if signal.due or signal.directive else 0.0
    strength = min(1.0, signal.strength + bonus)
    score = (
        config.signal_weight * strength
        + config.entity_weight * signal.entity_density
        + config.recency_weight * (1.0 if mentioned_before else 0.0)
    )
    return round(score, 4)


def priority_for(confidence: float, config: TaskConfig = DEFAULT_TASKS) -> TaskPriority:
    return TaskPriority.HIGH if confidence >= config.high_priority else TaskPriority.MEDIUM


def task_words(title: str) -> frozenset[str]:
    """The words that identify a task, for spotting the same task said differently."""
    return frozenset(w.rstrip("s") for w in _WORD.findall(title.lower()) if w not in _STOPWORDS)


def same_task(a: str, b: str, config: TaskConfig = DEFAULT_TASKS) -> bool:
    words_a, words_b = task_words(a), task_words(b)
    if not words_a or not words_b:
        return False
    overlap = len(words_a & words_b) / min(len(words_a), len(words_b))
    return overlap >= config.same_task_overlap and len(words_a & words_b) >= min(
        2, len(words_a), len(words_b)
    )


_ABOUT_TO_DOS = re.compile(
    r"\b(?:to-?dos?|tasks?|reminders?|remind|deadlines?|due|overdue|agenda|schedule|plans?|"
    r"(?:need|have|got|supposed)\s+to\s+do|my\s+list|on\s+my\s+plate)\b",
    re.IGNORECASE,
)


def asks_about_to_dos(message: str) -> bool:
    """Whether a message is about the user's to-dos ("what's on my list?", "anything due this
    week?", "what do I need to do today?")."""
    return bool(_ABOUT_TO_DOS.search(message))


def extract_tasks(
    text: str,
    said_at: datetime,
    source_turn_id: str,
    known_entities: frozenset[str] = frozenset(),
    config: TaskConfig = DEFAULT_TASKS,
    said_before: str = "",
) -> list[TaskCandidate]:
    """Every task-like phrase worth keeping, scored as a first mention. Whether it reaches the
    inbox (confidence >= threshold) or waits for reinforcement is the inbox's decision; a
    to-do of `said_before` that a reminder asks for (`find_task_signals`) is a mention again,
    which the inbox counts as one."""
    candidates = []
    for signal in find_task_signals(text, said_at, known_entities, said_before):
        confidence = task_confidence(signal, mentioned_before=False, config=config)
        if confidence < config.remember_from:
            continue
        candidates.append(
            TaskCandidate(
                title=signal.title,
                confidence=confidence,
                priority=priority_for(confidence, config),
                due_at=signal.due.at if signal.due else None,
                source_turn_id=source_turn_id,
                said_at=said_at,
                pattern=signal.pattern,
            )
        )
    return candidates
