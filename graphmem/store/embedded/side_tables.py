"""Records an open does not hold in memory: each label here has a table of its own in
``store.db`` (``storage.py``), the properties it is found by as columns beside its JSON
body, and its rows are read when asked.

* ``audit``: audit entries, one or more per write; an audit or a forget reads them, by
  namespace and target through an index.
* ``statements``: what each message said, before consolidation; a write reads its
  slots', a forget those naming an entity. Found by id: the open reads their columns (no
  body is parsed) into the maps that answer which ones (``state.py``).

Each row's CRC (``storage.row_crc``) covers its id, its columns ("" for a missing value)
and its body, so a
flipped byte anywhere in it is refused at open, before the open writes anything; a row
read later is checked again, and against the columns it was found by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphmem.store.snapshot import fast_loads


@dataclass(frozen=True)
class Side:
    """A label whose rows live in ``table``: ``columns`` as ``(column, property)``."""

    label: str
    noun: str  # in messages
    table: str
    columns: tuple[tuple[str, str], ...]

    @property
    def schema(self) -> str:
        names = ", ".join(f"{column} TEXT" for column, _ in self.columns)
        return (
            f"CREATE TABLE IF NOT EXISTS {self.table} (id TEXT PRIMARY KEY, {names}, "
            "body TEXT NOT NULL, crc INTEGER NOT NULL);"
        )

    @property
    def select(self) -> str:
        """id, the columns ("" for none), the body as bytes, the CRC: add a WHERE."""
        names = ", ".join(f"coalesce({column}, '')" for column, _ in self.columns)
        return f"SELECT id, {names}, CAST(body AS BLOB), crc FROM {self.table}"

    @property
    def check(self) -> str:
        """What an open checks: id, columns and their NULs joined by SQLite (bytes), the
        body, the CRC, then the id and the columns ("" for none)."""
        names = [f"coalesce({column}, '')" for column, _ in self.columns]
        joined = " || char(0) || ".join(["id", *names])
        return (
            f"SELECT CAST({joined} || char(0) AS BLOB), CAST(body AS BLOB), crc, id, "
            f"{', '.join(names)} FROM {self.table}"
        )

    @property
    def insert(self) -> str:
        marks = ", ".join("?" for _ in range(len(self.columns) + 3))
        return f"INSERT INTO {self.table} VALUES ({marks})"

    def values(self, data: dict[str, Any]) -> tuple[str, ...]:
        """The columns of a record ("" for a missing value), as stored and checked."""
        return tuple(_text(data.get(prop)) for _, prop in self.columns)

    def record(self, found: tuple[Any, ...]) -> dict[str, Any]:
        """The record of a row from ``select`` whose CRC checked out (``storage``):
        ``ValueError`` when its columns disagree with its body."""
        node, values, body = found[0], found[1:-2], found[-2]
        record: dict[str, Any] = fast_loads(body)
        if self.values(record) != tuple(values):
            raise ValueError(f"{self.noun} {node!r} disagrees with the columns it is found by")
        return record


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


AUDIT = Side(
    "AuditEntry", "audit entry", "audit", (("namespace", "namespace"), ("target", "target_id"))
)
STATEMENTS = Side(
    "Statement",
    "statement",
    "statements",
    (
        ("namespace", "namespace"),
        ("slot", "slot"),
        ("subject", "subject"),
        ("subject_key", "subject_key"),
        ("object_key", "object_key"),
        ("object_text", "object_text"),
        ("authority", "authority"),
    ),
)
SIDES = {side.label: side for side in (AUDIT, STATEMENTS)}
# Audit entries are found by namespace and target through this index, checked entry by
# entry at open (a damaged index page or key would otherwise surface only when a query
# used it, after the open had written).
AUDIT_INDEX = "CREATE INDEX IF NOT EXISTS audit_by_target ON audit (namespace, target);"
AUDIT_LISTED = "SELECT namespace, coalesce(target, ''), rowid FROM audit"
AUDIT_INDEXED = (
    "SELECT namespace, coalesce(target, ''), rowid FROM audit INDEXED BY audit_by_target"
)
