"""A forget killed at any moment: once acknowledged, no file in the store folder holds
the forgotten text after a reopen; before that, the episode is all there or all gone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.store_faults import kill_forget, seed_store


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    seed_store(tmp_path / "store")
    return tmp_path / "store"


# fsyncs of a forget: its journal line, the snapshot's temporary file, the folder
# after the rename, the emptied journal; 5 lets it finish (then killed after FORGOT).
@pytest.mark.parametrize("kill_at", [1, 2, 3, 4, 5])
def test_a_kill_at_each_step_of_a_forget(folder: Path, kill_at: int) -> None:
    kill = kill_forget(folder, kill_at=kill_at)
    assert kill.wrote
    assert not kill.outcome.startswith("VIOLATION"), kill
    if kill.forgot:
        assert kill.outcome == "forgotten"
        assert not kill.residue
    if kill_at >= 2:  # its journal line was written: the reopen finished the erasure
        assert kill.outcome == "forgotten"
        assert not kill.residue


def test_kills_at_random_moments(folder: Path) -> None:
    rng = random.Random(11)
    for _ in range(6):
        kill = kill_forget(folder, delay=rng.uniform(0.0, 0.15))
        assert not kill.outcome.startswith("VIOLATION"), kill
        if kill.forgot:
            assert not kill.residue
