"""To-dos noticed in what the user says, without any command: seed 000's patterns plus the
phrasings people actually use (scored by `core.task_scoring`, titled by `core.task_titles`).
What is said as a question, a condition, in the past, as a figure of speech ("I have to
say...") or in someone else's words (`core.others_words`) is not a task."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import islice

from core.due import Due, on_the_day, parse_due, the_day_alone
from core.model import TaskPriority
from core.not_to_dos import (
    ASPIRATIONS,
    HOW_IT_IS,
    NEEDS,
    NEVER_DONE,
    NEVER_TO,
    ONES_STATE,
    WISHES,
)
from core.others_words import others_words
from core.pattern_needs import folded, found_in
from core.reminders_asked import ahead_of, asked_for, follows, reminder
from core.sentences import INNER_DOT, describes_a_thing, plain_quotes
from core.task_phrases import (
    DIRECTIVES,
    PATTERNS,
    REMIND,
    REQUESTS,
)
from core.task_scoring import (
    DEFAULT_TASKS,
    WORD,
    TaskConfig,
    TaskSignal,
    entity_density,
    priority_for,
    task_confidence,
)
from core.task_titles import clean_title, due_deed, undone_due, worded
from core.task_words import A_DATE, ASKING_YOU, ERRANDS, NOTE_ASKED, PLEASE, POINTING_ONLY
from core.to_do_referents import due_thing_named, named
from core.todo_lists import TO_DO_VERBS, ListedItem, to_do_lists, verb_led_parts

# What a "to" before the reminder's own leads to: a place one gets to, not a thing to do.
_PLACES_GONE_TO = frozenset(
    "the a an my your our his her their this that work school bed church town class".split()
)
_OPENERS = re.compile(r"^(?:(?:the|ok|okay|so|and|oh|also|" + PLEASE + r")\W+)*$")
# "Remind me to" is a request only when asked ("Can you remind me", "Engram, remind me");
# "turtles remind me to slow down" is a thought. Possessive: "ok," is an opener and a name
# alike, and backtracking through both readings took seconds for twenty of them.
_REQUEST_LEAD = re.compile(
    # ...after a few words before a colon or a dash: "Quick one: can you remind me ...".
    r"^(?:[a-z' ]{1,30}?\s*(?::|\s[-\u2013\u2014])\s*)?"
    r"(?:(?:ok|okay|so|and|oh|also|" + PLEASE + r"|hey|hi|yo|btw|just|then|now)\W+|\w+,\s*)*+"
    r"(?:" + ASKING_YOU + r"|i(?:\s+(?:want|need|would like)|'d like)\s+(?:you|u)\s+to\s+"
    r"|(?:don'?t|do not)\s+forget\s+to\s+)?$"
)
# ...or when it follows another clause: "I'm in Porto now, and remind me to water the plants",
# "my mom is visiting, so remind me to clean the guest room".
_REQUEST_AFTER = re.compile(r"[,;]\s*(?:(?:and|also|oh|" + PLEASE + r"|but|so|then)\s+)+$")
# An instruction to someone the message speaks to is advice, not the speaker's to-do: "You'll
# love Kyoto. Make sure to visit Fushimi Inari early." It stays a weak signal (a note to self
# in the second person, "don't forget to renew your passport", lands on a second mention).
_ADVICE = re.compile(
    r"^(?:" + PLEASE + r"\s+)?(?:(?:don'?t|do not)\s+forget|remember|make\s+sure)\s+to\b"
)
# An item of a list of to-dos (`core.todo_lists`), as strong as a "TODO:" line.
_LISTED_STRENGTH = 0.90
_EXPLAINED = re.compile(r":\s")
# Said so, a to-do only with its time: "Pay rent on Friday", "I can't forget Mom's birthday
# next week".
_ONLY_DATED = frozenset(
    {
        "errand",
        "want_by",
        "due_thing",
        "needs_doing",
        "noted",
        "cant_forget",
        "wanted_of_me",
        "asked_of_me",
        "not_yet_then",
        "not_begun",
        "expires",
    }
)
# Said after another doing of one's own, its time is in its own words: "I'm flying out tomorrow
# and need to pack tonight" packs tonight.
_AFTER_ANOTHER = frozenset({"and_need", "due_thing"})
# ...and after a clause that leads it, which says whether it is one's own: "I'm stressed, my
# essay is due Monday" is; "If my essay is late, it's due Monday anyway" is not.
_AFTER_A_CLAUSE = frozenset({"due_thing"})
# Said with a doubt, a to-do waits to be said again: "Perhaps we need to revisit the pricing".
_HEDGED = re.compile(r"\b(?:maybe|perhaps|possibly|i\s+guess|i\s+suppose)\b")
# What these patterns find may be a thing one has with its day, titled by its name alone ("I
# have a party on Saturday that I can't miss": "Party").
_THINGS_HAD = frozenset({"not_to_miss"})
_A_THING = re.compile(A_DATE, re.IGNORECASE)
# "to" as chat types it: "remind me 2 call mum", "need 2 buy milk".
_TO_TYPED_2 = re.compile(
    r"\b(remind\s+me|need|have|got|forget|remember|want|going|supposed|meaning)\s+2\s+"
    rf"(?=(?:{'|'.join(sorted(TO_DO_VERBS))})\b)",
    re.IGNORECASE,
)
# Weak: kept out of sight until a second mention makes it a to-do.
_WEAK_STRENGTH = 0.55
_ADDRESSED = re.compile(r"\byou(?:rs?|rself|rselves)?\b")
# ...but asking or thanking the assistant is not advising it.
_ASKED_OR_THANKED = re.compile(
    r"\b(?:(?:can|could|would|will)\s+you|thanks?\s+you|thank-you|(?:want|need|like)\s+you\s+to)\b"
)
# How a deadline is said, which makes a wish a goal ("I want to finish it by Sunday").
_DEADLINE = ("by ", "before ", "until ", "no later than ")
# ...as does a day one commits an errand to: "I'll call mom tomorrow", "I'm going to pay the
# rent on Friday" (not "I want to visit Paris in May", "I'll watch the game tonight", "I'm
# going to the gym tomorrow").
_COMMITTED = re.compile(r"'ll|\bwill\b|\bgonna\b|\bgoing\s+to\b", re.IGNORECASE)
_ERRAND = re.compile(r"(?:" + "|".join(ERRANDS) + r")\b", re.IGNORECASE)
# A note to oneself of an errand ("Need to call mom", "Gotta pay the rent") is as sure as "I
# need to ...": only "Gotta stay focused" and the like wait to be said again.
_ERRAND_NOTE_STRENGTH = 0.80
# ...done to a thing named ("Need to visit more often" is a resolve).
_ERRAND_OF_A_THING = re.compile(
    _ERRAND.pattern + r"\s+(?!(?:more|less|often|again|sometime|soon|later|it|that|this|them|"
    r"there|here)\b)\w",
    re.IGNORECASE,
)
# Said of someone else's words, it is theirs: "She said I must try the new bakery."
_REPORTED = re.compile(r"\b(?:said|says|told me|tells me|thinks|believes|suggests|suggested)\b")
# A clause inside another ("how much work we still have to do", "what I need to do is") is
# not the speaker setting out to do something: a wh-word since the last clause break.
_EMBEDDED = re.compile(r"\b(?:how|what|whatever|which|why|where|everything|anything)\b")
# (Not inside a time: "at 8:30".)
_CLAUSE_BREAK = re.compile(r"[,;]|:(?!\d)")
# A clause an hour alone follows from, which gives it its day (`_own_due`)...
_FOLLOWS_FROM = re.compile(r"\b(?:so|which\s+means|that\s+means)\s+$")
# ...unless that day is one the speaker is not free: "I'm busy on Friday, so I need to call the
# bank at 3" calls today.
_AWAY = re.compile(
    r"\b(?:busy|away|out\s+of\s+(?:town|the\s+office)|travel(?:l)?ing|off\s+work|unavailable|"
    r"not\s+(?:around|free|available|here)|booked\s+up)\b"
)
_NOTE_ASKED = re.compile(NOTE_ASKED, re.IGNORECASE)
QUESTION_START = re.compile(
    r"^(?:do|does|did|should|is|are|was|were|what|why|how|when|where|who|which|can|could|"
    r"would|will|am)\b"
)
# What "remind me about" asks to hear again, not to be reminded of: "what we decided", "the
# book you recommended".
_TOLD_AGAIN = re.compile(r"(?:what|how|who|whom|where|which|why|when|whether|if)\b|.*\byou\b")
_CONDITIONAL = re.compile(r"\b(?:if|when|whenever|unless|in case|wonder(?:ing)? (?:if|whether))\b")
# What tells of the past: "I saw Tom on Monday", "we met on Friday", "was", "had".
_TOLD_AS_PAST = re.compile(
    r"\b(?:was|were|had|did|saw|went|met|came|got|told|said|spoke|ran|left|bought|took|made|"
    r"heard|found|gave|lost|won|ate|drove|flew)\b|\b(?:i|we|he|she|they|you)\s+(?:just\s+|"
    r"already\s+)?[a-z]+ed\b|\b[a-z]+ed\s+(?:on|last|yesterday)\b"
)
# Words of a to-do that point back at someone or something said before: "pick her up".
_POINTS_BACK = re.compile(r"\b(?:her|him|them|it|there)\b")
_SENTENCE = re.compile(rf"(?:[^.!?;\n]|{INNER_DOT})+[.!?;]*")
# A second to-do said in the same sentence: "I have to finish the report by Friday, and I need
# to email Tom", "It's my turn to host book club, I need to pick a book" (one to-do a sentence
# lost the second).
_ANOTHER_TO_DO = re.compile(
    r"(?:,?\s+(?:and|but|plus)|,)\s+(?:also\s+|then\s+)?(?=(?:i|we)\s+(?:also\s+|still\s+|really\s+)?"
    r"(?:need|have|must|gotta|got\s+to|should)\b"
    # ...or a reminder of what came before it: "I have a dentist appointment on Thursday at 2,
    # remind me the day before", "It's Sarah's birthday on Sunday, don't let me forget".
    r"|(?:please\s+)?(?:remind|ping|nudge)\s+me\b"
    r"|(?:(?:please\s+)?(?:don'?t|do\s+not)\s+(?:let\s+me\s+)?|make\s+sure\s+i\s+"
    r"(?:don'?t|do\s+not)\s+)forget(?:\s+(?:it|that|this))?\s*(?:[.!]|$))",
    re.I,
)
_TO_DOS_A_SENTENCE = 3
_ARTICLE = re.compile(r"^(?:my|our|the)\s+")


@dataclass(frozen=True, slots=True)
class TaskCandidate:
    title: str
    confidence: float
    priority: TaskPriority
    due_at: datetime | None
    source_turn_id: str
    said_at: datetime
    pattern: str
    remind_at: datetime | None = None


def _is_question(sentence: str, pattern: str) -> bool:
    # "Can you make a note that I owe Tom $20?" asks to keep what it says.
    if pattern in REQUESTS or _NOTE_ASKED.match(sentence):
        return False
    if sentence.rstrip().endswith("?"):
        return True
    return pattern not in DIRECTIVES and bool(QUESTION_START.match(sentence))


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
    text = _TO_TYPED_2.sub(r"\1 to ", plain_quotes(text))
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
        said_due = parse_due(sentence, said_at)
        ahead = ahead_of(sentence)
        if follows(ahead.rest, None) if ahead else follows(sentence, said_due):
            if signals:
                signals[-1] = asked_for(signals[-1], said_due, ahead)
            elif before := find_task_signals(said_before, said_at, known_entities):
                signals.extend(asked_for(signal, said_due, ahead) for signal in before)
                said_before = ""
            else:
                told = ". ".join(filter(None, (said_before, text[:start])))
                asked = reminder(said_due, told, sentence, known_entities, said_at, ahead)
                signals += [asked] if asked else []
            continue
        best: tuple[TaskSignal, str, str, Due | None] | None = None
        folded_sentence = folded(sentence)
        for name, strength, pattern in PATTERNS:
            found = found_in(pattern, sentence, folded_sentence)
            if found is None or _is_question(earlier + sentence, name):
                continue
            # Its own time first: "I saw Tom on Monday, need to text him tomorrow" is tomorrow.
            own_time = found.start("task") if name in _AFTER_ANOTHER else found.start()
            lead = sentence[: own_time if name in _AFTER_A_CLAUSE else found.start()]
            due = _own_due(sentence, lead, own_time, said_at) or said_due
            if (
                _CONDITIONAL.search(earlier + lead)
                or _EMBEDDED.search(_CLAUSE_BREAK.split(lead)[-1])
                or describes_a_thing(sentence, found.start())
            ):
                continue
            if name in _REMINDERS and not (
                _REQUEST_LEAD.match(lead) or _REQUEST_AFTER.search(lead)
            ):
                continue
            # "Remind me on Monday that the rent is due" asks for a word then; without a
            # time, "remind me that you're the best" asks for none, and "remind me of your
            # name", "remind me about what we decided" ask to be told again.
            if (
                name == "remind"
                and due is None
                and (
                    found.group("that")
                    or found.group("about") == "of"
                    or (found.group("about") and _TOLD_AGAIN.match(found.group("task")))
                )
            ):
                continue
            # ...one's own: "Clean up after yourself today" is said to someone.
            if name in _ONLY_DATED and (due is None or _ADDRESSED.search(found.group("task"))):
                continue
            if name == "want_by" and (
                due is None
                or not (
                    due.phrase.startswith(_DEADLINE)
                    or (_COMMITTED.search(found.group()) and _ERRAND.match(found.group("task")))
                )
            ):
                continue
            if name == "wanted_of_me" and (
                due is None
                or not (due.phrase.startswith(_DEADLINE) or _ERRAND.match(found.group("task")))
            ):
                continue
            if (
                name == "remind"
                and (
                    NEVER_TO.search(sentence[: found.start("task")])
                    or NEVER_DONE.match(found.group("task"))
                )
            ) or (name == "todo" and due is None and HOW_IT_IS.match(found.group("task"))):
                continue
            # A resolve is none however often it is said (said weak, conv-41's many "make a
            # difference" turns reinforced one another into a to-do).
            if (
                _REPORTED.search(earlier + lead)
                or WISHES.match(found.group("task"))
                or (due is None and ASPIRATIONS.search(found.group("task")))
                or (name in NEEDS and ONES_STATE.match(found.group("task")))
            ):
                continue
            task = slice(_asked_to_do(sentence, found), found.end("task"))
            title = worded(
                name,
                named(clean_title(source[task], sentence[task], due), text[: start + task.start]),
                found,
                source,
            )
            if name == "due_thing":
                title = due_thing_named(title, text[: start + task.start])
                if title is None:
                    continue
                rest = sentence[found.end() :]
                title = undone_due(title, rest.replace(due.phrase.lower(), " ", 1) if due else rest)
            if POINTING_ONLY.fullmatch(title):
                continue  # "Put it on my list": of a to-do said before (`core.to_dos_done`)
            weak = (bool(_ADVICE.match(found.group())) and _speaks_to_someone(own)) or bool(
                _HEDGED.search(lead)
            )
            if name == "bare" and _ERRAND_OF_A_THING.match(found.group("task")):
                strength = _ERRAND_NOTE_STRENGTH
            signal = TaskSignal(
                title=title[:1].upper() + title[1:],
                pattern=name,
                strength=_WEAK_STRENGTH if weak else strength,
                entity_density=entity_density(
                    title,
                    known_entities,
                    a_thing=name in _THINGS_HAD and bool(_A_THING.match(found.group("task"))),
                ),
                due=due,
                directive=not weak
                and (
                    name in REQUESTS
                    or (name in DIRECTIVES and bool(_OPENERS.match(sentence[: found.start()])))
                ),
            )
            if best is None or signal.strength > best[0].strength:
                best = (signal, source[task], sentence[task], due)
        if best is not None and best[0].title:
            lead = sentence[: max(sentence.find(best[2]), 0)]
            best = _on_the_day_before(best, own[:start], lead, said_at)
            if signals and _dates_the_last(best[0], best[2], signals[-1]):
                signals[-1] = replace(signals[-1], due=best[0].due)
            elif signals and best[0].title.lower() == signals[-1].title.lower():
                # The to-do just said, said again: "I forgot to email Sam. I need to do it today."
                last = signals[-1]
                signals[-1] = replace(
                    last,
                    strength=max(last.strength, best[0].strength),
                    due=best[0].due or last.due,
                    directive=last.directive or best[0].directive,
                )
            else:
                if best[0].pattern == "due_thing":
                    best = (replace(best[0], title=due_deed(best[0].title)), *best[1:])
                signals.extend(_each_to_do(*best, said_at, known_entities))
    return signals


def _on_the_day_before(
    best: tuple[TaskSignal, str, str, Due | None], before: str, lead: str, said_at: datetime
) -> tuple[TaskSignal, str, str, Due | None]:
    """An hour alone, of a to-do for someone or something said before it with a day, in its
    own sentence (`lead`), or the sentence or clause before (`before`): "My sister is visiting
    next Friday. I need to pick her up at 6" is Friday at 18:00 (it had been today's), as is
    "My parents land on Friday, (and) I have to pick them up at 6". Without a word pointing
    back ("My exam is on Friday. I need to study at 6"), the hour stays today's."""
    signal, source, said, due = best
    if due is None or due.at.date() != said_at.date() or not _POINTS_BACK.search(said):
        return best
    day, told = parse_due(lead, said_at), lead
    if day is None:
        sentences = [s for s in _SENTENCE.findall(before) if s.strip()]
        told = sentences[-1] if sentences else ""
        day = parse_due(told, said_at)
    # Only a day to come: "I saw Tom on Monday. I need to text him at 5" texts him today.
    if day is None or day.at.date() == said_at.date() or _TOLD_AS_PAST.search(told.lower()):
        return best
    moved = on_the_day(due, day)
    return best if moved is due else (replace(signal, due=moved), source, said, moved)


def _dates_the_last(signal: TaskSignal, said: str, last: TaskSignal) -> bool:
    """Whether "it's due on Friday" dates the to-do just said of that thing: "I still haven't
    paid the electricity bill. It's due Friday." is "Pay the electricity bill" by Friday."""
    if signal.pattern != "due_thing" or not said.startswith("it") or last.due is not None:
        return False
    thing = _ARTICLE.sub("", signal.title.lower().removesuffix(" is due"))
    return thing in last.title.lower()


def _own_due(sentence: str, lead: str, own_time: int, said_at: datetime) -> Due | None:
    """The deadline said with a to-do: after its start, or at the head of its clause. Said
    there ("Monday the dentist, Tuesday I need to submit the report, and Wednesday is the
    recital"), a day in a clause after the to-do's is another's (it was due Wednesday), and an
    hour alone in it is on that day (it was today)."""
    head = parse_due(_CLAUSE_BREAK.split(lead)[-1], said_at) if lead.strip() else None
    if head is None:
        own = parse_due(sentence[own_time:], said_at)
        # ...or an hour alone, after a clause it follows from: "The kids have a half day on
        # Friday, so I have to pick them up at noon" is on Friday (it was today).
        if (
            own is not None
            and _FOLLOWS_FROM.search(lead)
            and not _AWAY.search(lead)
            and (day := parse_due(lead, said_at))
        ):
            return on_the_day(own, day)
        return own
    cut = _CLAUSE_BREAK.search(sentence, own_time)
    own = parse_due(sentence[own_time : cut.start() if cut else None], said_at)
    # ...its hour on that day: "On Monday I have to call the bank at 3".
    return head if own is None else on_the_day(own, head)


def _asked_to_do(sentence: str, found: re.Match[str]) -> int:
    """Where what a reminder asks for starts: "remind me when I get to the office to print
    the slides" asks to print them, not to go to "the office to print the slides"."""
    start = found.start("task")
    if found.re is not REMIND:
        return start
    while (word := WORD.match(sentence, start)) and word.group() in _PLACES_GONE_TO:
        later = sentence.find(" to ", start, found.end("task"))
        if later < 0:
            break
        start = later + len(" to ")
    return start


# A reminder asked for: its time is when to be reminded of all it names.
_REMINDERS = frozenset({"remind", "reminder"})


def _each_to_do(
    signal: TaskSignal,
    source: str,
    own: str,
    due: Due | None,
    said_at: datetime,
    known: frozenset[str],
) -> list[TaskSignal]:
    """The to-dos one phrase says: "I need to buy milk, call mom and pay rent" says three."""
    parts = verb_led_parts(own)
    if len(parts) == 1:
        return [signal]
    each = []
    for a, b in parts:
        part_due = _part_due(own, a, b, due, said_at, signal.pattern in _REMINDERS)
        # "... buy a present for Ana and wrap it": what "it" stands for was said just before.
        title = named(clean_title(source[a:b], own[a:b], part_due), own[:a] if a else "")
        if title:
            each.append(
                replace(
                    signal,
                    title=title[:1].upper() + title[1:],
                    entity_density=entity_density(title, known),
                    due=part_due,
                )
            )
    return each


def _part_due(
    own: str, start: int, end: int, due: Due | None, said_at: datetime, reminded: bool
) -> Due | None:
    """The deadline of one to-do of several said together: its own ("email Sam tomorrow and
    call the bank at 3": the call at 3 on that day), or the day of one said after it, which is
    all of theirs ("call mom and book the dentist tomorrow"; in "email Sam and call the bank at
    3" the hour is the call's, but a reminder's hour is when to be reminded of all), not one
    said with an earlier to-do ("I have to pick up the kids at 3 and buy milk": the milk had
    been due at 3)."""
    own_due = parse_due(own[start:end], said_at)
    if own_due is not None:
        return own_due if due is None else on_the_day(own_due, due)
    said = own.find(due.phrase.lower()) if due is not None else -1
    if due is not None and said >= end and not reminded:
        return the_day_alone(due, said_at)
    return due if said < 0 or said >= start else None


def _listed(
    text: str, own: str, item: ListedItem, said_at: datetime, known: frozenset[str]
) -> TaskSignal | None:
    """An item of a list of to-dos, with its own deadline or its heading's; one worded as a
    to-do ("I need to call mom") is titled by what is to be done."""
    # "Fix the bike: the chain is broken": what follows a colon says why.
    start, end = item.start, item.start + len(_EXPLAINED.split(own[item.start : item.end])[0])
    said = own[start:end].lower() if len(own[start:end].lower()) == end - start else ""
    folded_said = folded(said)
    worded = next(
        (found for _, _, pattern in PATTERNS if (found := found_in(pattern, said, folded_said))),
        None,
    )
    if worded is not None:
        start, end = start + worded.start("task"), start + worded.end("task")
    due = parse_due(own[item.start : item.end], said_at) or parse_due(item.heading, said_at)
    raw, words = (item.said, item.said) if item.said else (text[start:end], own[start:end])
    title = clean_title(raw, words, due)
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
                remind_at=signal.remind.at if signal.remind else None,
            )
        )
    return candidates
