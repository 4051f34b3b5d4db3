"""Bitemporal behaviour of the fact graph, on both stores."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from graphmem import Claim, Memory
from graphmem.errors import (
    GraphmemError,
    InvalidArgument,
    InvalidValidity,
    NaiveDatetime,
    UnknownId,
)
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1, year: int = 2026) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


def objects(facts: list) -> list:
    return [f.object for f in facts]


def test_change_in_world_closes_validity(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3, 2))
    austin = memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.set(d(7, 2))
    denver = memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))

    assert objects(memory.facts(maya, subject="maya", predicate="lives_in", at=d(4, 15))) == [
        "Austin"
    ]
    assert objects(memory.facts(maya, subject="maya", predicate="lives_in", at=d(8))) == ["Denver"]
    assert [op.kind for op in denver.operations] == ["UPDATE"]

    chain = memory.history(denver.fact_ids[0], namespace=maya)
    assert objects(chain) == ["Austin", "Denver"]
    assert chain[0].valid_until == d(7)
    assert [s.episode_id for s in chain[0].support] == [austin.episode_id]
    assert [s.episode_id for s in chain[1].support] == [denver.episode_id]


def test_correction_retires_belief_but_keeps_history(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(5))
    memory.remember([Claim("maya", "surname", "Wang")], namespace=maya)
    clock.set(d(6))
    result = memory.remember([Claim("maya", "surname", "Wang", negated=True)], namespace=maya)
    assert [op.kind for op in result.operations] == ["DELETE"]

    assert memory.facts(maya, subject="maya", predicate="surname") == []
    believed_before = memory.facts(maya, subject="maya", predicate="surname", known_at=d(5, 15))
    assert objects(believed_before) == ["Wang"]
    assert believed_before[0].status.value == "active"


def test_window_holds_only_inside(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(8, 20))
    memory.remember(
        [Claim("maya", "writing_block", "9-11am", valid_from=d(9), valid_until=d(10))],
        namespace=maya,
    )
    assert objects(memory.facts(maya, predicate="writing_block", at=d(9, 15))) == ["9-11am"]
    assert memory.facts(maya, predicate="writing_block", at=d(10, 2)) == []


def test_window_interrupts_and_the_old_value_resumes(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    memory.define_predicate("writing_block", cardinality="one", kind="preference")
    clock.set(d(2))
    memory.remember([Claim("maya", "writing_block", "mornings")], namespace=maya, at=d(2))
    clock.set(d(8, 20))
    memory.remember(
        [Claim("maya", "writing_block", "afternoons", valid_from=d(9), valid_until=d(10))],
        namespace=maya,
    )
    assert objects(memory.facts(maya, predicate="writing_block", at=d(8, 25))) == ["mornings"]
    assert objects(memory.facts(maya, predicate="writing_block", at=d(9, 15))) == ["afternoons"]
    assert objects(memory.facts(maya, predicate="writing_block", at=d(10, 2))) == ["mornings"]


def test_same_value_adds_support_not_a_copy(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3, 2))
    first = memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.advance(days=5)
    again = memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3, 5))
    assert [op.kind for op in again.operations] == ["NOOP"]
    current = memory.facts(maya, predicate="lives_in")
    assert len(current) == 1
    support = memory.history(current[0].id, namespace=maya)[0].support
    assert {s.episode_id for s in support} == {first.episode_id, again.episode_id}


def test_namespaces_never_see_each_other(memory: Memory, clock: Clock, ns: NS) -> None:
    a, b = ns("a"), ns("b")
    clock.set(d(3, 2))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=a, at=d(3))
    b_result = memory.remember([Claim("maya", "lives_in", "Oslo")], namespace=b, at=d(3))
    b_fact = b_result.fact_ids[0]

    assert objects(memory.facts(a)) == ["Austin"]
    assert memory.stats(a)["Fact"] == 1
    for call in (
        lambda: memory.history(b_fact, namespace=a),
        lambda: memory.confirm(b_fact, namespace=a),
        lambda: memory.reject(b_fact, namespace=a),
        lambda: memory.episode(b_result.episode_id, namespace=a),
    ):
        with pytest.raises(UnknownId):
            call()
    # A's write into the same slot does not touch B's value.
    clock.set(d(7, 2))
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=a, at=d(7))
    assert objects(memory.facts(b)) == ["Oslo"]
    assert all(entry.target_id != b_fact for entry in memory.audit(a))


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (
            lambda: Claim("maya", "lives_in", "X", valid_from=datetime(2026, 3, 1)),
            InvalidArgument,
            "timezone",
        ),
        (
            lambda: Claim("maya", "lives_in", "X", valid_from=d(5), valid_until=d(4)),
            InvalidValidity,
            "ends before it starts",
        ),
        (lambda: Claim("maya", "lives in", "X"), InvalidArgument, "snake_case"),
        (lambda: Claim("maya", "likes", {1, 2}), InvalidArgument, "JSON"),
    ],
)
def test_bad_claims_are_named_and_nothing_is_written(
    memory: Memory, ns: NS, make: Callable[[], Claim], error: type[Exception], words: str
) -> None:
    maya = ns("maya")
    with pytest.raises(error, match=words):
        memory.remember([make()], namespace=maya)
    assert memory.stats(maya)["Fact"] == 0
    assert memory.stats(maya)["Episode"] == 0


def test_bad_arguments_are_named(memory: Memory, ns: NS) -> None:
    with pytest.raises(InvalidArgument, match="namespace"):
        memory.remember("I live in Austin", namespace="")
    with pytest.raises(NaiveDatetime, match="no timezone"):
        memory.remember("I live in Austin", namespace=ns("m"), at=datetime(2026, 3, 1))
    with pytest.raises(NaiveDatetime):
        memory.facts(ns("m"), at=datetime(2026, 3, 1))
    with pytest.raises(InvalidArgument, match="source"):
        memory.remember("hello", namespace=ns("m"), source="carrier-pigeon")
    with pytest.raises(UnknownId, match="f_missing"):
        memory.history("f_missing", namespace=ns("m"))
    assert issubclass(UnknownId, GraphmemError)
