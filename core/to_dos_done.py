"""To-dos the user tells the assistant they did: "I paid the rent", "Just called the dentist",
"Done: booked the flights". One in the inbox said done in a live chat is finished there too,
as its Done button would: nobody should have to tell the app twice. Only a plain report of
one's own deed counts (not "I haven't paid the rent", "Did I pay the rent?", "If I paid the
rent ...", "She paid the rent"), with the verb the to-do is done with (`PARTICIPLES`), matched
to an open to-do by its words (`same_task`). A chat imported from elsewhere reports deeds of
its own day, and finishes nothing."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.model import Task
from core.others_words import others_words
from core.sentences import plain_quotes
from core.task_scoring import same_task
from core.verb_forms import PARTICIPLES

_PAST = "|".join(sorted((re.escape(verb) for verb in PARTICIPLES), key=len, reverse=True))
# A deed reported at the head of its sentence, by oneself or with no subject ("Paid the rent!"),
# or after a word saying it is done ("Done: booked the flights", "Finally paid the rent").
_DEED = re.compile(
    r"(?:^|(?<=[.!;]\s)|(?<=[.!;]\s\s))"
    r"(?:(?:ok|okay|so|and|also|btw|yay|update|good\s+news|done|all\s+done|just\s+so\s+you\s+know)"
    r"\W+)*(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+|also\s+|now\s+)?"
    rf"(?P<verb>{_PAST})\s+(?P<what>[^.!?;,\n]{{2,80}})(?=[.!;,\n]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# ...but not a deed hoped, asked about or put off: "I paid the rent?", "... but it bounced".
_UNDONE = re.compile(r"\b(?:but|except|though|until)\b", re.IGNORECASE)


def deeds_said(text: str) -> list[str]:
    """What `text` says its speaker did, in a to-do's words ("pay the rent")."""
    own = others_words(plain_quotes(text)).masked()
    deeds = []
    for found in _DEED.finditer(own):
        rest = own[found.end() :]
        sentence = found.group("what") + rest.split(".", 1)[0]
        if rest.lstrip().startswith("?") or _UNDONE.search(sentence):
            continue
        verb = PARTICIPLES[" ".join(found.group("verb").lower().split())]
        deeds.append(f"{verb} {found.group('what').strip()}")
    return deeds


def done_by(deeds: Sequence[str], open_tasks: Sequence[Task]) -> list[Task]:
    """The open to-dos the deeds are, each once."""
    return [task for task in open_tasks if any(same_task(deed, task.title) for deed in deeds)]
