"""The embedded store: zero configuration, in process, durable in a local folder.

The graph lives in a networkx ``MultiDiGraph`` whose nodes and relationships
have the same labels and property names as in Neo4j. Durability comes from
``graphmem.store.journal``: every change set is one fsynced journal line, so a
write that returned survives a kill; a torn last line is dropped on reopen, and
any other damage is refused with ``StoreCorrupt`` (``graphmem doctor``). A reopen
finishes a forget a kill interrupted before serving anything. Changes are
checked completely before the graph is touched, so a refused write changes
nothing.
"""

from __future__ import annotations

import base64
import functools
import inspect
import secrets
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import fields, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar, cast

import networkx as nx
import numpy as np

from graphmem.context import OWN_WEIGHT
from graphmem.errors import EmbeddingMismatch, GraphmemError, UnknownId, WriteConflict
from graphmem.model import check_namespace
from graphmem.results import PurgeReport
from graphmem.store import channels
from graphmem.store.base import (
    HUB_DEGREE,
    LABELS,
    REEMBED_HINT,
    Candidates,
    ChangeSet,
    FactFilter,
    FactPatch,
    Hit,
    Probe,
    RecallFilter,
    Row,
    StatementPatch,
    interrupted,
)
from graphmem.store.columns import Admitted, Columns
from graphmem.store.indexes import INDEXED, IndexFiles, Table
from graphmem.store.journal import SNAPSHOT_FORMAT, Journal
from graphmem.store.ranking import best_rows
from graphmem.store.rows import slot_key, slot_node_id
from graphmem.store.snapshot import build_graph, no_gc
from graphmem.store.vectors import unit
from graphmem.temporal import AsOf, holds

_COMPACT_EVERY = 2000  # journal entries; bounds replay time on open
_COMPACT_BYTES = 256 << 20  # and journal bytes, for large change sets
_COMPACT_ON_CLOSE = 8 << 20  # a clean close leaves no journal worth seconds of replay
_ZERO = timedelta(0)

F = TypeVar("F", bound=Callable[..., Any])


def _locked(method: F) -> F:
    """One thread at a time: networkx graphs are not safe to read while they change. A
    method whose first parameter is the namespace gets it checked here, below the API."""
    params = list(inspect.signature(method).parameters)
    tenant = len(params) > 1 and params[1] == "namespace"

    @functools.wraps(method)
    def run(self: EmbeddedStore, *args: Any, **kwargs: Any) -> Any:
        if tenant:
            check_namespace(args[0] if args else kwargs["namespace"])
        with self._lock:
            return method(self, *args, **kwargs)

    return cast(F, run)


class EmbeddedStore:
    """A :class:`~graphmem.store.base.GraphStore` in one local folder."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._journal = Journal(self.path)
        self._keys: dict[str, str] | None = None  # keys.json, once read
        self._graph: Any = nx.MultiDiGraph()
        self._seq = 0
        self._by_label: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._slot: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._subject: dict[tuple[str, str], set[str]] = defaultdict(set)
        self._entity: dict[tuple[str, str], str] = {}
        self._said: dict[tuple[str, str], set[str]] = defaultdict(set)  # slot -> statements
        # Facts and episodes by (label, namespace): rows, vectors, keywords (indexes.py).
        self._tables: dict[tuple[str, str], Table] = defaultdict(Table)
        self._files = IndexFiles(self.path)
        self._turns: dict[tuple[str, str], set[str]] = defaultdict(set)  # (ns, session)
        # What recall may see, and its vectors stacked, until the next write: the channels
        # of one recall (and the recalls between two writes) share one filtering pass.
        self._version = 0
        self._seen: dict[tuple[str, str, RecallFilter], tuple[int, Admitted]] = {}
        self._cols: dict[tuple[str, str], tuple[int, Columns]] = {}
        self._changed: dict[tuple[str, str], set[int]] = {}  # rows to refresh in _cols
        self._memo: tuple[int, dict[tuple[str, str], Any]] = (-1, {})  # see _until_write
        self._outdated = False  # the snapshot is of an earlier format
        self._load()

    # ---- durability -------------------------------------------------------

    def _load(self) -> None:
        try:
            with no_gc():  # millions of objects, none of them garbage (snapshot.py)
                self._replay()
        except BaseException:
            self._journal.close()  # a damaged store must not stay locked by this process
            raise

    def _replay(self) -> None:
        self._keys = self._journal.read_meta("keys") or {}  # damaged keys: refuse to open
        # The index files are read beside the snapshot: file reads, checksums and faiss
        # let go of the GIL, so the two overlap on a second core.
        with ThreadPoolExecutor(1, thread_name_prefix="graphmem-open") as pool:
            files = pool.submit(self._files.load_any)
            held = self._journal.read_snapshot()
            found = files.result()
        seq = held.seq
        self._outdated = held.format != SNAPSHOT_FORMAT  # rewritten at close, at the latest
        usable = found is not None and found[0] == seq and held.state is not None
        tables = found[1] if usable and found is not None else None
        if held.state is not None:
            self._restore(held.state, held.vectors, tables)
            del held  # the file's bytes: the vectors are copied into the tables by now
        self._seq = seq
        replay = self._journal.replay(after=seq)
        erasing = False
        for entry_seq, payload in replay.fresh:
            erasing = erasing or _forgetting(payload)
            self._mutate(_change_from(payload))
            self._seq = entry_seq
        # A forget is acknowledged only after its compaction; a kill before that leaves
        # the forgotten text in the old files. Finish the erasure (or an interrupted
        # compaction, whose stale entries may hold it) before serving anything.
        if erasing or replay.stale or self._journal.entries > _COMPACT_EVERY:
            self._compact()
        elif tables is None and self._files.folder.exists():
            # Index files of another snapshot (a kill between the snapshot and them):
            # derived, and they may hold words a forget erased from the snapshot.
            self._files.clear()

    def _restore(
        self, state: Any, vectors: dict[str, Any], tables: dict[tuple[str, str], Table] | None
    ) -> None:
        # Vectors travel beside the node properties, never inside them (memory, speed).
        vectors = dict(vectors)
        for n in state["nodes"]:
            if "vector" in n or "embedding" in n:  # format 1 (base64) or older (lists)
                old = n.pop("embedding", None)
                vectors[n["id"]] = n.pop("vector", old)
        # Built directly: node_link_graph copies every attribute dict once more.
        self._graph = build_graph(state)
        loaded = tables or {}
        for node, data in self._graph.nodes(data=True):
            data["id"] = node  # node_link_graph keeps the id as the key only
            key = (data["label"], data["namespace"])
            if key in loaded:
                self._index(node, data, None, indexed=True)
            else:
                self._index(node, data, vectors.get(node))
        for key, table in loaded.items():
            if set(table.row_of) == self._by_label[key]:
                self._tables[key] = table
                continue
            # The index files disagree with the snapshot: derived data, rebuilt.
            self._tables.pop(key, None)
            for node in sorted(self._by_label[key]):
                self._index_table(node, self._graph.nodes[node], vectors.get(node))

    @_locked
    def salvage(self, payload: dict[str, Any]) -> str | None:
        """Apply one journal entry recovered from a damaged store, if everything it
        refers to is here; the reason it was skipped otherwise (``graphmem repair``)."""
        try:
            change = _change_from(dict(payload))
            change.validate()
            # Slot versions cannot match once records are missing; references must.
            self._precheck(replace(change, slots={}))
            for row in change.facts:
                run = row.get("produced_by")
                if (
                    run
                    and run not in self._graph.nodes
                    and all(r["id"] != run for r in change.runs)
                ):
                    raise UnknownId(f"no DistillationRun with id {run!r}")
        except (GraphmemError, KeyError, TypeError, ValueError) as exc:
            return f"{type(exc).__name__}: {exc}"
        self._commit(change)
        return None

    @_locked
    def compact(self) -> None:
        """Write the snapshot now and empty the journal."""
        self._compact()

    def _commit(self, change: ChangeSet) -> None:
        self._journal.append(self._seq + 1, _change_to(change))
        self._seq += 1
        self._mutate(change)

    def _compact(self) -> None:
        self._outdated = False
        state = nx.node_link_data(self._graph, edges="edges")
        self._journal.compact(self._seq, state, self._vectors())
        self._files.save(self._seq, self._tables, self._texts)

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
                yield row, _keyword_text(nodes[node])

    def _should_compact(self) -> bool:
        if self._journal.entries > _COMPACT_EVERY:
            return True
        path = self._journal.journal_path
        return path.exists() and path.stat().st_size > _COMPACT_BYTES

    # ---- writes -----------------------------------------------------------

    @_locked
    def store_key(self, namespace: str, name: str) -> bytes:
        # Read once per open: every external write asks for the tombstone key.
        if self._keys is None:
            self._keys = {}
        label = f"{namespace}\x1f{name}"
        if label not in self._keys:
            self._keys[label] = secrets.token_hex(32)
            self._journal.write_meta("keys", self._keys, private=True)
        return bytes.fromhex(self._keys[label])

    @contextmanager
    def hold_slots(self, namespace: str, slots: Iterable[str]) -> Iterator[None]:
        # One process owns the folder; within it, the store lock serialises writers.
        check_namespace(namespace)
        with self._lock:
            yield

    @_locked
    def apply(self, change: ChangeSet) -> None:
        change.validate()
        if change.is_empty():
            return
        self._precheck(change)
        self._commit(change)
        forgetting = change.removals or change.redactions or change.audit_scrubs
        if forgetting or self._should_compact():
            # Forgotten content must leave the disk too, not only the graph.
            self._compact()

    def _precheck(self, change: ChangeSet) -> None:
        ns = change.namespace
        for key, expected in change.slots.items():
            current = self._slot_version(ns, key)
            if current != expected:
                raise WriteConflict(
                    f"slot {key!r} in namespace {ns!r} is at version {current}, "
                    f"not {expected}: another writer changed it"
                )
        known = {row["id"] for row in change.facts}
        episodes = {row["id"] for row in change.episodes}
        statements = {row["id"] for row in change.statements}
        for row in change.statements:
            for episode in row["episodes"]:
                self._require(ns, "Episode", episode, episodes)
        for statement_patch in change.statement_patches:
            self._require(ns, "Statement", statement_patch.statement_id, statements)
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
        for row in change.contexts:
            self._require(ns, "Episode", row["id"], episodes)
        for row in change.run_marks:
            self._require(ns, "DistillationRun", row["id"], set())
        keys = {row["key"] for row in change.entities}
        used = [row["entity_key"] for row in change.mentions]
        used += [row["subject_key"] for row in change.facts]
        used += [row["subject_key"] for row in change.statements]
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

    def _slot_version(self, ns: str, key: str) -> int:
        data = self._graph.nodes.get(slot_node_id(ns, key))
        return 0 if data is None else int(data["version"])

    def _mutate(self, change: ChangeSet) -> None:
        if not _use_statistics_only(change):
            self._version += 1  # what recall may see has changed: refresh its columns
            self._mark_changed(change)
        ns = change.namespace
        g = self._graph
        for key in change.slots:
            # The slot's node carries a digest, never the slot's words (they may be forgotten).
            node = slot_node_id(ns, key)
            if node in g.nodes:
                g.nodes[node]["version"] += 1
            else:
                self._add_node("Slot", ns, {"id": node, "version": 1})
        for row in change.episodes:
            self._add_node("Episode", ns, row, change.embeddings.get(row["id"]))
        for row in change.entities:
            if (ns, row["key"]) not in self._entity:
                self._add_node("Entity", ns, row)
        for row in change.mentions:
            g.add_edge(row["episode_id"], self._entity[(ns, row["entity_key"])], key="MENTIONS")
        for row in change.runs:
            self._add_node("DistillationRun", ns, row)
        for row in change.facts:
            self._add_node("Fact", ns, row, change.embeddings.get(row["id"]))
            if row.get("produced_by"):
                g.add_edge(row["id"], row["produced_by"], key="PRODUCED_BY")
            g.add_edge(row["id"], self._entity[(ns, row["subject_key"])], key="SUBJECT")
            if row["object_is_entity"]:
                g.add_edge(row["id"], self._entity[(ns, row["object_key"])], key="OBJECT")
        for row in change.statements:
            self._add_node("Statement", ns, {k: v for k, v in row.items() if k != "episodes"})
            for episode in row["episodes"]:
                g.add_edge(row["id"], episode, key="STATED_IN")
        for statement_patch in change.statement_patches:
            g.nodes[statement_patch.statement_id].update(statement_patch.changes)
        for row in change.supports:
            g.add_edge(
                row["fact_id"],
                row["episode_id"],
                key="SUPPORTED_BY",
                role=row["role"],
                added_at=row["added_at"],
            )
        for row in change.supersessions:
            g.add_edge(
                row["new_id"],
                row["old_id"],
                key="SUPERSEDES",
                at=row["at"],
                reason=row["reason"],
                previous_until=row["previous_until"],
            )
        for patch in change.patches:
            g.nodes[patch.fact_id].update(patch.changes)
        for row in change.redactions:
            g.nodes[row["id"]].update(content=row["content"], redactions=row["redactions"])
            self._rekey(ns, g.nodes[row["id"]])  # the redacted words leave the files too
        for row in change.contexts:
            node = g.nodes[row["id"]]
            for key in ("context_text", "context_from"):
                if row.get(key) is None:
                    node.pop(key, None)
                else:
                    node[key] = row[key]
            self._rekey(ns, node)
        for row in change.audit:
            self._add_node("AuditEntry", ns, row)
        for row in change.tombstones:
            self._add_node("Tombstone", ns, row)
        for row in change.checkpoints:
            self._add_node("Checkpoint", ns, row)
        for row in change.run_marks:
            g.nodes[row["id"]].update(status=row["status"], rolled_back_at=row["rolled_back_at"])
        for audit_id in change.audit_scrubs:
            if audit_id in g.nodes:
                g.nodes[audit_id].update(
                    before_json=None, after_json=None, note="content removed: forgotten"
                )
        for ids in change.removals.values():
            for node_id in ids:
                self._remove_node(ns, node_id)
        for label in INDEXED:
            grown = self._tables.get((label, ns))
            if grown is not None:
                grown.catch_up()

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
        elif label == "Episode" and data.get("session") is not None:
            self._turns[(ns, data["session"])].add(node_id)
        elif label == "Entity":
            self._entity[(ns, data["key"])] = node_id
        elif label == "Statement":
            self._said[(ns, data["slot"])].add(node_id)
        if label in INDEXED and not indexed:
            self._index_table(node_id, data, vector)

    def _index_table(self, node_id: str, data: dict[str, Any], vector: Any) -> None:
        label = data["label"]
        table = self._tables[(label, data["namespace"])]
        row = table.row(node_id)
        table.keywords.add(row, _keyword_text(data))
        if vector is not None:
            table.vectors.set(row, decode_vector(vector))

    def _rekey(self, ns: str, node: dict[str, Any]) -> None:
        """Index an episode's words again after they changed; the old words are erased."""
        table = self._tables[("Episode", ns)]
        at = table.row(node["id"])
        table.keywords.remove(at, erase=True)
        table.keywords.add(at, _keyword_text(node))

    def _remove_node(self, ns: str, node_id: str) -> None:
        data = self._graph.nodes.get(node_id)
        if data is None or data["namespace"] != ns:
            return
        label = data["label"]
        self._by_label[(label, ns)].discard(node_id)
        if label in INDEXED:
            self._tables[(label, ns)].remove(node_id)
        if label == "Episode" and data.get("session") is not None:
            self._turns[(ns, data["session"])].discard(node_id)
        if label == "Fact":
            self._slot[(ns, data["slot"])].discard(node_id)
            self._subject[(ns, data["subject_key"])].discard(node_id)
        elif label == "Entity":
            self._entity.pop((ns, data["key"]), None)
        elif label == "Statement":
            self._said[(ns, data["slot"])].discard(node_id)
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

    @_locked
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

    @_locked
    def slot_facts(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        ids = [fact for slot in dict.fromkeys(slots) for fact in self._slot[(namespace, slot)]]
        rows = self._rows(namespace, "Fact", ids)
        rows.sort(key=lambda row: (row["valid_from"], row["recorded_at"], row["id"]))
        return rows

    @_locked
    def facts_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._rows(namespace, "Fact", ids)

    @_locked
    def slot_versions(self, namespace: str, slots: Iterable[str]) -> dict[str, int]:
        return {
            key: self._slot_version(namespace, key)
            for key in slots
            if slot_node_id(namespace, key) in self._graph.nodes
        }

    def _statements(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        rows = self._rows(namespace, "Statement", ids)
        for row in rows:
            row["episodes"] = sorted(
                v for _, v, k in self._graph.out_edges(row["id"], keys=True) if k == "STATED_IN"
            )
        rows.sort(key=lambda row: (row["said_at"], row["recorded_at"], row["id"]))
        return rows

    @_locked
    def slot_statements(self, namespace: str, slots: Iterable[str]) -> list[Row]:
        ids = [s for slot in dict.fromkeys(slots) for s in self._said[(namespace, slot)]]
        return self._statements(namespace, ids)

    @_locked
    def statements_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._statements(namespace, ids)

    @_locked
    def statements_about(self, namespace: str, entity_key: str) -> list[Row]:
        nodes = self._graph.nodes
        ids = [
            i
            for i in self._by_label[("Statement", namespace)]
            if entity_key in (nodes[i]["subject_key"], nodes[i].get("object_key"))
            or (
                nodes[i].get("object_key") is None
                and entity_key in str(nodes[i]["object_text"]).lower()
            )
        ]
        return self._statements(namespace, ids)

    @_locked
    def episode_statements(self, namespace: str, episode_ids: Iterable[str]) -> list[Row]:
        ids: set[str] = set()
        for episode in self._rows(namespace, "Episode", episode_ids):
            ids |= {
                u for u, _, k in self._graph.in_edges(episode["id"], keys=True) if k == "STATED_IN"
            }
        return self._statements(namespace, ids)

    @_locked
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

    @_locked
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

    @_locked
    def episode_facts(self, namespace: str, episode_id: str) -> list[Row]:
        if not self._rows(namespace, "Episode", [episode_id]):
            return []
        ids = [u for u, _, k in self._graph.in_edges(episode_id, keys=True) if k == "SUPPORTED_BY"]
        return self._rows(namespace, "Fact", ids)

    @_locked
    def episodes_of_source(self, namespace: str, source_ref: str) -> list[str]:
        rows = self._rows(namespace, "Episode", self._by_label[("Episode", namespace)])
        return sorted(row["id"] for row in rows if row.get("source_ref") == source_ref)

    @_locked
    def episodes_by_id(self, namespace: str, ids: Iterable[str]) -> list[Row]:
        return self._rows(namespace, "Episode", ids)

    @_locked
    def session_turns(
        self, namespace: str, session: str, around: datetime | None, reach: int
    ) -> list[Row]:
        # Sorted and sliced on the stored nodes; only the turns returned are copied (this
        # runs on every remember of a turn).
        nodes = self._graph.nodes
        rows = sorted(
            (nodes[i] for i in self._turns[(namespace, session)] if i in nodes),
            key=lambda r: (r["occurred_at"], r["recorded_at"], r["id"]),
        )
        if around is not None:
            split = sum(1 for r in rows if r["occurred_at"] <= around)
            rows = rows[max(0, split - reach) : split + reach]
        return [{key: row.get(key) for key in _TURN_FIELDS} for row in rows]

    @_locked
    def audit(self, namespace: str, since: datetime | None) -> list[Row]:
        rows = self._rows(namespace, "AuditEntry", self._by_label[("AuditEntry", namespace)])
        if since is not None:
            rows = [row for row in rows if row["at"] >= since]
        rows.sort(key=lambda row: (row["at"], row["id"]))
        return rows

    @_locked
    def tombstoned(self, namespace: str, digests: Iterable[str]) -> set[str]:
        wanted = set(digests)
        rows = self._rows(namespace, "Tombstone", self._by_label[("Tombstone", namespace)])
        return {row["digest"] for row in rows if row["digest"] in wanted}

    @_locked
    def checkpoints(self, namespace: str, task: str, limit: int) -> list[Row]:
        rows = self._rows(namespace, "Checkpoint", self._by_label[("Checkpoint", namespace)])
        rows = [row for row in rows if row["task"] == task]
        rows.sort(key=lambda row: (row["at"], row["id"]), reverse=True)
        return rows[:limit]

    @_locked
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

    @_locked
    def audit_of(self, namespace: str, target_ids: Iterable[str]) -> list[Row]:
        wanted = set(target_ids)
        rows = self._rows(namespace, "AuditEntry", self._by_label[("AuditEntry", namespace)])
        return [row for row in rows if row.get("target_id") in wanted]

    @_locked
    def facts_about(self, namespace: str, entity_key: str) -> list[Row]:
        entity = self._entity.get((namespace, entity_key))
        if entity is None:
            return []
        return self._rows(namespace, "Fact", dict.fromkeys(self._linked_facts(entity)))

    @_locked
    def entity_id(self, namespace: str, key: str) -> str | None:
        return self._entity.get((namespace, key))

    @_locked
    def ids(self, namespace: str, label: str) -> list[str]:
        return sorted(self._by_label[(label, namespace)])

    @_locked
    def run(self, namespace: str, run_id: str) -> Row | None:
        rows = self._rows(namespace, "DistillationRun", [run_id])
        return rows[0] if rows else None

    @_locked
    def export_rows(self, namespace: str) -> dict[str, list[Row]]:
        out: dict[str, list[Row]] = {}
        for label in LABELS:
            ids = sorted(self._by_label[(label, namespace)])
            out[label] = [
                {k: v for k, v in row.items() if v is not None}
                for row in self._rows(namespace, label, ids)
            ]
        out["supports"], out["supersessions"], out["stated"] = [], [], []
        for statement_id in sorted(self._by_label[("Statement", namespace)]):
            for _, episode, key in self._graph.out_edges(statement_id, keys=True):
                if key == "STATED_IN":
                    out["stated"].append({"statement_id": statement_id, "episode_id": episode})
        for fact_id in sorted(self._by_label[("Fact", namespace)]):
            for _, other, key, data in self._graph.out_edges(fact_id, keys=True, data=True):
                if key == "SUPPORTED_BY":
                    out["supports"].append({"fact_id": fact_id, "episode_id": other, **data})
                elif key == "SUPERSEDES":
                    out["supersessions"].append({"new_id": fact_id, "old_id": other, **data})
        return out

    @_locked
    def find_text(self, namespace: str, needle: str) -> list[Row]:
        wanted = needle.casefold()
        found: list[Row] = []
        g = self._graph
        for node, data in g.nodes(data=True):
            if data.get("namespace") != namespace:
                continue
            for key, value in data.items():
                if key != "embedding" and wanted in str(value).casefold():
                    found.append(
                        {"kind": "node", "label": data["label"], "id": node, "property": key}
                    )
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
                node = None if doc is None else g.nodes.get(doc)
                text = "" if node is None else _keyword_text(node)
                # A keyword entry counts when it outlived its node, or still holds the text.
                if index.holds_all(row, needle) and (node is None or wanted in text.casefold()):
                    found.append(
                        {"kind": "index", "label": label, "id": doc, "property": "keywords"}
                    )
        # The files on disk: forgotten text must leave them too, not only the graph.
        for name, text in self._journal.texts_on_disk(namespace):
            if wanted in text.casefold():
                found.append({"kind": "file", "label": name, "id": None, "property": None})
        for name in self._files.holding(wanted):
            found.append({"kind": "file", "label": name, "id": None, "property": None})
        return found

    def _datetimes(self, namespace: str) -> Iterator[tuple[str, str, str, dict[str, Any], str]]:
        g = self._graph
        for node, data in g.nodes(data=True):
            if data.get("namespace") != namespace:
                continue
            for key, value in data.items():
                if isinstance(value, datetime):
                    yield "node", data["label"], node, data, key
            for _, _, rel, attrs in g.out_edges(node, keys=True, data=True):
                for key, value in attrs.items():
                    if isinstance(value, datetime):
                        yield "relationship", rel, node, attrs, key

    @_locked
    def noncanonical_datetimes(self, namespace: str) -> list[Row]:
        return [
            {"kind": kind, "label": label, "id": node, "property": key, "value": str(props[key])}
            for kind, label, node, props, key in self._datetimes(namespace)
            if props[key].utcoffset() != _ZERO
        ]

    @_locked
    def canonicalise_datetimes(self, namespace: str) -> int:
        # Python compares aware datetimes by instant, and every write path stores UTC: there is
        # nothing to rewrite here; the count says so.
        return len(self.noncanonical_datetimes(namespace))

    @_locked
    def counts(self, namespace: str) -> dict[str, int]:
        return {
            label: len(self._by_label[(label, namespace)])
            for label in ("Episode", "Entity", "Fact", "Statement", "AuditEntry", "Tombstone")
        }

    # ---- recall -----------------------------------------------------------

    @_locked
    def ensure_vectors(self, embedder_name: str, dimensions: int) -> None:
        recorded = self._journal.read_meta("embedder")
        wanted = {"name": embedder_name, "dimensions": dimensions}
        if recorded is not None and recorded.get("pending"):
            raise EmbeddingMismatch(interrupted(recorded["name"]))
        if recorded is None:
            self._journal.write_meta("embedder", wanted)
        elif recorded != wanted:
            raise EmbeddingMismatch(
                f"the embedded store at {self.path} was built by {recorded['name']!r} "
                f"({recorded['dimensions']} dimensions) but the configured embedder is "
                f"{embedder_name!r} ({dimensions}); {REEMBED_HINT}"
            )

    # ---- re-embedding (graphmem/reembed.py) ---------------------------------------

    @_locked
    def namespaces(self) -> list[str]:
        return sorted({ns for label, ns in self._by_label if label in ("Fact", "Episode")})

    @_locked
    def begin_vectors(self, embedder_name: str, dimensions: int) -> None:
        wanted = {"name": embedder_name, "dimensions": dimensions, "pending": True}
        self._journal.write_meta("embedder", wanted)

    @_locked
    def set_vectors(self, namespace: str, vectors: dict[str, list[float]]) -> None:
        check_namespace(namespace)
        nodes = self._graph.nodes
        for node_id, vector in vectors.items():
            data = nodes.get(node_id)
            if data is None or data.get("namespace") != namespace:
                raise UnknownId(f"no fact or episode {node_id!r} in namespace {namespace!r}")
            table = self._tables[(data["label"], namespace)]
            table.vectors.set(table.row(node_id), vector)
        self._version += 1  # recall's stacked vectors are stale

    @_locked
    def end_vectors(self, embedder_name: str, dimensions: int) -> None:
        self._compact()  # the snapshot carries the new vectors; the journal never had them
        self._journal.write_meta("embedder", {"name": embedder_name, "dimensions": dimensions})

    def _admitted(self, namespace: str, where: RecallFilter, label: str = "Fact") -> Admitted:
        """What recall may see: the filter runs over numpy columns of the namespace (built
        once per write), so a recall costs a few vector operations, not a Python loop."""
        key = (namespace, label, where)
        cached = self._seen.get(key)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        table = self._tables[(label, namespace)]
        mask = self._columns(namespace, label).mask(where)
        if label == "Episode" and where.scopes is not None:
            for row in np.flatnonzero(mask):
                node = table.ids[row]
                mask[row] = node is not None and self._in_scope(node, where.scopes)
        has = table.vectors.has
        width = min(len(mask), len(has))
        vector_rows = np.flatnonzero(mask[:width] & has[:width])
        admitted = Admitted(mask=mask, vector_rows=vector_rows)
        if len(self._seen) > 64:
            self._seen.clear()
        self._seen[key] = (self._version, admitted)
        return admitted

    def _columns(self, namespace: str, label: str) -> Columns:
        cached = self._cols.get((namespace, label))
        if cached is not None and cached[0] == self._version:
            return cached[1]
        table = self._tables[(label, namespace)]
        changed = self._changed.pop((namespace, label), set())
        if cached is None:
            cols = Columns.build(label, table.ids, self._graph.nodes)
        else:
            # Only the rows a write touched: a full build reads every node (seconds at 100k).
            cols = cached[1]
            cols.refresh(table.ids, self._graph.nodes, changed)
        self._cols[(namespace, label)] = (self._version, cols)
        return cols

    def _mark_changed(self, change: ChangeSet) -> None:
        """Note, before ``change`` applies, the existing rows whose filter columns it may
        alter: patched, rewritten or removed nodes. New rows are known by their numbers."""
        ns = change.namespace
        ids = [patch.fact_id for patch in change.patches]
        ids += [row["id"] for row in (*change.facts, *change.episodes)]
        ids += [node for nodes in change.removals.values() for node in nodes]
        for node in ids:
            data = self._graph.nodes.get(node)
            if data is None or data["label"] not in INDEXED or data["namespace"] != ns:
                continue
            key = (ns, data["label"])
            row = self._tables[(data["label"], ns)].row_of.get(node)
            if key in self._cols and row is not None:
                self._changed.setdefault(key, set()).add(row)

    def _ranked(
        self, table: Table, rows: Any, scores: Any, *, vector: Any, limit: int
    ) -> list[Hit]:
        """The best ``limit`` rows of a channel: by score, then cosine to the query, then id."""
        query = None if vector is None else unit(vector)
        nodes = self._graph.nodes
        return [
            Hit(_public(nodes[table.ids[row]]), similarity, score)
            for row, similarity, score in best_rows(
                table.vectors, table.ids, rows, scores, query=query, limit=limit
            )
        ]

    def _nearest(
        self, label: str, namespace: str, admitted: Admitted, vector: list[float], limit: int
    ) -> list[Hit]:
        table = self._tables[(label, namespace)]
        nodes = self._graph.nodes
        return [
            Hit(_public(nodes[table.ids[row]]), similarity, similarity)
            for row, similarity in table.vectors.search(vector, admitted.vector_rows, limit)
        ]

    def _keyword(
        self,
        label: str,
        namespace: str,
        admitted: Admitted,
        text: str,
        *,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        table = self._tables[(label, namespace)]
        found = table.keywords.search(text, limit, admitted.mask, table.ids)
        rows, scores = [row for row, _ in found], [score for _, score in found]
        return self._ranked(table, rows, scores, vector=vector, limit=limit)

    @_locked
    def similar_facts(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        return self._nearest("Fact", namespace, self._admitted(namespace, where), vector, limit)

    @_locked
    def keyword_facts(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        admitted = self._admitted(namespace, where)
        return self._keyword("Fact", namespace, admitted, text, vector=vector, limit=limit)

    @_locked
    def entity_facts(
        self,
        namespace: str,
        where: RecallFilter,
        keys: list[str],
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        # A fact linked to a named entity scores 1, one reached in one hop 0.5 (a named link
        # wins whatever the order): rows, so a hub's thousands of facts stay numpy.
        named: list[Any] = []
        reached: list[Any] = []
        nodes, succ = self._graph._node, self._graph._succ
        expanded: set[str] = set()  # neighbours reached through several links: looked at once
        for key in keys:
            entity = self._entity.get((namespace, key))
            if entity is None:
                continue
            linked = self._linked_rows(namespace, entity)
            named.append(linked)
            if len(linked) > HUB_DEGREE:
                continue  # a hub: its own facts count, it is not expanded through
            for fact_id in self._linked_facts(entity):
                link = nodes[fact_id]
                if not holds(
                    link["valid_from"],
                    link["valid_until"],
                    link["recorded_at"],
                    link["retired_at"],
                    where.point,
                ):
                    continue
                # The adjacency itself, in out_edges' order (networkx's views cost more).
                for other, rels in succ[fact_id].items():
                    linking = "SUBJECT" in rels or "OBJECT" in rels
                    if not linking or other == entity or other in expanded:
                        continue
                    expanded.add(other)
                    if not self._is_hub(other):
                        reached.append(self._linked_rows(namespace, other, subject_only=True))
        if not named:
            return []
        direct = np.concatenate(named)
        rows = np.union1d(direct, np.concatenate(reached)) if reached else np.unique(direct)
        rows = rows[rows >= 0]  # -1: a fact without a row (none expected)
        rows = rows[self._admitted(namespace, where).mask[rows]]
        scores = np.where(np.isin(rows, direct), 1.0, 0.5)
        table = self._tables[("Fact", namespace)]
        return self._ranked(table, rows, scores, vector=vector, limit=limit)

    def _linked_facts(self, entity: str, *, subject_only: bool = False) -> list[str]:
        wanted = ("SUBJECT",) if subject_only else _LINKS
        # The adjacency itself, in in_edges' order: a hub has thousands of links, and
        # networkx's edge view costs several times more per link (bench/embedded_scale.py).
        links = self._graph._pred[entity]
        return [u for u, rels in links.items() for rel in rels if rel in wanted]

    def _until_write(self) -> dict[tuple[str, str], Any]:
        """What recall learnt about the graph since the last write (hubs, linked rows):
        the recalls between two writes ask about the same cities and companies."""
        if self._memo[0] != self._version:
            self._memo = (self._version, {})
        return self._memo[1]

    def _linked_rows(self, namespace: str, entity: str, *, subject_only: bool = False) -> Any:
        """:meth:`_linked_facts` as rows of the namespace's Fact table."""
        memo = self._until_write()
        key = ("subject rows" if subject_only else "rows", entity)
        rows = memo.get(key)
        if rows is None:
            row_of = self._tables[("Fact", namespace)].row_of
            linked = self._linked_facts(entity, subject_only=subject_only)
            rows = np.fromiter((row_of.get(f, -1) for f in linked), np.int64, len(linked))
            memo[key] = rows
        return rows

    def _is_hub(self, entity: str) -> bool:
        """More than ``HUB_DEGREE`` linked facts; counts no further than that."""
        memo = self._until_write()
        known = memo.get(("hub", entity))
        if known is None:
            known = memo[("hub", entity)] = self._count_over_hub(entity)
        return bool(known)

    def _count_over_hub(self, entity: str) -> bool:
        count = 0
        for rels in self._graph._pred[entity].values():
            for rel in rels:
                if rel in _LINKS:
                    count += 1
                    if count > HUB_DEGREE:
                        return True
        return False

    def _in_scope(self, episode_id: str, scopes: tuple[str, ...] | None) -> bool:
        """An episode behind a fact of another scope stays out of a scoped recall."""
        if scopes is None:
            return True
        nodes = self._graph.nodes
        return all(
            nodes[fact]["scope"] in scopes
            for fact, _, rel in self._graph.in_edges(episode_id, keys=True)
            if rel == "SUPPORTED_BY"
        )

    @_locked
    def similar_episodes(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        admitted = self._admitted(namespace, where, "Episode")
        return self._nearest("Episode", namespace, admitted, vector, limit)

    @_locked
    def keyword_episodes(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        admitted = self._admitted(namespace, where, "Episode")
        return self._keyword("Episode", namespace, admitted, text, vector=vector, limit=limit)

    @_locked
    def episodes_standing(self, namespace: str, ids: Iterable[str], point: AsOf) -> dict[str, bool]:
        out: dict[str, bool] = {}
        nodes, pred = self._graph._node, self._graph._pred
        for episode in ids:
            data = nodes.get(episode)
            if data is None or data["namespace"] != namespace or data["label"] != "Episode":
                continue
            # Lazily, stopping at the first fact that holds: an episode may support thousands.
            # The adjacency itself, in in_edges' order (networkx's views cost more).
            facts = (nodes[f] for f, rels in pred[episode].items() if "SUPPORTED_BY" in rels)
            seen = False
            for f in facts:
                seen = True
                if holds(
                    f["valid_from"], f["valid_until"], f["recorded_at"], f["retired_at"], point
                ):
                    out[episode] = True
                    break
            else:
                if seen:
                    out[episode] = False
        return out

    def recall_candidates(
        self,
        namespace: str,
        where: RecallFilter,
        probe: Probe,
    ) -> Candidates:
        # In process, a channel costs no round trip: the default composition serves.
        return channels.compose(self, namespace, where, probe)

    def recall_rows(
        self, namespace: str, fact_ids: list[str], episode_ids: list[str]
    ) -> tuple[dict[str, Row], list[Row]]:
        return channels.rows(self, namespace, fact_ids, episode_ids)

    @_locked
    def purge(self, timeout: float) -> PurgeReport:
        # Every forget already compacts; a purge also clears what a crash may have left.
        began = time.monotonic()
        stray = self._journal.remove_strays()
        self._compact()
        steps = ["snapshot rewritten from the live graph; journal emptied"]
        if stray:
            steps.append(f"removed {stray} files left by an interrupted write")
        return PurgeReport(
            store="embedded", seconds=round(time.monotonic() - began, 3), steps=steps
        )

    @_locked
    def close(self) -> None:
        path = self._journal.journal_path
        if self._outdated or (path.exists() and path.stat().st_size > _COMPACT_ON_CLOSE):
            # So that the next open reads a snapshot of this version's format, not a long
            # journal (or one of an earlier graphmem's, slower to read).
            self._compact()
        self._journal.close()


_USE_FIELDS = frozenset({"use_count", "last_used_at"})
_LINKS = ("SUBJECT", "OBJECT")  # a fact's links to its entities


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


def _use_statistics_only(change: ChangeSet) -> bool:
    """Use statistics do not change what recall may see, so they keep its columns."""
    return (
        bool(change.patches)
        and all(set(p.changes) <= _USE_FIELDS for p in change.patches)
        and all(
            not getattr(change, f.name)
            for f in fields(change)
            if f.name not in ("namespace", "patches")
        )
    )


def encode_vector(vector: Any) -> str:
    """A unit vector as base64 float32: a snapshot reads it far faster than a JSON list."""
    return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")


def decode_vector(value: Any) -> Any:
    if isinstance(value, str):
        return np.frombuffer(base64.b64decode(value), dtype="<f4")
    return unit(value)  # an older snapshot's or the journal's list of floats


def _public(data: dict[str, Any]) -> Row:
    # A copy made in C, then two deletions: recall copies hundreds of rows a query.
    row = dict(data)
    row.pop("label", None)
    row.pop("embedding", None)
    return row


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


def _forgetting(payload: dict[str, Any]) -> bool:
    """A change that removes or scrubs content: the disk must lose it too."""
    return bool(payload.get("removals") or payload.get("redactions") or payload.get("audit_scrubs"))


def _keyword_text(data: dict[str, Any]) -> str:
    """What a node's keyword entry indexes: a fact's search text; an episode's content
    and the words of the turns around it (never quoted, only matched). The content is
    written ``OWN_WEIGHT`` times so that the turn that says the words outranks the
    neighbours that only heard them (BM25F with the context at a lower weight)."""
    if data.get("label") == "Fact":
        return str(data.get("search_text") or "")
    content = str(data.get("content") or "")
    context = data.get("context_text")
    if not context:
        return content
    return "\n".join([content] * OWN_WEIGHT + [str(context)])


def _change_to(change: ChangeSet) -> dict[str, Any]:
    payload = {f.name: getattr(change, f.name) for f in fields(change)}
    payload["patches"] = [[p.fact_id, p.changes] for p in change.patches]
    payload["statement_patches"] = [[p.statement_id, p.changes] for p in change.statement_patches]
    # Base64 float32, not a JSON list: a fifth of the bytes, and a replay parses it fast.
    payload["embeddings"] = {
        k: v if isinstance(v, str) else encode_vector(unit(v)) for k, v in change.embeddings.items()
    }
    return payload


def _change_from(payload: dict[str, Any]) -> ChangeSet:
    patches = [FactPatch(fact_id, changes) for fact_id, changes in payload.pop("patches")]
    said = [StatementPatch(i, changes) for i, changes in payload.pop("statement_patches", [])]
    return ChangeSet(patches=patches, statement_patches=said, **payload)
