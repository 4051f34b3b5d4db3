"""Re-extraction: a message kept while the model failed is read again.

When the model fails on a ``remember`` (an error reply, a timeout, a body that is not an
answer), the write path keeps the episode alone, marked ``extraction: pending``, with an
audit entry saying why (``graphmem.write.remember``). :func:`finish` reads those episodes again,
oldest first, through the same write path: what each says is written beside it and its
mark goes in one transaction. A model that fails again stops the run; the episodes left
stay pending for the next one (``graphmem reextract``, or a maintenance run).
"""

from __future__ import annotations

from datetime import UTC, datetime

from graphmem.errors import ModelCallFailed, ModelReplyInvalid
from graphmem.model import SourceKind
from graphmem.results import ReextractReport, WriteResult
from graphmem.store.base import GraphStore
from graphmem.store.changes import Row
from graphmem.write.inputs import Input
from graphmem.write.remember import WritePath


def as_input(namespace: str, row: Row) -> Input:
    """A stored episode as the write path takes it: its words as stored (redacted)."""
    occurred: datetime = row["occurred_at"]
    return Input(
        namespace,
        SourceKind(row["source"]),
        occurred if occurred.tzinfo else occurred.replace(tzinfo=UTC),
        row["content"],  # stored redacted: nothing secret reaches the model
        None,
        row.get("session"),
        row.get("source_ref"),
        row.get("speaker") or "user",
    )


def finish(writer: WritePath, store: GraphStore, namespace: str, limit: int) -> ReextractReport:
    """Read up to ``limit`` pending episodes of ``namespace`` again."""
    finished: list[WriteResult] = []
    failed: str | None = None
    for episode_id in store.episodes_pending(namespace, limit):
        rows = store.episodes_by_id(namespace, [episode_id])
        if not rows or rows[0].get("extraction") != "pending":
            continue  # forgotten, or finished by another process, meanwhile
        try:
            finished.append(writer.remember(as_input(namespace, rows[0]), told=rows[0]))
        except (ModelCallFailed, ModelReplyInvalid) as exc:
            failed = str(exc)
            break
    left = len(store.episodes_pending(namespace, limit + 1))
    return ReextractReport(finished=finished, pending=left, failed=failed)
