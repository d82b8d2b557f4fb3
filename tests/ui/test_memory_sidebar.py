"""The memory sidebar's cards: what a memory says, why it was recalled and from when."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from core.local_time import day_text
from core.retrieval.scoring import SearchResult
from tests.ui.test_main_window import NOW, memory
from ui.memory_sidebar import MemorySidebar


def test_sidebar_cards_show_score_breakdown_retention_and_sources(qtbot: QtBot) -> None:
    sidebar = MemorySidebar()
    qtbot.addWidget(sidebar)
    signals = {"semantic": 0.41, "keyword": 0.2, "recency": 0.9, "retention": 0.83}
    result = SearchResult(memory("Ana <likes> figs"), 0.62, signals)
    exchange = SearchResult(memory("Ana: I like figs.\nBo: Me too."), 0.5, signals)
    sidebar.show_results([result, exchange], "Keyword search only.")
    card, spoken = sidebar.cards
    assert "Ana &lt;likes&gt; figs" in card.content.text()
    # One line per speaker, as remembered.
    assert "Ana: I like figs.<br>Bo: Me too." in spoken.content.text()
    details = card.details.text()
    assert "score 0.62" in details and "retention 0.83" in details
    assert "semantic 0.41 · keyword 0.20 · recency 0.90" in details
    assert "from 2 turns of a conversation" in details and "s1-t1" not in details
    assert "outside the time asked about" not in details
    assert sidebar.status.text() == "2 memories shaped this reply. Keyword search only."
    with qtbot.waitSignal(sidebar.sig_pin_requested) as pinned:
        qtbot.mouseClick(card.pin_button, Qt.MouseButton.LeftButton)
    assert pinned.args == [result.memory.id]
    assert '<a href="open">open</a>' in details
    with qtbot.waitSignal(sidebar.sig_open_requested) as opened:
        card.details.linkActivated.emit("open")
    assert opened.args == [result.memory.id]
    sidebar.show_results([result], None)
    assert sidebar.status.text() == "1 memory shaped this reply."


def test_a_card_says_when_its_memory_happened_and_was_told(qtbot: QtBot) -> None:
    """A race run last Saturday, told on Wednesday, dates from Saturday."""
    sidebar = MemorySidebar()
    qtbot.addWidget(sidebar)
    saturday = NOW - timedelta(days=4)
    race = replace(memory("Ana ran a charity race"), valid_from=saturday)
    sidebar.show_results(
        [SearchResult(race, 0.6, {}), SearchResult(memory("Ana likes figs"), 0.5, {})]
    )
    told, plain = (card.details.text() for card in sidebar.cards)
    assert f"of a conversation, {day_text(saturday)} (told {day_text(NOW)})" in told
    assert f"of a conversation, {day_text(NOW)} ·" in plain and "told" not in plain


def test_a_card_says_when_its_memory_was_told_outside_the_time_asked_about(
    qtbot: QtBot,
) -> None:
    sidebar = MemorySidebar()
    qtbot.addWidget(sidebar)
    signals = {"semantic": 0.5, "retention": 1.0}
    then = SearchResult(memory("Dinner with the team"), 0.6, {**signals, "in_window": 1.0})
    later = SearchResult(memory("We went to a conference"), 0.3, {**signals, "in_window": 0.0})
    sidebar.show_results([then, later])
    first, second = sidebar.cards
    assert "outside the time asked about" not in first.details.text()
    assert "said outside the time asked about: ranked lower" in second.details.text()
