"""Garbage collection: drop what is weak and unused, demote what led to bad outcomes.

* Facts below a confidence of 0.3 that nobody used for 90 days are removed —
  the facts only: the episodes they came from stay as episodic memory, and the
  audit keeps its record (collecting garbage is not a privacy request).
* So are candidates nobody confirmed or used for 90 days (a tool's or the agent's
  proposal that the user never took up) — except the user's todo list, whose open
  items stay until the user closes or cancels them.
* Facts reported through ``feedback(..., outcome="bad")`` are demoted: their
  confidence halves and they wait for review instead of acting as current.

A dry run reports the same lists and changes nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from graphmem.lifecycle.forget import Planner
from graphmem.model import Actor, Status
from graphmem.records import audit_row
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, FactPatch, Row
from graphmem.temporal import END_OF_TIME
from graphmem.trust.gate import TODO

LOW_CONFIDENCE = 0.3
UNUSED_FOR = timedelta(days=90)


def candidates(rows: list[Row], now: datetime) -> tuple[list[str], list[str]]:
    """(fact ids to remove, fact ids to demote) among believed facts."""
    remove, demote = [], []
    for row in rows:
        if row["retired_at"] < END_OF_TIME:
            continue
        last = row.get("last_used_at") or row["recorded_at"]
        unused = now - last > UNUSED_FOR
        waiting = row["status"] == Status.CANDIDATE.value and row["predicate"] != TODO
        if unused and (row["confidence"] < LOW_CONFIDENCE or waiting):
            remove.append(row["id"])
        elif (row.get("bad_outcomes") or 0) > 0 and row["status"] == Status.ACTIVE.value:
            demote.append(row["id"])
    return sorted(remove), sorted(demote)


def plan(
    store: GraphStore, namespace: str, now: datetime
) -> tuple[ChangeSet, list[str], list[str]]:
    rows = store.facts(namespace, FactFilter(include_candidates=True))
    remove, demote = candidates(rows, now)
    planner = Planner(store, namespace, now)
    planner.drop_facts(set(remove))
    planner.rederive(Actor.GC)
    change = planner.finish(Actor.GC, tombstones=False, scrub=False).change
    by_id = {row["id"]: row for row in rows}
    for fact_id in demote:
        before = by_id[fact_id]["confidence"]
        change.patches.append(
            FactPatch(
                fact_id, {"confidence": round(before / 2, 4), "status": Status.NEEDS_REVIEW.value}
            )
        )
        change.audit.append(
            audit_row(
                now,
                Actor.GC,
                "demote",
                target_id=fact_id,
                confidence_change=-round(before / 2, 4),
                note="reported to have led to a bad outcome",
            )
        )
    change.audit[:] = [a for a in change.audit if a["action"] != "forget"]
    change.audit.append(
        audit_row(now, Actor.GC, "gc", after={"removed": len(remove), "demoted": len(demote)})
    )
    return change, remove, demote
