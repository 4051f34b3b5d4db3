"""A forget killed at any moment: once committed, no file in the store folder holds the
forgotten text after a reopen; before that, the episode is all there or all gone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.store_faults import KILL_POINTS, kill_forget, seed_store


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    seed_store(tmp_path / "store")
    return tmp_path / "store"


@pytest.mark.parametrize("kill_before", KILL_POINTS, ids=lambda p: f"{p[0] or 'after'}-{p[1]}")
def test_a_kill_at_each_step_of_a_forget(folder: Path, kill_before: tuple[str, int]) -> None:
    kill = kill_forget(folder, kill_before=kill_before)
    assert kill.wrote
    assert not kill.outcome.startswith("VIOLATION"), kill
    committed = KILL_POINTS.index(kill_before) > KILL_POINTS.index(("COMMIT", 1))
    assert kill.forgot == (kill_before == ("", 0))
    # Before its commit the forget never happened; after it, the reopen finished the
    # erasure (freed pages and the WAL) before serving anything.
    assert kill.outcome == ("forgotten" if committed else "kept"), kill
    if committed:
        assert not kill.residue


def test_kills_at_random_moments(folder: Path) -> None:
    rng = random.Random(11)
    for _ in range(6):
        kill = kill_forget(folder, delay=rng.uniform(0.0, 0.15))
        assert not kill.outcome.startswith("VIOLATION"), kill
        if kill.forgot:
            assert not kill.residue
