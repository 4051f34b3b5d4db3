"""Smoke tests: the Neo4j the suite found is the one graphmem is written for."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from neo4j import Driver

pytestmark = pytest.mark.neo4j


@pytest.fixture
def label(neo4j_driver: Driver) -> Iterator[str]:
    """A label of its own, and its data and indexes gone afterwards."""
    name = f"Smoke_{uuid.uuid4().hex[:12]}"
    yield name
    records, _, _ = neo4j_driver.execute_query(
        "SHOW INDEXES YIELD name, labelsOrTypes WHERE $l IN labelsOrTypes RETURN name", l=name
    )
    for record in records:
        neo4j_driver.execute_query(f"DROP INDEX `{record['name']}` IF EXISTS")
    neo4j_driver.execute_query(f"MATCH (n:`{name}`) DETACH DELETE n")


def test_return_1(neo4j_driver: Driver) -> None:
    records, _, _ = neo4j_driver.execute_query("RETURN 1 AS one")
    assert records[0]["one"] == 1


def test_server_is_neo4j_2026(neo4j_driver: Driver) -> None:
    records, _, _ = neo4j_driver.execute_query(
        "CALL dbms.components() YIELD name, versions WHERE name = 'Neo4j Kernel' RETURN versions"
    )
    assert records[0]["versions"][0].startswith("2026.")


def test_default_language_is_cypher_25(neo4j_driver: Driver) -> None:
    records, _, _ = neo4j_driver.execute_query(
        "SHOW DEFAULT DATABASE YIELD defaultLanguage RETURN defaultLanguage"
    )
    assert records[0]["defaultLanguage"] == "CYPHER 25"
    # FILTER and LET exist only in Cypher 25: with no version prefix they must parse.
    records, _, _ = neo4j_driver.execute_query(
        "UNWIND [1, 2, 3] AS x FILTER x > 1 LET y = x * 10 RETURN collect(y) AS ys"
    )
    assert records[0]["ys"] == [20, 30]


def test_vector_search_with_filter_and_fulltext(neo4j_driver: Driver, label: str) -> None:
    """The two index kinds graphmem leans on: filtered vector SEARCH, and full-text."""
    vec, ft = f"{label}_vec", f"{label}_ft"
    neo4j_driver.execute_query(
        f"CREATE VECTOR INDEX `{vec}` IF NOT EXISTS FOR (n:`{label}`) ON n.embedding "
        "WITH [n.namespace] "
        "OPTIONS {indexConfig: {`vector.dimensions`: 4, `vector.similarity_function`: 'cosine'}}"
    )
    neo4j_driver.execute_query(
        f"CREATE FULLTEXT INDEX `{ft}` IF NOT EXISTS FOR (n:`{label}`) ON EACH [n.text]"
    )
    neo4j_driver.execute_query(
        f"UNWIND range(1, 6) AS i CREATE (:`{label}` {{id: i, "
        "namespace: CASE WHEN i % 2 = 0 THEN 'even' ELSE 'odd' END, "
        "embedding: [toFloat(i), 1.0, 0.5, toFloat(6 - i)], text: 'fact number ' + i})"
    )
    neo4j_driver.execute_query("CALL db.awaitIndexes(60)")

    records, _, _ = neo4j_driver.execute_query(
        f"MATCH (n:`{label}`) "
        f"SEARCH n IN (VECTOR INDEX `{vec}` FOR $v WHERE n.namespace = $ns LIMIT 2) "
        "SCORE AS score RETURN n.id AS id, score ORDER BY score DESC",
        v=[2.0, 1.0, 0.5, 4.0],
        ns="even",
    )
    assert [r["id"] for r in records] == [2, 4]
    assert records[0]["score"] > 0.99

    records, _, _ = neo4j_driver.execute_query(
        f"CALL db.index.fulltext.queryNodes('{ft}', $q) YIELD node, score "
        "RETURN node.id AS id ORDER BY score DESC",
        q="number AND 3",
    )
    assert [r["id"] for r in records] == [3]
