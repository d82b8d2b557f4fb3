"""Documents in the window: added from the Memory tab with progress, in every format the reader
takes, and forgotten whole from any of their passages."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from pytestqt.qtbot import QtBot

from tests.app.desktop import WAIT_MS, ShellFactory, settle
from tests.core.office_factory import word_paragraph, write_docx
from ui import dialogs
from ui.main_window import MEMORY_TAB


def test_documents_are_added_from_the_manager_with_progress(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    notes = tmp_path / "notes.md"
    notes.write_text("# Boat\n\nThe boat's mooring fee is due every April.\n", "utf-8")
    letter = write_docx(tmp_path / "letter.docx", [word_paragraph("The harbour fee is 80 EUR.")])
    binary = tmp_path / "photo.txt"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    progress: list[tuple[int, int]] = []
    shell.library.imports.sig_progress.connect(lambda *a: progress.append(a))
    offered: list[str] = []

    def choose(_parent: object, _title: str, filters: str, **_: object) -> list[Path]:
        offered.append(filters)
        return [notes, letter, binary]

    monkeypatch.setattr(dialogs, "choose_open_paths", choose)
    qtbot.mouseClick(shell.window.manager.ingest_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    # Every format Engram reads is shown in the picker, not only a handful.
    documents = offered[0].split(";;")[0].removeprefix("Documents (").removesuffix(")")
    assert {"*.docx", "*.odt", "*.html", "*.go"} <= set(documents.split())
    status = shell.window.manager.status.text()
    assert "2 added" in status and "1 refused" in status and "photo.txt" in status
    assert progress and progress[-1][0] == progress[-1][1]
    kinds = [shell.window.manager.results.topLevelItem(i).text(0) for i in range(2)]
    assert kinds == ["document", "document"]


def test_a_document_is_forgotten_whole_from_one_of_its_passages(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shell = make_shell(model=False)
    book = tmp_path / "boat log.md"
    book.write_text(
        "\n\n".join(
            f"## Trip {i}\n\n" + " ".join(f"Day {j}: we sailed past the buoy." for j in range(40))
            for i in range(6)
        )
    )
    letter = tmp_path / "letter.md"
    letter.write_text("The harbour master wants the mooring fee by June.")
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [book, letter])
    qtbot.mouseClick(shell.window.manager.ingest_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    store = shell.services.store
    passages = store.documents.passages(str(book.resolve()))
    assert len(passages) > 2
    manager = shell.window.manager
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "confirm", lambda _p, title, _t: asked.append(title) or True)
    shell.window.show_tab(MEMORY_TAB)
    # From the keyboard, on the list, with any of its passages open.
    shell.library.open_memory(passages[1].id)
    qtbot.waitUntil(lambda: manager.shown is not None, timeout=WAIT_MS)
    manager.results.setFocus()
    qtbot.keyClick(manager.results, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, shell)
    assert asked == ["Forget boat log.md?"]
    assert store.documents.passages(str(book.resolve())) == []
    # The passage shown left with it (the list may open the next memory).
    gone = {p.id for p in passages}
    qtbot.waitUntil(lambda: manager.shown is None or manager.shown.id not in gone, timeout=WAIT_MS)
    # From the link beside where the passage came from.
    (note,) = store.documents.passages(str(letter.resolve()))
    shell.library.open_memory(note.id)
    qtbot.waitUntil(lambda: "forget this document" in manager.detail.toHtml(), timeout=WAIT_MS)
    manager.detail.anchorClicked.emit(QUrl("forget-document:"))
    settle(qtbot, shell)
    assert asked[-1] == "Forget letter.md?" and store.documents.learnt() == []


def test_the_documents_learnt_are_listed_and_one_is_forgotten_from_the_list(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """After a folder or a notes export, the Memory tab shows passages, not their files."""
    shell = make_shell(model=False)
    (tmp_path / "boat.md").write_text("The mooring fee is due every April.")
    (tmp_path / "lease.md").write_text("The lease ends in June; the deposit is 900 EUR.")
    monkeypatch.setattr(dialogs, "choose_open_paths", lambda *_, **__: [tmp_path])
    manager = shell.window.manager
    qtbot.mouseClick(manager.ingest_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    qtbot.mouseClick(manager.documents_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    listing = manager.documents_dialog
    assert listing is not None and listing.isVisible()
    rows = listing.documents
    assert [rows.topLevelItem(i).text(0) for i in range(rows.topLevelItemCount())] == [
        str((tmp_path / "boat.md").resolve()),
        str((tmp_path / "lease.md").resolve()),
    ]
    assert listing.summary.text() == "2 documents, 2 passages remembered."
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "confirm", lambda _p, title, _t: asked.append(title) or True)
    rows.setCurrentItem(rows.topLevelItem(1))
    rows.setFocus()
    qtbot.keyClick(rows, Qt.Key.Key_Delete)
    settle(qtbot, shell)
    assert asked == ["Forget lease.md?"]
    qtbot.waitUntil(lambda: rows.topLevelItemCount() == 1, timeout=WAIT_MS)
    assert [d.path for d in shell.services.store.documents.learnt()] == [
        str((tmp_path / "boat.md").resolve())
    ]
