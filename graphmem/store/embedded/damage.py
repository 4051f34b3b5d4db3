"""A damaged ``store.db``: what ``graphmem doctor`` finds wrong in it and the rows
``graphmem repair`` can keep, read without changing the file (read-only connection)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.store.embedded.side_tables import SIDES
from graphmem.store.embedded.storage import SIDE_TABLES, TABLES, Loaded, row_crc
from graphmem.store.snapshot import fast_loads


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
        **{side.table: side.select for side in SIDES.values()},
    }
    kept = dict.fromkeys(queries, 0)
    try:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_schema")}
    except sqlite3.DatabaseError:
        tables = set(queries)  # each table's read below says what is wrong
    try:
        for table, query in queries.items():
            if table not in tables:
                continue  # format 1: no side tables
            read = 0
            try:
                for row in db.execute(query):
                    read += 1
                    try:
                        intact = row_crc(*row[:-1]) == row[-1]
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
    found = {table: kept[table] for table in TABLES}
    if isinstance(recorded, dict):
        # Format 1 recorded no side tables.
        recorded = {**{side.table: 0 for side in SIDES.values()}, **recorded}
    if recorded is not None and recorded != found and not out.lost:
        out.lost.append(f"rows {found}, the last commit recorded {recorded}")
    return out


def _keep(out: Loaded, table: str, row: tuple[Any, ...]) -> None:
    if table == "meta":
        out.meta[row[0]] = fast_loads(row[1].encode("utf-8"))
    elif table in SIDE_TABLES:
        out.nodes.append(fast_loads(row[-2]))
    elif table == "nodes":
        out.nodes.append(fast_loads(row[1].encode("utf-8")))
    elif table == "edges":
        out.edges.append((row[0], row[1], row[2], fast_loads(row[3].encode("utf-8"))))
    else:
        out.vectors[row[0]] = np.frombuffer(row[1], dtype="<f4")
