"""Writers in separate OS processes on one slot, and a forgetter racing them (issue 12).

Real processes, real stores: on Neo4j they share the server; on the embedded store they
take turns at the folder (one process at a time, by design). Whatever the interleaving,
the slot must hold exactly the timeline of the acknowledged claims replayed one by one,
one value at every instant, with nothing lost and nothing forgotten left behind.
``bench/soak.py`` runs the same race at 8 processes x 64 writes.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from graphmem import Memory
from tests.racing import Outcome, compare, expected, race


def _assert_sound(raced: Memory, namespace: str, outcome: Outcome, tmp_path: Path) -> None:
    assert outcome.errors == []
    with expected(outcome, tmp_path / "replay") as replay:
        found = compare(raced, namespace, replay, outcome)
    assert found.instants > 0
    assert found.several == []  # one value at every instant
    assert found.differ == []  # and the value the acknowledged claims say
    for record in outcome.acknowledged:  # no acknowledged episode lost
        assert raced.episode(str(record["episode"]), namespace).id == record["episode"]
    for record in outcome.forgotten:  # nothing forgotten survives, not even as text
        assert raced.store.find_text(namespace, str(record["value"])) == []
    assert raced.check(namespace).ok


@pytest.mark.neo4j
def test_processes_racing_on_one_neo4j_slot_keep_one_timeline(
    neo4j_uri: str, tmp_path: Path
) -> None:
    namespace = f"race-{uuid.uuid4().hex[:8]}"
    outcome = race(f"neo4j:{neo4j_uri}", namespace, processes=4, writes=8, forgets=4, seed=3)
    assert len(outcome.acknowledged) == 32
    assert len(outcome.forgotten) == 4
    with Memory.neo4j(neo4j_uri) as raced:
        _assert_sound(raced, namespace, outcome, tmp_path)


def test_processes_taking_turns_at_an_embedded_store_keep_one_timeline(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    outcome = race(f"embedded:{folder}", "race", processes=4, writes=5, forgets=3, seed=4)
    assert len(outcome.acknowledged) == 20
    assert len(outcome.forgotten) == 3
    with Memory(folder) as raced:
        _assert_sound(raced, "race", outcome, tmp_path)
