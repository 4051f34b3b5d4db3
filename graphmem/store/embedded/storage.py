"""The embedded store's records on disk: one SQLite database (``store.db``).

SQLite is the storage engine, so atomic commit, the write-ahead log, recovery after a
kill and secure deletion are its, not ours. Each change set is one transaction that
deletes and re-inserts only the rows it touched (a node's properties, its outgoing
relationships, its vector), so a write costs what it writes and is durable when it
returns (``synchronous=FULL``: the WAL is fsynced at each commit).

Forgetting: ``secure_delete`` zeroes freed cells and pages, ``incremental_vacuum``
gives freed pages back, ``wipe.py`` zeroes what a page rebuilt by SQLite kept of the
cells it moved, and the WAL, whose older frames would otherwise still hold the rows as
they were, is emptied.

A fact's links to its subject and object entities are not rows (``DERIVED``): its
properties name them, and the open links them again.

Audit entries and statements live in tables of their own and are read when asked
(``side_tables.py``): an open reads only what the graph holds, and the keys of the
statements.

SQLite checks its page structure, not the content of a record, so each row carries a
CRC-32 of its body, and ``meta`` keeps the number of rows of each table: a flipped byte
inside a record, or a damaged page that hides rows, is ``StoreCorrupt`` naming the file
rather than a silently different or smaller store.

One process at a time owns the folder (an exclusive ``flock`` on ``lock``; others may
wait their turn in arrival order: ``graphmem.store.lock``).
"""

from __future__ import annotations

import os
import sqlite3
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.errors import StoreCorrupt
from graphmem.store.embedded.side_tables import (
    AUDIT,
    AUDIT_INDEX,
    AUDIT_INDEXED,
    AUDIT_LISTED,
    SIDES,
    STATEMENTS,
    Side,
)
from graphmem.store.embedded.wipe import Unreadable, Wiper
from graphmem.store.rows import dumps
from graphmem.store.snapshot import fast_loads

DATABASE = "store.db"
# Of the tables below; meta "format". 1: audit entries and statements among the nodes, a
# fact's links to its entities stored as relationships.
FORMAT = 2
# Relationships not stored: a fact's links to its entities follow from its subject_key and
# object_key, and the open makes them (a fifth of the rows an open would read).
DERIVED = frozenset({"SUBJECT", "OBJECT"})
# The header's user_version holds the write counter (modulo this) as of the last close
# that wiped: a graphmem that does not wipe moves the counter and never the mark.
_MARKS = 1 << 31
TABLES = ("nodes", "edges", "vectors", *(side.table for side in SIDES.values()))
STATED = "STATED_IN"  # a statement's relationships to its episodes: read into maps, not the graph
# Rowid tables: a row of a kilobyte or more (a vector, a long episode) fits a page of
# one (a WITHOUT ROWID table gives each its own overflow page: 85 MB at 10k facts).
_SCHEMA = """
CREATE TABLE IF NOT EXISTS nodes (id TEXT PRIMARY KEY, body TEXT NOT NULL,
    crc INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS edges (source TEXT NOT NULL, target TEXT NOT NULL,
    key TEXT NOT NULL, body TEXT NOT NULL, crc INTEGER NOT NULL,
    PRIMARY KEY (source, target, key));
CREATE TABLE IF NOT EXISTS vectors (id TEXT PRIMARY KEY, vector BLOB NOT NULL,
    crc INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, body TEXT NOT NULL,
    crc INTEGER NOT NULL);
"""
SIDE_TABLES = {side.table for side in SIDES.values()}
_ROW_TABLES = ("nodes", *(side.table for side in SIDES.values()))  # a record's row is in one
_SIDE_SCHEMA = "\n".join([*(side.schema for side in SIDES.values()), AUDIT_INDEX])
_LABEL = "json_extract(body, '$.label') = ?"  # format 1: a side table's rows among the nodes


def row_crc(*parts: str | bytes) -> int:
    """CRC-32 of a whole row, its key columns included (a flipped key is damage too)."""
    crc = 0
    for part in parts:
        if not isinstance(part, str | bytes):  # a damaged record header changed its type
            raise ValueError(f"a column holds {type(part).__name__}, not text or bytes")
        crc = zlib.crc32(part.encode("utf-8") if isinstance(part, str) else part, crc)
        crc = zlib.crc32(b"\0", crc)
    return crc


def _side_row(side: Side, node: str, data: dict[str, Any], body: str) -> tuple[Any, ...]:
    """The row of ``side``'s table for record ``data`` (``body``: its JSON): id, columns
    (NULL for none), body and the CRC of them all ("" for none)."""
    values = side.values(data)
    return (node, *(value or None for value in values), body, row_crc(node, *values, body))


def connect(path: Path) -> sqlite3.Connection:
    """A connection with the pragmas the store relies on (a new file: owner-only, as it
    holds the tombstone keys)."""
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        # auto_vacuum only takes effect before the first table is made.
        db.execute("PRAGMA auto_vacuum = INCREMENTAL")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA secure_delete = ON")
        db.execute("PRAGMA foreign_keys = OFF")
        db.executescript(_SCHEMA + _SIDE_SCHEMA)
    except sqlite3.DatabaseError as exc:  # OperationalError too: see guarded()
        db.close()
        raise corrupt(path, exc) from exc
    return db


def corrupt(path: Path, why: object) -> StoreCorrupt:
    return StoreCorrupt(
        f"the embedded store's database {path} is damaged ({why}); "
        f"graphmem doctor {path.parent} says what is intact, "
        f"graphmem repair {path.parent} --into NEW_FOLDER keeps it"
    )


def _damaged(what: str) -> ValueError:
    return ValueError(f"{what} fails its checksum or holds the wrong type")


@contextmanager
def guarded(path: Path, *, opening: bool = False) -> Iterator[None]:
    """SQLite's report of a damaged file as ``StoreCorrupt``. Once open, a busy or full
    disk is not damage; while opening, a damaged header can look like one (SQLite then
    says "disk is full"), so every error names the file."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if opening:
            raise corrupt(path, exc) from exc
        raise
    except sqlite3.DatabaseError as exc:
        raise corrupt(path, exc) from exc


class Loaded:
    """What an open reads: node dicts, ``(source, target, key, properties)`` tuples,
    vectors by node id, and the meta values by name."""

    def __init__(self) -> None:
        self.nodes: list[dict[str, Any]] = []
        self.edges: list[tuple[str, str, str, dict[str, Any]]] = []
        self.vectors: dict[str, Any] = {}
        self.meta: dict[str, Any] = {}
        # What the open keeps of the side tables' rows: each statement's id and columns,
        # and its episodes as (statement, episode) pairs.
        self.statements: list[tuple[str, ...]] = []
        self.stated: list[tuple[str, str]] = []


class Database:
    """``store.db`` in one store folder, written by this process only."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / DATABASE
        wal = self.path.with_name(DATABASE + "-wal")
        killed = wal.exists() and wal.stat().st_size > 0  # every clean end empties it
        self.db = connect(self.path)
        with guarded(self.path, opening=True):
            wiped = self.db.execute("PRAGMA user_version").fetchone()[0]
            seq = self._seq()
        # Wiped as of the last write, unless a kill cut a wipe short, or a writer that
        # does not wipe (a graphmem before it) wrote after the last close that did.
        self.wiper = Wiper(self.path, everything=killed or wiped != seq % _MARKS)
        self.counts = dict.fromkeys(TABLES, 0)

    # ---- reads --------------------------------------------------------------

    def load(self) -> Loaded:
        """Every row the graph holds, checked: ``StoreCorrupt`` on a damaged page, a row
        whose CRC fails, or fewer or more rows than the last commit recorded. The side
        tables' rows are checked and counted; of the statements, the columns are kept."""
        with guarded(self.path):
            if self._meta_value("format") == 1:
                self._upgrade()
        out = Loaded()
        # Bodies read as bytes (CAST): checked and parsed without a decode and an encode
        # of every row in Python. Each row's CRC is ``row_crc`` of its columns, written out
        # here (one join, one crc32: a million rows at 100k facts); a column of the
        # wrong type, as a damaged record header makes, fails the encode or the join.
        crc32, join, nul = zlib.crc32, b"\0".join, b""
        try:
            for name, body, crc in self.db.execute(
                "SELECT name, CAST(body AS BLOB), crc FROM meta"
            ):
                if crc32(join((name.encode(), body, nul))) != crc:
                    raise _damaged(f"meta {name!r}")
                out.meta[name] = fast_loads(body)
            nodes = out.nodes
            rows = self.db.execute("SELECT id, CAST(body AS BLOB), crc FROM nodes")
            for node, body, crc in rows:
                if crc32(join((node.encode(), body, nul))) != crc:
                    raise _damaged(f"node {node!r}")
                nodes.append(fast_loads(body))
            edges = out.edges
            query = "SELECT source, target, key, CAST(body AS BLOB), crc FROM edges"
            for source, target, key, body, crc in self.db.execute(query):
                keys = (source.encode(), target.encode(), key.encode(), body, nul)
                if crc32(join(keys)) != crc:
                    raise _damaged(f"relationship {source!r}-{key}->{target!r}")
                if key == STATED:
                    out.stated.append((source, target))
                else:
                    edges.append((source, target, key, fast_loads(body)))
            vectors = out.vectors
            for node, blob, crc in self.db.execute("SELECT id, vector, crc FROM vectors"):
                if crc32(join((node.encode(), blob, nul))) != crc:
                    raise _damaged(f"vector {node!r}")
                vectors[node] = np.frombuffer(blob, dtype="<f4")
            found = {"nodes": len(nodes), "edges": len(edges) + len(out.stated)}
            found["vectors"] = len(vectors)
            found.update(self._check_sides(out))
        except (sqlite3.DatabaseError, ValueError, TypeError, AttributeError) as exc:
            raise corrupt(self.path, exc) from exc
        recorded = out.meta.get("counts", found if not out.meta else None)
        if recorded != found:
            raise corrupt(self.path, f"rows {found}, the last commit recorded {recorded}")
        self.counts = found
        return out

    def _check_sides(self, out: Loaded) -> dict[str, int]:
        """The side tables' rows, parsed when read, checked now: damage is refused before
        an open changes the file (its erasure). Their row counts, by table."""
        crc32, nul = zlib.crc32, b"\0"
        found = {}
        for side in SIDES.values():
            kept = out.statements if side is STATEMENTS else None
            count = 0
            for row in self.db.execute(side.check):
                if crc32(nul, crc32(row[1], crc32(row[0]))) != row[2]:
                    raise _damaged(f"{side.noun} {row[3]!r}")
                if kept is not None:
                    kept.append(row[3:])
                count += 1
            found[side.table] = count
        listed = set(self.db.execute(AUDIT_LISTED))
        indexed = self.db.execute(AUDIT_INDEXED).fetchall()
        if len(indexed) != len(listed) or listed.difference(indexed):
            raise _damaged("the audit entries' index")
        return found

    def _upgrade(self) -> None:
        """Format 1 to 2 in one transaction: the side tables' rows move to their tables,
        the derived relationships go."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            counts = self._meta_value("counts")
            moved = 0
            for side in SIDES.values():
                query = f"SELECT id, body, crc FROM nodes WHERE {_LABEL}"
                rows = db.execute(query, (side.label,)).fetchall()
                for node, body, crc in rows:
                    if row_crc(node, body) != crc:
                        raise corrupt(self.path, _damaged(f"node {node!r}"))
                    db.execute(side.insert, _side_row(side, node, fast_loads(body.encode()), body))
                db.execute(f"DELETE FROM nodes WHERE {_LABEL}", (side.label,))
                moved += len(rows)
                if isinstance(counts, dict):
                    counts[side.table] = len(rows)
            derived = ", ".join(f"'{key}'" for key in sorted(DERIVED))
            dropped = db.execute(f"DELETE FROM edges WHERE key IN ({derived})").rowcount
            if isinstance(counts, dict):
                counts["nodes"] = counts.get("nodes", 0) - moved
                counts["edges"] = counts.get("edges", 0) - dropped
                self._set_meta("counts", counts)
            self._set_meta("format", FORMAT)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def side_rows(self, side: Side, where: list[tuple[str, tuple[str, ...]]]) -> list[Any]:
        """The records of ``side`` each WHERE clause finds, each checked: its CRC, and its
        columns against its body (``side.record``)."""
        out = []
        with guarded(self.path):
            try:
                for clause, params in where:
                    # Fetched whole: a cursor left open by a damaged row would hold the
                    # table against the checkpoint at close.
                    for row in self.db.execute(side.select + clause, params).fetchall():
                        if row_crc(*row[:-1]) != row[-1]:
                            raise _damaged(f"{side.noun} {row[0]!r}")
                        out.append(side.record(row))
            except (ValueError, TypeError, AttributeError) as exc:
                raise corrupt(self.path, exc) from exc
        return out

    def audit_rows(
        self,
        namespace: str,
        *,
        targets: Iterable[str] | None = None,
        ids: Iterable[str] | None = None,
    ) -> list[dict[str, Any]]:
        """The audit entries of ``namespace``: about ``targets``, or with ``ids``, or all."""
        where: list[tuple[str, tuple[str, ...]]]
        if targets is not None:
            where = [(" WHERE namespace = ? AND target = ?", (namespace, t)) for t in targets]
        elif ids is not None:
            where = [(" WHERE id = ? AND namespace = ?", (i, namespace)) for i in ids]
        else:
            where = [(" WHERE namespace = ?", (namespace,))]
        return self.side_rows(AUDIT, where)

    def statement_rows(self, ids: Iterable[str]) -> list[dict[str, Any]]:
        """The statements with these ids (known to exist: one missing is damage)."""
        wanted = list(dict.fromkeys(ids))
        found = self.side_rows(STATEMENTS, [(" WHERE id = ?", (i,)) for i in wanted])
        if len(found) != len(wanted):
            missing = sorted(set(wanted) - {row["id"] for row in found})[:3]
            raise corrupt(self.path, f"the statements {missing} are indexed but not found")
        return found

    def statements_of(self, namespace: str) -> list[dict[str, Any]]:
        return self.side_rows(STATEMENTS, [(" WHERE namespace = ?", (namespace,))])

    def audit_count(self, namespace: str) -> int:
        query = "SELECT count(*) FROM audit WHERE namespace = ?"
        with guarded(self.path):
            return int(self.db.execute(query, (namespace,)).fetchone()[0])

    def audit_ids(self, namespace: str) -> list[str]:
        query = "SELECT id FROM audit WHERE namespace = ? ORDER BY id"
        with guarded(self.path):
            return [node for (node,) in self.db.execute(query, (namespace,))]

    def texts(self, namespace: str) -> Iterator[tuple[str, str]]:
        """(file, text) of every row of ``namespace`` in the database: nodes, and the
        relationships at either end of one (what a deletion audit reads)."""
        inside: set[str] = set()
        for node, body in self.db.execute("SELECT id, body FROM nodes"):
            if fast_loads(body.encode("utf-8")).get("namespace") == namespace:
                inside.add(node)
                yield DATABASE, body
        rows = self.db.execute("SELECT source, target, key, body FROM edges")
        for source, target, key, body in rows:
            if source in inside or target in inside:
                yield DATABASE, f"{source} {key} {target} {body}"
        for side in SIDES.values():
            query = f"SELECT body FROM {side.table} WHERE namespace = ?"
            for (body,) in self.db.execute(query, (namespace,)):
                yield DATABASE, body

    # ---- writes -------------------------------------------------------------

    def write(
        self,
        nodes: Iterable[tuple[str, dict[str, Any] | None]],
        edges: Iterable[tuple[str, list[tuple[str, str, dict[str, Any]]]]],
        vectors: Iterable[tuple[str, Any]],
        meta: dict[str, Any] | None = None,
    ) -> None:
        """One transaction: each node's row replaced (``None``: deleted, with its outgoing
        relationships and its vector), each listed node's outgoing relationships replaced
        by the given ``(target, key, properties)`` (but for the ``DERIVED`` ones, which are
        not stored), each vector replaced (``None``: deleted), and the meta values set."""
        counts = dict(self.counts)
        with guarded(self.path):
            self._write(counts, nodes, edges, vectors, meta)
        self.counts = counts
        self.wiper.note()
        if self.wiper.due():
            self.settle()

    def _write(
        self,
        counts: dict[str, int],
        nodes: Iterable[tuple[str, dict[str, Any] | None]],
        edges: Iterable[tuple[str, list[tuple[str, str, dict[str, Any]]]]],
        vectors: Iterable[tuple[str, Any]],
        meta: dict[str, Any] | None,
    ) -> None:
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            for node, data in nodes:
                # A record keeps its table: a row replaced is deleted from its own, a row
                # deleted (its label unknown here) from every one.
                kept = None if data is None else SIDES.get(data.get("label", ""))
                tables = _ROW_TABLES if data is None else ((kept.table,) if kept else ("nodes",))
                for table in tables:
                    query = f"DELETE FROM {table} WHERE id = ?"
                    counts[table] -= db.execute(query, (node,)).rowcount
                if data is None:
                    # Its incoming relationships go with their sources' (listed in edges).
                    gone = db.execute("DELETE FROM edges WHERE source = ?", (node,)).rowcount
                    counts["edges"] -= gone
                    counts["vectors"] -= db.execute(
                        "DELETE FROM vectors WHERE id = ?", (node,)
                    ).rowcount
                    continue
                body = dumps(data)
                if kept is not None:
                    db.execute(kept.insert, _side_row(kept, node, data, body))
                    counts[kept.table] += 1
                    continue
                db.execute("INSERT INTO nodes VALUES (?, ?, ?)", (node, body, row_crc(node, body)))
                counts["nodes"] += 1
            for source, out in edges:
                counts["edges"] -= db.execute(
                    "DELETE FROM edges WHERE source = ?", (source,)
                ).rowcount
                for target, key, props in out:
                    if key in DERIVED:
                        continue
                    body = dumps(props)
                    db.execute(
                        "INSERT INTO edges VALUES (?, ?, ?, ?, ?)",
                        (source, target, key, body, row_crc(source, target, key, body)),
                    )
                    counts["edges"] += 1
            for node, vector in vectors:
                counts["vectors"] -= db.execute(
                    "DELETE FROM vectors WHERE id = ?", (node,)
                ).rowcount
                if vector is not None:
                    blob = np.asarray(vector, dtype="<f4").tobytes()
                    row = (node, blob, row_crc(node, blob))
                    db.execute("INSERT INTO vectors VALUES (?, ?, ?)", row)
                    counts["vectors"] += 1
            for name, value in {**(meta or {}), "counts": counts}.items():
                self._set_meta(name, value)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _set_meta(self, name: str, value: Any) -> None:
        body = dumps(value)
        self.db.execute(
            "INSERT OR REPLACE INTO meta VALUES (?, ?, ?)", (name, body, row_crc(name, body))
        )

    def set_meta(self, name: str, value: Any) -> None:
        self.write((), (), (), {name: value})

    def clear(self) -> None:
        """Every row gone, in one transaction (a migration that starts again)."""
        with guarded(self.path):
            self.db.execute("BEGIN IMMEDIATE")
            for table in (*TABLES, "meta"):
                self.db.execute(f"DELETE FROM {table}")
            self.db.execute("COMMIT")
        self.counts = dict.fromkeys(TABLES, 0)
        self.wiper.note()

    def erase(self, *, opening: bool = False) -> None:
        """Take freed and moved bytes off the disk: freed pages given back to the file
        system, the unallocated space of the pages written since the last wipe zeroed
        (wipe.py), and the WAL, whose frames hold rows as they were, emptied."""
        with guarded(self.path, opening=opening):
            self.db.execute("PRAGMA incremental_vacuum")
            if not self.settle():
                # A file the wipe cannot read page by page: rewrite it whole instead.
                self.db.execute("VACUUM")
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def settle(self) -> bool:
        """Every committed page into the database file, the pending pages wiped, the WAL
        emptied (last: a WAL that holds frames at open means a wipe may be missing).
        False, with nothing wiped, when the file cannot be read page by page."""
        wiper = self.wiper
        wiper.note()
        busy, frames, copied = self.db.execute("PRAGMA wal_checkpoint(FULL)").fetchone()
        if busy or frames != copied:
            return False
        try:
            wiper.wipe()
        except Unreadable:
            return False
        # SQLite's cache may hold a page as it was before the wipe, and would write it
        # back with it: a new connection starts with none. Closing the last connection
        # checkpoints (nothing is left) and deletes the WAL.
        self.db.close()
        self.db = connect(self.path)
        return True

    def _seq(self) -> int:
        """The write counter the store keeps in meta (0 before its first write)."""
        found = self._meta_value("seq")
        return int(found) if isinstance(found, int) else 0

    def _meta_value(self, name: str) -> Any:
        rows = self.db.execute("SELECT name, body FROM meta")  # a few small rows
        found = [fast_loads(body.encode()) for key, body in rows if key == name]
        return found[0] if found else None

    def vacuum(self) -> None:
        """Rewrite the whole file (``graphmem purge``): no free page or cell remains."""
        with guarded(self.path):
            self.db.execute("VACUUM")
        self.erase()

    def close(self) -> None:
        try:
            with guarded(self.path):
                # The mark (in the file's header: no table or index is touched) first,
                # so that the wipe takes in its page too.
                self.db.execute(f"PRAGMA user_version = {self._seq() % _MARKS}")
                self.settle()
        finally:
            self.db.close()
