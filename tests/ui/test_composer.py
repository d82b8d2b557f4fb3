"""The chat's message box on its own: pasting someone else's words as a quote."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.chat_view import PASTE_HINT, ChatView, ModelState


def test_the_edit_menu_offers_paste_as_quote_beside_paste(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    QApplication.clipboard().setText("Dear Ana,\nI moved to Berlin.")
    menu = view.composer.context_menu(QPoint(0, 0))
    names = [action.text().split("\t")[0].replace("&", "") for action in menu.actions()]
    quote = menu.actions()[names.index("Paste as quote")]
    assert names[names.index("Paste") + 1] == "Paste as quote" and quote.isEnabled()
    quote.trigger()
    assert view.composer.toPlainText() == "> Dear Ana,\n> I moved to Berlin.\n\n"
    QApplication.clipboard().clear()
    menu = view.composer.context_menu(QPoint(0, 0))
    assert not [a for a in menu.actions() if "quote" in a.text() and a.isEnabled()]


def test_a_long_paste_says_once_how_to_quote_it(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    view.show()
    QApplication.clipboard().setText("Hi Ana,\nI moved to Berlin.\nBest,\nTom")
    view.composer.paste()
    assert view.notice.isVisible() and view.notice.text() == PASTE_HINT
    view.composer.clear()
    view.notice.hide()
    view.composer.paste()
    assert not view.notice.isVisible()


def test_a_short_or_quoted_paste_says_nothing(qtbot: QtBot) -> None:
    view = ChatView()
    qtbot.addWidget(view)
    view.set_model_state(ModelState.READY, "tiny")
    view.show()
    for pasted in ("the address is 12 Main St", "> Hi Ana,\n> I moved.\n> Tom\n"):
        QApplication.clipboard().setText(pasted)
        view.composer.paste()
    assert not view.notice.isVisible()
