"""What the embedded store's parts share: the graph, the tables and indexes beside it,
and the lock every public method takes."""

from __future__ import annotations

import base64
import functools
import inspect
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import networkx as nx
import numpy as np

from graphmem.errors import StoreUnavailable
from graphmem.model import check_namespace
from graphmem.store.base import RecallFilter
from graphmem.store.changes import ChangeSet, Row
from graphmem.store.columns import Admitted, Columns
from graphmem.store.embedded.side_tables import AUDIT, SIDES, STATEMENTS
from graphmem.store.embedded.storage import STATED, Database
from graphmem.store.indexes import INDEXED, IndexFiles, Table
from graphmem.store.keywords import keyword_counts, keyword_text
from graphmem.store.rows import slot_node_id
from graphmem.store.vectors import unit

F = TypeVar("F", bound=Callable[..., Any])
LINKS = ("SUBJECT", "OBJECT")  # a fact's links to its entities


def locked(method: F) -> F:
    """One thread at a time: networkx graphs are not safe to read while they change. A
    method whose first parameter is the namespace gets it checked here, below the API."""
    params = list(inspect.signature(method).parameters)
    tenant = len(params) > 1 and params[1] == "namespace"

    @functools.wraps(method)
    def run(self: State, *args: Any, **kwargs: Any) -> Any:
        if tenant:
            check_namespace(args[0] if args else kwargs["namespace"])
        with self._lock:
            if self._closed:  # a closed handle holds no lock on the folder: it must not act
                if method.__name__ == "close":
                    return None
                raise StoreUnavailable(
                    f"the store at {self.path} is closed; open it again with Memory(path)"
                )
            return method(self, *args, **kwargs)

    return cast(F, run)


class State:
    """The in-memory graph of one store folder and what is derived from it."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._closed = False
        self._db: Database  # opened by the store (store.py), after the folder's lock
        self._meta: dict[str, Any] = {}  # the database's meta rows: keys, embedder, seq
        self._graph: Any = nx.MultiDiGraph()
        self._seq = 0
        self._by_label: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._slot: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._subject: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._entity: dict[tuple[str, str], str] = {}
        self._said: dict[tuple[str, str], set[str]] = defaultdict(set)  # slot -> statements
        # What a forget asks about one record, without a pass over the namespace: the
        # statements naming an entity key.
        self._named: dict[tuple[str, str], set[str]] = defaultdict(set)
        # Audit entries and statements live in the database only (side_tables.py): the
        # rows a write adds or changes (None: deletes), until it commits them.
        self._side_writes: dict[str, dict[str, Any] | None] = {}
        # Of each statement the open keeps its columns (STATEMENTS.columns: namespace,
        # slot, subject, subject_key, object_key, object_text, authority; "" for none)
        # and its episodes, both ways: its body is read when asked.
        self._statement_keys: dict[str, tuple[str, ...]] = {}
        self._stated: dict[str, list[str]] = {}
        self._stated_in: dict[str, set[str]] = defaultdict(set)
        # Facts and episodes by (label, namespace): rows, vectors, keywords (indexes.py).
        self._tables: dict[tuple[str, str], Table] = defaultdict(Table)
        self._files = IndexFiles(self.path)
        self._turns: dict[tuple[str, str], set[str]] = defaultdict(set)  # (ns, thread)
        # The scopes of the facts each episode supports, learnt when a scoped recall first
        # asks and forgotten when the episode's support changes: an episode of a 500-claim
        # batch supports 500 facts, and every scoped recall used to walk them all.
        self._episode_scopes: dict[str, frozenset[str]] = {}
        # What recall may see, and its vectors stacked, until the next write: the channels
        # of one recall (and the recalls between two writes) share one filtering pass.
        self._version = 0
        self._seen: dict[tuple[str, str, RecallFilter], tuple[int, Admitted]] = {}
        self._cols: dict[tuple[str, str], tuple[int, Columns]] = {}
        self._changed: dict[tuple[str, str], set[int]] = {}  # rows to refresh in _cols
        self._memo: tuple[int, dict[tuple[str, str], Any]] = (-1, {})  # see _until_write

    def _vector_of(self, node: str) -> Any:
        data = self._graph.nodes.get(node)
        if data is None or data["label"] not in INDEXED:
            return None
        table = self._tables.get((data["label"], data["namespace"]))
        row = None if table is None else table.row_of.get(node)
        return None if row is None or table is None else table.vectors.get(row)

    def _vectors(self) -> Iterator[tuple[str, Any]]:
        for (label, _), table in self._tables.items():
            if label in INDEXED:
                for node, row in table.row_of.items():
                    vector = table.vectors.get(row)
                    if vector is not None:
                        yield node, vector

    def _texts(self, label: str, table: Table) -> Iterator[tuple[int, str]]:
        nodes = self._graph.nodes
        for row, node in enumerate(table.ids):
            if node is not None:
                yield row, keyword_text(nodes[node])

    def _slot_version(self, ns: str, key: str) -> int:
        data = self._graph.nodes.get(slot_node_id(ns, key))
        return 0 if data is None else int(data["version"])

    def _rows(self, ns: str, label: str, ids: Iterable[str]) -> list[Row]:
        nodes = self._graph.nodes
        out = []
        for node_id in ids:
            data = nodes.get(node_id)
            if data is not None and data["namespace"] == ns and data["label"] == label:
                out.append(public_row(data))
        return out

    def _linked_facts(self, entity: str, *, subject_only: bool = False) -> list[str]:
        wanted = ("SUBJECT",) if subject_only else LINKS
        # The adjacency itself, in in_edges' order: a hub has thousands of links, and
        # networkx's edge view costs several times more per link (bench/embedded_scale.py).
        links = self._graph._pred[entity]
        return [u for u, rels in links.items() for rel in rels if rel in wanted]

    def _index_statement(self, node: str, keys: tuple[str, ...]) -> None:
        ns = keys[0]
        self._statement_keys[node] = keys
        self._by_label[("Statement", ns)].add(node)
        self._said[(ns, keys[1])].add(node)
        for key in {keys[3], keys[4]} - {""}:  # its subject's and its object's entity keys
            self._named[(ns, key)].add(node)

    def _unindex_statement(self, node: str) -> None:
        keys = self._statement_keys.pop(node, None)
        if keys is None:
            return
        ns = keys[0]
        self._by_label[("Statement", ns)].discard(node)
        self._said[(ns, keys[1])].discard(node)
        for key in {keys[3], keys[4]} - {""}:
            _discard(self._named, (ns, key), node)

    def _set_stated(self, node: str, episodes: Iterable[str]) -> None:
        for episode in self._stated.pop(node, ()):
            _discard(self._stated_in, episode, node)
        said = list(dict.fromkeys(episodes))
        if said:
            self._stated[node] = said
            for episode in said:
                self._stated_in[episode].add(node)

    def _statement_record(self, node: str) -> dict[str, Any]:
        """A statement's record as the write under way leaves it, else as stored."""
        if node in self._side_writes:
            pending = self._side_writes[node]
            if pending is None:
                raise KeyError(node)
            return pending
        return self._db.statement_rows([node])[0]

    def _stated_rows(self, statement: str) -> list[tuple[str, str, dict[str, Any]]]:
        return [(episode, STATED, {}) for episode in self._stated.get(statement, ())]

    def _remove(self, ns: str, removals: dict[str, list[str]]) -> None:
        """What ``removals`` names in namespace ``ns``: a record of another namespace, or
        none, is left as it is (as ``_remove_node`` leaves a node)."""
        audit = set(self._db.audit_ids(ns)) if removals.get(AUDIT.label) else set()
        for label, ids in removals.items():
            for node_id in ids:
                if label == STATEMENTS.label:
                    if self._has(ns, label, node_id):
                        self._unindex_statement(node_id)
                        self._set_stated(node_id, ())
                        self._side_writes[node_id] = None
                elif label == AUDIT.label:
                    if node_id in audit:
                        self._side_writes[node_id] = None
                elif label not in SIDES:
                    self._remove_node(ns, node_id)

    def _write_statements(self, ns: str, change: ChangeSet) -> None:
        for row in change.statements:
            data = {k: v for k, v in row.items() if k != "episodes"}
            data.update(label=STATEMENTS.label, namespace=ns)
            self._side_writes[row["id"]] = data
            self._index_statement(row["id"], STATEMENTS.values(data))
            self._set_stated(row["id"], row["episodes"])
        for patch in change.statement_patches:
            data = self._statement_record(patch.statement_id)
            data.update(patch.changes)
            self._side_writes[patch.statement_id] = data
            self._unindex_statement(patch.statement_id)
            self._index_statement(patch.statement_id, STATEMENTS.values(data))

    def _scrub(self, ns: str, audit_ids: list[str]) -> None:
        """Audit entries about forgotten records keep what happened, not what it said."""
        pending = self._side_writes
        unread = [i for i in audit_ids if i not in pending]
        found = {row["id"]: row for row in self._db.audit_rows(ns, ids=unread)} if unread else {}
        for audit_id in audit_ids:
            row = pending.get(audit_id) or found.get(audit_id)
            if row is not None:
                row.update(before_json=None, after_json=None, note="content removed: forgotten")
                pending[audit_id] = row

    def _has(self, ns: str, label: str, node: str) -> bool:
        if label == STATEMENTS.label:
            keys = self._statement_keys.get(node)
            return keys is not None and keys[0] == ns
        data = self._graph.nodes.get(node)
        return data is not None and data.get("namespace") == ns and data.get("label") == label

    def _link_entities(self) -> None:
        """Every fact's SUBJECT and OBJECT relationships, made from its keys: the database
        does not store them (``storage.DERIVED``). In the graph's node order, as a fact's
        links were added when it was written."""
        succ, pred, entity = self._graph._succ, self._graph._pred, self._entity
        for node, data in self._graph._node.items():
            if data["label"] != "Fact":
                continue
            ns, out = data["namespace"], succ[node]
            ends = [("SUBJECT", data["subject_key"])]
            if data.get("object_is_entity"):
                ends.append(("OBJECT", data["object_key"]))
            for rel, key in ends:
                target = entity.get((ns, key))
                if target is None:
                    continue  # its entity is gone, and the link went with it
                keys = out.get(target)
                if keys is None:
                    keys = out[target] = pred[target][node] = {}
                keys[rel] = {}

    def _add_node(self, label: str, ns: str, row: Row, vector: Any = None) -> None:
        data = {**row, "label": label, "namespace": ns}
        data.pop("embedding", None)
        self._graph.add_node(row["id"], **data)
        self._index(row["id"], data, vector)

    def _index(
        self, node_id: str, data: dict[str, Any], vector: Any, *, indexed: bool = False
    ) -> None:
        ns, label = data["namespace"], data["label"]
        self._by_label[(label, ns)].add(node_id)
        if label == "Fact":
            self._slot[(ns, data["slot"])].add(node_id)
            self._subject[(ns, data["subject_key"])].add(node_id)
        elif label == "Episode" and (thread := data.get("thread") or data.get("session")):
            self._turns[(ns, thread)].add(node_id)
        elif label == "Entity":
            self._entity[(ns, data["key"])] = node_id
        if label in INDEXED and not indexed:
            self._index_table(node_id, data, vector)

    def _index_table(self, node_id: str, data: dict[str, Any], vector: Any) -> None:
        label = data["label"]
        table = self._tables[(label, data["namespace"])]
        row = table.row(node_id)
        table.keywords.add(row, keyword_counts(data))
        if vector is not None:
            table.vectors.set(row, decode_vector(vector))

    def _remove_node(self, ns: str, node_id: str) -> None:
        data = self._graph.nodes.get(node_id)
        if data is None or data["namespace"] != ns:
            return
        label = data["label"]
        self._by_label[(label, ns)].discard(node_id)
        if label in INDEXED:
            self._tables[(label, ns)].remove(node_id)
        if label == "Episode" and (thread := data.get("thread") or data.get("session")):
            self._turns[(ns, thread)].discard(node_id)
        if label == "Fact":
            self._slot[(ns, data["slot"])].discard(node_id)
            self._subject[(ns, data["subject_key"])].discard(node_id)
            for episode, rels in self._graph._succ[node_id].items():
                if "SUPPORTED_BY" in rels:
                    self._episode_scopes.pop(episode, None)
        elif label == "Episode":
            self._episode_scopes.pop(node_id, None)
            for statement in self._stated_in.pop(node_id, ()):  # it no longer stated them
                self._stated[statement].remove(node_id)
        elif label == "Entity":
            self._entity.pop((ns, data["key"]), None)
        self._graph.remove_node(node_id)


def public_row(data: dict[str, Any]) -> Row:
    # A copy made in C, then two deletions: recall copies hundreds of rows a query.
    row = dict(data)
    row.pop("label", None)
    row.pop("embedding", None)
    return row


def _discard(index: dict[Any, set[str]], key: Any, node: str) -> None:
    held = index.get(key)
    if held is not None:
        held.discard(node)
        if not held:  # a forgotten key leaves no trace in the index either
            del index[key]


def decode_vector(value: Any) -> Any:
    if isinstance(value, str):  # an old snapshot's or journal's base64 float32
        return np.frombuffer(base64.b64decode(value), dtype="<f4")
    return unit(value)  # the database's float32, or an old journal's list of floats
