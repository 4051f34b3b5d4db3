"""A value told again, changed, in messages no relation reads: for a question about the
value now the later message comes first; for a question about another time, or about
what happened, the ranking is the words' (graphmem.read.restated)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphmem import Memory

MORNING = datetime(2026, 4, 5, 9, tzinfo=UTC)
OLD = "The average response time of the dashboard API was 800ms in my first measurement."
NEW = "Dashboard API response time has recently improved to 250ms after caching."


@pytest.fixture(autouse=True)
def december(clock: Any) -> None:
    clock.set(datetime(2026, 12, 1, tzinfo=UTC))


@pytest.fixture
def api(memory: Memory, ns: Any) -> str:
    maya = ns("maya")
    memory.remember(OLD, maya, at=MORNING)
    memory.remember("Can you suggest a good lunch place near the office?", maya, at=MORNING)
    memory.remember(NEW, maya, at=MORNING + timedelta(hours=1))
    return maya


def texts(memory: Memory, query: str, ns: str) -> list[str]:
    return [e.text for e in memory.recall(query, ns, k=5)]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # about the value now: the later message, though the earlier meets more words
        ("What is the average response time of the dashboard API?", NEW),
        ("How fast is the dashboard API's average response time?", NEW),
        # about before: the words' order
        ("What was the average response time of the dashboard API at first?", OLD),
        ("What did the average response time of the dashboard API use to be?", OLD),
    ],
)
def test_the_later_value_answers_a_question_about_now_only(
    memory: Memory, api: str, query: str, first: str
) -> None:
    found = texts(memory, query, api)
    other = OLD if first == NEW else NEW
    assert found.index(first) < found.index(other), found


@pytest.mark.parametrize(
    "later",
    [
        "Dashboard API response time is something I should document for the team.",
        # a word of change with no value after it is chatter
        "Dashboard API response time is the new thing my manager keeps asking about.",
    ],
)
def test_a_later_message_saying_no_value_changed_stays_in_its_place(
    memory: Memory, ns: Any, later: str
) -> None:
    maya = ns("maya")
    memory.remember(OLD, maya, at=MORNING)
    memory.remember(later, maya, at=MORNING + timedelta(hours=1))
    found = texts(memory, "What is the average response time of the dashboard API?", maya)
    assert found.index(OLD) < found.index(later), found


def test_another_speakers_later_words_do_not_restate_the_users(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember(OLD, maya, at=MORNING)
    memory.remember(NEW, maya, at=MORNING + timedelta(hours=1), source="agent")
    found = texts(memory, "What is the average response time of the dashboard API?", maya)
    assert found.index(OLD) < found.index(NEW), found


# --- restated in the words of the relation asked about (twentieth session) ----------

HOME = "I live in Halifax with my sister."


@pytest.mark.parametrize(
    ("later", "query"),
    [
        ("Finally settled into our new place in Moncton!", "Where do I live now?"),
        ("We moved to Moncton in the spring, the new flat is lovely.", "Which city do I live in?"),
    ],
)
def test_a_later_move_told_in_other_words_answers_where_i_live_now(
    memory: Memory, ns: Any, later: str, query: str
) -> None:
    maya = ns("maya")
    memory.remember(HOME, maya, at=MORNING)
    memory.remember(later, maya, at=MORNING + timedelta(days=200))
    found = texts(memory, query, maya)
    assert "Moncton" in found[0], found  # the message, or the fact read from it


def test_a_later_change_about_another_thing_does_not_answer_where_i_live(
    memory: Memory, ns: Any
) -> None:
    maya = ns("maya")
    later = "Started a new pottery class at Kiln Studio, it's great."
    memory.remember(HOME, maya, at=MORNING)
    memory.remember(later, maya, at=MORNING + timedelta(days=200))
    found = texts(memory, "Where do I live now?", maya)
    assert found[0] == HOME, found


def test_a_later_message_naming_the_old_value_as_it_changes_comes_before_its_fact(
    memory: Memory, ns: Any
) -> None:
    maya = ns("maya")
    memory.remember("Valeria drives a Seat Leon.", maya, at=MORNING)
    later = "Valeria switched from the Seat Leon to a Kia Ceed."
    memory.remember(later, maya, at=MORNING + timedelta(days=200))
    found = texts(memory, "What car does Valeria drive now?", maya)
    assert "Kia Ceed" in found[0], found


def test_a_later_message_leaving_the_value_an_earlier_one_named_comes_first(
    memory: Memory, ns: Any
) -> None:
    maya = ns("maya")
    earlier = "My aunt Ines sold her old van and got a Mazda Bongo."
    later = "Ines sold the Mazda Bongo and got a Renault Kangoo two weeks ago."
    memory.remember(earlier, maya, at=MORNING)
    memory.remember(later, maya, at=MORNING + timedelta(days=150))
    found = texts(memory, "Which car does my aunt have these days?", maya)
    assert "Renault Kangoo" in found[0], found


def test_a_later_doctor_named_by_title_answers_who_my_doctor_is_now(
    memory: Memory, ns: Any
) -> None:
    maya = ns("maya")
    memory.remember(
        "I left Dr. Ana Moreau's practice and now see Dr. Tomas Berg.", maya, at=MORNING
    )
    later = "I switched to Dr. Priya Nair last month."
    memory.remember(later, maya, at=MORNING + timedelta(days=150))
    found = texts(memory, "Who is my doctor now?", maya)
    assert "Priya Nair" in found[0], found
