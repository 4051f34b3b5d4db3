"""Checkpoints: saved in one transaction with an audit entry, redacted, per namespace, and
enough to resume a task after its session was compacted."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graphmem import Actor, InvalidArgument, Memory, UnknownId
from graphmem.read.checkpoint import Checkpoint, CheckpointInput, history, latest, save
from graphmem.store.base import GraphStore
from graphmem.store.embedded import EmbeddedStore
from tests.stores import Clock

NS = Callable[[str], str]
AT = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)


def _progress(**changes: object) -> CheckpointInput:
    fields: dict[str, object] = {
        "task": "plan-trip",
        "last_success": "booked the flight",
        "outputs": {"flight": "UA 123", "seats": [14, 15], "price": {"usd": 412.5}},
        "pending": ["which hotel", "rent a car?"],
        "next_action": "compare the three hotels near the office",
        "goal": "Plan Maya's trip to Denver",
    }
    fields.update(changes)
    return CheckpointInput.of(**fields)


# ---- the functions over a store ------------------------------------------------


def test_save_then_latest_round_trips(store: GraphStore, ns: NS) -> None:
    namespace = ns("maya")

    saved = save(store, namespace, _progress(session="ses-1"), AT)

    assert latest(store, namespace, "plan-trip") == saved
    assert saved.at == AT
    assert saved.last_success == "booked the flight"
    assert saved.outputs == {"flight": "UA 123", "seats": [14, 15], "price": {"usd": 412.5}}
    assert saved.pending == ["which hotel", "rent a car?"]
    assert saved.next_action == "compare the three hotels near the office"
    assert saved.session == "ses-1"
    assert saved.redactions == 0
    assert latest(store, namespace, "another-task") is None


def test_history_is_newest_first_even_within_one_clock_tick(store: GraphStore, ns: NS) -> None:
    namespace = ns("maya")
    first = save(store, namespace, _progress(next_action="step 1"), AT)
    second = save(store, namespace, _progress(next_action="step 2"), AT)
    third = save(store, namespace, _progress(next_action="step 3"), AT)

    assert history(store, namespace, "plan-trip", 10) == [third, second, first]
    assert history(store, namespace, "plan-trip", 2) == [third, second]
    assert first.at < second.at < third.at
    with pytest.raises(InvalidArgument, match="limit=0"):
        history(store, namespace, "plan-trip", 0)


def test_checkpoint_survives_reopening_the_embedded_store(tmp_path: Path) -> None:
    first = EmbeddedStore(tmp_path / "store")
    saved = save(first, "maya", _progress(), AT)
    first.close()

    reopened = EmbeddedStore(tmp_path / "store")
    try:
        assert latest(reopened, "maya", "plan-trip") == saved
    finally:
        reopened.close()


# ---- through Memory ------------------------------------------------------------


def test_memory_checkpoint_is_audited(memory: Memory, ns: NS, clock: Clock) -> None:
    namespace = ns("maya")

    saved = memory.checkpoint(namespace, "plan-trip", next_action="book a hotel")

    assert saved.at == clock()
    assert memory.checkpoints(namespace, "plan-trip") == [saved]
    entries = [e for e in memory.audit(namespace) if e.action == "checkpoint"]
    assert [(e.actor, e.target_id) for e in entries] == [(Actor.AGENT, saved.id)]


def test_secrets_in_checkpoint_state_are_redacted(memory: Memory, ns: NS) -> None:
    namespace = ns("maya")
    secrets = ["s3cretPassw0rd", "Tr0ub4dor&3", "sk-proj-abcdefghijklmnopqrstuvwxyz012345"]

    saved = memory.checkpoint(
        namespace,
        "deploy",
        last_success="connected to postgres://bob:s3cretPassw0rd@db:5432/app",
        outputs={"api_key": "sk-proj-abcdefghijklmnopqrstuvwxyz012345", "rows": 3},
        next_action="log in with password Tr0ub4dor&3 and run the migration",
    )

    stored = memory.store.checkpoints(namespace, "deploy", 10)[0]["state_json"]
    for secret in secrets:
        assert secret not in stored
        assert secret not in saved.model_dump_json()
    assert saved.redactions == 3
    assert saved.outputs["rows"] == 3
    assert saved.next_action == "log in with password [redacted:password] and run the migration"
    assert memory.resume(namespace, "deploy").resumed_from == saved


def test_a_secret_stored_as_a_number_is_redacted(memory: Memory, ns: NS) -> None:
    namespace = ns("maya")

    saved = memory.checkpoint(
        namespace, "pay", outputs={"card": 4111111111111111, "nights": 3}, next_action="pay"
    )

    assert saved.outputs == {"card": "[redacted:card]", "nights": 3}
    assert "4111111111111111" not in memory.store.checkpoints(namespace, "pay", 1)[0]["state_json"]


def test_checkpoints_are_isolated_by_namespace(memory: Memory, ns: NS) -> None:
    maya, ben = ns("maya"), ns("ben")
    memory.checkpoint(maya, "plan-trip", next_action="book a hotel")

    assert memory.checkpoints(ben, "plan-trip") == []
    assert latest(memory.store, ben, "plan-trip") is None
    with pytest.raises(UnknownId, match=f"no checkpoint for task 'plan-trip' in namespace '{ben}'"):
        memory.resume(ben, "plan-trip")


@pytest.mark.parametrize(
    ("state", "named"),
    [
        ({"last_success": "x"}, "next_action"),
        ({"next_action": "x", "colour": "red"}, "colour"),
        ({"next_action": "x", "outputs": {"when": datetime(2026, 1, 1)}}, "outputs"),
    ],
)
def test_bad_checkpoint_state_is_named(
    memory: Memory, ns: NS, state: dict[str, object], named: str
) -> None:
    with pytest.raises(InvalidArgument, match=named):
        memory.checkpoint(ns("maya"), "plan-trip", **state)


def test_bad_task_is_named(memory: Memory, ns: NS) -> None:
    with pytest.raises(InvalidArgument, match="task=''"):
        memory.checkpoint(ns("maya"), "", next_action="x")
    with pytest.raises(InvalidArgument, match="task"):
        memory.resume(ns("maya"), "x" * 300)


# ---- sessions: checkpoint, compact, resume ---------------------------------------


def test_resume_after_compact_restores_the_progress_exactly(
    memory: Memory, ns: NS, clock: Clock
) -> None:
    namespace = ns("maya")
    session = memory.session(namespace, task="plan-trip", budget=4_000)
    session.set_goal("Plan Maya's trip to Denver")
    session.add_user("Book me a flight to Denver on Monday, and a hotel near the office.")
    session.add_tool_result("flights", {"booked": "UA 123", "seat": "14C"})
    session.add_agent(
        "Booked UA 123, seat 14C. Next I will compare the hotels near the office on price, "
        "distance, breakfast, gym and what the reviews of the last three months say about noise."
    )
    session.add_pending("which hotel")
    session.add_pending("rent a car?")
    saved = session.checkpoint(
        last_success="booked flight UA 123",
        outputs={"flight": "UA 123", "seat": "14C"},
        next_action="compare the three hotels near the office",
    )
    session.compact()
    clock.advance(hours=1)

    working = session.context().working
    assert "Recent:" not in working
    assert working.endswith("\n- agent: Booked UA 123, seat 14C.")
    assert "reviews of the last three months" not in working
    assert "next safe action: compare the three hotels near the office" in working

    # A new Memory on the same store: what a restarted agent would have.
    resumed = Memory(store=memory.store, clock=clock).resume(namespace, "plan-trip")

    assert resumed.resumed_from == saved
    assert resumed.progress == saved
    assert resumed.id != session.id
    assert saved.session == session.id
    assert resumed.task == "plan-trip"
    assert resumed.goal == "Plan Maya's trip to Denver"
    assert resumed.pending == ["which hotel", "rent a car?"]
    assert saved.last_success == "booked flight UA 123"
    assert saved.outputs == {"flight": "UA 123", "seat": "14C"}
    resumed_working = resumed.context().working
    assert "- last success: booked flight UA 123" in resumed_working
    assert '- outputs: {"flight": "UA 123", "seat": "14C"}' in resumed_working
    assert "- next safe action: compare the three hotels near the office" in resumed_working
    assert "Pending decisions:\n- which hotel\n- rent a car?" in resumed_working


def test_resume_takes_the_latest_checkpoint(memory: Memory, ns: NS) -> None:
    namespace = ns("maya")
    session = memory.session(namespace, task="plan-trip")
    session.checkpoint(next_action="book a flight")
    session.add_pending("which hotel")
    last = session.checkpoint(last_success="booked a flight", next_action="book a hotel")

    resumed = memory.resume(namespace, "plan-trip")

    assert resumed.resumed_from == last
    assert resumed.pending == ["which hotel"]
    assert [c.next_action for c in memory.checkpoints(namespace, "plan-trip")] == [
        "book a hotel",
        "book a flight",
    ]


def test_session_without_a_task_cannot_checkpoint(memory: Memory, ns: NS) -> None:
    session = memory.session(ns("maya"), session_id="ses-7")
    with pytest.raises(InvalidArgument, match="session 'ses-7' has no task"):
        session.checkpoint(next_action="x")


def test_checkpoint_model_dumps_as_json(memory: Memory, ns: NS) -> None:
    saved = memory.checkpoint(ns("maya"), "plan-trip", next_action="x", outputs={"n": 1})
    assert Checkpoint.model_validate(json.loads(saved.model_dump_json())) == saved
