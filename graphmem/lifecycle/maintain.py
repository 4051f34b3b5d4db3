"""Maintenance: run the lifecycle jobs that are due, namespace by namespace, and say what
each did.

Three jobs, by period:

* daily (1 day): the sweep (ended validity → ``expired``, lapsed review → ``needs_review``),
  what the history teaches about relations that hold one value at a time
  (graphmem.lifecycle.learn_cardinality), then one distillation run (patterns →
  candidates, what time overturned marked, the unused lose confidence), then the
  namespace's retention (episodes older than it keeps raw text reduced to their claims:
  graphmem.lifecycle.retention);
* weekly (7 days): garbage collection for real (weak facts unused for 90 days removed,
  facts that led to bad outcomes demoted);
* monthly (30 days): duplicate values merged, sources kept (graphmem.lifecycle.duplicates);
  when a second model is configured, a sample of messages read again by both and their
  permission decisions compared (graphmem.lifecycle.model_switch); and a review that lists
  what needs a human look.

When a job last ran is read from the namespace's own audit: each run leaves an entry
(action ``maintain``, the job and its counts in ``after``), so the schedule needs no schema
of its own, moves with export and import, and sits beside the entries of what the job did.
graphmem runs no daemon: a scheduler calls this as often as it likes, and only what is due
runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from graphmem.lifecycle import sweep
from graphmem.lifecycle.distill import to_run
from graphmem.model import Actor, Kind, Status
from graphmem.records import audit_row
from graphmem.results import (
    GcReport,
    JobName,
    MaintenanceJob,
    MaintenanceReport,
    ModelComparison,
    NamespaceMaintenance,
)
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, Row
from graphmem.temporal import END_OF_TIME

ACTION = "maintain"
# In the order they run: the sweep writes statuses down before the review reads them.
PERIODS: dict[JobName, timedelta] = {
    "daily": timedelta(days=1),
    "weekly": timedelta(days=7),
    "monthly": timedelta(days=30),
}

# The flows as Memory applies them (its lock, embedder and retries), as of a given time.
Distill = Callable[[str, datetime], tuple[ChangeSet, Row]]  # -> (change applied, run row)
CollectGarbage = Callable[[str, datetime], GcReport]
Reduce = Callable[[str, datetime], list[str]]  # -> episodes reduced by the retention policy
Merge = Callable[[str, datetime], list[str]]  # -> the duplicate versions merged
Learn = Callable[[str, datetime], list[str]]  # -> relations learnt one-valued
Compare = Callable[[str, datetime], ModelComparison]


def maintain(
    store: GraphStore,
    namespaces: Iterable[str],
    now: datetime,
    *,
    distill: Distill,
    gc: CollectGarbage,
    reduce: Reduce,
    merge: Merge,
    learn: Learn,
    compare: Compare | None = None,
) -> MaintenanceReport:
    """Run, in each namespace, the jobs due at ``now``; record each one that ran.
    ``compare``: when a second model is configured, the monthly comparison of models."""
    done = []
    for ns in namespaces:
        due, not_due = schedule(last_runs(store, ns), now)
        ran = []
        for job in due:
            if job == "daily":
                report = daily(store, ns, now, distill, learn).model_copy(
                    update={"reduced": reduce(ns, now)}
                )
            elif job == "weekly":
                collected = gc(ns, now)
                report = MaintenanceJob(
                    job="weekly", removed=collected.removed, demoted=collected.demoted
                )
            else:
                report = monthly(store, ns, now, merge, compare)
            # Its own transaction, after the job's: should the process die in between, the
            # job runs again next time, which is harmless (the sweep and gc find nothing
            # left, distillation proposes no pattern twice and decays once per 30 idle days),
            # whereas a record written before the work could stand for work never done.
            store.apply(ChangeSet(namespace=ns, audit=[record(report, now)]))
            ran.append(report)
        done.append(NamespaceMaintenance(namespace=ns, ran=ran, not_due=not_due))
    return MaintenanceReport(at=now, namespaces=done)


def last_runs(store: GraphStore, namespace: str) -> dict[JobName, datetime]:
    """When each job last ran in the namespace, from its audit: each run's entry names its
    job as its target, so they are read by the audit's target index, not by a scan of a busy
    namespace's recent audit."""
    last: dict[JobName, datetime] = {}
    for row in store.audit_of(namespace, [_target(job) for job in PERIODS]):
        if row["action"] != ACTION or not row.get("after_json"):
            continue
        job = json.loads(row["after_json"]).get("job")
        if job in PERIODS and (job not in last or row["at"] > last[job]):
            last[job] = row["at"]
    return last


def _target(job: JobName) -> str:
    return f"maintain:{job}"


def schedule(
    last: dict[JobName, datetime], now: datetime
) -> tuple[list[JobName], dict[JobName, datetime]]:
    """The jobs due at ``now`` (never ran, or their period has passed), in the order they
    run; and for each of the others, when it next is."""
    due: list[JobName] = []
    not_due: dict[JobName, datetime] = {}
    for job, period in PERIODS.items():
        ran = last.get(job)
        if ran is None or now - ran >= period:
            due.append(job)
        else:
            not_due[job] = ran + period
    return due, not_due


def daily(
    store: GraphStore, namespace: str, now: datetime, distill: Distill, learn: Learn
) -> MaintenanceJob:
    swept = sweep.sweep(store, namespace, now)
    learned = learn(namespace, now)
    change, run = distill(namespace, now)
    return MaintenanceJob(
        job="daily",
        expired=swept.expired,
        needs_review=swept.needs_review,
        learned=learned,
        distillation_run=run["id"],
        proposed=to_run(run).created,
        # The run's confidence patches are its decay: the sweep has just marked the statuses.
        decayed=sorted(p.fact_id for p in change.patches if "confidence" in p.changes),
    )


def monthly(
    store: GraphStore, namespace: str, now: datetime, merge: Merge, compare: Compare | None
) -> MaintenanceJob:
    """Duplicates merged first, so the review lists what is left; models compared last."""
    merged = merge(namespace, now)
    report = review(store, namespace, now).model_copy(update={"merged": merged})
    if compare is None:
        return report
    found = compare(namespace, now)
    return report.model_copy(
        update={
            "compared": found.sampled,
            "model_differences": [d.episode_id for d in found.differences],
        }
    )


def review(store: GraphStore, namespace: str, now: datetime) -> MaintenanceJob:
    """What needs a human look, from one read of the namespace's facts; changes nothing."""
    rows = store.facts(namespace, FactFilter(include_candidates=True))
    believed = [row for row in rows if row["retired_at"] >= END_OF_TIME]
    # A use is counted on the version recall returned, which a later change may have retired
    # since: a value was asked about when any version of it was.
    asked = {(row["slot"], row["object_json"]) for row in rows if row.get("use_count")}
    return MaintenanceJob(
        job="monthly",
        awaiting_review=sorted(row["id"] for row in believed if _review_due(row, now)),
        superseded_unused=sorted(row["id"] for row in believed if _superseded_unused(row, asked)),
        candidates_waiting=sorted(
            row["id"] for row in believed if row["status"] == Status.CANDIDATE.value
        ),
    )


def _review_due(row: Row, now: datetime) -> bool:
    # Marked by a sweep, or lapsed since (a review read at any time sees both alike).
    if row["status"] == Status.NEEDS_REVIEW.value:
        return True
    return row["status"] == Status.ACTIVE.value and bool(row["review_at"] <= now)


def _superseded_unused(row: Row, asked: set[tuple[str, str]]) -> bool:
    # A replaced preference that recall never returned was likely never worth keeping.
    return (
        row["status"] == Status.SUPERSEDED.value
        and row["kind"] == Kind.PREFERENCE.value
        and (row["slot"], row["object_json"]) not in asked
    )


def record(report: MaintenanceJob, now: datetime) -> Row:
    """The audit entry of a job that ran: its counts (the ids are in the job's own entries)."""
    counts = {name: len(value) for name, value in report if isinstance(value, list) and value}
    after: dict[str, Any] = {"job": report.job, **counts}
    if report.distillation_run:
        after["distillation_run"] = report.distillation_run
    return audit_row(now, Actor.SYSTEM, ACTION, target_id=_target(report.job), after=after)
