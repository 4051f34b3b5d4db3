"""The embedded store's reads: facts, statements, episodes, audit, export — everything
but recall's channels (recall.py)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from graphmem.store.base import NAMING, FactFilter, Ready, SlotBeliefs
from graphmem.store.changes import LABELS, Row
from graphmem.store.embedded.side_tables import AUDIT, STATEMENTS
from graphmem.store.embedded.state import State, locked, public_row
from graphmem.store.keywords import keyword_text
from graphmem.store.rows import slot_key, slot_node_id
from graphmem.temporal import END_OF_TIME, holds

_ZERO = timedelta(0)


class Reads(State):
    # ---- reads ------------------------------------------------------------

    @locked
    def facts(self, namespace: str, where: FactFilter) -> list[Row]:
        if where.subject_key is not None and where.predicate is not None and where.scope:
            ids: Iterable[str] = self._slot[
                (namespace, slot_key(where.subject_key, where.predicate, where.scope))
            ]
        elif where.subject_key is not None:
            ids = self._subject[(namespace, where.subject_key)]
        else:
            ids = self._by_label[("Fact", namespace)]
        rows = [row for row in self._rows(namespace, "Fact", ids) if _matches(row, where)]
        rows.sort(key=lambda row: (row["valid_from"], row["recorded_at"], row["id"]))
        return rows

    @locked
    def slot_facts(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        ids = [fact for slot in dict.fromkeys(slots) for fact in self._slot[(namespace, slot)]]
        rows = self._rows(namespace, "Fact", ids)
        rows.sort(key=lambda row: (row["valid_from"], row["recorded_at"], row["id"]))
        return rows

    def unwritten(self, namespace: str) -> bool:
        return False  # its reads cost no server round trip: nothing to save

    @locked  # one consistent state: no write lands between the versions and the rest
    def slot_beliefs(self, namespace: str, slots: Iterable[str]) -> Ready[SlotBeliefs]:
        slots = list(slots)
        versions = self.slot_versions(namespace, slots)
        believed: list[Row] = []
        history: dict[str, datetime] = {}
        for row in self.slot_facts(namespace, slots):
            if row["retired_at"] >= END_OF_TIME:
                believed.append(row)
            else:
                last = max(row["recorded_at"], row["retired_at"])
                history[row["slot"]] = max(history.get(row["slot"], last), last)
        support = self.support(namespace, [row["id"] for row in believed]) if believed else []
        statements = self.slot_statements(namespace, slots)
        return Ready(SlotBeliefs(versions, statements, believed, support, history))

    @locked
    def facts_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._rows(namespace, "Fact", ids)

    @locked
    def slot_versions(self, namespace: str, slots: Iterable[str]) -> dict[str, int]:
        return {
            key: self._slot_version(namespace, key)
            for key in slots
            if slot_node_id(namespace, key) in self._graph.nodes
        }

    def _statements(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        keys = self._statement_keys
        known = [i for i in ids if i in keys and keys[i][0] == namespace]
        rows = [public_row(row) for row in self._db.statement_rows(known)]
        for row in rows:
            row["episodes"] = sorted(self._stated.get(row["id"], ()))
        rows.sort(key=lambda row: (row["said_at"], row["recorded_at"], row["id"]))
        return rows

    @locked
    def slot_statements(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        ids = [s for slot in dict.fromkeys(slots) for s in self._said[(namespace, slot)]]
        return self._statements(namespace, ids)

    @locked
    def statements_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._statements(namespace, ids)

    @locked
    def statements_about(self, namespace: str, entity_key: str) -> list[Row]:
        # From the keys the open keeps (side_tables.STATEMENTS.columns), no body read.
        keys = self._statement_keys
        ids = set(self._named.get((namespace, entity_key), ()))  # its subject or its object
        ids.update(
            i
            for i in self._by_label[("Statement", namespace)]
            if not keys[i][4] and entity_key in keys[i][5].lower()  # a value naming it
        )
        return self._statements(namespace, sorted(ids))

    @locked
    def entities_still_named(
        self, namespace: str, keys: Iterable[str], excluded: Iterable[str]
    ) -> set[str]:
        gone = set(excluded)
        # Stops at the first statement left: a place thousands of statements name costs no
        # set difference of them all (7 ms at 100k facts, in every forget that named it).
        return {
            key
            for key in set(keys)
            if any(i not in gone for i in self._named.get((namespace, key), ()))
        }

    @locked
    def entities_told_by(
        self, namespace: str, keys: Iterable[str], authorities: Iterable[str]
    ) -> set[str]:
        told, said = set(authorities), self._statement_keys
        # From the statements naming each key (the forget's index), not the namespace's.
        return {
            key
            for key in set(keys)
            if any(said[i][6] in told for i in self._named.get((namespace, key), ()))
        }

    @locked
    def episode_statements(self, namespace: str, episode_ids: Iterable[str]) -> list[Row]:
        ids: set[str] = set()
        for episode in self._rows(namespace, "Episode", episode_ids):
            ids |= self._stated_in.get(episode["id"], set())
        return self._statements(namespace, sorted(ids))

    @locked
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

    @locked
    def support(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        out = []
        nodes = self._graph.nodes
        for fact in self._rows(namespace, "Fact", fact_ids):
            for _, episode_id, key, link in self._graph.out_edges(fact["id"], keys=True, data=True):
                if key != "SUPPORTED_BY":
                    continue
                episode = nodes[episode_id]
                out.append(
                    {
                        "fact_id": fact["id"],
                        "episode_id": episode_id,
                        "role": link["role"],
                        "added_at": link["added_at"],
                        "source": episode["source"],
                        "session": episode.get("session"),
                        "occurred_at": episode["occurred_at"],
                    }
                )
        out.sort(key=lambda row: (row["added_at"], row["episode_id"]))
        return out

    @locked
    def episode_facts(self, namespace: str, episode_id: str) -> list[Row]:
        if not self._rows(namespace, "Episode", [episode_id]):
            return []
        ids = [u for u, _, k in self._graph.in_edges(episode_id, keys=True) if k == "SUPPORTED_BY"]
        return self._rows(namespace, "Fact", ids)

    @locked
    def episodes_of_source(self, namespace: str, source_ref: str) -> list[str]:
        rows = self._rows(namespace, "Episode", self._by_label[("Episode", namespace)])
        return sorted(row["id"] for row in rows if row.get("source_ref") == source_ref)

    @locked
    def episodes_to_reduce(self, namespace: str, before: datetime, limit: int) -> list[str]:
        nodes = self._graph.nodes
        due = [
            nodes[i]
            for i in self._by_label[("Episode", namespace)]
            if nodes[i]["occurred_at"] < before and nodes[i].get("reduced_at") is None
        ]
        due.sort(key=lambda n: (n["occurred_at"], n["id"]))
        return [n["id"] for n in due[:limit]]

    @locked
    def episodes_pending(self, namespace: str, limit: int) -> list[str]:
        nodes = self._graph.nodes
        pending = [
            nodes[i]
            for i in self._by_label[("Episode", namespace)]
            if nodes[i].get("extraction") == "pending"
        ]
        pending.sort(key=lambda n: (n["recorded_at"], n["id"]))
        return [n["id"] for n in pending[:limit]]

    @locked
    def episodes_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._rows(namespace, "Episode", ids)

    @locked
    def thread_turns(
        self, namespace: str, thread: str, around: datetime | None, reach: int
    ) -> list[Row]:
        # Sorted and sliced on the stored nodes; only the turns returned are copied (this
        # runs on every remember of a turn).
        nodes = self._graph.nodes
        rows = sorted(
            (nodes[i] for i in self._turns[(namespace, thread)] if i in nodes),
            key=lambda r: (r["occurred_at"], r["recorded_at"], r["id"]),
        )
        if around is not None:
            split = sum(1 for r in rows if r["occurred_at"] <= around)
            rows = rows[max(0, split - reach) : split + reach]
        return [{key: row.get(key) for key in _TURN_FIELDS} for row in rows]

    @locked
    def audit(self, namespace: str, since: datetime | None) -> list[Row]:
        rows = [public_row(row) for row in self._db.audit_rows(namespace)]
        if since is not None:
            rows = [row for row in rows if row["at"] >= since]
        rows.sort(key=lambda row: (row["at"], row["id"]))
        return rows

    @locked
    def tombstoned(self, namespace: str, digests: Iterable[str]) -> set[str]:
        wanted = set(digests)
        rows = self._rows(namespace, "Tombstone", self._by_label[("Tombstone", namespace)])
        return {row["digest"] for row in rows if row["digest"] in wanted}

    @locked
    def checkpoints(self, namespace: str, task: str, limit: int) -> list[Row]:
        rows = self._rows(namespace, "Checkpoint", self._by_label[("Checkpoint", namespace)])
        rows = [row for row in rows if row["task"] == task]
        rows.sort(key=lambda row: (row["at"], row["id"]), reverse=True)
        return rows[:limit]

    @locked
    def links(self, namespace: str, fact_ids: Iterable[str]) -> list[Row]:
        out: dict[tuple[str, str], Row] = {}
        for fact in self._rows(namespace, "Fact", fact_ids):
            edges = list(self._graph.out_edges(fact["id"], keys=True, data=True))
            edges += list(self._graph.in_edges(fact["id"], keys=True, data=True))
            for new, old, key, data in edges:
                if key == "SUPERSEDES":
                    out[(new, old)] = {
                        "new_id": new,
                        "old_id": old,
                        "at": data["at"],
                        "reason": data["reason"],
                        "previous_until": data.get("previous_until"),
                    }
        return list(out.values())

    @locked
    def audit_of(self, namespace: str, target_ids: Iterable[str]) -> list[Row]:
        # From the database's index by target: a namespace holds an audit entry per write.
        rows = self._db.audit_rows(namespace, targets=sorted(set(target_ids)))
        return sorted((public_row(row) for row in rows), key=lambda row: row["id"])

    @locked
    def facts_about(self, namespace: str, entity_key: str) -> list[Row]:
        entity = self._entity.get((namespace, entity_key))
        if entity is None:
            return []
        return self._rows(namespace, "Fact", dict.fromkeys(self._linked_facts(entity)))

    @locked
    def entity_id(self, namespace: str, key: str) -> str | None:
        return self._entity.get((namespace, key))

    @locked
    def ids(self, namespace: str, label: str) -> list[str]:
        if label == AUDIT.label:
            return self._db.audit_ids(namespace)
        return sorted(self._by_label[(label, namespace)])

    @locked
    def run(self, namespace: str, run_id: str) -> Row | None:
        rows = self._rows(namespace, "DistillationRun", [run_id])
        return rows[0] if rows else None

    @locked
    def export_rows(self, namespace: str) -> dict[str, list[Row]]:
        out: dict[str, list[Row]] = {}
        for label in LABELS:
            if label in (AUDIT.label, STATEMENTS.label):
                found = self._db.audit_rows if label == AUDIT.label else self._db.statements_of
                rows = sorted((public_row(row) for row in found(namespace)), key=_by_id)
            else:
                rows = self._rows(namespace, label, sorted(self._by_label[(label, namespace)]))
            out[label] = [{k: v for k, v in row.items() if v is not None} for row in rows]
        out["supports"], out["supersessions"], out["stated"] = [], [], []
        for statement_id in sorted(self._by_label[("Statement", namespace)]):
            for episode in self._stated.get(statement_id, ()):
                out["stated"].append({"statement_id": statement_id, "episode_id": episode})
        for fact_id in sorted(self._by_label[("Fact", namespace)]):
            for _, other, key, data in self._graph.out_edges(fact_id, keys=True, data=True):
                if key == "SUPPORTED_BY":
                    out["supports"].append({"fact_id": fact_id, "episode_id": other, **data})
                elif key == "SUPERSEDES":
                    out["supersessions"].append({"new_id": fact_id, "old_id": other, **data})
        return out

    @locked
    def naming(self, namespace: str, name: str) -> list[Row]:
        # The namespace's own records of the four labels, and of each only the properties
        # NAMING lists (a fact's twenty others are not read); a statement's from its keys.
        wanted = name.casefold()
        nodes, said = self._graph._node, self._statement_keys
        out: list[Row] = []
        for label, keys in NAMING.items():
            found: list[tuple[str, str]] = []
            for node in self._by_label[(label, namespace)]:
                values: Iterable[tuple[str, Any]]
                if label == STATEMENTS.label:
                    values = (("subject", said[node][2]), ("object_text", said[node][5]))
                elif keys is None:
                    values = [(k, v) for k, v in nodes[node].items() if k != "embedding"]
                else:
                    data = nodes[node]
                    values = [(k, data[k]) for k in keys if k in data]
                found += [(node, k) for k, v in values if wanted in str(v).casefold()]
            found.sort(key=lambda hit: hit[0])  # stable: a record's properties in order
            out += [{"kind": "node", "label": label, "id": n, "property": k} for n, k in found]
        return out

    @locked
    def find_text(self, namespace: str, needle: str) -> list[Row]:
        wanted = needle.casefold()
        found: list[Row] = []
        g = self._graph
        for node, data in self._records(namespace):
            for key, value in data.items():
                if key != "embedding" and wanted in str(value).casefold():
                    found.append(
                        {"kind": "node", "label": data["label"], "id": node, "property": key}
                    )
            if node not in g:
                continue  # an audit entry, or a statement: no relationship holds words
            for _, _, rel, attrs in g.out_edges(node, keys=True, data=True):
                for key, value in attrs.items():
                    if wanted in str(value).casefold():
                        found.append(
                            {"kind": "relationship", "label": rel, "id": node, "property": key}
                        )
        for (label, ns), table in self._tables.items():
            if ns != namespace:
                continue
            index = table.keywords
            everything = np.ones(len(table.ids), dtype=bool)
            for row, _ in index.search(needle, 1000, everything, table.ids):
                doc = table.ids[row]
                record = None if doc is None else g.nodes.get(doc)
                text = "" if record is None else keyword_text(record)
                # A keyword entry counts when it outlived its node, or still holds the text.
                if index.holds_all(row, needle) and (record is None or wanted in text.casefold()):
                    found.append(
                        {"kind": "index", "label": label, "id": doc, "property": "keywords"}
                    )
        # The files on disk: forgotten text must leave them too, not only the graph.
        for name, text in self._db.texts(namespace):
            if wanted in text.casefold():
                found.append({"kind": "file", "label": name, "id": None, "property": None})
        for name in self._files.holding(wanted):
            found.append({"kind": "file", "label": name, "id": None, "property": None})
        return found

    def _records(self, namespace: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every record of ``namespace``: the graph's nodes, then the side tables' rows."""
        for node, data in self._graph.nodes(data=True):
            if data.get("namespace") == namespace:
                yield node, data
        for row in [*self._db.audit_rows(namespace), *self._db.statements_of(namespace)]:
            yield row["id"], row

    def _datetimes(self, namespace: str) -> Iterator[tuple[str, str, str, dict[str, Any], str]]:
        g = self._graph
        for node, data in self._records(namespace):
            for key, value in data.items():
                if isinstance(value, datetime):
                    yield "node", data["label"], node, data, key
            if node not in g:
                continue  # an audit entry, or a statement: its relationships hold no times
            for _, _, rel, attrs in g.out_edges(node, keys=True, data=True):
                for key, value in attrs.items():
                    if isinstance(value, datetime):
                        yield "relationship", rel, node, attrs, key

    @locked
    def noncanonical_datetimes(self, namespace: str) -> list[Row]:
        return [
            {"kind": kind, "label": label, "id": node, "property": key, "value": str(props[key])}
            for kind, label, node, props, key in self._datetimes(namespace)
            if props[key].utcoffset() != _ZERO
        ]

    @locked
    def canonicalise_datetimes(self, namespace: str) -> int:
        # Python compares aware datetimes by instant, and every write path stores UTC: there is
        # nothing to rewrite here; the count says so.
        return len(self.noncanonical_datetimes(namespace))

    def fact_relation_drift(self, namespace: str) -> list[Row]:
        return []  # the graph here keeps facts as nodes only: no second view to drift

    def rebuild_fact_relations(self, namespace: str) -> int:
        return 0

    @locked
    def counts(self, namespace: str) -> dict[str, int]:
        return {
            label: len(self._by_label[(label, namespace)])
            for label in ("Episode", "Entity", "Fact", "Statement", "Tombstone")
        } | {AUDIT.label: self._db.audit_count(namespace)}


def _by_id(row: Row) -> str:
    return str(row["id"])


_TURN_FIELDS = (
    "id",
    "content",
    "source",
    "sensitivity",
    "occurred_at",
    "recorded_at",
    "context_text",
    "context_from",
)


def _matches(row: Row, where: FactFilter) -> bool:
    if where.predicate is not None and row["predicate"] != where.predicate:
        return False
    if where.scope is not None and row["scope"] != where.scope:
        return False
    if where.statuses is not None and row["status"] not in where.statuses:
        return False
    if not where.include_candidates and row.get("candidate", row["status"] == "candidate"):
        return False
    if where.point is not None:
        return holds(
            row["valid_from"],
            row["valid_until"],
            row["recorded_at"],
            row["retired_at"],
            where.point,
        )
    return True
