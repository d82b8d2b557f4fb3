"""Conversations exported from ChatGPT and Claude import like Engram's own: the branch a
ChatGPT conversation ended on, text turns only, in order, with their times and ids."""

from __future__ import annotations

import json
import threading
import tracemalloc
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from core.embed import Embedder
from core.errors import InputError, StoreError
from core.ingest.chat_exports import ABOUT_YOU_TITLE, CUT_AT
from core.ingest.conversation_file import (
    ReadingCancelled,
    read_conversation_file,
)
from core.ingest.conversations import ConversationImporter
from core.model import MemoryKind, Role
from core.store import MemoryStore
from core.text_input import MAX_TURN_CHARS

T0 = datetime(2025, 6, 1, 9, 0, tzinfo=UTC).timestamp()


def node(
    node_id: str, parent: str | None, children: list[str], role: str | None, text: Any, at: float
) -> dict[str, Any]:
    message = None
    if role is not None:
        content = (
            {"content_type": "text", "parts": [text]}
            if isinstance(text, str)
            else {"content_type": "multimodal_text", "parts": text}
        )
        message = {
            "id": f"msg-{node_id}",
            "author": {"role": role},
            "create_time": at,
            "content": content,
        }
    return {"id": node_id, "message": message, "parent": parent, "children": children}


def said_aloud(direction: str, words: str) -> list[dict[str, Any]]:
    return [
        {"content_type": "audio_transcription", "direction": direction, "text": words},
        {"content_type": "audio_asset_pointer", "asset_pointer": "sediment://file_1"},
    ]


def chatgpt_export() -> list[dict[str, Any]]:
    """A conversation where the user edited their first message: the first branch ("Berlin")
    was left; the conversation went on from the edit ("Lisbon")."""
    mapping = {
        "root": node("root", None, ["sys"], None, None, T0),
        "sys": node("sys", "root", ["u1", "u1b"], "system", "You are ChatGPT.", T0),
        "u1": node("u1", "sys", ["a1"], "user", "I live in Berlin.", T0 + 10),
        "a1": node("a1", "u1", [], "assistant", "Berlin is lovely.", T0 + 20),
        "u1b": node("u1b", "sys", ["a1b"], "user", "I live in Lisbon.", T0 + 30),
        "a1b": node("a1b", "u1b", ["bio"], "assistant", "Lisbon is lovely.", T0 + 40),
        # A note to its own memory: sent to a tool, not said to the user.
        "bio": node("bio", "a1b", ["tool"], "assistant", "User lives in Lisbon.", T0 + 42),
        "tool": node("tool", "bio", ["img"], "tool", "search results", T0 + 45),
        "img": node("img", "tool", ["pic"], "user", [{"asset_pointer": "file-1"}], T0 + 50),
        "pic": node(
            "pic", "img", ["u2"], "user", [{"asset_pointer": "f"}, "Our new flat!"], T0 + 55
        ),
        "u2": node("u2", "pic", ["v1"], "user", "Remind me to book the ferry tomorrow.", T0 + 60),
        # Voice mode: what was said aloud is a transcript beside the recording.
        "v1": node("v1", "u2", ["v2"], "user", said_aloud("in", "I moved in May."), T0 + 70),
        "v2": node("v2", "v1", [], "assistant", said_aloud("out", "Congratulations!"), T0 + 80),
    }
    # Put in by the app out of sight, as custom instructions are: not something said.
    mapping["sys"]["children"].append("ctx")
    mapping["ctx"] = node("ctx", "sys", ["u1b"], "user", "Be brief.", T0 + 5)
    mapping["ctx"]["message"]["metadata"] = {"is_visually_hidden_from_conversation": True}
    mapping["u1b"]["parent"] = "ctx"
    mapping["bio"]["message"]["recipient"] = "bio"
    return [
        {
            "title": "Moving",
            "create_time": T0,
            "conversation_id": "c-1",
            "mapping": mapping,
            "current_node": "v2",
        }
    ]


PLACEHOLDER = "\n```\nThis block is not supported on your current device yet.\n```\n\n"


def claude_export() -> list[dict[str, Any]]:
    """Messages as older exports write them (words in `text`) and as newer ones do (in
    typed content blocks, beside thinking and tool calls)."""
    return [
        {
            "uuid": "k-1",
            "name": "Plants",
            "created_at": "2025-07-01T08:00:00Z",
            "chat_messages": [
                {
                    "uuid": "m1",
                    "sender": "human",
                    "text": "I'm vegetarian.",
                    "created_at": "2025-07-01T08:00:05Z",
                },
                {
                    "uuid": "m2",
                    "sender": "assistant",
                    # Its thinking, and a placeholder for the tool call, as exports write it.
                    "text": f"The user says they are vegetarian.Noted.{PLACEHOLDER}Saved.",
                    "content": [
                        {"type": "thinking", "thinking": "The user says they are vegetarian."},
                        {"type": "text", "text": "Noted."},
                        {"type": "tool_use", "name": "memory", "input": {"note": "vegetarian"}},
                        {"type": "text", "text": "Saved."},
                    ],
                    "created_at": "2025-07-01T08:00:09Z",
                },
                {
                    "uuid": "m3",
                    "sender": "assistant",
                    "text": f"Here is a menu.{PLACEHOLDER}",
                    "created_at": "2025-07-01T08:00:15Z",
                },
            ],
        },
        {"uuid": "k-2", "name": "Empty", "created_at": "2025-07-02T08:00:00Z", "chat_messages": []},
    ]


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data), "utf-8")
    return path


def test_a_chatgpt_export_keeps_the_branch_the_conversation_ended_on(tmp_path: Path) -> None:
    (session,) = read_conversation_file(write(tmp_path, chatgpt_export())).sessions
    assert session.id == "chatgpt:c-1"
    assert [(t.role, t.text) for t in session.turns] == [
        (Role.USER, "I live in Lisbon."),
        (Role.ASSISTANT, "Lisbon is lovely."),
        (Role.USER, "Our new flat!"),
        (Role.USER, "Remind me to book the ferry tomorrow."),
        (Role.USER, "I moved in May."),
        (Role.ASSISTANT, "Congratulations!"),
    ]
    assert [t.id for t in session.turns] == [
        "chatgpt:msg-u1b",
        "chatgpt:msg-a1b",
        "chatgpt:msg-pic",
        "chatgpt:msg-u2",
        "chatgpt:msg-v1",
        "chatgpt:msg-v2",
    ]
    assert session.turns[0].at == datetime(2025, 6, 1, 9, 0, 30, tzinfo=UTC)
    # The other side is named for what it was, not taken for Engram.
    assert [t.speaker for t in session.turns] == [None, "ChatGPT", None, None, None, "ChatGPT"]


def test_conversations_the_user_told_chatgpt_not_to_remember_are_left_out(
    tmp_path: Path,
) -> None:
    """Some tools keep the export's list under "conversations"; it was refused."""
    (private,) = chatgpt_export()
    private |= {"conversation_id": "c-2", "is_do_not_remember": True}
    for n in private["mapping"].values():
        if n["message"] is not None:
            n["message"]["id"] += "-private"
    read = read_conversation_file(write(tmp_path, {"conversations": [*chatgpt_export(), private]}))
    assert [s.id for s in read.sessions] == ["chatgpt:c-1"]
    assert read.notes() == ["1 conversation ChatGPT was told not to remember was left out."]


def test_a_claude_export_reads_text_content_blocks_and_attached_text(tmp_path: Path) -> None:
    """A file attached to a message, or a long paste (Claude makes one a file), was left out:
    what the user asked about ("when does my lease end?") was not remembered."""
    export = claude_export()
    export[0]["chat_messages"] += [
        {
            "uuid": "m4",
            "sender": "human",
            "text": "Can you check my lease?",
            "attachments": [
                {"file_name": "lease.pdf", "file_type": "pdf", "extracted_content": "Ends June."},
                {"file_name": "", "file_type": "txt", "extracted_content": "  Rent: 900 EUR. "},
                {"file_name": "scan.pdf", "file_type": "pdf", "extracted_content": ""},
            ],
            "files": [{"file_name": "photo.png"}],
            "created_at": "2025-07-01T08:01:00Z",
        },
        {
            "uuid": "m5",
            "sender": "human",
            "text": "",
            "attachments": [{"file_name": "notes.txt", "extracted_content": "Call Bo."}],
            "created_at": "2025-07-01T08:02:00Z",
        },
    ]
    (session,) = read_conversation_file(write(tmp_path, export)).sessions
    assert session.id == "claude:k-1"
    assert [(t.role, t.text) for t in session.turns] == [
        (Role.USER, "I'm vegetarian."),
        (Role.ASSISTANT, "Noted.\nSaved."),
        (Role.ASSISTANT, "Here is a menu."),
        (
            Role.USER,
            "Can you check my lease?\n\n[lease.pdf]\n```\nEnds June.\n```\n\n[pasted text]\n"
            "```\nRent: 900 EUR.\n```",
        ),
        (Role.USER, "[notes.txt]\n```\nCall Bo.\n```"),
    ]
    assert [t.speaker for t in session.turns] == [None, "Claude", "Claude", None, None]


def test_an_attached_file_is_remembered_but_its_writer_is_not_the_user(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    """An email pasted to Claude lent the user its writer's home and to-dos: "I live in Berlin"
    superseded where the user lives, "I need to send the contract" landed in their inbox."""
    export = claude_export()
    email = "Hi Ana,\nI live in Berlin now. I need to send you the contract by Friday.\nTom"
    export[0]["chat_messages"].append(
        {
            "uuid": "m4",
            "sender": "human",
            "text": "I live in Lisbon. What does Tom want?",
            "attachments": [{"file_name": "", "extracted_content": email}],
            "created_at": "2025-07-01T08:01:00Z",
        }
    )
    sessions = read_conversation_file(write(tmp_path, export)).sessions
    ConversationImporter(store, embedder).import_sessions(sessions)
    beliefs = {m.key: m.content for m in store.memories.of_kind(MemoryKind.SEMANTIC)}
    assert beliefs["user: location"] == "The user lives in Lisbon"
    assert store.tasks.inbox() == []
    # The email itself is remembered, as part of the conversation.
    hits = store.fulltext.search("contract")
    (memory, *_) = store.memories.get_many([hit.memory_id for hit in hits])
    assert "I need to send you the contract" in memory.content


def test_an_imported_export_is_remembered_with_its_facts_and_to_dos(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    export = chatgpt_export()
    # What the model says of itself is no one's fact: it was taken for the user's, and the
    # user "lived in" the cloud from then on.
    said = "Lisbon is lovely. I live in the cloud and I work at OpenAI, I prefer short questions."
    export[0]["mapping"]["a1b"]["message"]["content"]["parts"] = [said]
    sessions = read_conversation_file(write(tmp_path, export + claude_export())).sessions
    ConversationImporter(store, embedder).import_sessions(sessions)
    beliefs = {m.key: m.content for m in store.memories.of_kind(MemoryKind.SEMANTIC)}
    assert beliefs == {
        "user: location": "The user lives in Lisbon",
        "user: diet": "The user is vegetarian",
    }
    (task,) = store.tasks.inbox()
    assert task.title == "Book the ferry" and task.source_turn_id == "chatgpt:msg-u2"
    # The conversations keep the names they had in the app they came from.
    listed = {s.id: s.title for s in store.conversations.recent_sessions()}
    assert listed == {"chatgpt:c-1": "Moving", "claude:k-1": "Plants"}


PREAMBLE = (
    "The user provided the following information about themselves. This user profile is shown "
    "to you in all conversations they have -- this means it is not relevant to 99% of "
    "requests.\nUser profile:\n```"
)


def told_chatgpt(
    conversation_id: str, at: float, about: str, style: str, *, metadata: bool
) -> dict[str, Any]:
    """A conversation whose custom instructions ChatGPT put out of sight at its start: as
    exports write them, the user's own words in metadata, or only fenced in a preamble."""
    (raw,) = chatgpt_export()
    raw |= {"conversation_id": conversation_id, "create_time": at}
    for n in raw["mapping"].values():
        if n["message"] is not None:
            n["message"]["id"] += f"-{conversation_id}"
            n["message"]["create_time"] += at - T0
    context = raw["mapping"]["ctx"]["message"]
    context["content"] = {
        "content_type": "user_editable_context",
        "user_profile": f"{PREAMBLE}{about}```",
        "user_instructions": f"The user provided the additional info about how they would like "
        f"you to respond:\n```{style}```",
    }
    if metadata:
        context["metadata"]["user_context_message_data"] = {
            "about_user_message": about,
            "about_model_message": style,
        }
    return raw


def test_what_the_user_told_chatgpt_about_themselves_is_remembered_once_a_version(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    """Put out of sight at the start of every conversation, the custom instructions were left
    out: the most the user ever said about themselves in one place."""
    june, july, august = (datetime(2025, m, 1, tzinfo=UTC).timestamp() for m in (6, 7, 8))
    berlin, lisbon = "I live in Berlin. I work at Siemens.", "I live in Lisbon. I work at Siemens."
    # Their own fences stay in them.
    style = "Be brief. Code as ```python``` blocks."
    export = [
        told_chatgpt("c-june", june, berlin, style, metadata=True),
        told_chatgpt("c-july", july, berlin, style, metadata=False),
        told_chatgpt("c-august", august, lisbon, style, metadata=True),
    ]
    read = read_conversation_file(write(tmp_path, export))
    told = [s for s in read.sessions if s.title == ABOUT_YOU_TITLE]
    assert [(s.started_at, [t.text for t in s.turns]) for s in told] == [
        (
            datetime(2025, 6, 1, tzinfo=UTC),
            [f"About me: {berlin}\n\nHow I like replies: {style}"],
        ),
        (
            datetime(2025, 8, 1, tzinfo=UTC),
            [f"About me: {lisbon}\n\nHow I like replies: {style}"],
        ),
    ]
    assert all(t.role is Role.USER and t.speaker is None for s in told for t in s.turns)
    assert read.notes() == [
        "What you told ChatGPT about yourself (2 versions) is in the conversations list as "
        f'"{ABOUT_YOU_TITLE}".'
    ]
    assert len(read.sessions) == 5
    ConversationImporter(store, embedder).import_sessions(read.sessions)
    beliefs = {m.key: m.content for m in store.memories.of_kind(MemoryKind.SEMANTIC)}
    assert beliefs["user: location"] == "The user lives in Lisbon"
    assert beliefs["user: employer"] == "The user works at Siemens"
    # How they like replies goes in every prompt (core memory) as if said in chat.
    assert beliefs["user: replies length"] == "The user wants short replies"
    before = store.memories.count(live_only=False)
    again = read_conversation_file(write(tmp_path, export))
    ConversationImporter(store, embedder).import_sessions(again.sessions)
    assert store.memories.count(live_only=False) == before


def test_a_conversation_is_renamed_by_the_user(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    sessions = read_conversation_file(write(tmp_path, chatgpt_export() + claude_export())).sessions
    ConversationImporter(store, embedder).import_sessions(sessions)
    conversations = store.conversations
    conversations.rename_session("claude:k-1", "  Diet\nnotes ")
    assert conversations.recent_sessions()[0].title == "Diet notes"
    # An empty name gives it back its first message's words.
    conversations.rename_session("claude:k-1", " ")
    assert conversations.recent_sessions()[0].title == "I'm vegetarian."
    with pytest.raises(StoreError, match="No conversation with id nope"):
        conversations.rename_session("nope", "x")


def test_conversations_are_found_by_their_name_or_their_words(
    tmp_path: Path, store: MemoryStore, embedder: Embedder
) -> None:
    sessions = read_conversation_file(write(tmp_path, chatgpt_export() + claude_export())).sessions
    ConversationImporter(store, embedder).import_sessions(sessions)
    found = store.conversations.recent_sessions
    assert [s.id for s in found(containing="MOVING")] == ["chatgpt:c-1"]
    assert [s.id for s in found(containing="  vegetarian ")] == ["claude:k-1"]
    assert [s.id for s in found(containing="")] == ["claude:k-1", "chatgpt:c-1"]
    # Taken literally: a wildcard matches nothing but itself.
    assert found(containing="%") == [] and found(containing="lisbon_") == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([{"mapping": "nope"}], "conversation 1.mapping: expected an object"),
        (
            [{"chat_messages": [{"sender": "human", "text": "hi", "created_at": "soon"}]}],
            "message 1: 'soon' is not an ISO 8601 date-time",
        ),
        ([{"chat_messages": None}], "chat_messages: expected a list"),
        # Values of another kind than the apps write (found by fuzzing the parser): they raised
        # TypeError or AttributeError out of the import.
        (
            [{"chat_messages": [{"sender": "human", "text": "hi", "attachments": True}]}],
            "conversation 1: not as Claude writes its exports",
        ),
        (
            [{"mapping": {"a": {"message": {"author": ["user"], "content": {}}}}}],
            "conversation 1: not as ChatGPT writes its exports",
        ),
        (
            [
                {
                    "header": "Gemini Apps",
                    "title": "Prompted hi",
                    "time": "2025-01-01T00:00:00Z",
                    "safeHtmlItem": 3,
                }
            ],
            "conversation 1: not as Gemini writes its exports",
        ),
    ],
)
def test_a_malformed_export_says_where(tmp_path: Path, data: Any, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_conversation_file(write(tmp_path, data))


def test_a_message_too_long_for_a_turn_keeps_its_head_and_says_so(tmp_path: Path) -> None:
    """An export cannot be mended by hand: one pasted page must not refuse years of chats."""
    data = claude_export()
    data[0]["chat_messages"][0]["text"] = "x" * (MAX_TURN_CHARS + 5_000)
    (session,) = read_conversation_file(write(tmp_path, data)).sessions
    kept = session.turns[0].text
    assert len(kept) <= MAX_TURN_CHARS and kept.startswith("x" * 1000)
    assert kept.endswith(f"[... {MAX_TURN_CHARS + 5_000 - CUT_AT:,} more characters not imported]")


def test_the_export_zip_imports_as_downloaded(tmp_path: Path) -> None:
    """A data export is downloaded as a zip; it had to be unpacked by hand first, and the
    window read a dropped zip as a document and refused it as binary."""
    archive = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("chat.html", "<html>the same chats as a page</html>")
        out.writestr("file-abc.png", bytes(range(256)) * 8)
        out.writestr("conversations.json", json.dumps(chatgpt_export()))
    expected = read_conversation_file(write(tmp_path, chatgpt_export())).sessions
    assert read_conversation_file(archive).sessions == expected


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ({"chat.html": "<html></html>"}, "export.zip holds no conversations.json"),
        ({"conversations.json": "[{"}, "conversations.json in export.zip is not valid JSON"),
    ],
)
def test_a_zip_that_is_no_export_says_so(
    tmp_path: Path, members: dict[str, str], message: str
) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for name, text in members.items():
            out.writestr(name, text)
    with pytest.raises(InputError, match=message):
        read_conversation_file(archive)


def test_a_damaged_zip_is_refused_in_words(tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("conversations.json", json.dumps(chatgpt_export()) * 50)
    data = bytearray(archive.read_bytes())
    data[60:400] = bytes(340)  # the compressed stream, zeroed
    archive.write_bytes(bytes(data))
    with pytest.raises(InputError, match="export.zip is a zip file that cannot be read"):
        read_conversation_file(archive)


def years_of_chats(conversations: int) -> list[dict[str, Any]]:
    """An export as the app writes it: each message wrapped in metadata several times the size
    of its words."""
    export = []
    for c in range(conversations):
        (conversation,) = chatgpt_export()
        conversation["conversation_id"] = f"c-{c}"
        for n in conversation["mapping"].values():
            if n["message"] is not None:
                n["message"]["id"] += f"-{c}"
                metadata = n["message"].setdefault("metadata", {})
                metadata |= {f"field_{k}": [k, None, "x" * 20] for k in range(20)}
        export.append(conversation)
    return export


def test_a_years_long_export_is_read_a_conversation_at_a_time(tmp_path: Path) -> None:
    """Exports over 200 MB were refused, as decoded whole one took five times its size in
    memory; a few years of ChatGPT is gigabytes. Read a conversation at a time, the words are
    all that is kept."""
    path = write(tmp_path, years_of_chats(1500))
    size = path.stat().st_size
    heard: list[tuple[int, int]] = []
    tracemalloc.start()
    try:
        sessions = read_conversation_file(path, progress=lambda *a: heard.append(a)).sessions
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert size > 10 * 2**20 and peak < size / 2
    assert len({t.id for session in sessions for t in session.turns}) == 6 * 1500
    assert [t.text for t in sessions[-1].turns] == [
        t.text for t in read_conversation_file(write(tmp_path, chatgpt_export())).sessions[0].turns
    ]
    assert heard[-1] == (size, size) and len(heard) > 5


def test_reading_an_export_can_be_stopped(tmp_path: Path) -> None:
    path = write(tmp_path, years_of_chats(600))
    stop = threading.Event()
    with pytest.raises(ReadingCancelled, match="Stopped reading conversations.json"):
        read_conversation_file(path, progress=lambda *_: stop.set(), cancel=stop)
