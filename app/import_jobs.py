"""What the window's imports do on their own thread, and what they say when done: a
conversation file (or a chat app's export), or documents. The controller starts them and shows
how far they are (`app.bulk_import`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from app.bulk_import import ImportJob, Progress
from app.services import Services
from core.assistant import Clock
from core.ingest.chunking import Chunker
from core.ingest.conversation_file import ReadingCancelled, read_conversation_file
from core.ingest.conversations import ConversationImporter
from core.ingest.documents import DocumentImporter, DocumentStatus
from core.tokens import token_counter
from core.wording import counted


def conversation_import(
    services: Services, path: Path, clock: Clock, step: Callable[[str], None]
) -> ImportJob:
    """Read, then import; `step` hears when reading ends and importing begins."""

    def job(cancel: threading.Event, progress: Progress) -> str:
        try:
            read = read_conversation_file(path, progress, cancel)
        except ReadingCancelled as exc:
            return str(exc)
        step(f"Importing {path.name}")
        report = ConversationImporter(services.store, services.embedder).import_sessions(
            read.sessions, progress=progress, cancel=cancel, now=clock()
        )
        done = (
            f"{counted(report.sessions_imported, 'conversation')} "
            f"({counted(report.turns, 'turn')}, {counted(report.memories, 'memory')}, "
            f"{counted(report.to_dos, 'to-do')} for the inbox)"
        )
        if report.cancelled:
            return (
                f"Import cancelled after {done}. Import the file again to finish: what is "
                "already here is skipped."
            )
        return " ".join(
            [
                f"Imported {done}; {report.sessions_skipped} were already here.",
                *read.notes(),
                *report.notes("conversation"),
            ]
        )

    return job


def documents_import(services: Services, paths: list[Path], clock: Clock) -> ImportJob:
    """Learn the files, folders and zips; the summary names each refusal's reason."""

    def job(cancel: threading.Event, progress: Progress) -> str:
        importer = DocumentImporter(services.store, services.embedder, Chunker(token_counter(None)))
        report = importer.ingest(paths, clock(), cancel=cancel, steps=progress)
        refused = [d.reason for d in report.documents if d.status is DocumentStatus.REFUSED]
        counts = ", ".join(
            f"{report.count(s)} {s.value}" for s in DocumentStatus if report.count(s)
        )
        summary = f"Documents: {counts or 'none'}." + "".join(f" {r}" for r in refused if r)
        if report.cancelled:
            return f"Cancelled. {summary} Add them again to finish (unchanged files are skipped)."
        return summary

    return job
