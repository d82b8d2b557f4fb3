"""A to-do as the user reads it and writes it: its deadline (and reminder) in words, and one
typed by hand, whose deadline is read from its words and taken out of its title."""

from __future__ import annotations

import re
from datetime import datetime

from core.due import parse_due
from core.errors import InputError
from core.local_time import due_text
from core.model import Task
from core.text_input import clean_text

# What is left hanging once a deadline is cut out: "book a table for [Saturday night]", "pay
# the bill due [April 15]", "call Tom sometime [next week]" (not "my taxes are due": that says
# it).
DANGLING = re.compile(
    r"(?:\s+(?:for|on|by|at|in|to|before|after|until|till|this|next|sometime|some\s+time|"
    r"no\s+later\s+than)|(?<!\bis)"
    r"(?<!\bare)\s+due)+$",
    re.IGNORECASE,
)


def deadline_words(task: Task) -> str:
    """A to-do's deadline as the user reads it, or nothing."""
    return due_text(task.due_at) if task.due_at else ""


def reminder_words(task: Task) -> str:
    """When a to-do reminds, asked for before its deadline, or nothing."""
    return due_text(task.remind_at) if task.remind_at else ""


def with_deadline(task: Task) -> str:
    """A to-do told with its deadline, and a reminder asked for before it: "Pay rent (due
    2026-11-27, reminder 2026-11-26)"."""
    if not task.due_at:
        return task.title
    reminder = f", reminder {reminder_words(task)}" if task.remind_at else ""
    return f"{task.title} (due {deadline_words(task)}{reminder})"


MAX_TITLE_CHARS = 300


def task_title(text: str) -> str:
    """A title the user wrote, on one line; none, or one longer than a to-do's, is an error
    they can act on."""
    title = " ".join(clean_text(text).split())
    if not title:
        raise InputError("A to-do needs words saying what to do.")
    if len(title) > MAX_TITLE_CHARS:
        raise InputError(f"Keep a to-do under {MAX_TITLE_CHARS} characters.")
    return title


def typed_to_do(text: str, now: datetime) -> tuple[str, datetime | None]:
    """A to-do the user wrote down themselves: its title, and the deadline its words name,
    taken out of the title ("Call the bank Friday 10am": "Call the bank", Friday 10:00)."""
    words = task_title(text)
    due = parse_due(words, now)
    title = words.replace(due.phrase, " ") if due else words
    title = task_title(DANGLING.sub("", " ".join(title.split()).strip(" .,;:-")))
    return title[:1].upper() + title[1:], due.at if due else None
