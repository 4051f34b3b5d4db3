"""An embedded store gives back the memory it loaded, whether it is closed or only dropped.

An open of a large store leaves what it loads out of the cyclic collector's passes (a full
pass costs the next call half a second or more), so only reference counting frees it: a
closed store, or one a caller let go of without ``close()``, must hold nothing after, and a
process that opens the same folder again and again must not grow. A small store leaves the
process's collector as it was."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from graphmem import Claim, Memory
from graphmem.store import snapshot

NS = "memory-held"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "store"
    with Memory(path) as memory:
        claims = [Claim(f"person {i}", "lives_in", f"city {i % 40}") for i in range(400)]
        memory.remember(claims, namespace=NS)
    return path


def _use(folder: Path, *, close: bool) -> None:
    memory = Memory(folder)
    assert memory.recall("Where does person 7 live?", namespace=NS, k=3)
    if close:
        memory.close()
    del memory
    gc.collect()


# A store dropped without close() lets its lock file go unclosed: Python says so, rightly.
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_opening_a_folder_again_and_again_does_not_grow(
    folder: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    monkeypatch.setattr(snapshot, "LONG_LIVED", 0)  # this small store counts as large
    frozen = gc.get_freeze_count()
    if frozen == 0:  # the test process's collector as it was, after
        request.addfinalizer(gc.unfreeze)
    _use(folder, close=True)  # caches of the first open (imports, stemmer, relation tables)
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        memory = Memory(folder)
        held = tracemalloc.get_traced_memory()[0] - base
        memory.close()
        del memory
        for _ in range(3):
            _use(folder, close=True)
        for _ in range(3):
            _use(folder, close=False)  # dropped: the lock is let go too, or the next open waits
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert gc.get_freeze_count() > frozen  # the open did leave its objects out
    assert held > 1_000_000  # the store did load something worth measuring
    assert grown < held / 4, f"{grown:,} bytes still held after six opens of {held:,}"


def test_a_small_store_leaves_the_collector_as_it_was(folder: Path) -> None:
    frozen = gc.get_freeze_count()
    _use(folder, close=True)
    assert gc.get_freeze_count() == frozen
