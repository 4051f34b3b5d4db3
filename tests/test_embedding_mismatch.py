"""A store refuses vectors from another embedder, naming both."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphmem import EmbeddingMismatch, HashingEmbedder, Memory


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
