"""Numbered SQL migrations. A file written by a newer Engram is refused rather than guessed at."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from importlib import resources

import duckdb

from core.errors import SchemaTooNewError, StoreError

log = logging.getLogger(__name__)

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def available_migrations() -> list[Migration]:
    folder = resources.files("core.store") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    return sorted(found, key=lambda m: m.version)


def latest_version() -> int:
    return available_migrations()[-1].version


def current_version(cursor: duckdb.DuckDBPyConnection) -> int:
    cursor.execute(
        "CREATE TABLE IF NOT EXISTS schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)"
    )
    row = cursor.execute("SELECT max(version) FROM schema_version").fetchall()[0]
    return int(row[0] or 0)


def migrate(cursor: duckdb.DuckDBPyConnection, embedding_dim: int) -> int:
    """Bring the schema up to date, one transaction per migration; return the version reached."""
    version = current_version(cursor)
    migrations = available_migrations()
    newest = migrations[-1].version
    if version > newest:
        raise SchemaTooNewError(
            f"This memory file has schema version {version}, but this Engram only knows up to "
            f"{newest}. Update Engram to open it; the file was left untouched."
        )
    for migration in migrations:
        if migration.version <= version:
            continue
        log.info("Applying migration %s", migration.name)
        sql = migration.sql.replace("{embedding_dim}", str(int(embedding_dim)))
        cursor.execute("BEGIN")
        try:
            cursor.execute(sql)
            cursor.execute(
                "INSERT INTO schema_version VALUES (?, current_timestamp)", [migration.version]
            )
            cursor.execute("COMMIT")
        except duckdb.Error as exc:
            cursor.execute("ROLLBACK")
            raise StoreError(f"Migration {migration.name} failed: {exc}") from exc
        version = migration.version
    return version
