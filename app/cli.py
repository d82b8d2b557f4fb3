"""`engram` on the command line. Each command is a thin shell over the same core services the
window uses; errors Engram understands print one plain line, not a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from app.services import Services, open_services
from core.ingest.conversation_file import read_conversation_file
from core.ingest.conversations import ConversationImporter
from core.retrieval import SearchOutcome


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
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    imp = commands.add_parser(
        "import",
        help="import a conversation file",
        description='Import a conversation JSON file: {"sessions": [{"id", "started_at", '
        '"project"?, "turns": [{"id", "role", "speaker"?, "text", "at"?}]}]}. Sessions already '
        "imported are skipped, so re-running after an interruption is safe.",
    )
    imp.add_argument("file", type=Path, help="path to the conversation JSON")

    search = commands.add_parser(
        "search", help="search memories", description="Search memories by meaning and keywords."
    )
    search.add_argument("query", help="what to look for")
    search.add_argument("--k", type=int, default=10, help="how many results (default 10)")
    search.add_argument("--json", action="store_true", help="print JSON")

    stats = commands.add_parser(
        "stats", help="show what the store holds", description="Counts and index state."
    )
    stats.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\rImporting session {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_import(services: Services, args: argparse.Namespace) -> int:
    sessions = read_conversation_file(args.file)
    report = ConversationImporter(services.store, services.embedder).import_sessions(
        sessions, progress=_progress if sys.stderr.isatty() else None
    )
    print(
        f"Imported {report.sessions_imported} session(s), {report.turns} turn(s), "
        f"{report.memories} memories; {report.sessions_skipped} session(s) already present."
    )
    return 0


def search_payload(query: str, outcome: SearchOutcome) -> dict[str, Any]:
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
            }
            for r in outcome.results
        ],
    }


def cmd_search(services: Services, args: argparse.Namespace) -> int:
    if args.k < 1:
        raise SystemExit("engram search: --k must be at least 1")
    outcome = services.retriever.search(args.query, k=args.k)
    if args.json:
        print(json.dumps(search_payload(args.query, outcome), indent=2, ensure_ascii=False))
        return 0
    if outcome.degraded:
        print(f"Note: {outcome.degraded}")
    if not outcome.results:
        print("Nothing remembered matches that.")
    for rank, result in enumerate(outcome.results, start=1):
        turns = ", ".join(result.memory.source_turn_ids) or "-"
        print(f"{rank:>2}. [{result.memory.kind.value}] {result.memory.content}")
        print(f"    score {result.score:.4f}  turns {turns}  id {result.memory.id}")
    return 0


def cmd_stats(services: Services, args: argparse.Namespace) -> int:
    stats = services.store.stats()
    if args.json:
        print(json.dumps(asdict(stats), indent=2))
        return 0
    print(f"Memory file:   {stats.path} ({stats.file_bytes / 2**20:.1f} MB)")
    print(f"Schema:        version {stats.schema_version}")
    print(f"Embeddings:    {stats.embedding_model} ({stats.embedding_dim} dims)")
    print(f"Conversations: {stats.sessions} sessions, {stats.turns} turns")
    kinds = ", ".join(f"{n} {kind}" for kind, n in stats.memories_by_kind.items()) or "none"
    print(f"Memories:      {stats.memories} ({kinds})")
    print(f"Vector index:  {stats.vector_index}")
    print(f"Keyword index: {stats.fulltext_stale_rows} rows newer than the index")
    return 0


COMMANDS = {"import": cmd_import, "search": cmd_search, "stats": cmd_stats}


def run_command(home: Path, args: argparse.Namespace) -> int:
    services = open_services(home)
    try:
        return COMMANDS[args.command](services, args)
    finally:
        services.close()
