"""A to-do's deadline typed by hand, and one said past the calendar's end."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.due import deadline_typed
from core.errors import InputError
from core.tasks import extract_tasks
from tests.core.test_tasks import SAID_AT


@pytest.mark.parametrize(
    ("typed", "due"),
    [
        ("Friday 5pm", datetime(2026, 11, 20, 17)),
        ("dec 3", datetime(2026, 12, 3)),
        ("in 2 weeks", datetime(2026, 12, 2, 10)),
        ("2027-01-15", datetime(2027, 1, 15)),
        ("5pm", datetime(2026, 11, 18, 17)),
        ("  ", None),
    ],
)
def test_a_deadline_typed_for_a_to_do_is_read_as_words(typed: str, due: datetime | None) -> None:
    assert deadline_typed(typed, SAID_AT) == (due.replace(tzinfo=UTC) if due else None)


def test_a_typed_deadline_that_names_no_day_says_how_to_write_one() -> None:
    with pytest.raises(InputError, match='No date in "whenever": try "Friday"'):
        deadline_typed("whenever", SAID_AT)


def test_a_deadline_past_the_calendar_is_no_deadline() -> None:
    """Not a failure of the turn that said it (it would stay unlearnt, failing each time)."""
    (far,) = extract_tasks("I have to pay rent in 9999999 weeks", SAID_AT, "turn-7")
    last_year = datetime(9999, 12, 31, 12, tzinfo=UTC)
    (late,) = extract_tasks("I must renew the lease before February", last_year, "turn-8")
    assert far.due_at is None and late.due_at is None
