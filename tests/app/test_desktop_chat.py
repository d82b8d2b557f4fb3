"""The chat window driven through its real widgets on a temporary store, the bundled embedder
and the tiny generated GGUF: first run without a model, streaming, stop, the memory sidebar and
its actions, shutdown mid-reply, a conversation a crash left open."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import library_controller
from app.chat_controller import SHUTDOWN_WAIT_MS
from app.scheduler import LifecycleWorker
from core.embed import BUNDLED_MODEL_DIM, BUNDLED_MODEL_ID, Embedder
from core.errors import StoreError
from core.model import MemoryKind, Role, Session, Turn
from core.store import MemoryStore
from tests.app.desktop import (
    WAIT_MS,
    Clock,
    ShellFactory,
    heard,
    import_conversation,
    ready,
    said,
    send,
    send_and_hold,
    send_and_hold_learning,
    settle,
    stored_turns,
)
from tests.core.memory_factory import remember
from ui import dialogs
from ui.main_window import MEMORY_TAB, SESSION_ID


def test_first_run_without_a_model_explains_and_the_rest_works(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell(model=False)
    import_conversation(shell)
    shell.library.refresh_all()
    settle(qtbot, shell)
    chat = shell.window.chat
    assert chat.notice.isVisible() and "choose a GGUF model file" in chat.notice.text()
    assert not chat.send_button.isEnabled()
    # Memory and the inbox work without a model.
    assert shell.window.manager.results.topLevelItemCount() > 0
    assert "memories from 2 conversations" in shell.window.stats.text()
    assert shell.window.sessions.count() == 2


def test_the_window_opens_ready_to_type_into(qtbot: QtBot, make_shell: ShellFactory) -> None:
    """Focus was on the transcript: the first keystrokes went nowhere."""
    shell = make_shell()
    qtbot.waitUntil(shell.window.chat.composer.hasFocus, timeout=WAIT_MS)
    qtbot.keyClicks(shell.window.chat.composer, "Hello")
    assert shell.window.chat.composer.toPlainText() == "Hello"


def test_older_conversations_past_the_list_can_be_listed_and_opened(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the newest 200 were listed, and nothing led to the others."""
    monkeypatch.setattr(library_controller, "SESSIONS_PAGE", 1)
    shell = make_shell(model=False)
    import_conversation(shell)
    shell.library.refresh_sessions(None)
    settle(qtbot, shell)
    sessions = shell.window.sessions
    assert sessions.count() == 2 and sessions.item(1).text() == "Show older conversations..."
    sessions.itemActivated.emit(sessions.item(1))
    settle(qtbot, shell)
    assert sessions.count() == 2 and "Show older" not in sessions.item(1).text()
    sessions.itemActivated.emit(sessions.item(1))
    settle(qtbot, shell)
    assert shell.window.chat.past_session == sessions.item(1).data(SESSION_ID)


def test_a_message_sent_while_reading_a_stored_conversation_goes_on_with_it(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """It went to the open conversation instead, and the one being read vanished from view."""
    shell = make_shell()
    import_conversation(shell)
    ready(qtbot, shell)
    shell.library.refresh_sessions(None)
    settle(qtbot, shell)
    shell.window.sig_session_opened.emit("S0")
    settle(qtbot, shell)
    assert shell.window.chat.past_session == "S0"
    send(qtbot, shell, "Tell me more about that hike.")
    assert shell.chat.worker.session_id == "S0"
    said = shell.services.store.conversations.session_turns("S0")
    assert [t.text for t in said][6] == "Tell me more about that hike."
    shown = shell.window.chat.transcript.toPlainText()
    assert said[0].text in shown and "Tell me more about that hike." in shown
    assert shell.window.sessions.count() == 2


def test_a_message_streams_a_reply_is_stored_and_the_sidebar_explains_it(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    # Room in the prompt for what is recalled: the sidebar shows only what reached it.
    shell = make_shell(context_size=2048)
    import_conversation(shell)
    ready(qtbot, shell)
    tokens: list[str] = []
    shell.chat.worker.sig_token.connect(tokens.append)
    send(qtbot, shell, "What did I say about baking sourdough bread?")
    assert len(tokens) > 1
    reply = "".join(tokens)
    assert [(r, t) for r, t, _ in stored_turns(shell)] == [
        ("user", "What did I say about baking sourdough bread?"),
        ("assistant", reply),
    ]
    assert (
        "What did I say about baking sourdough bread?" in shell.window.chat.transcript.toPlainText()
    )
    cards = shell.window.sidebar.cards
    assert cards, "the memories behind the reply are shown"
    top = cards[0]
    assert "sourdough" in top.content.text()
    assert "semantic" in top.details.text() and "retention" in top.details.text()
    assert "turns of a conversation" in top.details.text()
    assert shell.window.sessions.count() == 3
    # Open shows it in the memory manager, with the words it came from.
    top.details.linkActivated.emit("open")
    settle(qtbot, shell)
    assert shell.window.tabs.currentIndex() == MEMORY_TAB
    assert shell.window.manager.shown.id == top.result.memory.id
    assert "Came from" in shell.window.manager.detail.toPlainText()


def test_a_reasoning_models_thinking_is_announced_not_shown_as_the_reply(
    qtbot: QtBot, make_shell: ShellFactory, thinking_gguf: Path
) -> None:
    """The tiny model behind a DeepSeek-R1-style template thinks until its room runs out,
    then answers: the answer is the reply, the thinking is shown only when asked for."""
    shell = make_shell(llm_model_path=str(thinking_gguf))
    ready(qtbot, shell)
    tokens: list[str] = []
    thoughts: list[str] = []
    shell.chat.worker.sig_token.connect(tokens.append)
    shell.chat.worker.sig_thought.connect(thoughts.append)
    send(qtbot, shell, "What is twelve times twelve?")
    assert thoughts and tokens
    reply = "".join(tokens).strip()
    assert stored_turns(shell)[-1] == ("assistant", reply, False)
    chat = shell.window.chat
    closed = chat.transcript.toPlainText()
    # Words of the (random) thought that the (random) answer does not also hold.
    own = {w for w in re.findall(r"[A-Za-z]{5,}", "".join(thoughts)) if w not in closed}
    assert own and "show thinking" in closed
    chat.transcript.anchorClicked.emit(QUrl("thought:1"))
    assert all(word in chat.transcript.toPlainText() for word in own)


def test_stop_keeps_what_was_said_marked_interrupted(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    chat = shell.window.chat
    release = send_and_hold(qtbot, shell, "Tell me a long story about the sea")
    assert chat.stop_button.isEnabled() and not chat.send_button.isEnabled()
    qtbot.keyClick(chat.composer, Qt.Key.Key_Escape)
    release.set()
    settle(qtbot, shell)
    (user, assistant) = stored_turns(shell)
    assert user[0] == "user" and assistant[0] == "assistant"
    assert assistant[2] is True
    assert "(stopped)" in chat.transcript.toPlainText()
    assert chat.send_button.isEnabled() and not chat.stop_button.isEnabled()


def test_a_message_too_long_for_the_model_says_so_until_the_next_one(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    notice = shell.window.chat.notice
    ready(qtbot, shell)
    send(qtbot, shell, "Please read this log:\n" + "error 42 at line 12 of the parser\n" * 2000)
    assert notice.isVisible() and "The model read the first" in notice.text()
    send(qtbot, shell, "Thanks, that was all.")
    assert not notice.isVisible()


def test_pin_edit_and_forget_from_the_sidebar(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Room for several memories in the prompt: the sidebar shows those that reached it.
    shell = make_shell(context_size=2048)
    remember(
        shell.services.store,
        shell.services.embedder,
        [
            "The garden shed roof leaks when it rains hard.",
            "The sourdough bread needs its starter fed every morning.",
            "The garden shed door sticks in winter.",
            "Sourdough bread proves best overnight in the fridge.",
        ],
        Clock().now - timedelta(days=1),
    )
    ready(qtbot, shell)
    send(qtbot, shell, "What do I know about the garden shed and sourdough bread?")
    store = shell.services.store
    sidebar = shell.window.sidebar
    assert len(sidebar.cards) >= 3
    pinned, edited, forgotten = (c.result.memory for c in sidebar.cards[:3])

    qtbot.mouseClick(sidebar.cards[0].pin_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    head = store.lineage.head(pinned.id)
    assert store.memories.get(head).kind is MemoryKind.CORE
    assert sidebar.cards[0].result.memory.id == head

    monkeypatch.setattr(dialogs, "ask_text", lambda *_: "The shed roof was fixed in May")
    qtbot.mouseClick(sidebar.card_for(edited.id).edit_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    new = store.memories.get(store.lineage.head(edited.id))
    assert new.content == "The shed roof was fixed in May" and new.supersedes == edited.id
    assert sidebar.card_for(new.id) is not None

    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    qtbot.mouseClick(sidebar.card_for(forgotten.id).forget_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    assert store.memories.get(forgotten.id).forgotten_at is not None
    assert sidebar.card_for(forgotten.id) is None


def test_a_forget_takes_the_words_off_the_screen_too(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forgetting a memory erases the turns it came from: the open conversation, the memories
    listed behind an earlier reply and that conversation opened again later all stop showing
    them, not only the file."""
    # A 1,024-token context leaves recalled memories no room in the prompt (nor the sidebar).
    shell = make_shell(context_size=2048)
    ready(qtbot, shell)
    chat = shell.window.chat
    send(qtbot, shell, "My gym locker code is 4512.")
    send(qtbot, shell, "What is my gym locker code?")
    sidebar = shell.window.sidebar
    card = next(c for c in sidebar.cards if "4512" in c.result.memory.content)
    forgotten = card.result.memory.id
    assert "4512" in chat.transcript.toPlainText()
    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    qtbot.mouseClick(card.forget_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "4512" not in chat.transcript.toPlainText(), timeout=WAIT_MS)
    assert "(forgotten)" in chat.transcript.toPlainText()
    assert "What is my gym locker code?" in chat.transcript.toPlainText()
    assert sidebar.card_for(forgotten) is None
    sessions = shell.window.sessions
    qtbot.waitUntil(
        lambda: sessions.count() == 1 and "4512" not in sessions.item(0).text(), timeout=WAIT_MS
    )
    assert sessions.item(0).text().startswith("What is my gym locker code?")
    shown: list[tuple[object, ...]] = []
    chat.sig_reply_selected.connect(lambda results, _: shown.append(results))
    chat.transcript.anchorClicked.emit(QUrl("reply:3"))
    assert shown and all(r.memory.id != forgotten for r in shown[0])

    session_id = shell.chat.worker.session_id
    assert session_id is not None
    # Opened from the list straight after "New conversation", before the new one has begun.
    started = heard(shell.chat.worker.sig_session_started)
    shell.chat.new_session()
    shell.window.sig_session_opened.emit(session_id)
    qtbot.waitUntil(lambda: bool(started), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: chat.past_session == session_id, timeout=WAIT_MS)
    settle(qtbot, shell)
    assert chat.past_session == session_id
    past = chat.transcript.toPlainText()
    assert "4512" not in past and "(forgotten)" in past and "What is my gym locker code?" in past


def test_forget_asks_first(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = make_shell(context_size=2048)
    import_conversation(shell)
    ready(qtbot, shell)
    send(qtbot, shell, "Tell me about sourdough bread")
    card = shell.window.sidebar.cards[0]
    monkeypatch.setattr(dialogs, "confirm", lambda *_: False)
    qtbot.mouseClick(card.forget_button, Qt.MouseButton.LeftButton)
    settle(qtbot, shell)
    assert shell.services.store.memories.get(card.result.memory.id).forgotten_at is None


def test_the_reply_is_done_before_it_is_learnt_from_and_a_failed_learning_leaves_it_standing(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell, release = send_and_hold_learning(
        qtbot,
        make_shell,
        monkeypatch,
        "Remind me to water the plants tomorrow.",
        StoreError("No space left on device"),
    )
    chat = shell.window.chat
    store = shell.services.store
    # The reply is shown finished and Send is back while the exchange is still learnt from.
    assert shell.chat.busy and not chat.replying
    release.set()
    settle(qtbot, shell)
    monkeypatch.undo()
    assert chat.notice.isVisible() and "No space left on device" in chat.notice.text()
    assert "(stopped)" not in chat.transcript.toPlainText()
    assert [(role, interrupted) for role, _, interrupted in stored_turns(shell)] == [
        ("user", False),
        ("assistant", False),
    ]
    assert store.tasks.inbox() == []


def test_a_message_sent_while_the_last_exchange_is_learnt_is_answered_after_it(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell, release = send_and_hold_learning(
        qtbot, make_shell, monkeypatch, "Remind me to water the plants tomorrow."
    )
    chat = shell.window.chat
    store = shell.services.store
    chat.composer.setPlainText("And I live in Porto.")
    qtbot.keyClick(chat.composer, Qt.Key.Key_Return)
    assert chat.replying
    release.set()
    settle(qtbot, shell)
    said = [(role, text) for role, text, _ in stored_turns(shell)]
    assert [role for role, _ in said] == ["user", "assistant", "user", "assistant"]
    assert (said[0][1], said[2][1]) == (
        "Remind me to water the plants tomorrow.",
        "And I live in Porto.",
    )
    assert "(stopped)" not in chat.transcript.toPlainText()
    assert [t.title for t in store.tasks.inbox()] == ["Water the plants"]
    qtbot.waitUntil(lambda: shell.window.tabs.tabText(1) == "Inbox (1)", timeout=WAIT_MS)


def test_a_conversation_left_open_overnight_is_not_closed_under_the_user(
    qtbot: QtBot, make_shell: ShellFactory, embedder: Embedder
) -> None:
    """The daily jobs close conversations a crash left open (quiet for 6 hours); the one the
    window still shows is quiet too after a night, and must go on where it was."""
    shell = said(qtbot, make_shell, "Remind me to call the dentist tomorrow.")
    store = shell.services.store
    (session_id,) = shell.chat.live_sessions()
    saved = store.working_items.of_session(session_id)
    assert saved
    shell.clock.now += timedelta(hours=10)
    worker = LifecycleWorker(
        store, embedder, shell.home, shell.clock, live_sessions=shell.chat.live_sessions
    )
    finished: list[tuple[str, dict]] = []
    worker.sig_job_finished.connect(lambda name, counts: finished.append((name, counts)))
    worker.sig_run_requested.emit(["sessions", "working"])
    assert finished == [
        ("sessions", {"closed": 0, "segments": 0, "learnt": 0}),
        ("working", {"settled": 0, "promoted": 0, "episodes": 0}),
    ]
    assert store.working_items.of_session(session_id) == saved
    send(qtbot, shell, "Good morning. What was I going to do?")
    assert {r[0] for r in store.db.cursor().execute("SELECT session_id FROM turns").fetchall()} == {
        session_id
    }
    assert store.db.cursor().execute(
        "SELECT ended_at FROM sessions WHERE id = ?", [session_id]
    ).fetchall() == [(None,)]


def test_shutdown_mid_reply_stops_it_keeps_it_and_closes_everything(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    shell = make_shell()
    ready(qtbot, shell)
    send_and_hold(qtbot, shell, "Tell me a long story").set()
    shell.shutdown()
    assert shell.chat.thread.isFinished()
    with pytest.raises(StoreError, match="closed"):
        with shell.services.store.db.write():
            pass
    reopened = MemoryStore.open(shell.home, BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    try:
        ((role, _, interrupted),) = (
            reopened.db.cursor()
            .execute("SELECT role, text, interrupted FROM turns WHERE role = 'assistant'")
            .fetchall()
        )
        assert role == "assistant" and interrupted
        assert reopened.db.cursor().execute(
            "SELECT count(*) FROM sessions WHERE ended_at IS NOT NULL"
        ).fetchall() == [(1,)]
    finally:
        reopened.close()


def test_a_conversation_a_crash_left_open_is_remembered_at_start(
    qtbot: QtBot, make_shell: ShellFactory, tmp_path: Path, embedder: Embedder
) -> None:
    began = Clock().now - timedelta(minutes=3)
    texts = [
        f"Rui keeps bees behind the school; note {i} about the honey harvest." for i in range(5)
    ]
    turns = tuple(
        Turn(
            f"left-{i}",
            "left",
            i,
            Role.USER if i % 2 == 0 else Role.ASSISTANT,
            text,
            began + timedelta(seconds=i),
        )
        for i, text in enumerate(texts)
    )
    store = MemoryStore.open(tmp_path / "home", BUNDLED_MODEL_ID, BUNDLED_MODEL_DIM)
    with store.db.write() as cur:  # stored turn by turn, then the process died
        store.conversations.insert_sessions(cur, [Session("left", began, None, turns)])
    store.close()
    shell = make_shell(model=False)
    settle(qtbot, shell)
    ended = (
        shell.services.store.db.cursor()
        .execute("SELECT ended_at FROM sessions WHERE id = 'left'")
        .fetchall()
    )
    assert ended[0][0] is not None
    _, uncovered = shell.services.store.conversations.uncovered_turns("left")
    assert uncovered == set()


def test_quitting_waits_for_the_chat_past_its_budget_rather_than_abort(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chat thread still busy past the shutdown's budget (closing a conversation, loading a
    model) was left running, and Qt aborted the app when it went."""
    shell = make_shell()
    ready(qtbot, shell)
    assistant = shell.chat.worker._assistant
    close = assistant.close_session
    closed = []

    def slow_close() -> None:
        time.sleep(SHUTDOWN_WAIT_MS / 1000 + 1)
        close()
        closed.append(True)

    monkeypatch.setattr(assistant, "close_session", slow_close)
    shell.shutdown()
    assert closed and shell.chat.thread.isFinished()


def test_forgetting_the_conversation_under_way_takes_its_words_off_the_screen(
    qtbot: QtBot, make_shell: ShellFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = said(qtbot, make_shell, "Remind me to call Ana about the zanzibarquokka tomorrow.")
    window = shell.window
    assert "Call Ana" in window.chat.notice.text()
    qtbot.waitUntil(lambda: window.sessions.count() == 1, timeout=WAIT_MS)
    monkeypatch.setattr(dialogs, "confirm", lambda *_: True)
    window.ask_forget_session(window.sessions.item(0).data(SESSION_ID))
    settle(qtbot, shell)
    qtbot.waitUntil(lambda: "zanzibarquokka" not in window.chat.transcript.toPlainText())
    assert "Ana" not in window.chat.notice.text()
    assert shell.services.store.tasks.inbox() == [] and window.sessions.count() == 0
    send(qtbot, shell, "What was I to do?")
    assert stored_turns(shell)[-1][0] == "assistant"


def test_an_email_pasted_as_a_quote_is_asked_about_not_taken_as_the_users_words(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """Pasted as it was, a colleague's "I moved to Berlin" superseded where the user lives and
    their "I need to send the contract" went to the user's inbox."""
    shell = make_shell()
    ready(qtbot, shell)
    composer = shell.window.chat.composer
    QApplication.clipboard().setText(
        "Hi Ana,\n\nI moved to Berlin. I need to send you the contract by Friday.\nTom\n"
    )
    qtbot.keyClicks(composer, "I live in Lisbon. What does Tom want?")
    qtbot.keyClick(composer, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(
        composer,
        Qt.Key.Key_V,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert composer.toPlainText() == (
        "I live in Lisbon. What does Tom want?\n> Hi Ana,\n>\n> I moved to Berlin. I need to "
        "send you the contract by Friday.\n> Tom\n\n"
    )
    qtbot.keyClick(composer, Qt.Key.Key_Return)
    settle(qtbot, shell)
    store = shell.services.store
    beliefs = {m.key: m.content for m in store.memories.of_kind(MemoryKind.SEMANTIC)}
    assert list(beliefs) == ["user: location"] and beliefs["user: location"].endswith("Lisbon")
    assert store.tasks.inbox() == []
    shown = shell.window.chat.transcript.toPlainText()
    assert "I moved to Berlin" in shown and "> I moved" not in shown


def test_what_the_user_asks_to_be_remembered_is_kept_as_they_said_it(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """ "Remember that ..." about anything but the user was only part of the conversation's
    segment, as weighty as small talk."""
    shell = make_shell()
    ready(qtbot, shell)
    send(qtbot, shell, "Please remember: the wifi password at the cabin is sunflower42.")
    (note,) = shell.services.store.memories.of_kind(MemoryKind.SEMANTIC)
    assert note.content.endswith("asked to remember: the wifi password at the cabin is sunflower42")
    assert note.importance == 0.9


def test_asking_to_forget_learns_nothing_and_says_where_forget_is(
    qtbot: QtBot, make_shell: ShellFactory
) -> None:
    """ "Forget that I live in Berlin" made the user live in Berlin, and nothing said that a
    message erases nothing."""
    shell = make_shell()
    ready(qtbot, shell)
    send(qtbot, shell, "I live in Lisbon.")
    send(qtbot, shell, "Forget that I live in Berlin.")
    beliefs = shell.services.store.memories.of_kind(MemoryKind.SEMANTIC)
    assert [m.content for m in beliefs] == ["User lives in Lisbon"]
    notice = shell.window.chat.notice
    assert notice.isVisible() and "press Forget" in notice.text()
    send(qtbot, shell, "Thanks.")
    assert "press Forget" not in (notice.text() if notice.isVisible() else "")
