"""Neo4j beyond one server (issue 42), as far as one Community server can show it: routed
URIs (the driver asks the server for a routing table and sends reads as reads), the
``database`` setting from the API and the environment, and bookmarks shared by processes
so that one reads what another wrote (docs/scaling.md). A cluster itself is not run here."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.errors import StoreUnavailable
from graphmem.store.neo4j import Neo4jStore


@pytest.fixture
def space(neo4j_uri: str) -> Iterator[str]:
    name = f"cluster-{uuid.uuid4().hex[:8]}"
    yield name
    store = Neo4jStore(neo4j_uri, install_schema=False)
    try:
        store.drop_namespace(name)
    finally:
        store.close()


def routed(bolt_uri: str) -> str:
    return "neo4j://" + bolt_uri.split("://", 1)[1]


def test_a_routed_uri_serves_every_call(neo4j_uri: str, neo4j_auth: object, space: str) -> None:
    with Memory.neo4j(routed(neo4j_uri), auth=neo4j_auth) as mem:  # type: ignore[arg-type]
        written = mem.remember("I live in Oslo.", space)
        assert "Oslo" in mem.recall("where do I live?", space)[0].text
        mem.forget(space, episode=written.episode_id)
        assert not [e for e in mem.recall("where do I live?", space) if "Oslo" in e.text]


def test_the_database_is_the_one_named(neo4j_uri: str, neo4j_auth: object, space: str) -> None:
    with Memory.neo4j(neo4j_uri, auth=neo4j_auth, database="neo4j") as mem:  # type: ignore[arg-type]
        mem.remember("I live in Oslo.", space)
        assert mem.recall("where do I live?", space)
    with (
        pytest.raises(StoreUnavailable, match="no_such_db"),
        Memory.neo4j(neo4j_uri, auth=neo4j_auth, database="no_such_db") as other,  # type: ignore[arg-type]
    ):
        other.remember("I live in Oslo.", space)


def test_the_environment_names_the_database(
    neo4j_uri: str, monkeypatch: pytest.MonkeyPatch, space: str
) -> None:
    from graphmem import config

    monkeypatch.setenv("NEO4J_URI", neo4j_uri)
    monkeypatch.delenv("GRAPHMEM_PATH", raising=False)
    monkeypatch.setenv("NEO4J_DATABASE", "no_such_db")
    assert ("neo4j database", "no_such_db", "NEO4J_DATABASE") in [
        (s.name, s.value, s.source) for s in config.described()
    ]
    with pytest.raises(StoreUnavailable, match="no_such_db"), Memory() as mem:
        mem.remember("I live in Oslo.", space)


_PROCESS = textwrap.dedent(
    """
    import sys
    from graphmem import Memory
    from graphmem.store.neo4j.bookmarks import shared_bookmarks
    uri, space, path, text, query = sys.argv[1:6]
    with Memory.neo4j(uri, bookmarks=shared_bookmarks(path)) as mem:
        found = [e.text for e in mem.recall(query, space)] if query else []
        mem.remember(text, space)
    print(any("Oslo" in t for t in found))
    """
)


def test_processes_sharing_bookmarks_read_each_others_writes(
    neo4j_uri: str, space: str, tmp_path: Path
) -> None:
    shared = tmp_path / "bookmarks.json"

    def process(text: str, query: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", _PROCESS, routed(neo4j_uri), space, str(shared), text, query],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        return done.stdout.strip()

    process("I live in Oslo.", "")
    first = json.loads(shared.read_text())
    assert len(first) == 1
    assert all(e["bookmarks"] for e in first.values())
    assert process("I work at Acme.", "where do I live?") == "True"
    both = json.loads(shared.read_text())
    assert len(both) == 2  # each process's latest, side by side; neither lost
