"""Consolidation: a slot's statements become fact versions — nothing is overwritten in place.

``Consolidator.settle`` derives the slot's timeline from its standing statements
(``graphmem.write.timeline``) and compares it with the fact versions the store
believes now:

* a run that is already believed stays, gaining the support of new statements
  (saying the same thing again adds support, not a copy);
* a run that is new becomes a new fact version, believed from now on, linked
  ``(new)-[:SUPERSEDES {reason: 'new value'}]->(previous)`` to the value it
  follows in a one-valued slot, and ``{reason: 'revised'}`` to the older version
  of the same value it replaces (a value whose validity closed, or reopened);
* a believed version that is no longer a run is retired in belief time — kept
  for "what did we believe then" — unless every statement behind it is being
  forgotten, in which case it is removed with its history.

Only the versions whose interval changed are touched, so a back-dated statement
costs the versions it overlaps, not the slot's history. Every change appends its
audit entry to the same change set, so the store writes facts and audit in one
transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from graphmem.model import Actor, Status, SupportRole
from graphmem.records import audit_row, entity_row, fact_summary, new_id
from graphmem.store.changes import ChangeSet, FactPatch, Row, StatementPatch
from graphmem.temporal import END_OF_TIME
from graphmem.write.predicates import ASKED_AS
from graphmem.write.slots import SlotState, derive_timeline, timeline_of
from graphmem.write.statements import STANDING, TIERS, mentions, one_valued
from graphmem.write.timeline import Ended, Run, cancelled

_SENSITIVITY = ("normal", "personal", "sensitive")
_T = TypeVar("_T")
# Use statistics and feedback belong to the value, not to one version of it.
_CARRIED = ("use_count", "last_used_at", "bad_outcomes", "decayed_at")


def search_text(statement: Row) -> str:
    """A fact's text for keyword and vector search: its triple, and for a built-in relation
    the words a question about it uses (graphmem.write.predicates.ASKED_AS)."""
    predicate = statement["predicate"]
    asked = ASKED_AS.get(predicate)
    said = f"{statement['subject']} {predicate.replace('_', ' ')} {statement['object_text']}"
    return f"{said} ({asked})" if asked else said


@dataclass(slots=True)
class Settled:
    """What settling one slot did."""

    created: list[Row] = field(default_factory=list)
    retired: list[Row] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    kept: list[Row] = field(default_factory=list)


def piece_key(fact: Row) -> tuple[str, datetime, datetime, str, bool]:
    return (
        fact["object_json"],
        fact["valid_from"],
        fact["valid_until"],
        fact.get("lane") or "main",
        is_candidate(fact),
    )


def is_candidate(fact: Row) -> bool:
    """Whether a version stood for an unconfirmed candidate — for good, whatever its status
    became (a rejected candidate is retracted, but was never a fact)."""
    return bool(fact.get("candidate", fact["status"] == Status.CANDIDATE.value))


@dataclass(slots=True)
class Consolidator:
    """Accumulates the change set of one write: statements in, fact versions out."""

    change: ChangeSet
    now: datetime
    actor: Actor = Actor.USER
    _entity_keys: set[str] = field(default_factory=set)
    _mentioned: set[tuple[str, str]] = field(default_factory=set)
    _index: dict[int, tuple[list[Any], dict[str, Any], int]] = field(default_factory=dict)

    def entity(self, name: str, key: str) -> None:
        if key not in self._entity_keys:
            self._entity_keys.add(key)
            self.change.entities.append(entity_row(name, key))

    def state(self, statement: Row) -> None:
        """Record a new statement (and the entities it names)."""
        self.entity(statement["subject"], statement["subject_key"])
        if statement.get("object_key"):
            self.entity(statement["object_text"], statement["object_key"])
        for mention in mentions(statement):
            pair = (mention["episode_id"], mention["entity_key"])
            if pair not in self._mentioned:
                self._mentioned.add(pair)
                self.change.mentions.append(mention)
        self.change.statements.append(statement)

    def confirm(self, statement: Row, *, audit_target: str | None = None) -> None:
        """A candidate statement the user stands behind now takes part in the timeline."""
        changes: Row = {"status": Status.ACTIVE.value, "authority": "confirmed"}
        statement.update(changes)
        pending = next((s for s in self.change.statements if s["id"] == statement["id"]), None)
        if pending is None:
            self.change.statement_patches.append(StatementPatch(statement["id"], changes))
        self._audit(
            "confirm",
            target_id=audit_target or statement["id"],
            after={"status": "active", "authority": "confirmed"},
        )

    def settle(self, slot: SlotState, *, gone: Iterable[str] = ()) -> Settled:
        """Bring the slot's fact versions in line with its statements (minus ``gone``)."""
        removed_statements = set(gone)
        if removed_statements and slot.partial:
            # Forgetting removes every version the gone statements stood behind, history too.
            raise ValueError(f"slot {slot.key!r} was read without its history: cannot forget")
        statements = [s for s in slot.statements if s["id"] not in removed_statements]
        by_id = {s["id"]: s for s in statements}
        if removed_statements:
            live, runs = derive_timeline(statements, one=one_valued(slot.statements))
        else:
            live, runs = timeline_of(slot, statements)
        # Statements that no longer count: rejected, or cancelled by a correction.
        dead = {s["id"] for s in statements if s["status"] not in STANDING} | cancelled(live)
        done = Settled()
        for fact in slot.facts:
            if removed_statements and not set(fact.get("statements") or ()) & set(by_id):
                # Every statement behind it is forgotten (now or before): it goes, history too.
                done.removed.append(fact["id"])
        believed = {piece_key(f): f for f in slot.believed() if f["id"] not in done.removed}
        placed: dict[tuple[str, datetime, datetime, str, bool], Row] = {}
        for run in runs:
            old = believed.pop(run.key, None)
            if old is None:
                placed[run.key] = self._create(slot, run, by_id)
                done.created.append(placed[run.key])
            else:
                self._keep(slot, old, run, by_id)
                placed[run.key] = old
                done.kept.append(old)
        for old in believed.values():
            self._retire(old, dead)
            done.retired.append(old)
        self._link(slot, runs, placed, done, by_id)
        return done

    def merged(self, kept: Row, duplicate: Row, reason: str) -> None:
        """Say that ``duplicate``, retired by the settle before, joined ``kept``: a
        SUPERSEDES link and a ``merge`` audit entry (the monthly review's duplicates)."""
        self._supersedes(kept["id"], duplicate["id"], reason, duplicate["valid_until"])
        self._audit(
            "merge",
            target_id=duplicate["id"],
            before=fact_summary(duplicate),
            after={"merged_into": kept["id"]},
        )

    # ---- versions -----------------------------------------------------------

    def _create(self, slot: SlotState, run: Run, statements: dict[str, Row]) -> Row:
        sources = sorted((statements[i] for i in run.statements), key=_said_order)
        # The words of the value's own latest statement: a merged duplicate's spelling
        # (statements.merged_values) supports the value without renaming it.
        own = [s for s in sources if s["object_json"] == run.value]
        latest = (own or sources)[-1]
        previous = _carried_from(slot, run)
        row: Row = {
            "id": new_id("f"),
            "subject": latest["subject"],
            "subject_key": latest["subject_key"],
            "predicate": latest["predicate"],
            "object_json": run.value,
            "object_text": latest["object_text"],
            "object_key": latest.get("object_key"),
            "object_is_entity": latest.get("object_key") is not None,
            "kind": sources[0]["kind"],
            "lane": run.lane,
            "candidate": run.candidate,
            "scope": latest["scope"],
            "slot": slot.key,
            "valid_from": run.start,
            "valid_until": run.until,
            "recorded_at": self.now,
            "retired_at": END_OF_TIME,
            "status": self._status(run),
            "use_count": 0,
            "search_text": search_text(latest),
            "statements": list(run.statements),
            **_attributes(sources),
        }
        for key in _CARRIED:
            if previous is not None and previous.get(key) is not None:
                row[key] = previous[key]
        if previous is not None and previous.get("decayed_at") is not None:
            row["confidence"] = min(row["confidence"], previous["confidence"])
        produced = [s["produced_by"] for s in sources if s.get("produced_by")]
        if produced:
            row["produced_by"] = produced[0]
        self.entity(row["subject"], row["subject_key"])
        if row["object_key"] is not None:
            self.entity(row["object_text"], row["object_key"])
        self.change.facts.append(row)
        seen: set[str] = set()
        for i, statement in enumerate(sources):
            role = SupportRole.STATED if i == 0 else SupportRole.CORROBORATED
            for episode in statement.get("episodes") or ():
                if episode not in seen:
                    seen.add(episode)
                    self._support(row["id"], episode, role)
        return row

    def _keep(self, slot: SlotState, old: Row, run: Run, statements: dict[str, Row]) -> None:
        sources = sorted((statements[i] for i in run.statements), key=_said_order)
        changes: Row = {}
        if sorted(old.get("statements") or ()) != list(run.statements):
            changes["statements"] = list(run.statements)
        for key, value in _attributes(sources).items():
            if key == "confidence" and old.get("decayed_at") is not None:
                continue  # decay is the lifecycle's call, not the statements'
            if old.get(key) != value:
                changes[key] = value
        status = self._status(run)
        lifecycle = status == Status.ACTIVE.value and old["status"] in ("needs_review", "expired")
        if status != old["status"] and not lifecycle:
            changes["status"] = status
        if (
            old["status"] == Status.NEEDS_REVIEW.value
            and changes.get("review_at", self.now) > self.now
        ):
            changes["status"] = Status.ACTIVE.value  # restating a fact is a fresh check
        if changes:
            self._patch(old, changes)
        linked = {link["episode_id"] for link in slot.support.get(old["id"], [])}
        for statement in sources:
            for episode in statement.get("episodes") or ():
                if episode not in linked:
                    linked.add(episode)
                    self._support(old["id"], episode, SupportRole.CORROBORATED)

    def _retire(self, old: Row, dead: set[str]) -> None:
        owned = set(old.get("statements") or ())
        retracted = bool(owned) and owned <= dead
        if retracted:
            status = Status.RETRACTED.value
        elif is_candidate(old):
            status = Status.CANDIDATE.value  # still a candidate, in a wider version now
        else:
            status = Status.SUPERSEDED.value
        self._patch(old, {"retired_at": self.now, "status": status})
        if retracted:
            self._audit(
                "retract",
                target_id=old["id"],
                before=fact_summary(old),
                note="no longer believed: corrected or rejected",
            )

    def _link(
        self,
        slot: SlotState,
        runs: list[Run],
        placed: dict[tuple[str, datetime, datetime, str, bool], Row],
        done: Settled,
        statements: dict[str, Row],
    ) -> None:
        """SUPERSEDES links and audit entries that explain each new version."""
        created = {row["id"] for row in done.created}
        ordered = [r for r in runs if not r.candidate]
        for run in runs:  # every write is audited: a candidate too, as what it proposes
            row = placed[run.key]
            if run.candidate and row["id"] in created:
                self._audit(
                    "propose",
                    target_id=row["id"],
                    after=fact_summary(row),
                    note="a candidate: it waits for the user's confirmation",
                )
        one = one_valued(slot.statements)
        previous_by_lane: dict[str, Row] = {}
        for run in ordered:
            row = placed[run.key]
            before = previous_by_lane.get(run.lane)
            previous_by_lane[run.lane] = row
            revised = [
                old
                for old in done.retired
                if row["id"] in created
                and old["object_json"] == run.value
                and (old.get("lane") or "main") == run.lane
                and old["valid_from"] < run.until
                and run.start < old["valid_until"]
            ]
            for old in revised:
                self._supersedes(row["id"], old["id"], "revised", old["valid_until"])
            # Link a value to the one it follows when either is new — unless this version only
            # revises an older version of its value, which already carries that link.
            follows = (
                one
                and before is not None
                and before["valid_until"] == run.start
                and before["object_json"] != run.value
                and (before["id"] in created or (row["id"] in created and not revised))
            )
            if follows and before is not None:
                self._supersedes(
                    row["id"], before["id"], _reason(before, run, statements), before["valid_until"]
                )
            if row["id"] not in created:
                continue
            after = next(
                (
                    placed[r.key]
                    for r in ordered
                    if r.lane == run.lane and r.start == run.until and r.key != run.key
                ),
                None,
            )
            self._explain(row, revised, after)
        for old in done.retired:
            if old["status"] != Status.SUPERSEDED.value:
                continue
            replaced = any(row["object_json"] == old["object_json"] for row in done.created)
            if not replaced:
                self._audit(
                    "supersede",
                    target_id=old["id"],
                    before=fact_summary(old),
                    note="overruled: no longer part of the slot's timeline",
                )

    def _explain(self, row: Row, revised: list[Row], after: Row | None) -> None:
        """The audit entry of a new version: an addition, or what happened to the old one."""
        if not revised:
            self._audit("add", target_id=row["id"], after=fact_summary(row))
            return
        old = revised[0]
        closed = row["valid_until"] < old["valid_until"]
        if closed and row["status"] == Status.SUPERSEDED.value and after is not None:
            action = "supersede"
            note: Row = {"superseded_by": after["id"]}
        elif closed and row["status"] == Status.EXPIRED.value:
            action, note = "end", {}
        else:
            action, note = "revise", {}
        self._audit(
            action,
            target_id=old["id"],
            before=fact_summary(old),
            after={
                **note,
                "valid_from": fact_summary(row)["valid_from"],
                "valid_until": fact_summary(row)["valid_until"],
                "version": row["id"],
            },
        )

    def _status(self, run: Run) -> str:
        if run.candidate:
            return Status.CANDIDATE.value
        if run.ended is Ended.SUPERSEDED:
            return Status.SUPERSEDED.value
        if run.ended is Ended.EXPIRED:
            return Status.EXPIRED.value
        return Status.ACTIVE.value

    # ---- rows ---------------------------------------------------------------

    def _audit(self, action: str, **fields: Any) -> None:
        """One audit entry of this change, stamped with its time and actor."""
        self.change.audit.append(audit_row(self.now, self.actor, action, **fields))

    def _support(self, fact_id: str, episode_id: str, role: SupportRole) -> None:
        self.change.supports.append(
            {"fact_id": fact_id, "episode_id": episode_id, "role": role.value, "added_at": self.now}
        )

    def _supersedes(self, new: str, old: str, reason: str, previous_until: datetime) -> None:
        self.change.supersessions.append(
            {
                "new_id": new,
                "old_id": old,
                "at": self.now,
                "reason": reason,
                "previous_until": previous_until,
            }
        )

    def _patch(self, row: Row, changes: Row) -> None:
        row.update(changes)  # later steps of the same write see the new state
        if row["id"] in self._ids(self.change.facts, lambda fact: fact["id"]):
            return  # created in this change set: the row itself carries the change
        patches = self._ids(self.change.patches, lambda patch: patch.fact_id)
        if row["id"] in patches:
            patches[row["id"]].changes.update(changes)
            return
        self.change.patches.append(FactPatch(row["id"], dict(changes)))

    def _ids(self, items: list[_T], id_of: Callable[[_T], str]) -> dict[str, _T]:
        """``items`` by id (the first of each), kept beside the list as it grows: a write of
        n claims patches in n lookups, not n² comparisons."""
        known = self._index.get(id(items))
        if known is None or known[0] is not items or known[2] > len(items):
            known = (items, {}, 0)
        by_id = known[1]
        for item in items[known[2] :]:
            by_id.setdefault(id_of(item), item)
        self._index[id(items)] = (items, by_id, len(items))
        return by_id


def _reason(before: Row, run: Run, statements: dict[str, Row]) -> str:
    """A window that ran its course hands the slot back; anything else is a new value."""
    stated_end = max(
        (statements[i]["valid_until"] for i in before.get("statements") or () if i in statements),
        default=END_OF_TIME,
    )
    return "window ended" if stated_end == run.start else "new value"


def _said_order(statement: Row) -> tuple[datetime, datetime, str]:
    return (statement["said_at"], statement["recorded_at"], statement["id"])


def _attributes(sources: list[Row]) -> Row:
    """What a version takes from the statements behind it, the same whatever their order."""
    top = max(sources, key=lambda s: (TIERS_OF[s["authority"]], _said_order(s)))
    quoted = [s for s in sources if s.get("quote")]
    return {
        "authority": top["authority"],
        "confidence": max(s["confidence"] for s in sources),
        "quote": quoted[-1]["quote"] if quoted else None,
        "review_at": max(s["review_at"] for s in sources),
        "sensitivity": max((s["sensitivity"] for s in sources), key=_SENSITIVITY.index),
    }


TIERS_OF = {authority.value: rank for authority, rank in TIERS.items()}


def _carried_from(slot: SlotState, run: Run) -> Row | None:
    """The believed version of the same value this run replaces, if any."""
    for fact in slot.believed():
        if (
            fact["object_json"] == run.value
            and (fact.get("lane") or "main") == run.lane
            and fact["valid_from"] < run.until
            and run.start < fact["valid_until"]
        ):
            return fact
    return None
