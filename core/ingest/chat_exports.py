"""Conversations exported from other assistants, read as Engram's own: people arrive with
years of chats elsewhere. ChatGPT's `conversations.json` (each conversation a tree of
messages; the branch shown last is the one kept), Claude's (each a list of messages) and
Gemini's activity log from Google Takeout (`My Activity.json`: each prompt with its reply, not
grouped). Only what was said as text is kept: system prompts, tool calls and images are not
turns."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import PurePath
from typing import Any

from core.errors import InputError
from core.ingest.web_page_text import web_page_text
from core.model import Role, Session, Turn
from core.others_words import fenced
from core.text_input import MAX_TURN_CHARS, clean_text, conversation_title, parse_timestamp

_CHATGPT_ROLES = {"user": Role.USER, "assistant": Role.ASSISTANT}
_CLAUDE_ROLES = {"human": Role.USER, "assistant": Role.ASSISTANT}
# What Claude's exports put in a message's text for a tool call or an artifact.
_CLAUDE_PLACEHOLDER = re.compile(
    r"\s*```\s*This block is not supported on your current device yet\.\s*```\s*"
)
# ChatGPT wraps the custom instructions in a preamble, their words fenced (and they may hold
# fences of their own).
_FENCED = re.compile(r"```(.*)```", re.DOTALL)
ABOUT_YOU_TITLE = "Your ChatGPT custom instructions"
# Where an over-long message is cut, leaving room for saying so.
CUT_AT = MAX_TURN_CHARS - 100
_GEMINI = "Gemini Apps"
# Google Takeout's Gemini activity log, in a folder named for the app ("Gemini Apps", or
# "Bard" before it was renamed); every other Google product has a log of the same name.
_ACTIVITY_NAMES = ("My Activity", "MyActivity")
_ACTIVITY_FOLDERS = ("Gemini", "Bard")
GEMINI_HTML = (
    "{name} is Gemini's activity log as a web page, which does not say where a reply ends; "
    "Engram reads it as JSON: in Google Takeout, under My Activity, set the format to JSON, "
    "and import the new export."
)
# Takeout's activity log says what was done first; a prompt is "Prompted <what was asked>".
_GEMINI_PROMPTED = ("Prompted ", "Asked ")
_GEMINI_CONVERSATION = re.compile(r"gemini\.google\.com/app/([0-9A-Za-z_-]+)")
# The log does not group prompts by conversation (only newer exports name it): prompts closer
# together than this are taken as one.
GEMINI_GAP = timedelta(minutes=30)


def is_gemini_log(path: PurePath, suffix: str = ".json") -> bool:
    """Whether a file of a Takeout is Gemini's activity log (as JSON, or `suffix`)."""
    folder = path.parent.name
    return (
        path.suffix.lower() == suffix
        and path.stem in _ACTIVITY_NAMES
        and any(app in folder for app in _ACTIVITY_FOLDERS)
    )


def export_kind(data: Any) -> str | None:
    """Which assistant's export `data` is ("ChatGPT", "Claude"), or None."""
    if not isinstance(data, list) or not data or not isinstance(data[0], dict):
        return None
    if "mapping" in data[0]:
        return "ChatGPT"
    if "chat_messages" in data[0]:
        return "Claude"
    if _GEMINI in str(data[0].get("header")) or _GEMINI in str(data[0].get("products")):
        return "Gemini"
    return None


@dataclass(frozen=True, slots=True)
class ExportRead:
    """The conversations of an export that hold any text, oldest first (the user's custom
    instructions among them, see `_about_you`); how many were left out because the user told
    ChatGPT not to remember them (a memory is the last place they would want them); and how
    many versions of the custom instructions were found."""

    sessions: list[Session]
    not_remembered: int
    about_you: int


def parse_export(data: Iterable[Any]) -> ExportRead:
    """An export read as `data` yields it, a conversation at a time; Gemini's log, being one
    flat list of prompts, is grouped into conversations once all of it is read."""
    sessions: list[Session] = []
    not_remembered = 0
    about_you: dict[str, datetime] = {}
    asked: list[_Asked] = []
    for i, raw in enumerate(data):
        where = f"conversation {i + 1}"
        kind = export_kind([raw])
        if kind is None:
            raise InputError(f"{where}: expected a ChatGPT, Claude or Gemini conversation")
        try:
            if kind == "Gemini":
                one = _gemini_asked(raw, f"activity {i + 1}")
                asked.extend([one] if one else [])
                continue
            if raw.get("is_do_not_remember") is True:
                not_remembered += 1
                continue
            session = _chatgpt(raw, where) if kind == "ChatGPT" else _claude(raw, where)
            if session.turns:
                sessions.append(session)
            told = _custom_instructions(raw) if kind == "ChatGPT" else None
            if told:
                about_you[told] = min(about_you.get(told, session.started_at), session.started_at)
        except (AttributeError, TypeError, KeyError, IndexError, ValueError) as exc:
            # A value of another kind than the app writes (a file edited by hand, or mended
            # after a cut): said where, not a traceback.
            raise InputError(f"{where}: not as {kind} writes its exports ({exc})") from exc
    sessions.extend(_about_you(text, since) for text, since in about_you.items())
    sessions.extend(_gemini_sessions(asked))
    return ExportRead(sorted(sessions, key=lambda s: s.started_at), not_remembered, len(about_you))


def _custom_instructions(raw: dict[str, Any]) -> str | None:
    """What the user told ChatGPT about themselves and how to reply, which it puts out of
    sight at the start of each conversation: in the user's own words, without the preamble
    ChatGPT wraps them in."""
    for node in raw["mapping"].values():
        message = node.get("message") if isinstance(node, dict) else None
        content = (message or {}).get("content") or {}
        if content.get("content_type") != "user_editable_context":
            continue
        data = ((message or {}).get("metadata") or {}).get("user_context_message_data") or {}
        about = _told(data.get("about_user_message"), content.get("user_profile"))
        style = _told(data.get("about_model_message"), content.get("user_instructions"))
        parts = [("About me", about), ("How I like replies", style)]
        return _text("\n\n".join(f"{label}: {words}" for label, words in parts if words)) or None
    return None


def _told(own: Any, wrapped: Any) -> str:
    """The user's words: as they typed them, or from inside the fence ChatGPT put them in."""
    if isinstance(own, str) and own.strip():
        return own.strip()
    if not isinstance(wrapped, str):
        return ""
    fenced = _FENCED.search(wrapped)
    return (fenced.group(1) if fenced else "").strip()


def _about_you(text: str, since: datetime) -> Session:
    """One version of the custom instructions, as a conversation of its own in which the user
    says them, dated when the export first shows them. Its ids come from its words, so
    importing the export again adds nothing, and a changed version is a new conversation
    whose facts supersede the old ones'."""
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    turn = (f"chatgpt:about-you:{key}", Role.USER, text, since)
    return _session(f"chatgpt:about-you:{key}", since, [turn], ABOUT_YOU_TITLE, "ChatGPT")


def _when(value: Any, where: str) -> datetime | None:
    """ChatGPT gives seconds since the epoch, Claude ISO 8601; either may be missing."""
    if value is None:
        return None
    if not isinstance(value, int | float):
        return parse_timestamp(value, where)
    try:
        return datetime.fromtimestamp(value, UTC)
    except (ValueError, OverflowError, OSError):
        raise InputError(f"{where}: {value!r} is not a time") from None


def _session(
    session_id: str,
    started: datetime | None,
    said: list[tuple[str, Role, str, datetime | None]],
    title: object,
    assistant: str,
) -> Session:
    """Turns in order; one without a time of its own comes a second after the one before. The
    other side is named for what it was (`assistant`): remembered or shown as Engram's, its
    words would be put in Engram's mouth."""
    start = started or next((at for *_, at in said if at is not None), None)
    start = start or datetime(1970, 1, 1, tzinfo=UTC)
    turns = []
    last = start
    for seq, (turn_id, role, text, at) in enumerate(said):
        last = max(at or last + timedelta(seconds=1), last)
        speaker = assistant if role is Role.ASSISTANT else None
        turns.append(Turn(turn_id, session_id, seq, role, text, last, speaker))
    return Session(session_id, start, None, tuple(turns), conversation_title(title))


def _text(value: str) -> str:
    """A message longer than a turn may hold keeps its head and says how much was left out:
    refusing it would refuse an export of years over one pasted page, and the file cannot be
    fixed by hand as Engram's own format can."""
    value = clean_text(value).strip()
    if len(value) <= MAX_TURN_CHARS:
        return value
    marker = f"\n[... {len(value) - CUT_AT:,} more characters not imported]"
    return value[:CUT_AT] + marker


def _chatgpt(raw: dict[str, Any], where: str) -> Session:
    mapping = raw.get("mapping")
    if not isinstance(mapping, dict):
        raise InputError(f"{where}.mapping: expected an object")
    conversation_id = str(raw.get("conversation_id") or raw.get("id") or where)
    said = []
    for node_id, message in _chatgpt_branch(mapping, raw.get("current_node")):
        role = _CHATGPT_ROLES.get((message.get("author") or {}).get("role"))
        content = message.get("content") or {}
        # A message with a picture keeps its words; code runs and tool output are not said,
        # nor is what the app added out of sight (custom instructions, memory context), nor
        # what the assistant sent a tool (a search, a note to its own memory) rather than said.
        hidden = (message.get("metadata") or {}).get("is_visually_hidden_from_conversation")
        to_tool = message.get("recipient") not in (None, "all")
        if (
            role is None
            or hidden
            or to_tool
            or content.get("content_type") not in ("text", "multimodal_text")
        ):
            continue
        text = _text("\n".join(_chatgpt_words(content.get("parts"))))
        if text:
            at = _when(message.get("create_time"), f"{where}, message {node_id}")
            said.append((f"chatgpt:{message.get('id') or node_id}", role, text, at))
    started = _when(raw.get("create_time"), f"{where}.create_time")
    return _session(f"chatgpt:{conversation_id}", started, said, raw.get("title"), "ChatGPT")


def _chatgpt_words(parts: Any) -> Iterator[str]:
    """The words among a message's parts: its text, and what was said aloud in voice mode
    (a transcript beside the recording); pictures and recordings themselves are not words."""
    for part in parts if isinstance(parts, list) else []:
        if isinstance(part, str):
            yield part
        elif isinstance(part, dict) and part.get("content_type") == "audio_transcription":
            if isinstance(part.get("text"), str):
                yield part["text"]


def _chatgpt_branch(mapping: dict[str, Any], current: Any) -> Iterator[tuple[str, dict]]:
    """The messages from the root to `current` (the branch last shown): an edited message
    starts a new branch, and the older ones are not what the conversation became."""
    if current not in mapping:
        # No current node: the last node without children ends the branch.
        current = next(
            (k for k, n in reversed(mapping.items()) if not (n or {}).get("children")), None
        )
    branch = []
    seen = set()
    while current in mapping and current not in seen:
        seen.add(current)
        node = mapping[current] or {}
        if isinstance(node.get("message"), dict):
            branch.append((str(current), node["message"]))
        current = node.get("parent")
    return reversed(branch)


def _claude_words(message: dict[str, Any]) -> str | None:
    """What was said: the text blocks of the message's content. Its `text` also holds Claude's
    thinking and a placeholder for each tool call and artifact, so it is read only where there
    are no blocks (older exports), without the placeholders."""
    blocks = message.get("content")
    if isinstance(blocks, list) and blocks:
        return "\n".join(
            b["text"]
            for b in blocks
            if isinstance(b, dict)
            and b.get("type", "text") == "text"
            and isinstance(b.get("text"), str)
        )
    text = message.get("text")
    return _CLAUDE_PLACEHOLDER.sub("\n\n", text) if isinstance(text, str) else None


def _claude_attached(message: dict[str, Any]) -> list[str]:
    """The words of the files attached to a message (a long paste becomes one in Claude), each
    under its name and fenced: part of what was asked, but not the writer telling about
    themselves (an email from someone else, a colleague's CV)."""
    attached = []
    for file in message.get("attachments") or []:
        content = file.get("extracted_content") if isinstance(file, dict) else None
        if isinstance(content, str) and content.strip():
            name = file.get("file_name") or "pasted text"
            attached.append(f"[{name}]\n{fenced(content.strip())}")
    return attached


def _claude(raw: dict[str, Any], where: str) -> Session:
    messages = raw.get("chat_messages")
    if not isinstance(messages, list):
        raise InputError(f"{where}.chat_messages: expected a list")
    conversation_id = str(raw.get("uuid") or where)
    said = []
    for j, message in enumerate(messages):
        if not isinstance(message, dict):
            raise InputError(f"{where}, message {j + 1}: expected an object")
        role = _CLAUDE_ROLES.get(message.get("sender"))
        words = [_claude_words(message), *_claude_attached(message)]
        if role is None or words == [None]:
            continue
        text = _text("\n\n".join(w for w in words if w and w.strip()))
        if text:
            at = _when(message.get("created_at"), f"{where}, message {j + 1}")
            said.append(
                (f"claude:{message.get('uuid') or f'{conversation_id}:{j}'}", role, text, at)
            )
    started = _when(raw.get("created_at"), f"{where}.created_at")
    return _session(f"claude:{conversation_id}", started, said, raw.get("name"), "Claude")


@dataclass(frozen=True, slots=True)
class _Asked:
    """One prompt of Gemini's activity log and its reply."""

    at: datetime
    prompt: str
    reply: str
    conversation: str | None


def _gemini_asked(raw: dict[str, Any], where: str) -> _Asked | None:
    """The prompt and reply an activity holds; None for the log's other entries (a canvas
    made, feedback given, a draft chosen)."""
    title = raw.get("title")
    prefix = next((p for p in _GEMINI_PROMPTED if str(title).startswith(p)), None)
    if not isinstance(title, str) or prefix is None:
        return None
    prompt = _text(title.removeprefix(prefix))
    if not prompt:
        return None
    at = _when(raw.get("time"), f"{where}.time")
    if at is None:
        raise InputError(f"{where}: a prompt without its time")
    # A regenerated reply is logged after the first; the last is the one the user went on with.
    replies = [item.get("html") for item in raw.get("safeHtmlItem") or [] if isinstance(item, dict)]
    html = next((r for r in reversed(replies) if isinstance(r, str) and r.strip()), "")
    return _Asked(at, prompt, _text(web_page_text(html)), _gemini_conversation(raw))


def _gemini_conversation(raw: dict[str, Any]) -> str | None:
    """The conversation a newer log names in the activity's details, as a link to it."""
    details = [d for d in raw.get("details") or [] if isinstance(d, dict)]
    for link in [*(str(d.get("url") or d.get("name")) for d in details), str(raw.get("titleUrl"))]:
        found = _GEMINI_CONVERSATION.search(link)
        if found:
            return found.group(1)
    return None


def _gemini_sessions(asked: list[_Asked]) -> list[Session]:
    """Prompts in time order, a conversation each where the log names one, otherwise one for
    each run of prompts no further apart than GEMINI_GAP. Ids come from what was asked and
    when, not from where it is in the log: Takeout puts new activity first, so positions
    shift from one export to the next, and a later export would import everything again."""
    runs: dict[str, list[_Asked]] = {}
    last: _Asked | None = None
    key = ""
    for one in sorted(asked, key=lambda a: a.at):
        if one.conversation is not None:
            runs.setdefault(one.conversation, []).append(one)
            continue
        if last is None or one.at - last.at > GEMINI_GAP:
            key = _gemini_id(one)
        runs.setdefault(key, []).append(one)
        last = one
    sessions = []
    for key, run in runs.items():
        said: list[tuple[str, Role, str, datetime | None]] = []
        for one in run:
            turn = _gemini_id(one)
            said.append((f"gemini:{turn}:asked", Role.USER, one.prompt, one.at))
            if one.reply:
                said.append((f"gemini:{turn}:answered", Role.ASSISTANT, one.reply, None))
        sessions.append(_session(f"gemini:{key}", run[0].at, said, None, "Gemini"))
    return sessions


def _gemini_id(asked: _Asked) -> str:
    return hashlib.sha256(f"{asked.at.isoformat()} {asked.prompt}".encode()).hexdigest()[:16]
