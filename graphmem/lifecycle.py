"""Expiry and review: stored statuses catch up with time.

Reads never need this — a fact past ``valid_until`` already stops answering
"what is true now", and a fact past its review date already comes back flagged
``needs_review`` — but analysts and auditors read stored statuses, so a sweep
writes them down: ``active`` facts whose validity has ended become ``expired``,
those whose time-to-live lapsed become ``needs_review``. Each change has its
audit entry.

``source_removed`` handles a source that goes away (an account disconnected, a
project closed): what it alone supported stops being current.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from graphmem.consolidate import Consolidator
from graphmem.model import Actor, Status
from graphmem.records import audit_row, fact_summary
from graphmem.store.base import ChangeSet, FactFilter, FactPatch, GraphStore, Row
from graphmem.temporal import END_OF_TIME


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
    """When a source goes away, the facts it alone supported stop being current: their
    validity closes now (as a new version; the history stays). Facts that other sources
    also support stay as they are."""
    episodes = set(store.episodes_of_source(namespace, source_ref))
    change = ChangeSet(namespace=namespace)
    if not episodes:
        return change, []
    candidates = {
        row["id"]: row
        for e in episodes
        for row in store.episode_facts(namespace, e)
        if row["retired_at"] >= END_OF_TIME and row["valid_until"] > now
    }
    support: dict[str, list[Row]] = {}
    for link in store.support(namespace, candidates):
        support.setdefault(link["fact_id"], []).append(link)
    alone = [
        f
        for f in sorted(candidates)
        if all(link["episode_id"] in episodes for link in support.get(f, []))
    ]
    consolidator = Consolidator(change, "", now, actor=Actor.SYSTEM)
    for fact_id in alone:
        row = candidates[fact_id]
        closed = consolidator.close(
            row, max(now, row["valid_from"]), Status.EXPIRED, support.get(fact_id, [])
        )
        change.audit.append(
            audit_row(
                now,
                Actor.SYSTEM,
                "source_removed",
                target_id=fact_id,
                before=fact_summary(row),
                note=f"its only source went away; version {closed}",
            )
        )
    return change, alone
