"""The write path reads its slots on Neo4j in one round trip (cypher/read/slots_state): the
same state, in the same order, as the four reads it replaces."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphmem import Claim, Memory
from graphmem.slots import read_slots
from graphmem.store.neo4j import Neo4jStore
from graphmem.store.rows import slot_key

pytestmark = pytest.mark.neo4j


@pytest.fixture
def memory(neo4j_uri: str, neo4j_auth: Any) -> Iterator[Memory]:
    store = Neo4jStore(neo4j_uri, auth=neo4j_auth)
    mem = Memory(store=store)
    yield mem
    mem.close()


def test_one_read_gives_what_the_four_reads_give(memory: Memory) -> None:
    space = f"slotread-{uuid.uuid4().hex[:8]}"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    memory.define_predicate("lives_in", cardinality="one")
    said = [
        [Claim("user", "lives_in", "Lisbon"), Claim("user", "visited", "Porto")],
        [Claim("user", "lives_in", "Berlin"), Claim("user", "visited", "Porto")],  # a move
        [Claim("user", "visited", "Rome"), Claim("user", "lives_in", "Berlin")],  # again
        [Claim("ana", "knows", "user")],
    ]
    for i, claims in enumerate(said):
        memory.remember(claims, namespace=space, at=start + timedelta(days=i))
    store = memory.store
    assert isinstance(store, Neo4jStore)
    keys = [
        slot_key("user", "lives_in", "global"),
        slot_key("user", "visited", "global"),
        slot_key("ana", "knows", "global"),
        slot_key("nobody", "lives_in", "global"),  # never written
    ]
    one = store.slot_state(space, keys)
    facts = store.slot_facts(space, keys)
    believed = [f["id"] for f in facts if f["retired_at"].year == 9999]
    assert one.versions == store.slot_versions(space, keys)
    assert one.statements == store.slot_statements(space, keys)
    assert one.facts == facts
    assert one.support == store.support(space, believed)
    assert len(one.facts) > len(believed) >= 3  # a superseded version is read too
    assert len(one.support) > len(believed)  # a value said twice has two episodes
    slots = read_slots(store, space, keys)
    assert slots[keys[3]].version == 0
    assert not slots[keys[3]].facts
    # Lisbon until the move, Berlin since: both believed, the first with its window closed.
    assert [f["object_text"] for f in slots[keys[0]].believed()] == ["Lisbon", "Berlin"]
    store.drop_namespace(space)
