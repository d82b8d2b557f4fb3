"""The entity graph: named people, places, projects, files and concepts, the memories that
mention them (each link dated: when that memory first and last named it, so a forgotten
memory takes its sighting along), and typed relationships with since / until. A
relationship that can hold only one value at a time (where someone lives, works) is closed
when a new one starts, so its history stays."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

import duckdb

from core.ingest.entities import EntityType, graph_entities, lower_case_words, written_as
from core.ingest.fact import THE_USER, Relation
from core.model import NewMemory
from core.store.database import BATCH_RELATION, Database, id_in
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
    """`name` as the memories write it ("Caroline"); `id` as the graph keys it ("caroline")."""

    id: str
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

    def _add(
        self,
        cur: duckdb.DuckDBPyConnection,
        rows: dict[str, EntityType],
        written: dict[str, str] | None = None,
    ) -> None:
        """Entities by name with their type: those never seen go in, and a known one seen only
        as a concept takes the type it is named with now. `written`: names as a memory writes
        them, kept as the entity's name where it had none but its id. Read first, then plain
        statements: a turn mostly names known entities, and `ON CONFLICT` cost more than
        both."""
        if not rows:
            return
        written = written or {}
        where, params = id_in("id", list(rows))
        known = {
            row[0]: row[1:]
            for row in cur.execute(
                f"SELECT id, type, name FROM entities WHERE {where}", params
            ).fetchall()
        }
        new = [name for name in rows if name not in known]
        self._db.insert_rows(
            cur,
            "entities",
            {
                "id": new,
                "name": [written.get(name, name) for name in new],
                "type": [rows[name].value for name in new],
            },
        )
        changed: dict[str, tuple[str, str]] = {}
        for name, kind in rows.items():
            if name not in known:
                continue
            type_, shown = known[name]
            if type_ == EntityType.CONCEPT.value:
                type_ = kind.value
            if shown == name:
                shown = written.get(name, name)
            if (type_, shown) != known[name]:
                changed[name] = (type_, shown)
        self._db.with_batch(
            cur,
            {
                "id": list(changed),
                "type": [type_ for type_, _ in changed.values()],
                "name": [shown for _, shown in changed.values()],
            },
            f"UPDATE entities SET type = b.type, name = b.name FROM {BATCH_RELATION} b "
            "WHERE entities.id = b.id",
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

    def link_written(
        self, cur: duckdb.DuckDBPyConnection, memory_id: str, memory: NewMemory
    ) -> None:
        """A memory written outside the learning of an exchange or a document (a pin, an
        edit, a correction, a summary) linked to what it names, as of when it was made: the
        graph knew only the version it replaced."""
        self.link_at(
            cur, [(memory_id, memory.content, memory.entities, memory.created_at)], {memory_id}
        )

    def relink(
        self,
        cur: duckdb.DuckDBPyConnection,
        memories: Sequence[tuple[str, str, Sequence[str], datetime]],
    ) -> tuple[int, int]:
        """The links of (memory id, text, names found by other means, when it was made) made
        what today's reading finds: those it no longer finds go, and missing ones come dated
        when the memory was made. Returns how many went and how many came."""
        wanted: dict[tuple[str, str], EntityType] = {}
        written: dict[str, str] = {}
        written_lower = lower_case_words(text for _, text, _, _ in memories)
        for memory_id, text, names, _ in memories:
            for entity in graph_entities(text, names, written_lower):
                wanted.setdefault((memory_id, entity.name), entity.type)
                _note_written(written, text, entity.name)
        made = {memory_id: at for memory_id, _, _, at in memories}
        where, params = id_in("memory_id", list(made))
        held = set(
            cur.execute(
                f"SELECT memory_id, entity_id FROM memory_entities WHERE {where}", params
            ).fetchall()
        )
        gone = held - wanted.keys()
        self._db.with_batch(
            cur,
            {"memory_id": [m for m, _ in gone], "entity_id": [e for _, e in gone]},
            f"DELETE FROM memory_entities USING {BATCH_RELATION} b WHERE "
            "memory_entities.memory_id = b.memory_id AND memory_entities.entity_id = b.entity_id",
        )
        new = [pair for pair in wanted if pair not in held]
        found: dict[str, EntityType] = {}
        for pair, kind in wanted.items():
            if found.get(pair[1], EntityType.CONCEPT) is EntityType.CONCEPT:
                found[pair[1]] = kind
        self._add(cur, found, written)
        self._db.insert_rows(
            cur,
            "memory_entities",
            {
                "memory_id": [m for m, _ in new],
                "entity_id": [e for _, e in new],
                "first_seen": [made[m] for m, _ in new],
                "last_seen": [made[m] for m, _ in new],
            },
        )
        return len(gone), len(new)

    def named_by(self, memory_id: str) -> list[str]:
        """The names the graph links to one memory, as written."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT e.name FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
                "WHERE me.memory_id = ?",
                [memory_id],
            )
            .fetchall()
        )
        return [row[0] for row in rows]

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
        # When each memory named each entity: first and last (a memory merged into names
        # again what it already named).
        seen: dict[tuple[str, str], tuple[datetime, datetime]] = {}
        written: dict[str, str] = {}
        written_lower = lower_case_words(text for _, text, _, _ in memories)
        for memory_id, text, names, at in memories:
            for entity in graph_entities(text, names, written_lower):
                if found.get(entity.name, EntityType.CONCEPT) is EntityType.CONCEPT:
                    found[entity.name] = entity.type
                _note_written(written, text, entity.name)
                first, last = seen.get((memory_id, entity.name), (at, at))
                seen[(memory_id, entity.name)] = (min(first, at), max(last, at))
        self._add(cur, found, written)
        if seen:
            upsert_rows(
                cur,
                "memory_entities",
                {
                    "memory_id": [m for m, _ in seen],
                    "entity_id": [e for _, e in seen],
                    "first_seen": [first for first, _ in seen.values()],
                    "last_seen": [last for _, last in seen.values()],
                },
                "(memory_id, entity_id) DO UPDATE SET "
                "first_seen = least(memory_entities.first_seen, excluded.first_seen), "
                "last_seen = greatest(memory_entities.last_seen, excluded.last_seen)",
                [m in fresh for m, _ in seen],
            )

    def relate(
        self, cur: duckdb.DuckDBPyConnection, claims: Sequence[tuple[Relation, datetime, str]]
    ) -> None:
        """Record relationships in the order they were stated, each with the turn that stated
        it (a forget of that turn takes it)."""
        for claim, since, turn_id in sorted(claims, key=lambda c: c[1]):
            self._add(
                cur,
                {
                    claim.object: OBJECT_TYPES.get(claim.relation, EntityType.CONCEPT),
                    claim.subject: EntityType.PERSON,
                },
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
        """Every entity with how many live memories mention it, most mentioned first, and
        when it was first and last seen: in a memory, or in a relationship stated."""
        rows = (
            self._db.cursor()
            .execute(
                "WITH sightings AS (SELECT entity_id AS id, first_seen AS first, "
                "last_seen AS last FROM memory_entities "
                "UNION ALL SELECT source_id, since, since FROM entity_relationships "
                "UNION ALL SELECT target_id, since, since FROM entity_relationships) "
                "SELECT e.id, e.name, e.type, s.first, s.last, coalesce(c.n, 0) AS n "
                "FROM entities e "
                "JOIN (SELECT id, min(first) AS first, max(last) AS last FROM sightings "
                "GROUP BY id) s ON s.id = e.id "
                "LEFT JOIN (SELECT me.entity_id AS id, count(*) AS n FROM memory_entities me "
                f"JOIN memories m ON m.id = me.memory_id AND {live('m')} GROUP BY 1) c "
                "ON c.id = e.id ORDER BY n DESC, e.id"
            )
            .fetchall()
        )
        return [EntitySummary(r[0], r[1], EntityType(r[2]), r[3], r[4], r[5]) for r in rows]

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
        name must not outlive the memories it came from). The user is no name a memory
        mentions ("The user lives in Lisbon"): their relationships go with what they relate
        them to, or with the turn that stated them."""
        named = "(SELECT entity_id FROM memory_entities UNION ALL SELECT ?)"
        cur.execute(
            f"DELETE FROM entity_relationships WHERE source_id NOT IN {named} "
            f"OR target_id NOT IN {named}",
            [THE_USER, THE_USER],
        )
        cur.execute(
            "DELETE FROM entities WHERE id NOT IN (SELECT entity_id FROM memory_entities) "
            "AND id NOT IN (SELECT source_id FROM entity_relationships "
            "UNION ALL SELECT target_id FROM entity_relationships)"
        )


def _note_written(written: dict[str, str], text: str, name: str) -> None:
    """How `text` writes `name`, if none of the batch's texts did yet."""
    if name not in written and (form := written_as(text, name)) is not None:
        written[name] = form
