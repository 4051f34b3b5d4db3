"""The embedded store itself: opening (the database, or an old folder moved to it),
writes, and what keeps the files in step, with the reads (reads.py) and recall
channels (recall.py) it inherits."""

from __future__ import annotations

import secrets
import time
import weakref
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import fields, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from graphmem import config
from graphmem.errors import (
    EmbeddingMismatch,
    GraphmemError,
    InvalidArgument,
    UnknownId,
    WriteConflict,
)
from graphmem.model import check_namespace
from graphmem.results import PurgeReport
from graphmem.store.base import REEMBED_HINT, interrupted
from graphmem.store.changes import ChangeSet, FactPatch, Row, StatementPatch
from graphmem.store.embedded import migrate
from graphmem.store.embedded.reads import Reads
from graphmem.store.embedded.recall import Channels
from graphmem.store.embedded.side_tables import AUDIT, SIDES, STATEMENTS
from graphmem.store.embedded.state import decode_vector, locked
from graphmem.store.embedded.storage import FORMAT, STATED, Database, corrupt
from graphmem.store.embedded.written import outgoing, written
from graphmem.store.indexes import INDEXED, Table
from graphmem.store.keywords import keyword_counts
from graphmem.store.lock import acquire, release
from graphmem.store.rows import slot_node_id
from graphmem.store.salvage import Applicable, applicable
from graphmem.store.snapshot import build_graph, long_lived, no_gc

_ZERO = timedelta(0)


def _seconds(wait: object) -> float:
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not wait >= 0:
        raise InvalidArgument(f"wait={wait!r} must be 0 or more seconds")
    return float(wait)


class EmbeddedStore(Reads, Channels):
    """A :class:`~graphmem.store.base.GraphStore` in one local folder."""

    def __init__(self, path: str | Path, *, wait: float | None = None) -> None:
        """Open the store in ``path``. Another process holding it: wait up to ``wait``
        seconds for it, in turn with other waiters (``GRAPHMEM_LOCK_WAIT`` when None; 0
        raises ``StoreLocked`` at once)."""
        wait = config.lock_wait() if wait is None else _seconds(wait)
        super().__init__(path)
        self._held = acquire(self.path, wait)
        try:
            self._db = Database(self.path)
            try:
                with no_gc():  # millions of objects, none of them garbage (snapshot.py)
                    self._open()
                    long_lived(sum(self._db.counts.values()))
                # A large store's open leaves what it loaded out of the cyclic collector's
                # passes, so only reference counting frees it, and the graph object sits in a
                # cycle (networkx caches views that point back to it): its contents go when
                # the store does.
                weakref.finalize(self, self._graph.clear).atexit = False
            except BaseException:
                self._db.db.close()
                raise
        except BaseException:
            release(self._held)  # a damaged store must not stay locked by this process
            raise

    # ---- durability -------------------------------------------------------

    def _open(self) -> None:
        # The index files are read beside the database: file reads and faiss let go of
        # the GIL, so the two overlap on a second core.
        with ThreadPoolExecutor(1, thread_name_prefix="graphmem-open") as pool:
            files = pool.submit(self._files.load_any)
            loaded = self._db.load()
            found = files.result()
        if "format" not in loaded.meta:
            if loaded.nodes:  # every store marks its database before its first row
                raise corrupt(self._db.path, "its format is not recorded")
            if migrate.is_old(self.path):
                self._migrate()
                return
            # A new store: marked, so that old files appearing later are never read.
            self._db.set_meta("format", FORMAT)
            loaded.meta["format"] = FORMAT
        # A kill between a forget's commit and its erasure left freed pages and a WAL
        # holding the old rows: finish the erasure before serving anything.
        self._db.erase(opening=True)
        self._meta = loaded.meta
        self._seq = int(self._meta.get("seq", 0))
        usable = found is not None and found[0] == self._seq and bool(loaded.nodes)
        tables = found[1] if usable and found is not None else None
        state = {"nodes": loaded.nodes, "edges": loaded.edges}
        self._restore(state, loaded.vectors, tables)
        for row in loaded.statements:
            self._index_statement(row[0], row[1:])
        for statement, episode in loaded.stated:
            if statement in self._statement_keys:
                self._stated.setdefault(statement, []).append(episode)
                self._stated_in[episode].add(statement)
        self._saved = self._seq if tables is not None else -1
        if migrate.old_files(self.path):  # a move a kill interrupted after its commit
            migrate.remove_old(self.path)
            self._files.clear()
        elif tables is None and self._files.folder.exists():
            # Index files of another state of the database: derived, and they may hold
            # words a forget erased since.
            self._files.clear()

    def _migrate(self) -> None:
        """Move a folder of the journal-and-snapshot format to the database (migrate.py)."""
        old = migrate.read_old(self.path)
        held = old.snapshot
        if held.state is not None:
            self._restore_old(held.state, held.vectors)
        for _, payload in old.entries:
            self._mutate(_change_from(payload))
        self._meta = {**old.meta, "format": FORMAT, "seq": 1}
        self._seq = 1
        self._db.clear()
        g = self._graph
        nodes = [(node, data) for node, data in g.nodes(data=True)]
        nodes += [(node, row) for node, row in self._side_writes.items() if row is not None]
        self._side_writes = {}
        edges = [(node, outgoing(g, node)) for node in g]
        edges += [(node, self._stated_rows(node)) for node in self._statement_keys]
        self._db.write(nodes, edges, self._vectors(), self._meta)
        self._files.clear()  # made beside the old snapshot: written again at close
        self._saved = -1
        migrate.remove_old(self.path)
        self._db.erase()

    def _restore_old(self, state: Any, vectors: dict[str, Any]) -> None:
        """An old snapshot's graph: its side tables' records to be written to their tables
        (statements indexed, with their episodes), the rest restored as a graph."""
        kept = []
        for node in state["nodes"]:
            label = node.get("label")
            if label not in SIDES:
                kept.append(node)
                continue
            self._side_writes[node["id"]] = node
            if label == STATEMENTS.label:
                self._index_statement(node["id"], STATEMENTS.values(node))
        edges = []
        for source, target, key, properties in state["edges"]:
            if key == STATED:
                self._set_stated(source, [*self._stated.get(source, ()), target])
            else:
                edges.append((source, target, key, properties))
        self._restore({**state, "nodes": kept, "edges": edges}, vectors, None)

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
        self._episode_scopes.clear()
        loaded = tables or {}
        for node, data in self._graph.nodes(data=True):
            data["id"] = node  # node_link_graph keeps the id as the key only
            key = (data["label"], data["namespace"])
            if key in loaded:
                self._index(node, data, None, indexed=True)
            else:
                self._index(node, data, vectors.get(node))
        self._link_entities()
        for key, table in loaded.items():
            if set(table.row_of) == self._by_label[key]:
                self._tables[key] = table
                continue
            # The index files disagree with the snapshot: derived data, rebuilt.
            self._tables.pop(key, None)
            for node in sorted(self._by_label[key]):
                self._index_table(node, self._graph.nodes[node], vectors.get(node))

    @locked
    def salvage(self, payload: dict[str, Any]) -> Applicable | str:
        """Apply one journal entry recovered from a damaged store (``graphmem repair``):
        whole when everything it refers to is here, else the part that applies. Returns
        what was dropped and the slots to derive again, or why nothing could apply."""
        try:
            change = _change_from(dict(payload))
            change.validate()
        except (GraphmemError, KeyError, TypeError, ValueError) as exc:
            return f"{type(exc).__name__}: {exc}"
        ns = change.namespace
        part = applicable(
            replace(change, slots={}),  # slot versions cannot match once records are missing
            lambda label, node: self._has(ns, label, node),
            lambda key: (ns, key) in self._entity,
            lambda node: self._graph.nodes[node]["slot"] if self._has(ns, "Fact", node) else None,
        )
        try:
            self._precheck(part.change)
        except GraphmemError as exc:  # not expected: applicable() kept only what resolves
            return f"{type(exc).__name__}: {exc}"
        self._commit(part.change)
        return part

    @locked
    def compact(self) -> None:
        """Write the index files now (derived data an open would otherwise rebuild)."""
        self._save_files()

    def _save_files(self) -> None:
        if self._saved != self._seq:
            self._files.save(self._seq, self._tables, self._texts)
            self._saved = self._seq

    def _commit(self, change: ChangeSet) -> None:
        # Relationships into a removed node are rows of their sources: rewritten below.
        pred, removed = self._graph._pred, [n for ids in change.removals.values() for n in ids]
        into = [u for n in removed if n in pred for u in pred[n]]
        # A statement's relationships are rows of the statement: those stating a removed
        # episode, and those of the statements written, are written again.
        said = [s for n in removed for s in self._stated_in.get(n, ())]
        said += [row["id"] for row in change.statements]
        forgetting = _forgetting(change)
        self._side_writes = {}
        self._mutate(change)
        nodes, edges, vectors = written(change, self._graph, self._entity)
        edges = list(dict.fromkeys([*edges, *into]))
        rows, side = self._graph.nodes, self._side_writes
        self._side_writes = {}
        # A row is written as the graph or the side tables now hold it, and deleted only when
        # this write removed it: an id of another namespace, or of none, is left alone.
        gone = {n for label, ids in change.removals.items() if label not in SIDES for n in ids}
        written_rows = [
            (node, side[node] if node in side else rows.get(node))
            for node in nodes
            if node in side or node in rows or node in gone
        ]
        out = [(node, outgoing(self._graph, node)) for node in edges if node in rows]
        out += [(s, self._stated_rows(s)) for s in dict.fromkeys(said) if s in self._statement_keys]
        try:
            self._db.write(
                written_rows,
                out,
                [(node, self._vector_of(node)) for node in vectors],
                {"seq": self._seq + 1},
            )
        except BaseException:
            # The graph holds a change the database refused: this handle must not serve it.
            self._abandon()
            raise
        self._seq += 1
        if forgetting:
            # Forgotten content leaves the files too: the database's freed pages and
            # WAL, and the index files (derived: rewritten at close, or rebuilt on open).
            self._db.erase()
            self._files.erase(change.namespace, self._tables)
            self._saved = -1

    def _abandon(self) -> None:
        self._closed = True
        try:
            self._db.db.close()
        finally:
            release(self._held)

    # ---- writes -----------------------------------------------------------

    @locked
    def store_key(self, namespace: str, name: str, *, replace: bytes | None = None) -> bytes:
        # Read once per open: every external write asks for the tombstone key.
        keys = dict(self._meta.get("keys") or {})
        label = f"{namespace}\x1f{name}"
        wanted = replace.hex() if replace is not None else None
        if label not in keys or (wanted is not None and keys[label] != wanted):
            keys[label] = wanted or secrets.token_hex(32)
            self._set_meta("keys", keys)
        return bytes.fromhex(keys[label])

    def _set_meta(self, name: str, value: Any) -> None:
        self._db.set_meta(name, value)
        self._meta[name] = value

    @contextmanager
    def hold_slots(self, namespace: str, slots: Iterable[str]) -> Iterator[None]:
        # One process owns the folder; within it, the store lock serialises writers.
        check_namespace(namespace)
        with self._lock:
            yield

    @locked
    def apply(self, change: ChangeSet) -> None:
        change.validate()
        if change.is_empty():
            return
        self._precheck(change)
        self._commit(change)  # a forget also takes the forgotten bytes off the disk

    @locked
    def add_uses(self, namespace: str, uses: dict[str, int], at: datetime) -> None:
        # Read and written under the store lock: no other writer of this folder comes between.
        patches = [
            FactPatch(
                row["id"],
                {"use_count": (row.get("use_count") or 0) + uses[row["id"]], "last_used_at": at},
            )
            for row in self.facts_by_id(namespace, list(uses))
        ]
        if patches:
            self.apply(ChangeSet(namespace=namespace, patches=patches))

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
        for row in change.extracted:
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
        if node_id not in pending and not self._has(ns, label, node_id):
            raise UnknownId(f"no {label} with id {node_id!r} in namespace {ns!r}")

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
        self._write_statements(ns, change)
        for row in change.supports:
            self._episode_scopes.pop(row["episode_id"], None)
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
            self._redact(ns, row, change.embeddings.get(row["id"]))
        for row in change.contexts:
            node = g.nodes[row["id"]]
            for key in ("context_text", "context_from"):
                if row.get(key) is None:
                    node.pop(key, None)
                else:
                    node[key] = row[key]
            self._rekey(ns, node)
        for row in change.extracted:
            node = g.nodes[row["id"]]
            node.pop("extraction", None)
            node.pop("speaker", None)
            node["sensitivity"] = row["sensitivity"]
        for row in change.audit:
            self._side_writes[row["id"]] = {**row, "label": AUDIT.label, "namespace": ns}
        for row in change.tombstones:
            self._add_node("Tombstone", ns, row)
        for row in change.checkpoints:
            self._add_node("Checkpoint", ns, row)
        for row in change.run_marks:
            g.nodes[row["id"]].update(status=row["status"], rolled_back_at=row["rolled_back_at"])
        self._scrub(ns, change.audit_scrubs)
        self._remove(ns, change.removals)
        for label in INDEXED:
            grown = self._tables.get((label, ns))
            if grown is not None:
                grown.catch_up()

    def _redact(self, ns: str, row: Row, vector: Any) -> None:
        node = self._graph.nodes[row["id"]]
        node.update(content=row["content"], redactions=row["redactions"])
        if row.get("reduced_at") is not None:  # retention reduced it to its claims
            node["reduced_at"] = row["reduced_at"]
        self._rekey(ns, node)  # the redacted words leave the files too
        if vector is not None:  # and the vector that still held them
            table = self._tables[("Episode", ns)]
            table.vectors.set(table.row(row["id"]), decode_vector(vector))

    def _rekey(self, ns: str, node: dict[str, Any]) -> None:
        """Index an episode's words again after they changed; the old words are erased."""
        table = self._tables[("Episode", ns)]
        at = table.row(node["id"])
        table.keywords.remove(at, erase=True)
        table.keywords.add(at, keyword_counts(node))

    # ---- vectors ----------------------------------------------------------

    @locked
    def recorded_embedder(self) -> dict[str, Any] | None:
        recorded = self._meta.get("embedder")
        return None if recorded is None else {"pending": False, **recorded}

    @locked
    def ensure_vectors(self, embedder_name: str, dimensions: int) -> None:
        recorded = self._meta.get("embedder")
        wanted = {"name": embedder_name, "dimensions": dimensions}
        if recorded is not None and recorded.get("pending"):
            raise EmbeddingMismatch(interrupted(recorded["name"]))
        if recorded is None:
            self._set_meta("embedder", wanted)
        elif recorded != wanted:
            raise EmbeddingMismatch(
                f"the embedded store at {self.path} was built by {recorded['name']!r} "
                f"({recorded['dimensions']} dimensions) but the configured embedder is "
                f"{embedder_name!r} ({dimensions}); {REEMBED_HINT}"
            )

    # ---- re-embedding (graphmem/lifecycle/reembed.py) ---------------------------------------

    @locked
    def namespaces(self) -> list[str]:
        return sorted({ns for label, ns in self._by_label if label in ("Fact", "Episode")})

    @locked
    def begin_vectors(self, embedder_name: str, dimensions: int) -> None:
        wanted = {"name": embedder_name, "dimensions": dimensions, "pending": True}
        self._set_meta("embedder", wanted)

    @locked
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
        self._db.write((), (), [(node, self._vector_of(node)) for node in vectors])
        self._saved = -1

    @locked
    def end_vectors(self, embedder_name: str, dimensions: int) -> None:
        self._set_meta("embedder", {"name": embedder_name, "dimensions": dimensions})

    @locked
    def purge(self, timeout: float) -> PurgeReport:
        # Every forget already erases; a purge also rewrites the whole database file.
        began = time.monotonic()
        stray = sorted(self.path.glob("*.tmp"))
        for path in stray:
            path.unlink(missing_ok=True)
        self._db.vacuum()
        self._files.clear()
        self._saved = -1
        self._save_files()
        steps = ["database rewritten (VACUUM) and its WAL emptied; index files rewritten"]
        if stray:
            steps.append(f"removed {len(stray)} files left by an interrupted write")
        return PurgeReport(
            store="embedded", seconds=round(time.monotonic() - began, 3), steps=steps
        )

    @locked
    def close(self) -> None:
        try:
            # Derived files, so that the next open reads them instead of rebuilding.
            self._save_files()
        finally:
            self._closed = True
            try:
                self._db.close()
            finally:
                release(self._held)


_USE_FIELDS = frozenset({"use_count", "last_used_at"})


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


def _forgetting(change: ChangeSet) -> bool:
    """A change that removes or scrubs content: the disk must lose it too."""
    return bool(change.removals or change.redactions or change.audit_scrubs)


def _change_from(payload: dict[str, Any]) -> ChangeSet:
    patches = [FactPatch(fact_id, changes) for fact_id, changes in payload.pop("patches")]
    said = [StatementPatch(i, changes) for i, changes in payload.pop("statement_patches", [])]
    return ChangeSet(patches=patches, statement_patches=said, **payload)
