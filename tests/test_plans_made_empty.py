"""Recall's statements are planned once and kept (``CYPHER replan=skip``), and the first
plan is often made while the store holds nothing: a new agent's memory opens, plans
recall ahead (graphmem/store/neo4j/warmup.py), and only then fills. A plan that suits an
empty store must still suit a full one. The failure this guards against: planned on an
empty server, ``recall/rows`` read the support of its final k facts by starting from every
episode of the namespace instead of from the facts' ids, and kept doing so on every recall
while the server ran (docs/benchmarks-log.md, sixteenth session: 4 ms of a 24 ms recall at 100k).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from neo4j import GraphDatabase

from graphmem import Memory
from graphmem.store import cypher
from graphmem.store.neo4j import Neo4jStore
from graphmem.store.neo4j.values import outgoing
from tests.neo4j_server import PrivateServer, launch_private

pytestmark = pytest.mark.neo4j

# An index lookup of every node of a namespace: "RANGE INDEX e:Episode(namespace)".
_WHOLE_NAMESPACE = re.compile(r"INDEX \w+:(\w+)\(namespace\)")
# A statement that means to read a whole namespace says so with a hint.
_HINTED = re.compile(r"USING INDEX \w+:(\w+)\(namespace\)")


@pytest.fixture(scope="module")
def empty_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateServer]:
    """A server of this module's own that holds nothing but graphmem's schema."""
    with launch_private(tmp_path_factory.mktemp("neo4j-empty")) as server:
        Memory.neo4j(server.uri).close()  # the schema and the vector indexes
        yield server


def _whole_namespace_reads(plan: dict[str, Any]) -> list[str]:
    found = []
    if plan["operatorType"].split("@")[0] in {"NodeIndexSeek", "NodeIndexScan"}:
        found += _WHOLE_NAMESPACE.findall(plan.get("args", {}).get("Details", ""))
    for child in plan.get("children", []):
        found += _whole_namespace_reads(child)
    return found


def test_recall_plans_made_on_an_empty_store_start_from_what_they_look_up(
    empty_server: PrivateServer,
) -> None:
    store = Neo4jStore(empty_server.uri, plan_ahead=False)
    try:
        plans = store.recall_plans(dimensions=256)
    finally:
        store.close()
    assert {name for name, _ in plans} == {
        "recall/candidates_facts",
        "recall/candidates_episodes",
        "recall/candidates_entity",
        "recall/rows",
    }
    with GraphDatabase.driver(empty_server.uri, notifications_min_severity="OFF") as driver:
        for name, params in plans:
            _, summary, _ = driver.execute_query(cypher.prefixed(name, "EXPLAIN"), outgoing(params))
            assert summary.plan is not None, name
            read = sorted(_whole_namespace_reads(summary.plan))
            hinted = sorted(_HINTED.findall(cypher.load(name)))
            # Only the exact channels walk a namespace, and only where the file says so.
            assert read == hinted, f"{name}: reads whole namespaces of {read}, hints {hinted}"
