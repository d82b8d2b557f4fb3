"""Document ingestion throughput: MB/s and chunks/s through `DocumentImporter` (reading,
structure-aware chunking, embedding, writing) against the raw encoder on the same chunk texts.

    .venv/bin/python -m tests.bench.document_bench --documents 40 --json
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from core.ingest.chunking import Chunker
from core.ingest.document_file import DocumentFormat
from core.ingest.documents import DocumentImporter
from core.store import MemoryStore
from core.tokens import token_counter
from tests.bench.encoder import app_encoder
from tests.bench.report import print_results


def synthetic_markdown(rng: np.random.Generator, sections: int = 12) -> str:
    """A handbook-like Markdown file: headings, prose, lists and code blocks."""
    words = "boiler valve service pressure warranty installer schedule pump filter check".split()
    parts = ["# Handbook"]
    for s in range(sections):
        parts.append(f"## Section {s}")
        for _ in range(3):
            sentences = [
                " ".join(rng.choice(words, size=int(rng.integers(8, 20)))) + "."
                for _ in range(int(rng.integers(3, 8)))
            ]
            parts.append(" ".join(sentences).capitalize())
        parts.append("\n".join(f"- step {i}: {' '.join(rng.choice(words, 5))}" for i in range(6)))
        if s % 3 == 0:
            parts.append(
                "```python\n" + "\n".join(f"run_{i}(pressure={i})" for i in range(12)) + "\n```"
            )
    return "\n\n".join(parts)


def run(documents: int) -> dict[str, float]:
    rng = np.random.default_rng(0)
    embedder = app_encoder()
    chunker = Chunker(token_counter(None))
    with tempfile.TemporaryDirectory(prefix="engram-bench-") as folder:
        docs = Path(folder) / "docs"
        docs.mkdir()
        texts = [synthetic_markdown(rng) for _ in range(documents)]
        for i, text in enumerate(texts):
            (docs / f"doc{i}.md").write_text(text)
        megabytes = sum(len(t.encode()) for t in texts) / 2**20
        chunks = [c.text for t in texts for c in chunker.chunk(t, DocumentFormat.MARKDOWN)]
        embedder.embed(chunks[:32])  # warm up
        started = time.perf_counter()
        embedder.embed(chunks)
        encoder_seconds = time.perf_counter() - started
        store = MemoryStore.open(Path(folder) / "home", embedder.model_id, embedder.dim)
        importer = DocumentImporter(store, embedder, chunker)
        started = time.perf_counter()
        importer.ingest([docs], datetime.now(UTC))
        ingest_seconds = time.perf_counter() - started
        store.close()
    return {
        "documents": documents,
        "megabytes": megabytes,
        "chunks": len(chunks),
        "ingest_mb_per_s": megabytes / ingest_seconds,
        "ingest_chunks_per_s": len(chunks) / ingest_seconds,
        "encoder_chunks_per_s": len(chunks) / encoder_seconds,
        "ratio": encoder_seconds / ingest_seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print_results(run(args.documents), args.json)


if __name__ == "__main__":
    main()
