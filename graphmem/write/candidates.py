"""Candidates awaiting review: what confirming or rejecting one changes.

Inferred preferences and distilled patterns wait as candidates and never act
as fact. The user decides:

* ``confirm`` makes the statements behind the candidate active, with authority
  ``confirmed``, and — because the user stands behind the value now — states it
  from now on as well. The slot's timeline is derived again, so in a one-valued
  slot the confirmed value takes over from the value it contradicts, as a newer
  confirmed record does in the conflict order (never over a system rule);
* ``reject`` retires it in belief time: no longer believed, still in history.
"""

from __future__ import annotations

from datetime import datetime

from graphmem.errors import InvalidArgument
from graphmem.model import Actor, Authority, Status
from graphmem.records import audit_row, fact_summary, new_id
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, Row, StatementPatch
from graphmem.temporal import END_OF_TIME
from graphmem.write.consolidate import Consolidator
from graphmem.write.slots import SlotState, read_slots, settle_instant
from graphmem.write.timeline import Op


def _check_candidate(row: Row, action: str) -> None:
    if row["status"] != Status.CANDIDATE.value or row["retired_at"] < END_OF_TIME:
        raise InvalidArgument(
            f"fact {row['id']!r} is {row['status']}, not a candidate; only pending candidates "
            f"can be {action}ed"
        )


def _open(store: GraphStore, ns: str, row: Row, now: datetime) -> tuple[SlotState, Consolidator]:
    slot = read_slots(store, ns, [row["slot"]])[row["slot"]]
    change = ChangeSet(namespace=ns, slots={slot.key: slot.version})
    return slot, Consolidator(change, settle_instant([slot], now), actor=Actor.USER)


def _mine(slot: SlotState, row: Row) -> list[Row]:
    ids = set(row.get("statements") or ())
    return [s for s in slot.statements if s["id"] in ids and s["status"] == Status.CANDIDATE.value]


def reject(store: GraphStore, ns: str, row: Row, now: datetime) -> tuple[ChangeSet, Row]:
    _check_candidate(row, "reject")
    slot, consolidator = _open(store, ns, row, now)
    change = consolidator.change
    for statement in _mine(slot, row):
        statement["status"] = "rejected"
        change.statement_patches.append(StatementPatch(statement["id"], {"status": "rejected"}))
    before = fact_summary(row)
    consolidator.settle(slot)
    change.audit.append(
        audit_row(consolidator.now, Actor.USER, "reject", target_id=row["id"], before=before)
    )
    return change, row


def confirm(store: GraphStore, ns: str, row: Row, now: datetime) -> tuple[ChangeSet, Row]:
    _check_candidate(row, "confirm")
    slot, consolidator = _open(store, ns, row, now)
    change, at = consolidator.change, consolidator.now
    mine = _mine(slot, row)
    for statement in mine:
        consolidator.confirm(statement, audit_target=row["id"])
    ids = {s["id"] for s in mine}
    if mine and row["valid_from"] < at < row["valid_until"]:
        # The user stands behind the value now: it holds from now on, ahead of anything said
        # about this slot since the candidate was observed.
        base = mine[-1]
        now_said = {
            **base,
            "id": new_id("st"),
            "op": Op.ASSERT.value,
            "valid_from": at,
            "said_at": at,
            "recorded_at": at,
            "authority": Authority.CONFIRMED.value,
            "status": Status.ACTIVE.value,
            "episodes": [],
        }
        now_said.pop("produced_by", None)
        consolidator.state(now_said)
        slot.statements.append(now_said)
        ids.add(now_said["id"])
    settled = consolidator.settle(slot)
    holding = [p for p in settled.created + settled.kept if ids & set(p.get("statements") or ())]
    if not holding:
        blocked = [
            p
            for p in slot.believed()
            if p["authority"] == Authority.SYSTEM.value
            and p["valid_from"] < row["valid_until"]
            and row["valid_from"] < p["valid_until"]
        ]
        if blocked:
            raise InvalidArgument(
                f"cannot confirm {row['id']!r}: a system rule cannot be overridden from a lower "
                "tier"
            )
    holding.sort(key=lambda p: p["valid_from"])
    return change, (holding[-1] if holding else row)
