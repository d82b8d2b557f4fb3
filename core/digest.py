"""The daily digest (seed 002): one Markdown page per day under `<home>/memory/` saying what the
memory took in: key topics, decisions, notable context, and how many memories were added,
superseded and forgotten. It is for the user to read, not a memory itself; a day with nothing
worth saying gets no page."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from pathlib import Path

from core.files import write_text_atomically
from core.local_time import local_day, start_of_local_day
from core.model import Memory
from core.store import MemoryStore
from core.store.database import id_in

DIGEST_DIR = "memory"
TOP_TOPICS = 8
NOTABLE = 5


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    """The user's day, midnight to midnight on their clock."""
    start = start_of_local_day(day)
    return start, start_of_local_day(day + timedelta(days=1))


def _count(store: MemoryStore, column: str, start: datetime, end: datetime) -> int:
    return (
        store.db.cursor()
        .execute(
            f"SELECT count(*) FROM memories WHERE {column} >= ? AND {column} < ?", [start, end]
        )
        .fetchall()[0][0]
    )


def _written_that_day(store: MemoryStore, start: datetime, end: datetime) -> list[Memory]:
    rows = (
        store.db.cursor()
        .execute(
            "SELECT id FROM memories WHERE created_at >= ? AND created_at < ? "
            "AND forgotten_at IS NULL AND tier <> 'stub' ORDER BY importance DESC, created_at",
            [start, end],
        )
        .fetchall()
    )
    return store.memories.get_many([r[0] for r in rows])


def render_digest(store: MemoryStore, day: date) -> str | None:
    start, end = _day_bounds(day)
    memories = _written_that_day(store, start, end)
    superseded = _count(store, "valid_to", start, end)
    forgotten = _count(store, "forgotten_at", start, end)
    if not memories and not superseded and not forgotten:
        return None
    topics = Counter(e for m in memories for e in m.entities)
    decisions = [m for m in memories if m.content.startswith("Decided:") or m.key]
    notable = [m for m in memories if m not in decisions][:NOTABLE]
    lines = [f"# {day.isoformat()}", ""]
    lines.append(
        f"{len(memories)} new memories, {superseded} superseded or retired, {forgotten} forgotten."
    )
    if topics:
        lines += ["", "## Key topics", ""]
        lines += [f"- {name} ({n})" for name, n in topics.most_common(TOP_TOPICS)]
    if decisions:
        lines += ["", "## Decisions and facts", ""]
        lines += [f"- {m.content}" for m in decisions]
    if notable:
        lines += ["", "## Notable context", ""]
        lines += [f"- {m.content.splitlines()[0][:200]}" for m in notable]
    return "\n".join(lines) + "\n"


def page_path(home: Path, day: date) -> Path:
    return home / DIGEST_DIR / f"{day.isoformat()}.md"


def write_digest(store: MemoryStore, home: Path, day: date) -> Path | None:
    """Write (or rewrite: it is idempotent) the page for `day`, atomically; a day with nothing
    (left) to say has no page."""
    text = render_digest(store, day)
    path = page_path(home, day)
    if text is None:
        path.unlink(missing_ok=True)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, text)
    return path


def redact_pages(store: MemoryStore, home: Path, memory_ids: Sequence[str]) -> list[Path]:
    """A page quotes the memories of its day: after a forget, the pages of the days the
    forgotten memories were written are written again without them, or removed when nothing
    is left to say, so their words do not outlive the forget on disk. Returns the pages
    changed."""
    where, params = id_in("id", memory_ids)
    rows = (
        store.db.cursor()
        .execute(f"SELECT DISTINCT created_at FROM memories WHERE {where}", params)
        .fetchall()
    )
    # The pages are of the user's days, not of UTC's (the file stores UTC).
    changed = []
    for day in sorted({local_day(at) for (at,) in rows}):
        path = page_path(home, day)
        if path.exists():
            write_digest(store, home, day)
            changed.append(path)
    return changed
