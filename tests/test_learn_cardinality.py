"""Relations learnt to hold one value at a time from the namespace's own history (issue 41,
graphmem.lifecycle.learn_cardinality), by the daily maintenance, on both stores."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from graphmem import Claim, Memory
from graphmem.lifecycle.learn_cardinality import slot_evidence
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, 9, tzinfo=UTC)


def current(memory: Memory, ns: str, subject: str, predicate: str = "car_model") -> list[str]:
    return sorted(str(f.object) for f in memory.facts(ns, subject=subject, predicate=predicate))


def daily(memory: Memory, ns: str, at: datetime, clock: Clock) -> Any:
    clock.set(at)
    [space] = memory.maintain(ns).namespaces
    return next(job for job in space.ran if job.job == "daily")


def told(
    memory: Memory, clock: Clock, ns: str, at: datetime, *claims: Claim, source: str = "document"
) -> None:
    clock.set(at)
    for claim in claims:
        memory.remember([claim], ns, source=source)


def two_subjects_switch(memory: Memory, clock: Clock, ns: str) -> None:
    told(memory, clock, ns, d(1), Claim("Ada", "car_model", "Civic"))
    told(memory, clock, ns, d(1, 2), Claim("Ben", "car_model", "Golf"))
    told(memory, clock, ns, d(2), Claim("Ada", "car_model", "Model 3"))
    told(memory, clock, ns, d(2, 2), Claim("Ben", "car_model", "Leaf"))


def test_two_subjects_switching_value_teach_one_value_at_a_time(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    space = ns("fleet")
    two_subjects_switch(memory, clock, space)
    # Nobody declared the relation: both values stand beside each other.
    assert current(memory, space, "Ada") == ["Civic", "Model 3"]

    job = daily(memory, space, d(3), clock)

    assert job.learned == ["car_model"]
    assert current(memory, space, "Ada") == ["Model 3"]
    assert current(memory, space, "Ben") == ["Leaf"]
    # History, too: the old value held until the new one came.
    [civic] = memory.facts(space, subject="Ada", predicate="car_model", at=d(1, 15))
    assert civic.object == "Civic"
    [entry] = [e for e in memory.audit(space) if e.action == "learn"]
    assert entry.target_id == "cardinality:car_model"
    assert "define_predicate" in str(entry.note)
    assert memory.check(space).ok
    # Learnt once: the next day has nothing left to learn.
    assert daily(memory, space, d(3, 2), clock).learned == []
    # A later value now supersedes at once.
    told(memory, clock, space, d(4), Claim("Ada", "car_model", "Ioniq"))
    assert current(memory, space, "Ada") == ["Ioniq"]


def test_a_relation_that_held_two_values_at_once_is_not_learnt(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    space = ns("fleet")
    two_subjects_switch(memory, clock, space)
    clock.set(d(2, 5))
    # One message gives Cleo two values: the relation holds several at once.
    memory.remember(
        [Claim("Cleo", "car_model", "Golf"), Claim("Cleo", "car_model", "Fiesta")],
        space,
        source="document",
    )
    assert daily(memory, space, d(3), clock).learned == []
    assert current(memory, space, "Ada") == ["Civic", "Model 3"]


def test_a_value_added_with_too_is_held_beside_the_others(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    # Two people each add a language, told a month apart, never both in one message: the
    # word "too" says the second is added, so "speaks" is not learnt to hold one value. The
    # same history told without it reads as two switches, and is learnt.
    for added, learnt in ((" too", []), ("", ["speaks"])):
        space = ns("added" if added else "switched")
        for subject, first, then in (("I", "French", "German"), ("Tom", "Italian", "Spanish")):
            verb = "speak" if subject == "I" else "speaks"
            clock.set(d(1))
            memory.remember(f"{subject} {verb} {first}.", space)
            clock.set(d(2))
            memory.remember(f"{subject} {verb} {then}{added}.", space)
        assert daily(memory, space, d(3), clock).learned == learnt
    assert current(memory, ns("added"), "user", "speaks") == ["French", "German"]
    assert current(memory, ns("switched"), "user", "speaks") == ["German"]


def test_a_declaration_or_new_history_takes_a_learnt_guess_back(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    space = ns("fleet")
    two_subjects_switch(memory, clock, space)
    daily(memory, space, d(3), clock)
    assert current(memory, space, "Ada") == ["Model 3"]

    memory.define_predicate("car_model", cardinality="many")
    daily(memory, space, d(3, 2), clock)

    assert current(memory, space, "Ada") == ["Civic", "Model 3"]
    assert [e.action for e in memory.audit(space) if e.target_id == "cardinality:car_model"] == [
        "learn",
        "unlearn",
    ]
    assert memory.check(space).ok


def test_preferences_and_built_in_relations_are_left_to_their_own_rules(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    space = ns("maya")
    for subject in ("user", "Ben"):
        for at, drink in ((d(1), "tea"), (d(2), "coffee")):
            told(memory, clock, space, at, Claim(subject, "likes", drink), source="user")
    assert daily(memory, space, d(3), clock).learned == []
    assert current(memory, space, "Ben", "likes") == ["coffee", "tea"]


def test_slot_evidence_reads_order_and_messages() -> None:
    def said(value: str, day: int, episode: str) -> dict[str, Any]:
        return {
            "op": "assert",
            "status": "active",
            "object_json": value,
            "said_at": d(1, day),
            "episodes": [episode],
        }

    assert slot_evidence([said("a", 1, "e1"), said("b", 2, "e2")]) is True
    assert slot_evidence([said("a", 1, "e1"), said("b", 2, "e2"), said("a", 3, "e3")]) is False
    assert slot_evidence([said("a", 1, "e1"), said("b", 1, "e1")]) is False
    assert slot_evidence([said("a", 1, "e1"), said("a", 2, "e2")]) is None
