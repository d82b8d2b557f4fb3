"""What someone else said, pasted or quoted (an email, a forwarded message, words to translate,
code), is not the speaker's fact: a pasted email's "I moved to Berlin" had superseded where the
user lives. The speaker's own words beside it still count."""

from __future__ import annotations

import pytest

from tests.core.test_rules import facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Someone else's words: quoted, a quoted email, code. The speaker's own beside them count.
        (
            'My sister called: "I live in Paris now, I work at Google." I live in Rome.',
            [("ana: location", "Ana lives in Rome")],
        ),
        (
            "Can you summarise this?\n\n> Hi Ana,\n> I moved to Berlin and I work at Siemens now."
            "\n> Best, Tom\n\nI work at Acme.",
            [("ana: employer", "Ana works at Acme")],
        ),
        (
            "I work at Acme. Can you answer this?\n\n---------- Forwarded message ---------\n"
            "From: Tom <tom@example.com>\nDate: Mon, 2 Nov 2026\n\nI work at Siemens now.",
            [("ana: employer", "Ana works at Acme")],
        ),
        ("From: Tom Smith\nSent: Monday 10:00\nTo: Ana\n\nI live in Berlin.", []),
        # Apple Mail's header, Gmail's page copied (sender, time, "to me"), a reply's quote.
        ("From: Tom <t@x.com>\nSubject: Re: us\nDate: 2 Nov 2026\nTo: Ana\n\nI live in Bonn.", []),
        (
            "What does he want?\n\nTom Baker <tom@example.com>\n10:32 AM (2 hours ago)\nto me"
            "\n\nHi Ana, I moved to Berlin and I work at Siemens now.",
            [],
        ),
        (
            "I work at Acme. Thoughts?\n\nOn Mon, Nov 2, 2026 at 10:32 AM Tom <t@x.com> wrote:"
            "\nI live in Berlin.",
            [("ana: employer", "Ana works at Acme")],
        ),
        # Words to translate or rewrite are not said of oneself; "Edit:" heads one's own.
        ("Translate to French: I live in Berlin and I work at Siemens.", []),
        (
            "I live in Rome. Can you proofread this\nI has lived in Paris.",
            [("ana: location", "Ana lives in Rome")],
        ),
        ("Edit: I live in Rome, not Milan.", [("ana: location", "Ana lives in Rome")]),
        ("Fix this:\n```python\n# I prefer tabs\nname = 'x'  # my name is Bob\n```", []),
        (
            "Attached:\n````\n```\nI'm allergic to cats\n````\nI'm allergic to dust.",
            [("ana: allergic to dust", "Ana is allergic to dust")],
        ),
        # What they say of themselves may quote a name; an inch mark quotes nothing.
        (
            'My favorite show is "Friends".',
            [("ana: favorite show", "Ana's favorite show is Friends")],
        ),
        (
            'I bought a 55" TV and I live in Rome.',
            [(None, 'Ana bought a 55" TV'), ("ana: location", "Ana lives in Rome")],
        ),
    ],
)
def test_what_someone_else_said_is_not_the_speakers_fact(text: str, expected: list) -> None:
    assert facts(text) == expected
