"""The entity graph: named people, places, projects, files and concepts, the memories that
mention them (first and last seen), and typed relationships with since / until. A
relationship that can hold only one value at a time (where someone lives, works) is closed
when a new one starts, so its history stays."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.ingest.entities import EntityType, TypedEntity, typed_entities
from core.ingest.fact import Relation
from core.store.database import Database
from core.store.memory_rows import live
from core.store.upserts import upsert_rows

# Relations one subject has one of at a time.
SINGLE_VALUED = frozenset({"lives_in", "works_at", "is_from", "studies_at"})
OBJECT_TYPES = {
    "lives_in": EntityType.PLACE,
    "works_at": EntityType.CONCEPT,
    "studies_at": EntityType.CONCEPT,
    "is_from": EntityType.PLACE,
}


@dataclass(frozen=True, slots=True)
class EntitySummary:
    name: str
    type: EntityType
    first_seen: datetime
    last_seen: datetime
    memories: int


@dataclass(frozen=True, slots=True)
class Relationship:
    source: str
    relation: str
    target: str
    since: datetime
    until: datetime | None


class EntityRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def _upsert(
        self,
        cur: duckdb.DuckDBPyConnection,
        rows: dict[str, EntityType],
        seen: dict[str, tuple[datetime, datetime]],
    ) -> None:
        """Entities by name with their type and when they were first and last seen."""
        if not rows:
            return
        self._db.insert_rows(
            cur,
            "entities",
            {
                "id": list(rows),
                "name": list(rows),
                "type": [t.value for t in rows.values()],
                "first_seen": [seen[name][0] for name in rows],
                "last_seen": [seen[name][1] for name in rows],
            },
            on_conflict="(id) DO UPDATE SET "
            "first_seen = least(entities.first_seen, excluded.first_seen), "
            "last_seen = greatest(entities.last_seen, excluded.last_seen), "
            "type = CASE WHEN entities.type = 'concept' THEN excluded.type ELSE entities.type END",
        )

    def link(
        self,
        cur: duckdb.DuckDBPyConnection,
        memories: Sequence[tuple[str, str, Sequence[str]]],
        at: datetime,
    ) -> None:
        """Entities named in each (memory id, text, names found by other means, e.g. the
        model), linked to that memory."""
        self.link_at(cur, [(*memory, at) for memory in memories])

    def link_at(
        self,
        cur: duckdb.DuckDBPyConnection,
        memories: Sequence[tuple[str, str, Sequence[str], datetime]],
        fresh: Collection[str] = frozenset(),
    ) -> None:
        """`link` with each memory's own time: several sessions' entities in one statement.
        `fresh`: memories this transaction inserted and linked nothing to yet, whose links
        skip the check against stored ones (`upsert_rows`)."""
        found: dict[str, EntityType] = {}
        seen: dict[str, tuple[datetime, datetime]] = {}
        pairs: dict[tuple[str, str], None] = {}
        for memory_id, text, names, at in memories:
            typed = typed_entities(text)
            typed_names = {e.name for e in typed}
            extra = [TypedEntity(n, EntityType.CONCEPT) for n in names if n not in typed_names]
            for entity in [*typed, *extra]:
                if found.get(entity.name, EntityType.CONCEPT) is EntityType.CONCEPT:
                    found[entity.name] = entity.type
                first, last = seen.get(entity.name, (at, at))
                seen[entity.name] = (min(first, at), max(last, at))
                pairs[(memory_id, entity.name)] = None
        self._upsert(cur, found, seen)
        if pairs:
            upsert_rows(
                cur,
                "memory_entities",
                {"memory_id": [m for m, _ in pairs], "entity_id": [e for _, e in pairs]},
                "DO NOTHING",
                [m in fresh for m, _ in pairs],
            )

    def relate(
        self, cur: duckdb.DuckDBPyConnection, claims: Sequence[tuple[Relation, datetime, str]]
    ) -> None:
        """Record relationships in the order they were stated, each with the turn that stated
        it (a forget of that turn takes it)."""
        for claim, since, turn_id in sorted(claims, key=lambda c: c[1]):
            self._upsert(
                cur,
                {
                    claim.object: OBJECT_TYPES.get(claim.relation, EntityType.CONCEPT),
                    claim.subject: EntityType.PERSON,
                },
                {claim.subject: (since, since), claim.object: (since, since)},
            )
            if claim.ended:
                cur.execute(
                    "UPDATE entity_relationships SET until = ? WHERE source_id = ? "
                    "AND relation = ? AND target_id = ? AND until IS NULL",
                    [since, claim.subject, claim.relation, claim.object],
                )
                continue
            open_now = cur.execute(
                "SELECT target_id FROM entity_relationships WHERE source_id = ? "
                "AND relation = ? AND until IS NULL",
                [claim.subject, claim.relation],
            ).fetchall()
            if (claim.object,) in open_now:
                continue
            if claim.relation in SINGLE_VALUED:
                cur.execute(
                    "UPDATE entity_relationships SET until = ? WHERE source_id = ? "
                    "AND relation = ? AND until IS NULL",
                    [since, claim.subject, claim.relation],
                )
            cur.execute(
                "INSERT INTO entity_relationships VALUES (?, ?, ?, ?, NULL, ?)",
                [claim.subject, claim.object, claim.relation, since, turn_id],
            )

    def all(self) -> list[EntitySummary]:
        """Every entity with how many live memories mention it, most mentioned first."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT e.id, e.type, e.first_seen, e.last_seen, count(m.id) AS n "
                "FROM entities e LEFT JOIN memory_entities me ON me.entity_id = e.id "
                f"LEFT JOIN memories m ON m.id = me.memory_id AND {live('m')} "
                "GROUP BY ALL ORDER BY n DESC, e.id"
            )
            .fetchall()
        )
        return [EntitySummary(r[0], EntityType(r[1]), r[2], r[3], r[4]) for r in rows]

    def relationships(self) -> list[Relationship]:
        rows = (
            self._db.cursor()
            .execute(
                "SELECT source_id, relation, target_id, since, until FROM entity_relationships "
                "ORDER BY source_id, relation, since"
            )
            .fetchall()
        )
        return [Relationship(*row) for row in rows]

    @staticmethod
    def drop_orphans(cur: duckdb.DuckDBPyConnection) -> None:
        """Entities no memory mentions any more go, with their relationships (a forgotten
        name must not outlive the memories it came from)."""
        cur.execute(
            "DELETE FROM entity_relationships WHERE source_id NOT IN "
            "(SELECT entity_id FROM memory_entities) OR target_id NOT IN "
            "(SELECT entity_id FROM memory_entities)"
        )
        cur.execute("DELETE FROM entities WHERE id NOT IN (SELECT entity_id FROM memory_entities)")
