"""Past conversations on the command line: `conversations` lists them, `show` reads one back,
`rename` names one, `forget` erases one for good (what the window's conversations list does),
`export` writes them in the format `import` reads. Thin shells over the store,
`core.forgetting` and `core.ingest.conversation_file`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.cli_asking import agreed
from app.services import Services, wall_clock
from core.errors import InputError
from core.forgetting import forget_conversation
from core.ingest.conversation_file import write_conversation_file
from core.local_time import minute_text
from core.model import SessionSummary, Turn
from core.wording import counted

# As many as the window's list shows before "Show older conversations".
LISTED = 200
# A conversation's line in the list shows this much of its name.
LINE_TITLE = 60


def add_conversation_commands(commands: argparse._SubParsersAction[Any]) -> None:
    conversations = commands.add_parser(
        "conversations",
        help="past conversations: list, show, rename, forget, export",
        description="List past conversations, last spoken in first (with no action), read one back "
        "(show ID), name one (rename ID WORDS; no words: named by its first message again), "
        "forget one for good: its words, its name, the memories made from it and its "
        "to-dos (forget ID), or write them to a file that import reads, here or on another "
        "computer (export FILE [ID...]; no ids: all of them).",
    )
    conversations.add_argument(
        "action", nargs="?", choices=["show", "rename", "forget", "export"], help="what to do"
    )
    conversations.add_argument(
        "id", nargs="?", help="conversation id (as listed); for export: FILE"
    )
    conversations.add_argument(
        "words", nargs="*", help="for rename: the name; for export: the conversations"
    )
    conversations.add_argument(
        "--limit", type=int, default=LISTED, help=f"list this many (default {LISTED})"
    )
    conversations.add_argument("--yes", action="store_true", help="forget without asking")
    conversations.add_argument("--json", action="store_true", help="print JSON")


def summary_payload(session: SessionSummary) -> dict[str, Any]:
    return {
        "id": session.id,
        "title": session.title,
        "started_at": session.started_at.isoformat(),
        "last_said_at": session.active_at.isoformat(),
        "turns": session.turns,
        "project": session.project,
    }


def turn_payload(turn: Turn, forgotten: bool) -> dict[str, Any]:
    return {
        "id": turn.id,
        "role": turn.role.value,
        "speaker": turn.speaker,
        "text": turn.text,
        "at": turn.at.isoformat(),
        "forgotten": forgotten,
    }


def cmd_conversations(services: Services, args: argparse.Namespace) -> int:
    if args.action is None:
        return _list(services, args)
    if args.action == "export":
        return _export(services, args)
    if not args.id:
        raise InputError(f"Which conversation? Usage: engram conversations {args.action} ID")
    conversations = services.store.conversations
    if not conversations.existing_session_ids([args.id]):
        raise InputError(f"No conversation with id {args.id}.")
    if args.action == "rename":
        name = " ".join(args.words)
        conversations.rename_session(args.id, name)
        print(
            f"Renamed {args.id}." if name.strip() else f"{args.id} is named by its first message."
        )
        return 0
    if args.action == "show":
        return _show(services, args)
    return _forget(services, args)


def _list(services: Services, args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise InputError("--limit must be at least 1.")
    sessions = services.store.conversations.recent_sessions(args.limit)
    if args.json:
        payload = {"conversations": [summary_payload(s) for s in sessions]}
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    if not sessions:
        print("No conversations yet.")
    for session in sessions:
        title = session.title or "(forgotten)"
        title = f"{title[:LINE_TITLE]}..." if len(title) > LINE_TITLE else title
        turns = counted(session.turns, "turn")
        print(f"{minute_text(session.active_at)}  {title}  ({turns}, id {session.id})")
    return 0


def _show(services: Services, args: argparse.Namespace) -> int:
    conversations = services.store.conversations
    turns = conversations.session_turns(args.id)
    forgotten = conversations.forgotten(args.id)
    if args.json:
        payload = {"id": args.id, "turns": [turn_payload(t, t.id in forgotten) for t in turns]}
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    for turn in turns:
        who = turn.speaker or ("you" if turn.role.value == "user" else "Engram")
        said = "(forgotten)" if turn.id in forgotten or not turn.text else turn.text
        print(f"[{minute_text(turn.at)}] {who}: {said}")
    return 0


def _forget(services: Services, args: argparse.Namespace) -> int:
    listed = {s.id: s for s in services.store.conversations.recent_sessions(10**9)}
    if args.id not in listed:
        print(f"{args.id} holds no words any more; nothing to forget.")
        return 0
    shown = f"the conversation {listed[args.id].title[:200]!r}"
    shown += f" ({counted(listed[args.id].turns, 'turn')})"
    if not agreed(
        f"forget {shown}", f"Forget for good {shown}?", args.yes, "Nothing was forgotten."
    ):
        return 1
    purged = forget_conversation(
        services.store, services.home, args.id, wall_clock(), "forgotten on request"
    )
    print(
        f"Forgot the conversation {args.id}: its words and "
        f"{counted(len(purged), 'memory')} made from them."
    )
    return 0


def _export(services: Services, args: argparse.Namespace) -> int:
    if not args.id:
        raise InputError("Where to? Usage: engram conversations export FILE [ID...]")
    path = Path(args.id)
    conversations = services.store.conversations
    if args.words:
        unknown = set(args.words) - conversations.existing_session_ids(args.words)
        if unknown:
            raise InputError(f"No conversation with id {', '.join(sorted(unknown))}.")
    sessions = conversations.stored_sessions(args.words or None)
    turns = write_conversation_file(sessions, path)
    print(
        f"Wrote {counted(len(sessions), 'conversation')} ({counted(turns, 'turn')}) to {path}; "
        f"engram import {path} reads them back."
    )
    return 0


CONVERSATION_COMMANDS: dict[str, Callable[[Services, argparse.Namespace], int]] = {
    "conversations": cmd_conversations,
}
