"""`engram` on the command line. Each command is a thin shell over the same core services the
window uses; errors Engram understands print one plain line, not a traceback."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from app.cli_asking import agreed
from app.cli_assistant import ASSISTANT_COMMANDS, add_assistant_commands
from app.cli_backups import BACKUP_COMMANDS, add_backup_commands, cmd_restore
from app.cli_conversations import CONVERSATION_COMMANDS, add_conversation_commands
from app.cli_knowledge import KNOWLEDGE_COMMANDS, add_knowledge_commands
from app.parsing import iso_datetime
from app.services import Services, embedder_for, embedder_spec, open_services, wall_clock
from app.terminal_progress import clear_line, counting, percent
from app.version import engram_version
from core.consolidate import summary_sources
from core.embed import Embedder
from core.errors import EngramError, InputError
from core.eval.locomo import evaluate as evaluate_locomo
from core.forgetting import forget
from core.ingest.conversation_file import read_conversation_file
from core.ingest.conversations import ConversationImporter
from core.model import Tier
from core.retrieval import Mode, SearchOutcome, SearchRequest, SearchResult
from core.settings import load_settings
from core.text_input import clean_text
from core.tokens import token_counter
from core.wording import clipped, counted

log = logging.getLogger(__name__)

# `forget --query` purges for good: the memory it picks must share a word with the query or be
# close in meaning ("my address" finds "User lives in Lisbon" at ~0.3 with MiniLM; unrelated
# text sits near 0.1).
FORGET_SIMILARITY = 0.25


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="engram",
        description="Engram: a private assistant with a long-term memory on this machine. "
        "With no command, opens the desktop window.",
    )
    parser.add_argument(
        "--home", metavar="DIR", help="data folder (default: $ENGRAM_HOME, else the user data dir)"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug detail to stderr")
    parser.add_argument(
        "--hidden",
        action="store_true",
        help="open the desktop app with its window in the system tray, where there is one "
        "(as at login, for reminders)",
    )
    parser.add_argument("--version", action="version", version=f"engram {engram_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    imp = commands.add_parser(
        "import",
        help="import a conversation file",
        description='Import a conversation JSON file: {"sessions": [{"id", "started_at"?, '
        '"project"?, "title"?, "turns": [{"id", "role", "speaker"?, "text", "at"?}]}]}, or a '
        "ChatGPT or Claude data export (its .zip, or the conversations.json in it), or Gemini's "
        "activity from Google Takeout (its .zip, or the My Activity.json in it), or a Day One "
        "journal (its .zip, or the Journal.json in it). Sessions "
        "already imported are skipped, so re-running after an interruption is safe; what was "
        "said in them since is added.",
    )
    imp.add_argument("file", type=Path, help="the conversation JSON, or an export's .zip")

    search = commands.add_parser(
        "search", help="search memories", description="Search memories by meaning and keywords."
    )
    search.add_argument("query", type=clean_text, help="what to look for")
    search.add_argument("--k", type=int, default=10, help="at most this many results (default 10)")
    search.add_argument(
        "--mode",
        choices=[m.value for m in Mode],
        default=Mode.ANSWER.value,
        help="answer: what is relevant to the question; manager: what is going on (default answer)",
    )
    search.add_argument("--as-of", type=iso_datetime, help="search what was believed at this date")
    search.add_argument("--now", type=iso_datetime, help="the clock to search at (default: now)")
    search.add_argument("--json", action="store_true", help="print JSON")

    lineage = commands.add_parser(
        "lineage",
        help="show every version of a memory",
        description="The supersede chain a memory belongs to, oldest first.",
    )
    lineage.add_argument("id", help="memory id (as printed by search)")
    lineage.add_argument("--json", action="store_true", help="print JSON")

    forget = commands.add_parser(
        "forget",
        help="forget a memory for real",
        description="Purge a memory, its earlier versions and the text of the turns it came "
        "from. Only a tombstone (id, time, reason) stays.",
    )
    target = forget.add_mutually_exclusive_group(required=True)
    target.add_argument("id", nargs="?", help="memory id")
    target.add_argument("--query", type=clean_text, help="forget the best match for this text")
    forget.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    evaluate = commands.add_parser(
        "eval",
        help="measure memory on a public benchmark",
        description="Run a benchmark through the real ingestion and retrieval, each "
        "conversation in a fresh temporary store (your own memory is not touched).",
    )
    evaluate.add_argument("benchmark", choices=["locomo"], help="which benchmark")
    evaluate.add_argument("files", nargs="+", type=Path, help="LoCoMo conversation JSON files")
    evaluate.add_argument(
        "--budget", type=int, default=1200, help="context budget in tokens (default 1200)"
    )
    evaluate.add_argument("--json", action="store_true", help="print JSON")

    stats = commands.add_parser(
        "stats", help="show what the store holds", description="Counts and index state."
    )
    stats.add_argument("--json", action="store_true", help="print JSON")
    add_assistant_commands(commands)
    add_conversation_commands(commands)
    add_backup_commands(commands)
    add_knowledge_commands(commands)
    return parser


def cmd_import(services: Services, args: argparse.Namespace) -> int:
    read = read_conversation_file(args.file, progress=percent(f"Reading {args.file.name}"))
    clear_line()
    report = ConversationImporter(services.store, services.embedder).import_sessions(
        read.sessions, progress=counting("Importing session"), now=wall_clock()
    )
    print(
        f"Imported {counted(report.sessions_imported, 'session')}, "
        f"{counted(report.turns, 'turn')}, {counted(report.memories, 'memory')}; "
        f"{counted(report.sessions_skipped, 'session')} already present; "
        f"{counted(report.to_dos, 'to-do')} for the inbox."
    )
    for note in [*read.notes(), *report.notes()]:
        print(note)
    return 0


def search_payload(
    query: str,
    outcome: SearchOutcome,
    lineage_ids: dict[str, list[str]],
    summarises: dict[str, list[str]],
) -> dict[str, Any]:
    return {
        "query": query,
        "degraded": outcome.degraded,
        "results": [
            {
                "id": r.memory.id,
                "kind": r.memory.kind.value,
                "content": r.memory.content,
                "score": r.score,
                "signals": r.signals,
                "source_turn_ids": list(r.memory.source_turn_ids),
                "session_id": r.memory.session_id,
                "created_at": r.memory.created_at.isoformat(),
                "associated_with": r.associated_with,
                "lineage_ids": lineage_ids[r.memory.id],
                "tier": r.memory.tier.value,
                "summarises": summarises.get(r.memory.id, []),
            }
            for r in outcome.results
        ],
        "time_window": None
        if outcome.window is None
        else {
            "phrase": outcome.window.phrase,
            "start": outcome.window.start.isoformat(),
            "end": outcome.window.end.isoformat(),
        },
    }


def cmd_search(services: Services, args: argparse.Namespace) -> int:
    if args.k < 1:
        raise SystemExit("engram search: --k must be at least 1")
    if not args.query.strip():
        raise InputError("Nothing to search for: the query is empty.")
    request = SearchRequest(
        query=args.query,
        now=args.now or wall_clock(),
        mode=Mode(args.mode),
        k=args.k,
        as_of=args.as_of,
    )
    outcome = services.retriever.search(request)
    if args.json:
        lineage = {
            r.memory.id: [v.memory_id for v in services.store.lineage.chain(r.memory.id)]
            for r in outcome.results
        }
        summarises = {
            r.memory.id: [m.id for m in summary_sources(services.store, r.memory.id)]
            for r in outcome.results
            if r.memory.tier is Tier.COLD
        }
        payload = search_payload(args.query, outcome, lineage, summarises)
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    if outcome.degraded:
        print(f"Note: {outcome.degraded}")
    if not outcome.results:
        print("Nothing remembered matches that.")
    for rank, result in enumerate(outcome.results, start=1):
        turns = ", ".join(result.memory.source_turn_ids) or "-"
        print(f"{rank:>2}. [{result.memory.kind.value}] {_hanging(result.memory.content, 4)}")
        print(f"    score {result.score:.4f}  turns {turns}  id {result.memory.id}")
    return 0


def _hanging(text: str, indent: int) -> str:
    """A memory of several turns keeps its lines under the entry they belong to; a long one
    shows its head (--json has all of it)."""
    return clipped(text).replace("\n", "\n" + " " * indent)


def cmd_lineage(services: Services, args: argparse.Namespace) -> int:
    versions = services.store.lineage.chain(args.id)
    if not versions:
        raise InputError(f"No memory with id {args.id}.")
    memories = {m.id: m for m in services.store.memories.get_many([v.memory_id for v in versions])}
    rows = [
        {
            "id": v.memory_id,
            "position": v.position,
            "valid_from": v.valid_from.isoformat(),
            "valid_to": None if v.valid_to is None else v.valid_to.isoformat(),
            "forgotten": v.forgotten,
            "content": memories[v.memory_id].content,
        }
        for v in versions
    ]
    if args.json:
        print(json.dumps({"id": args.id, "versions": rows}, indent=2, ensure_ascii=False))
        return 0
    for row in rows:
        until = row["valid_to"] or "now"
        text = "(forgotten)" if row["forgotten"] else row["content"]
        print(f"{row['position'] + 1}. {row['valid_from']} -> {until}  {row['id']}")
        print(f"   {_hanging(text, 3)}")
    return 0


def cmd_forget(services: Services, args: argparse.Namespace) -> int:
    now = wall_clock()
    if args.query is not None:
        if not args.query.strip():
            raise InputError("Nothing to forget: the query is empty.")
        request = SearchRequest(args.query, now, k=1, expand=False, record_access=False)
        found = [r for r in services.retriever.search(request).results if _names(r)]
        if not found:
            raise InputError(f"Nothing remembered matches {args.query!r}; nothing was forgotten.")
        target = found[0].memory
    else:
        target = services.store.memories.get(args.id)
        if target is None:
            raise InputError(f"No memory with id {args.id}.")
    if target.forgotten_at is not None:
        print(f"{target.id} was already forgotten.")
        return 0
    if not agreed(
        f"forget {target.id}: {target.content[:200]!r}",
        f"Forget for good:\n  {_hanging(target.content, 2)}\n",
        args.yes,
        "Nothing was forgotten.",
    ):
        return 1
    purged = forget(services.store, services.home, [target.id], now, "forgotten on request")
    print(f"Forgot {counted(len(purged), 'version')} of {target.id}; only a tombstone remains.")
    return 0


def _names(result: SearchResult) -> bool:
    """Whether a result is really what a `forget --query` names: vector search always returns
    a nearest memory, and "forget zzzz" must not purge whichever one that happens to be."""
    signals = result.signals
    return signals.get("keyword", 0.0) > 0 or signals.get("similarity", 0.0) >= FORGET_SIMILARITY


def cmd_stats(services: Services, args: argparse.Namespace) -> int:
    stats = services.store.stats()
    if args.json:
        print(json.dumps(asdict(stats), indent=2))
        return 0
    print(f"Memory file:   {stats.path} ({stats.file_bytes / 2**20:.1f} MB)")
    print(f"Schema:        version {stats.schema_version}")
    print(f"Embeddings:    {stats.embedding_model} ({stats.embedding_dim} dims)")
    print(f"Conversations: {counted(stats.sessions, 'session')}, {counted(stats.turns, 'turn')}")
    kinds = ", ".join(f"{n} {kind}" for kind, n in stats.memories_by_kind.items()) or "none"
    print(f"Memories:      {stats.memories} ({kinds})")
    print(f"Vector index:  {stats.vector_index}")
    print(f"Keyword index: {counted(stats.fulltext_stale_rows, 'row')} newer than the index")
    return 0


def cmd_eval(embedder: Embedder, args: argparse.Namespace) -> int:
    if args.budget < 1:
        raise SystemExit("engram eval: --budget must be positive")
    report = evaluate_locomo(
        args.files,
        embedder,
        token_counter(None),
        budget=args.budget,
        progress=lambda line: sys.stderr.write(line + "\n"),
    )
    if args.json:
        print(json.dumps(asdict(report), indent=2))
        return 0
    print(f"LoCoMo: {report.questions} questions, budget {report.budget} tokens")
    print(f"  recall within budget {report.recall_in_budget:.3f}")
    print(
        f"  as the assistant asks (its k, the adaptive cut) {report.assistant_recall_in_budget:.3f}"
    )
    print(f"  recall@5 {report.recall_at_5:.3f}   recall@10 {report.recall_at_10:.3f}")
    for name, row in report.by_category.items():
        print(
            f"  {name:<12} {row['questions']:>4} q  in budget {row['recall_in_budget']:.3f}  "
            f"@5 {row['recall_at_5']:.3f}  @10 {row['recall_at_10']:.3f}"
        )
    print(
        f"  ingest {report.ingest_seconds:.1f} s, query p50 {report.query_ms_p50:.1f} ms, "
        f"p95 {report.query_ms_p95:.1f} ms, total {report.total_seconds:.1f} s"
    )
    return 0


COMMANDS = {
    "import": cmd_import,
    "search": cmd_search,
    "stats": cmd_stats,
    "lineage": cmd_lineage,
    "forget": cmd_forget,
    **ASSISTANT_COMMANDS,
    **CONVERSATION_COMMANDS,
    **BACKUP_COMMANDS,
    **KNOWLEDGE_COMMANDS,
}


def reported(command: str, run: Callable[[], int]) -> int:
    """A command's failure said in one line: Engram's own in its words, one the machine refused
    (a file, a folder, the disk) in the machine's, with the details in the log."""
    try:
        return run()
    except EngramError as exc:
        log.info("Command %s failed: %s", command, exc)
        sys.stderr.write(f"engram {command}: {exc}\n")
        return 1
    except BrokenPipeError:
        raise  # the reader went away: `entry` ends quietly
    except OSError as exc:
        log.exception("Command %s failed", command)
        sys.stderr.write(f"engram {command}: {exc}\n")
        return 1


def run_command(home: Path, args: argparse.Namespace) -> int:
    if args.command == "restore":
        return cmd_restore(home, args)
    if args.command == "eval":
        # Benchmarks run in temporary stores and never open the user's memory file.
        return cmd_eval(embedder_for(home, embedder_spec(load_settings(home))), args)
    services = open_services(home)
    try:
        return COMMANDS[args.command](services, args)
    finally:
        services.close()
