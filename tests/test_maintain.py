"""Scheduled maintenance (``Memory.maintain``, ``graphmem maintain``): what is due runs,
each run is audited, a second call at the same time runs nothing — on both stores."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem import (
    AsyncMemory,
    Claim,
    InvalidArgument,
    MaintenanceJob,
    MaintenanceReport,
    Memory,
)
from graphmem.cli import main
from graphmem.store.base import GraphStore
from graphmem.store.embedded import EmbeddedStore
from tests.stores import Clock
from tests.test_lifecycle import declined_meetings

NS = Callable[[str], str]
EVERY_JOB = ["daily", "weekly", "monthly"]


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


def job(report: MaintenanceReport, namespace: str, name: str) -> MaintenanceJob:
    [space] = [s for s in report.namespaces if s.namespace == namespace]
    [found] = [j for j in space.ran if j.job == name]
    return found


def maintained(memory: Memory, namespace: str) -> list[tuple[datetime, str]]:
    """(when, job) of every maintenance run the namespace's audit records."""
    return [
        (entry.at, str(entry.after["job"]))
        for entry in memory.audit(namespace)
        if entry.action == "maintain" and entry.after
    ]


def status(memory: Memory, namespace: str, fact_id: str) -> str:
    facts = memory.facts(namespace, history=True, include_candidates=True)
    return next(f.status.value for f in facts if f.id == fact_id)


# ---- the schedule ---------------------------------------------------------------------


def test_what_runs_follows_each_jobs_period(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya)

    first = memory.maintain(maya)  # the memory's clock: 1 March
    assert first.at == d(3)
    assert first.ran == {maya: EVERY_JOB}
    assert first.namespaces[0].not_due == {}
    assert maintained(memory, maya) == [(d(3), name) for name in EVERY_JOB]

    again = memory.maintain(maya)
    assert again.ran == {maya: []}
    assert again.namespaces[0].not_due == {
        "daily": d(3, 2),
        "weekly": d(3, 8),
        "monthly": d(3, 31),
    }
    assert len(maintained(memory, maya)) == 3  # nothing ran, nothing recorded

    assert memory.maintain(maya, now=d(3, 2)).ran == {maya: ["daily"]}
    assert memory.maintain(maya, now=d(3, 2)).ran == {maya: []}
    clock.set(d(3, 8))
    assert memory.maintain(maya).ran == {maya: ["daily", "weekly"]}
    assert memory.maintain(maya, now=d(3, 31)).ran == {maya: EVERY_JOB}
    assert [name for _, name in maintained(memory, maya)] == [
        *EVERY_JOB,
        "daily",
        "daily",
        "weekly",
        *EVERY_JOB,
    ]


def test_without_a_namespace_every_namespace_is_maintained_on_its_own_schedule(
    memory: Memory, clock: Clock, ns: NS, monkeypatch: pytest.MonkeyPatch
) -> None:
    maya, priya = ns("maya"), ns("priya")
    clock.set(d(3))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya)
    memory.remember([Claim("priya", "lives_in", "Lisbon")], namespace=priya)
    store: GraphStore = memory.store
    assert {maya, priya} <= set(store.namespaces())
    if not isinstance(store, EmbeddedStore):
        # The shared server holds every other test's namespaces, which this one must not touch.
        monkeypatch.setattr(store, "namespaces", lambda: sorted([maya, priya]))

    assert memory.maintain(maya).ran == {maya: EVERY_JOB}
    report = memory.maintain()
    assert report.ran == {maya: [], priya: EVERY_JOB}
    assert memory.maintain(now=d(3, 2)).ran == {maya: ["daily"], priya: ["daily"]}


def test_now_must_say_its_timezone(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya)
    with pytest.raises(InvalidArgument, match=r"now=2026-03-01T00:00:00 has no timezone"):
        memory.maintain(maya, now=datetime(2026, 3, 1))
    with pytest.raises(InvalidArgument, match="now="):
        memory.maintain(maya, now="tomorrow")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="namespace"):
        memory.maintain("not a namespace!")
    assert maintained(memory, maya) == []  # nothing ran


# ---- what each job does ---------------------------------------------------------------


def test_the_daily_job_expires_ended_validity_and_flags_lapsed_reviews(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    mornings = memory.remember(
        [Claim("maya", "prefers", "quiet mornings", valid_from=d(3, 10), valid_until=d(4))],
        namespace=maya,
    ).fact_ids[0]
    policy = memory.remember(
        [Claim("maya", "policy", "refunds within 14 days")], namespace=maya
    ).fact_ids[0]

    report = memory.maintain(maya, now=d(4, 15))

    daily = job(report, maya, "daily")
    assert daily.expired == [mornings]
    assert daily.needs_review == [policy]
    assert status(memory, maya, mornings) == "expired"
    assert status(memory, maya, policy) == "needs_review"
    [entry] = [
        a for a in memory.audit(maya) if a.action == "maintain" and a.after["job"] == "daily"
    ]
    assert entry.after == {
        "job": "daily",
        "expired": 1,
        "needs_review": 1,
        "distillation_run": daily.distillation_run,
    }


def test_the_daily_job_distils_three_sessions_into_a_candidate(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    declined_meetings(memory, clock, maya)

    clock.set(d(3, 10))
    report = memory.maintain(maya)

    daily = job(report, maya, "daily")
    [candidate] = memory.facts(maya, predicate="usually_declined", include_candidates=True)
    assert daily.proposed == [candidate.id]
    assert (candidate.object, candidate.status.value) == ("8am meeting", "candidate")
    assert memory.facts(maya, predicate="usually_declined") == []  # a proposal, not a rule
    assert job(report, maya, "monthly").candidates_waiting == [candidate.id]
    assert daily.distillation_run is not None  # and it can be undone
    memory.rollback(daily.distillation_run, namespace=maya)
    assert memory.facts(maya, predicate="usually_declined", include_candidates=True) == []


def test_weak_unused_facts_fade_daily_and_go_weekly(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(1, 5))
    weak = memory.remember(
        [Claim("maya", "likes", "maybe jazz", confidence=0.55)], namespace=maya
    ).fact_ids[0]
    strong = memory.remember([Claim("maya", "likes", "hiking")], namespace=maya).fact_ids[0]

    removed: list[list[str]] = []
    for month in range(1, 7):  # a scheduler that only runs once a month: each job is due
        report = memory.maintain(maya, now=d(1, 5) + timedelta(days=31 * month))
        assert report.ran == {maya: EVERY_JOB}
        if month == 1:
            assert set(job(report, maya, "daily").decayed) == {weak, strong}
        removed.append(job(report, maya, "weekly").removed)

    # 0.55 lowered six times by a tenth is below 0.3, after half a year unused.
    assert removed == [[], [], [], [], [], [weak]]
    assert [f.id for f in memory.facts(maya)] == [strong]
    assert [f.object for f in memory.facts(maya, history=True)] == ["hiking"]


def test_the_weekly_job_demotes_a_fact_with_a_bad_outcome(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    good = memory.remember([Claim("maya", "prefers", "window seats")], namespace=maya).fact_ids[0]
    bad = memory.remember([Claim("maya", "prefers", "early flights")], namespace=maya).fact_ids[0]
    memory.feedback(bad, namespace=maya, outcome="bad", note="missed the flight")

    report = memory.maintain(maya, now=d(3, 2))

    assert job(report, maya, "weekly").demoted == [bad]
    facts = {f.id: f for f in memory.facts(maya, history=True)}
    assert (facts[bad].status.value, facts[bad].confidence) == ("needs_review", 0.5)
    assert facts[good].status.value == "active"
    assert job(report, maya, "monthly").awaiting_review == [bad]
    # Demoted once: a week later there is nothing left to demote.
    assert job(memory.maintain(maya, now=d(3, 9)), maya, "weekly").demoted == []


def test_the_monthly_review_lists_replaced_preferences_nobody_asked_about(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    for predicate in ("coffee_order", "seat_choice"):
        memory.define_predicate(predicate, cardinality="one", kind="preference")
    clock.set(d(3))
    memory.remember([Claim("maya", "coffee_order", "flat white")], namespace=maya)
    memory.remember([Claim("maya", "seat_choice", "aisle seat")], namespace=maya)
    # Asked about once, before it was replaced: worth keeping in the history.
    asked = memory.recall("aisle seat", namespace=maya, k=1, include_episodes=False)
    assert [e.text for e in asked] == ["maya seat choice aisle seat"]
    clock.set(d(3, 5))
    memory.remember([Claim("maya", "coffee_order", "oat latte")], namespace=maya)
    memory.remember([Claim("maya", "seat_choice", "window seat")], namespace=maya)
    [flat_white] = memory.facts(maya, predicate="coffee_order", at=d(3, 2))

    report = memory.maintain(maya, now=d(3, 6))

    monthly = job(report, maya, "monthly")
    assert monthly.superseded_unused == [flat_white.id]
    assert (monthly.awaiting_review, monthly.candidates_waiting) == ([], [])
    assert memory.facts(maya, predicate="coffee_order")[0].object == "oat latte"  # read only


def test_async_memory_maintains_too(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya)
    report = asyncio.run(AsyncMemory(memory=memory).maintain(maya, now=d(3, 2)))
    assert report.ran == {maya: EVERY_JOB}


# ---- the command line -------------------------------------------------------------------


@pytest.fixture(params=["embedded", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store_flags(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """The flags that point ``graphmem`` at a store of each kind."""
    if request.param == "embedded":
        return ["--path", str(tmp_path / "store")]
    auth: tuple[str, str] | None = request.getfixturevalue("neo4j_auth")
    if auth is not None:
        monkeypatch.setenv("NEO4J_USER", auth[0])
        monkeypatch.setenv("NEO4J_PASSWORD", auth[1])
    return ["--neo4j", request.getfixturevalue("neo4j_uri")]


def test_maintain_command(
    store_flags: list[str], ns: NS, capsys: pytest.CaptureFixture[str]
) -> None:
    maya = ns("maya")

    def graphmem(*argv: str) -> str:
        capsys.readouterr()
        assert main([*argv, *store_flags]) == 0
        return capsys.readouterr().out

    graphmem("remember", "-n", maya, "--at", "2026-03-01T09:00Z", "I live in Austin.")
    first = json.loads(graphmem("maintain", "-n", maya, "--now", "2026-03-02T00:00Z", "--json"))
    assert first["at"] == "2026-03-02T00:00:00Z"
    [space] = first["namespaces"]
    assert (space["namespace"], [j["job"] for j in space["ran"]]) == (maya, EVERY_JOB)

    out = graphmem("maintain", "-n", maya, "--now", "2026-03-09T00:00Z").splitlines()
    assert out[:2] == ["as of 2026-03-09 00:00 UTC", f"{maya}: ran daily, weekly"]
    assert out[2].startswith(
        "  daily: expired 0, needs review 0, learned 0, proposed 0, decayed 0, reduced 0 (run "
    )
    assert out[3:] == [
        "  weekly: removed 0, demoted 0",
        "  monthly: not due until 2026-04-01 00:00 UTC",
    ]
    assert graphmem("maintain", "-n", maya, "--now", "2026-03-09T00:00Z").splitlines()[1] == (
        f"{maya}: ran nothing (not due)"
    )


def test_maintain_command_covers_every_namespace_and_refuses_a_naive_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ["--path", str(tmp_path / "store")]
    assert main(["maintain", *path]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "no namespace holds facts or episodes: nothing to maintain"
    )
    for name in ("maya", "priya"):
        assert main(["remember", "-n", name, "I live in Austin.", *path]) == 0
    capsys.readouterr()
    assert main(["maintain", "--json", *path]) == 0
    assert {
        s["namespace"]: len(s["ran"]) for s in json.loads(capsys.readouterr().out)["namespaces"]
    } == {"maya": 3, "priya": 3}
    assert main(["maintain", "--now", "2026-03-02T00:00", *path]) == 2
    assert "has no timezone" in capsys.readouterr().err
