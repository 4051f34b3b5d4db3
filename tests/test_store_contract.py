"""The GraphStore contract, checked directly on both stores."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from graphmem.errors import InvalidArgument, UnknownId
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, FactPatch

NS = Callable[[str], str]
T0 = datetime(2026, 3, 1, tzinfo=UTC)


def episode(ep_id: str) -> dict:
    return {
        "id": ep_id,
        "content": "hello",
        "source": "user",
        "authority": "user",
        "occurred_at": T0,
        "recorded_at": T0,
        "redactions": 0,
    }


def test_a_change_set_is_all_or_nothing(store: GraphStore, ns: NS) -> None:
    space = ns("atomic")
    change = ChangeSet(
        namespace=space,
        episodes=[episode("ep_atomic_1")],
        patches=[FactPatch("f_does_not_exist", {"status": "retracted"})],
    )
    with pytest.raises(UnknownId):
        store.apply(change)
    assert store.episodes_by_id(space, ["ep_atomic_1"]) == []
    assert store.counts(space)["Episode"] == 0


def test_missing_required_properties_are_refused_before_writing(store: GraphStore, ns: NS) -> None:
    space = ns("required")
    row = episode("ep_required_1")
    del row["occurred_at"]
    with pytest.raises(InvalidArgument, match="occurred_at"):
        store.apply(ChangeSet(namespace=space, episodes=[row]))
    assert store.counts(space)["Episode"] == 0


def test_patch_may_not_rewrite_a_claim(store: GraphStore, ns: NS) -> None:
    with pytest.raises(InvalidArgument, match="object_json"):
        store.apply(ChangeSet(namespace=ns("p"), patches=[FactPatch("f_x", {"object_json": "1"})]))


def test_reads_of_another_namespace_find_nothing(store: GraphStore, ns: NS) -> None:
    a, b = ns("a"), ns("b")
    store.apply(ChangeSet(namespace=a, episodes=[episode("ep_iso_" + a)]))
    assert store.episodes_by_id(b, ["ep_iso_" + a]) == []
    assert store.episode_facts(b, "ep_iso_" + a) == []
    assert store.facts(b, FactFilter()) == []
    assert store.counts(b)["Episode"] == 0


@pytest.mark.parametrize("bad", ["a\n", "a\r\n", "a ", "\na", "a\x00"])
def test_a_namespace_with_a_trailing_newline_is_not_another_namespace(
    store: GraphStore, bad: str
) -> None:
    # "$" matches before a final newline; "a\n" must be refused, not become a second "a".
    with pytest.raises(InvalidArgument, match="is not usable"):
        store.apply(ChangeSet(namespace=bad, episodes=[episode("ep_bad")]))
    with pytest.raises(InvalidArgument, match="is not usable"):
        store.facts(bad, FactFilter())
