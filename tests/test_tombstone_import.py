"""A tombstone keeps stopping a replay after the namespace is exported and imported — into
another namespace of the same store (issue 37), and into another store when the operator
shares a key; without one the import says which tombstones cannot act."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from graphmem import Claim, Memory

EMAIL = [Claim("acme invoice 4411", "due_on", "2026-03-31")]
AT = datetime(2026, 3, 1, tzinfo=UTC)


def forget_an_email(memory: Memory, namespace: str) -> dict[str, Any]:
    first = memory.remember(EMAIL, namespace=namespace, source="email", at=AT)
    memory.forget(namespace, episode=first.episode_id)
    return memory.export(namespace)


def replayed(memory: Memory, namespace: str) -> bool:
    """Whether the forgotten email, sent again, was taken in."""
    return memory.remember(EMAIL, namespace=namespace, source="email", at=AT).episode_id is not None


def test_an_imported_tombstone_stops_a_replay_in_another_namespace(
    memory: Memory, ns: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRAPHMEM_TOMBSTONE_KEY", raising=False)
    a, b = ns("a"), ns("b")
    memory.remember("I like tea.", a)  # the source namespace still exists
    counts = memory.import_(forget_an_email(memory, a), namespace=b)
    assert counts["Tombstone"] == 2  # the episode and its claim
    assert "inactive_tombstones" not in counts
    assert not replayed(memory, b)
    assert not replayed(memory, a)


def test_an_import_into_another_store_names_the_tombstones_that_cannot_act(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GRAPHMEM_TOMBSTONE_KEY", raising=False)
    with Memory(tmp_path / "one") as one, Memory(tmp_path / "two") as two:
        one.remember("I like tea.", "maya")
        counts = two.import_(forget_an_email(one, "maya"))
    assert counts["inactive_tombstones"] == 2


def test_a_shared_key_carries_tombstones_between_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_TOMBSTONE_KEY", "shared-by-the-operator")
    with Memory(tmp_path / "one") as one, Memory(tmp_path / "two") as two:
        one.remember("I like tea.", "maya")
        counts = two.import_(forget_an_email(one, "maya"), namespace="copy")
        assert "inactive_tombstones" not in counts
        assert not replayed(two, "copy")
