"""To-dos the user tells the assistant they did ("I paid the rent", "Just called the dentist",
"Done: booked the flights", "I've dealt with the bank"; "Done!" after a reply that named one) or
no longer have to do ("I don't need to call the dentist anymore", "Cancel the reminder to call
mom", "Never mind the milk"), and the inbox run by word ("Mark the rent as done", "Take the milk
off my list"). One in the inbox said so in a live chat is finished or dismissed there too, as
its buttons would: nobody should have to tell the app twice. Only a plain report of one's own
deed counts (not "I haven't paid the rent", "Did I pay the rent?", "If I paid the rent ...",
"She paid the rent"), with the verb the to-do is done with (`PARTICIPLES`); a to-do dropped says
it is for good ("anymore", "after all", "no longer": "I don't need to call the dentist today"
drops nothing). Each is matched to an open to-do by its words (`same_task`). A message saying
nothing else, "Done!", "Yes, add it to my list" or "That's not a to-do", decides of the to-do
just spoken of. A chat imported from elsewhere speaks of its own day, and settles nothing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.model import Task, TaskStatus
from core.others_words import others_words
from core.sentences import plain_quotes
from core.task_scoring import same_task, task_words
from core.verb_forms import GERUNDS, PARTICIPLES


@dataclass(frozen=True, slots=True)
class Moved:
    """A to-do whose day words moved (`core.to_dos_moved`): as it was (what an undo puts back)
    and as it is now."""

    before: Task
    after: Task


@dataclass(frozen=True, slots=True)
class Settled:
    """The to-dos a message finished, dismissed and tracked, each as it was before (what an
    undo puts back), and those it moved to another day."""

    done: tuple[Task, ...] = ()
    dropped: tuple[Task, ...] = ()
    moved: tuple[Moved, ...] = ()
    tracked: tuple[Task, ...] = ()


# Done, said of the thing alone: "I've dealt with the bank", "Took care of the insurance",
# "I've finished with the essay" (not "I'm done with my ex": fed up, maybe).
_SEEN_TO = ("dealt with", "took care of", "taken care of", "sorted out", "finished with")
_PAST = "|".join(
    sorted((re.escape(verb) for verb in (*PARTICIPLES, *_SEEN_TO)), key=len, reverse=True)
)
# A deed reported at the head of its sentence, by oneself or with no subject ("Paid the rent!"),
# or after a word saying it is done ("Done: booked the flights", "Finally paid the rent").
_DEED = re.compile(
    r"(?:^|(?<=[.!;]\s)|(?<=[.!;]\s\s))"
    r"(?:(?:ok|okay|so|and|also|btw|yay|update|good\s+news|done|all\s+done|just\s+so\s+you\s+know)"
    r"\W+)*(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+|also\s+|now\s+)?"
    rf"(?P<verb>{_PAST})\s+(?P<what>[^.!?;,\n]{{2,80}})(?=[.!;,\n]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# ...or the thing it was of, said done: "The rent is paid", "Flights booked!", "The report's
# done" (not "The rent isn't paid", "... paid by my roommate", "The dentist is booked up").
_WORD = (
    r"(?!(?:i|i'm|we|we're|you|he|she|they|it|it's|that|that's|this|everything|me|us|him|her|"
    r"them|is|are|was|"
    r"were|not|never|has|have|had|as)\b)[a-z][\w-]*"
)
_THING_DONE = re.compile(
    r"(?:^|(?<=[.!;]\s)|(?<=[.!;]\s\s))(?:(?:ok|okay|so|and|also|btw|yay|update|good\s+news)\W+)*"
    rf"(?P<what>(?:(?:the|my|our)\s+)?{_WORD}(?:\s+{_WORD}){{0,3}}?)"
    r"(?:\s+(?:is|are|has\s+been|have\s+been)|'s|'re)?\s+(?:all\s+|finally\s+|now\s+|already\s+)?"
    rf"(?P<verb>{_PAST}|done|sorted|handled|taken\s+care\s+of)"
    r"(?:\s+(?:now|already|finally|today|at\s+last))?\s*(?=[.!\n]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# When it was done, which is none of the to-do's words: "... this morning", "... yesterday".
_WHEN_DONE = re.compile(
    r"\s+(?:today|yesterday|this\s+(?:morning|afternoon|evening)|last\s+night|earlier(?:\s+today)?"
    r"|already|just\s+now|at\s+last|finally)$",
    re.IGNORECASE,
)
# ...but not a deed hoped, asked about or put off: "I paid the rent?", "... but it bounced".
_UNDONE = re.compile(r"\b(?:but|except|though|until)\b", re.IGNORECASE)
# What one no longer has to do: "I don't need to call the dentist anymore", "I no longer have
# to pay the rent", "Cancel the reminder to call mom".
_DROPPED = re.compile(
    r"(?:^|(?<=[.!;,]\s))(?:(?:ok|okay|so|and|but|oh|actually|also|btw|good\s+news|never\s*mind)"
    r"\W+)*(?:(?:i|we)\s+(?:(?:don't|do\s+not)\s+(?P<after>need|have)|no\s+longer\s+(?:need|have))"
    r"\s+to\s+|(?:please\s+)?(?:cancel|delete|remove)\s+(?:the|my)\s+(?:reminder|to-?do)\s+"
    r"(?:to|about)\s+|(?:never\s*mind|forget\s+about)\s+"
    r"(?!(?:i|it|that|this|me|him|her|them|us|you|what|how|why)\b))(?P<what>[^.!?;,\n]{2,80}?)"
    r"(?P<for_good>\s+(?:any\s*more|after\s+all))?\s*(?=[.!;,\n]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# The inbox run by word: "Mark the rent as done", "Cross off 'call mom'", "Tick off the milk"
# (done), "Remove the dentist from my list", "Take the milk off my to-do list" (dismissed).
_ASKED_SO = (
    r"(?:^|(?<=[.!;]\s))(?:(?:ok|okay|so|and|oh|also|actually|great|thanks)\W+)*"
    r"(?:(?:can|could|would)\s+you\s+|you\s+can\s+)?(?:please\s+)?"
)
_ASKING = re.compile(r"\b(?:can|could|would)\s+you\b", re.IGNORECASE)
_ON_THE_LIST = r"(?:my|the)\s+(?:list|to-?do\s+list|to-?dos|inbox|tasks|task\s+list)"
_MARKED_DONE = re.compile(
    _ASKED_SO + r"(?:(?:mark|set)\s+(?P<what>[^.!?;\n]{2,80}?)\s+(?:as\s+)?(?:done|complete|"
    r"completed|finished)|(?:tick|check|cross)\s+off\s+(?P<off>[^.!?;\n]{2,80}?)"
    rf"(?:\s+(?:from|on)\s+{_ON_THE_LIST})?)(?:\s+please)?\s*(?P<end>[.!?;\n]|$)",
    re.IGNORECASE | re.MULTILINE,
)
_REMOVED = re.compile(
    _ASKED_SO + r"(?:remove|delete|take|drop|clear)\s+(?P<what>[^.!?;\n]{2,80}?)\s+"
    rf"(?:from|off)\s+(?:of\s+)?{_ON_THE_LIST}(?:\s+please)?\s*(?P<end>[.!?;\n]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# ...said after a clause that supposes it: "If it rains, I don't need to water the plants
# anymore".
_SUPPOSED = re.compile(r"\b(?:if|when|unless|once|in\s+case)\b", re.IGNORECASE)


def dropped_said(text: str) -> list[str]:
    """What `text` says its speaker no longer has to do, in a to-do's words."""
    own = others_words(plain_quotes(text)).masked()
    return [
        _as_done(found.group("what").strip())
        for found in _DROPPED.finditer(own)
        if (not found.group("after") or found.group("for_good"))
        and not _SUPPOSED.search(re.split(r"[.!?]\s", own[: found.start()])[-1])
    ] + _run_by_word(_REMOVED, text, own)


def _as_done(what: str) -> str:
    """ "calling the bank" (of "Forget about calling the bank") as a to-do is titled."""
    verb, _, rest = what.partition(" ")
    return f"{GERUNDS.get(verb.lower(), verb)} {rest}".strip()


def _run_by_word(command: re.Pattern[str], text: str, own: str) -> list[str]:
    """The to-dos an inbox command in the user's own words names, each as written: a title
    may be quoted ("Cross off 'call mom'"), the command around it may not."""
    plain = plain_quotes(text)
    named = []
    for found in command.finditer(own):
        group = "off" if found.groupdict().get("off") else "what"
        if found.group("end") == "?" and not _ASKING.search(found.group(0)):
            continue
        named.append(plain[found.start(group) : found.end(group)].strip(" \"'"))
    return named


def deeds_said(text: str) -> list[str]:
    """What `text` says its speaker did, in a to-do's words ("pay the rent")."""
    own = others_words(plain_quotes(text)).masked()
    deeds = []
    for found in _DEED.finditer(own):
        rest = own[found.end() :]
        sentence = found.group("what") + rest.split(".", 1)[0]
        if rest.lstrip().startswith("?") or _UNDONE.search(sentence):
            continue
        verb = PARTICIPLES.get(" ".join(found.group("verb").lower().split()), "")
        deeds.append(f"{verb} {_WHEN_DONE.sub('', found.group('what').strip())}".strip())
    for found in _THING_DONE.finditer(own):
        verb = PARTICIPLES.get(" ".join(found.group("verb").lower().split()))
        deeds.append(" ".join(filter(None, (verb, found.group("what").strip()))))
    return deeds + _run_by_word(_MARKED_DONE, text, own)


# A message saying only that "it", the to-do just spoken of, is done: "Done!", "I did it",
# "Already did that", "That's taken care of".
_IT_DONE = re.compile(
    r"\W*(?:(?:ok|okay|yes|yep|yeah|yay|so|and|haha|lol)\W+)*(?:"
    r"(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+|finally\s+)?(?:done|did)\s+(?:it|that)"
    r"|(?:(?:just|already|all)\s+)?done"
    r"|(?:it's|that's|it\s+is|that\s+is)\s+(?:already\s+|all\s+)?"
    r"(?:done|taken\s+care\s+of|sorted|handled)"
    r"|(?:just\s+|already\s+)?(?:did|handled|sorted)\s+(?:it|that)"
    r"|(?:(?:i|we)\s+)?(?:just\s+|already\s+)?took\s+care\s+of\s+(?:it|that))"
    r"(?:\s+(?:already|now|today|just\s+now|this\s+morning|earlier|yesterday|last\s+night))?"
    r"[\s.!]*",
    re.IGNORECASE,
)
# ...that it is one to keep: "Yes, add it to my list", "Can you put that on my to-do list?",
# "Track it please".
_IT_TRACKED = re.compile(
    r"\W*(?:(?:ok|okay|yes|yep|yeah|sure|great|perfect|good)\W+)*"
    r"(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:(?:add|put)\s+(?:it|that|this)\s+"
    r"(?:to|on|in)\s+(?:my|the)\s+(?:list|to-?do\s+list|to-?dos|inbox|tasks)"
    r"|(?:track|confirm)\s+(?:it|that|this))"
    r"(?:\s+please)?(?:\W+thanks?(?:\s+you)?)?[\s.!?]*",
    re.IGNORECASE,
)
# ...or that it is no to-do: "That's not a to-do", "No, don't add that", "Dismiss it".
_IT_NO_TO_DO = re.compile(
    r"\W*(?:(?:no|nope|nah|oh|actually|sorry)\W+)*"
    r"(?:(?:(?:that|it|this)(?:'s|\s+is)\s+not|(?:that|it|this)\s+isn't)\s+"
    r"(?:a|an\s+actual|a\s+real)\s+(?:to-?do|task)"
    r"|(?:please\s+)?(?:don't|do\s+not)\s+(?:add|track|put)\s+(?:it|that|this)"
    r"(?:\s+(?:to|on|in)\s+(?:my|the)\s+(?:list|to-?do\s+list|inbox))?"
    r"|(?:please\s+)?dismiss\s+(?:it|that|this))(?:\s+please)?[\s.!]*",
    re.IGNORECASE,
)
_OF_IT = (
    (TaskStatus.DONE, _IT_DONE),
    (TaskStatus.CONFIRMED, _IT_TRACKED),
    (TaskStatus.DISMISSED, _IT_NO_TO_DO),
)


def decided_of_it(text: str) -> TaskStatus | None:
    """What `text`, saying nothing else, decides of the to-do just spoken of: done ("Done!"),
    tracked ("Yes, add it to my list"), no to-do ("That's not a to-do"); None when nothing."""
    return next((status for status, said in _OF_IT if said.fullmatch(text)), None)


def named_in(reply: str, open_tasks: Sequence[Task]) -> list[Task]:
    """The open to-dos `reply` names: every word that tells its title apart is in it ("Don't
    forget to call the dentist today!" names "Call the dentist")."""
    words = task_words(reply)
    return [task for task in open_tasks if (own := task_words(task.title)) and own <= words]


def named_by(said: Sequence[str], open_tasks: Sequence[Task]) -> list[Task]:
    """The open to-dos these words (`deeds_said`, `dropped_said`) are, each once."""
    return [task for task in open_tasks if any(same_task(words, task.title) for words in said)]
