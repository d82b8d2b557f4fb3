"""The assistant on the command line: `chat`, `context`, `tasks`, `pin` / `unpin`. Thin shells
over `core.assistant` and the stores, as the window will be."""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.services import Services, assistant_for, load_llm, wall_clock
from core.assistant import Assistant, TurnResult
from core.context import AssembledContext
from core.core_memory import CoreMemory
from core.curation import CurationWorker, Curator
from core.due import deadline_typed
from core.errors import EngramError, InputError
from core.forgetting import asks_to_forget
from core.local_time import due_text, overdue
from core.model import Task, TaskPriority, TaskStatus
from core.settings import Settings, load_settings
from core.text_input import clean_text
from core.to_do_words import reminder_words, typed_to_do, with_deadline
from core.wording import counted

QUIT_WORDS = {"/quit", "/exit", "/q"}


def add_assistant_commands(commands: argparse._SubParsersAction[Any]) -> None:
    chat = commands.add_parser(
        "chat",
        help="talk with the assistant in the terminal",
        description="Chat in the terminal with the local model. Replies stream as they are "
        "written; Ctrl-C stops a reply (what was said is kept), Ctrl-D or /quit leaves.",
    )
    chat.add_argument("--model", type=Path, help="GGUF model file (default: from settings)")
    chat.add_argument("--project", help="the active project for this conversation")
    chat.add_argument(
        "--resume",
        metavar="ID",
        help="go on with a past conversation (ids as `conversations` lists them)",
    )

    context = commands.add_parser(
        "context",
        help="show the prompt a message would get",
        description="Recall and assemble the five context layers for QUERY, without asking "
        "the model or storing anything; prints each layer's token count and the total.",
    )
    context.add_argument("query", type=clean_text, help="the message to prepare a prompt for")
    context.add_argument("--model", type=Path, help="count tokens with this GGUF's tokenizer")
    context.add_argument("--json", action="store_true", help="print JSON")

    tasks = commands.add_parser(
        "tasks",
        help="the to-dos the assistant noticed",
        description="List the task inbox, confirm (track) / dismiss / mark done a task by id "
        "(confirm also takes a dismissal or a done back), set its "
        "deadline in words: engram tasks due ID friday 5pm (no words: no deadline), its "
        "priority: engram tasks priority ID high|medium|low, or write "
        "one down: engram tasks add call the bank friday 10am.",
    )
    tasks.add_argument(
        "action",
        nargs="?",
        choices=["add", "confirm", "dismiss", "done", "due", "priority"],
        help="what to do",
    )
    tasks.add_argument("id", nargs="?", help="task id (as listed)")
    tasks.add_argument(
        "words", nargs="*", help="for due: when ('friday 5pm', 'dec 3'); for priority: which"
    )
    tasks.add_argument(
        "--all", action="store_true", help="list the finished, dismissed and waiting ones too"
    )
    tasks.add_argument("--json", action="store_true", help="print JSON")

    pin = commands.add_parser(
        "pin", help="pin a fact to core memory", description="Pin TEXT: it is in every prompt."
    )
    pin.add_argument("text", type=clean_text, help="what the assistant should always know")
    unpin = commands.add_parser(
        "unpin",
        help="unpin a core memory",
        description="Unpin a core memory by id; it stays remembered as an ordinary memory.",
    )
    unpin.add_argument("id", help="core memory id (as printed by pin)")


def _model_path(args: argparse.Namespace, settings: Settings) -> Path | None:
    """--model if given, else the model chosen in settings."""
    if args.model:
        return Path(args.model)
    return Path(settings.llm_model_path) if settings.llm_model_path else None


def task_payload(task: Task) -> dict[str, Any]:
    return {
        "id": task.id,
        "title": task.title,
        "status": task.status.value,
        "confidence": task.confidence,
        "priority": task.priority.value,
        "due_at": task.due_at.isoformat() if task.due_at else None,
        "remind_at": task.remind_at.isoformat() if task.remind_at else None,
        "source_turn_id": task.source_turn_id,
        "mentions": task.mentions,
        "created_at": task.created_at.isoformat(),
    }


def context_payload(query: str, context: AssembledContext, context_size: int) -> dict[str, Any]:
    return {
        "query": query,
        "layers": [
            {
                "layer": view.layer.value,
                "budget": view.budget,
                "tokens": view.tokens,
                "items": len(view.items),
                "dropped": view.dropped,
                "memory_ids": [i.memory_id for i in view.items if i.memory_id],
            }
            for view in context.layers
        ],
        "context_size": context_size,
        "fixed_tokens": context.fixed_tokens,
        "reply_budget": context.budgets.reply,
        "thinking_budget": context.budgets.thinking,
        "total_tokens": context.total_tokens,
        "warnings": list(context.warnings),
    }


def cmd_context(services: Services, args: argparse.Namespace) -> int:
    settings = load_settings(services.home)
    model = _model_path(args, settings)
    llm = load_llm(model, settings, vocab_only=True) if model else None
    assistant = assistant_for(services, llm, wall_clock, settings.context_size)
    prepared = assistant.prepare(args.query)
    payload = context_payload(args.query, prepared.context, assistant.context_size)
    if args.json:
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    for layer in payload["layers"]:
        print(
            f"{layer['layer']:<11} {layer['tokens']:>5} / {layer['budget']:<5} tokens  "
            f"{counted(layer['items'], 'item')}, {layer['dropped']} dropped"
        )
    print(f"{'fixed':<11} {payload['fixed_tokens']:>5} tokens (instructions and the message)")
    total, reply = payload["total_tokens"], payload["reply_budget"]
    thinking = payload["thinking_budget"]
    kept = f"{reply} kept for the reply" + (f" and {thinking} to think" if thinking else "")
    print(f"{'total':<11} {total:>5} tokens, {kept}, of a {payload['context_size']}-token context")
    for warning in payload["warnings"]:
        print(f"Note: {warning}")
    return 0


def cmd_tasks(services: Services, args: argparse.Namespace) -> int:
    if args.action == "add":
        now = wall_clock()
        words = " ".join(w for w in (args.id, *args.words) if w)
        task = services.store.tasks.add(*typed_to_do(words, now), now)
        print(f"Tracked: {with_deadline(task)} (id {task.id}).")
        return 0
    if args.action:
        if not args.id:
            raise InputError(f"Which task? Usage: engram tasks {args.action} ID")
        if args.action == "due":
            now = wall_clock()
            task = services.store.tasks.set_due(
                args.id, deadline_typed(" ".join(args.words), now), now
            )
            print(
                f"{task.title}: due {due_text(task.due_at)}."
                if task.due_at
                else f"{task.title}: no deadline."
            )
            return 0
        if args.action == "priority":
            chosen = " ".join(args.words).strip().lower()
            if chosen not in set(TaskPriority):
                raise InputError(
                    f"Which priority? Usage: engram tasks priority {args.id} high|medium|low"
                )
            task = services.store.tasks.set_priority(args.id, TaskPriority(chosen), wall_clock())
            print(f"{task.title}: {task.priority.value} priority.")
            return 0
        status = {
            "confirm": TaskStatus.CONFIRMED,
            "dismiss": TaskStatus.DISMISSED,
            "done": TaskStatus.DONE,
        }[args.action]
        task = services.store.tasks.set_status(args.id, status, wall_clock())
        print(f"{task.title}: {task.status.value}.")
        return 0
    inbox = services.store.tasks.inbox()
    rest = services.store.tasks.out_of_inbox() if args.all else []
    if args.json:
        payload = {"tasks": [task_payload(t) for t in (*inbox, *rest)]}
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    if not inbox:
        print("No open tasks.")
    now = wall_clock()
    for task in (*inbox, *rest):
        shown = task in inbox
        due = f"  due {due_text(task.due_at)}" if task.due_at else ""
        if task.due_at and overdue(task.due_at, now) and shown:
            due += " (overdue)"
        elif task.remind_at and shown:
            due += f", reminder {reminder_words(task)}"
        state = _state(task, shown)
        print(f"[{task.priority.value:>6}] {task.title}{due}  ({state}, id {task.id})")
    return 0


def _state(task: Task, shown: bool) -> str:
    """How a to-do stands, in the inbox's words (`shown`: the inbox shows it)."""
    if task.status is TaskStatus.CONFIRMED:
        return "tracked"
    if task.status is TaskStatus.CANDIDATE:
        return "suggested" if shown else "waiting for a second mention"
    return task.status.value


def cmd_pin(services: Services, args: argparse.Namespace) -> int:
    pinned = CoreMemory(services.store, services.embedder).pin(args.text, wall_clock())
    print(f"Pinned to core memory (id {pinned.id}).")
    return 0


def cmd_unpin(services: Services, args: argparse.Namespace) -> int:
    CoreMemory(services.store, services.embedder).unpin(args.id, wall_clock())
    print(f"Unpinned {args.id}; it is still remembered, no longer in every prompt.")
    return 0


def _summary(result: TurnResult) -> str:
    used = len(result.results)
    parts = [f"{counted(used, 'memory')} used"]
    if result.thought and not result.reply:
        parts.insert(0, "the reply ended while the model was still thinking")
    elif result.interrupted:
        parts.insert(0, "stopped")
    parts += [f"to-do noticed: {t.title}" for t in result.tasks]
    parts += [f"to-do done: {t.title}" for t in result.settled.done]
    parts += [f"to-do dismissed: {t.title}" for t in result.settled.dropped]
    parts += [
        f"to-do {'moved' if m.before.due_at else 'scheduled'}: {with_deadline(m.after)}"
        for m in result.settled.moved
    ]
    parts += [f"to-do tracked: {t.title}" for t in result.settled.tracked]
    parts += result.context.warnings
    if asks_to_forget(result.user_turn.text):
        parts.append("a message erases nothing: `engram forget ID` or `--query TEXT` does")
    return "  [" + " · ".join(parts) + "]"


def _reply(assistant: Assistant, text: str, write: Callable[[str], None]) -> None:
    """Generate on a worker thread so Ctrl-C on this one stops the reply, not the app."""
    cancel = threading.Event()
    outcome: list[TurnResult | BaseException] = []
    thinking: list[str] = []

    def think(piece: str) -> None:
        """A reasoning model's thinking is announced once, not printed."""
        if not thinking:
            write("(thinking...) ")
        thinking.append(piece)

    def work() -> None:
        try:
            outcome.append(assistant.turn(text, on_token=write, cancel=cancel, on_thought=think))
        except BaseException as exc:  # handed back to the terminal thread below
            outcome.append(exc)

    worker = threading.Thread(target=work, name="engram-chat-turn")
    worker.start()
    while worker.is_alive():
        try:
            worker.join(0.1)
        except KeyboardInterrupt:
            cancel.set()
    write("\n")
    (result,) = outcome
    if isinstance(result, EngramError):
        sys.stderr.write(f"{result}\n")
        return
    if isinstance(result, BaseException):
        raise result
    write(_summary(result) + "\n")


def cmd_chat(services: Services, args: argparse.Namespace) -> int:
    settings = load_settings(services.home)
    model = _model_path(args, settings)
    if model is None:
        raise EngramError(
            "No language model is configured. Pass --model PATH to a GGUF file, or set "
            "llm_model_path in settings (ENGRAM_LLM_MODEL works too)."
        )
    if args.resume and not services.store.conversations.stored_sessions([args.resume]):
        raise EngramError(
            f"No conversation {args.resume!r} is remembered (`engram conversations` lists them)."
        )
    llm = load_llm(model, settings)
    # The model also curates what was said, on its own thread between replies.
    curation = CurationWorker(Curator(services.store, services.embedder, llm))
    assistant = assistant_for(services, llm, wall_clock, settings.context_size, curation.submit)
    if args.resume:
        assistant.resume_session(args.resume)
    else:
        assistant.start_session(args.project)
    services.store.warm()

    def write(piece: str) -> None:
        sys.stdout.write(piece)
        sys.stdout.flush()

    interactive = sys.stdin.isatty()
    if interactive:
        print(f"Chatting with {model.name}. Ctrl-C stops a reply; Ctrl-D or /quit leaves.")
    try:
        while True:
            try:
                line = input("you> " if interactive else "")
            except EOFError:
                break
            except KeyboardInterrupt:
                print("\n(Ctrl-D or /quit leaves.)")
                continue
            if line.strip() in QUIT_WORDS:
                break
            if not line.strip():
                continue
            if interactive:
                write("engram> ")
            _reply(assistant, line, write)
    finally:
        assistant.close_session()
        if interactive:
            print("Saving what was learned from this conversation...")
        curation.close()
    return 0


ASSISTANT_COMMANDS: dict[str, Callable[[Services, argparse.Namespace], int]] = {
    "chat": cmd_chat,
    "context": cmd_context,
    "tasks": cmd_tasks,
    "pin": cmd_pin,
    "unpin": cmd_unpin,
}
