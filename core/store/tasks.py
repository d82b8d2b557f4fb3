"""The task inbox: candidates the assistant noticed, and what the user made of them. A task said
again is reinforced, not duplicated; dismissing keeps the row (soft delete)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

import duckdb

from core.due import Due, on_the_day
from core.errors import StoreError
from core.model import Role, Task, TaskPriority, TaskStatus, Turn
from core.store.database import IDS, Database, pack_ids
from core.store.literals import literal
from core.task_scoring import DEFAULT_TASKS, TaskConfig, priority_for, same_task
from core.tasks import TaskCandidate
from core.to_do_words import task_title
from core.to_dos_cancelled import cancelled_named, cancelled_said, events_of, it_cancelled
from core.to_dos_done import (
    Moved,
    Settled,
    decided_of_it,
    deeds_said,
    dropped_said,
    named_by,
    named_in,
)
from core.to_dos_moved import MoveSaid, moves_said

_COLUMNS = (
    "id, title, status, confidence, priority, due_at, source_turn_id, mentions, created_at, "
    "updated_at, remind_at"
)
# Written into the SQL (constants): a bound parameter costs a statement ~0.2 ms more.
_OPEN = "('candidate', 'confirmed')"


def _row_to_task(row: Sequence[object]) -> Task:
    return Task(
        id=row[0],
        title=row[1],
        status=TaskStatus(row[2]),
        confidence=row[3],
        priority=TaskPriority(row[4]),
        due_at=row[5],
        source_turn_id=row[6],
        mentions=row[7],
        created_at=row[8],
        updated_at=row[9],
        remind_at=row[10],
    )


class TaskRepository:
    def __init__(self, db: Database, config: TaskConfig = DEFAULT_TASKS) -> None:
        self._db = db
        self.config = config
        # Counts the user's decisions (confirm, dismiss, done, a new title): a conversation
        # holding a to-do in its working memory looks again only when this moved.
        self.decisions = 0

    def _open(self, cur: duckdb.DuckDBPyConnection) -> list[Task]:
        rows = cur.execute(
            f"SELECT {_COLUMNS} FROM tasks WHERE status IN {_OPEN} ORDER BY created_at"
        ).fetchall()
        return [_row_to_task(r) for r in rows]

    def inbox(self) -> list[Task]:
        """What the user sees: confirmed tasks and candidates confident enough to show, the
        most urgent first (due soonest, then the highest priority, then highest confidence)."""
        tasks = [t for t in self._open(self._db.cursor()) if self.in_inbox(t)]
        far = datetime.max.replace(tzinfo=tasks[0].created_at.tzinfo) if tasks else None
        rank = list(TaskPriority)
        return sorted(
            tasks, key=lambda t: (t.due_at or far, -rank.index(t.priority), -t.confidence)
        )

    def out_of_inbox(self) -> list[Task]:
        """The to-dos the inbox does not show, the latest changed first: finished, dismissed,
        expired, and hedges waiting for a second mention (one decided by a slip is found here
        and confirmed back)."""
        rows = (
            self._db.cursor()
            .execute(f"SELECT {_COLUMNS} FROM tasks ORDER BY updated_at DESC, created_at DESC")
            .fetchall()
        )
        return [t for t in map(_row_to_task, rows) if not self.in_inbox(t)]

    def in_inbox(self, task: Task) -> bool:
        """Whether the user sees this open task: tracked, or confident enough to suggest (a
        hedge said once waits out of sight for a second mention)."""
        return task.status is TaskStatus.CONFIRMED or (
            task.status is TaskStatus.CANDIDATE and task.confidence >= self.config.threshold
        )

    def get(self, task_id: str) -> Task | None:
        rows = (
            self._db.cursor()
            .execute(f"SELECT {_COLUMNS} FROM tasks WHERE id = ?", [task_id])
            .fetchall()
        )
        return _row_to_task(rows[0]) if rows else None

    def record(
        self, cur: duckdb.DuckDBPyConnection, candidates: Sequence[TaskCandidate]
    ) -> list[Task]:
        """Store new candidates and reinforce open tasks they repeat, inside the caller's
        write transaction. Returns the tasks that were created or changed."""
        if not candidates:
            return []
        open_tasks = self._open(cur)
        touched: dict[str, Task] = {}
        recency = self.config.recency_weight
        for candidate in candidates:
            match = next((t for t in open_tasks if same_task(t.title, candidate.title)), None)
            if match is None:
                task = self._insert(
                    cur,
                    candidate.title,
                    candidate.confidence,
                    candidate.priority,
                    candidate.due_at,
                    candidate.source_turn_id,
                    candidate.said_at,
                    remind_at=candidate.remind_at,
                )
                open_tasks.append(task)
                touched[task.id] = task
                continue
            previous = match.confidence + (recency if match.mentions == 1 else 0.0)
            confidence = round(min(1.0, max(previous, candidate.confidence + recency)), 4)
            # The latest word on the deadline wins, typed or said, with its reminder (or none
            # before it): a mention found in an older chat (an import) does not move a
            # deadline set since.
            # Written as literals: bound, the values cost the statement ~1 ms more.
            said_at, due_at = literal(candidate.said_at), literal(candidate.due_at)
            priority = literal(priority_for(confidence, self.config).value)
            (row,) = cur.execute(
                f"UPDATE tasks SET mentions = mentions + 1, confidence = {literal(confidence)}, "
                f"priority = CASE WHEN priority_chosen THEN priority ELSE {priority} END, "
                f"remind_at = CASE WHEN {said_at} >= updated_at AND {due_at} IS NOT NULL "
                f"THEN {literal(candidate.remind_at)} ELSE remind_at END, "
                f"due_at = CASE WHEN {said_at} >= updated_at THEN coalesce({due_at}, due_at) "
                f"ELSE due_at END, updated_at = greatest(updated_at, {said_at}) "
                f"WHERE id = {literal(match.id)} RETURNING {_COLUMNS}"
            ).fetchall()
            updated = _row_to_task(row)
            open_tasks[open_tasks.index(match)] = updated
            touched[updated.id] = updated
        return list(touched.values())

    def add(self, title: str, due_at: datetime | None, now: datetime) -> Task:
        """A to-do the user wrote down themselves: tracked at once, since there is nothing
        to confirm, and not tied to anything said. Its priority is the middle one (priority
        comes from how surely a to-do was heard, and this one was not heard) until a mention
        in chat reinforces it."""
        with self._db.write() as cur:
            return self._insert(
                cur,
                task_title(title),
                1.0,
                TaskPriority.MEDIUM,
                due_at,
                None,
                now,
                TaskStatus.CONFIRMED,
            )

    def _insert(
        self,
        cur: duckdb.DuckDBPyConnection,
        title: str,
        confidence: float,
        priority: TaskPriority,
        due_at: datetime | None,
        source_turn_id: str | None,
        at: datetime,
        status: TaskStatus = TaskStatus.CANDIDATE,
        remind_at: datetime | None = None,
    ) -> Task:
        task_id = "t-" + uuid.uuid4().hex[:12]
        (row,) = cur.execute(
            "INSERT INTO tasks (id, title, status, confidence, priority, due_at, source_turn_id, "
            "mentions, created_at, updated_at, remind_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) "
            f"RETURNING {_COLUMNS}",
            [
                task_id,
                title,
                status.value,
                confidence,
                priority.value,
                due_at,
                source_turn_id,
                at,
                at,
                remind_at,
            ],
        ).fetchall()
        return _row_to_task(row)

    def settle_said(
        self,
        cur: duckdb.DuckDBPyConnection,
        said: Sequence[Turn],
        now: datetime,
        conversation: Sequence[Turn] = (),
    ) -> Settled:
        """Finish the open to-dos the user's turns say were done, dismiss those they say
        are no longer to do (`core.to_dos_done`) or of an event called off
        (`core.to_dos_cancelled`), move those they say moved to another day
        (`core.to_dos_moved`) and track a suggestion they say to keep, inside the caller's
        write transaction; as the inbox's buttons do, it counts as the user's decision.
        `conversation` holds the replies they answer: "Done!" finishes the one to-do just
        spoken of (`_spoken_of`)."""
        deeds = [deed for turn in said for deed in deeds_said(turn.text)]
        dropped = [what for turn in said for what in dropped_said(turn.text)]
        moves = [
            (turn, move)
            for turn in said
            for move in moves_said(turn.text, turn.at, _reply_before(turn, conversation))
        ]
        of_it = [(turn, status) for turn in said if (status := decided_of_it(turn.text))]
        cancelled = [what for turn in said for what in cancelled_said(turn.text, turn.at)]
        it_off = [turn for turn in said if it_cancelled(turn.text)]
        if not (deeds or dropped or moves or of_it or cancelled or it_off):
            return Settled()  # the open to-dos are read only now: ~1.5 ms a turn
        # A to-do these very turns noticed is not one they settle.
        noticed = {turn.id for turn in said}
        open_tasks = [t for t in self._open(cur) if t.source_turn_id not in noticed]
        # An event called off is dismissed, not done ("I cancelled my dentist appointment").
        decided = {
            TaskStatus.DISMISSED: cancelled_named(cancelled, open_tasks)
            + named_by(dropped, open_tasks),
            TaskStatus.DONE: named_by(deeds, open_tasks),
            TaskStatus.CONFIRMED: [],
        }
        for turn, status in of_it:
            it = _spoken_of(turn, conversation, open_tasks)
            decided[status] += it if len(it) == 1 else []
        for turn in it_off:
            it = events_of(_spoken_of(turn, conversation, open_tasks))
            decided[TaskStatus.DISMISSED] += it if len(it) == 1 else []
        # Each once, the first word on it kept; only a suggestion is confirmed.
        seen: set[str] = set()
        for status, tasks in decided.items():
            decided[status] = list({t.id: t for t in tasks if t.id not in seen}.values())
            seen.update(t.id for t in decided[status])
        tracked = [t for t in decided[TaskStatus.CONFIRMED] if t.status is TaskStatus.CANDIDATE]
        decided[TaskStatus.CONFIRMED] = tracked
        left = [t for t in open_tasks if t.id not in seen]
        named = [
            (
                move,
                named_by([move.what], left) if move.what else _spoken_of(turn, conversation, left),
            )
            for turn, move in moves
        ]
        for status, tasks in decided.items():
            if tasks:
                cur.execute(
                    f"UPDATE tasks SET status = ?, updated_at = ? WHERE id IN {IDS}",
                    [status.value, now, pack_ids([t.id for t in tasks])],
                )
                self.decisions += 1
        return Settled(
            tuple(decided[TaskStatus.DONE]),
            tuple(decided[TaskStatus.DISMISSED]),
            self._move(cur, named, now),
            tuple(tracked),
        )

    def _move(
        self,
        cur: duckdb.DuckDBPyConnection,
        moves: Sequence[tuple[MoveSaid, Sequence[Task]]],
        now: datetime,
    ) -> tuple[Moved, ...]:
        """Each to-do a move names alone takes its new day (an hour alone, "make it 6pm", on
        the day it had), and the reminder asked for before the old one goes with it, as when
        the deadline is typed in the inbox. Words that name two to-dos ("the report": write
        it, print it) move neither."""
        moved: dict[str, Moved] = {}
        for move, named in moves:
            if len(named) != 1:
                continue
            task = named[0]
            if move.due is None:
                # Moved by a stretch of time: from the time it had, if it had one.
                if task.due_at is None or move.by is None:
                    continue
                due = task.due_at + move.by
            else:
                due = move.due.at
                if task.due_at is not None:
                    due = on_the_day(move.due, Due(task.due_at.astimezone(due.tzinfo), "")).at
            if due == task.due_at:
                continue
            after = replace(task, due_at=due, remind_at=None, updated_at=now)
            moved[task.id] = Moved(task, after)
            cur.execute(
                "UPDATE tasks SET due_at = ?, remind_at = NULL, updated_at = ? WHERE id = ?",
                [after.due_at, now, task.id],
            )
        self.decisions += bool(moved)
        return tuple(moved.values())

    def set_status(self, task_id: str, status: TaskStatus, now: datetime) -> Task:
        """Confirm (track it), finish, or dismiss (soft delete) a task."""
        return self._update(task_id, {"status": status.value}, now)

    def rename(self, task_id: str, title: str, now: datetime) -> Task:
        """The user's wording wins over what was noticed."""
        return self._update(task_id, {"title": task_title(title)}, now)

    def set_due(self, task_id: str, due_at: datetime | None, now: datetime) -> Task:
        """The user's deadline wins over the one heard (None: no deadline), and it reminds
        then: a reminder asked for before the old deadline goes with it."""
        return self._update(task_id, {"due_at": due_at, "remind_at": None}, now)

    def put_back_day(
        self, task_id: str, due_at: datetime | None, remind_at: datetime | None, now: datetime
    ) -> Task:
        """A move of the to-do's day taken back: the deadline and the reminder it had."""
        return self._update(task_id, {"due_at": due_at, "remind_at": remind_at}, now)

    def set_priority(self, task_id: str, priority: TaskPriority, now: datetime) -> Task:
        """The user's priority wins over the one heard, and later mentions leave it be."""
        return self._update(task_id, {"priority": priority.value, "priority_chosen": True}, now)

    def _update(self, task_id: str, values: dict[str, object], now: datetime) -> Task:
        """An unknown id is an error the user can act on."""
        assignments = "".join(f"{column} = ?, " for column in values)
        with self._db.write() as cur:
            rows = cur.execute(
                f"UPDATE tasks SET {assignments}updated_at = ? WHERE id = ? RETURNING {_COLUMNS}",
                [*values.values(), now, task_id],
            ).fetchall()
            if not rows:
                raise StoreError(f"No task with id {task_id}.")
        self.decisions += 1
        return _row_to_task(rows[0])

    def expire_candidates(
        self,
        cur: duckdb.DuckDBPyConnection,
        now: datetime,
        ttl: timedelta,
        among: Sequence[str] | None = None,
    ) -> set[str]:
        """Candidates nobody confirmed or mentioned again within `ttl` expire with the working
        memory they lived in; `among` limits it to those tasks (an import's own). Returns the
        ids of those that expired."""
        if among is not None and not among:
            return set()
        only = "" if among is None else f" AND id IN ({', '.join('?' * len(among))})"
        rows = cur.execute(
            "UPDATE tasks SET status = 'expired', updated_at = ? "
            f"WHERE status = 'candidate' AND updated_at < ?{only} RETURNING id",
            [now, now - ttl, *(among or ())],
        ).fetchall()
        return {row[0] for row in rows}


def _spoken_of(turn: Turn, conversation: Sequence[Turn], open_tasks: Sequence[Task]) -> list[Task]:
    """The to-dos "it" may be in `turn` ("Done!", "Make it 6pm"): those the reply before it
    named, or else those the user's message before it noticed or said again, or `turn` itself
    said again ("Can you add that to my to-do list?" is a mention of it too)."""
    if named := named_in(_reply_before(turn, conversation), open_tasks):
        return named
    earlier = [t for t in conversation if t.seq < turn.seq and t.role is Role.USER]
    said = earlier[-1].at if earlier else turn.at
    return [t for t in open_tasks if t.updated_at in (said, turn.at)]


def _reply_before(turn: Turn, conversation: Sequence[Turn]) -> str:
    return next(
        (t.text for t in reversed(conversation) if t.seq < turn.seq and t.role is Role.ASSISTANT),
        "",
    )
