"""Where a message holds words that are not its writer's own: quoted speech ("She said "I live
in Paris""), a quoted email (lines after ">", or a pasted or forwarded one from its header on),
code and the files attached to a message (in fenced blocks), and the text a message asks to be
translated, proofread or rewritten. What is said there is not the writer telling about
themselves nor setting out to do something, so neither the facts nor the to-dos are taken from
it."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

# A quotation opens after a space or a bracket and ends on its line: an inch mark ('a 55" TV')
# opens none, and one left open must not take the rest of the message with it. Neither looks
# past the next opening mark, nor code past a line's length: a paste of unclosed ones must not
# be read to its end from each (200,000 characters of them took 41 s).
_QUOTATION = (
    r"(?<![^\s(\[:,])(?:\"(?=\S)[^\"\n]*\"|\u201c[^\u201c\u201d\n]*\u201d)"
    r"|(?P<ticks>`+)[^`\n][^\n]{0,300}?(?P=ticks)(?!`)"
)
_QUOTED_LINE = r"^[ \t]{0,3}>[^\n]*"
# A fence is closed by a line of at least as many of its marks, or by the end of the message.
_FENCED = (
    r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})[^`\n]*(?:\n.*?)??(?:\n[ \t]{0,3}(?P=fence)[`~]*[ \t]*$|\Z)"
)
# A forwarded or pasted email, from its header on: Gmail's "Forwarded message", Outlook's
# "Original Message" line, a From: block (Outlook's From/Sent, Apple Mail's From/Subject/Date),
# a reply's "On <day>, <writer> wrote:" and the sender, time and "to me" lines Gmail's page
# gives when an email is selected and copied.
_FORWARDED = (
    r"^[ \t]*(?:-{2,}[ \t]*(?:Forwarded message|Original Message)[ \t]*-{2,}"
    r"|From:[^\n]*\n(?:[ \t]*(?:Subject|To|Cc|Reply-To):[^\n]*\n){0,3}[ \t]*(?:Sent|Date):"
    r"|On (?=[^\n]{0,200}\d)[^\n]{1,400}?(?:\n[^\n]{0,120}?)?wrote:[ \t]*$"
    r"|[^\n<>@]{0,80}<[^\s<>@]+@[^\s<>]+>[^\n]*\n(?:[^\n]*\n){0,2}"
    r"[ \t]*(?:to:[^\n]{0,80}|(?-i:to[ \t]+(?:me\b|[A-Z])[^\n]{0,80}))$)(?:.*)"
)
# The text a message asks to have translated, proofread, rewritten or summarised: from the
# colon after the request (or the line after "... this") to the message's end, unless it is
# quoted or fenced (the writer may go on after those in their own words). "Edit:" or "Fix the
# bike:" heads the writer's own correction or note, so those verbs need words for an object.
_MATERIAL = (
    r"(?:^[ \t]*|(?<=[.!?] ))(?:(?:can|could|would|will) you (?:please )?|please )?"
    r"(?:(?:translate|proofread|rephrase|reword|paraphrase|rewrite|summari[sz]e)\b[^\n:]{0,80}?"
    r"|(?:correct|fix|improve|edit|polish|shorten)[ \t]+(?:this|that|it|the following"
    r"|(?:the|my)[ \t]+(?:\w+[ \t]+)?(?:grammar|spelling|typos?|wording|tone|english|writing"
    r"|text|email|message|essay|letter|draft|paragraph|sentence|post))\b[^\n:]{0,60}?)"
    r"(?::|\b(?:this|following|below)\b[^\n]{0,30}\n)(?!\s*(?:`{3}|~{3}|>))(?P<material>.+)"
)
_NOT_OWN = re.compile(
    rf"(?i:{_FORWARDED}|{_MATERIAL})|{_FENCED}|{_QUOTED_LINE}|{_QUOTATION}",
    re.MULTILINE | re.DOTALL,
)
_LONGEST_BACKTICKS = re.compile(r"`+")
MASK = "\u00b7"


@dataclass(frozen=True, slots=True)
class OthersWords:
    """The spans of a text that are someone else's words, in order and not overlapping."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def holds(self, position: int) -> bool:
        """Whether the character at `position` is inside someone else's words."""
        index = bisect_right(self.starts, position) - 1
        return index >= 0 and position < self.ends[index]

    def masked(self) -> str:
        """The text with others' words turned to a mark that is no word, no space and no
        sentence's end (lines kept): what the writer says themselves, at the same positions, so
        a phrase found in it can be read in the text, a quoted one whole ("add "buy eggs" to
        my list")."""
        pieces, last = [], 0
        for start, end in zip(self.starts, self.ends, strict=True):
            pieces.append(self.text[last:start])
            pieces.append(re.sub(r"[^\n]", MASK, self.text[start:end]))
            last = end
        pieces.append(self.text[last:])
        return "".join(pieces)


@lru_cache(maxsize=16)
def others_words(text: str) -> OthersWords:
    """Read once per message: a turn's recall, its time phrases, its facts and its to-dos all
    ask (a pasted page takes up to ~0.1 s)."""
    spans = [
        match.span("material") if match["material"] else match.span()
        for match in _NOT_OWN.finditer(text)
    ]
    return OthersWords(text, tuple(s for s, _ in spans), tuple(e for _, e in spans))


def fenced(text: str) -> str:
    """`text` as a fenced block no line of it can close: the words of an attached file, shown
    as they are and not read as the writer's."""
    longest = max((len(run) for run in _LONGEST_BACKTICKS.findall(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


def quoted(text: str) -> str:
    """`text` as a quotation the writer goes on after: each line after "> ", then a blank line
    (a line right after one still belongs to the quotation in Markdown)."""
    lines = text.strip("\n").splitlines() or [""]
    return "\n".join(f"> {line}".rstrip() for line in lines) + "\n\n"
