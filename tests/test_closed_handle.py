"""A handle that is closed neither writes nor reads (issue 37), on both stores: a write after
``close()`` bypassed the folder lock of the embedded store and corrupted its files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from graphmem import Memory, OfflineExtractor
from graphmem.errors import StoreUnavailable


def test_a_closed_embedded_memory_refuses_and_the_next_one_is_whole(tmp_path: Path) -> None:
    path = tmp_path / "store"
    first = Memory(path)
    first.remember("I live in Austin.", namespace="n")
    first.close()
    second = Memory(path)
    with pytest.raises(StoreUnavailable, match="closed"):
        first.remember("I live in Rome.", namespace="n")
    with pytest.raises(StoreUnavailable, match="closed"):
        first.recall("where do I live", namespace="n")
    with pytest.raises(StoreUnavailable, match="closed"):
        first.facts("n")
    second.remember("I work at Acme.", namespace="n")
    second.close()
    first.close()  # a second close does nothing
    with Memory(path) as third:  # reopens whole: no write of the closed handle landed
        assert sorted(f.object for f in third.facts("n")) == ["Acme", "Austin"]


def test_a_closed_memory_refuses_on_both_stores(memory: Memory, ns: Any) -> None:
    maya = ns("maya")
    memory.remember("I live in Austin.", maya)
    memory.close()
    memory.close()
    for call in (
        lambda: memory.remember("I live in Rome.", maya),
        lambda: memory.recall("where do I live", maya),
        lambda: memory.facts(maya),
        lambda: memory.forget(maya, everything=True),
        lambda: memory.maintain(maya),
        lambda: memory.compare_models(maya, OfflineExtractor()),
    ):
        with pytest.raises(StoreUnavailable):
            call()


def test_a_candidate_write_is_audited(memory: Memory, ns: Any) -> None:
    from graphmem import Claim

    maya = ns("maya")
    memory.remember([Claim("maya", "likes", "jazz")], maya, source="agent")
    [candidate] = memory.facts(maya, include_candidates=True)
    entries = [e for e in memory.audit(maya) if e.target_id == candidate.id]
    assert [e.action for e in entries] == ["propose"]
