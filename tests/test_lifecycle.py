"""Expiry, review, distillation and rollback, confirmation, garbage collection, export —
on both stores."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem import Claim, InvalidArgument, Memory
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


def snapshot(memory: Memory, ns: str) -> list[dict]:
    facts = memory.facts(ns, history=True, include_candidates=True)
    return sorted((f.model_dump(exclude={"support"}) for f in facts), key=lambda f: f["id"])


def declined_meetings(memory: Memory, clock: Clock, ns: str) -> None:
    for day, session in ((3, "s1"), (4, "s2"), (5, "s3")):
        clock.set(d(3, day))
        memory.remember(
            [
                Claim(
                    "maya",
                    "declined",
                    "8am meeting",
                    kind="event",
                    valid_from=d(3, day),
                    valid_until=d(3, day + 1),
                )
            ],
            namespace=ns,
            source="tool",
            session=session,
            at=d(3, day),
        )


def test_three_sessions_make_a_candidate_not_a_rule(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    declined_meetings(memory, clock, maya)
    clock.set(d(3, 10))
    run = memory.distill(maya)

    assert len(run.created) == 1
    candidate = memory.facts(maya, predicate="usually_declined", include_candidates=True)
    assert [(f.object, f.status.value, f.authority.value) for f in candidate] == [
        ("8am meeting", "candidate", "inferred")
    ]
    assert memory.facts(maya, predicate="usually_declined") == []  # not current until confirmed
    assert memory.recall("8am meeting", namespace=maya, include_episodes=False) == []

    confirmed = memory.confirm(candidate[0].id, namespace=maya)
    assert (confirmed.status.value, confirmed.authority.value) == ("active", "confirmed")
    assert [f.object for f in memory.facts(maya, predicate="usually_declined")] == ["8am meeting"]


def test_two_sessions_are_not_a_pattern(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    for day in (3, 4):
        clock.set(d(3, day))
        memory.remember(
            [
                Claim(
                    "maya",
                    "declined",
                    "8am meeting",
                    kind="event",
                    valid_from=d(3, day),
                    valid_until=d(3, day + 1),
                )
            ],
            namespace=maya,
            source="tool",
            session=f"s{day}",
        )
    assert memory.distill(maya).created == []


def test_rollback_restores_the_state_before(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    declined_meetings(memory, clock, maya)
    clock.set(d(3, 8))
    memory.remember([Claim("maya", "policy", "expenses need approval")], namespace=maya)
    memory.remember([Claim("maya", "likes", "oat milk")], namespace=maya)
    clock.set(d(6))  # the policy's 30-day review has lapsed; nothing was used for 30 days
    before = snapshot(memory, maya)

    run = memory.distill(maya)
    assert run.created
    assert run.patched
    assert snapshot(memory, maya) != before

    rolled = memory.rollback(run.id, namespace=maya)
    assert rolled.status == "rolled_back"
    assert snapshot(memory, maya) == before
    with pytest.raises(InvalidArgument, match="rolled_back"):
        memory.rollback(run.id, namespace=maya)


def test_time_to_live_turns_a_policy_into_needs_review(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("maya", "policy", "refunds within 14 days")], namespace=maya)
    assert memory.facts(maya, predicate="policy")[0].status.value == "active"

    clock.set(d(4, 15))
    flagged = memory.facts(maya, predicate="policy")
    assert [f.status.value for f in flagged] == ["needs_review"]
    assert memory.recall("refunds policy", namespace=maya, include_episodes=False) == []
    asked = memory.recall(
        "refunds policy", namespace=maya, include_review=True, include_episodes=False
    )
    assert asked[0].needs_verification

    sweep = memory.expire(maya)
    assert sweep.needs_review == [flagged[0].id]
    # Restating it is a fresh check: the review moves on.
    memory.remember([Claim("maya", "policy", "refunds within 14 days")], namespace=maya)
    assert memory.facts(maya, predicate="policy")[0].review_at > d(4, 15)


def test_expiry_sweep_marks_ended_windows(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(8, 20))
    memory.remember(
        [Claim("maya", "prefers", "quiet mornings", valid_from=d(9), valid_until=d(10))],
        namespace=maya,
    )
    clock.set(d(10, 2))
    sweep = memory.expire(maya)
    assert len(sweep.expired) == 1
    assert [a.action for a in memory.audit(maya)][-1] == "expire"


def test_reject_retires_a_candidate(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    result = memory.remember(
        [Claim("maya", "prefers", "tea", inferred=True)], namespace=maya, source="agent"
    )
    fact_id = result.fact_ids[0]
    clock.set(d(3, 2))
    rejected = memory.reject(fact_id, namespace=maya)
    assert rejected.status.value == "retracted"
    assert memory.facts(maya, include_candidates=True) == []
    with pytest.raises(InvalidArgument, match="not a candidate"):
        memory.confirm(fact_id, namespace=maya)


def test_gc_removes_weak_unused_facts_and_demotes_bad_ones(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(1, 5))
    memory.remember([Claim("maya", "likes", "maybe jazz", confidence=0.55)], namespace=maya)
    good = memory.remember([Claim("maya", "likes", "hiking")], namespace=maya).fact_ids[0]
    bad = memory.remember([Claim("maya", "prefers", "early flights")], namespace=maya).fact_ids[0]
    memory.feedback(bad, namespace=maya, outcome="bad", note="missed the flight")
    for month in range(2, 13):  # a run every month: one decay per 30 idle days
        clock.set(d(month, 10))
        memory.distill(maya)
        memory.distill(maya)  # a second run the same day decays nothing more
    weak = [f.id for f in memory.facts(maya) if f.confidence < 0.3]
    assert weak

    dry = memory.gc(maya, dry_run=True)
    assert set(weak) <= set(dry.removed)
    assert good not in dry.removed
    assert dry.demoted == [bad]
    assert {f.id for f in memory.facts(maya)} >= set(weak)  # a dry run changes nothing

    memory.gc(maya, dry_run=False)
    remaining = {f.id: f for f in memory.facts(maya)}
    assert not set(weak) & set(remaining)
    assert remaining[bad].status.value == "needs_review"


def test_gc_removes_a_proposal_nobody_took_up_but_keeps_the_todo_list(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(1, 5))
    memory.remember([Claim("maya", "prefers", "late meetings")], maya, source="agent")
    memory.remember([Claim("maya", "todo", "renew the passport")], maya, source="agent")
    recent = d(3, 20)
    clock.set(recent)
    memory.remember([Claim("maya", "prefers", "aisle seats")], maya, source="agent")
    waiting = {f.object: f.id for f in memory.facts(maya, include_candidates=True)}
    clock.set(d(4, 10))  # 95 days after the first two, 21 after the third

    report = memory.gc(maya, dry_run=False)

    assert report.removed == [waiting["late meetings"]]
    left = {f.object for f in memory.facts(maya, include_candidates=True)}
    assert left == {"renew the passport", "aisle seats"}
    assert [t.text for t in memory.todos(maya)] == ["renew the passport"]
    assert memory.check(maya).ok


def test_export_then_import_gives_identical_as_of_answers(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya, copy = ns("maya"), ns("copy")
    clock.set(d(3, 2))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.set(d(5))
    memory.remember([Claim("maya", "surname", "Wang")], namespace=maya)
    clock.set(d(6))
    memory.remember([Claim("maya", "surname", "Wang", negated=True)], namespace=maya)
    clock.set(d(7, 2))
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))

    data = memory.export(maya)
    import json

    restored = json.loads(json.dumps(data))  # it is JSON, not only JSON-ready
    memory.import_(restored, namespace=copy)

    for at in (d(4), d(8)):
        for known_at in (d(5, 15), d(8)):

            def view(space: str, at: datetime = at, known_at: datetime = known_at) -> list:
                return [
                    (f.object, f.status, f.valid_from, f.valid_until, f.recorded_at)
                    for f in memory.facts(space, at=at, known_at=known_at)
                ]

            assert view(copy) == view(maya)
    denver = memory.facts(copy, predicate="lives_in")[0]
    assert [f.object for f in memory.history(denver.id, namespace=copy)] == ["Austin", "Denver"]
    assert len(memory.audit(copy)) == len(memory.audit(maya))
    with pytest.raises(InvalidArgument, match="not empty"):
        memory.import_(restored, namespace=copy)
    assert memory.recall("Denver", namespace=copy, include_episodes=False)[0].text.endswith(
        "Denver"
    )
    assert timedelta(0) <= clock() - d(7, 2)


def test_export_imports_into_an_empty_store_with_the_same_ids(
    memory: Memory, clock: Clock, ns: NS, tmp_path: Path
) -> None:
    maya = ns("maya")
    clock.set(d(3, 2))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.set(d(7, 2))
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))
    data = memory.export(maya)

    with Memory(tmp_path / "fresh", clock=clock) as fresh:
        fresh.import_(data)
        for at in (d(4), d(8)):
            assert fresh.facts(maya, at=at) == memory.facts(maya, at=at)
        assert fresh.export(maya)["facts"] == data["facts"]


def test_a_removed_source_takes_what_it_alone_supported(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember(
        [Claim("apollo", "project_status", "on track")],
        namespace=maya,
        source="document",
        source_ref="drive:apollo",
    )
    memory.remember(
        [Claim("apollo", "owner", "Dana")],
        namespace=maya,
        source="document",
        source_ref="drive:apollo",
    )
    memory.remember([Claim("apollo", "owner", "Dana")], namespace=maya, source="user")
    clock.set(d(4))

    ended = memory.source_removed(maya, "drive:apollo")

    assert len(ended) == 1
    assert [f.object for f in memory.facts(maya, predicate="project_status")] == []
    assert [f.object for f in memory.facts(maya, predicate="owner")] == ["Dana"]
    # History stays: in March the status was on track, as believed then and now.
    assert [f.object for f in memory.facts(maya, predicate="project_status", at=d(3, 15))] == [
        "on track"
    ]
    assert memory.source_removed(maya, "drive:nothing-here") == []
