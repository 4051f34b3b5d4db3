"""Housekeeping on the Neo4j store: dropping a whole namespace, label by label."""

from __future__ import annotations

import uuid

import pytest

from graphmem import Claim, Memory
from graphmem.store.neo4j import Neo4jStore

pytestmark = pytest.mark.neo4j


def test_drop_namespace_leaves_nothing_and_touches_no_other(neo4j_uri: str) -> None:
    doomed, kept = f"drop-{uuid.uuid4().hex[:8]}", f"keep-{uuid.uuid4().hex[:8]}"
    with Memory.neo4j(neo4j_uri) as mem:
        first = mem.remember([Claim("maya", "lives_in", "Austin")], namespace=doomed)
        mem.remember([Claim("maya", "lives_in", "Denver")], namespace=doomed)
        mem.forget(doomed, episode=first.episode_id)  # leaves a tombstone too
        mem.remember([Claim("maya", "lives_in", "Oslo")], namespace=kept)
        assert isinstance(mem.store, Neo4jStore)
        mem.store.drop_namespace(doomed)
        assert not any(mem.stats(doomed).values())
        assert [f.object for f in mem.facts(kept)] == ["Oslo"]
