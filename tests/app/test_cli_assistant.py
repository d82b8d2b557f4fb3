"""`engram chat / context / tasks / pin / unpin` as a user runs them: real processes, a
temporary home, the tiny generated GGUF as the model."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from core.bert_gguf import ensure_converted
from core.embed import bundled_model_path
from core.settings import Settings, save_settings
from tests.app.test_cli import engram
from tests.tiny_gguf import N_CTX
from tests.zones import set_zone


def test_chat_streams_replies_and_fills_the_task_inbox(tmp_path: Path, tiny_gguf: Path) -> None:
    home = tmp_path / "home"
    chat = engram(
        home,
        "chat",
        "--model",
        str(tiny_gguf),
        stdin="I should clean out the garage.\nRemind me to call the dentist tomorrow.\n"
        "Forget that I live in Berlin.\n/quit\n",
    )
    assert chat.returncode == 0, chat.stderr
    assert "to-do noticed: Call the dentist" in chat.stdout
    # Asked in a message, nothing is forgotten (or learnt): the command that forgets is named.
    assert chat.stdout.count("a message erases nothing: `engram forget ID`") == 1
    # A hedge said once waits out of sight for a second mention: not announced.
    assert "to-do noticed: Clean out the garage" not in chat.stdout
    assert "Traceback" not in chat.stderr

    listed = engram(home, "tasks", "--json")
    (task,) = json.loads(listed.stdout)["tasks"]
    assert task["title"] == "Call the dentist"
    assert task["priority"] == "high" and task["due_at"]
    assert task["source_turn_id"].endswith("-t2")

    confirmed = engram(home, "tasks", "confirm", task["id"])
    assert confirmed.returncode == 0 and "confirmed" in confirmed.stdout
    assert json.loads(engram(home, "tasks", "--json").stdout)["tasks"][0]["status"] == "confirmed"
    lowered = engram(home, "tasks", "priority", task["id"], "Low")
    assert lowered.returncode == 0 and "Call the dentist: low priority." in lowered.stdout
    unknown = engram(home, "tasks", "priority", task["id"], "urgent")
    assert unknown.returncode == 1 and "high|medium|low" in unknown.stderr
    finished = engram(home, "tasks", "done", task["id"])
    assert finished.returncode == 0 and "Call the dentist: done." in finished.stdout
    assert json.loads(engram(home, "tasks", "--json").stdout)["tasks"] == []
    # Out of the inbox, not out of reach: --all lists it (and the hedge said once).
    every = engram(home, "tasks", "--all").stdout
    assert f"(done, id {task['id']})" in every and "Call the dentist" in every
    assert "Clean out the garage  (waiting for a second mention, id" in every
    missing = engram(home, "tasks", "dismiss", "t-000000000000")
    assert missing.returncode == 1
    assert "No task with id t-000000000000" in missing.stderr

    stats = json.loads(engram(home, "stats", "--json").stdout)
    assert stats["turns"] == 6 and stats["sessions"] == 1
    # The conversation can be gone on with later; a wrong id is said before the model loads.
    session = task["source_turn_id"].rsplit("-t", 1)[0]
    again = engram(home, "chat", "--model", str(tiny_gguf), "--resume", session, stdin="Hi\n")
    assert again.returncode == 0, again.stderr
    stats = json.loads(engram(home, "stats", "--json").stdout)
    assert stats["turns"] == 8 and stats["sessions"] == 1
    wrong = engram(home, "chat", "--model", str(tiny_gguf), "--resume", "nope")
    assert wrong.returncode == 1 and "No conversation 'nope' is remembered" in wrong.stderr


def test_a_to_do_said_done_in_chat_is_done(tmp_path: Path, tiny_gguf: Path) -> None:
    home = tmp_path / "home"
    said = "Remind me to call the dentist tomorrow.\nI just called the dentist.\n/quit\n"
    chat = engram(home, "chat", "--model", str(tiny_gguf), stdin=said)
    assert chat.returncode == 0, chat.stderr
    assert "to-do noticed: Call the dentist" in chat.stdout
    assert "to-do done: Call the dentist" in chat.stdout
    assert json.loads(engram(home, "tasks", "--json").stdout)["tasks"] == []


def test_a_to_do_moved_and_tracked_in_chat_is_so(tmp_path: Path, tiny_gguf: Path) -> None:
    home = tmp_path / "home"
    later = datetime.now() + timedelta(days=14)
    said = (
        "Remind me to call the dentist tomorrow.\n"
        f"The dentist got moved to {later:%B} {later.day}.\nYes, add it to my list.\n/quit\n"
    )
    chat = engram(home, "chat", "--model", str(tiny_gguf), stdin=said)
    assert chat.returncode == 0, chat.stderr
    assert f"to-do moved: Call the dentist (due {later:%Y-%m-%d})" in chat.stdout
    assert "to-do tracked: Call the dentist" in chat.stdout
    (task,) = json.loads(engram(home, "tasks", "--json").stdout)["tasks"]
    assert task["due_at"].startswith(f"{later:%Y-%m-%d}") and task["status"] == "confirmed"


def test_a_to_do_given_its_first_day_in_chat_is_scheduled(tmp_path: Path, tiny_gguf: Path) -> None:
    home = tmp_path / "home"
    later = datetime.now() + timedelta(days=14)
    said = f"Remind me to call the dentist.\nActually, make it {later:%B} {later.day}.\n/quit\n"
    chat = engram(home, "chat", "--model", str(tiny_gguf), stdin=said)
    assert chat.returncode == 0, chat.stderr
    assert f"to-do scheduled: Call the dentist (due {later:%Y-%m-%d})" in chat.stdout


def test_chat_with_a_quantised_model_answers(tmp_path: Path, quantised_gguf: Path) -> None:
    """On a processor with AMX-INT8 (as this project's CI machine has), llama.cpp's AMX
    kernels crashed the process at the first message of such a model: no reply, no error."""
    chat = engram(
        tmp_path / "home",
        "chat",
        "--model",
        str(quantised_gguf),
        stdin="Remind me to water the plants tomorrow.\nHow are you?\n/quit\n",
    )
    assert chat.returncode == 0, chat.stderr
    assert "to-do noticed: Water the plants" in chat.stdout
    stats = json.loads(engram(tmp_path / "home", "stats", "--json").stdout)
    assert stats["turns"] == 4


def test_chat_with_a_reasoning_model_says_it_thinks_and_prints_only_its_answer(
    tmp_path: Path, thinking_gguf: Path
) -> None:
    chat = engram(tmp_path / "home", "chat", "--model", str(thinking_gguf), stdin="Hi!\n/quit\n")
    assert chat.returncode == 0, chat.stderr
    assert "(thinking...)" in chat.stdout
    assert "<think>" not in chat.stdout and "</think>" not in chat.stdout
    assert "stopped" not in chat.stdout
    context = engram(tmp_path / "home", "context", "Hi", "--model", str(thinking_gguf))
    assert "kept for the reply and 512 to think, of a 2048-token context" in context.stdout


def test_chat_without_a_usable_model_says_so_plainly(tmp_path: Path) -> None:
    home = tmp_path / "home"
    none = engram(home, "chat", stdin="hello\n")
    assert none.returncode == 1
    assert "No language model is configured" in none.stderr
    missing = engram(home, "chat", "--model", str(tmp_path / "nope.gguf"), stdin="hello\n")
    assert "Model file not found" in missing.stderr
    not_gguf = tmp_path / "notes.gguf"
    not_gguf.write_text("just some text")
    wrong = engram(home, "chat", "--model", str(not_gguf), stdin="hello\n")
    assert wrong.returncode == 1
    assert "is not a GGUF model file" in wrong.stderr
    # A real GGUF, but a sentence encoder (the bundled one, converted): it cannot chat.
    encoder = ensure_converted(bundled_model_path(), tmp_path / "encoders")
    embedding = engram(home, "chat", "--model", str(encoder), stdin="hello\n")
    assert embedding.returncode == 1
    assert "is an embedding model" in embedding.stderr
    for result in (none, missing, wrong, embedding):
        assert "Traceback" not in result.stderr


def test_pinned_memory_is_in_the_prompt_until_unpinned(tmp_path: Path) -> None:
    home = tmp_path / "home"
    pinned = engram(home, "pin", "I am vegetarian and allergic to peanuts.")
    assert pinned.returncode == 0, pinned.stderr
    memory_id = pinned.stdout.split("id ")[1].rstrip(").\n")

    context = json.loads(engram(home, "context", "dinner ideas for tonight", "--json").stdout)
    layers = {layer["layer"]: layer for layer in context["layers"]}
    assert list(layers) == ["procedural", "project", "memories", "documents", "recent"]
    assert layers["project"]["memory_ids"] == [memory_id]
    assert context["total_tokens"] == context["fixed_tokens"] + sum(
        layer["tokens"] for layer in context["layers"]
    )
    assert all(layer["tokens"] <= layer["budget"] for layer in context["layers"])
    assert context["context_size"] == 4096

    assert engram(home, "unpin", memory_id).returncode == 0
    after = json.loads(engram(home, "context", "dinner ideas for tonight", "--json").stdout)
    assert after["layers"][1]["memory_ids"] == []
    again = engram(home, "unpin", memory_id)
    assert again.returncode == 1 and "No pinned core memory" in again.stderr


def test_context_is_budgeted_within_what_the_model_was_trained_on(
    tmp_path: Path, tiny_gguf: Path
) -> None:
    home = tmp_path / "home"
    save_settings(home, Settings(llm_model_path=str(tiny_gguf), context_size=4 * N_CTX))
    shown = engram(home, "context", "what did we plan for the weekend?", "--json")
    assert shown.returncode == 0, shown.stderr
    context = json.loads(shown.stdout)
    assert context["context_size"] == N_CTX
    budgets = sum(layer["budget"] for layer in context["layers"])
    assert budgets + context["fixed_tokens"] + context["reply_budget"] <= N_CTX


def test_tomorrow_is_the_day_after_the_users_today(tmp_path: Path, tiny_gguf: Path) -> None:
    """The clock is the user's: in the evening in New York, UTC's date is already the next
    one, and "tomorrow" was a day late. A zone whose date is not UTC's right now: Kiribati's
    (UTC+14) from 10:00 UTC, Samoa's (UTC-11) before."""
    zone = "Pacific/Kiritimati" if datetime.now(UTC).hour >= 10 else "Pacific/Pago_Pago"
    set_zone(zone)
    try:
        home = tmp_path / "home"
        before = datetime.now(ZoneInfo(zone)).date()
        said = "Remind me to call the dentist tomorrow.\n/quit\n"
        chat = engram(home, "chat", "--model", str(tiny_gguf), stdin=said)
        after = datetime.now(ZoneInfo(zone)).date()
        assert chat.returncode == 0, chat.stderr
        (task,) = json.loads(engram(home, "tasks", "--json").stdout)["tasks"]
        listed = engram(home, "tasks").stdout
    finally:
        set_zone("UTC")
    due = datetime.fromisoformat(task["due_at"]).astimezone(ZoneInfo(zone))
    assert (due.hour, due.minute) == (0, 0)
    assert due.date() - timedelta(days=1) in {before, after}
    assert f"due {due.date().isoformat()}" in listed


def test_the_task_list_says_which_deadlines_have_passed(tmp_path: Path, tiny_gguf: Path) -> None:
    home = tmp_path / "home"
    said = (
        "Remind me to pay the parking fine by 2020-01-15.\n"
        "Remind me to renew my passport by 2999-01-15.\n/quit\n"
    )
    assert engram(home, "chat", "--model", str(tiny_gguf), stdin=said).returncode == 0
    listed = engram(home, "tasks").stdout
    assert "Pay the parking fine  due 2020-01-15 (overdue)" in listed
    assert "Renew my passport  due 2999-01-15  (" in listed


def test_a_deadline_is_set_in_words_from_the_command_line(tmp_path: Path, tiny_gguf: Path) -> None:
    home = tmp_path / "home"
    said = "I need to water the ferns.\n/quit\n"
    assert engram(home, "chat", "--model", str(tiny_gguf), stdin=said).returncode == 0
    (task,) = json.loads(engram(home, "tasks", "--json").stdout)["tasks"]
    dated = engram(home, "tasks", "due", task["id"], "2031-05-04")
    assert dated.returncode == 0 and "Water the ferns: due 2031-05-04." in dated.stdout
    vague = engram(home, "tasks", "due", task["id"], "someday")
    assert vague.returncode == 1 and 'No date in "someday"' in vague.stderr
    cleared = engram(home, "tasks", "due", task["id"])
    assert "Water the ferns: no deadline." in cleared.stdout
    assert json.loads(engram(home, "tasks", "--json").stdout)["tasks"][0]["due_at"] is None


def test_a_to_do_is_written_down_from_the_command_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    added = engram(home, "tasks", "add", "renew", "the", "passport", "by", "2031-05-04")
    assert added.returncode == 0
    assert "Tracked: Renew the passport (due 2031-05-04)" in added.stdout
    (task,) = json.loads(engram(home, "tasks", "--json").stdout)["tasks"]
    assert (task["title"], task["status"]) == ("Renew the passport", "confirmed")
    empty = engram(home, "tasks", "add")
    assert empty.returncode == 1 and "needs words saying what to do" in empty.stderr
