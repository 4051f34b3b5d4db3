"""Recall credits evidence from the time its query names ("what did we go over on 3 June?"):
the periods read from the query, their edges, and the ranking on both stores compared
with a reference on generated histories."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import Memory, Weights
from graphmem.read.period import TOLD_WITHIN, Period, named_periods

NS = Callable[[str], str]
AT = datetime(2026, 9, 15, 12, 0, tzinfo=UTC)


def day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What did we decide on 3 June 2026?", [(day(2026, 6, 3), day(2026, 6, 4))]),
        ("What did we decide on June 3rd?", [(day(2026, 6, 3), day(2026, 6, 4))]),
        ("Where did she travel in July 2022?", [(day(2022, 7, 1), day(2022, 8, 1))]),
        # Past time seen from the recall's `at`: October is last year's.
        ("What happened in October?", [(day(2025, 10, 1), day(2025, 11, 1))]),
        ("What did I buy in May?", [(day(2026, 5, 1), day(2026, 6, 1))]),
        ("Which course did he finish in 2019?", [(day(2019, 1, 1), day(2020, 1, 1))]),
        ("What did we discuss yesterday?", [(day(2026, 9, 14), day(2026, 9, 15))]),
        ("What came up last week?", [(day(2026, 9, 7), day(2026, 9, 14))]),
        # A question's edge is loose: the first or last third of the month.
        (
            "Which tournament did he win at the beginning of November 2022?",
            [(day(2022, 11, 1), day(2022, 11, 11))],
        ),
        # A period not yet over asks for something to be done, not about what was said ...
        ("Can you suggest a recipe for dinner tonight?", []),
        ("Book me a trip to Chicago next week.", []),
        ("What are we doing this weekend?", []),
        # ... unless the question is about the past: then it counts until now.
        ("What did we decide today?", [(day(2026, 9, 15), AT)]),
        ("Which state has been hit by the ice storm this week?", [(day(2026, 9, 14), AT)]),
        ("How long is the exercise in the study published this week?", [(day(2026, 9, 14), AT)]),
        ("Who did I meet this month?", [(day(2026, 9, 1), AT)]),
        ("What is on in December?", [(day(2025, 12, 1), day(2026, 1, 1))]),
        # "may" the verb names no month; no time words, no period.
        ("What may I bring to the party?", []),
        ("Who is my manager?", []),
    ],
)
def test_the_periods_a_query_names(query: str, expected: list[tuple[datetime, datetime]]) -> None:
    assert [(p.start, p.end) for p in named_periods(query, AT)] == expected


def test_evidence_belongs_to_a_period_from_its_first_instant_until_a_week_after_it() -> None:
    period = Period(day(2026, 6, 3), day(2026, 6, 4))
    assert period.began_in(day(2026, 6, 3))
    assert not period.began_in(day(2026, 6, 3) - timedelta(microseconds=1))
    last = day(2026, 6, 4) + TOLD_WITHIN
    assert period.began_in(last - timedelta(microseconds=1))
    assert not period.began_in(last)


TEXT = "We went over the garden plan with the landscaper."
BASE = day(2026, 3, 1)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    moments=st.lists(st.integers(0, 40 * 24 * 60), min_size=2, max_size=7, unique=True),
    asked=st.integers(0, 40),
)
def test_evidence_from_the_named_day_ranks_before_the_same_words_said_another_time(
    memory: Memory, ns: NS, *, moments: list[int], asked: int
) -> None:
    space = ns(f"period-{uuid.uuid4().hex[:6]}")
    stored = {}
    for minute in moments:
        at = BASE + timedelta(minutes=minute)
        result = memory.remember(TEXT, namespace=space, source="user", at=at)
        assert result.episode_id is not None
        stored[result.episode_id] = at
    named = BASE + timedelta(days=asked)
    query = f"What did we go over about the garden plan on {named:%-d %B %Y}?"
    found = memory.recall(query, namespace=space, k=len(moments) + 10, at=BASE + timedelta(days=60))
    episodes = [e for e in found if e.kind == "episode"]
    ranked = [e.episode_id for e in episodes]
    assert sorted(ranked) == sorted(stored)
    # The reference: told that day or in the week after it.
    inside = {
        i for i, at in stored.items() if named <= at < named + timedelta(days=1) + TOLD_WITHIN
    }
    assert set(ranked[: len(inside)]) == inside
    assert all(e.parts.period == (1.0 if e.episode_id in inside else 0.0) for e in episodes)


def test_a_query_that_names_no_time_ranks_as_without_the_credit(memory: Memory, ns: NS) -> None:
    space = ns("period-none")
    for i, text in enumerate(
        [TEXT, "The landscaper quoted for the garden wall.", "Plan the garden party menu."]
    ):
        memory.remember(text, namespace=space, at=BASE + timedelta(days=3 * i))
    default = Weights.balanced()
    assert default.period > 0
    without = dataclasses.replace(default, period=0.0)
    for query in (
        "what did the landscaper say about the garden plan",
        # Today is not over: a request for tonight credits nothing said today.
        "plan the garden work with the landscaper tonight",
    ):
        found = memory.recall(query, namespace=space, k=5, at=BASE + timedelta(days=6, hours=1))
        plain = memory.recall(
            query, namespace=space, k=5, weights=without, at=BASE + timedelta(days=6, hours=1)
        )
        assert [(e.episode_id, e.score) for e in found] == [(e.episode_id, e.score) for e in plain]
        assert all(e.parts.period == 0.0 for e in found)


def test_a_question_about_this_week_finds_this_weeks_telling_first(memory: Memory, ns: NS) -> None:
    space = ns("period-this-week")
    asked = datetime(2026, 9, 17, 18, 0, tzinfo=UTC)  # a Thursday
    old = memory.remember(
        "The council approved the new bike lanes on Elm Street.",
        namespace=space,
        source="document",
        at=asked - timedelta(days=21),
    )
    new = memory.remember(
        "The council approved the new bike lanes on Oak Avenue.",
        namespace=space,
        source="document",
        at=asked - timedelta(days=2),
    )
    found = memory.recall(
        "Which bike lanes did the council approve this week?", namespace=space, k=2, at=asked
    )
    assert [e.episode_id for e in found] == [new.episode_id, old.episode_id]
    assert [e.parts.period for e in found] == [1.0, 0.0]
    # Asked for something to be done, this week credits nothing.
    plan = memory.recall(
        "Plan bike lanes for the council this week", namespace=space, k=2, at=asked
    )
    assert all(e.parts.period == 0.0 for e in plan)
