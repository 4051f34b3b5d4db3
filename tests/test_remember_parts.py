"""bench/remember_parts.py times the steps of a Neo4j ``remember`` by wrapping them by
name. A step renamed or moved off the write path would print 0 ms and look free; these
tests keep every step it names on the path a remember of claims takes, and its wrappers
out of the code once it is done."""

from __future__ import annotations

import sys
import uuid
from collections import defaultdict
from pathlib import Path

import pytest

from graphmem import Claim, Memory

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from remember_parts import STEPS, timed_steps


@pytest.mark.neo4j
def test_every_step_is_timed_on_a_remember_of_claims(neo4j_uri: str) -> None:
    memory = Memory.neo4j(neo4j_uri)
    namespace = f"remember-parts-{uuid.uuid4().hex[:8]}"
    totals: dict[str, list[float]] = defaultdict(list)
    try:
        with timed_steps(totals):
            memory.remember(
                [Claim("maya", "lives_in", "Lisbon"), Claim("maya", "likes", "tea")],
                namespace=namespace,
                source="user",
            )
    finally:
        memory.store.drop_namespace(namespace)
        memory.close()
    assert [label for _, label, _, _ in STEPS if not totals[label]] == []


def test_the_wrappers_are_gone_afterwards() -> None:
    before = [getattr(owner, name) for _, _, owner, name in STEPS]
    with timed_steps(defaultdict(list)):
        assert [getattr(owner, name) for _, _, owner, name in STEPS] != before
    assert [getattr(owner, name) for _, _, owner, name in STEPS] == before
