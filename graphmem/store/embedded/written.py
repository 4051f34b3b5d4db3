"""Which rows of the database a change set touches: the store writes only those.

A write replaces the rows of the nodes it added or changed (or deletes them, with
their relationships, when they are gone from the graph), the outgoing relationships
of every node it gave one, and the vectors it set. Everything here is read from the
change set, so a write costs what it changes, not what the store holds.
"""

from __future__ import annotations

from typing import Any

from graphmem.store.changes import ChangeSet
from graphmem.store.rows import slot_node_id


def written(
    change: ChangeSet, graph: Any, entity: dict[tuple[str, str], str]
) -> tuple[list[str], list[str], list[str]]:
    """(nodes, sources, vectors): the nodes whose rows to replace or delete, the nodes
    whose outgoing relationships to replace, the nodes whose vector to replace."""
    ns = change.namespace
    nodes: dict[str, None] = {}  # ordered sets: the same rows in the same order each time
    for key in change.slots:
        nodes[slot_node_id(ns, key)] = None
    for rows in (
        change.episodes,
        change.runs,
        change.facts,
        change.statements,
        change.redactions,
        change.contexts,
        change.extracted,
        change.audit,
        change.tombstones,
        change.checkpoints,
        change.run_marks,
    ):
        for row in rows:
            nodes[row["id"]] = None
    for row in change.entities:
        node = entity.get((ns, row["key"]))
        if node is not None:
            nodes[node] = None
    for patch in change.patches:
        nodes[patch.fact_id] = None
    for statement_patch in change.statement_patches:
        nodes[statement_patch.statement_id] = None
    for audit_id in change.audit_scrubs:
        nodes[audit_id] = None
    removed = [node for ids in change.removals.values() for node in ids]
    for node in removed:
        nodes[node] = None
    sources: dict[str, None] = {}
    for row in change.mentions:
        sources[row["episode_id"]] = None
    for row in change.facts:
        sources[row["id"]] = None
    for row in change.statements:
        sources[row["id"]] = None
    for row in change.supports:
        sources[row["fact_id"]] = None
    for row in change.supersessions:
        sources[row["new_id"]] = None
    vectors = dict.fromkeys(change.embeddings)
    vectors.update(dict.fromkeys(removed))
    return list(nodes), [s for s in sources if s in graph], list(vectors)


def outgoing(graph: Any, node: str) -> list[tuple[str, str, dict[str, Any]]]:
    """A node's outgoing relationships as ``(target, key, properties)``: its edge rows."""
    return [(t, key, props) for t, rels in graph._succ[node].items() for key, props in rels.items()]
