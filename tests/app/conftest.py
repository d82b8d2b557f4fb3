"""The desktop app opened on a temporary store for each test that asks for it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.services import Services
from app.shell import AppShell, ShellOptions
from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, Embedder
from core.retrieval import Retriever
from core.settings import Settings
from core.store import MemoryStore
from tests.app.desktop import Clock, ShellFactory, activate


@pytest.fixture
def make_shell(
    qtbot: QtBot,
    tmp_path: Path,
    embedder: Embedder,
    tiny_gguf: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[ShellFactory]:
    """Opens the app on `tmp_path/home`; `model=False` is the first run without a model,
    `schedule=True` runs the background upkeep, `hidden=True` starts as at login. A
    data-folder choice made in a test stays in that test's own configuration folder."""
    monkeypatch.setenv("ENGRAM_CONFIG_DIR", str(tmp_path / "config"))
    shells: list[AppShell] = []

    def make(
        *,
        model: bool = True,
        hub: str | None = None,
        schedule: bool = False,
        hidden: bool = False,
        **settings: object,
    ) -> AppShell:
        home = tmp_path / "home"
        store = MemoryStore.open(home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
        services = Services(home, store, embedder, Retriever(store, embedder))
        values = Settings(
            llm_model_path=str(tiny_gguf) if model else None,
            context_size=1024,
            threads=1,
        )
        shell = AppShell(
            home,
            services,
            replace(values, **settings),
            Clock(),
            ShellOptions(schedule=schedule, hub_endpoint=hub, hidden=hidden),
        )
        # Shut down before pytest-qt closes the window (it does so before fixtures are torn
        # down): closing it with work still running (a re-embedding resumed at start, an
        # import) asks the user whether to quit, and that modal question waited forever.
        qtbot.addWidget(shell.window, before_close_func=lambda _: shell.shutdown())
        shell.start()
        if shell.window.isVisible():
            activate(qtbot, shell)
        shells.append(shell)
        return shell

    yield make
    for shell in shells:
        shell.shutdown()
    # What the shells held goes with the test, on the UI thread (tests/conftest.py).
    shells.clear()
