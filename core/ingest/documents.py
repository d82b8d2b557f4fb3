"""Learning documents: files and folders become `document` memories (chunks that do not decay),
one transaction per file. An unchanged file is skipped by its hash; an edited one supersedes
exactly the chunks whose text changed, retires the ones that disappeared and keeps the rest."""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import zipfile
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path, PurePosixPath

import numpy as np

from core.embed import Embedder
from core.errors import InputError
from core.files import ZIP_ERRORS, not_a_file
from core.ingest.chunking import Chunk, Chunker
from core.ingest.conversation_file import is_conversation_export
from core.ingest.document_file import Archives, read_document, supported
from core.ingest.entities import extract_entities
from core.model import DecayClass, Memory, MemoryKind, NewMemory
from core.store import MemoryStore

log = logging.getLogger(__name__)

DocumentProgress = Callable[[int, int, "DocumentReport"], None]
# How far the whole run is: (done, total) in thousandths of a file.
StepProgress = Callable[[int, int], None]
STEPS_PER_FILE = 1000
# A book is ~3,000 chunks and takes minutes to embed on a laptop: it is embedded this many
# chunks at a time (under a second), reporting after each batch and stopping between them
# when asked.
EMBED_BATCH_CHUNKS = 32
_PAGE_SUFFIXES = (".html", ".htm", ".md")
# Folders that hold tooling and dependencies, not the user's writing.
_SKIPPED_DIRS = {".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox"}


class IngestCancelled(Exception):
    """Asked to stop while a file was embedded: nothing of that file was written."""


class DocumentStatus(StrEnum):
    ADDED = "added"
    UPDATED = "updated"
    UNCHANGED = "unchanged"
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class DocumentReport:
    path: str
    status: DocumentStatus
    chunks: int = 0
    new_chunks: int = 0
    superseded: int = 0
    retired: int = 0
    size_bytes: int = 0
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class IngestReport:
    documents: tuple[DocumentReport, ...]
    unsupported_skipped: int
    cancelled: bool = False

    def count(self, status: DocumentStatus) -> int:
        return sum(1 for d in self.documents if d.status is status)


def _undated(learnt: Sequence[Memory], written_on: datetime | None, day: datetime) -> list[str]:
    """A daily note's passages learnt before Engram read the day from its name: they date from
    the day they were added, and "what did I do last March" missed them."""
    return [m.id for m in learnt if written_on is not None and m.created_at != day]


def chunk_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True, order=True)
class DocumentSource:
    """A document to learn: a file, or a file inside a zip (a notes app's export: Notion,
    Google Keep, a folder zipped to be sent)."""

    path: Path
    member: str | None = None

    @property
    def key(self) -> str:
        """What its memories name as their source, and what a later ingest knows it by."""
        return str(self.path) if self.member is None else f"{self.path}/{self.member}"


def collect_files(
    paths: Sequence[Path],
) -> tuple[list[DocumentSource], list[DocumentReport], int]:
    """Documents to read, refusals for files named explicitly that cannot be read, and how
    many unsupported files inside folders and zips were passed over."""
    files: list[DocumentSource] = []
    refused: list[DocumentReport] = []
    skipped = 0
    for path in paths:
        if path.is_dir():
            for found in _walk(path):
                if supported(found):
                    files.append(DocumentSource(found.resolve()))
                else:
                    skipped += 1
        elif path.is_file() and path.suffix.lower() == ".zip":
            try:
                members = _zipped(path)
            except InputError as exc:
                refused.append(DocumentReport(str(path), DocumentStatus.REFUSED, reason=str(exc)))
                continue
            readable = [m for m in members if supported(Path(m))]
            files.extend(DocumentSource(path.resolve(), m) for m in readable)
            skipped += len(members) - len(readable)
        elif path.is_file():
            files.append(DocumentSource(path.resolve()))
        else:
            refused.append(
                DocumentReport(str(path), DocumentStatus.REFUSED, reason=not_a_file(path))
            )
    return sorted(dict.fromkeys(files)), refused, skipped


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not _hidden(d))
        for name in sorted(names):
            if not name.startswith("."):
                yield Path(root) / name


def _hidden(folder: str) -> bool:
    return folder in _SKIPPED_DIRS or folder.startswith(".") or folder == "__MACOSX"


def _zipped(path: Path) -> list[str]:
    """The files a zip holds, outside hidden and tooling folders. A chat app's export is
    refused: it is imported as conversations, not learnt as its JSON."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = [i.filename for i in archive.infolist() if not i.is_dir()]
    except ZIP_ERRORS as exc:
        raise InputError(f"{path.name} is a zip file that cannot be read: {exc}") from exc
    if is_conversation_export(path):
        raise InputError(
            f"{path.name} is a chat export: import it as conversations (Import conversation, "
            "or engram import) to remember what was said."
        )
    paths = [PurePosixPath(name) for name in names]
    # Google Keep writes each note twice, as a page and as JSON: the JSON is its metadata.
    pages = {p.with_suffix("") for p in paths if p.suffix.lower() in _PAGE_SUFFIXES}
    return [
        name
        for name, path in zip(names, paths, strict=True)
        if not any(_hidden(folder) for folder in path.parts[:-1])
        and not path.name.startswith(".")
        and not (path.suffix.lower() == ".json" and path.with_suffix("") in pages)
    ]


class DocumentImporter:
    def __init__(self, store: MemoryStore, embedder: Embedder, chunker: Chunker) -> None:
        self._store = store
        self._embedder = embedder
        self._chunker = chunker

    def ingest(
        self,
        paths: Sequence[Path],
        now: datetime,
        progress: DocumentProgress | None = None,
        cancel: threading.Event | None = None,
        steps: StepProgress | None = None,
    ) -> IngestReport:
        """`progress` hears of each file when it is done; `steps` also moves while a long one
        is embedded. A cancel stops between files, or between batches of a file's chunks."""
        files, reports, skipped = collect_files(paths)
        total = len(files) * STEPS_PER_FILE
        with Archives() as archives:
            for done, source in enumerate(files, start=1):
                first = (done - 1) * STEPS_PER_FILE

                def embedded(chunks: int, of: int, first: int = first) -> None:
                    if steps is not None:
                        steps(first + STEPS_PER_FILE * chunks // max(of, 1), total)

                try:
                    if cancel is not None and cancel.is_set():
                        raise IngestCancelled
                    report = self._learn(source, now, archives, cancel=cancel, embedded=embedded)
                except InputError as exc:
                    report = DocumentReport(source.key, DocumentStatus.REFUSED, reason=str(exc))
                except IngestCancelled:
                    log.info("Reading documents cancelled before %s was learned", source.key)
                    return IngestReport(tuple(reports), skipped, cancelled=True)
                embedded(1, 1)
                reports.append(report)
                if progress is not None:
                    progress(done, len(files), report)
        self._store.maintain()
        return IngestReport(tuple(reports), skipped)

    def _embed(
        self,
        texts: Sequence[str],
        cancel: threading.Event | None,
        embedded: Callable[[int, int], None] | None,
    ) -> np.ndarray:
        batches = []
        for start in range(0, len(texts), EMBED_BATCH_CHUNKS):
            if cancel is not None and cancel.is_set():
                raise IngestCancelled
            batches.append(self._embedder.embed(texts[start : start + EMBED_BATCH_CHUNKS]))
            if embedded is not None:
                embedded(min(start + EMBED_BATCH_CHUNKS, len(texts)), len(texts))
        return np.concatenate(batches) if batches else self._embedder.embed([])

    def _new_memory(self, key: str, chunk: Chunk, digest: str, now: datetime) -> NewMemory:
        return NewMemory(
            kind=MemoryKind.DOCUMENT,
            content=chunk.text,
            created_at=now,
            valid_from=now,
            decay_class=DecayClass.NONE,
            entities=extract_entities(chunk.text),
            source_path=key,
            chunk_index=chunk.index,
            content_hash=digest,
        )

    def ingest_file(self, path: Path, now: datetime) -> DocumentReport:
        with Archives() as archives:
            return self._learn(DocumentSource(path.resolve()), now, archives)

    def _learn(
        self,
        source: DocumentSource,
        now: datetime,
        archives: Archives,
        *,
        cancel: threading.Event | None = None,
        embedded: Callable[[int, int], None] | None = None,
    ) -> DocumentReport:
        """Read, chunk, embed, then write the document's changes in one transaction: a crash,
        a refusal or a cancel (IngestCancelled) leaves the store as it was. `archives` reads
        those inside zips (open for the run); `embedded` hears how many of its new chunks are
        embedded."""
        document = (
            read_document(source.path)
            if source.member is None
            else archives.read(source.path, source.member)
        )
        key = source.key
        # A daily note's passages date from its day (one named for a day to come, from now).
        dated = min(document.written_on, now) if document.written_on else now
        previous = self._store.documents.get(key)
        if previous is not None and previous.content_hash == document.content_hash:
            learnt = self._store.documents.passages(key)
            if undated := _undated(learnt, document.written_on, dated):
                with self._store.db.write() as cur:
                    self._store.documents.redate(cur, undated, dated)
            return DocumentReport(
                key, DocumentStatus.UNCHANGED, len(learnt), size_bytes=document.size_bytes
            )
        chunks = self._chunker.chunk(document.text, document.format)
        old_by_hash: dict[str, list[Memory]] = defaultdict(list)
        for memory in self._store.documents.passages(key):
            old_by_hash[memory.content_hash or ""].append(memory)
        kept: list[tuple[Memory, Chunk]] = []
        fresh: list[tuple[Chunk, str]] = []
        for chunk in chunks:
            digest = chunk_hash(chunk.text)
            if old_by_hash.get(digest):
                kept.append((old_by_hash[digest].pop(0), chunk))
            else:
                fresh.append((chunk, digest))
        stale = [m for group in old_by_hash.values() for m in group]
        vectors = self._embed([chunk.text for chunk, _ in fresh], cancel, embedded)
        memories, documents = self._store.memories, self._store.documents
        with self._store.db.write() as cur:
            written = [
                (
                    memories.supersede(
                        cur, old.id, self._new_memory(key, chunk, digest, dated), vector
                    ),
                    chunk.text,
                    (),
                )
                for (chunk, digest), vector, old in zip(fresh, vectors, stale, strict=False)
            ]
            added = fresh[len(stale) :]
            if added:
                ids = memories.insert(
                    cur,
                    [self._new_memory(key, chunk, digest, dated) for chunk, digest in added],
                    vectors[len(stale) :],
                )
                written += [(i, chunk.text, ()) for i, (chunk, _) in zip(ids, added, strict=True)]
            self._store.entities.link(cur, written, now)
            memories.retire(cur, [m.id for m in stale[len(fresh) :]], now)
            documents.set_chunk_indexes(
                cur, [(m.id, c.index) for m, c in kept if m.chunk_index != c.index]
            )
            documents.redate(cur, _undated([m for m, _ in kept], document.written_on, dated), dated)
            documents.record(cur, key, document.content_hash, now)
        status = DocumentStatus.ADDED if previous is None else DocumentStatus.UPDATED
        log.info("Learned %s: %d chunks, %d new or changed", key, len(chunks), len(fresh))
        return DocumentReport(
            key,
            status,
            chunks=len(chunks),
            new_chunks=len(fresh),
            superseded=min(len(fresh), len(stale)),
            retired=max(0, len(stale) - len(fresh)),
            size_bytes=document.size_bytes,
        )
