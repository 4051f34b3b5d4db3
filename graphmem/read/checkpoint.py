"""Checkpoints: the progress of a long task, stored so that it survives context compaction.

A checkpoint records what an agent would need to pick a task up again with an
empty context: the last step that succeeded, the outputs so far, the decisions
still pending and the next safe action. ``save`` writes one ``Checkpoint`` node
and its audit entry in one transaction; ``latest`` and ``history`` read them
back, newest first::

    saved = save(store, "maya", CheckpointInput(task="trip", last_success="booked flight",
                                                next_action="book hotel"), at)
    latest(store, "maya", "trip") == saved

Secrets are never stored: the state's JSON text passes through
:func:`graphmem.trust.redact.redact` before it is written, as episode content does.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from pydantic import AwareDatetime, Field, JsonValue, ValidationError, field_validator

from graphmem import arguments
from graphmem.arguments import shown
from graphmem.errors import InvalidArgument
from graphmem.model import Actor, Model, canonical_json, check_namespace
from graphmem.records import audit_row, new_id
from graphmem.store.base import GraphStore
from graphmem.store.changes import ChangeSet, Row
from graphmem.temporal import utc
from graphmem.trust.redact import redact

MAX_TASK = 200
MAX_STATE_CHARS = 1_000_000
HISTORY_LIMIT = 10
# The state fields kept in ``state_json``; the rest of a checkpoint are node properties.
_STATE_FIELDS = ("goal", "last_success", "outputs", "pending", "next_action")


def check_task(task: str) -> str:
    """A task name is how a checkpoint is found again: non-empty, at most 200 characters."""
    if not isinstance(task, str) or not task.strip() or len(task) > MAX_TASK:
        raise InvalidArgument(
            f"task={shown(task)} is not usable: name the task with 1-{MAX_TASK} characters, "
            "for example 'plan-denver-trip'"
        )
    return task


class CheckpointInput(Model):
    """What a caller saves: the progress of ``task`` at this point."""

    task: str
    last_success: str | None = Field(None, description="the last step that succeeded")
    outputs: dict[str, JsonValue] = Field(default_factory=dict)
    pending: list[str] = Field(default_factory=list, description="decisions still open")
    next_action: str = Field(description="the next step that is safe to take on resuming")
    goal: str | None = None
    session: str | None = Field(None, description="the session that saved it")

    @field_validator("task")
    @classmethod
    def _task(cls, value: str) -> str:
        return check_task(value)

    @classmethod
    def of(cls, **fields: Any) -> CheckpointInput:
        """Validate keyword arguments, raising ``InvalidArgument`` that names the bad field."""
        try:
            made = cls(**fields)
        except ValidationError as exc:
            raise InvalidArgument(
                f"invalid checkpoint for task {shown(fields.get('task'))}: {exc}"
            ) from exc
        # The same limits as an episode's text: a checkpoint is progress, not a document.
        text = canonical_json(made.model_dump(mode="json"), "checkpoint state")
        if "\\u0000" in text:
            raise InvalidArgument("the checkpoint state contains a NUL character; remove it")
        arguments.text(text, "the checkpoint state as JSON", max_chars=MAX_STATE_CHARS)
        return made


class Checkpoint(Model):
    """A saved checkpoint. ``redactions`` counts the secrets removed before it was stored."""

    id: str
    task: str
    at: AwareDatetime
    last_success: str | None = None
    outputs: dict[str, JsonValue] = Field(default_factory=dict)
    pending: list[str] = Field(default_factory=list)
    next_action: str
    goal: str | None = None
    session: str | None = None
    redactions: int = 0


def save(
    store: GraphStore, namespace: str, checkpoint: CheckpointInput, at: datetime
) -> Checkpoint:
    """Store ``checkpoint`` (secrets redacted) with its audit entry, in one transaction."""
    ns = check_namespace(namespace)
    at = _after_latest(store, ns, checkpoint.task, utc(at, "at"))
    state, redactions = _redacted_state(checkpoint.model_dump(include=set(_STATE_FIELDS)))
    row: Row = {
        "id": new_id("ckp"),
        "task": checkpoint.task,
        "at": at,
        "state_json": canonical_json(state, "checkpoint state"),
        "session": checkpoint.session,
        "redactions": redactions,
    }
    change = ChangeSet(namespace=ns, checkpoints=[row])
    change.audit.append(
        audit_row(
            at,
            Actor.AGENT,
            "checkpoint",
            target_id=row["id"],
            after={"task": checkpoint.task, "session": checkpoint.session},
        )
    )
    store.apply(change)
    return _to_checkpoint(row)


def latest(store: GraphStore, namespace: str, task: str) -> Checkpoint | None:
    """The task's newest checkpoint, or None when it has none."""
    rows = store.checkpoints(check_namespace(namespace), check_task(task), 1)
    return _to_checkpoint(rows[0]) if rows else None


def history(
    store: GraphStore, namespace: str, task: str, limit: int = HISTORY_LIMIT
) -> list[Checkpoint]:
    """The task's checkpoints, newest first, at most ``limit``."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InvalidArgument(f"limit={limit!r} is not usable: pass a positive integer")
    rows = store.checkpoints(check_namespace(namespace), check_task(task), limit)
    return [_to_checkpoint(row) for row in rows]


def _after_latest(store: GraphStore, ns: str, task: str, at: datetime) -> datetime:
    # Stores order a task's checkpoints by time; two saved within one clock tick (or
    # under a clock that went back) would come back in an arbitrary order, so each
    # new one is placed just after the newest already stored.
    rows = store.checkpoints(ns, task, 1)
    if rows and rows[0]["at"] >= at:
        return utc(rows[0]["at"], "checkpoint at") + timedelta(microseconds=1)
    return at


def _redacted_state(state: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The state with secrets replaced, redacted as JSON text so that keys give context."""
    scrubbed = redact(canonical_json(state, "checkpoint state"))
    if scrubbed.count == 0:
        return state, 0
    try:
        return json.loads(scrubbed.text), scrubbed.count
    except json.JSONDecodeError:
        # A secret that was a JSON number ("card": 4111...) leaves unquoted placeholder
        # text behind; redact value by value instead, each with its key as context.
        counter = [0]
        cleaned = _redact_value(state, None, counter)
        return cleaned, counter[0]


def _redact_value(value: Any, key: str | None, counter: list[int]) -> Any:
    if isinstance(value, dict):
        return {
            _redact_text(k, None, counter): _redact_value(v, k, counter) for k, v in value.items()
        }
    if isinstance(value, list):
        return [_redact_value(item, key, counter) for item in value]
    if isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool)):
        text = str(value)
        cleaned = _redact_text(text, key, counter)
        return value if cleaned == text else cleaned
    return value


def _redact_text(text: str, key: str | None, counter: list[int]) -> str:
    prefix = "" if key is None else f"{key}: "
    scrubbed = redact(prefix + text)
    if scrubbed.count == 0:
        return text
    counter[0] += scrubbed.count
    return scrubbed.text.removeprefix(prefix)


def _to_checkpoint(row: Row) -> Checkpoint:
    state = json.loads(row["state_json"])
    return Checkpoint(
        id=row["id"],
        task=row["task"],
        at=utc(row["at"], "checkpoint at"),
        session=row.get("session"),
        redactions=row.get("redactions") or 0,
        **{name: state[name] for name in _STATE_FIELDS if name in state},
    )


__all__ = ["Checkpoint", "CheckpointInput", "check_task", "history", "latest", "save"]
