"""Consolidation: turn decisions into one change set — nothing is overwritten in place.

* ADD creates a fact supported by the episode (role ``stated``).
* UPDATE supersedes: the old fact's validity closes where the new one begins,
  ``(new)-[:SUPERSEDES]->(old)`` records when and why. A new value with a
  window supersedes only for the window; the old value resumes after it as a
  new fact with the old one's support (``resumes`` in the chain).
* DELETE retracts: belief time closes (``retired_at``), the fact stays for
  "what did we believe then" questions.
* NOOP adds support (``corroborated``), and an explicit statement of a pending
  candidate confirms it.

Every operation appends its audit entry to the same change set, so the store
writes the facts and their audit in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from graphmem.decide import Decision, OpKind, Proposal
from graphmem.model import Actor, Authority, Status, SupportRole
from graphmem.records import audit_row, entity_row, fact_summary, new_id
from graphmem.store.base import ChangeSet, FactPatch, Row
from graphmem.temporal import END_OF_TIME


def _until(summary: Row) -> datetime:
    """A validity end as an audit summary recorded it (None: open)."""
    value = summary["valid_until"]
    return END_OF_TIME if value is None else datetime.fromisoformat(value)


@dataclass(slots=True)
class Applied:
    """What one decision did, for the WriteResult."""

    op: OpKind
    fact_id: str | None
    target_ids: list[str]
    reason: str


@dataclass(slots=True)
class Consolidator:
    """Accumulates the change set of one ``remember`` call."""

    change: ChangeSet
    episode_id: str
    now: datetime
    actor: Actor = Actor.USER
    _entity_keys: set[str] = field(default_factory=set)
    pending: list[Row] = field(default_factory=list)

    def entity(self, name: str, key: str) -> None:
        if key not in self._entity_keys:
            self._entity_keys.add(key)
            self.change.entities.append(entity_row(name, key))

    def apply(self, decision: Decision, support_of: dict[str, list[Row]]) -> Applied:
        p = decision.proposal
        targets = [row["id"] for row in decision.targets]
        if decision.op is OpKind.ADD:
            return Applied(OpKind.ADD, self.add(p, decision.reason), [], decision.reason)
        if decision.op is OpKind.UPDATE:
            fact_id = self.add(p, decision.reason)
            for row in decision.targets:
                self.supersede(row, fact_id, p, support_of.get(row["id"], []))
            return Applied(OpKind.UPDATE, fact_id, targets, decision.reason)
        if decision.op is OpKind.DELETE:
            for row in decision.targets:
                self._retract(row, p.ends_at, support_of.get(row["id"], []))
            return Applied(OpKind.DELETE, None, targets, decision.reason)
        for row in decision.targets:
            self._support(row, decision.promote, p.review_at)
        return Applied(OpKind.NOOP, None, targets, decision.reason)

    # ---- the operations ---------------------------------------------------

    def add(
        self, p: Proposal, reason: str, *, support: list[Row] | None = None, audit: bool = True
    ) -> str:
        self.entity(p.subject, p.subject_key)
        if p.object_key is not None:
            self.entity(p.object_text, p.object_key)
        row: Row = {
            "id": new_id("f"),
            "subject": p.subject,
            "subject_key": p.subject_key,
            "predicate": p.predicate,
            "object_json": p.object_json,
            "object_text": p.object_text,
            "object_key": p.object_key,
            "object_is_entity": p.object_key is not None,
            "kind": p.kind.value,
            "scope": p.scope,
            "slot": p.slot,
            "valid_from": p.valid_from,
            "valid_until": p.valid_until,
            "recorded_at": self.now,
            "retired_at": END_OF_TIME,
            "status": p.status.value,
            "authority": p.authority.value,
            "confidence": p.confidence,
            "sensitivity": p.sensitivity,
            "review_at": p.review_at,
            "use_count": 0,
            "quote": p.quote,
            "search_text": f"{p.subject} {p.predicate.replace('_', ' ')} {p.object_text}",
        }
        self.change.facts.append(row)
        self.pending.append(row)
        links = support or [{"episode_id": self.episode_id, "role": SupportRole.STATED.value}]
        for link in links:
            self.change.supports.append(
                {
                    "fact_id": row["id"],
                    "episode_id": link["episode_id"],
                    "role": link["role"],
                    "added_at": self.now,
                }
            )
        if audit:
            self.change.audit.append(
                audit_row(
                    self.now,
                    self.actor,
                    "add",
                    target_id=row["id"],
                    after=fact_summary(row),
                    note=reason,
                )
            )
        return str(row["id"])

    def supersede(self, old: Row, new_id_: str, p: Proposal, old_support: list[Row]) -> None:
        before = fact_summary(old)
        resumes = old["valid_until"] > p.valid_until
        closes_at = max(p.valid_from, old["valid_from"])
        closed = self.close(old, closes_at, Status.SUPERSEDED, old_support)
        self.change.supersessions.append(
            {
                "new_id": new_id_,
                "old_id": closed,
                "at": self.now,
                "reason": "new value",
                "previous_until": _until(before),
            }
        )
        self.change.audit.append(
            audit_row(
                self.now,
                self.actor,
                "supersede",
                target_id=old["id"],
                before=before,
                after={
                    "superseded_by": new_id_,
                    "valid_until": closes_at.isoformat(),
                    "version": closed,
                },
            )
        )
        if resumes:
            self._resume(old, before, p, new_id_, old_support)

    def close(self, old: Row, closes_at: datetime, status: Status, support: list[Row]) -> str:
        """End a fact's validity as a new belief, never in place.

        The version believed until now keeps its open validity and is retired now; a new
        version with the closed validity is believed from now on. So "what did we believe
        last week about next month" still has last week's answer. Returns the closed version.
        """
        if any(pending["id"] == old["id"] for pending in self.pending):
            # Written in this same call: never believed before now, so it may change in place.
            self._patch(old, {"valid_until": closes_at, "status": status.value})
            return str(old["id"])
        version = Proposal.of_row(old, valid_until=closes_at, status=status)
        self._patch(old, {"retired_at": self.now, "status": Status.SUPERSEDED.value})
        links = support or [{"episode_id": self.episode_id, "role": SupportRole.STATED.value}]
        closed = self.add(version, "validity closed", support=links, audit=False)
        self.change.supersessions.append(
            {
                "new_id": closed,
                "old_id": old["id"],
                "at": self.now,
                "reason": "revised",
                "previous_until": old["valid_until"],
            }
        )
        return closed

    def _resume(
        self, old: Row, before: Row, p: Proposal, window_id: str, old_support: list[Row]
    ) -> None:
        """After a window ends, the value it interrupted holds again, until it would have."""
        status = Status.CANDIDATE if before["status"] == "candidate" else Status.ACTIVE
        resumed = Proposal.of_row(old, valid_until=_until(before), status=status)
        resumed.valid_from = p.valid_until
        support = old_support or [{"episode_id": self.episode_id, "role": "stated"}]
        resumed_id = self.add(resumed, "resumes after a window", support=support)
        self.change.supersessions.append(
            {
                "new_id": resumed_id,
                "old_id": window_id,
                "at": self.now,
                "reason": "window ended",
                "previous_until": p.valid_until,
            }
        )

    def _retract(self, row: Row, ends_at: datetime | None, support: list[Row]) -> None:
        before = fact_summary(row)
        if ends_at is not None and ends_at < row["valid_until"]:
            # It stopped being true then: a change in the world, kept as history.
            closed = self.close(row, max(ends_at, row["valid_from"]), Status.EXPIRED, support)
            action, note = "end", f"ended by episode {self.episode_id}; version {closed}"
        else:
            self._patch(row, {"retired_at": self.now, "status": Status.RETRACTED.value})
            action, note = "retract", f"corrected by episode {self.episode_id}"
        self.change.audit.append(
            audit_row(self.now, self.actor, action, target_id=row["id"], before=before, note=note)
        )

    def _support(self, row: Row, promote: bool, review_at: datetime) -> None:
        self.change.supports.append(
            {
                "fact_id": row["id"],
                "episode_id": self.episode_id,
                "role": SupportRole.CORROBORATED.value,
                "added_at": self.now,
            }
        )
        if review_at < END_OF_TIME and review_at > row["review_at"]:
            # Restating a time-sensitive fact is a fresh check: its review moves on.
            changes: Row = {"review_at": review_at}
            if row["status"] == Status.NEEDS_REVIEW.value:
                changes["status"] = Status.ACTIVE.value
            self._patch(row, changes)
        if promote:
            before = fact_summary(row)
            self._patch(
                row, {"status": Status.ACTIVE.value, "authority": Authority.CONFIRMED.value}
            )
            self.change.audit.append(
                audit_row(
                    self.now,
                    self.actor,
                    "confirm",
                    target_id=row["id"],
                    before=before,
                    after=fact_summary(row),
                )
            )

    def _patch(self, row: Row, changes: Row) -> None:
        row.update(changes)  # later decisions in the same call see the new state
        for patch in self.change.patches:
            if patch.fact_id == row["id"]:
                patch.changes.update(changes)
                return
        if any(pending["id"] == row["id"] for pending in self.pending):
            return  # created in this change set: the row itself carries the change
        self.change.patches.append(FactPatch(row["id"], dict(changes)))
