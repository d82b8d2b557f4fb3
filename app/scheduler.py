"""When the background jobs run. APScheduler only decides *when* (runs missed while the laptop
slept are coalesced into one); the jobs run on a QThread worker, one batch at a time, and
report through signals. The jobs themselves are `core.consolidate`'s plain functions, the
same the CLI and the tests call; they write in small transactions, so chat never waits long
for the writer."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from apscheduler.schedulers.background import BackgroundScheduler
from apscheduler.triggers.interval import IntervalTrigger
from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.thread_end import wait_for_end
from core.consolidate import JOBS, JobContext, run_jobs
from core.embed import Embedder
from core.llm import LLM
from core.store import MemoryStore

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]


@dataclass(frozen=True, slots=True)
class Cadence:
    """How often each group of jobs runs (seed 000's daily / weekly / monthly, seed 003's
    6-hourly decay and compression)."""

    every: timedelta
    jobs: tuple[str, ...]


DEFAULT_CADENCES: dict[str, Cadence] = {
    "six_hourly": Cadence(
        timedelta(hours=6), ("compress", "links", "entities", "indexes", "layout")
    ),
    "daily": Cadence(
        timedelta(days=1),
        ("sessions", "working", "tasks", "duplicates", "conflicts", "digest", "backup"),
    ),
    "weekly": Cadence(timedelta(days=7), ("episodes",)),
    "monthly": Cadence(timedelta(days=30), ("projects",)),
}


def cadences_from_hours(hours: Mapping[str, float] | None) -> dict[str, Cadence]:
    """The defaults with the intervals the user set (in hours) for any group."""
    chosen = dict(DEFAULT_CADENCES)
    for name, value in (hours or {}).items():
        if name in chosen and value > 0:
            chosen[name] = Cadence(timedelta(hours=value), chosen[name].jobs)
    return chosen


class LifecycleWorker(QObject):
    """Lives on its own QThread; runs the jobs it is asked to, one after another."""

    sig_job_started = Signal(str)
    """A job began."""
    sig_job_finished = Signal(str, dict)
    """A job ended, with what it did (counts)."""
    sig_job_failed = Signal(str, str)
    """A job failed; the message is for the user."""
    sig_run_requested = Signal(list)
    """Ask the worker (from any thread) to run these jobs."""

    def __init__(
        self,
        store: MemoryStore,
        embedder: Embedder,
        home: Path,
        clock: Clock,
        llm: LLM | None = None,
        live_sessions: Callable[[], Collection[str]] = frozenset,
    ) -> None:
        """`live_sessions` names the conversations open in the app when a job runs: a chat
        left open overnight is quiet, not abandoned, and is not closed under the user."""
        super().__init__()
        self._llm = llm
        self._live_sessions = live_sessions
        self._store = store
        self._embedder = embedder
        self._home = home
        self._clock = clock
        self.cancel = threading.Event()
        self.sig_run_requested.connect(self._on_run_requested)

    def use_llm(self, llm: LLM | None) -> None:
        """The chat's model, once loaded, also writes summaries and distils episodes (from
        the next job on; the model's own lock keeps it to one caller at a time)."""
        self._llm = llm

    @Slot(list)
    def _on_run_requested(self, names: list[str]) -> None:
        for name in names:
            if self.cancel.is_set():
                return
            self.sig_job_started.emit(name)
            context = JobContext(
                self._store,
                self._embedder,
                self._clock(),
                self._home,
                cancel=self.cancel,
                llm=self._llm,
                live_sessions=frozenset(self._live_sessions()),
            )
            try:
                (report,) = run_jobs(context, [name])
            except Exception as exc:  # shown to the user; the next job still runs
                log.exception("Background job %s failed", name)
                self.sig_job_failed.emit(name, f"{name} failed: {exc}")
                continue
            self.sig_job_finished.emit(name, dict(report.counts))


@dataclass
class LifecycleScheduler:
    """Owns the worker thread and the APScheduler that asks it to run."""

    worker: LifecycleWorker
    cadences: dict[str, Cadence] = field(default_factory=lambda: dict(DEFAULT_CADENCES))

    def __post_init__(self) -> None:
        unknown = {j for c in self.cadences.values() for j in c.jobs} - set(JOBS)
        if unknown:
            raise ValueError(f"Unknown background jobs: {sorted(unknown)}")
        self._thread = QThread()
        self._thread.setObjectName("engram-lifecycle")
        self.worker.moveToThread(self._thread)
        self._scheduler = BackgroundScheduler(
            timezone=UTC,
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
        )
        for name, cadence in self.cadences.items():
            self._scheduler.add_job(
                self.run_now,
                IntervalTrigger(seconds=int(cadence.every.total_seconds()), timezone=UTC),
                args=[list(cadence.jobs)],
                id=name,
                name=name,
            )

    def start(self) -> None:
        self._thread.start()
        self._scheduler.start()

    def run_now(self, names: list[str]) -> None:
        """Queue jobs on the worker (safe from any thread, including APScheduler's)."""
        self.worker.sig_run_requested.emit(names)

    def next_runs(self) -> dict[str, datetime | None]:
        return {job.id: job.next_run_time for job in self._scheduler.get_jobs()}

    def coalesces(self) -> bool:
        """Whether every group collapses runs missed during sleep into one."""
        return all(j.coalesce and j.max_instances == 1 for j in self._scheduler.get_jobs())

    @property
    def running(self) -> bool:
        """Whether its thread still runs (a job, or waiting for one)."""
        return self._thread.isRunning()

    def stop(self, timeout_ms: int = 30_000) -> None:
        """Stop scheduling, let the running job end at its next step, and wait for it.
        A step that outlasts `timeout_ms` is waited for (app.thread_end)."""
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)
        self.worker.cancel.set()
        self._thread.quit()
        wait_for_end(self._thread, timeout_ms, "the background upkeep's current step")
