"""Holding a slot (the retry path's lock, ``GraphStore.hold_slots``) never moves its version
back. Every claim a writer commits moves the version on by one; a write that retries after
losing a race first takes the slot's lock by rewriting the version. Neo4j reads a bare
``SET s.version = s.version`` before the lock and writes the old value back after it, which
undid claims committed meanwhile: a later writer could then pass its claim on stale state.
"""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime, timedelta

import pytest

from graphmem import Claim, Memory
from graphmem.store.base import FactFilter
from graphmem.store.neo4j import Neo4jStore

pytestmark = pytest.mark.neo4j

WRITES = 40


def test_holding_a_slot_never_undoes_a_claim_committed_meanwhile(neo4j_uri: str) -> None:
    namespace = f"holdlock-{uuid.uuid4().hex[:8]}"
    start = datetime(2024, 1, 1, tzinfo=UTC)
    store = Neo4jStore(neo4j_uri)
    memory = Memory(store=store)
    try:
        memory.remember(
            [Claim("maya", "lives_in", "city-0", valid_from=start)], namespace=namespace, at=start
        )
        [slot] = {f["slot"] for f in store.facts(namespace, FactFilter())}
        first = store.slot_versions(namespace, [slot])[slot]
        stop = threading.Event()
        held = [0]

        def hold() -> None:
            while not stop.is_set():
                with store.hold_slots(namespace, [slot]):
                    held[0] += 1

        holders = [threading.Thread(target=hold) for _ in range(2)]
        for thread in holders:
            thread.start()
        try:
            for i in range(1, WRITES + 1):
                at = start + timedelta(days=i)
                memory.remember(
                    [Claim("maya", "lives_in", f"city-{i}", valid_from=at)],
                    namespace=namespace,
                    at=at,
                )
        finally:
            stop.set()
            for thread in holders:
                thread.join()
        assert held[0] > WRITES  # the holders really raced the writes
        # One step per committed claim, none taken back by a holder.
        assert store.slot_versions(namespace, [slot])[slot] == first + WRITES
        current = memory.facts(namespace, subject="maya", predicate="lives_in")
        assert [f.object for f in current] == [f"city-{WRITES}"]
    finally:
        store.drop_namespace(namespace)
        memory.close()
