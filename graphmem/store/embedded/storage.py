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

Audit entries (one or more per write, read only when an audit asks) have a table of their
own, indexed by namespace and target, and are read from it when asked: an open reads
only what the graph holds.

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
from graphmem.store.embedded.wipe import Unreadable, Wiper
from graphmem.store.rows import dumps
from graphmem.store.snapshot import fast_loads

DATABASE = "store.db"
FORMAT = 2  # of the tables below; meta "format" (1: audit entries among the nodes)
AUDIT = "AuditEntry"  # the label whose rows live in ``audit``
# Relationships not stored: a fact's links to its entities follow from its subject_key and
# object_key, and the open makes them (a fifth of the rows an open would read).
DERIVED = frozenset({"SUBJECT", "OBJECT"})
# The header's user_version holds the write counter (modulo this) as of the last close
# that wiped: a graphmem that does not wipe moves the counter and never the mark.
_MARKS = 1 << 31
_TABLES = ("nodes", "edges", "vectors", "audit")
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
CREATE TABLE IF NOT EXISTS audit (id TEXT PRIMARY KEY, namespace TEXT NOT NULL,
    target TEXT, body TEXT NOT NULL, crc INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS audit_by_target ON audit (namespace, target);
"""
# A format 1 database's audit entries, moved to their table (each row's checksum then
# covers the columns it is found by as well).
_OLD_AUDIT = f"""
SELECT id, json_extract(body, '$.namespace'), json_extract(body, '$.target_id'), body, crc
    FROM nodes WHERE json_extract(body, '$.label') = '{AUDIT}'
"""
_DROP_MOVED = f"DELETE FROM nodes WHERE json_extract(body, '$.label') = '{AUDIT}'"
_AUDIT_ROWS = "SELECT id, namespace, target, CAST(body AS BLOB), crc FROM audit"
_AUDIT_CHECK = """SELECT id, namespace, coalesce(target, ''), CAST(body AS BLOB), crc, rowid
    FROM audit"""
_AUDIT_INDEX = """SELECT namespace, coalesce(target, ''), rowid
    FROM audit INDEXED BY audit_by_target"""
_AUDIT_ROW_CRC = "SELECT id, namespace, coalesce(target, ''), body, crc FROM audit"


def _crc(*parts: str | bytes) -> int:
    """CRC-32 of a whole row, its key columns included (a flipped key is damage too)."""
    crc = 0
    for part in parts:
        if not isinstance(part, str | bytes):  # a damaged record header changed its type
            raise ValueError(f"a column holds {type(part).__name__}, not text or bytes")
        crc = zlib.crc32(part.encode("utf-8") if isinstance(part, str) else part, crc)
        crc = zlib.crc32(b"\0", crc)
    return crc


def _audit_crc(node: str, namespace: str, target: str | None, body: bytes) -> int:
    """An audit row's CRC: ``_crc`` of its id, namespace, target ("" when none) and body."""
    return _crc(node, namespace, target or "", body)


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
        db.executescript(_SCHEMA)
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
        self.counts = dict.fromkeys(_TABLES, 0)

    # ---- reads --------------------------------------------------------------

    def load(self) -> Loaded:
        """Every row the graph holds, checked: ``StoreCorrupt`` on a damaged page, a row
        whose CRC fails, or fewer or more rows than the last commit recorded. Audit
        entries stay in their table (counted here, checked when read)."""
        with guarded(self.path):
            if self._meta_value("format") == 1:
                self._upgrade()
        out = Loaded()
        # Bodies read as bytes (CAST): checked and parsed without a decode and an encode
        # of every row in Python. Each row's CRC is ``_crc`` of its columns, written out
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
                edges.append((source, target, key, fast_loads(body)))
            vectors = out.vectors
            for node, blob, crc in self.db.execute("SELECT id, vector, crc FROM vectors"):
                if crc32(join((node.encode(), blob, nul))) != crc:
                    raise _damaged(f"vector {node!r}")
                vectors[node] = np.frombuffer(blob, dtype="<f4")
            # Audit entries are parsed when read, but checked now: damage is refused
            # before an open changes the file (its erasure), as for every other row.
            # Their index too, entry by entry: a damaged index page or key would otherwise
            # surface only when a query used it, after the open had written.
            listed = set()
            for node, ns, target, body, crc, rowid in self.db.execute(_AUDIT_CHECK):
                if crc32(join((node.encode(), ns.encode(), target.encode(), body, nul))) != crc:
                    raise _damaged(f"audit entry {node!r}")
                listed.add((ns, target, rowid))
            indexed = self.db.execute(_AUDIT_INDEX).fetchall()
            if len(indexed) != len(listed) or listed.difference(indexed):
                raise _damaged("the audit entries' index")
            audit = len(listed)
        except (sqlite3.DatabaseError, ValueError, TypeError, AttributeError) as exc:
            raise corrupt(self.path, exc) from exc
        found = {"nodes": len(out.nodes), "edges": len(out.edges), "vectors": len(out.vectors)}
        found["audit"] = audit
        recorded = out.meta.get("counts", found if not out.meta else None)
        if recorded != found:
            raise corrupt(self.path, f"rows {found}, the last commit recorded {recorded}")
        self.counts = found
        return out

    def _upgrade(self) -> None:
        """Format 1 to 2 in one transaction: the audit entries move to their table, the
        derived relationships go."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            moved = 0
            for node, ns, target, body, crc in db.execute(_OLD_AUDIT).fetchall():
                if _crc(node, body) != crc or not isinstance(ns, str):
                    raise corrupt(self.path, _damaged(f"node {node!r}"))
                row = (node, ns, target, body, _audit_crc(node, ns, target, body.encode()))
                db.execute("INSERT INTO audit VALUES (?, ?, ?, ?, ?)", row)
                moved += 1
            db.execute(_DROP_MOVED)
            derived = ", ".join(f"'{key}'" for key in sorted(DERIVED))
            dropped = db.execute(f"DELETE FROM edges WHERE key IN ({derived})").rowcount
            counts = self._meta_value("counts")
            if isinstance(counts, dict):
                counts = {
                    **counts,
                    "nodes": counts.get("nodes", 0) - moved,
                    "edges": counts.get("edges", 0) - dropped,
                    "audit": moved,
                }
                self._set_meta("counts", counts)
            self._set_meta("format", FORMAT)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def audit_rows(
        self, namespace: str, *, targets: Iterable[str] | None = None, ids: Iterable[str] = ()
    ) -> list[dict[str, Any]]:
        """The audit entries of ``namespace`` (about ``targets``, or with ``ids``, when
        given), each checked: its CRC, and that the columns it is found by agree with it."""
        where: list[tuple[str, tuple[str, ...]]]
        if targets is not None:
            where = [(" WHERE namespace = ? AND target = ?", (namespace, t)) for t in targets]
        elif ids:
            where = [(" WHERE id = ? AND namespace = ?", (i, namespace)) for i in ids]
        else:
            where = [(" WHERE namespace = ?", (namespace,))]
        out = []
        with guarded(self.path):
            try:
                for clause, params in where:
                    # Fetched whole: a cursor left open by a damaged row would hold
                    # the table against the checkpoint at close.
                    found = self.db.execute(_AUDIT_ROWS + clause, params).fetchall()
                    for node, ns, target, body, crc in found:
                        if _audit_crc(node, ns, target, body) != crc:
                            raise _damaged(f"audit entry {node!r}")
                        row = fast_loads(body)
                        if row.get("namespace") != ns or row.get("target_id") != target:
                            raise _damaged(f"audit entry {node!r}'s index columns")
                        out.append(row)
            except (ValueError, TypeError, AttributeError) as exc:
                raise corrupt(self.path, exc) from exc
        return out

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
        for (body,) in self.db.execute("SELECT body FROM audit WHERE namespace = ?", (namespace,)):
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
                counts["nodes"] -= db.execute("DELETE FROM nodes WHERE id = ?", (node,)).rowcount
                counts["audit"] -= db.execute("DELETE FROM audit WHERE id = ?", (node,)).rowcount
                if data is None:
                    # Its incoming relationships go with their sources' (listed in edges).
                    gone = db.execute("DELETE FROM edges WHERE source = ?", (node,)).rowcount
                    counts["edges"] -= gone
                    counts["vectors"] -= db.execute(
                        "DELETE FROM vectors WHERE id = ?", (node,)
                    ).rowcount
                    continue
                body = dumps(data)
                if data.get("label") == AUDIT:
                    ns, target = data["namespace"], data.get("target_id")
                    entry = (node, ns, target, body, _audit_crc(node, ns, target, body.encode()))
                    db.execute("INSERT INTO audit VALUES (?, ?, ?, ?, ?)", entry)
                    counts["audit"] += 1
                    continue
                db.execute("INSERT INTO nodes VALUES (?, ?, ?)", (node, body, _crc(node, body)))
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
                        (source, target, key, body, _crc(source, target, key, body)),
                    )
                    counts["edges"] += 1
            for node, vector in vectors:
                counts["vectors"] -= db.execute(
                    "DELETE FROM vectors WHERE id = ?", (node,)
                ).rowcount
                if vector is not None:
                    blob = np.asarray(vector, dtype="<f4").tobytes()
                    row = (node, blob, _crc(node, blob))
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
            "INSERT OR REPLACE INTO meta VALUES (?, ?, ?)", (name, body, _crc(name, body))
        )

    def set_meta(self, name: str, value: Any) -> None:
        self.write((), (), (), {name: value})

    def clear(self) -> None:
        """Every row gone, in one transaction (a migration that starts again)."""
        with guarded(self.path):
            self.db.execute("BEGIN IMMEDIATE")
            for table in (*_TABLES, "meta"):
                self.db.execute(f"DELETE FROM {table}")
            self.db.execute("COMMIT")
        self.counts = dict.fromkeys(_TABLES, 0)
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


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def check(path: Path) -> list[str]:
    """What ``PRAGMA integrity_check``, the rows' checksums and the recorded row counts
    find wrong in a database (empty: intact); opened read-only."""
    try:
        db = _read_only(path)
        found = [row[0] for row in db.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    problems = [] if found == ["ok"] else found
    db.close()
    salvaged = salvage(path)
    problems.extend(salvaged.lost)
    return problems


class Salvaged(Loaded):
    """The rows of a damaged database that read back intact, and what did not."""

    def __init__(self) -> None:
        super().__init__()
        self.lost: list[str] = []


def salvage(path: Path) -> Salvaged:
    """Every row of ``path`` that reads and passes its checksum; a table that stops
    reading part-way is noted in ``lost``, as is every row that fails its checksum."""
    out = Salvaged()
    try:
        db = _read_only(path)
    except sqlite3.DatabaseError as exc:
        out.lost.append(f"{path.name}: {exc}")
        return out
    queries = {
        "meta": "SELECT name, body, crc FROM meta",
        "nodes": "SELECT id, body, crc FROM nodes",
        "edges": "SELECT source, target, key, body, crc FROM edges",
        "vectors": "SELECT id, vector, crc FROM vectors",
        "audit": _AUDIT_ROW_CRC,
    }
    kept = dict.fromkeys(queries, 0)
    try:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_schema")}
    except sqlite3.DatabaseError:
        tables = set(queries)  # each table's read below says what is wrong
    try:
        for table, query in queries.items():
            if table == "audit" and table not in tables:
                continue  # format 1: audit entries among the nodes
            read = 0
            try:
                for row in db.execute(query):
                    read += 1
                    try:
                        intact = _crc(*row[:-1]) == row[-1]
                        if intact:
                            _keep(out, table, row)
                            kept[table] += 1
                    except (ValueError, TypeError, AttributeError):
                        intact = False
                    if not intact:
                        out.lost.append(f"{table} row {row[0]!r} fails its checksum")
            except (sqlite3.DatabaseError, ValueError, TypeError, AttributeError) as exc:
                out.lost.append(f"{table}: unreadable after {read} rows ({exc})")
    finally:
        db.close()
    recorded = out.meta.get("counts")
    found = {table: kept[table] for table in _TABLES}
    if isinstance(recorded, dict):
        recorded = {"audit": 0, **recorded}  # format 1 recorded no audit table
    if recorded is not None and recorded != found and not out.lost:
        out.lost.append(f"rows {found}, the last commit recorded {recorded}")
    return out


def _keep(out: Loaded, table: str, row: tuple[Any, ...]) -> None:
    if table == "meta":
        out.meta[row[0]] = fast_loads(row[1].encode("utf-8"))
    elif table == "audit":
        out.nodes.append(fast_loads(row[3].encode("utf-8")))
    elif table == "nodes":
        out.nodes.append(fast_loads(row[1].encode("utf-8")))
    elif table == "edges":
        out.edges.append((row[0], row[1], row[2], fast_loads(row[3].encode("utf-8"))))
    else:
        out.vectors[row[0]] = np.frombuffer(row[1], dtype="<f4")
