"""To-dos written as a list: under a heading ("Things I need to do today:", "To do:", "My errands
for Saturday:"), one a line, bulleted, numbered or not; after the heading's colon on its line
("My to-do list for tomorrow: buy milk, call mom, pay rent"); and several said in one breath
("I need to buy milk, call mom and pay rent"). Read as sentences they made no to-do, a wrong one
("Do"), or only the first ("Buy milk")."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from core.sentences import FINAL_DOT
from core.temporal import WEEKDAYS

# Verbs a to-do opens with: parts of a list each opening on one are to-dos of their own ("buy
# milk, call mom"); parts that do not are one thing's ("buy milk, eggs and bread").
TO_DO_VERBS = frozenset(
    """call phone ring text email e-mail message reply respond write send mail post buy get grab
    pick order book reserve schedule reschedule cancel pay renew file submit sign print scan
    fill finish start complete prepare review read check fix repair clean wash tidy vacuum do
    make cook bake water feed walk take bring return drop collect visit see meet ask tell
    remind update upload download install back pack unpack move sort organize organise plan
    register apply confirm follow contact research practice practise study watch exercise go
    charge change replace refill wrap mow empty throw recycle iron fold hang shop deposit
    transfer backup archive delete unsubscribe test deploy merge draft edit proofread
    translate finalize finalise set sell list donate dust sweep mop hoover find hire arrange
    choose paint rake weed plant trim polish assemble""".split()
)
# A heading of a list of to-dos, its deadline among its words ("for tomorrow", "today").
_TO_DOS = (
    r"to-?dos?|to\s+dos?|things\s+(?:i|we)\s+(?:still\s+)?(?:need|have|must|gotta|got)\s+to\s+do"
    r"|(?:stuff|things)\s+to\s+do|errands|chores"
    # ...or what one needs to do, before its colon: "Need to: buy milk, call mom, pay rent".
    r"|(?:(?:i|we)\s+)?(?:still\s+)?(?:need|have|gotta|got)\s+to(?:\s+do)?(?=[ \t]*:)"
)
# ...whose ("my", "tomorrow's": its day is the list's too), after what opens a line ("Ok so").
_OWNER = (
    r"[ \t]*(?:(?:ok|okay|so|alright|right)[ \t]*,?[ \t]+)*"
    r"(?:(?:(?:on\s+)?(?:my|our)|the|(?P<whose>today|tomorrow|this\s+week)'?s|weekend)\s+)?"
)
# ...or a day's, its colon after it: "Tomorrow: dentist at 9, then groceries" (only its chores
# and what opens on a verb are to-dos: "dentist at 9" is an appointment).
_DAY_NAMES = rf"(?:today|tonight|tomorrow|this\s+weekend|(?:on\s+)?(?:{'|'.join(WEEKDAYS)}))"
_DAY = rf"(?P<day>{_DAY_NAMES})(?=[ \t]*:)"
# ...one day after another on a line: "Monday: dentist. Tuesday: call the bank." (a day's note
# ends where the next day's begins).
_NEXT_DAY = rf"[.!?][ \t]+{_DAY_NAMES}[ \t]*:"
_CHORES = frozenset(
    "groceries grocery laundry dishes washing ironing vacuuming hoovering cleaning shopping "
    "errands bills taxes recycling trash bins garbage".split()
)
# ...or a list, with its day: "On my list for today: laundry, call the landlord" (not "My list
# of favourite films: ...").
_LIST_FOR_A_DAY = (
    r"list(?=\s+(?:for\s+)?(?:today|tonight|tomorrow|this\s+(?:week(?:end)?|morning|afternoon|"
    rf"evening)|the\s+(?:day|week(?:end)?)|(?:on\s+)?(?:{'|'.join(WEEKDAYS)}))\b[^:\n]{{0,30}}:)"
)
# ...or of things to buy: "Shopping list:", "Groceries:", "To buy:" (one to-do, buying them).
_TO_BUY = r"(?P<shop>shopping|grocery|groceries|(?:things\s+)?to\s+buy)"
# What no thing to buy is: "Groceries: done", "Shopping: I went to the mall".
_NOT_BOUGHT = frozenset(
    "i we you he she they it done finished nothing none ok okay all later tbd went".split()
)
MAX_THING_WORDS = 4
# A thing's own word for buying it: "- get bread" is bread.
_BOUGHT = re.compile(r"^(?:buy|get|grab|pick\s+up)\s+", re.I)
# ...or of things for a time or an occasion: "Things for this weekend:" (each item opening on a
# verb: "Things for the party: balloons, cake" lists no to-do).
_THINGS_FOR = r"(?P<things>things|stuff)(?=\s+for\s)"
# ...or a plan's, a day's note by another name: "The plan for tomorrow: gym at 7, then finish
# the slides", "Today's agenda:".
_PLAN = r"(?P<plan>plans?|agenda)(?=\s+for\s|[ \t]*:)"
_HEADING = re.compile(
    rf"(?:^|(?<=[.!?][ \t])(?={_DAY_NAMES}[ \t]*:)){_OWNER}(?:{_TO_DOS}|tasks?|checklist|{_DAY}|"
    rf"{_LIST_FOR_A_DAY}|"
    rf"{_TO_BUY}|{_THINGS_FOR}|{_PLAN})\b(?:\s+list)?(?P<when>[^:\n]{{0,60}}?)[ \t]*"
    rf"(?:(?P<colon>:)[ \t]*(?P<inline>(?:(?!{_NEXT_DAY})[^\n])*)|$)",
    re.MULTILINE | re.IGNORECASE,
)
# ...one that says to-dos, or whose tasks they are ("my tasks", "today's tasks").
_NAMES_TO_DOS = re.compile(rf"{_OWNER}(?:{_TO_DOS})\b", re.IGNORECASE)
_OWNED = re.compile(r"[ \t]*(?:my|our|today'?s|tomorrow'?s|this\s+week'?s|weekend)\s", re.I)
# Its words after the heading's name, at most: more is a sentence.
MAX_WHEN_WORDS = 6
# A line of the list: bulleted, numbered, an open checkbox, or plain under a heading's colon.
_ITEM = re.compile(
    r"[ \t]*(?:(?P<mark>(?:[-*•+]|\d{1,2}[.)])(?:[ \t]+\[\s?\])?|\[\s?\])[ \t]+)?(?P<item>\S.*)"
)
# A ticked box is done; a longer line is prose, not an item.
_DONE = re.compile(r"[ \t]*(?:(?:[-*•+]|\d{1,2}[.)])[ \t]+)?\[[xX✓]\]")
MAX_ITEM_WORDS = 20
MAX_ITEMS = 30
# ...and the sentences of a line: "To do: call the vet by 5. Buy milk." is two ("call Dr. Smith"
# and "email J. Smith" one).
_PARTS = re.compile(
    rf"\s*(?:[,;]\s*(?:and\s+(?:also\s+)?|then\s+|also\s+)?|(?<!\b[A-Z])(?:{FINAL_DOT}|[!?])\s+|"
    r"\s+and\s+(?:then\s+|also\s+)?|\s+then\s+)\s*"
)
_WORD = re.compile(r"[a-z][\w'-]*")
# A number marking an item of a list said on one line, counted from 1: "1) call mom 2) pay rent".
_NUMBER = re.compile(r"(?:^|(?<=\s))(?:[1-9]|[1-9]\d)[.)]\s+")
_LINE = re.compile(r"\n([^\n]*)")
# A paste of thousands of headings is read for its first few lists.
MAX_LISTS = 10


@dataclass(frozen=True, slots=True)
class ListedItem:
    """One to-do of a list: where it starts and ends in the text, and its heading's words,
    whose deadline it has when it states none of its own."""

    start: int
    end: int
    heading: str
    # Its words, when they are no one stretch of the text: a shopping list's things, bought.
    said: str = ""


@dataclass(frozen=True, slots=True)
class ToDoList:
    start: int
    end: int
    items: tuple[ListedItem, ...]


def to_do_lists(text: str) -> list[ToDoList]:
    """The lists of to-dos in `text`, each from its heading to its last item."""
    lists = []
    for heading in _HEADING.finditer(text):
        if len(lists) >= MAX_LISTS:
            break
        when = " ".join(filter(None, (heading["whose"], heading["day"] or heading["when"].strip())))
        inline = (heading["inline"] or "").strip()
        if len(when.split()) > MAX_WHEN_WORDS:
            continue
        if inline:
            start = heading.start("inline")
            parts = _numbered(inline) or verb_led_parts(inline, headed=True)
            items = [ListedItem(start + a, start + b, when) for a, b in parts]
        else:
            items = _lines_after(text, heading.end(), when, bool(heading["colon"]))
        # Under "Tasks:" alone, each opens on a verb: a CV's "Tasks: Managing a team of five"
        # describes a job. A heading that says to-dos, or whose they are, lists them.
        if heading["day"] or heading["plan"]:
            items = [item for item in items if _a_chore(text[item.start : item.end])]
        elif heading["shop"]:
            items = _to_buy(text, [item for item in items if _a_thing(text[item.start : item.end])])
        elif heading["things"] or not (
            _NAMES_TO_DOS.match(heading.group()) or _OWNED.match(heading.group()) or when
        ):
            items = [item for item in items if _opens_on_a_verb(text[item.start : item.end])]
        if items:
            lists.append(ToDoList(heading.start(), items[-1].end, tuple(items[:MAX_ITEMS])))
    return lists


def _numbered(inline: str) -> list[tuple[int, int]]:
    """Where each item of a list numbered on one line is ("1) call mom 2) pay rent"); none
    unless it opens on its first number."""
    marks = list(_NUMBER.finditer(inline))
    if not marks or marks[0].start() != 0 or len(marks) > MAX_ITEMS:
        return []
    ends = [mark.start() for mark in marks[1:]] + [len(inline.rstrip(" .!;"))]
    return [(mark.end(), end) for mark, end in zip(marks, ends, strict=True)]


def _opens_on_a_verb(item: str) -> bool:
    first = _WORD.match(item.lower())
    return first is not None and first.group() in TO_DO_VERBS


def _to_buy(text: str, items: list[ListedItem]) -> list[ListedItem]:
    """A shopping list as one to-do: "Shopping list: eggs, milk, bread" is "Buy eggs, milk and
    bread" (a line's capital is the keyboard's: "- Milk")."""
    if not items:
        return []
    said = [_BOUGHT.sub("", text[item.start : item.end].strip(" .!;")) for item in items]
    things = [thing[:1].lower() + thing[1:] for thing in said]
    listed = ", ".join(things[:-1]) + f" and {things[-1]}" if len(things) > 1 else things[0]
    return [replace(items[0], end=items[-1].end, said=f"Buy {listed}")]


def _a_thing(item: str) -> bool:
    """A thing to buy: a few words, none a sentence's ("Groceries: done", "I went")."""
    words = _WORD.findall(item.lower())
    return 0 < len(words) <= MAX_THING_WORDS and not _NOT_BOUGHT & set(words)


def _a_chore(item: str) -> bool:
    return _opens_on_a_verb(item) or bool(_CHORES & set(_WORD.findall(item.lower())))


def _lines_after(text: str, at: int, when: str, colon: bool) -> list[ListedItem]:
    """The item lines under a heading, up to a blank line; plain ones only under a colon."""
    items: list[ListedItem] = []
    for line in _LINE.finditer(text, at):
        start = line.start(1)
        said = line.group(1)
        if not said.strip() or len(items) >= MAX_ITEMS:
            break
        if _DONE.match(said):
            continue
        item = _ITEM.fullmatch(said)
        if item is None or (item["mark"] is None and not colon):
            break
        words = item["item"].split()
        if len(words) > MAX_ITEM_WORDS or item["item"].rstrip().endswith((":", "?")):
            break
        end = start + len(said.rstrip())
        items.append(ListedItem(start + item.start("item"), end, when))
    return items


def verb_led_parts(task: str, headed: bool = False) -> list[tuple[int, int]]:
    """Where each to-do of "buy milk, call mom and pay rent" starts and ends in `task`: each
    part opens on a verb and says what to do with it. Otherwise `task` whole: "buy milk, eggs
    and bread" is one to-do, as is "go and rest". After a heading's colon (`headed`), chores
    named without a verb are each one: "To do: laundry, dishes, groceries"."""
    whole = [(0, len(task.rstrip(" .!;")))]
    parts = []
    at = 0
    for cut in _PARTS.finditer(task):
        parts.append((at, cut.start()))
        at = cut.end()
    parts.append((at, len(task.rstrip(" .!;"))))
    if len(parts) < 2:
        return whole
    first = _WORD.findall(task[parts[0][0] : parts[0][1]].lower())
    if headed and first and first[0] not in TO_DO_VERBS:
        return [(start, end) for start, end in parts if len(task[start:end].split()) <= 3]
    for start, end in parts:
        words = _WORD.findall(task[start:end].lower())
        if len(words) < 2 or words[0] not in TO_DO_VERBS:
            return whole
    return parts
