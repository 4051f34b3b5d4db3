"""The user's own records, edited through the API: ``revise`` (an edit of a fact that
supersedes it, graphmem.write.revise) and the todo list (``todos``, ``close_todo``,
``cancel_todo``; graphmem.write.todos). Each checks its arguments and runs the write path
under the memory's lock; :class:`~graphmem.memory.Memory` inherits them.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import JsonValue

from graphmem import arguments
from graphmem.arguments import shown
from graphmem.errors import InvalidArgument
from graphmem.model import Fact, Status, check_namespace, check_scope
from graphmem.results import Revision, Todo
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.rows import to_fact
from graphmem.temporal import END_OF_TIME, optional_utc
from graphmem.trust.gate import TODO
from graphmem.write import revise as revision
from graphmem.write.remember import WritePath
from graphmem.write.todos import TodoState, check_open
from graphmem.write.todos import closing as todo_closing
from graphmem.write.todos import state as todo_state

# Ids, counts and timings only: text, claims and secrets never reach a log.
log = logging.getLogger("graphmem")


class EditOperations:
    """Mixed into :class:`~graphmem.memory.Memory`, which sets these attributes."""

    store: GraphStore
    _lock: threading.RLock
    _clock: Callable[[], datetime]
    _writer: WritePath

    def _fact_row(self, ns: str, fact_id: str) -> dict[str, Any]:
        raise NotImplementedError  # Memory's: the fact row, or UnknownId

    def confirm(self, fact_id: str, namespace: str) -> Fact:
        raise NotImplementedError  # Memory's

    def revise(
        self,
        fact_id: str,
        namespace: str,
        value: JsonValue,
        *,
        valid_from: datetime | None = None,
        scope: str | None = None,
        correction: bool = False,
        preview: bool = False,
    ) -> Revision:
        """The user's edit of a fact: a new statement by the user that supersedes it — the old
        value ends at ``valid_from`` (now by default) and ``value`` holds from then, so the
        old one stays in the history (``correction=True``: the old value was never right,
        and is retracted instead). Works on a candidate too (it is replaced, not confirmed).
        ``preview=True`` writes nothing and returns the change to show the user first."""
        ns = check_namespace(namespace)
        fact_id = arguments.identifier(fact_id, "fact_id")
        correction = arguments.flag(correction, "correction")
        preview = arguments.flag(preview, "preview")
        with self._lock:
            row = self._fact_row(ns, fact_id)
            now = self._clock()
            when = optional_utc(valid_from, "valid_from", now)
            if row["retired_at"] < END_OF_TIME or row["status"] == Status.RETRACTED.value:
                raise InvalidArgument(
                    f"fact {fact_id!r} is no longer believed ({row['status']}); revise the "
                    "version that is (Memory.history lists them)"
                )
            claims = revision.claims(
                row,
                value,
                valid_from=when,
                correction=correction,
                scope=row["scope"] if scope is None else check_scope(scope),
            )
            if claims[1].object == claims[0].object and claims[1].scope == row["scope"]:
                raise InvalidArgument(f"fact {fact_id!r} already holds {shown(value)}")
            before = to_fact(row)
            change = revision.describe(row, claims[1].object, when, correction=correction)
            if preview:
                return Revision(before=before, change=change, applied=False)
            inp = self._writer.prepare(
                claims, ns, source="user", at=now, session=None, source_ref=None, speaker=None
            )
            entry = revision.audit_entry(row, when, now, correction=correction)
            result = self._writer.remember(dataclasses.replace(inp, audit=(entry,)))
            written = [op.fact_id for op in result.operations if op.fact_id]
            after = to_fact(self._fact_row(ns, written[-1])) if written else None
        log.info("revise ns=%s fact=%s operations=%d", ns, fact_id, len(result.operations))
        return Revision(
            before=before, change=change, applied=True, after=after, operations=result.operations
        )

    def todos(self, namespace: str, *, include_closed: bool = False) -> list[Todo]:
        """The open items on the user's list, oldest first: what the user said is still to do
        and what a session summary left pending (``proposed``: the agent's, until the user
        takes it up). ``include_closed=True`` adds the done and cancelled ones."""
        ns = check_namespace(namespace)
        include_closed = arguments.flag(include_closed, "include_closed")
        now = self._clock()
        rows = self.store.facts(ns, FactFilter(predicate=TODO, include_candidates=True))
        listed = [(todo_state(row, now), row) for row in rows]
        return sorted(
            (
                _todo(row, state)
                for state, row in listed
                if state == "open" or (include_closed and state is not None)
            ),
            key=lambda t: (t.opened_at, t.id),
        )

    def close_todo(self, todo_id: str, namespace: str) -> Todo:
        """The user did it: the item stops being pending now (kept, as done, in the history)."""
        return self._close_todo(todo_id, namespace, done=True)

    def cancel_todo(self, todo_id: str, namespace: str) -> Todo:
        """The item comes off the list without being done (kept, as cancelled)."""
        return self._close_todo(todo_id, namespace, done=False)

    def _close_todo(self, todo_id: str, namespace: str, *, done: bool) -> Todo:
        ns = check_namespace(namespace)
        todo_id = arguments.identifier(todo_id, "todo_id")
        with self._lock:
            row = self._fact_row(ns, todo_id)
            if done and row["status"] == Status.CANDIDATE.value:
                # Closing what the agent proposed says it was real: the user takes it up
                # first (a candidate has no validity of its own to end).
                check_open(row, self._clock())
                row = self._fact_row(ns, self.confirm(todo_id, ns).id)
            now = self._clock()
            todo_claims, entry, ends = todo_closing(row, now, done=done)
            inp = self._writer.prepare(
                todo_claims, ns, source="user", at=now, session=None, source_ref=None, speaker=None
            )
            self._writer.remember(dataclasses.replace(inp, audit=(entry,)))
            want: TodoState = "done" if done else "cancelled"
            closed = [
                r
                for r in self.store.facts(ns, FactFilter(predicate=TODO, include_candidates=True))
                if r["object_json"] == row["object_json"] and todo_state(r, ends) == want
            ]
        if not closed:  # the write path refused it; say so rather than pretend
            raise InvalidArgument(f"todo {todo_id!r} could not be closed: nothing was ended")
        latest = max(closed, key=lambda r: (r["recorded_at"], r["id"]))
        return _todo(latest, want)


def _todo(row: dict[str, Any], state: TodoState) -> Todo:
    ended = row["valid_until"] if state == "done" else row["retired_at"]
    return Todo(
        id=row["id"],
        text=str(json.loads(row["object_json"])),
        status=state,
        proposed=row["status"] == Status.CANDIDATE.value,
        opened_at=row["valid_from"],
        closed_at=None if state == "open" or ended >= END_OF_TIME else ended,
        scope=row["scope"],
    )
