"""Writes: one change set, one transaction. The change's slots are claimed first (their
versions checked against what the write read: optimistic concurrency), then every part is
written with one ``UNWIND`` query of ``cypher/write``; a retry after a lost race holds the
slots' locks for its whole read-decide-write (:meth:`Writes.hold_slots`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import neo4j
from graphmem.errors import (
    UnknownId,
    WriteConflict,
)
from graphmem.model import check_namespace
from graphmem.store import cypher
from graphmem.store.base import (
    ChangeSet,
)
from graphmem.store.neo4j.connection import Connection, Tx, driver_errors, ns_token
from graphmem.store.neo4j.values import canonical
from graphmem.store.rows import slot_node_id
from neo4j.exceptions import TransientError


class Writes(Connection):
    @contextmanager
    def hold_slots(self, namespace: str, slots: Iterable[str]) -> Iterator[None]:
        ns = check_namespace(namespace)
        ids = sorted({slot_node_id(ns, key) for key in slots})
        with driver_errors(self.uri), self._driver.session(database=self.database) as session:
            tx = session.begin_transaction()
            self._held.tx = tx
            try:
                tx.run(cypher.load("write/slots_hold"), {"namespace": ns, "ids": ids}).consume()
                # Reads inside the block run in their own transactions: they see committed
                # data, and nobody can commit to these slots while we hold them.
                yield
                tx.commit()
            except TransientError as exc:  # a deadlock with another writer: start over
                raise WriteConflict(
                    f"lost a deadlock on slots in namespace {ns!r}; try the write again"
                ) from exc
            finally:
                self._held.tx = None
                tx.close()  # rolls back unless committed

    def apply(self, change: ChangeSet) -> None:
        change.validate()
        if change.is_empty():
            return
        held: neo4j.Transaction | None = getattr(self._held, "tx", None)
        if held is not None:
            _apply(held, change)  # committed when the hold_slots block ends
            return
        self._write(lambda tx: _apply(tx, change))


def _run(tx: Tx, name: str, expected: int | None, **params: Any) -> None:
    record = tx.run(cypher.load(name), canonical(params)).single()
    count = 0 if record is None else record[0]
    if expected is not None and count != expected:
        # Raising inside the transaction function rolls the whole change set back.
        raise UnknownId(
            f"{name}: {expected - count} of {expected} rows name a fact or episode that does "
            f"not exist in namespace {params['namespace']!r}"
        )


def _claim_slots(tx: Tx, change: ChangeSet) -> None:
    """Lock the change's slots first and check nobody moved them since they were read."""
    rows = sorted(
        (
            {"id": slot_node_id(change.namespace, key), "expected": expected}
            for key, expected in change.slots.items()
        ),
        key=lambda row: str(row["id"]),
    )
    record = tx.run(
        cypher.load("write/slots_claim"), {"namespace": change.namespace, "rows": rows}
    ).single()
    if record is not None and record["stale"]:
        # Raising inside the transaction function rolls it back; the write path decides again.
        raise WriteConflict(
            f"{record['stale']} slot(s) in namespace {change.namespace!r} changed since they "
            "were read: another writer was first"
        )


def _apply(tx: Tx, change: ChangeSet) -> None:
    ns = change.namespace
    token = ns_token(ns)
    if change.slots:
        _claim_slots(tx, change)
    if change.episodes:
        episodes = [
            {**row, "embedding": change.embeddings.get(row["id"])} for row in change.episodes
        ]
        _run(tx, "write/episodes_create", None, namespace=ns, ns_token=token, rows=episodes)
    if change.entities:
        _run(tx, "write/entities_merge", None, namespace=ns, rows=change.entities)
    if change.mentions:
        _run(tx, "write/mentions_create", None, namespace=ns, rows=change.mentions)
    if change.runs:
        _run(tx, "write/runs_add", None, namespace=ns, rows=change.runs)
    if change.facts:
        rows = [
            {"props": row, "embedding": change.embeddings.get(row["id"])} for row in change.facts
        ]
        _run(tx, "write/facts_create", len(rows), namespace=ns, ns_token=token, rows=rows)
    if change.statements:
        statements = [
            {
                "props": {k: v for k, v in row.items() if k != "episodes"},
                "episodes": row["episodes"],
            }
            for row in change.statements
        ]
        _run(tx, "write/statements_create", len(statements), namespace=ns, rows=statements)
    if change.statement_patches:
        patches = [
            {"statement_id": p.statement_id, "changes": p.changes} for p in change.statement_patches
        ]
        _run(tx, "write/statements_patch", len(patches), namespace=ns, rows=patches)
    if change.supports:
        _run(tx, "write/supports_add", len(change.supports), namespace=ns, rows=change.supports)
    if change.supersessions:
        _run(
            tx,
            "write/supersessions_add",
            len(change.supersessions),
            namespace=ns,
            rows=change.supersessions,
        )
    if change.patches:
        patches = [{"fact_id": p.fact_id, "changes": p.changes} for p in change.patches]
        _run(tx, "write/facts_patch", len(patches), namespace=ns, rows=patches)
    if change.redactions:
        _run(
            tx,
            "write/episodes_redact",
            len(change.redactions),
            namespace=ns,
            rows=change.redactions,
        )
    if change.contexts:
        _run(tx, "write/episodes_context", len(change.contexts), namespace=ns, rows=change.contexts)
    if change.audit:
        _run(tx, "write/audit_append", None, namespace=ns, rows=change.audit)
    if change.audit_scrubs:
        _run(tx, "write/audit_scrub", None, namespace=ns, ids=change.audit_scrubs)
    if change.run_marks:
        _run(tx, "write/runs_mark", len(change.run_marks), namespace=ns, rows=change.run_marks)
    if change.checkpoints:
        _run(tx, "write/checkpoints_add", None, namespace=ns, rows=change.checkpoints)
    if change.tombstones:
        _run(tx, "write/tombstones_add", None, namespace=ns, rows=change.tombstones)
    for label, ids in change.removals.items():
        _run(tx, "write/nodes_remove", None, namespace=ns, label=label, ids=ids)
