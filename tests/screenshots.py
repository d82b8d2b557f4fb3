"""Launches the real app on a virtual screen (run it under Xvfb: `bash packaging/engram.sh
screenshots`), drives one chat turn through the real widgets and saves screenshots of the main
window's chat (with the memory sidebar), the task inbox, the memory manager and the 3D map.

The data folder is a fresh temporary one with a demo conversation imported; the model is the
tiny random-weight GGUF the tests generate, so the reply is gibberish by design: what the
pictures show is the app around it."""

from __future__ import annotations

import argparse
import logging
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.logs import configure_logging
from app.services import open_services, wall_clock
from app.shell import AppShell
from core.ingest.conversation_file import parse_conversations
from core.ingest.conversations import ConversationImporter
from core.settings import Settings, load_settings, save_settings
from core.viz import update_layout
from tests.core.conversation_factory import conversation
from tests.tiny_gguf import write_tiny_gguf
from ui.chat_view import ModelState
from ui.main_window import CHAT_TAB, INBOX_TAB, MAP_TAB, MEMORY_TAB

log = logging.getLogger(__name__)

DEMO_TODOS = [
    "Remind me to renew my passport by Friday",
    "I have to call the plumber tomorrow about the garden shed",
]


def _wait(app: QApplication, done: Callable[[], bool], timeout_s: float = 120) -> None:
    end = time.monotonic() + timeout_s
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the app did not get there in time")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def _demo_data() -> dict:
    """Three recent conversations (ending yesterday) and two to-dos said in the last one."""
    data = conversation(sessions=3, turns_per_session=8)
    last = data["sessions"][-1]
    last_at = datetime.fromisoformat(last["turns"][-1]["at"])
    shift = wall_clock() - timedelta(days=1) - last_at
    for session in data["sessions"]:
        session["started_at"] = _shifted(session["started_at"], shift)
        for turn in session["turns"]:
            turn["at"] = _shifted(turn["at"], shift)
    at = last["turns"][-1]["at"]
    for i, text in enumerate(DEMO_TODOS):
        last["turns"].append(
            {"id": f"{last['id']}:todo{i}", "role": "user", "text": text, "at": at}
        )
    return data


def _shifted(iso: str, shift: timedelta) -> str:
    return (datetime.fromisoformat(iso) + shift).isoformat()


def take(out: Path) -> list[Path]:
    app = QApplication.instance() or QApplication(sys.argv)
    home = Path(tempfile.mkdtemp(prefix="engram-screens-"))
    configure_logging(home)
    model = write_tiny_gguf(home / "tiny.gguf")
    save_settings(home, Settings(llm_model_path=str(model), context_size=1024, threads=2))
    services = open_services(home)
    ConversationImporter(services.store, services.embedder).import_sessions(
        parse_conversations(_demo_data())
    )
    update_layout(services.store)
    shell = AppShell(home, services, load_settings(home), wall_clock)
    window = shell.window
    try:
        shell.start()
        window.resize(1360, 860)
        _wait(app, lambda: shell.chat.model_state is ModelState.READY)
        chat = window.chat
        QTest.keyClicks(chat.composer, "What do you remember about sourdough bread?")
        QTest.keyClick(chat.composer, Qt.Key.Key_Return)
        _wait(app, lambda: chat.replying)
        _wait(app, lambda: not shell.chat.busy and not shell.ops.busy)
        out.mkdir(parents=True, exist_ok=True)
        shots = []
        tabs = (("chat", CHAT_TAB), ("inbox", INBOX_TAB), ("manager", MEMORY_TAB), ("map", MAP_TAB))
        for name, tab in tabs:
            window.show_tab(tab)
            if tab == MEMORY_TAB:
                QTest.keyClicks(window.manager.search, "sourdough")
                window.manager.refresh()
                _wait(app, lambda: not shell.ops.busy)
                first = window.manager.results.topLevelItem(0)
                if first is not None:
                    window.manager.results.setCurrentItem(first)
            _wait(app, lambda: not shell.ops.busy)
            app.processEvents()
            path = out / f"engram-{name}.png"
            if not window.grab().save(str(path)):
                raise OSError(f"could not write {path}")
            shots.append(path)
        return shots
    finally:
        shell.shutdown()
        shutil.rmtree(home, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("screenshots"))
    args = parser.parse_args(argv)
    for path in take(args.out):
        sys.stdout.write(f"{path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
