"""Statements: what was said about a slot, kept so that its timeline can be derived again.

A statement is one admitted claim as it was made — an assertion of a value over
a stated interval, an end of a value at an instant, or a retraction of a value —
with who said it (authority), when it was said, and the episodes it came from
(``(:Statement)-[:STATED_IN]->(:Episode)``). Statements are never edited but for
their status (a candidate confirmed or rejected) and for redaction; forgetting
removes them. The facts of a slot are derived from its standing statements
(``graphmem.write.timeline``), so a late statement, a forget or a confirmation re-derives
exactly the slot it touches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from graphmem.model import Authority, Cardinality, Kind, Status
from graphmem.records import new_id
from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME
from graphmem.write.timeline import Op, Said

# A user's statement and a confirmed record share a tier: the newer one wins.
TIERS = {
    Authority.SYSTEM: 4,
    Authority.USER: 3,
    Authority.CONFIRMED: 3,
    Authority.RELAYED: 2,
    Authority.INFERRED: 1,
    Authority.EXTERNAL: 0,
}
# Statuses of a statement that still takes part in its slot's timeline.
STANDING = ("active", "candidate")


def tier(authority: str | Authority) -> int:
    return TIERS[Authority(authority)]


def lane(kind: str | Kind) -> str:
    """One-off events have a timeline of their own beside the standing value."""
    return "event" if Kind(kind) is Kind.EVENT else "main"


@dataclass(slots=True)
class Content:
    """What a statement is about and says, resolved to stored form."""

    subject: str
    subject_key: str
    predicate: str
    scope: str
    slot: str
    object_json: str
    object_text: str
    object_key: str | None
    kind: Kind
    cardinality: Cardinality | None
    sensitivity: str = "normal"
    cardinality_from: str = ""  # what a guessed cardinality rests on (graphmem.write.cardinality)


@dataclass(slots=True)
class Stated:
    """How a statement was made: its interval, authority, status and evidence."""

    op: Op
    valid_from: datetime
    valid_until: datetime
    said_at: datetime
    authority: Authority
    status: Status
    confidence: float
    quote: str | None = None
    review_at: datetime = END_OF_TIME
    episodes: list[str] = field(default_factory=list)
    produced_by: str | None = None


def row(content: Content, stated: Stated, now: datetime) -> Row:
    """The stored form of a statement (its episodes travel as STATED_IN links)."""
    out: Row = {
        "id": new_id("st"),
        "slot": content.slot,
        "subject": content.subject,
        "subject_key": content.subject_key,
        "predicate": content.predicate,
        "scope": content.scope,
        "object_json": content.object_json,
        "object_text": content.object_text,
        "object_key": content.object_key,
        "object_is_entity": content.object_key is not None,
        "kind": content.kind.value,
        "cardinality": "one" if content.cardinality is Cardinality.ONE else "many",
        "sensitivity": content.sensitivity,
        "op": stated.op.value,
        "valid_from": stated.valid_from,
        "valid_until": stated.valid_until,
        "said_at": stated.said_at,
        "recorded_at": now,
        "authority": stated.authority.value,
        "status": stated.status.value,
        "confidence": stated.confidence,
        "quote": stated.quote,
        "review_at": stated.review_at,
        "episodes": list(stated.episodes),
    }
    if stated.produced_by is not None:
        out["produced_by"] = stated.produced_by
    return out


def mentions(statement: Row) -> list[Row]:
    """``(:Episode)-[:MENTIONS]->(:Entity)`` rows: each episode a statement came from names
    its subject, and its object when that is an entity."""
    keys = [statement["subject_key"], statement.get("object_key")]
    return [
        {"episode_id": episode_id, "entity_key": key}
        for episode_id in statement.get("episodes") or ()
        for key in keys
        if key
    ]


def said(statement: Row, aliases: dict[str, str] | None = None) -> Said:
    """A stored statement as the timeline derivation sees it; ``aliases`` (see
    :func:`merged_values`) maps a value merged into another onto the one it joined."""
    value: str = statement["object_json"]
    return Said(
        id=statement["id"],
        op=Op(statement["op"]),
        value=aliases.get(value, value) if aliases else value,
        start=statement["valid_from"],
        until=statement["valid_until"],
        said_at=statement["said_at"],
        tier=tier(statement["authority"]),
        lane=lane(statement["kind"]),
        candidate=statement["status"] == Status.CANDIDATE.value,
    )


def standing(statements: list[Row]) -> list[Row]:
    return [s for s in statements if s["status"] in STANDING]


def live(statements: list[Row]) -> list[Said]:
    """The standing statements of one slot as derivation sees them, merged values joined."""
    aliases = merged_values(statements)
    return [said(s, aliases) for s in standing(statements)]


def merged_values(statements: list[Row]) -> dict[str, str]:
    """Value -> the value it was merged into (``same_as``, set by the monthly review's
    duplicate merge), followed to its end: a merged spelling said again later joins the
    same value, whoever says it and in whatever order the statements arrived. A value whose
    own statements are all gone (forgotten) joins nothing: its duplicates stand alone again."""
    direct = {s["object_json"]: s["same_as"] for s in statements if s.get("same_as")}
    if not direct:  # every write derives its slots: most never had a merge
        return {}
    present = {s["object_json"] for s in statements}
    out: dict[str, str] = {}
    for value, first in direct.items():
        seen = {value}
        target = first
        while target in direct and target not in seen:  # a loop would be a bug: stop at it
            seen.add(target)
            target = direct[target]
        if target != value and target in present:
            out[value] = target
    return out


def one_valued(statements: list[Row]) -> bool:
    """A slot is one-valued when its predicate was one-valued for any of its statements."""
    return any(s.get("cardinality") == "one" for s in statements)
