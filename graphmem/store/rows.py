"""Property rows: how domain records are laid out as node properties.

Both stores persist the same property names, so one mapping serves both. Open
time bounds are stored as the sentinels of ``graphmem.temporal`` and read back
as ``None``.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from graphmem.model import (
    AuditEntry,
    Authority,
    Episode,
    Fact,
    Kind,
    Sensitivity,
    SourceKind,
    Status,
    Support,
    SupportRole,
)
from graphmem.store.changes import Row
from graphmem.temporal import AsOf, shown


def slot_key(subject_key: str, predicate: str, scope: str) -> str:
    """The slot a one-valued predicate fills: (subject, predicate, scope)."""
    return f"{subject_key}\x1f{predicate}\x1f{scope}"


def slot_subject(slot: str) -> str:
    """The subject key a slot key (:func:`slot_key`) begins with."""
    return slot.partition("\x1f")[0]


def slot_node_id(namespace: str, key: str) -> str:
    """The id of a slot's node: the same in both stores, derived from what the slot is."""
    digest = hashlib.sha256(f"{namespace}\x1f{key}".encode()).hexdigest()[:32]
    return f"slot_{digest}"


def _aware(value: Any) -> datetime:
    # The Neo4j driver returns its own DateTime; both stores hand back Python datetimes.
    if isinstance(value, datetime):
        return value
    native: datetime = value.to_native()
    return native


def _shown(value: Any) -> datetime | None:
    return None if value is None else shown(_aware(value))


def status_as_of(row: Row, point: AsOf | None) -> Status:
    """The status a fact had at ``point``: history reads show what was then believed."""
    stored = Status(row["status"])
    if point is None or stored in (Status.CANDIDATE,):
        return stored
    review_at = _aware(row["review_at"])
    if review_at <= point.at and stored in (Status.ACTIVE, Status.NEEDS_REVIEW):
        return Status.NEEDS_REVIEW
    if stored in (Status.SUPERSEDED, Status.RETRACTED, Status.EXPIRED):
        # The fact answered this as-of query, so at that point it was current.
        return Status.ACTIVE
    return stored


def to_fact(row: Row, point: AsOf | None = None) -> Fact:
    return Fact(
        id=row["id"],
        namespace=row["namespace"],
        subject=row["subject"],
        predicate=row["predicate"],
        object=json.loads(row["object_json"]),
        object_is_entity=row["object_is_entity"],
        kind=Kind(row["kind"]),
        scope=row["scope"],
        valid_from=_aware(row["valid_from"]),
        valid_until=_shown(row["valid_until"]),
        recorded_at=_aware(row["recorded_at"]),
        retired_at=_shown(row["retired_at"]),
        status=status_as_of(row, point),
        authority=Authority(row["authority"]),
        confidence=row["confidence"],
        sensitivity=Sensitivity(row["sensitivity"]),
        quote=row.get("quote"),
        review_at=_shown(row["review_at"]),
        use_count=row.get("use_count") or 0,
        last_used_at=_shown(row.get("last_used_at")),
    )


def to_episode(row: Row) -> Episode:
    return Episode(
        id=row["id"],
        namespace=row["namespace"],
        content=row["content"],
        source=SourceKind(row["source"]),
        authority=Authority(row["authority"]),
        occurred_at=_aware(row["occurred_at"]),
        recorded_at=_aware(row["recorded_at"]),
        source_ref=row.get("source_ref"),
        session=row.get("session"),
        redactions=row.get("redactions") or 0,
        sensitivity=Sensitivity(row.get("sensitivity") or "normal"),
        alerts=list(row.get("alerts") or []),
        extraction_pending=row.get("extraction") == "pending",
    )


def to_support(row: Row) -> Support:
    return Support(
        episode_id=row["episode_id"],
        role=SupportRole(row["role"]),
        added_at=_aware(row["added_at"]),
    )


def to_audit(row: Row) -> AuditEntry:
    def load(key: str) -> Any:
        raw = row.get(key)
        return None if raw is None else json.loads(raw)

    return AuditEntry(
        id=row["id"],
        namespace=row["namespace"],
        at=_aware(row["at"]),
        actor=row["actor"],
        action=row["action"],
        target_id=row.get("target_id"),
        before=load("before_json"),
        after=load("after_json"),
        confidence_change=row.get("confidence_change"),
        note=row.get("note"),
    )


# ---- text form -----------------------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"$dt": value.isoformat()}
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def _decode(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and "$dt" in obj:
        return datetime.fromisoformat(obj["$dt"])
    return obj


def dumps(value: Any) -> str:
    """JSON that keeps datetimes (as ``{"$dt": iso}``), for records stored as text."""
    return json.dumps(value, default=_encode, ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> Any:
    return json.loads(text, object_hook=_decode)
