"""Export and import: a namespace as one JSON document.

The document holds every record of the namespace — entities, episodes, the
statements facts are derived from (with the episodes each came from), facts,
support and supersession links, audit entries, tombstones, checkpoints and
distillation runs — with ids and times as they were, so that it re-imports
into an empty namespace with identical as-of answers. Embeddings are not
exported; the importing memory embeds again with its own embedder.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from graphmem.errors import InvalidArgument
from graphmem.records import new_id
from graphmem.store.changes import ChangeSet, Row
from graphmem.write.statements import mentions

_TIMES = frozenset(
    {
        "occurred_at",
        "recorded_at",
        "valid_from",
        "valid_until",
        "retired_at",
        "review_at",
        "last_used_at",
        "added_at",
        "at",
        "created_at",
        "previous_until",
        "rolled_back_at",
        "said_at",
        "decayed_at",
    }
)
_SECTIONS = {
    "entities": "Entity",
    "episodes": "Episode",
    "statements": "Statement",
    "facts": "Fact",
    "audit": "AuditEntry",
    "tombstones": "Tombstone",
    "checkpoints": "Checkpoint",
    "runs": "DistillationRun",
}


class ExportDocument(BaseModel):
    """The export format (version ``graphmem/2``: statements since version 2)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["graphmem/2"] = "graphmem/2"
    namespace: str
    exported_at: AwareDatetime
    entities: list[dict[str, Any]] = Field(default_factory=list)
    episodes: list[dict[str, Any]] = Field(default_factory=list)
    statements: list[dict[str, Any]] = Field(default_factory=list)
    facts: list[dict[str, Any]] = Field(default_factory=list)
    supports: list[dict[str, Any]] = Field(default_factory=list)
    supersessions: list[dict[str, Any]] = Field(default_factory=list)
    audit: list[dict[str, Any]] = Field(default_factory=list)
    tombstones: list[dict[str, Any]] = Field(default_factory=list)
    checkpoints: list[dict[str, Any]] = Field(default_factory=list)
    runs: list[dict[str, Any]] = Field(default_factory=list)


def _out(row: Row) -> dict[str, Any]:
    return {
        k: v.isoformat() if isinstance(v, datetime) else v
        for k, v in row.items()
        if k not in ("namespace", "embedding", "ns_token")
    }


def _in(row: dict[str, Any]) -> Row:
    out: Row = {}
    for key, value in row.items():
        out[key] = _time(key, value) if key in _TIMES and isinstance(value, str) else value
    return out


def _time(key: str, text: str) -> datetime:
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        raise InvalidArgument(f"{key}={text!r} in the import has no timezone")
    return value


def document(namespace: str, rows: dict[str, list[Row]], at: datetime) -> dict[str, Any]:
    sections = {
        section: [_out(r) for r in rows.get(label, [])] for section, label in _SECTIONS.items()
    }
    stated: dict[str, list[str]] = {}
    for link in rows.get("stated", []):
        stated.setdefault(link["statement_id"], []).append(link["episode_id"])
    for statement in sections["statements"]:
        statement["episodes"] = sorted(stated.get(statement["id"], []))
    sections["supports"] = [_out(r) for r in rows.get("supports", [])]
    sections["supersessions"] = [_out(r) for r in rows.get("supersessions", [])]
    doc = ExportDocument(namespace=namespace, exported_at=at, **sections)
    return doc.model_dump(mode="json")


_ID = re.compile(r"\b(?:ep|f|st|ent|aud|tomb|run|ckp)_[0-9a-f]{32}\b")


def renumbered(data: dict[str, Any]) -> dict[str, Any]:
    """The same document with fresh ids (consistently), for a copy beside the original:
    ids are unique in a store, so a second namespace cannot reuse them."""
    fresh: dict[str, str] = {}

    def swap(match: re.Match[str]) -> str:
        old = match.group(0)
        return fresh.setdefault(old, new_id(old.split("_", 1)[0]))

    copied: dict[str, Any] = json.loads(_ID.sub(swap, json.dumps(data)))
    return copied


def change_set(data: dict[str, Any], namespace: str | None) -> tuple[str, ChangeSet]:
    """Parse a document into the one change set that restores it. Into another namespace
    than the exported one, records get fresh ids."""
    if namespace is not None and namespace != data.get("namespace"):
        data = renumbered(data)
    try:
        doc = ExportDocument.model_validate(data)
    except ValueError as exc:
        raise InvalidArgument(f"not a graphmem export document: {exc}") from exc
    ns = namespace or doc.namespace
    supersessions = [_in(r) for r in doc.supersessions]
    for link in supersessions:
        link.setdefault("previous_until", link["at"])
    statements = [{"object_key": None, "episodes": [], **_in(r)} for r in doc.statements]
    # Mentions are not exported: each statement's episodes name its entities again.
    said = {(m["episode_id"], m["entity_key"]) for s in statements for m in mentions(s)}
    change = ChangeSet(
        namespace=ns,
        entities=[_in(r) for r in doc.entities],
        episodes=[_in(r) for r in doc.episodes],
        mentions=[{"episode_id": e, "entity_key": k} for e, k in sorted(said)],
        statements=statements,
        facts=[{"object_key": None, **_in(r)} for r in doc.facts],
        supports=[_in(r) for r in doc.supports],
        supersessions=supersessions,
        audit=[_in(r) for r in doc.audit],
        tombstones=[_in(r) for r in doc.tombstones],
        checkpoints=[_in(r) for r in doc.checkpoints],
        runs=[_in(r) for r in doc.runs],
    )
    return ns, change
