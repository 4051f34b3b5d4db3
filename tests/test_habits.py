"""Habits and how-to-talk-to-me requests are standing preferences, read without a model
(graphmem/extract/first_person.py: the habit rule and unmarked style imperatives)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.extract.offline import OfflineExtractor
from graphmem.model import Kind

AT = datetime(2026, 5, 4, 9, tzinfo=UTC)


def read(text: str) -> list[tuple[str, str, Kind | None]]:
    return [
        (c.predicate, str(c.object), c.kind)
        for c in OfflineExtractor().extract(text, occurred_at=AT)
    ]


@pytest.mark.parametrize(
    ("text", "predicate", "words"),
    [
        ("I only buy secondhand clothes.", "prefers", "only buy secondhand clothes"),
        ("I keep Fridays free of meetings.", "prefers", "keep Fridays free of meetings"),
        ("I always want an aisle seat.", "prefers", "aisle seat"),
        ("I try to support local stores rather than big chains.", "prefers", "local stores"),
        ("I never rent cars.", "avoids", "rent cars"),
        ("Keep your answers short.", "instruction", "answers short"),
        ("Talk to me like a friend, not a formal assistant.", "instruction", "like a friend"),
        ("Don't use emojis with me.", "instruction", "emojis"),
        ("I'm not into reality TV.", "dislikes", "reality TV"),
        ("I want all documents as PDFs.", "prefers", "all documents as PDFs"),
        ("Wool makes me itch, I never wear it.", "dislikes", "Wool"),
        ("I avoid anything made with leather.", "avoids", "leather"),
    ],
)
def test_a_habit_or_a_style_request_is_a_standing_preference(
    text: str, predicate: str, words: str
) -> None:
    found = read(text)
    assert any(p == predicate and words in o for p, o, _ in found), found


@pytest.mark.parametrize(
    "text",
    [
        "I never liked that movie.",  # what was, not a habit
        "Book a table for two tonight.",  # a one-off request
        "Don't book that one.",
        "Jazz makes me happy.",
        "My boss makes me anxious.",
    ],
)
def test_the_past_and_one_off_requests_are_not_habits(text: str) -> None:
    assert read(text) == []
