"""A user's edit of a stored fact: a new statement that supersedes it, never an overwrite.

``Memory.revise`` turns "that's wrong, it's X now" into two claims told by the user in one
write: the old value ends (from ``valid_from``; or, for a correction, it is retracted: it was
never right) and the new value holds from then. Both go through the gate, the decisions and
consolidation like any other statement, so the old value stays in the history, a one-valued
slot keeps one value at every instant, and a candidate that the user edits is replaced
rather than confirmed. One transaction holds the whole edit and its audit: an ``edit``
entry on the old fact (what it was, when the edit takes effect) beside the write's own
``end``/``retract`` and ``add`` entries, which carry the new value on the new fact (each is
scrubbed with the fact it names when that is forgotten).
"""

from __future__ import annotations

import json
from datetime import datetime

from pydantic import JsonValue

from graphmem.model import Actor, Claim, Status, render_value
from graphmem.records import audit_row, fact_summary
from graphmem.store.changes import Row


def claims(
    row: Row, value: JsonValue, *, valid_from: datetime, correction: bool, scope: str
) -> list[Claim]:
    """The old value's end (or retraction) and the new value, as the user's claims."""
    shared = {"kind": row["kind"], "scope": scope}
    # A candidate was never believed: it has no validity to end, it is replaced.
    retract = correction or row["status"] == Status.CANDIDATE.value
    ended = Claim(
        row["subject"],
        row["predicate"],
        json.loads(row["object_json"]),
        negated=True,
        valid_from=None if retract else valid_from,
        scope=row["scope"],
        kind=row["kind"],
    )
    return [ended, Claim(row["subject"], row["predicate"], value, valid_from=valid_from, **shared)]


def describe(row: Row, value: JsonValue, valid_from: datetime, *, correction: bool) -> str:
    """The edit in one line, to show the user before it is applied."""
    when = "corrected (never held)" if correction else f"from {valid_from.date().isoformat()}"
    return (
        f"{row['subject']} {row['predicate']}: {row['object_text']} -> {render_value(value)} {when}"
    )


def audit_entry(row: Row, valid_from: datetime, now: datetime, *, correction: bool) -> Row:
    return audit_row(
        now,
        Actor.USER,
        "edit",
        target_id=row["id"],
        before=fact_summary(row),
        after={
            "valid_from": None if correction else valid_from.isoformat(),
            "correction": correction,
        },
        note="the user's edit",
    )
