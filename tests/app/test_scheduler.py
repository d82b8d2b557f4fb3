"""Background scheduling: jobs run on the worker thread and report through signals, a failing
job is reported without stopping the rest, cadences are configurable, stop is prompt."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.scheduler import Cadence, LifecycleScheduler, LifecycleWorker, cadences_from_hours
from core.consolidate import JOBS, JobContext, JobReport
from core.embed import Embedder
from core.store import MemoryStore
from tests.app.desktop import heard

NOW = datetime(2026, 6, 1, tzinfo=UTC)


@pytest.fixture
def scheduler(store: MemoryStore, embedder: Embedder, tmp_path: Path):  # type: ignore[no-untyped-def]
    worker = LifecycleWorker(store, embedder, tmp_path, lambda: NOW)
    running = LifecycleScheduler(worker, cadences_from_hours({"six_hourly": 1}))
    running.start()
    yield running
    running.stop()


def test_jobs_run_off_the_ui_thread_and_report(qtbot: QtBot, scheduler: LifecycleScheduler) -> None:
    finished = heard(scheduler.worker.sig_job_finished)
    scheduler.run_now(["tasks", "links"])
    qtbot.waitUntil(lambda: len(finished) == 2, timeout=30_000)
    assert finished == [("tasks", {"expired": 0}), ("links", {"removed": 0})]


def test_a_failing_job_is_reported_and_the_next_still_runs(
    qtbot: QtBot, scheduler: LifecycleScheduler, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_: JobContext) -> JobReport:
        raise RuntimeError("disk full")

    monkeypatch.setitem(JOBS, "links", broken)
    failed = heard(scheduler.worker.sig_job_failed)
    done = heard(scheduler.worker.sig_job_finished)
    scheduler.run_now(["links", "tasks"])
    qtbot.waitUntil(lambda: bool(failed and done), timeout=30_000)
    assert failed == [("links", "links failed: disk full")]
    assert done[0][0] == "tasks"


def test_cadences_are_configurable_and_missed_runs_coalesce(
    scheduler: LifecycleScheduler,
) -> None:
    runs = scheduler.next_runs()
    assert set(runs) == {"six_hourly", "daily", "weekly", "monthly"}
    now = datetime.now(UTC)
    assert runs["six_hourly"] - now <= timedelta(hours=1, seconds=5)
    assert runs["daily"] - now > timedelta(hours=23)
    assert scheduler.coalesces()


def test_an_unknown_job_name_is_refused(
    store: MemoryStore, embedder: Embedder, tmp_path: Path
) -> None:
    worker = LifecycleWorker(store, embedder, tmp_path, lambda: NOW)
    with pytest.raises(ValueError, match="Unknown background jobs"):
        LifecycleScheduler(worker, {"daily": Cadence(timedelta(days=1), ("dance",))})
