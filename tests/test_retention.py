"""Retention (Memory.retention / set_retention, run by maintain's daily job): raw episode
text kept N days, then reduced to its claims — provenance, history, forgetting and the audit
intact — on both stores; and on the embedded store, a scan of every file it owns."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graphmem import InvalidArgument, Memory
from graphmem.store.embedded import EmbeddedStore
from tests.stores import Clock
from tests.test_cli import Run, as_json

NS = Callable[[str], str]
JAN = datetime(2026, 1, 1, tzinfo=UTC)
TOLD = "I live in Lisbon; we met at the clinic on Rua Augusta, my doctor is Dr. Quentin Marsh."


def told_then_later(memory: Memory, clock: Clock, ns: str) -> tuple[str, str]:
    """One message in January, one twenty days later; returns their episode ids."""
    clock.set(JAN)
    old = memory.remember(TOLD, ns, at=clock())
    clock.advance(days=20)
    young = memory.remember("Had a lovely walk by the river today.", ns, at=clock())
    assert old.episode_id is not None
    assert young.episode_id is not None
    return old.episode_id, young.episode_id


def test_raw_text_is_kept_unless_a_policy_says_otherwise(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    told_then_later(memory, clock, maya)
    clock.advance(days=400)

    report = memory.maintain(maya)

    assert memory.retention(maya).keep_days is None
    assert report.namespaces[0].ran[0].reduced == []
    assert "Rua Augusta" in json.dumps(memory.export(maya), default=str)


def test_an_old_episode_is_reduced_to_its_claims_and_still_supports_them(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    old, young = told_then_later(memory, clock, maya)
    policy = memory.set_retention(maya, 30)
    assert (policy.keep_days, policy.since) == (30, clock())
    clock.advance(days=15)  # the first message is 35 days old, the second 15

    report = memory.maintain(maya)

    assert report.namespaces[0].ran[0].reduced == [old]
    reduced = memory.episode(old, maya).content
    assert reduced.startswith("[kept as its claims after 30 days]")
    assert "lives_in Lisbon" in reduced
    assert "Augusta" not in json.dumps(memory.export(maya), default=str)  # quotes too
    assert "river" in memory.episode(young, maya).content  # not old enough yet
    (home,) = memory.facts(maya, predicate="lives_in")
    assert [s.episode_id for s in memory.history(home.id, maya)[0].support] == [old]
    assert memory.check(maya).ok
    actions = [a.action for a in memory.audit(maya)]
    assert "retention" in actions
    assert "reduce" in actions

    clock.advance(days=1)  # the next day: nothing is reduced twice
    assert memory.maintain(maya).namespaces[0].ran[0].reduced == []


def test_a_reduced_episode_is_forgotten_like_any_other(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    old, _ = told_then_later(memory, clock, maya)
    memory.set_retention(maya, 30)
    clock.advance(days=15)
    memory.maintain(maya)

    memory.forget(maya, episode=old)

    assert memory.facts(maya, predicate="lives_in") == []
    assert "Lisbon" not in json.dumps(memory.export(maya), default=str)


def test_a_policy_can_go_back_to_keeping_everything(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    told_then_later(memory, clock, maya)
    memory.set_retention(maya, 30)
    clock.advance(days=1)
    assert memory.set_retention(maya, None).keep_days is None
    clock.advance(days=60)

    assert memory.maintain(maya).namespaces[0].ran[0].reduced == []
    for bad in (0, -1, "30", True, 1.5):
        with pytest.raises(InvalidArgument, match="keep_days"):
            memory.set_retention(maya, bad)  # type: ignore[arg-type]
    assert memory.retention(maya).keep_days is None


def test_reduced_text_leaves_every_file_of_the_embedded_store(tmp_path: Path) -> None:
    clock = Clock()
    folder = tmp_path / "store"
    with Memory(store=EmbeddedStore(folder), clock=clock) as memory:
        told_then_later(memory, clock, "maya")
        memory.set_retention("maya", 30)
        clock.advance(days=15)
        memory.maintain("maya")
    scanned = b"\n".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())
    assert b"Augusta" not in scanned
    assert b"river" in scanned  # the scan reads what is there


def test_graphmem_retention_reads_and_sets_the_policy(cli: Run) -> None:
    cli("remember", "I live in Porto.", "-n", "maya")
    assert as_json(cli, "retention", "-n", "maya")["keep_days"] is None
    assert as_json(cli, "retention", "-n", "maya", "--keep-days", "90")["keep_days"] == 90
    code, out, _ = cli("retention", "-n", "maya")
    assert code == 0
    assert "kept 90 days" in out
    assert as_json(cli, "retention", "-n", "maya", "--forever")["keep_days"] is None
