"""The desktop app assembled: the window, the store operations thread, the chat thread, the
background scheduler, settings and window state; and the shutdown that stops them all in
order (reply stopped, conversation remembered, jobs cancelled, database closed)."""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from app.about import about_text, open_folder
from app.chat_controller import ChatController
from app.command_relay import CommandRelay
from app.library_controller import LibraryController
from app.logs import log_file
from app.model_downloads import ModelDownloader
from app.operations import Operations
from app.paths import remember_home
from app.reembedding import Reembedding
from app.relayed_commands import run_relayed
from app.reminders import Reminders
from app.scheduler import LifecycleScheduler, LifecycleWorker, cadences_from_hours
from app.services import Services, embedder_spec
from core.assistant import Clock
from core.consolidate import DEFAULT_CONSOLIDATION, JobContext, run_jobs
from core.digest import DIGEST_DIR
from core.errors import EngramError
from core.model_download import CURATED_MODELS
from core.reembed import ReembedTarget, embed_missing, pending_target
from core.settings import Settings, save_settings
from ui import dialogs
from ui.main_window import MAP_TAB, MainWindow
from ui.model_download_dialog import ModelDownloadDialog
from ui.settings_dialog import SettingsDialog
from ui.theme import apply_theme

log = logging.getLogger(__name__)

WINDOW_STATE_FILE = "window.ini"
# Logged once the window takes input (the launch benchmark waits for it).
INTERACTIVE_MESSAGE = "Window interactive"
# The whole shutdown must fit in this (the chat thread gets most of it).
SHUTDOWN_BUDGET_S = 2.0
# An import stops between batches (a second at most); emptying the store waits for it longer,
# since a batch written after the reset would bring back what the user asked to forget.
IMPORT_STOP_S = 1.0
IMPORT_DRAIN_S = 30.0
# Upkeep jobs that change what the inbox lists (to-dos expire, or come from a conversation
# a crash left open).
INBOX_JOBS = frozenset({"tasks", "sessions", "working"})


@dataclass(frozen=True, slots=True)
class ShellOptions:
    """Tests switch the background scheduler off to keep runs deterministic."""

    schedule: bool = True
    # Where model downloads come from (tests point it at a local stand-in for the Hub).
    hub_endpoint: str | None = None
    # Started at login (`engram --hidden`): the window waits in the tray, where there is one.
    hidden: bool = False


class AppShell(QObject):
    """A QObject living on the UI thread, so the reports of the upkeep (whose worker lives on
    its own QThread) are queued onto it: connected to a plain object's method or a lambda, they
    ran on the upkeep's thread and opened error dialogs from there."""

    def __init__(
        self,
        home: Path,
        services: Services,
        settings: Settings,
        clock: Clock,
        options: ShellOptions = ShellOptions(),
    ) -> None:
        super().__init__()
        self.home = home
        self.services = services
        self.settings = settings
        self.clock = clock
        self.started_at = clock()
        self.window = MainWindow()
        self.ops = Operations(self.window)
        self.library = LibraryController(self.window, services, self.ops, clock)
        self.chat = ChatController(self.window, services, settings, clock, self.library)
        self.library.imports.yield_to = lambda: self.chat.busy
        # Commands typed on the terminal while the app holds the memory file run here.
        self.commands = CommandRelay(services, run_relayed)
        self.commands.sig_store_changed.connect(self.library.sig_store_changed)
        self.commands.sig_memories_forgotten.connect(self.library.sig_memories_forgotten)
        self.commands.sig_import_handed_over.connect(self._on_import_handed_over)
        self.reminders = Reminders(services.store, self.ops, clock, self)
        self.reminders.sig_tasks_due.connect(self.window.show_reminders)
        self.window.sig_snooze_requested.connect(self.reminders.snooze)
        # A deadline reached is overdue in the inbox from now.
        self.reminders.sig_tasks_due.connect(lambda _: self.library.refresh_inbox())
        self.scheduler: LifecycleScheduler | None = None
        self._hidden = options.hidden
        if options.schedule:
            worker = LifecycleWorker(
                services.store,
                services.embedder,
                home,
                clock,
                live_sessions=self.chat.live_sessions,
            )
            worker.sig_job_failed.connect(self._on_job_failed)
            worker.sig_job_finished.connect(self._on_job_finished)
            self.chat.worker.sig_model_loaded.connect(worker.use_llm)
            self.scheduler = LifecycleScheduler(worker, cadences_from_hours(settings.cadence_hours))
            scheduler = self.scheduler
            self.library.request_layout = lambda: scheduler.run_now(["layout"])
        self.ops.sig_failed.connect(self._on_ops_failed)
        self.ops.sig_busy_changed.connect(self.window.show_busy)
        self.window.sig_settings_requested.connect(self.open_settings)
        self.window.chat.sig_model_download_requested.connect(
            lambda: self.open_download(self.window, self.use_model)
        )
        self.window.chat.sig_model_file_requested.connect(self.choose_model_file)
        self.window.sig_about_requested.connect(self._on_about)
        self.window.sig_log_folder_requested.connect(self._on_log_folder)
        self.window_state = QSettings(str(home / WINDOW_STATE_FILE), QSettings.Format.IniFormat)
        self.settings_dialog: SettingsDialog | None = None
        self.download_dialog: ModelDownloadDialog | None = None
        self.downloader = ModelDownloader(home, options.hub_endpoint)
        self.reembedding = Reembedding(services.store, services.home)
        self.reembedding.sig_progress.connect(self._on_reembedding_progress)
        self.reembedding.sig_finished.connect(self._on_reembedding_finished)
        self.reembedding.sig_failed.connect(self._on_reembedding_failed)
        self.window.unfinished = self._unfinished
        self._closed = False

    def _on_import_handed_over(
        self, command: str, paths: list[Path], answer: Callable[[bool], None]
    ) -> None:
        """On the UI thread (a method of this object, so the command's thread is queued)."""
        answer(self.library.take_in(command, paths))

    def start(self) -> None:
        """Show the window at once; everything slow (model, embedder, jobs) follows behind."""
        self.window.restore_state(self.window_state)
        if not (self._hidden and self.window.tray is not None):
            self.window.show()
        # Ready to type into: the composer (or the restored tab's own field), not the transcript.
        self.window.show_tab(self.window.tabs.currentIndex())
        # Queued behind the first paint: from here the window answers input.
        QTimer.singleShot(0, lambda: log.info(INTERACTIVE_MESSAGE))
        self.library.refresh_all()
        self.chat.load_model()
        # The embedding model loads behind the window on a thread of its own: shutdown need not
        # wait for it, and a store operation that needs it simply waits on its lock.
        threading.Thread(target=self._warm_embedder, name="engram-embedder", daemon=True).start()
        self.ops.run("catch up on what the last run left", self._catch_up, self._on_caught_up)
        self.reminders.start()
        if self.scheduler is not None:
            self.scheduler.start()

    def _catch_up(self) -> ReembedTarget | None:
        """One instance per data folder: any conversation still open when this one starts was
        left by a crash (or a kill), however recently; it is remembered and closed now, and its
        saved working set settled. Memories a switch of embedding models left without a vector
        get one; what a search scores from is read into memory, so the first question does not
        wait for it. Returns a switch of models still under way."""
        ctx = JobContext(
            self.services.store,
            self.services.embedder,
            self.started_at,
            self.home,
            replace(DEFAULT_CONSOLIDATION, idle_session=timedelta(0)),
        )
        run_jobs(ctx, ["sessions", "working"])
        embed_missing(self.services.store, self.services.embedder)
        self.services.store.warm()
        return pending_target(self.services.store.db)

    def _on_caught_up(self, switch: ReembedTarget | None) -> None:
        self.library.refresh_sessions(None)
        if switch is not None:
            self._resume_reembedding(switch)

    def _unfinished(self) -> str | None:
        """Asked before quitting: what would stop half-way, and what becomes of it."""
        if self.library.importing:
            return (
                "An import is still running. What it has added stays; add the same files "
                "(or import the same conversations) again to finish the rest."
            )
        if self.downloader.running:
            return "A model download is running. It resumes where it stopped next time."
        if self.reembedding.running:
            return (
                "Memories are being embedded with the new model. It goes on where it stopped "
                "at the next start."
            )
        return None

    def _on_job_failed(self, _name: str, message: str) -> None:
        self.window.show_error("Background upkeep", message)

    def _on_job_finished(self, name: str, _counts: dict) -> None:
        self.library.refresh_stats()
        # Expired to-dos left the inbox; contradictions found wait in it.
        if name in INBOX_JOBS:
            self.library.refresh_inbox()
        if name == "layout" and self.window.tabs.currentIndex() == MAP_TAB:
            self.library.refresh_map()

    def _warm_embedder(self) -> None:
        try:
            self.services.embedder.load()
        except EngramError as exc:  # the first search or reply reports it to the user
            log.warning("Embedding model not loaded: %s", exc)

    def _on_about(self) -> None:
        text = about_text(self.home, self.settings, self.services.embedder.model_id)
        self.window.show_about("About Engram", text)

    def _on_log_folder(self) -> None:
        folder = log_file(self.home).parent
        if not open_folder(folder):
            self.window.show_error(
                "Engram", f"No file manager could be opened. The log is in {folder}"
            )

    def open_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self.home, self.window, self._settings_problem)
        dialog.accepted.connect(lambda: self._on_settings_accepted(dialog))
        dialog.sig_forget_everything_requested.connect(self.forget_everything)
        dialog.sig_model_download_requested.connect(
            lambda: self.open_download(dialog, lambda path: dialog.model_path.setText(str(path)))
        )
        dialog.finished.connect(dialog.deleteLater)
        self.settings_dialog = dialog
        dialog.open()

    def open_download(self, parent: QWidget, downloaded: Callable[[Path], None]) -> None:
        """The curated models; a finished download is handed to `downloaded` (the settings
        form's model file, or the model to use now)."""
        dialog = ModelDownloadDialog(CURATED_MODELS, parent)
        downloader = self.downloader
        dialog.sig_download_requested.connect(downloader.start)
        dialog.sig_cancel_requested.connect(downloader.cancel)
        downloader.sig_progress.connect(dialog.show_progress)
        downloader.sig_finished.connect(dialog.show_finished)
        downloader.sig_failed.connect(dialog.show_failed)

        def hand_over() -> None:
            if dialog.downloaded is not None:
                downloaded(dialog.downloaded)

        dialog.accepted.connect(hand_over)

        def disconnect() -> None:
            for signal, slot in (
                (downloader.sig_progress, dialog.show_progress),
                (downloader.sig_finished, dialog.show_finished),
                (downloader.sig_failed, dialog.show_failed),
            ):
                signal.disconnect(slot)
            downloader.cancel()

        dialog.finished.connect(disconnect)
        dialog.finished.connect(dialog.deleteLater)
        self.download_dialog = dialog
        dialog.open()

    def _settings_problem(self, values: Settings, folder: Path) -> str | None:
        """A different embedding model for this memory must be a readable model folder, and
        only one switch of models runs at a time. A new data folder starts a new memory,
        which may use any model."""
        same_folder = folder.expanduser().resolve() == self.home.resolve()
        if values.embedding_model_dir == self.settings.embedding_model_dir or not same_folder:
            return None
        if self.reembedding.running:
            return "A switch of embedding models is already running; wait for it to finish."
        try:
            embedder_spec(values)
        except EngramError as exc:
            return str(exc)
        return None

    def _on_settings_accepted(self, dialog: SettingsDialog) -> None:
        wanted = dialog.values()
        folder = dialog.chosen_data_folder()
        same_folder = folder.resolve() == self.home.resolve()
        previous = self.settings
        # This memory keeps its embedding model: a new one is adopted only once every memory
        # has been embedded with it (`_offer_reembedding`); a new data folder starts with it.
        new_model = wanted.embedding_model_dir != previous.embedding_model_dir
        values = replace(wanted, embedding_model_dir=previous.embedding_model_dir)
        try:
            save_settings(self.home, values)
            if not same_folder:
                save_settings(folder, wanted)
                remember_home(folder)
        except OSError as exc:
            self.window.show_error("Settings not saved", f"Could not write the settings: {exc}")
            return
        self.settings = values
        app = QApplication.instance()
        if isinstance(app, QApplication) and values.theme != previous.theme:
            apply_theme(app, values.theme)
        self.chat.apply_settings(values)
        if not same_folder:
            self.window.statusBar().showMessage(
                f"Engram will use {folder} from the next start.", 10_000
            )
        elif new_model:
            self._offer_reembedding(wanted)

    def choose_model_file(self) -> None:
        path = dialogs.choose_model_file(self.window)
        if path:
            self.use_model(path)

    def use_model(self, path: Path) -> None:
        """The chat's own way to a model on a first run (or after one failed to load): kept in
        the settings and loaded now, as if chosen there."""
        values = replace(self.settings, llm_model_path=str(path))
        if self._save_quietly(values):
            self.settings = values
            self.chat.apply_settings(values)

    def _save_quietly(self, values: Settings) -> bool:
        try:
            save_settings(self.home, values)
        except OSError as exc:
            self.window.show_error("Settings not saved", f"Could not write the settings: {exc}")
            return False
        return True

    def _offer_reembedding(self, wanted: Settings) -> None:
        """A different embedding model for this memory: every memory is embedded again in the
        background; the settings take the new model when that is done, the switch happens at
        the next start. Until then search keeps using the current vectors."""
        spec = embedder_spec(wanted)
        if (spec.model_id, spec.dim) == (
            self.services.store.db.config.embedding_model_id,
            self.services.store.db.config.embedding_dim,
        ):
            self._save_quietly(
                replace(self.settings, embedding_model_dir=wanted.embedding_model_dir)
            )
            return
        if not dialogs.confirm(
            self.window,
            "Switch the embedding model?",
            f"Every memory will be embedded again with {spec.model_id}, in the background "
            "(Engram stays usable; search keeps the current model meanwhile). Engram switches "
            "to the new model at its next start after that.",
        ):
            return
        self.reembedding.start(spec, wanted.embedding_model_dir)

    def _on_reembedding_progress(self, done: int, total: int) -> None:
        self.window.statusBar().showMessage(
            f"Embedding memories with the new model: {done} of {total}", 5_000
        )

    def _on_reembedding_finished(self, target: ReembedTarget) -> None:
        self.settings = replace(self.settings, embedding_model_dir=target.model_dir)
        self._save_quietly(self.settings)
        self.window.statusBar().showMessage(
            f"Every memory is embedded with {target.model_id}: restart Engram to switch to it."
        )

    def _on_reembedding_failed(self, message: str) -> None:
        self.window.show_error("Embedding model switch paused", message)

    def _resume_reembedding(self, target: ReembedTarget) -> None:
        """A switch interrupted by a quit or a crash continues where it stopped."""
        if target.model_dir == self.settings.embedding_model_dir:
            return
        try:
            spec = embedder_spec(replace(self.settings, embedding_model_dir=target.model_dir))
        except EngramError as exc:
            self.window.show_error("Embedding model switch paused", str(exc))
            return
        self.reembedding.start(spec, target.model_dir)

    def forget_everything(self) -> None:
        """The privacy reset: the store is emptied and rewritten, digests deleted, and a fresh
        conversation begins."""

        def run() -> None:
            # An import still writing would put its batches into the emptied store.
            self.library.imports.stop(timeout=IMPORT_DRAIN_S)
            self.services.store.forget_everything()
            shutil.rmtree(self.home / DIGEST_DIR, ignore_errors=True)

        def done(_: None) -> None:
            self.chat.new_session()
            self.library.refresh_all()
            self.window.statusBar().showMessage("Everything was forgotten.", 10_000)

        self.ops.run("forget everything", run, done)

    def _on_ops_failed(self, label: str, message: str) -> None:
        self.window.show_error("Engram", message)

    def shutdown(self) -> float:
        """Stop everything in order; returns the seconds it took."""
        if self._closed:
            return 0.0
        self._closed = True
        self.window.unfinished = lambda: None
        started = time.perf_counter()
        self.window.save_state(self.window_state)
        self.window_state.sync()
        self.reminders.stop()
        self.downloader.stop(timeout=0.2)
        self.reembedding.stop(timeout=0.5)
        self.library.imports.stop(timeout=IMPORT_STOP_S)
        self.chat.shutdown()
        if self.scheduler is not None:
            left = SHUTDOWN_BUDGET_S - (time.perf_counter() - started)
            self.scheduler.stop(timeout_ms=max(100, int(left * 1000)))
        self.ops.shutdown(timeout=max(0.1, SHUTDOWN_BUDGET_S - (time.perf_counter() - started)))
        self.window.show_busy("")
        self.services.close()
        took = time.perf_counter() - started
        log.info("Shut down in %.2f s", took)
        return took
