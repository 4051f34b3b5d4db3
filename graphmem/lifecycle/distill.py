"""Distillation: promote patterns to candidates, mark what time overturned, decay the unused.

A run looks at the whole namespace once:

* an event seen in at least three independent episodes (different sessions) —
  Maya declined the 8 a.m. meeting on three separate days — becomes a
  *candidate* preference (``usually_<predicate>``), inferred, awaiting the
  user's confirmation; it never becomes a rule on its own;
* facts whose validity ended, or whose review date passed, are marked
  (``expired``, ``needs_review``), as the lifecycle sweep does;
* facts unused for 30 days lose a little confidence.

Each run is a versioned ``DistillationRun`` that records what it created and
the fields it changed (with their values before), so that ``rollback`` restores
exactly the state before it.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from graphmem.errors import InvalidArgument, UnknownId
from graphmem.lifecycle.forget import PATTERN_SESSIONS
from graphmem.lifecycle.sweep import status_changes
from graphmem.model import Actor, Authority, Cardinality, Kind, Status
from graphmem.records import audit_row, new_id
from graphmem.results import DistillationRun
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, FactPatch, Row
from graphmem.store.rows import dumps, loads, slot_key
from graphmem.temporal import END_OF_TIME
from graphmem.write.consolidate import Consolidator
from graphmem.write.slots import read_slots
from graphmem.write.statements import Content, Stated
from graphmem.write.statements import row as statement_row
from graphmem.write.timeline import Op

MIN_SESSIONS = PATTERN_SESSIONS
DECAY_AFTER = timedelta(days=30)
DECAY_FACTOR = 0.9
CONFIDENCE_FLOOR = 0.05


def to_run(row: Row) -> DistillationRun:
    return DistillationRun(
        id=row["id"],
        namespace=row["namespace"],
        at=row["at"],
        version=row["version"],
        status=row["status"],
        created=json.loads(row["created_json"]),
        patched=[p["id"] for p in loads(row["patched_json"])],
        rolled_back_at=row.get("rolled_back_at"),
    )


def distill(store: GraphStore, namespace: str, now: datetime) -> tuple[ChangeSet, Row]:
    """The change set of one run, and its run row."""
    rows = store.facts(namespace, FactFilter(include_candidates=True))
    believed = [r for r in rows if r["retired_at"] >= END_OF_TIME]
    run_id = new_id("run")
    change = ChangeSet(namespace=namespace)
    before: dict[str, Row] = {}

    def patch(row: Row, changes: Row) -> None:
        fields = before.setdefault(row["id"], {})
        for key in changes:
            fields.setdefault(key, row.get(key))
        change.patches.append(FactPatch(row["id"], changes))

    created = _patterns(store, namespace, believed, change, run_id=run_id, now=now)
    by_id = {r["id"]: r for r in believed}
    for fact_id, status in status_changes(believed, now).items():
        patch(by_id[fact_id], {"status": status})
        change.audit.append(
            audit_row(
                now,
                Actor.DISTILLATION,
                "expire" if status == "expired" else "review",
                target_id=fact_id,
                after={"status": status},
            )
        )
    for row in believed:
        # One decay per 30 idle days, however often distillation runs.
        last = max(
            row.get("last_used_at") or row["recorded_at"],
            row.get("decayed_at") or row["recorded_at"],
        )
        idle = now - last > DECAY_AFTER
        if row["status"] == Status.ACTIVE.value and idle and row["confidence"] > CONFIDENCE_FLOOR:
            lowered = max(round(row["confidence"] * DECAY_FACTOR, 4), CONFIDENCE_FLOOR)
            patch(row, {"confidence": lowered, "decayed_at": now})
            change.audit.append(
                audit_row(
                    now,
                    Actor.DISTILLATION,
                    "decay",
                    target_id=row["id"],
                    confidence_change=lowered - row["confidence"],
                )
            )
    version = len(store.ids(namespace, "DistillationRun")) + 1
    run_row: Row = {
        "id": run_id,
        "at": now,
        "version": version,
        "status": "applied",
        "created_json": json.dumps(created),
        "patched_json": dumps([{"id": k, "before": v} for k, v in before.items()]),
    }
    change.runs.append(run_row)
    change.audit.append(
        audit_row(
            now,
            Actor.DISTILLATION,
            "distill",
            target_id=run_id,
            after={"version": version, "created": len(created), "patched": len(before)},
        )
    )
    return change, {**run_row, "namespace": namespace}


def _patterns(
    store: GraphStore, ns: str, rows: list[Row], change: ChangeSet, *, run_id: str, now: datetime
) -> list[str]:
    events = [r for r in rows if r["kind"] == Kind.EVENT.value]
    if not events:
        return []
    support: dict[str, list[Row]] = {}
    for link in store.support(ns, [r["id"] for r in events]):
        support.setdefault(link["fact_id"], []).append(link)
    groups: dict[tuple[str, str, str], list[Row]] = {}
    for row in events:
        groups.setdefault((row["subject_key"], row["predicate"], row["object_json"]), []).append(
            row
        )
    existing = {(r["slot"], r["object_json"]) for r in rows}
    proposed: list[Row] = []
    for (subject_key, predicate, object_json), group in sorted(groups.items()):
        links = [link for row in group for link in support.get(row["id"], [])]
        sessions = {link.get("session") or link["episode_id"] for link in links}
        pattern = f"usually_{predicate}"[:64]
        slot = slot_key(subject_key, pattern, group[0]["scope"])
        if len(sessions) < MIN_SESSIONS or (slot, object_json) in existing:
            continue
        first = group[0]
        content = Content(
            subject=first["subject"],
            subject_key=subject_key,
            predicate=pattern,
            scope=first["scope"],
            slot=slot,
            object_json=object_json,
            object_text=first["object_text"],
            object_key=first.get("object_key"),
            kind=Kind.PREFERENCE,
            cardinality=Cardinality.MANY,
        )
        stated = Stated(
            op=Op.ASSERT,
            valid_from=now,
            valid_until=END_OF_TIME,
            said_at=now,
            authority=Authority.INFERRED,
            status=Status.CANDIDATE,
            confidence=min(0.5 + 0.1 * len(sessions), 0.9),
            episodes=sorted({link["episode_id"] for link in links}),
            produced_by=run_id,
        )
        proposed.append(statement_row(content, stated, now))
    if not proposed:
        return []
    slots = read_slots(store, ns, [p["slot"] for p in proposed])
    consolidator = Consolidator(change, now, actor=Actor.DISTILLATION)
    for statement in proposed:
        consolidator.state(statement)
        slots[statement["slot"]].statements.append(statement)
    created: list[str] = []
    for state in slots.values():
        created += [row["id"] for row in consolidator.settle(state).created]
    change.slots.update({key: state.version for key, state in slots.items()})
    for row in change.facts:
        if row["id"] in created:
            row["produced_by"] = run_id
    return created


def rollback(store: GraphStore, namespace: str, run_id: str, now: datetime) -> ChangeSet:
    run = store.run(namespace, run_id)
    if run is None:
        raise UnknownId(f"no distillation run {run_id!r} in namespace {namespace!r}")
    if run["status"] != "applied":
        raise InvalidArgument(f"distillation run {run_id!r} is {run['status']} already")
    change = ChangeSet(namespace=namespace)
    created = set(json.loads(run["created_json"]))
    rows = store.facts_by_id(namespace, created)
    existing = {r["id"] for r in rows}
    if existing:
        change.removals["Fact"] = sorted(existing)
        statements = {s for r in rows for s in r.get("statements") or ()}
        said = store.statements_by_id(namespace, statements)
        mine = sorted(s["id"] for s in said if s.get("produced_by") == run_id)
        if mine:
            change.removals["Statement"] = mine
    patched = loads(run["patched_json"])
    alive = {r["id"] for r in store.facts_by_id(namespace, [p["id"] for p in patched])}
    change.patches = [FactPatch(p["id"], dict(p["before"])) for p in patched if p["id"] in alive]
    change.run_marks.append({"id": run_id, "status": "rolled_back", "rolled_back_at": now})
    change.audit.append(
        audit_row(
            now,
            Actor.USER,
            "rollback",
            target_id=run_id,
            after={"removed": len(existing), "restored": len(alive)},
        )
    )
    return change
