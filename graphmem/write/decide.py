"""Decide what an admitted claim says about its slot — rules first.

A decision turns a claim into statements (``graphmem.write.statements``) and names the
operation it amounts to for the caller (ADD, UPDATE, DELETE or NOOP). The rules
decide everything they can without a model:

* a correction (a negated claim without a date) retracts its value: DELETE;
  a negated claim with a date ends its value then ("I moved out in May"): DELETE;
  a negation of any value ("I disconnected Slack") does so for each value the slot holds;
* the same value already believed over the claim's interval adds support: NOOP
  (an explicit statement of a pending candidate confirms it);
* an inferred claim waits beside the record as a candidate: ADD;
* otherwise the claim is asserted, and the slot's timeline is derived again
  (``graphmem.write.timeline``): where it changes another value, that is an UPDATE;
* authority: a statement that would only be hidden behind a higher tier's value
  is refused (with an alert when that value is a system rule), and nobody
  retracts or ends a record of a tier above their own. The timeline itself
  never lets a lower tier outrank a higher one, whatever the arrival order.

Only a claim whose predicate is unknown and whose slot holds other values is
left undecided (``None``): the write path asks a model, or keeps it beside.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from graphmem.model import Authority, Cardinality, Kind, Status
from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME
from graphmem.write import governs
from graphmem.write.slots import SlotState, timeline_of
from graphmem.write.statements import Content, Stated, lane, row, standing, tier
from graphmem.write.timeline import Op, Run


class OpKind(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    NOOP = "NOOP"


@dataclass(slots=True)
class Proposal:
    """An admitted claim, resolved to the values it would be stored with."""

    content: Content
    authority: Authority
    status: Status
    confidence: float
    valid_from: datetime
    valid_until: datetime
    said_at: datetime
    negated: bool = False
    any_value: bool = False  # negates whatever the slot holds (Claim.any_value)
    quote: str | None = None
    review_at: datetime = END_OF_TIME
    # A negation with a date ("I no longer live in Austin", "I moved out in May") is a change
    # in the world: validity ends then. Without one it is a correction: belief retires.
    ends_at: datetime | None = None

    @property
    def slot(self) -> str:
        return self.content.slot

    @property
    def value(self) -> str:
        return self.content.object_json

    @property
    def cardinality(self) -> Cardinality | None:
        return self.content.cardinality

    def statement(self, op: Op, now: datetime, episodes: list[str], **changes: object) -> Row:
        stated = Stated(
            op=op,
            valid_from=self.valid_from,
            valid_until=self.valid_until,
            said_at=self.said_at,
            authority=self.authority,
            status=self.status,
            confidence=self.confidence,
            quote=self.quote,
            review_at=self.review_at,
            episodes=episodes,
        )
        for key, value in changes.items():
            setattr(stated, key, value)
        return row(self.content, stated, now)


@dataclass(slots=True)
class Decision:
    op: OpKind
    proposal: Proposal
    reason: str
    targets: list[Row] = field(default_factory=list)
    statements: list[Row] = field(default_factory=list)
    promote: list[Row] = field(default_factory=list)  # candidate statements now confirmed
    refused: bool = False
    alert: bool = False


def _overlaps(fact: Row, p: Proposal) -> bool:
    return bool(fact["valid_from"] < p.valid_until and p.valid_from < fact["valid_until"])


def decide_by_rules(
    p: Proposal, slot: SlotState, now: datetime, episodes: list[str]
) -> Decision | None:
    """The rule-based decision for ``p`` against its slot, or None to ask a model."""
    if p.negated:
        return _negation(p, slot, now, episodes)
    believed = [f for f in slot.believed() if f["status"] != Status.CANDIDATE.value]
    same = [f for f in believed if f["object_json"] == p.value and _overlaps(f, p)]
    if p.status is Status.CANDIDATE:
        if same:
            return Decision(OpKind.NOOP, p, "already known", targets=same)
        statement = p.statement(Op.ASSERT, now, episodes)
        return Decision(
            OpKind.ADD,
            p,
            f"{p.authority.value}: waits as a candidate beside the record until the user "
            "confirms it",
            statements=[statement],
        )
    others = [f for f in believed if f["object_json"] != p.value and _overlaps(f, p)]
    replaced = _same_subject(p, others)
    if replaced:
        decision = from_model(p, OpKind.UPDATE, replaced, slot=slot, now=now, episodes=episodes)
        if decision.op is OpKind.UPDATE:
            earlier = "; ".join(str(f.get("object_text") or "") for f in replaced)
            decision.reason = (
                f"replaces an earlier {p.content.predicate} about the same thing ({earlier})"
            )
        return decision
    if p.cardinality is None and others and lane(p.content.kind) == "main":
        return None
    return assert_value(p, slot, now, episodes)


def _same_subject(p: Proposal, others: list[Row]) -> list[Row]:
    """The rules or preferences ``p`` restates with one part changed
    (graphmem.write.governs), when its predicate holds rules and preferences."""
    if p.content.predicate not in governs.GOVERNING or p.cardinality is Cardinality.ONE:
        return []
    return [
        f
        for f in others
        if governs.same_subject(str(f.get("object_text") or ""), p.content.object_text)
    ]


def assert_value(p: Proposal, slot: SlotState, now: datetime, episodes: list[str]) -> Decision:
    """Assert ``p``'s value over its interval and report what that changes."""
    statement = p.statement(Op.ASSERT, now, episodes)
    _, after = timeline_of(slot, [*slot.statements, statement])
    believed = [f for f in slot.believed() if f["status"] != Status.CANDIDATE.value]
    promote = [
        s
        for s in slot.statements
        if s["status"] == Status.CANDIDATE.value and s["object_json"] == p.value
    ]
    mine = [r for r in after if statement["id"] in r.statements]
    if not mine:
        hiding = [
            r
            for r in after
            if not r.candidate
            and r.tier > tier(p.authority)
            and r.value != p.value
            and r.start < p.valid_until
            and p.valid_from < r.until
        ]
        if hiding:
            top = max(hiding, key=lambda r: r.tier)
            held = _authority_of(top, slot.statements)
            if held is Authority.SYSTEM:
                reason = "a system rule cannot be overridden from a lower tier"
                return Decision(OpKind.NOOP, p, reason, refused=True, alert=True)
            reason = f"{p.authority.value} content does not outrank a {held.value} record"
            return Decision(OpKind.NOOP, p, reason, refused=True)
    kept = {r.key for r in after}
    changed = [
        f
        for f in believed
        if f["object_json"] != p.value
        and (f["object_json"], f["valid_from"], f["valid_until"], f.get("lane") or "main", False)
        not in kept
    ]
    if changed and lane(p.content.kind) == "main":
        return Decision(
            OpKind.UPDATE,
            p,
            "a new value for a one-valued slot"
            + (
                f" ({p.content.predicate}: {p.content.cardinality_from}; "
                "define_predicate changes that)"
                if p.content.cardinality_from
                else ""
            ),
            targets=changed,
            statements=[statement],
            promote=promote,
        )
    same = [f for f in believed if f["object_json"] == p.value and _overlaps(f, p)]
    if same:
        reason = "confirms a pending candidate" if promote else "already known: adds support"
        return Decision(
            OpKind.NOOP, p, reason, targets=same, statements=[statement], promote=promote
        )
    # The slot's timeline before this claim is derived only when an event needs it.
    if lane(p.content.kind) == "event" and any(
        r.lane == "main" and not r.candidate for r in timeline_of(slot, slot.statements)[1]
    ):
        reason = "a one-off event; the standing rule stays"
    else:
        reason = "new information"
    return Decision(OpKind.ADD, p, reason, statements=[statement], promote=promote)


def _negation(p: Proposal, slot: SlotState, now: datetime, episodes: list[str]) -> Decision:
    if p.any_value:
        return _negate_each_value(p, slot, now, episodes)
    asserts = [
        s
        for s in standing(slot.statements)
        if s["op"] == Op.ASSERT.value and s["object_json"] == p.value
    ]
    if p.ends_at is None:
        asserts = [s for s in asserts if s["said_at"] <= p.said_at]
    refusal = _outranked(p, asserts, "retract" if p.ends_at is None else "end")
    if refusal is not None:
        return refusal
    believed = [f for f in slot.believed() if f["object_json"] == p.value]
    if p.ends_at is None:
        statement = p.statement(Op.RETRACT, now, episodes, valid_from=p.said_at)
        targets = believed
        done, idle = "corrected: no longer believed", "nothing believed to retract"
    else:
        statement = p.statement(Op.END, now, episodes, valid_from=p.ends_at)
        targets = [f for f in believed if f["valid_until"] > p.ends_at]
        done, idle = f"ended at {p.ends_at.isoformat()}", "nothing believed to end"
    if not targets:
        # Kept all the same: it still applies to statements that arrive later.
        return Decision(OpKind.NOOP, p, idle, statements=[statement])
    return Decision(OpKind.DELETE, p, done, targets=targets, statements=[statement])


def _negate_each_value(
    p: Proposal, slot: SlotState, now: datetime, episodes: list[str]
) -> Decision:
    """A negation whose speaker did not name the value: each value the slot holds at its
    instant (or, for a correction, each believed) is negated as if named. Its statements
    carry those values, so the slot's timeline is derived as for any other negation."""
    held = [
        f
        for f in slot.believed()
        if f["status"] != Status.CANDIDATE.value
        and (p.ends_at is None or f["valid_from"] <= p.ends_at < f["valid_until"])
    ]
    if not held:
        return Decision(OpKind.NOOP, p, "nothing held to end")
    decisions = []
    for target in _one_per_value(held):
        named = _with_value(p, target, ends_at=p.ends_at)
        named.status = p.status  # a negation that waits for the user still waits
        decisions.append(_negation(named, slot, now, episodes))
    refused = next((d for d in decisions if d.refused), None)
    if refused is not None:
        return refused
    done = [d for d in decisions if d.op is OpKind.DELETE]
    statements = [s for d in decisions for s in d.statements]
    if not done:
        return Decision(OpKind.NOOP, p, decisions[0].reason, statements=statements)
    targets = [t for d in done for t in d.targets]
    return Decision(OpKind.DELETE, p, done[0].reason, targets=targets, statements=statements)


def _outranked(p: Proposal, asserts: list[Row], action: str) -> Decision | None:
    above = [s for s in asserts if tier(s["authority"]) > tier(p.authority)]
    if not above:
        return None
    held = max((Authority(s["authority"]) for s in above), key=lambda a: a.rank)
    if held is Authority.SYSTEM:
        verb = "retracted" if action == "retract" else "ended"
        reason = f"a system rule cannot be {verb} from a lower tier"
        return Decision(OpKind.NOOP, p, reason, refused=True, alert=True)
    return Decision(
        OpKind.NOOP, p, f"{p.authority.value} cannot {action} a {held.value} record", refused=True
    )


def _authority_of(run: Run, statements: list[Row]) -> Authority:
    by_id = {s["id"]: s for s in statements}
    return max(
        (Authority(by_id[i]["authority"]) for i in run.statements if i in by_id),
        key=lambda a: a.rank,
        default=Authority.USER,
    )


def from_model(
    p: Proposal,
    op: OpKind,
    targets: list[Row],
    *,
    slot: SlotState,
    now: datetime,
    episodes: list[str],
) -> Decision:
    """A model's answer for an undecided claim, as statements, re-checked by the rules."""
    if op is OpKind.DELETE:
        if not targets:
            return Decision(OpKind.NOOP, p, "the model named nothing to retract")
        values = {t["object_json"] for t in targets}
        decisions = [
            _negation(_with_value(p, t), slot, now, episodes) for t in _one_per_value(targets)
        ]
        refused = next((d for d in decisions if d.refused), None)
        if refused is not None:
            return refused
        statements = [s for d in decisions for s in d.statements]
        return Decision(OpKind.DELETE, p, f"retracted {len(values)} value(s)", targets, statements)
    decision = assert_value(p, slot, now, episodes)
    if op is not OpKind.UPDATE or decision.refused:
        return decision
    ends = []
    for target in _one_per_value(targets):
        if tier(target["authority"]) > tier(p.authority):
            return Decision(
                OpKind.NOOP,
                p,
                f"{p.authority.value} content does not outrank a {target['authority']} record",
                refused=True,
                alert=target["authority"] == Authority.SYSTEM.value,
            )
        ended = _with_value(p, target)
        ends.append(ended.statement(Op.END, now, episodes, valid_from=p.valid_from))
    decision.statements += ends
    decision.op, decision.targets = OpKind.UPDATE, targets
    return decision


def _one_per_value(targets: list[Row]) -> list[Row]:
    return list({t["object_json"]: t for t in targets}.values())


def _with_value(p: Proposal, target: Row, *, ends_at: datetime | None = None) -> Proposal:
    content = Content(
        subject=p.content.subject,
        subject_key=p.content.subject_key,
        predicate=p.content.predicate,
        scope=p.content.scope,
        slot=p.content.slot,
        object_json=target["object_json"],
        object_text=target["object_text"],
        object_key=target.get("object_key"),
        kind=Kind(target["kind"]),
        cardinality=p.content.cardinality,
        sensitivity=target["sensitivity"],
    )
    return Proposal(
        content=content,
        authority=p.authority,
        status=Status.ACTIVE,
        confidence=p.confidence,
        valid_from=p.valid_from,
        valid_until=p.valid_until,
        said_at=p.said_at,
        negated=True,
        quote=p.quote,
        ends_at=ends_at,
    )
