"""Expiry and review: stored statuses catch up with time.

Reads never need this — a fact past ``valid_until`` already stops answering
"what is true now", and a fact past its review date already comes back flagged
``needs_review`` — but analysts and auditors read stored statuses, so a sweep
writes them down: ``active`` facts whose validity has ended become ``expired``,
those whose time-to-live lapsed become ``needs_review``. Each change has its
audit entry.

``source_removed`` handles a source that goes away (an account disconnected, a
project closed): what it alone supported stops being current. ``end_now`` is that ending
for any facts (a connection revoked: ``graphmem.lifecycle.connections``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graphmem.model import Actor, Authority, Status
from graphmem.records import audit_row, fact_summary, new_id
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, FactPatch, Row
from graphmem.temporal import END_OF_TIME
from graphmem.write.consolidate import Consolidator
from graphmem.write.slots import read_slots, settle_instant
from graphmem.write.timeline import Op


@dataclass(frozen=True, slots=True)
class Sweep:
    expired: list[str]
    needs_review: list[str]


def status_changes(rows: list[Row], now: datetime) -> dict[str, str]:
    """The status each active fact should have at ``now``, where it differs."""
    out: dict[str, str] = {}
    for row in rows:
        if row["status"] != Status.ACTIVE.value or row["retired_at"] <= now:
            continue
        if row["valid_until"] <= now:
            out[row["id"]] = Status.EXPIRED.value
        elif row["review_at"] <= now:
            out[row["id"]] = Status.NEEDS_REVIEW.value
    return out


def sweep_changes(store: GraphStore, namespace: str, now: datetime, actor: Actor) -> ChangeSet:
    rows = store.facts(namespace, FactFilter(statuses=frozenset({Status.ACTIVE.value})))
    change = ChangeSet(namespace=namespace)
    by_id = {row["id"]: row for row in rows}
    for fact_id, status in status_changes(rows, now).items():
        change.patches.append(FactPatch(fact_id, {"status": status}))
        action = "expire" if status == Status.EXPIRED.value else "review"
        change.audit.append(
            audit_row(
                now,
                actor,
                action,
                target_id=fact_id,
                before=fact_summary(by_id[fact_id]),
                after={"status": status},
            )
        )
    return change


def sweep(store: GraphStore, namespace: str, now: datetime, actor: Actor = Actor.SYSTEM) -> Sweep:
    change = sweep_changes(store, namespace, now, actor)
    store.apply(change)
    expired = [p.fact_id for p in change.patches if p.changes["status"] == Status.EXPIRED.value]
    review = [p.fact_id for p in change.patches if p.fact_id not in expired]
    return Sweep(expired=expired, needs_review=review)


def source_removed(
    store: GraphStore, namespace: str, source_ref: str, now: datetime
) -> tuple[ChangeSet, list[str]]:
    """When a source goes away, the values it alone stood behind stop being current: a system
    statement ends each of them now (the history before stays). Values that other sources
    also support stay as they are."""
    episodes = set(store.episodes_of_source(namespace, source_ref))
    if not episodes:
        return ChangeSet(namespace=namespace), []
    facts = {
        row["id"]: row
        for e in sorted(episodes)
        for row in store.episode_facts(namespace, e)
        if row["retired_at"] >= END_OF_TIME
        and row["valid_until"] > now
        and row["status"] != Status.CANDIDATE.value
    }
    ids = {s for row in facts.values() for s in row.get("statements") or ()}
    statements = {s["id"]: s for s in store.statements_by_id(namespace, ids)}
    alone = sorted(
        fact_id
        for fact_id, row in facts.items()
        if all(
            set(statements[s]["episodes"]) <= episodes
            for s in row.get("statements") or ()
            if s in statements
        )
    )
    ended = end_now(
        store,
        namespace,
        [facts[f] for f in alone],
        statements,
        now,
        actor=Actor.SYSTEM,
        action="source_removed",
        note="its only source went away",
    )
    return ended, alone


def end_now(
    store: GraphStore,
    namespace: str,
    rows: list[Row],
    statements: dict[str, Row],
    now: datetime,
    *,
    actor: Actor,
    action: str,
    note: str,
) -> ChangeSet:
    """A system statement ends each fact of ``rows`` now (its history before stays), with an
    audit entry ``action`` by ``actor``. ``statements``: the facts' statements by id."""
    slots = read_slots(store, namespace, {row["slot"] for row in rows})
    at = settle_instant(slots.values(), now)
    change = ChangeSet(namespace=namespace, slots={k: v.version for k, v in slots.items()})
    consolidator = Consolidator(change, at, actor=actor)
    for row in rows:
        base = statements[row["statements"][0]]
        end = {
            **base,
            "id": new_id("st"),
            "op": Op.END.value,
            "valid_from": max(now, row["valid_from"]),
            "valid_until": END_OF_TIME,
            "said_at": now,
            "recorded_at": at,
            "authority": Authority.SYSTEM.value,
            "status": Status.ACTIVE.value,
            "quote": None,
            "episodes": [],
        }
        end.pop("produced_by", None)
        consolidator.state(end)
        slots[row["slot"]].statements.append(end)
        change.audit.append(
            audit_row(at, actor, action, target_id=row["id"], before=fact_summary(row), note=note)
        )
    for slot in slots.values():
        consolidator.settle(slot)
    return change
