"""Switching embedder: the store refuses a different one until `graphmem reembed` rewrote
every vector; an interrupted re-embed says so instead of serving mixed vectors."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem import EmbeddingMismatch, HashingEmbedder, Memory
from graphmem.cli import main
from graphmem.lifecycle.reembed import reembed
from graphmem.store.base import GraphStore
from graphmem.store.embedded import EmbeddedStore
from tests.neo4j_server import PrivateServer, private_neo4j  # noqa: F401


@pytest.fixture(params=["embedded", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """The embedder record is database-wide: on Neo4j these tests use a server of their own
    and put its default embedder back, whatever happens."""
    if request.param == "embedded":
        embedded = EmbeddedStore(tmp_path / "store")
        yield embedded
        embedded.close()
        return
    from graphmem.store.neo4j import Neo4jStore

    server: PrivateServer = request.getfixturevalue("private_neo4j")
    neo = Neo4jStore(server.uri)
    try:
        yield neo
    finally:
        reembed(neo, HashingEmbedder())
        neo.close()


@pytest.fixture
def ns() -> str:
    return uuid.uuid4().hex[:8]


def _fill(store: GraphStore, embedder: HashingEmbedder, ns: str) -> None:
    mem = Memory(store=store, embedder=embedder)
    mem.remember("I live in Oslo and I keep bees.", f"a-{ns}")
    mem.remember("The quarterly report is due on Friday.", f"b-{ns}")


def test_reembed_switches_every_vector(store: GraphStore, ns: str) -> None:
    _fill(store, HashingEmbedder(256), ns)
    with pytest.raises(EmbeddingMismatch, match="graphmem reembed"):
        Memory(store=store, embedder=HashingEmbedder(64))

    seen: list[tuple[int, int]] = []
    count = reembed(store, HashingEmbedder(64), progress=lambda d, t: seen.append((d, t)))
    assert count >= 3  # two episodes and what they said, in two namespaces
    assert seen[-1] == (count, count)

    mem = Memory(store=store, embedder=HashingEmbedder(64))  # accepted now
    found = mem.recall("who keeps bees", namespace=f"a-{ns}")
    assert found
    assert "bees" in found[0].text
    assert mem.recall("quarterly report", namespace=f"b-{ns}")[0].text.startswith("The")


def test_an_interrupted_reembed_refuses_to_serve(store: GraphStore, ns: str) -> None:
    _fill(store, HashingEmbedder(256), ns)

    class Failing(HashingEmbedder):
        def embed(self, texts: list[str]) -> list[list[float]]:  # type: ignore[override]
            raise RuntimeError("the embedding endpoint went away")

    with pytest.raises(RuntimeError):
        reembed(store, Failing(64))
    for embedder in (HashingEmbedder(256), HashingEmbedder(64)):
        with pytest.raises(EmbeddingMismatch, match="interrupted"):
            Memory(store=store, embedder=embedder)
    reembed(store, HashingEmbedder(64))  # run again: finished
    assert Memory(store=store, embedder=HashingEmbedder(64)).recall("bees", namespace=f"a-{ns}")


def test_reembed_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    folder = tmp_path / "store"
    with Memory(folder) as mem:
        mem.remember("I live in Oslo.", "a")
    assert main(["--path", str(folder), "--embedder", "hashing", "reembed"]) == 0
    assert "vectors rewritten with hashing-v1" in capsys.readouterr().out
