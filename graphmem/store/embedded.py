"""The embedded store: zero configuration, in process, durable in a local folder.

The graph lives in a networkx ``MultiDiGraph`` whose nodes and relationships
have the same labels and property names as in Neo4j. Durability comes from
``graphmem.store.journal``: every change set is one fsynced journal line, so a
write that returned survives a kill, and a torn line is dropped on reopen.
Changes are checked completely before the graph is touched, so a refused write
changes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

import networkx as nx

from graphmem.errors import UnknownId
from graphmem.store.base import ChangeSet, FactFilter, Row
from graphmem.store.journal import Journal
from graphmem.temporal import holds

_COMPACT_EVERY = 2000  # journal entries; bounds replay time on open


class EmbeddedStore:
    """A :class:`~graphmem.store.base.GraphStore` in one local folder."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._journal = Journal(self.path)
        self._graph: Any = nx.MultiDiGraph()
        self._seq = 0
        self._by_label: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._slot: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._subject: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._entity: dict[tuple[str, str], str] = {}
        self._load()

    # ---- durability -------------------------------------------------------

    def _load(self) -> None:
        seq, state = self._journal.read_snapshot()
        if state is not None:
            self._graph = nx.node_link_graph(state, directed=True, multigraph=True, edges="edges")
            for node, data in self._graph.nodes(data=True):
                self._index(node, data)
        self._seq = seq
        for entry_seq, payload in self._journal.replay(after=seq):
            self._mutate(_change_from(payload))
            self._seq = entry_seq
        if self._journal.entries > _COMPACT_EVERY:
            self._compact()

    def _compact(self) -> None:
        state = nx.node_link_data(self._graph, edges="edges")
        self._journal.compact(self._seq, state)

    # ---- writes -----------------------------------------------------------

    def apply(self, change: ChangeSet) -> None:
        change.validate()
        if change.is_empty():
            return
        self._precheck(change)
        self._journal.append(self._seq + 1, _change_to(change))
        self._seq += 1
        self._mutate(change)
        if change.removals or change.redactions or self._journal.entries > _COMPACT_EVERY:
            # Forgotten content must leave the disk too, not only the graph.
            self._compact()

    def _precheck(self, change: ChangeSet) -> None:
        ns = change.namespace
        known = {row["id"] for row in change.facts}
        episodes = {row["id"] for row in change.episodes}
        for patch in change.patches:
            self._require(ns, "Fact", patch.fact_id, known)
        for row in change.supports:
            self._require(ns, "Fact", row["fact_id"], known)
            self._require(ns, "Episode", row["episode_id"], episodes)
        for row in change.supersessions:
            self._require(ns, "Fact", row["old_id"], known)
            self._require(ns, "Fact", row["new_id"], known)
        for row in change.redactions:
            self._require(ns, "Episode", row["id"], episodes)
        keys = {row["key"] for row in change.entities}
        used = [row["entity_key"] for row in change.mentions]
        used += [row["subject_key"] for row in change.facts]
        used += [row["object_key"] for row in change.facts if row["object_is_entity"]]
        for key in used:
            if key not in keys and (ns, key) not in self._entity:
                raise UnknownId(f"no Entity with key {key!r} in namespace {ns!r}")

    def _require(self, ns: str, label: str, node_id: str, pending: set[str]) -> None:
        if node_id in pending:
            return
        data = self._graph.nodes.get(node_id)
        if data is None or data.get("namespace") != ns or data.get("label") != label:
            raise UnknownId(f"no {label} with id {node_id!r} in namespace {ns!r}")

    def _mutate(self, change: ChangeSet) -> None:
        ns = change.namespace
        g = self._graph
        for row in change.episodes:
            self._add_node("Episode", ns, row)
        for row in change.entities:
            if (ns, row["key"]) not in self._entity:
                self._add_node("Entity", ns, row)
        for row in change.mentions:
            g.add_edge(row["episode_id"], self._entity[(ns, row["entity_key"])], key="MENTIONS")
        for row in change.facts:
            data = dict(row)
            if row["id"] in change.embeddings:
                data["embedding"] = change.embeddings[row["id"]]
            self._add_node("Fact", ns, data)
            g.add_edge(row["id"], self._entity[(ns, row["subject_key"])], key="SUBJECT")
            if row["object_is_entity"]:
                g.add_edge(row["id"], self._entity[(ns, row["object_key"])], key="OBJECT")
        for row in change.supports:
            g.add_edge(row["fact_id"], row["episode_id"], key="SUPPORTED_BY",
                       role=row["role"], added_at=row["added_at"])
        for row in change.supersessions:
            g.add_edge(row["new_id"], row["old_id"], key="SUPERSEDES",
                       at=row["at"], reason=row["reason"])
        for patch in change.patches:
            g.nodes[patch.fact_id].update(patch.changes)
        for row in change.redactions:
            g.nodes[row["id"]].update(content=row["content"], redactions=row["redactions"])
        for row in change.audit:
            self._add_node("AuditEntry", ns, row)
        for row in change.tombstones:
            self._add_node("Tombstone", ns, row)
        for ids in change.removals.values():
            for node_id in ids:
                self._remove_node(ns, node_id)

    def _add_node(self, label: str, ns: str, row: Row) -> None:
        data = {**row, "label": label, "namespace": ns}
        self._graph.add_node(row["id"], **data)
        self._index(row["id"], data)

    def _index(self, node_id: str, data: dict[str, Any]) -> None:
        ns, label = data["namespace"], data["label"]
        self._by_label[(label, ns)].add(node_id)
        if label == "Fact":
            self._slot[(ns, data["slot"])].add(node_id)
            self._subject[(ns, data["subject_key"])].add(node_id)
        elif label == "Entity":
            self._entity[(ns, data["key"])] = node_id

    def _remove_node(self, ns: str, node_id: str) -> None:
        data = self._graph.nodes.get(node_id)
        if data is None or data["namespace"] != ns:
            return
        label = data["label"]
        self._by_label[(label, ns)].discard(node_id)
        if label == "Fact":
            self._slot[(ns, data["slot"])].discard(node_id)
            self._subject[(ns, data["subject_key"])].discard(node_id)
        elif label == "Entity":
            self._entity.pop((ns, data["key"]), None)
        self._graph.remove_node(node_id)

    # ---- reads ------------------------------------------------------------

    def _rows(self, ns: str, label: str, ids: Iterable[str]) -> list[Row]:
        nodes = self._graph.nodes
        out = []
        for node_id in ids:
            data = nodes.get(node_id)
            if data is not None and data["namespace"] == ns and data["label"] == label:
                out.append(_public(data))
        return out

    def facts(self, namespace: str, where: FactFilter) -> list[Row]:
        if where.subject_key is not None and where.predicate is not None and where.scope:
            from graphmem.store.rows import slot_key

            ids: Iterable[str] = self._slot[(namespace, slot_key(
                where.subject_key, where.predicate, where.scope))]
        elif where.subject_key is not None:
            ids = self._subject[(namespace, where.subject_key)]
        else:
            ids = self._by_label[("Fact", namespace)]
        rows = [row for row in self._rows(namespace, "Fact", ids) if _matches(row, where)]
        rows.sort(key=lambda row: (row["valid_from"], row["recorded_at"], row["id"]))
        return rows

    def facts_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._rows(namespace, "Fact", ids)

    def chain(self, namespace: str, fact_id: str) -> list[Row]:
        if not self._rows(namespace, "Fact", [fact_id]):
            return []
        seen = {fact_id}
        frontier = [fact_id]
        while frontier:
            node = frontier.pop()
            linked = [v for _, v, k in self._graph.out_edges(node, keys=True) if k == "SUPERSEDES"]
            linked += [u for u, _, k in self._graph.in_edges(node, keys=True) if k == "SUPERSEDES"]
            for other in linked:
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
        rows = self._rows(namespace, "Fact", seen)
        rows.sort(key=lambda row: (row["recorded_at"], row["valid_from"], row["id"]))
        return rows

    def support(self, namespace: str, fact_id: str) -> list[Row]:
        if not self._rows(namespace, "Fact", [fact_id]):
            return []
        out = [
            {"fact_id": fact_id, "episode_id": v, "role": d["role"], "added_at": d["added_at"]}
            for _, v, k, d in self._graph.out_edges(fact_id, keys=True, data=True)
            if k == "SUPPORTED_BY"
        ]
        out.sort(key=lambda row: (row["added_at"], row["episode_id"]))
        return out

    def episode_facts(self, namespace: str, episode_id: str) -> list[Row]:
        if not self._rows(namespace, "Episode", [episode_id]):
            return []
        ids = [u for u, _, k in self._graph.in_edges(episode_id, keys=True) if k == "SUPPORTED_BY"]
        return self._rows(namespace, "Fact", ids)

    def episodes_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._rows(namespace, "Episode", ids)

    def audit(self, namespace: str, since: datetime | None) -> list[Row]:
        rows = self._rows(namespace, "AuditEntry", self._by_label[("AuditEntry", namespace)])
        if since is not None:
            rows = [row for row in rows if row["at"] >= since]
        rows.sort(key=lambda row: (row["at"], row["id"]))
        return rows

    def tombstoned(self, namespace: str, digests: Iterable[str]) -> set[str]:
        wanted = set(digests)
        rows = self._rows(namespace, "Tombstone", self._by_label[("Tombstone", namespace)])
        return {row["digest"] for row in rows if row["digest"] in wanted}

    def counts(self, namespace: str) -> dict[str, int]:
        return {
            label: len(self._by_label[(label, namespace)])
            for label in ("Episode", "Entity", "Fact", "AuditEntry", "Tombstone")
        }

    def close(self) -> None:
        self._journal.close()


def _public(data: dict[str, Any]) -> Row:
    return {k: v for k, v in data.items() if k not in ("label", "embedding")}


def _matches(row: Row, where: FactFilter) -> bool:
    if where.predicate is not None and row["predicate"] != where.predicate:
        return False
    if where.scope is not None and row["scope"] != where.scope:
        return False
    if where.statuses is not None and row["status"] not in where.statuses:
        return False
    if not where.include_candidates and row["status"] == "candidate":
        return False
    if where.point is not None:
        return holds(row["valid_from"], row["valid_until"], row["recorded_at"],
                     row["retired_at"], where.point)
    return True


def _change_to(change: ChangeSet) -> dict[str, Any]:
    return {
        "namespace": change.namespace,
        "episodes": change.episodes, "entities": change.entities, "mentions": change.mentions,
        "facts": change.facts, "supports": change.supports,
        "supersessions": change.supersessions,
        "patches": [[p.fact_id, p.changes] for p in change.patches],
        "audit": change.audit, "tombstones": change.tombstones,
        "embeddings": change.embeddings, "removals": change.removals,
        "redactions": change.redactions,
    }


def _change_from(payload: dict[str, Any]) -> ChangeSet:
    from graphmem.store.base import FactPatch

    patches = [FactPatch(fact_id, changes) for fact_id, changes in payload.pop("patches")]
    return ChangeSet(patches=patches, **payload)
