"""Builders for the property rows a change set carries (see ``graphmem.store.rows``)."""

from __future__ import annotations

import os
import time
from datetime import datetime
from typing import Any

from graphmem.model import Actor, canonical_json
from graphmem.store.changes import Row
from graphmem.temporal import shown
from graphmem.trust.secrets import redact, redact_strings


def new_id(prefix: str) -> str:
    # Time first, so that records written in the same instant still sort in write order;
    # then 64 random bits (os.urandom: a write makes thousands of ids, and uuid4 costs twice).
    return f"{prefix}_{time.time_ns():016x}{os.urandom(8).hex()}"


def entity_row(name: str, key: str) -> Row:
    return {"id": new_id("ent"), "name": name, "key": key}


def audit_row(
    at: datetime,
    actor: Actor,
    action: str,
    *,
    target_id: str | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    confidence_change: float | None = None,
    note: str | None = None,
) -> Row:
    return {
        "id": new_id("aud"),
        "at": at,
        "actor": actor.value,
        "action": action,
        "target_id": target_id,
        # The audit outlives what it describes: no secret may ride in on a before/after/note.
        "before_json": None if before is None else canonical_json(redact_strings(before)),
        "after_json": None if after is None else canonical_json(redact_strings(after)),
        "confidence_change": confidence_change,
        "note": None if note is None else redact(note, judge=False).text,  # as redact_strings
    }


def _iso(value: datetime) -> str | None:
    shown_value = shown(value)
    return None if shown_value is None else shown_value.isoformat()


def fact_summary(row: Row) -> dict[str, Any]:
    """What an audit entry records about a fact (content-bearing: scrubbed on forget)."""
    return {
        "subject": row["subject"],
        "predicate": row["predicate"],
        "object": row["object_text"],
        "scope": row["scope"],
        "status": row["status"],
        "valid_from": _iso(row["valid_from"]),
        "valid_until": _iso(row["valid_until"]),
        "authority": row["authority"],
        "confidence": row["confidence"],
    }
