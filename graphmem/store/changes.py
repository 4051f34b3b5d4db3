"""What one write does, as data: a :class:`ChangeSet` that a store applies in one
transaction, with the rows it may carry (:data:`REQUIRED`), the labels it may remove
(:data:`LABELS`) and what a patch may change (:data:`PATCHABLE`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from graphmem.errors import InvalidArgument
from graphmem.model import check_namespace

Row = dict[str, Any]

# Property existence cannot be enforced by Neo4j Community, so both stores
# check it here before anything is written.
REQUIRED: dict[str, tuple[str, ...]] = {
    "episode": ("id", "content", "source", "authority", "occurred_at", "recorded_at"),
    "entity": ("id", "name", "key"),
    "fact": (
        "id",
        "subject_key",
        "subject",
        "predicate",
        "object_json",
        "object_text",
        "object_is_entity",
        "kind",
        "scope",
        "valid_from",
        "valid_until",
        "recorded_at",
        "retired_at",
        "status",
        "authority",
        "confidence",
        "sensitivity",
        "review_at",
        "use_count",
        "slot",
        "search_text",
    ),
    "statement": (
        "id",
        "slot",
        "subject",
        "subject_key",
        "predicate",
        "scope",
        "object_json",
        "object_text",
        "kind",
        "cardinality",
        "sensitivity",
        "op",
        "valid_from",
        "valid_until",
        "said_at",
        "recorded_at",
        "authority",
        "status",
        "confidence",
        "review_at",
        "episodes",
    ),
    "support": ("fact_id", "episode_id", "role", "added_at"),
    "supersession": ("old_id", "new_id", "at", "reason", "previous_until"),
    "audit": ("id", "at", "actor", "action"),
    "tombstone": ("id", "digest", "kind", "created_at"),
    "mention": ("episode_id", "entity_key"),
    "checkpoint": ("id", "task", "at", "state_json"),
    "run": ("id", "at", "version", "status", "created_json", "patched_json"),
}

LABELS = (
    "Episode",
    "Entity",
    "Fact",
    "Statement",
    "Slot",
    "AuditEntry",
    "Tombstone",
    "DistillationRun",
    "Checkpoint",
)

# The lifecycle fields a patch may change; everything else about a fact is immutable.
PATCHABLE = frozenset(
    {
        "valid_until",
        "retired_at",
        "status",
        "authority",
        "confidence",
        "review_at",
        "use_count",
        "last_used_at",
        "bad_outcomes",
        "decayed_at",
        "quote",  # only to take forgotten words out of a surviving fact's quote
        "sensitivity",
        "statements",  # the statements a version stands for, as more say the same
    }
)

# What may change about a statement: a candidate confirmed or rejected, words redacted,
# its value merged into a duplicate's (same_as: the value it now counts as), its
# relation learnt to hold one value at a time (graphmem.lifecycle.learn_cardinality).
STATEMENT_PATCHABLE = frozenset(
    {
        "status",
        "authority",
        "quote",
        "object_text",
        "same_as",
        "cardinality",
        "cardinality_from",
        "learnt_at",
    }
)


@dataclass(slots=True)
class FactPatch:
    fact_id: str
    changes: Row


@dataclass(slots=True)
class StatementPatch:
    statement_id: str
    changes: Row


@dataclass(slots=True)
class ChangeSet:
    """Everything one write does, applied by a store in one transaction."""

    namespace: str
    episodes: list[Row] = field(default_factory=list)
    entities: list[Row] = field(default_factory=list)
    mentions: list[Row] = field(default_factory=list)
    facts: list[Row] = field(default_factory=list)
    statements: list[Row] = field(default_factory=list)  # each with its "episodes" (ids)
    statement_patches: list[StatementPatch] = field(default_factory=list)
    supports: list[Row] = field(default_factory=list)
    supersessions: list[Row] = field(default_factory=list)
    patches: list[FactPatch] = field(default_factory=list)
    audit: list[Row] = field(default_factory=list)
    tombstones: list[Row] = field(default_factory=list)
    checkpoints: list[Row] = field(default_factory=list)
    runs: list[Row] = field(default_factory=list)
    run_marks: list[Row] = field(default_factory=list)
    embeddings: dict[str, list[float]] = field(default_factory=dict)
    # Hard deletion (forget): node ids by label, removed with every relationship.
    removals: dict[str, list[str]] = field(default_factory=dict)
    # Episode content rewritten (redaction); nothing else about an episode changes.
    redactions: list[Row] = field(default_factory=list)
    # An episode's keyword context (the words of the turns around it) set again: id,
    # context_text and context_from (ids), both None when no neighbour lends words.
    contexts: list[Row] = field(default_factory=list)
    # Episodes whose extraction was pending (the model failed when they were told) and is
    # now done: id and sensitivity (what the claims found may raise it); the mark goes, in
    # the transaction that writes what was extracted.
    extracted: list[Row] = field(default_factory=list)
    # Audit entries about forgotten records keep action, time and actor, and lose content.
    audit_scrubs: list[str] = field(default_factory=list)
    # Slot key -> the version this write read. The store applies the change only if every
    # slot is still at that version, and moves each one on (optimistic concurrency).
    slots: dict[str, int] = field(default_factory=dict)

    def validate(self) -> None:
        check_namespace(self.namespace)
        for kind, rows in (
            ("episode", self.episodes),
            ("entity", self.entities),
            ("fact", self.facts),
            ("statement", self.statements),
            ("support", self.supports),
            ("supersession", self.supersessions),
            ("audit", self.audit),
            ("tombstone", self.tombstones),
            ("mention", self.mentions),
            ("checkpoint", self.checkpoints),
            ("run", self.runs),
        ):
            for row in rows:
                missing = [key for key in REQUIRED[kind] if row.get(key) is None]
                if missing:
                    # The id only: a row's text has no place in an error message or a log.
                    raise InvalidArgument(
                        f"{kind} row {row.get('id')!r} is missing {', '.join(missing)}"
                    )
        bad_labels = set(self.removals) - set(LABELS)
        if bad_labels:
            raise InvalidArgument(f"cannot remove {sorted(bad_labels)}; labels are {LABELS}")
        for patch in self.patches:
            unknown = set(patch.changes) - PATCHABLE
            if unknown:
                raise InvalidArgument(
                    f"a fact patch may change only {sorted(PATCHABLE)}; got {sorted(unknown)}"
                )
        for statement_patch in self.statement_patches:
            unknown = set(statement_patch.changes) - STATEMENT_PATCHABLE
            if unknown:
                raise InvalidArgument(
                    f"a statement patch may change only {sorted(STATEMENT_PATCHABLE)}; "
                    f"got {sorted(unknown)}"
                )

    def is_empty(self) -> bool:
        return not any(getattr(self, f.name) for f in fields(self) if f.name != "namespace")
