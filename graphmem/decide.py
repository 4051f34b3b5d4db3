"""Decide ADD, UPDATE, DELETE or NOOP for each admitted claim — rules first.

The rules decide everything they can without a model:

* a correction (a negated claim) retracts the matching belief: DELETE;
* the same value already in the slot adds support: NOOP (an explicit statement
  of a pending candidate confirms it);
* a many-valued predicate, or a different scope (another slot), never conflicts: ADD;
* a new value in a one-valued slot supersedes the old one: UPDATE — unless the
  conflict order says otherwise: an explicit new statement > a newer confirmed
  record in the same scope > a confirmed durable preference > an inferred
  candidate. Inferred claims never supersede; they wait beside as candidates.
  External content never outranks the user; nothing below the system rewrites a
  system rule (that is refused and raises an alert);
* one exception does not rewrite a rule: an event never supersedes a preference
  or constraint;
* a value with a window ("only for September") supersedes just for the window;
  the old value resumes after it.

Only a claim whose predicate is unknown and whose slot holds other values is
left undecided (``None``): the write path asks a model, or adds it beside.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from graphmem.model import Authority, Cardinality, Kind, Status
from graphmem.store.base import Row
from graphmem.temporal import END_OF_TIME


class OpKind(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    NOOP = "NOOP"


@dataclass(slots=True)
class Proposal:
    """An admitted claim, resolved to the values it would be stored with."""

    subject: str
    subject_key: str
    predicate: str
    object_json: str
    object_text: str
    object_key: str | None
    kind: Kind
    scope: str
    slot: str
    cardinality: Cardinality | None
    authority: Authority
    status: Status
    confidence: float
    valid_from: datetime
    valid_until: datetime
    negated: bool
    quote: str | None
    review_at: datetime = END_OF_TIME
    # A negation with a date ("I no longer live in Austin", "I moved out in May") is a change
    # in the world: validity closes then. Without one it is a correction: belief retires.
    ends_at: datetime | None = None
    sensitivity: str = "normal"

    @classmethod
    def of_row(cls, row: Row, *, valid_until: datetime, status: Status) -> Proposal:
        """A stored fact as a proposal again: for the versions that revisions write."""
        return cls(
            subject=row["subject"],
            subject_key=row["subject_key"],
            predicate=row["predicate"],
            object_json=row["object_json"],
            object_text=row["object_text"],
            object_key=row.get("object_key"),
            kind=Kind(row["kind"]),
            scope=row["scope"],
            slot=row["slot"],
            cardinality=None,
            authority=Authority(row["authority"]),
            status=status,
            confidence=row["confidence"],
            valid_from=row["valid_from"],
            valid_until=valid_until,
            negated=False,
            quote=row.get("quote"),
            review_at=row["review_at"],
            sensitivity=row["sensitivity"],
        )


@dataclass(slots=True)
class Decision:
    op: OpKind
    proposal: Proposal
    reason: str
    targets: list[Row] = field(default_factory=list)
    refused: bool = False
    alert: bool = False
    promote: bool = False


def _believed(rows: list[Row]) -> list[Row]:
    return [r for r in rows if r["retired_at"] >= END_OF_TIME]


def overlaps(row: Row, p: Proposal) -> bool:
    return bool(row["valid_from"] < p.valid_until and p.valid_from < row["valid_until"])


def _tier(authority: Authority) -> int:
    # A user's statement and a confirmed record share a tier: the newer one wins.
    return Authority.USER.rank if authority is Authority.CONFIRMED else authority.rank


def decide_by_rules(p: Proposal, slot_rows: list[Row]) -> Decision | None:
    """The rule-based decision for ``p`` against the facts of its slot, or None."""
    believed = _believed(slot_rows)
    if p.negated:
        return retract(p, [r for r in believed if r["object_json"] == p.object_json])
    overlapping = [r for r in believed if overlaps(r, p)]
    same = [r for r in overlapping if r["object_json"] == p.object_json]
    if same:
        promote = p.status is Status.ACTIVE and any(r["status"] == "candidate" for r in same)
        reason = "confirms a pending candidate" if promote else "already known: adds support"
        return Decision(OpKind.NOOP, p, reason, targets=same, promote=promote)
    conflicting = [r for r in overlapping if r["object_json"] != p.object_json]
    if p.cardinality is Cardinality.MANY or not conflicting:
        return Decision(OpKind.ADD, p, "new information")
    if p.cardinality is None:
        return None
    return resolve_conflict(p, conflicting)


def retract(p: Proposal, targets: list[Row]) -> Decision:
    if not targets:
        return Decision(OpKind.NOOP, p, "nothing believed to retract")
    for row in targets:
        if row["authority"] == Authority.SYSTEM and p.authority is not Authority.SYSTEM:
            return Decision(
                OpKind.NOOP,
                p,
                "a system rule cannot be retracted from a lower tier",
                refused=True,
                alert=True,
            )
        if _tier(Authority(row["authority"])) > _tier(p.authority):
            return Decision(
                OpKind.NOOP,
                p,
                f"{p.authority.value} cannot retract a {row['authority']} record",
                refused=True,
            )
    return Decision(OpKind.DELETE, p, "corrected: no longer believed", targets=targets)


def resolve_conflict(p: Proposal, conflicting: list[Row]) -> Decision:
    for row in conflicting:
        held = Authority(row["authority"])
        if held is Authority.SYSTEM and p.authority is not Authority.SYSTEM:
            return Decision(
                OpKind.NOOP,
                p,
                "a system rule cannot be overridden from a lower tier",
                refused=True,
                alert=True,
            )
        if p.kind is Kind.EVENT and row["kind"] != Kind.EVENT:
            return Decision(OpKind.ADD, p, "a one-off event; the standing rule stays")
        if p.status is Status.CANDIDATE:
            return Decision(OpKind.ADD, p, "inferred: waits as a candidate beside the record")
        if _tier(p.authority) < _tier(held) and row["status"] != "candidate":
            return Decision(
                OpKind.NOOP,
                p,
                f"{p.authority.value} content does not outrank a {held.value} record",
                refused=True,
            )
    return Decision(OpKind.UPDATE, p, "a new value for a one-valued slot", targets=conflicting)
