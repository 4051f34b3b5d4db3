"""Reads sent and collected later (graphmem/store/neo4j/connection.py ``Sent``): a write
sends the read of its slots before it stages its claims (``graphmem.write.slots.SlotRead`` over
``GraphStore.slot_beliefs``), and recall sends its three candidate statements before it reads
any. On Neo4j the server reads while the caller works, and each read holds a connection until
it is collected. What must hold whatever the timing: the versions are read before the state,
so a commit in between fails the write's claim instead of being written over; a write that
fails before it collects its read gives the connection back; and more callers at once than
the driver has connections all finish."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from graphmem import Claim, Memory
from graphmem.errors import InvalidArgument, WriteConflict
from graphmem.model import Actor
from graphmem.records import audit_row
from graphmem.store.base import FactFilter
from graphmem.store.changes import ChangeSet
from graphmem.store.neo4j import Neo4jStore
from graphmem.write.slots import SlotRead, read_slots

AT = datetime(2025, 3, 1, tzinfo=UTC)


def test_a_slot_read_sent_before_a_commit_cannot_be_written_over_it(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("ahead")
    store = memory.store
    memory.remember([Claim("maya", "lives_in", "Lisbon")], namespace=space, at=AT)
    [key] = {f["slot"] for f in store.facts(space, FactFilter())}
    read = SlotRead(store, space, [key])  # sent
    # Another writer moves the slot before the read is collected.
    memory.remember(
        [Claim("maya", "lives_in", "Porto")], namespace=space, at=AT + timedelta(days=1)
    )
    try:
        state = read.result()[key]
    finally:
        read.close()

    def claiming(version: int) -> ChangeSet:
        note = audit_row(AT, Actor.USER, "note", note="claims the slot")
        return ChangeSet(namespace=space, slots={key: version}, audit=[note])

    with pytest.raises(WriteConflict):
        store.apply(claiming(state.version))
    fresh = read_slots(store, space, [key], history=False)[key]
    store.apply(claiming(fresh.version))  # the version read now passes
    assert "Porto" in [f["object_text"] for f in fresh.believed()]


def test_a_write_that_fails_before_its_slots_are_read_gives_its_connection_back(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    """More failed writes than the driver has connections (100): each sent its slot read,
    then refused its claim. Were a read's connection kept, the writes after would wait for
    one and fail."""
    space = ns("leak")
    backwards = Claim("maya", "lives_in", "Lisbon", valid_from=AT, valid_until=AT - timedelta(1))
    for _ in range(120):
        with pytest.raises(InvalidArgument):
            memory.remember([backwards], namespace=space, at=AT)
    written = memory.remember([Claim("maya", "lives_in", "Porto")], namespace=space, at=AT)
    assert [op.kind for op in written.operations] == ["ADD"]


def _all_at_once(work: Callable[[int], None], callers: int) -> None:
    """``work(0)`` … ``work(callers - 1)``, each on a thread of its own, started together;
    fails with what any of them raised, or when one has not finished after two minutes."""
    failures: list[BaseException] = []
    together = threading.Barrier(callers)

    def run(caller: int) -> None:
        try:
            together.wait()
            work(caller)
        except BaseException as exc:  # collected and failed below, with what it was
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(c,), daemon=True) for c in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not [t for t in threads if t.is_alive()], "callers still waiting"
    assert not failures, failures[:3]


WRITERS = 10
BATCHES = 3


@pytest.mark.neo4j
@pytest.mark.timeout(300, method="thread")  # a writer that never finishes ends the run
def test_many_writers_through_one_store_all_finish_and_land(neo4j_uri: str) -> None:
    namespace = f"ahead-{uuid.uuid4().hex[:8]}"
    store = Neo4jStore(neo4j_uri)
    memory = Memory(store=store)

    def write(writer: int) -> None:
        for batch in range(BATCHES):
            memory.remember(
                [
                    Claim(f"person {writer}", "lives_in", f"city {writer}-{batch}"),
                    # every writer also moves one shared slot: conflicts and retries
                    Claim("dana", "works_at", f"company {writer}"),
                ],
                namespace=namespace,
                at=AT + timedelta(days=batch),
            )

    try:
        _all_at_once(write, WRITERS)
        for writer in range(WRITERS):
            current = memory.facts(namespace, subject=f"person {writer}", predicate="lives_in")
            assert [f.object for f in current] == [f"city {writer}-{BATCHES - 1}"]
        employer = memory.facts(namespace, subject="dana", predicate="works_at")
        [current_employer] = employer
        assert current_employer.object in {f"company {w}" for w in range(WRITERS)}
    finally:
        store.drop_namespace(namespace)
        memory.close()


CALLERS = 150  # more than the driver's 100 connections, each recall holding three


@pytest.mark.neo4j
@pytest.mark.timeout(300, method="thread")
def test_more_callers_at_once_than_the_driver_has_connections_all_finish(neo4j_uri: str) -> None:
    namespace = f"callers-{uuid.uuid4().hex[:8]}"
    store = Neo4jStore(neo4j_uri, exact_below=0)  # the index statements, as at scale
    memory = Memory(store=store)
    memory.remember(
        [Claim(f"person {i}", "lives_in", f"city {i % 7}") for i in range(100)], namespace, at=AT
    )
    answered: list[int] = []

    def call(caller: int) -> None:
        if caller % 5 == 0:  # a writer among recallers
            memory.remember(
                [Claim(f"person {caller}", "lives_in", "Oslo")], namespace, at=AT + timedelta(1)
            )
        answered.append(len(memory.recall(f"where does person {caller + 1} live", namespace)))

    try:
        _all_at_once(call, CALLERS)
        assert len(answered) == CALLERS
        assert all(answered)
    finally:
        store.drop_namespace(namespace)
        memory.close()
