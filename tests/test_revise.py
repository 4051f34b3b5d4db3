"""A user's edit of a fact (Memory.revise, `graphmem edit`): a new statement that supersedes
the old one, audited, with a preview — on both stores."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from graphmem import AsyncMemory, Claim, InvalidArgument, Memory, Status, UnknownId
from tests.stores import Clock
from tests.test_cli import Run, as_json

NS = Callable[[str], str]
MARCH, JULY = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 7, 10, tzinfo=UTC)


def lived_in_austin(memory: Memory, clock: Clock, ns: str) -> str:
    clock.set(MARCH)
    memory.remember([Claim("user", "lives_in", "Austin", valid_from=MARCH)], ns)
    clock.set(JULY)
    (fact,) = memory.facts(ns, predicate="lives_in")
    return fact.id


def test_an_edit_supersedes_the_old_value_and_keeps_it_as_history(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    old = lived_in_austin(memory, clock, maya)

    revision = memory.revise(old, maya, "Denver")

    assert revision.applied
    assert revision.after is not None
    assert revision.before.object == "Austin"
    assert revision.after.object == "Denver"
    assert [f.object for f in memory.facts(maya, predicate="lives_in")] == ["Denver"]
    assert [f.object for f in memory.facts(maya, predicate="lives_in", at=MARCH)] == ["Austin"]
    chain = memory.history(revision.after.id, maya)
    assert [(f.object, f.valid_until) for f in chain] == [("Austin", JULY), ("Denver", None)]
    assert memory.recall("where do I live?", maya, k=1)[0].text.endswith("Denver")
    entry = next(a for a in memory.audit(maya) if a.action == "edit")
    assert entry.actor == "user"
    assert entry.target_id == old
    assert entry.before is not None
    assert entry.before["object"] == "Austin"


def test_an_edited_preference_replaces_the_old_one_instead_of_joining_it(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember([Claim("user", "prefers", "aisle seat")], maya)
    clock.advance(days=3)
    (seat,) = memory.facts(maya, predicate="prefers")

    memory.revise(seat.id, maya, "window seat")

    assert [f.object for f in memory.facts(maya, predicate="prefers")] == ["window seat"]
    past = memory.facts(maya, predicate="prefers", history=True)
    assert {(f.object, f.status) for f in past} >= {("aisle seat", Status.EXPIRED)}


def test_a_correction_says_the_old_value_never_held(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    old = lived_in_austin(memory, clock, maya)

    memory.revise(old, maya, "Boston", valid_from=MARCH, correction=True)

    assert [f.object for f in memory.facts(maya, predicate="lives_in", at=MARCH)] == ["Boston"]
    statuses = {f.object: f.status for f in memory.facts(maya, history=True)}
    assert statuses["Austin"] is Status.RETRACTED


def test_a_preview_writes_nothing(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    old = lived_in_austin(memory, clock, maya)
    before = (memory.facts(maya, history=True), memory.audit(maya))

    revision = memory.revise(old, maya, "Denver", preview=True)

    assert not revision.applied
    assert revision.after is None
    assert "Austin -> Denver" in revision.change
    assert (memory.facts(maya, history=True), memory.audit(maya)) == before


def test_editing_a_candidate_replaces_it_with_the_users_value(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    memory.remember([Claim("user", "prefers", "aisle seat")], maya, source="agent")
    (guess,) = memory.facts(maya, include_candidates=True)
    assert guess.status is Status.CANDIDATE

    revision = memory.revise(guess.id, maya, "window seat")

    assert revision.after is not None
    assert revision.after.status is Status.ACTIVE
    current = memory.facts(maya, include_candidates=True)
    assert [(f.object, f.authority.value) for f in current] == [("window seat", "user")]


def test_bad_edits_name_the_problem_and_change_nothing(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    old = lived_in_austin(memory, clock, maya)
    before = memory.facts(maya, history=True)
    with pytest.raises(UnknownId, match="no fact"):
        memory.revise("f_missing", maya, "Denver")
    with pytest.raises(InvalidArgument, match="already holds"):
        memory.revise(old, maya, "Austin")
    with pytest.raises(InvalidArgument, match="valid_from"):
        memory.revise(old, maya, "Denver", valid_from=datetime(2026, 7, 1))
    with pytest.raises(InvalidArgument, match="preview"):
        memory.revise(old, maya, "Denver", preview="yes")  # type: ignore[arg-type]
    assert memory.facts(maya, history=True) == before
    memory.revise(old, maya, "Denver")
    with pytest.raises(InvalidArgument, match=r"no longer believed|already holds"):
        memory.revise(old, maya, "Lima")


def test_forgetting_an_edit_leaves_no_trace_of_its_value(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    old = lived_in_austin(memory, clock, maya)
    revision = memory.revise(old, maya, "Zanzibar City")
    assert revision.after is not None

    memory.forget(maya, fact=revision.after.id)

    assert "Zanzibar" not in json.dumps(memory.export(maya), default=str)


def test_async_revise_is_the_same_operation(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    old = lived_in_austin(memory, clock, maya)
    amem = AsyncMemory(memory=memory)

    revision = asyncio.run(amem.revise(old, maya, "Denver"))

    assert revision.after is not None
    assert revision.after.object == "Denver"


def test_graphmem_edit_previews_then_applies(cli: Run) -> None:
    cli("remember", "I live in Austin.", "-n", "maya")
    (fact,) = as_json(cli, "facts", "-n", "maya")

    code, out, _ = cli("edit", fact["id"], "Denver", "-n", "maya", "--preview")
    assert code == 0
    assert "Austin -> Denver" in out
    assert "nothing written" in out
    assert [f["object"] for f in as_json(cli, "facts", "-n", "maya")] == ["Austin"]

    edited = as_json(cli, "edit", fact["id"], "Denver", "-n", "maya")
    assert edited["applied"]
    assert edited["after"]["object"] == "Denver"
    assert [f["object"] for f in as_json(cli, "facts", "-n", "maya")] == ["Denver"]
