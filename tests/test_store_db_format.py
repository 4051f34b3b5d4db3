"""The embedded store's database formats: a ``store.db`` written in format 1, where audit
entries were rows among the nodes and a fact's links to its entities were rows of their
own, opens showing exactly what the graphmem that wrote it showed (``tests/data/store_db1``,
made by that graphmem) and is moved to format 2 in place: audit entries in their own
table, read when asked, and the links made at open from the facts' keys."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from graphmem import Claim, Memory, StoreCorrupt
from graphmem.models.embed import HashingEmbedder
from graphmem.store.changes import ChangeSet
from graphmem.store.embedded import storage
from graphmem.store.rows import loads
from tests.store_db1 import view

DB_1 = Path(__file__).parent / "data" / "store_db1"


def _database(folder: Path) -> tuple[object, ...]:
    db = sqlite3.connect(folder / storage.DATABASE)
    try:
        formats = [row[0] for row in db.execute("SELECT body FROM meta WHERE name = 'format'")]
        audit_nodes = db.execute(
            "SELECT count(*) FROM nodes WHERE json_extract(body, '$.label') = 'AuditEntry'"
        ).fetchone()[0]
        links = db.execute(
            "SELECT count(*) FROM edges WHERE key IN ('SUBJECT', 'OBJECT')"
        ).fetchone()[0]
        audit = db.execute("SELECT count(*) FROM audit").fetchone()[0]
    finally:
        db.close()
    return formats, audit_nodes, links, audit


def test_a_database_of_format_1_opens_as_written_and_moves_to_format_2(tmp_path: Path) -> None:
    folder = tmp_path / "db1"
    folder.mkdir()
    shutil.copyfile(DB_1 / storage.DATABASE, folder / storage.DATABASE)
    expected = loads((DB_1 / "view.json").read_text())
    assert expected["db1"]["audit"]
    assert any(expected["db1"]["about"].values())
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert view(mem) == expected
    formats, audit_nodes, links, audit = _database(folder)
    assert (formats, audit_nodes, links) == (["2"], 0, 0)
    assert audit == sum(len(expected[ns]["audit"]) for ns in expected)
    with Memory(folder, embedder=HashingEmbedder()) as mem:  # format 2 read back
        assert view(mem) == expected
        # and written: a new fact is linked to its entities at once and after a reopen
        mem.remember([Claim("Person 1", "knows", "Person 4")], namespace="db1")
        linked = view(mem)["db1"]["about"]
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert view(mem)["db1"]["about"] == linked
        assert len(linked["person 4"]) == len(expected["db1"]["about"]["person 4"]) + 1


def test_audit_entries_are_read_from_their_table_and_checked(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        mem.remember([Claim("Ada", "lives_in", "Lisbon")], namespace="a")
        mem.remember([Claim("Ada", "lives_in", "Porto")], namespace="b")
        before = [entry.target_id for entry in mem.audit("a")]
    assert before
    assert all(before)
    db = sqlite3.connect(folder / storage.DATABASE)
    db.execute("UPDATE audit SET namespace = 'b' WHERE namespace = 'a'")  # a moved row
    db.commit()
    db.close()
    with pytest.raises(StoreCorrupt, match=r"store\.db.*audit entry"):
        Memory(folder, embedder=HashingEmbedder())  # the row fails its checksum: refused


def test_a_write_in_one_namespace_leaves_anothers_audit_and_statements(tmp_path: Path) -> None:
    """Tenancy below the API: removals and scrubs naming another namespace's audit entries
    or statements (which live outside the graph) change nothing there."""
    with Memory(tmp_path / "store", embedder=HashingEmbedder()) as mem:
        mem.remember([Claim("Ada", "lives_in", "Lisbon")], namespace="b")
        mem.remember([Claim("Ben", "lives_in", "Porto")], namespace="a")
        store = mem.store
        audit_b = store.export_rows("b")["AuditEntry"]
        said_b = store.ids("b", "Statement")
        assert audit_b
        assert said_b
        store.apply(
            ChangeSet(
                namespace="a",
                removals={"AuditEntry": [a["id"] for a in audit_b], "Statement": said_b},
                audit_scrubs=[a["id"] for a in audit_b],
            )
        )
        assert store.export_rows("b")["AuditEntry"] == audit_b
        assert store.ids("b", "Statement") == said_b
    with Memory(tmp_path / "store", embedder=HashingEmbedder()) as mem:
        assert mem.store.export_rows("b")["AuditEntry"] == audit_b
        assert [s["id"] for s in mem.store.statements_by_id("b", said_b)] == said_b
