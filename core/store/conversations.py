"""Sessions and turns: the raw record of what was said, which memories point back to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

import duckdb
import pyarrow as pa

from core.errors import StoreError
from core.model import Role, Session, SessionSummary, Turn
from core.store.database import IDS, Database, id_in, pack_ids
from core.store.working_items import TASK_PREFIX
from core.text_input import conversation_title


class ConversationRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def insert_sessions(self, cur: duckdb.DuckDBPyConnection, sessions: Sequence[Session]) -> None:
        """Sessions with their turns, two statements for any number of them."""
        if not sessions:
            return
        self._db.insert_rows(
            cur,
            "sessions",
            {
                "id": [s.id for s in sessions],
                "started_at": pa.array([s.started_at for s in sessions], pa.timestamp("us", "UTC")),
                "project": pa.array([s.project for s in sessions], pa.string()),
                "title": pa.array([s.title for s in sessions], pa.string()),
            },
        )
        self._insert_turns(cur, [(s.id, t) for s in sessions for t in s.turns])

    def insert_turns(
        self,
        cur: duckdb.DuckDBPyConnection,
        session_id: str,
        turns: Sequence[Turn],
        interrupted: Sequence[bool] | None = None,
        *,
        learnt: bool = True,
    ) -> None:
        """`learnt=False` stores turns whose facts and to-dos are yet to be learnt (see
        `learnt` and `unlearnt`)."""
        self._insert_turns(cur, [(session_id, t) for t in turns], interrupted, learnt)

    def _insert_turns(
        self,
        cur: duckdb.DuckDBPyConnection,
        turns: Sequence[tuple[str, Turn]],
        interrupted: Sequence[bool] | None = None,
        learnt: bool = True,
    ) -> None:
        if not turns:
            return
        self._db.insert_rows(
            cur,
            "turns",
            {
                "id": [t.id for _, t in turns],
                "session_id": [session_id for session_id, _ in turns],
                "seq": pa.array([t.seq for _, t in turns], pa.int32()),
                "role": [t.role.value for _, t in turns],
                "speaker": pa.array([t.speaker for _, t in turns], pa.string()),
                "text": [t.text for _, t in turns],
                "spoken_at": pa.array([t.at for _, t in turns], pa.timestamp("us", "UTC")),
                "interrupted": list(interrupted or [False] * len(turns)),
                "learnt": [learnt] * len(turns),
            },
        )

    @staticmethod
    def learnt(cur: duckdb.DuckDBPyConnection, turn_ids: Sequence[str]) -> None:
        """What these turns taught is written (in the caller's transaction)."""
        if turn_ids:
            where, params = id_in("id", turn_ids)
            cur.execute(f"UPDATE turns SET learnt = true WHERE {where}", params)

    @staticmethod
    def blank_session(cur: duckdb.DuckDBPyConnection, session_id: str) -> int:
        """Takes the words out of every turn of a conversation (in the caller's transaction,
        part of a forget); the turns stay, empty, in their order. Returns how many held any."""
        ((said,),) = cur.execute(
            "SELECT count(*) FROM turns WHERE session_id = ? AND text <> ''", [session_id]
        ).fetchall()
        cur.execute("UPDATE turns SET text = '' WHERE session_id = ?", [session_id])
        # Its name may hold its words ("Bank loan for the flat").
        cur.execute("UPDATE sessions SET title = NULL WHERE id = ?", [session_id])
        return int(said)

    def unlearnt(self, session_id: str) -> list[Turn]:
        """A session's turns stored but not yet learnt from, in order: a crash (or a failed
        write) came between the message and what it taught."""
        return self._turns("session_id = ? AND NOT learnt", [session_id])

    def existing_session_ids(self, session_ids: Sequence[str]) -> set[str]:
        rows = (
            self._db.cursor()
            .execute(f"SELECT id FROM sessions WHERE id IN {IDS}", [pack_ids(session_ids)])
            .fetchall()
        )
        return {row[0] for row in rows}

    def existing_turns(self, turn_ids: Sequence[str]) -> dict[str, str]:
        """turn id -> the session it is stored in, for the ids already present."""
        rows = (
            self._db.cursor()
            .execute(f"SELECT id, session_id FROM turns WHERE id IN {IDS}", [pack_ids(turn_ids)])
            .fetchall()
        )
        return dict(rows)

    def turns_by_session(self, session_ids: Sequence[str]) -> dict[str, list[Turn]]:
        """Every stored turn of these sessions in order, the blanks a forget left included."""
        found: dict[str, list[Turn]] = {}
        for turn in self._turns(f"session_id IN {IDS}", [pack_ids(session_ids)]):
            found.setdefault(turn.session_id, []).append(turn)
        return found

    def _turns(self, where: str, params: list[object]) -> list[Turn]:
        rows = (
            self._db.cursor()
            .execute(
                "SELECT id, session_id, seq, role, text, spoken_at, speaker FROM turns "
                f"WHERE {where} ORDER BY session_id, seq",
                params,
            )
            .fetchall()
        )
        return [Turn(r[0], r[1], r[2], Role(r[3]), r[4], r[5], r[6]) for r in rows]

    def turns(self, turn_ids: Sequence[str]) -> list[Turn]:
        return self._turns(f"id IN {IDS}", [pack_ids(turn_ids)])

    def stored_sessions(self, session_ids: Sequence[str] | None = None) -> list[Session]:
        """Whole conversations as they were said (all, or those named), oldest first: their
        name, project and the turns that hold words (a forget's blanks are left out, and a
        conversation with none left is not one)."""
        rows = self.sessions(session_ids)
        turns = self.turns_by_session([s.id for s in rows])
        said = {i: tuple(t for t in found if t.text) for i, found in turns.items()}
        return [replace(s, turns=said[s.id]) for s in rows if said.get(s.id)]

    def sessions(self, session_ids: Sequence[str] | None = None) -> list[Session]:
        """Conversations' own rows (all, or those named), oldest first, without their turns."""
        where, params = (
            ("", []) if session_ids is None else (f"WHERE id IN {IDS}", [pack_ids(session_ids)])
        )
        rows = (
            self._db.cursor()
            .execute(
                f"SELECT id, started_at, project, title FROM sessions {where} ORDER BY started_at",
                params,
            )
            .fetchall()
        )
        return [Session(r[0], r[1], r[2], (), r[3]) for r in rows]

    def open_sessions(self, idle_since: datetime) -> list[tuple[str, str | None]]:
        """(id, project) of sessions never closed whose last turn is older than `idle_since`:
        Engram stopped before closing them."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT s.id, s.project FROM sessions s JOIN turns t ON t.session_id = s.id "
                "WHERE s.ended_at IS NULL GROUP BY s.id, s.project "
                "HAVING max(t.spoken_at) < ? ORDER BY min(t.spoken_at)",
                [idle_since],
            )
            .fetchall()
        )
        return [(r[0], r[1]) for r in rows]

    def uncovered_turns(self, session_id: str) -> tuple[list[Turn], set[str]]:
        """A session's turns in order, and the ids of those no memory was made from yet."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT id, session_id, seq, role, text, spoken_at, speaker, id NOT IN "
                "(SELECT turn_id FROM memory_sources WHERE turn_id IS NOT NULL) "
                "FROM turns WHERE session_id = ? ORDER BY seq",
                [session_id],
            )
            .fetchall()
        )
        turns = [Turn(r[0], r[1], r[2], Role(r[3]), r[4], r[5], r[6]) for r in rows]
        return turns, {r[0] for r in rows if r[7]}

    def recent_sessions(self, limit: int = 200, containing: str = "") -> list[SessionSummary]:
        """Conversations last spoken in first (one gone on with comes up again), titled by
        their name, else by their first user message that a forget left (the sessions list: ""
        when none is); one begun but not yet spoken in, or one a forget left no words of, is
        not listed. `containing`: only those whose
        name or words hold this text (any case, taken literally)."""
        needle = " ".join(containing.split()).lower()
        rows = (
            self._db.cursor()
            .execute(
                "SELECT s.id, s.started_at, s.project, count(t.id), coalesce(s.title, "
                "arg_min(t.text, t.seq) FILTER (WHERE t.role = 'user' AND t.text <> '')), "
                "max(t.spoken_at) FROM sessions s LEFT JOIN turns t ON t.session_id = s.id "
                "GROUP BY s.id, s.started_at, s.project, s.title "
                "HAVING count(t.id) FILTER (WHERE t.text <> '') > 0 AND ($needle = '' "
                "OR contains(lower(coalesce(s.title, '')), $needle) "
                "OR bool_or(contains(lower(t.text), $needle))) "
                "ORDER BY max(t.spoken_at) DESC, s.started_at DESC LIMIT $limit",
                {"needle": needle, "limit": limit},
            )
            .fetchall()
        )
        return [
            SessionSummary(r[0], r[1], r[2], r[3], " ".join((r[4] or "").split()), r[5])
            for r in rows
        ]

    def session_turns(self, session_id: str) -> list[Turn]:
        return self._turns("session_id = ?", [session_id])

    def forgotten(self, session_id: str) -> set[str]:
        """Ids of the session's turns a forget blanked (a reply can also be empty because the
        model said nothing: those stay out)."""
        rows = (
            self._db.cursor()
            .execute(
                "SELECT DISTINCT t.id FROM turns t JOIN memory_sources s ON s.turn_id = t.id "
                "JOIN memories m ON m.id = s.memory_id "
                "WHERE t.session_id = ? AND t.text = '' AND m.forgotten_at IS NOT NULL",
                [session_id],
            )
            .fetchall()
        )
        return {r[0] for r in rows}

    def rename_session(self, session_id: str, title: str) -> None:
        """The user's name for a conversation; an empty one gives it back its first message's
        words."""
        with self._db.write() as cur:
            found = cur.execute("SELECT 1 FROM sessions WHERE id = ?", [session_id]).fetchall()
            if not found:
                raise StoreError(f"No conversation with id {session_id}.")
            cur.execute(
                "UPDATE sessions SET title = ? WHERE id = ?",
                [conversation_title(title), session_id],
            )

    def end_session(self, cur: duckdb.DuckDBPyConnection, session_id: str, at: datetime) -> None:
        cur.execute("UPDATE sessions SET ended_at = ? WHERE id = ?", [at, session_id])

    def reopen_session(self, cur: duckdb.DuckDBPyConnection, session_id: str) -> None:
        cur.execute("UPDATE sessions SET ended_at = NULL WHERE id = ?", [session_id])

    def counts(self) -> tuple[int, int]:
        """(sessions, turns)."""
        cur = self._db.cursor()
        sessions = cur.execute("SELECT count(*) FROM sessions").fetchall()[0][0]
        turns = cur.execute("SELECT count(*) FROM turns").fetchall()[0][0]
        return sessions, turns


def forget_what_was_said(
    cur: duckdb.DuckDBPyConnection, said: str, params: dict[str, object]
) -> None:
    """What else holds the words of turns being forgotten (`said`: a subquery of their ids as
    `turn_id`, with its `params`): a to-do noticed in them is titled with their words, as is
    its copy in a working set; a relationship stated in them; a change proposed from them."""
    cur.execute(
        "DELETE FROM working_items WHERE key IN (SELECT concat($prefix, id) FROM tasks "
        f"WHERE source_turn_id IN {said})",
        {**params, "prefix": TASK_PREFIX},
    )
    cur.execute(f"DELETE FROM tasks WHERE source_turn_id IN {said}", params)
    cur.execute(f"DELETE FROM entity_relationships WHERE source_turn_id IN {said}", params)
    cur.execute(
        "DELETE FROM pending_changes WHERE "
        f"list_has_any(source_turn_ids, (SELECT list(turn_id) FROM {said}))",
        params,
    )
