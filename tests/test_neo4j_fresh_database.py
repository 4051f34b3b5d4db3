"""A fresh Neo4j database (issue 42: opening one and its first ``remember`` together took
7-8 s on two cores).

graphmem's constraints and indexes (graphmem/store/neo4j/schema.py): a fresh database gets
every rule, created on several sessions at once; a store that opens on a database with every
rule creates nothing (every open sent the 37 statements again); a rule that went missing
comes back, a retired one goes; several processes opening one bare database at once all open.

The first write (GraphStore.unwritten): a store that found the database empty reads no slot
and no thread for its first ``remember`` in a namespace — and another process that wrote the
same slots meanwhile is still superseded as if read."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from neo4j import GraphDatabase

from graphmem import Memory
from graphmem.store import cypher
from graphmem.store.neo4j import schema
from graphmem.store.neo4j.connection import Connection
from tests.neo4j_server import PrivateServer, launch_private

REPO = Path(__file__).resolve().parent.parent

# --- the rules, read from cypher/schema ----------------------------------------------------


def test_every_schema_file_is_one_named_rule_on_one_label() -> None:
    rules = schema.rules()
    assert len(rules) == len([n for n in cypher.names() if n.startswith("schema/")])
    assert len({r.name for r in rules}) == len(rules)
    made = {r.name: r.label for r in rules if not r.drops}
    assert made["episode_id"] == "Episode"
    assert made["fact_relation"] == "FACT"  # a relationship type
    assert made["fact_terms"] == "Fact"  # a full-text index
    assert "episode_context" in {r.name for r in rules if r.drops}


def test_a_file_that_is_not_a_rule_is_named() -> None:
    with pytest.raises(ValueError, match="schema/99_odd"):
        schema.parse("schema/99_odd", "// a comment\nMATCH (n) RETURN n")


def test_pending_rules_are_those_missing_and_those_retired_but_present() -> None:
    made = {r.name for r in schema.rules() if not r.drops}
    assert schema.pending(made) == []
    assert [r.name for r in schema.pending(made - {"slot_id"})] == ["slot_id"]
    assert [r.name for r in schema.pending(made | {"episode_context"})] == ["episode_context"]
    assert schema.pending(None) == list(schema.rules())  # not allowed to list: run them all


def test_a_labels_rules_are_all_created_by_one_session() -> None:
    dealt = schema.by_session(schema.rules())
    assert 1 < len(dealt) <= schema.SESSIONS
    assert sorted(r.name for rules in dealt for r in rules) == sorted(
        r.name for r in schema.rules() if not r.drops
    )
    for rules in dealt:
        others = {r.label for other in dealt if other is not rules for r in other}
        assert not {r.label for r in rules} & others


# --- on a database of this module's own ------------------------------------------------------


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateServer]:
    """A server of this module's own, fresh: no rule of graphmem's yet."""
    with launch_private(tmp_path_factory.mktemp("neo4j-schema")) as server:
        yield server


def _indexes(uri: str) -> dict[str, str]:
    with GraphDatabase.driver(uri) as driver:
        records, _, _ = driver.execute_query("SHOW INDEXES YIELD name, state")
    return {r["name"]: r["state"] for r in records}


def _drop_every_rule(uri: str) -> None:
    with GraphDatabase.driver(uri) as driver:
        constraints, _, _ = driver.execute_query("SHOW CONSTRAINTS YIELD name")
        for record in constraints:
            driver.execute_query(f"DROP CONSTRAINT {record['name']}")
        for name in _indexes(uri):
            if not name.startswith("index_"):  # the lookup indexes every database has
                driver.execute_query(f"DROP INDEX {name} IF EXISTS")


@pytest.mark.neo4j
def test_a_fresh_database_gets_every_rule_online(bare: PrivateServer) -> None:
    with Memory.neo4j(bare.uri) as mem:
        mem.remember("I live in Oslo.", "schema")
        assert "Oslo" in mem.recall("where do I live?", "schema")[0].text
    found = _indexes(bare.uri)
    for rule in schema.rules():
        if rule.drops:
            assert rule.name not in found
        else:
            assert found.get(rule.name) == "ONLINE", rule.name
    assert found["fact_embedding"] == found["episode_embedding"] == "ONLINE"


@pytest.mark.neo4j
def test_a_store_opening_on_every_rule_creates_none(
    bare: PrivateServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    Memory.neo4j(bare.uri).close()
    created: list[str] = []
    real = Connection._create_rule

    def counted(self: Connection, name: str, **params: object) -> None:
        created.append(name)
        real(self, name, **params)

    monkeypatch.setattr(Connection, "_create_rule", counted)
    Memory.neo4j(bare.uri).close()
    assert created == []


@pytest.mark.neo4j
def test_a_missing_rule_comes_back_and_a_retired_one_goes(bare: PrivateServer) -> None:
    Memory.neo4j(bare.uri).close()
    with GraphDatabase.driver(bare.uri) as driver:
        driver.execute_query("DROP CONSTRAINT slot_id")
        driver.execute_query("DROP INDEX fact_namespace")
        driver.execute_query("DROP INDEX fact_embedding")
        driver.execute_query(
            "CREATE INDEX episode_context IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.context)"
        )
    assert {"slot_id", "fact_namespace", "fact_embedding"}.isdisjoint(_indexes(bare.uri))
    with Memory.neo4j(bare.uri) as mem:
        mem.remember("I work at Acme.", "schema-again")
        assert mem.facts("schema-again")
    found = _indexes(bare.uri)
    assert found["slot_id"] == found["fact_namespace"] == found["fact_embedding"] == "ONLINE"
    assert "episode_context" not in found


_OPEN = textwrap.dedent(
    """
    import sys
    from graphmem import Memory
    with Memory.neo4j(sys.argv[1]) as mem:
        mem.remember("I live in Bergen.", "schema-" + sys.argv[2])
    print("opened")
    """
)


@pytest.mark.neo4j
def test_processes_opening_a_bare_database_at_once_all_open(bare: PrivateServer) -> None:
    """Each creates the rules it finds missing on four sessions; their sessions meet on the
    same labels (a deadlock the driver retries, or a rule another made first)."""
    Memory.neo4j(bare.uri).close()
    _drop_every_rule(bare.uri)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _OPEN, bare.uri, str(i)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(3)
    ]
    results = [p.communicate(timeout=300) for p in procs]
    for proc, (out, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err[-2000:]
        assert out.strip() == "opened"
    found = _indexes(bare.uri)
    assert all(found.get(r.name) == "ONLINE" for r in schema.rules() if not r.drops)


# --- the first write on a database that was empty when the store opened -------------------

_TELL = textwrap.dedent(
    """
    import sys
    from graphmem import Memory
    with Memory.neo4j(sys.argv[1]) as mem:
        mem.remember(sys.argv[3], sys.argv[2])
    """
)


def _empty(uri: str) -> None:
    with GraphDatabase.driver(uri) as driver:
        driver.execute_query("MATCH (n) WHERE NOT n:IndexMeta DETACH DELETE n")


@pytest.mark.neo4j
def test_a_first_write_reads_nothing_it_knows_is_empty(
    bare: PrivateServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graphmem.store.neo4j import Neo4jStore

    _empty(bare.uri)
    read: list[str] = []
    real = Neo4jStore.slot_beliefs

    def counted(self: Neo4jStore, namespace: str, slots: object) -> object:
        read.append(namespace)
        return real(self, namespace, slots)  # type: ignore[arg-type]

    monkeypatch.setattr(Neo4jStore, "slot_beliefs", counted)
    with Memory.neo4j(bare.uri) as mem:
        mem.remember("I live in Oslo.", "first-write")
        assert read == []  # the database held nothing: no slot to read
        mem.remember("I moved to Bergen.", "first-write")
        assert read == ["first-write"]  # once written, read as always
        assert "Bergen" in mem.recall("where do I live now?", "first-write")[0].text
        assert [f.object for f in mem.facts("first-write")] == ["Bergen"]


@pytest.mark.neo4j
def test_another_process_writing_first_is_superseded_as_if_read(bare: PrivateServer) -> None:
    """This store opens on an empty database; another process then tells "Oslo"; this
    store's first write, reading nothing, claims the slot as new, finds it taken, and tries
    again reading it: "Bergen" supersedes "Oslo"."""
    _empty(bare.uri)
    with Memory.neo4j(bare.uri) as mem:
        told = subprocess.run(
            [sys.executable, "-c", _TELL, bare.uri, "raced", "I live in Oslo."],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert told.returncode == 0, told.stderr[-2000:]
        mem.remember("I live in Bergen now.", "raced")
        current = mem.facts("raced")
        assert [f.object for f in current] == ["Bergen"]
        history = mem.history(current[0].id, "raced")
        assert "Oslo" in [f.object for f in history]
