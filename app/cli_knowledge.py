"""Knowledge on the command line: `ingest` and `documents` (learn, list and forget documents),
`entities`, `conflicts`, `consolidate`. Thin shells over `core`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from app.cli_asking import agreed
from app.parsing import iso_datetime
from app.services import Services, load_llm, wall_clock
from app.terminal_progress import CLEAR, percent
from core.conflicts import KeyConflict, review_conflicts, settle_pending
from core.consolidate import JOBS, JobContext, run_jobs
from core.errors import InputError
from core.forgetting import forget_document
from core.ingest.chunking import Chunker
from core.ingest.documents import DocumentImporter, DocumentReport, DocumentStatus
from core.local_time import day_text
from core.model import LearntDocument
from core.settings import load_settings
from core.tokens import token_counter
from core.wording import counted


def add_knowledge_commands(commands: argparse._SubParsersAction[Any]) -> None:
    ingest = commands.add_parser(
        "ingest",
        help="learn documents (files or folders)",
        description="Learn Markdown, text, PDF, Word (.docx), OpenDocument (.odt), web page "
        "(.html) and source files, or every such file in a "
        "folder. Unchanged files are skipped; an edited file replaces only its changed "
        "passages (the old versions stay in their history).",
    )
    ingest.add_argument("paths", nargs="+", type=Path, help="files or folders")
    ingest.add_argument("--json", action="store_true", help="print JSON")

    documents = commands.add_parser(
        "documents",
        help="documents learnt: list, forget",
        description="List the documents learnt, with how many passages of each are "
        "remembered, or forget one for good (forget PATH): every passage and its versions, and "
        "its name; a zip's path forgets each document learnt from it. Adding it again learns "
        "it anew.",
    )
    documents.add_argument("action", nargs="?", choices=["forget"], help="what to do")
    documents.add_argument("path", nargs="?", type=Path, help="the document (or zip) to forget")
    documents.add_argument("--yes", action="store_true", help="forget without asking")
    documents.add_argument("--json", action="store_true", help="print JSON")

    entities = commands.add_parser(
        "entities",
        help="people, places, projects, files and concepts remembered",
        description="The entity graph: each entity with its type, when it was first and last "
        "seen and how many memories name it, then the relationships between them.",
    )
    entities.add_argument("--json", action="store_true", help="print JSON")

    conflicts = commands.add_parser(
        "conflicts",
        help="contradictions and proposed changes",
        description="Find memories that contradict each other: confident ones are resolved "
        "(the newer wins, the older is kept in its history), doubtful ones are listed. Also "
        "lists changes the model proposed that wait for you: apply or reject them by id.",
    )
    conflicts.add_argument("action", nargs="?", choices=["apply", "reject"], help="answer one")
    conflicts.add_argument("id", nargs="?", help="proposed change id (as listed)")
    conflicts.add_argument("--json", action="store_true", help="print JSON")

    consolidate = commands.add_parser(
        "consolidate",
        help="run the background upkeep now",
        description="The jobs the scheduler runs: expire stale task suggestions, merge "
        "duplicates, resolve confident conflicts, compress the oldest detailed memories into "
        "summaries (WARM -> COLD), let unused links fade, keep the indexes fresh, write the "
        "daily digest. Safe to interrupt and re-run.",
    )
    consolidate.add_argument("--job", choices=list(JOBS), help="run only this job")
    consolidate.add_argument("--now", type=iso_datetime, help="the clock (default: now)")
    consolidate.add_argument(
        "--model",
        type=Path,
        help="a GGUF model to write summaries and distil episodes with (default: extractive)",
    )
    consolidate.add_argument("--json", action="store_true", help="print JSON")


def _progress(done: int, total: int, report: DocumentReport) -> None:
    detail = (
        report.reason or f"{counted(report.chunks, 'chunk')}, {report.new_chunks} new or changed"
    )
    # On a terminal the line replaces the percentage the reading was showing.
    clear = CLEAR if sys.stderr.isatty() else ""
    sys.stderr.write(f"{clear}[{done}/{total}] {report.status.value:<9} {report.path}: {detail}\n")
    sys.stderr.flush()


def cmd_ingest(services: Services, args: argparse.Namespace) -> int:
    importer = DocumentImporter(services.store, services.embedder, Chunker(token_counter(None)))
    report = importer.ingest(args.paths, wall_clock(), progress=_progress, steps=percent("Reading"))
    if args.json:
        payload = {
            "documents": [{**asdict(d), "status": d.status.value} for d in report.documents],
            "unsupported_skipped": report.unsupported_skipped,
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        for refused in (d for d in report.documents if d.status is DocumentStatus.REFUSED):
            if refused.reason:
                sys.stderr.write(f"Refused: {refused.reason}\n")
        counts = ", ".join(f"{report.count(status)} {status.value}" for status in DocumentStatus)
        skipped = counted(report.unsupported_skipped, "unsupported file")
        print(f"Documents: {counts}; {skipped} skipped.")
    return 1 if report.count(DocumentStatus.REFUSED) else 0


def cmd_documents(services: Services, args: argparse.Namespace) -> int:
    learnt = services.store.documents.learnt()
    if args.action == "forget":
        return _forget_document(services, args, learnt)
    if args.json:
        payload = [
            {"path": d.path, "passages": d.passages, "learnt_at": d.learnt_at.isoformat()}
            for d in learnt
        ]
        print(json.dumps({"documents": payload}, indent=2, ensure_ascii=False))
        return 0
    if not learnt:
        print("No documents learnt yet (engram ingest PATH adds some).")
    for d in learnt:
        print(f"{counted(d.passages, 'passage'):>14}  {day_text(d.learnt_at)}  {d.path}")
    return 0


def _forget_document(
    services: Services, args: argparse.Namespace, learnt: list[LearntDocument]
) -> int:
    if args.path is None:
        raise InputError("Which document? Usage: engram documents forget PATH")
    source = str(args.path.expanduser().resolve())
    named = [d for d in learnt if d.path == source or d.path.startswith(f"{source}/")]
    if not named:
        raise InputError(f"Nothing was learnt from {source}; nothing was forgotten.")
    shown = source if len(named) == 1 else f"{source} ({len(named)} documents)"
    passages = counted(sum(d.passages for d in named), "passage")
    question = f"Forget for good {shown}: {passages}?"
    if not agreed(f"forget {shown}", question, args.yes, "Nothing was forgotten."):
        return 1
    purged = forget_document(
        services.store, services.home, source, wall_clock(), "forgotten on request"
    )
    names = "its name" if len(named) == 1 else "their names"
    print(f"Forgot {shown}: {counted(len(purged), 'memory')} and {names}.")
    return 0


def cmd_entities(services: Services, args: argparse.Namespace) -> int:
    entities = services.store.entities.all()
    relationships = services.store.entities.relationships()
    if args.json:
        payload = {
            "entities": [
                {
                    **asdict(e),
                    "type": e.type.value,
                    "first_seen": e.first_seen.isoformat(),
                    "last_seen": e.last_seen.isoformat(),
                }
                for e in entities
            ],
            "relationships": [
                {
                    **asdict(r),
                    "since": r.since.isoformat(),
                    "until": r.until.isoformat() if r.until else None,
                }
                for r in relationships
            ],
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    if not entities:
        print("No entities remembered yet.")
    for e in entities:
        seen = f"{day_text(e.first_seen)} .. {day_text(e.last_seen)}"
        print(f"{e.name:<24} {e.type.value:<8} {counted(e.memories, 'memory'):>12}  {seen}")
    shown = {e.id: e.name for e in entities}
    for r in relationships:
        until = day_text(r.until) if r.until else "now"
        source, target = shown.get(r.source, r.source), shown.get(r.target, r.target)
        print(f"{source} {r.relation} {target}  ({day_text(r.since)} .. {until})")
    return 0


def _versions(conflict: KeyConflict) -> list[dict[str, Any]]:
    return [
        {
            "id": m.id,
            "content": m.content,
            "confidence": m.confidence,
            "valid_from": m.valid_from.isoformat(),
        }
        for m in conflict.memories
    ]


def cmd_conflicts(services: Services, args: argparse.Namespace) -> int:
    now = wall_clock()
    if args.action:
        if not args.id:
            raise InputError(f"Which change? Usage: engram conflicts {args.action} ID")
        settle_pending(services.store, services.embedder, args.id, args.action == "apply", now)
        print(f"{args.id}: {'applied' if args.action == 'apply' else 'rejected'}.")
        return 0
    report = review_conflicts(services.store, now)
    if args.json:
        payload = {
            "resolved": [{"key": c.key, "versions": _versions(c)} for c in report.resolved],
            "flagged": [{"key": c.key, "versions": _versions(c)} for c in report.flagged],
            "pending": [
                {**asdict(p), "kind": p.kind.value, "proposed_at": p.proposed_at.isoformat()}
                for p in report.pending
            ],
            "doubtful": [
                {"id": m.id, "content": m.content, "confidence": m.confidence}
                for m in report.doubtful
            ],
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    for conflict in report.resolved:
        print(f'Resolved {conflict.key}: now "{conflict.memories[-1].content}"')
    for conflict in report.flagged:
        print(f"Unsure about {conflict.key}:")
        for memory in conflict.memories:
            print(f"  {memory.id}  {memory.content}  (confidence {memory.confidence:.2f})")
    for memory in report.doubtful:
        print(f"To review (confidence {memory.confidence:.2f}): {memory.content}  ({memory.id})")
    for change in report.pending:
        what = f'"{change.content}"' if change.content else "no longer true"
        print(f"Proposed {change.action} of {change.target_id}: {what}  (id {change.id})")
    if not (report.resolved or report.flagged or report.pending or report.doubtful):
        print("No contradictions and nothing waiting for you.")
    return 0


def cmd_consolidate(services: Services, args: argparse.Namespace) -> int:
    llm = load_llm(args.model, load_settings(services.home)) if args.model else None
    context = JobContext(
        services.store, services.embedder, args.now or wall_clock(), services.home, llm=llm
    )
    reports = run_jobs(context, [args.job] if args.job else None)
    if args.json:
        print(json.dumps({"jobs": [asdict(r) for r in reports]}, indent=2))
        return 0
    for report in reports:
        counts = ", ".join(f"{k} {v}" for k, v in report.counts.items()) or "done"
        print(f"{report.job:<11} {counts}  ({report.seconds:.1f} s)")
    return 0


KNOWLEDGE_COMMANDS: dict[str, Callable[[Services, argparse.Namespace], int]] = {
    "consolidate": cmd_consolidate,
    "ingest": cmd_ingest,
    "documents": cmd_documents,
    "entities": cmd_entities,
    "conflicts": cmd_conflicts,
}
