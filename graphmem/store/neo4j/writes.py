"""Writes: one change set, one transaction. The change's slots are claimed first (their
versions checked against what the write read: optimistic concurrency), then every part is
written with one ``UNWIND`` query of ``cypher/write``; a retry after a lost race holds the
slots' locks for its whole read-decide-write (:meth:`Writes.hold_slots`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import neo4j
from neo4j.exceptions import TransientError

from graphmem.errors import (
    UnknownId,
    WriteConflict,
)
from graphmem.model import check_namespace
from graphmem.store import cypher
from graphmem.store.changes import ChangeSet, Row
from graphmem.store.keywords import OWN_WEIGHT, spaced, spaced_context
from graphmem.store.neo4j.connection import Connection, Tx, ns_token
from graphmem.store.neo4j.values import outgoing, unlogged
from graphmem.store.rows import slot_node_id


class Writes(Connection):
    @contextmanager
    def hold_slots(self, namespace: str, slots: Iterable[str]) -> Iterator[None]:
        ns = check_namespace(namespace)
        self.written(ns)  # a write tried again after a conflict reads what it holds
        ids = sorted({slot_node_id(ns, key) for key in slots})
        with self._talk(), self._session() as session:
            tx = session.begin_transaction()
            self._held.tx = tx
            try:
                tx.run(
                    cypher.load("write/slots_hold"), unlogged({"namespace": ns, "ids": ids})
                ).consume()
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
        self.written(change.namespace)  # from now on its reads go to the server
        self._in_write(lambda tx: _apply(tx, change))

    def add_uses(self, namespace: str, uses: dict[str, int], at: datetime) -> None:
        if not uses:
            return
        params = {
            "namespace": check_namespace(namespace),
            "rows": [{"fact_id": fact_id, "uses": n} for fact_id, n in sorted(uses.items())],
            "at": at,
        }
        query = cypher.load("write/facts_use")
        self._in_write(lambda tx: tx.run(query, outgoing(params)).consume())

    def _in_write(self, work: Callable[[Tx], object]) -> None:
        """Run ``work`` in this thread's hold_slots transaction (committed when the block
        ends), else in a managed write transaction of its own."""
        held: neo4j.Transaction | None = getattr(self._held, "tx", None)
        if held is not None:
            work(held)
            return
        self._write(work)


class _Pipeline:
    """The statements of one change set, each sent without waiting for the one before to
    finish: the driver packs the next statement's rows while the server writes the last
    (about 8% of a write's transaction, docs/benchmarks-log.md). Counts are checked once all are
    sent, still inside the transaction, so a missing id rolls the whole change set back."""

    def __init__(self, tx: Tx, namespace: str) -> None:
        self._tx = tx
        self._namespace = namespace
        self._sent: list[tuple[str, int | None, neo4j.Result]] = []

    def run(self, name: str, checked: bool, **params: Any) -> None:
        """Send ``cypher/<name>``; ``checked``: it must count one result per row."""
        params["namespace"] = self._namespace
        expected = len(params["rows"]) if checked else None
        self._sent.append((name, expected, self._tx.run(cypher.load(name), outgoing(params))))

    def check(self) -> None:
        for name, expected, result in self._sent:
            record = result.single()
            count = 0 if record is None else record[0]
            if expected is not None and count != expected:
                # Raising inside the transaction function rolls the whole change set back.
                raise UnknownId(
                    f"{name}: {expected - count} of {expected} rows name a fact or episode "
                    f"that does not exist in namespace {self._namespace!r}"
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
        cypher.load("write/slots_claim"), unlogged({"namespace": change.namespace, "rows": rows})
    ).single()
    if record is not None and record["stale"]:
        # Raising inside the transaction function rolls it back; the write path decides again.
        raise WriteConflict(
            f"{record['stale']} slot(s) in namespace {change.namespace!r} changed since they "
            "were read: another writer was first"
        )


def _apply(tx: Tx, change: ChangeSet) -> None:
    token = ns_token(change.namespace)
    if change.slots:
        _claim_slots(tx, change)  # waited for: a stale slot sends nothing more
    sent = _Pipeline(tx, change.namespace)
    if change.episodes:
        episodes = [
            {**row, "embedding": change.embeddings.get(row["id"])} for row in change.episodes
        ]
        sent.run("write/episodes_create", False, ns_token=token, rows=episodes)
    if change.entities:
        sent.run("write/entities_merge", False, rows=change.entities)
    if change.mentions:
        sent.run("write/mentions_create", False, rows=change.mentions)
    if change.runs:
        sent.run("write/runs_add", False, rows=change.runs)
    if change.facts:
        rows = [
            {"props": row, "embedding": change.embeddings.get(row["id"])} for row in change.facts
        ]
        sent.run("write/facts_create", True, ns_token=token, rows=rows)
    if change.statements:
        statements = [
            {
                "props": {k: v for k, v in row.items() if k != "episodes"},
                "episodes": row["episodes"],
            }
            for row in change.statements
        ]
        sent.run("write/statements_create", True, rows=statements)
    if change.statement_patches:
        patches = [
            {"statement_id": p.statement_id, "changes": p.changes} for p in change.statement_patches
        ]
        sent.run("write/statements_patch", True, rows=patches)
    if change.supports:
        sent.run("write/supports_add", True, rows=change.supports)
    if change.supersessions:
        sent.run("write/supersessions_add", True, rows=change.supersessions)
    if change.patches:
        patches = [{"fact_id": p.fact_id, "changes": p.changes} for p in change.patches]
        sent.run("write/facts_patch", True, rows=patches)
    if change.redactions:
        redacted = [
            {**row, "embedding": change.embeddings.get(row["id"])} for row in change.redactions
        ]
        sent.run("write/episodes_redact", True, rows=redacted)
    if change.contexts:
        sent.run("write/episodes_context", True, rows=change.contexts)
    if change.extracted:
        sent.run("write/episodes_extracted", True, rows=change.extracted)
    if change.audit:
        sent.run("write/audit_append", False, rows=change.audit)
    if change.audit_scrubs:
        sent.run("write/audit_scrub", False, ids=change.audit_scrubs)
    if change.run_marks:
        sent.run("write/runs_mark", True, rows=change.run_marks)
    if change.checkpoints:
        sent.run("write/checkpoints_add", False, rows=change.checkpoints)
    if change.tombstones:
        sent.run("write/tombstones_add", False, rows=change.tombstones)
    _keywords_and_removals(sent, change)
    sent.check()


def _keywords_and_removals(sent: _Pipeline, change: ChangeSet) -> None:
    """The keyword terms and statistics (after the nodes they belong to are written, before
    removed ones go), then the removals."""
    for label, rows in keyword_rows(change).items():
        sent.run("write/keywords_set", False, label=label, weight=OWN_WEIGHT, rows=rows)
    for label, ids in change.removals.items():
        if label == "Fact":  # its projection between two entities goes with it
            sent.run("write/fact_relations_remove", False, ids=ids)
        sent.run("write/nodes_remove", False, label=label, ids=ids)


def keyword_rows(change: ChangeSet) -> dict[str, list[Row]]:
    """The rows of cypher/write/keywords_set for what ``change`` does to keyword text, by
    label: the terms of new facts and episodes, of redacted content and of contexts set
    again (a part left None stays as stored), and the nodes it removes."""
    rows: dict[str, dict[str, Row]] = {"Fact": {}, "Episode": {}}

    def part(label: str, node_id: str, **value: Any) -> None:
        rows[label].setdefault(
            node_id,
            {"id": node_id, "own": None, "context_set": False, "context": None, "gone": False},
        ).update(value)

    for fact in change.facts:
        part("Fact", fact["id"], own=spaced(fact["search_text"]))
    for episode in change.episodes:
        own, context = spaced(episode["content"]), spaced_context(episode.get("context_text"))
        part("Episode", episode["id"], own=own, context_set=True, context=context)
    for redacted in change.redactions:
        part("Episode", redacted["id"], own=spaced(redacted["content"]))
    for context_row in change.contexts:
        part(
            "Episode",
            context_row["id"],
            context_set=True,
            context=spaced_context(context_row.get("context_text")),
        )
    for label in rows:
        for node_id in change.removals.get(label, ()):
            part(label, node_id, gone=True)
    return {label: list(by_id.values()) for label, by_id in rows.items() if by_id}
