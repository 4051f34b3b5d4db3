"""Time, exactly: arrival order, boundary instants, forgetting a middle link, and the checker.

Regressions for three wrong answers found by replaying dated histories through the API
(each failed before statements and derived timelines), plus the invariant checker finding
defects planted on purpose. Both stores.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from neo4j import Driver

from graphmem import Claim, Memory
from graphmem.store.changes import ChangeSet, FactPatch
from graphmem.store.neo4j import Neo4jStore
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1, year: int = 2026) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


def austin_then_denver(memory: Memory, clock: Clock, maya: str) -> datetime:
    """Maya lives in Austin from 2012 (returned), in Denver from 2015."""
    start = datetime(2012, 1, 1, tzinfo=UTC)
    clock.set(d(1))
    memory.remember([Claim("maya", "lives_in", "Austin", valid_from=start)], namespace=maya)
    clock.advance(days=1)
    # The move writes a closed version of Austin: its valid_from is copied from a stored value.
    memory.remember([Claim("maya", "lives_in", "Denver", valid_from=d(1, 1, 2015))], namespace=maya)
    return start


def lives(memory: Memory, ns: str, at: datetime, known_at: datetime | None = None) -> list:
    return [
        f.object
        for f in memory.facts(ns, subject="maya", predicate="lives_in", at=at, known_at=known_at)
    ]


def test_a_backfill_fills_history_and_does_not_rewrite_the_present(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(8))
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7, 10))
    clock.advance(hours=1)
    late = memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3, 2))

    assert lives(memory, maya, d(8)) == ["Denver"]
    assert lives(memory, maya, d(4)) == ["Austin"]
    assert lives(memory, maya, d(7, 10)) == ["Denver"]
    assert lives(memory, maya, d(7, 10) - timedelta(microseconds=1)) == ["Austin"]
    austin = [f for f in memory.facts(maya, history=True) if f.object == "Austin"]
    assert [(f.valid_from, f.valid_until) for f in austin] == [(d(3, 2), d(7, 10))]
    assert [op.kind for op in late.operations] == ["ADD"]  # history, not news
    # Before the backfill arrived, the store did not know about Austin at all.
    assert lives(memory, maya, d(4), known_at=d(8)) == []
    assert memory.check(maya).ok


@pytest.mark.parametrize("seed", range(3))
def test_any_arrival_order_gives_the_same_timeline(
    memory: Memory, clock: Clock, ns: NS, seed: int
) -> None:
    events = [
        Claim("maya", "lives_in", "Austin", valid_from=d(1)),
        Claim("maya", "lives_in", "Denver", valid_from=d(4)),
        Claim("maya", "lives_in", "Boston", valid_from=d(9)),
        Claim("maya", "lives_in", "Lima", valid_from=d(6), valid_until=d(7)),  # a window
        Claim("maya", "lives_in", "Boston", valid_from=d(11), negated=True),  # moved out
    ]
    timelines = []
    for order in itertools.islice(itertools.permutations(events), seed, None, 37):
        space = ns(f"maya{len(timelines)}")
        clock.set(d(12))
        for claim in order:
            clock.advance(minutes=1)
            memory.remember([claim], namespace=space, at=d(12))
        timelines.append(
            sorted(
                (f.object, f.valid_from, f.valid_until)
                for f in memory.facts(space, subject="maya", predicate="lives_in", history=True)
                if f.retired_at is None
            )
        )
        assert memory.check(space).ok
        if len(timelines) == 4:
            break
    assert timelines[0] == [
        ("Austin", d(1), d(4)),
        ("Boston", d(9), d(11)),
        ("Denver", d(4), d(6)),
        ("Denver", d(7), d(9)),
        ("Lima", d(6), d(7)),
    ]
    assert all(t == timelines[0] for t in timelines)


def test_a_fact_answers_at_the_exact_instant_it_begins(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    start = austin_then_denver(memory, clock, maya)
    assert lives(memory, maya, start) == ["Austin"]
    assert lives(memory, maya, start - timedelta(microseconds=1)) == []
    assert lives(memory, maya, d(1, 1, 2015)) == ["Denver"]
    assert lives(memory, maya, d(1, 1, 2015) - timedelta(microseconds=1)) == ["Austin"]
    assert memory.store.noncanonical_datetimes(maya) == []


def test_forgetting_a_middle_link_leaves_one_value_at_a_time(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(10))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.advance(minutes=1)
    denver = memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))
    clock.advance(minutes=1)
    memory.remember([Claim("maya", "lives_in", "Boston")], namespace=maya, at=d(9))
    clock.advance(minutes=1)

    memory.forget(maya, episode=denver.episode_id)

    for month in range(3, 12):
        assert len(lives(memory, maya, d(month, 15))) == 1
    assert lives(memory, maya, d(8)) == ["Austin"]
    assert lives(memory, maya, d(10)) == ["Boston"]
    # Before the forget, the store believed Denver for July: that belief stays, without Denver.
    assert lives(memory, maya, d(8), known_at=d(10) + timedelta(seconds=90)) == []
    assert memory.check(maya).ok


def test_back_dated_writes_touch_only_the_versions_they_overlap(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(12))
    days = list(range(64))
    random.Random(7).shuffle(days)
    for n, offset in enumerate(days):
        clock.advance(seconds=1)
        memory.remember(
            [Claim("maya", "lives_in", f"City {n}", valid_from=d(1) + timedelta(days=offset))],
            namespace=maya,
        )
    versions = memory.stats(maya)["Fact"]
    assert versions <= 3 * len(days)  # a new one, and at most one neighbour revised
    assert len(memory.facts(maya, predicate="lives_in")) == 1
    assert memory.check(maya).ok


# ---- the checker finds what is planted ---------------------------------------------------------


def _moved(memory: Memory, clock: Clock, maya: str) -> dict[str, str]:
    clock.set(d(10))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.advance(minutes=1)
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))
    current = {f.object: f.id for f in memory.facts(maya, history=True) if f.retired_at is None}
    assert memory.check(maya).ok
    return current


def test_check_finds_two_values_at_once(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    ids = _moved(memory, clock, maya)
    memory.store.apply(
        ChangeSet(namespace=maya, patches=[FactPatch(ids["Austin"], {"valid_until": d(9)})])
    )
    kinds = {p.kind for p in memory.check(maya).problems}
    assert {"overlap", "out_of_step"} <= kinds


def test_check_finds_an_empty_window(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    ids = _moved(memory, clock, maya)
    memory.store.apply(
        ChangeSet(namespace=maya, patches=[FactPatch(ids["Denver"], {"valid_until": d(7)})])
    )
    problems = memory.check(maya).problems
    assert [p.ids for p in problems if p.kind == "empty_window"] == [[ids["Denver"]]]


def test_check_finds_a_version_whose_statement_is_gone(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    ids = _moved(memory, clock, maya)
    statement = memory.store.facts_by_id(maya, [ids["Denver"]])[0]["statements"][0]
    memory.store.apply(ChangeSet(namespace=maya, removals={"Statement": [statement]}))
    kinds = {p.kind for p in memory.check(maya).problems}
    assert {"dangling_statement", "out_of_step"} <= kinds


@pytest.mark.neo4j
def test_check_finds_and_repairs_a_named_zone(neo4j_uri: str, ns: NS, neo4j_driver: Driver) -> None:
    # Named zones are a Neo4j storage form: this runs on Neo4j only.
    clock = Clock()
    memory = Memory(store=Neo4jStore(neo4j_uri), clock=clock)
    maya = ns("maya")
    ids = _moved(memory, clock, maya)
    # A store written before the fix: a valid_from with a named zone, as the driver round trip
    # used to write it.
    neo4j_driver.execute_query(
        "MATCH (f:Fact {namespace: $ns, id: $id}) "
        "SET f.valid_from = datetime({epochSeconds: f.valid_from.epochSeconds, timezone: 'UTC'})",
        ns=maya,
        id=ids["Austin"],
    )
    assert lives(memory, maya, d(3)) == []  # the wrong answer the named zone gives
    report = memory.check(maya)
    assert [p.kind for p in report.problems] == ["noncanonical_datetime"]
    repaired = memory.check(maya, repair=True)
    assert repaired.repaired == 1
    assert repaired.ok
    assert lives(memory, maya, d(3)) == ["Austin"]
    memory.close()


@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin", "America/St_Johns"])
def test_a_question_in_a_named_zone_answers_at_the_exact_instant(
    memory: Memory, clock: Clock, ns: NS, zone: str
) -> None:
    maya = ns("maya")
    start = austin_then_denver(memory, clock, maya)
    named = ZoneInfo(zone)
    for at, expected in [
        (start, ["Austin"]),
        (start - timedelta(microseconds=1), []),
        (d(1, 1, 2015), ["Denver"]),
        (d(1, 1, 2015) - timedelta(microseconds=1), ["Austin"]),
    ]:
        local = at.astimezone(named)  # the same instant, as a named zone's wall time
        assert lives(memory, maya, local) == expected, (zone, at)
        found = memory.recall("where does maya live", namespace=maya, k=5, at=local)
        facts = [e.text for e in found if e.kind == "fact"]
        assert [c for c in ("Austin", "Denver") if any(c in t for t in facts)] == expected
