"""``(:Episode)-[:MENTIONS]->(:Entity)`` as DESIGN.md draws it, on the embedded store (the
Neo4j side is the seeded test of ``explore/entity_mentions`` in test_explore.py): written
with each statement, kept through close and reopen and through export and import, gone
with what is forgotten."""

from __future__ import annotations

from pathlib import Path

from graphmem import Claim, Memory


def mentions(memory: Memory, namespace: str) -> set[tuple[str, str]]:
    """(episode id, entity name) for every MENTIONS edge of the namespace."""
    graph = memory.store._graph  # type: ignore[attr-defined]
    return {
        (a, graph.nodes[b]["name"])
        for a, b, label in graph.edges(keys=True)
        if label == "MENTIONS" and graph.nodes[a].get("namespace") == namespace
    }


def test_an_episode_mentions_the_entities_of_what_it_said(tmp_path: Path) -> None:
    with Memory(tmp_path / "m") as memory:
        first = memory.remember([Claim("maya", "friend_of", "Ostrowski")], "n", source="email")
        second = memory.remember("I live in Austin.", "n")
        expected = {(first.episode_id, "maya"), (first.episode_id, "Ostrowski")}
        assert expected <= mentions(memory, "n")
        assert any(e == second.episode_id for e, _ in mentions(memory, "n"))

    with Memory(tmp_path / "m") as memory:
        kept = mentions(memory, "n")
        assert expected <= kept
        copy = memory.import_(memory.export("n"), namespace="copy")
        assert copy["Episode"] == 2
        assert len(mentions(memory, "copy")) == len(kept)

        memory.forget("n", entity="Ostrowski")
        assert all(name != "Ostrowski" for _, name in mentions(memory, "n"))
        memory.forget("n", episode=second.episode_id)
        assert all(e != second.episode_id for e, _ in mentions(memory, "n"))
