"""Which way a chat turn recalls (DESIGN §2, seed 000). Manager mode rebuilds "what is going on"
at a session's start or after a long gap, and leaves out memories faded and never used; answer
mode looks for what answers a question. A question asked first thing is still a question: in
manager mode "What did Caroline research?" opening a conversation found nothing of a year of
imported chats."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from core.others_words import MASK, others_words
from core.retrieval import Mode
from core.tasks import QUESTION_START, asks_about_to_dos

# Asking to pick up the threads is manager mode's own question.
_CATCH_UP = re.compile(
    r"\b(?:where were we|catch me up|since we (?:last )?(?:talked|spoke)|"
    r"what(?:'s| is| has been| was)? (?:going on|new|up|happening|left)|"
    r"what (?:was|were|am|are) (?:i|we) (?:doing|working on|up to))\b",
    re.IGNORECASE,
)
# Asking to recall without a question mark: "tell me about the trip", "remind me who Ana is".
_RECALL = re.compile(
    r"\b(?:tell me|remind me (?:what|who|when|where|how|why|which|of|about)|"
    r"do you (?:remember|recall|know)|remember when)\b",
    re.IGNORECASE,
)


def asks_for_information(message: str) -> bool:
    """A question or a request to recall something, not a greeting, news or a catch-up; in
    the user's own words ("Thoughts on this?" above a quoted email is asked)."""
    text = others_words(message).masked().replace(MASK, " ").strip()
    # "Remind me who Ana is" asks to recall; "remind me what is due" asks about to-dos.
    subject = _RECALL.sub(" ", text)
    if asks_about_to_dos(subject) or _CATCH_UP.search(text):
        return False
    return text.endswith("?") or bool(QUESTION_START.match(text.lower())) or subject != text


def recall_mode(message: str, now: datetime, last_said: datetime | None, gap: timedelta) -> Mode:
    """Manager mode when a session starts or resumes after `gap`, unless the message asks for
    something: seed 000 gives answer mode to "the user asks a question or requests
    information"."""
    starting = last_said is None or now - last_said > gap
    return Mode.MANAGER if starting and not asks_for_information(message) else Mode.ANSWER
