"""Open items on the user's list: ``user todo <item>`` facts, and what closing one means.

A todo is a fact of the ``todo`` relation (many-valued: items never cut each other), so it
has what every fact has — provenance to the episode that told it, history, forgetting with
its source — and no store needs a record type of its own. Its state is its fact's:

* **open**: current — active when the user said it, a candidate when a session summary
  (the agent's account) left it: listed, but it directs nothing until the user takes it up;
* **done**: its validity ended when it was closed (it *was* pending until then);
* **cancelled**: retracted (it is no longer on the list, and never was done).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Literal

from graphmem.errors import InvalidArgument
from graphmem.model import Actor, Claim, Status
from graphmem.records import audit_row
from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME
from graphmem.trust.gate import TODO

TodoState = Literal["open", "done", "cancelled"]
_INSTANT = timedelta(microseconds=1)


def state(row: Row, now: datetime) -> TodoState | None:
    """The todo a fact version stands for, or None for a version a later one replaced."""
    if row["status"] == Status.RETRACTED.value:
        return "cancelled"
    if row["retired_at"] < END_OF_TIME:
        return None  # a revision of belief left this version behind
    if row["valid_until"] <= now or row["status"] == Status.EXPIRED.value:
        return "done"
    return "open" if row["status"] in (Status.ACTIVE.value, Status.CANDIDATE.value) else None


def check_open(row: Row, now: datetime) -> None:
    """Refuse, naming why, a fact that is not an open todo."""
    if row["predicate"] != TODO:
        raise InvalidArgument(
            f"fact {row['id']!r} is not a todo (its relation is {row['predicate']!r})"
        )
    current = state(row, now)
    if current != "open":
        raise InvalidArgument(f"todo {row['id']!r} is not open (it is {current or 'replaced'})")


def closing(row: Row, now: datetime, *, done: bool) -> tuple[list[Claim], Row, datetime]:
    """The user's claim that closes an open todo, the audit entry that says how, and the
    instant at which the list is read to find the version it closed."""
    check_open(row, now)
    # Done: it stops being pending now (an item closed the instant it was opened still held
    # for that instant). Cancelled: it comes off the list as never due.
    ends = max(now, row["valid_from"] + _INSTANT)
    item = Claim(
        row["subject"],
        TODO,
        json.loads(row["object_json"]),
        negated=True,
        valid_from=ends if done else None,
        scope=row["scope"],
    )
    entry = audit_row(
        now,
        Actor.USER,
        "todo done" if done else "todo cancelled",
        target_id=row["id"],
        note="closed by the user" if done else "cancelled by the user",
    )
    return [item], entry, ends
