"""A store refuses vectors from another embedder, naming both."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem import EmbeddingMismatch, HashingEmbedder, Memory
from graphmem.store.base import GraphStore


def test_embedded_store_refuses_another_dimension(tmp_path: Path) -> None:
    Memory(tmp_path / "s", embedder=HashingEmbedder(256)).close()
    with pytest.raises(EmbeddingMismatch, match=r"'hashing-v1' \(256 dimensions\).*\(128\)"):
        Memory(tmp_path / "s", embedder=HashingEmbedder(128))
    Memory(tmp_path / "s", embedder=HashingEmbedder(256)).close()  # the original still opens


@pytest.mark.neo4j
def test_neo4j_store_refuses_another_dimension(neo4j_uri: str) -> None:
    Memory.neo4j(neo4j_uri).close()
    with pytest.raises(EmbeddingMismatch, match="configure the original embedder, or switch with"):
        Memory.neo4j(neo4j_uri, embedder=HashingEmbedder(64))


def test_a_store_opens_with_the_embedder_it_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing configured: a store opens with the embedder that built its vectors, so a
    folder made with another size (or another model) is read, not refused."""
    monkeypatch.delenv("GRAPHMEM_EMBEDDER", raising=False)
    with Memory(tmp_path / "s", embedder=HashingEmbedder(128)) as mem:
        mem.remember("I keep bees on the roof.", "sam")
    with Memory(tmp_path / "s") as mem:
        assert (mem.embedder.name, mem.embedder.dimensions) == ("hashing-v1", 128)
        assert "bees" in mem.recall("What do I keep on the roof?", namespace="sam")[0].text
    monkeypatch.setenv("GRAPHMEM_EMBEDDER", "hashing")  # configured: the setting is kept
    with pytest.raises(EmbeddingMismatch, match=r"\(128 dimensions\).*\(256\)"):
        Memory(tmp_path / "s")


def test_a_new_store_gets_the_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRAPHMEM_EMBEDDER", raising=False)
    with Memory(tmp_path / "s") as mem:
        assert (mem.embedder.name, mem.embedder.dimensions) == (
            "semantic:wordllama-l2-supercat-256",
            256,
        )


def test_the_names_followed_are_the_names_recorded() -> None:
    from graphmem import factory
    from graphmem.models.contextual import MiniLMEmbedder
    from graphmem.models.semantic import WordLlamaEmbedder

    assert WordLlamaEmbedder.name == factory._SEMANTIC
    assert MiniLMEmbedder.name == factory._CONTEXTUAL


def test_each_store_reports_the_embedder_it_records(store: GraphStore) -> None:
    Memory(store=store).remember("I keep bees.", "sam")  # the default, as the tests' Neo4j records
    recorded = store.recorded_embedder()
    name = "semantic:wordllama-l2-supercat-256"
    assert recorded == {"name": name, "dimensions": 256, "pending": False}
