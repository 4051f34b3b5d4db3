"""Candidates awaiting review: what confirming or rejecting one changes.

Inferred preferences and distilled patterns wait as candidates and never act
as fact. The user decides:

* ``confirm`` makes the candidate active with authority ``confirmed``; in a
  one-valued slot it then supersedes the value it contradicts, as a newer
  confirmed record does in the conflict order (never a system rule);
* ``reject`` retires it in belief time: no longer believed, still in history.
"""

from __future__ import annotations

from datetime import datetime

from graphmem.consolidate import Consolidator
from graphmem.decide import OpKind, Proposal, overlaps, resolve_conflict
from graphmem.errors import InvalidArgument
from graphmem.model import Actor, Authority, Cardinality, Status
from graphmem.predicates import PredicateRegistry
from graphmem.records import audit_row, fact_summary
from graphmem.store.base import ChangeSet, FactFilter, FactPatch, GraphStore, Row
from graphmem.temporal import END_OF_TIME


def _check_candidate(row: Row, action: str) -> None:
    if row["status"] != Status.CANDIDATE.value:
        raise InvalidArgument(
            f"fact {row['id']!r} is {row['status']}, not a candidate; only candidates can be "
            f"{action}ed"
        )


def reject(ns: str, row: Row, now: datetime) -> ChangeSet:
    _check_candidate(row, "reject")
    before = fact_summary(row)
    changes: Row = {"status": Status.RETRACTED.value, "retired_at": now}
    row.update(changes)
    change = ChangeSet(namespace=ns, patches=[FactPatch(row["id"], changes)])
    change.audit.append(
        audit_row(
            now, Actor.USER, "reject", target_id=row["id"], before=before, after=fact_summary(row)
        )
    )
    return change


def confirm(
    store: GraphStore, ns: str, row: Row, predicates: PredicateRegistry, now: datetime
) -> ChangeSet:
    _check_candidate(row, "confirm")
    before = fact_summary(row)
    change = ChangeSet(namespace=ns)
    proposal = Proposal.of_row(row, valid_until=row["valid_until"], status=Status.ACTIVE)
    proposal.authority = Authority.CONFIRMED
    predicate = predicates.get(row["predicate"])
    if predicate is not None and predicate.cardinality is Cardinality.ONE:
        consolidator = Consolidator(change, "", now, actor=Actor.USER)
        _supersede_conflicts(store, ns, row, proposal, consolidator)
    changes: Row = {"status": Status.ACTIVE.value, "authority": Authority.CONFIRMED.value}
    row.update(changes)
    change.patches.append(FactPatch(row["id"], changes))
    change.audit.append(
        audit_row(
            now, Actor.USER, "confirm", target_id=row["id"], before=before, after=fact_summary(row)
        )
    )
    return change


def _supersede_conflicts(
    store: GraphStore, ns: str, row: Row, proposal: Proposal, consolidator: Consolidator
) -> None:
    where = FactFilter(
        subject_key=row["subject_key"], predicate=row["predicate"], scope=row["scope"]
    )
    conflicting = [
        other
        for other in store.facts(ns, where)
        if other["id"] != row["id"]
        and other["retired_at"] >= END_OF_TIME
        and other["object_json"] != row["object_json"]
        and overlaps(other, proposal)
    ]
    if not conflicting:
        return
    decision = resolve_conflict(proposal, conflicting)
    if decision.refused:
        raise InvalidArgument(f"cannot confirm {row['id']!r}: {decision.reason}")
    if decision.op is OpKind.UPDATE:
        for old in conflicting:
            consolidator.supersede(old, row["id"], proposal, store.support(ns, [old["id"]]))
