"""A Neo4j store plans recall's statements as it opens (graphmem/store/neo4j/warmup.py).

The server caches a plan per statement text, parameter types and parameter size classes
(strings of up to 10, 100, 1,000 characters; lists of 1, up to 10, up to 100 elements), so
planning ahead helps only if it sends each statement with parameters of the types and sizes
a recall sends: a null where recall sends a list, or a list of one where it sends eleven, is
another plan, and the first question would still wait. What it gains is measured in
bench/first_recall.py."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from graphmem import Claim, Memory
from graphmem.errors import InvalidArgument
from graphmem.model import Authority, Sensitivity, check_scope, entity_key
from graphmem.store.neo4j import Neo4jStore, warmup
from graphmem.store.neo4j.connection import Activity
from graphmem.store.neo4j.recall import PAD, one_size
from graphmem.store.neo4j.warmup import PlanAhead


def _size_class(n: int) -> int:
    return 0 if n == 0 else 1 if n == 1 else len(str(n - 1)) + 1  # 2-10, 11-100, ...


def _type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        inner = sorted({_type(v).split("#")[0] for v in value})
        return f"list<{'|'.join(inner) or 'empty'}>#{_size_class(len(value))}"
    if isinstance(value, str):
        return f"str#{_size_class(len(value))}"
    if isinstance(value, datetime):
        return "datetime"
    return type(value).__name__


def _types(params: dict[str, Any]) -> dict[str, str]:
    return {key: _type(value) for key, value in params.items()}


@pytest.mark.neo4j
def test_recall_is_planned_with_the_parameter_types_and_sizes_it_is_sent_with(
    neo4j_uri: str, ns: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Neo4jStore(neo4j_uri)
    try:
        memory = Memory(store=store)
        assert store.planned.wait(120), "planning ahead did not end"
        sent: list[tuple[str, dict[str, str]]] = []
        original = Neo4jStore._send

        def spy(self: Neo4jStore, name: str, params: dict[str, Any]) -> Any:
            if name.startswith("recall/"):
                sent.append((name, _types(params)))
            return original(self, name, params)

        monkeypatch.setattr(Neo4jStore, "_send", spy)
        short, long = ns("p")[:10], ns("plans-of-a-longer-name")
        for space in (short, long):
            memory.remember(
                [Claim("maya", "lives_in", "Lisbon"), Claim("maya", "likes", "green tea")],
                namespace=space,
            )
            memory.recall("where does maya live", namespace=space)
            memory.recall("Maya?", namespace=space, k=1)  # one name, one row
            memory.recall(
                "what does maya like to drink on a long summer afternoon by the sea in Lisbon",
                namespace=space,
                scope="project:atlas",
                max_sensitivity="normal",
                min_authority="user",
            )

        dimensions = memory.embedder.dimensions
        planned = {(n, tuple(sorted(_types(p).items()))) for n, p in store.recall_plans(dimensions)}
        asked = {(name, tuple(sorted(types.items()))) for name, types in sent}
        assert {name for name, _ in sent} == {
            "recall/candidates_facts",
            "recall/candidates_episodes",
            "recall/candidates_entity",
            "recall/rows",
        }
        assert asked <= planned, f"recall sent what was not planned: {asked - planned}"
    finally:
        store.close()


@pytest.mark.neo4j
def test_a_remembers_reads_are_planned_with_the_types_and_sizes_it_sends(
    neo4j_uri: str, ns: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first remember on a database that was empty skips its reads (Connection.unwritten);
    the plans made ahead are the ones the next remember's reads need."""
    store = Neo4jStore(neo4j_uri, plan_ahead=False)
    try:
        memory = Memory(store=store)
        sent: list[tuple[str, dict[str, str]]] = []
        reads = {
            "read/slot_versions",
            "read/slot_statements",
            "read/facts_of_slots",
            "read/thread_turns_around",
        }
        records, send = Neo4jStore._records, Neo4jStore._send

        def spy_records(self: Neo4jStore, name: str, params: dict[str, Any]) -> Any:
            if name in reads:
                sent.append((name, _types(params)))
            return records(self, name, params)

        def spy_send(self: Neo4jStore, name: str, params: dict[str, Any]) -> Any:
            if name in reads:
                sent.append((name, _types(params)))
            return send(self, name, params)

        monkeypatch.setattr(Neo4jStore, "_records", spy_records)
        monkeypatch.setattr(Neo4jStore, "_send", spy_send)
        for space in (ns("r")[:10], ns("remembered-with-a-longer-name")):
            memory.remember("I live in Lisbon.", namespace=space)
        planned = {(n, tuple(sorted(_types(p).items()))) for n, p in store.remember_plans()}
        asked = {(name, tuple(sorted(types.items()))) for name, types in sent}
        assert {name for name, _ in sent} == reads
        assert asked <= planned, f"remember read what was not planned: {asked - planned}"
    finally:
        store.close()


@pytest.mark.neo4j
def test_opening_never_waits_for_planning_and_closing_at_once_raises_nothing(
    neo4j_uri: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PlanAhead, "_started", set())  # as in a process of its own
    store = Neo4jStore(neo4j_uri)
    Memory(store=store)  # the embedding size known: planning starts
    store.close()  # while the thread may still be planning
    assert store.planned.wait(120)


@pytest.mark.neo4j
def test_planning_ahead_can_be_turned_off(neo4j_uri: str) -> None:
    store = Neo4jStore(neo4j_uri, plan_ahead=False)
    try:
        Memory(store=store)
        assert store.planned.is_set()
    finally:
        store.close()


def test_the_padding_matches_nothing_a_store_can_hold() -> None:
    """Padded lists must not widen a filter: the pad is no entity key (keys are casefolded
    and have their spaces collapsed, so none is blank), and no id, status, authority, scope
    or sensitivity may hold a space."""
    assert entity_key(PAD) != PAD
    assert all(entity_key(name) != PAD for name in (" ", "  ", "\t", " \n "))
    for bad in (PAD, f"project:{PAD}"):
        with pytest.raises(InvalidArgument):
            check_scope(bad)
    assert PAD not in {*(a.value for a in Authority), *(s.value for s in Sensitivity)}
    padded = one_size({"keys": ["maya"], "namespace": "maya", "vector": [1.0]})
    assert padded["keys"] == ["maya", *[PAD] * 10]
    assert padded["namespace"] == "maya"
    assert padded["vector"] == [1.0]


def test_quiet_waits_for_the_statements_in_flight_and_for_the_pause_after_them() -> None:
    activity = Activity()
    end = activity.begin()
    waited: list[float] = []

    def wait() -> None:
        start = time.monotonic()
        assert activity.wait_quiet(0.2)
        waited.append(time.monotonic() - start)

    thread = threading.Thread(target=wait)
    thread.start()
    time.sleep(0.5)  # a statement still running: no pause has begun
    assert not waited
    end()
    end()  # ending twice counts once
    thread.join(5)
    assert waited, "the wait did not end once the statement ended and the pause passed"
    assert waited[0] >= 0.5 + 0.2 - 0.05


def test_quiet_gives_up_when_the_store_closes() -> None:
    activity = Activity()
    end = activity.begin()
    result: list[bool] = []
    thread = threading.Thread(target=lambda: result.append(activity.wait_quiet(0.1)))
    thread.start()
    activity.stop()
    thread.join(5)
    end()
    assert result == [False]


@pytest.mark.neo4j
def test_planning_ahead_waits_while_the_store_is_busy(
    neo4j_uri: str, ns: Callable[[str], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planning takes the server's cores: it must not run beside a caller's statements (on a
    fresh database on two cores it had made opening and the first remember 10.4 s, not 6.6)."""
    monkeypatch.setattr(PlanAhead, "_started", set())  # as in a process of its own
    monkeypatch.setattr(warmup, "QUIET", 3.0)  # longer than any pause of the loop below
    store = Neo4jStore(neo4j_uri)
    try:
        memory = Memory(store=store)
        space = ns("busy")
        until = time.monotonic() + 2.0
        while time.monotonic() < until:  # the caller's statements, one after another
            memory.remember("I booked a table for four at the harbour place.", namespace=space)
            assert not store.planned.is_set(), "planned beside the caller's statements"
        assert store.planned.wait(120), "planning ahead did not run once the store was idle"
    finally:
        store.close()


@pytest.mark.neo4j
def test_a_store_closed_before_planning_leaves_it_to_the_next_store(
    neo4j_uri: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PlanAhead, "_started", set())
    monkeypatch.setattr(warmup, "QUIET", 60.0)  # never quiet before the close
    store = Neo4jStore(neo4j_uri)
    Memory(store=store)
    store.close()
    assert store.planned.wait(10), "a closed store's planning did not end"
    assert not PlanAhead._started, "the next store of this process would not plan"
