"""The unallocated space SQLite leaves in the pages it rebuilds (``wipe.py``): it holds
copies of rows that were moved, so a row deleted later stays on disk despite
``secure_delete``. The store zeroes that space in the pages each commit wrote; these
tests show the copies exist, that the wipe removes them and changes nothing else, and
that the store's forgets no longer rewrite the whole file to find them."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.models.embed import HashingEmbedder
from graphmem.store.embedded import storage
from graphmem.store.embedded.wipe import Wiper, unallocated

NS = "maya"
START = datetime(2025, 3, 1, tzinfo=UTC)


def _sqlite(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)
    for pragma in ("auto_vacuum = INCREMENTAL", "journal_mode = WAL", "secure_delete = ON"):
        db.execute(f"PRAGMA {pragma}")
    db.execute("CREATE TABLE t (id TEXT PRIMARY KEY, body TEXT)")
    return db


def _churn(db: sqlite3.Connection, rows: int, seed: int) -> list[int]:
    """Rows inserted, then deleted and grown in rounds (pages underflow and overflow, so
    SQLite moves cells between siblings); the numbers of the deleted rows."""
    rng = random.Random(seed)
    ids = [f"{rng.randrange(16**12):012x}" for _ in range(rows)]
    for i, key in enumerate(ids):
        db.execute(
            "INSERT INTO t VALUES (?, ?)", (key, f"Marker{i:05d}Q " + "w" * rng.randrange(20, 900))
        )
    gone: list[int] = []
    alive = list(range(rows))
    for _ in range(6):
        rng.shuffle(alive)
        cut, alive = alive[: len(alive) // 6], alive[len(alive) // 6 :]
        for i in cut:
            db.execute("DELETE FROM t WHERE id = ?", (ids[i],))
        gone += cut
        for i in alive[: len(alive) // 5]:
            grown = "x" * rng.randrange(50, 600)
            db.execute("UPDATE t SET body = body || ? WHERE id = ?", (grown, ids[i]))
    return gone


def _left(path: Path, gone: list[int]) -> list[int]:
    data = path.read_bytes()
    return [i for i in gone if f"Marker{i:05d}Q".encode() in data]


def test_sqlite_keeps_deleted_rows_in_rebuilt_pages_and_the_wipe_zeroes_only_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.db"
    db = _sqlite(path)
    gone = _churn(db, 3000, seed=1)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = db.execute("SELECT id, body FROM t ORDER BY id").fetchall()
    db.close()
    # secure_delete is on, the WAL empty: still deleted rows in the file (SQLite 3.40's
    # rebuildPage leaves the cells it moved where they were).
    assert _left(path, gone)
    assert Wiper(path, everything=True).wipe() > 0
    assert _left(path, gone) == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert db.execute("SELECT id, body FROM t ORDER BY id").fetchall() == rows
    db.close()


def test_the_wal_names_the_pages_each_commit_wrote(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    db = _sqlite(path)
    wiper = Wiper(path, everything=False)
    db.execute("INSERT INTO t VALUES ('a', ?)", ("x" * 5000,))  # a leaf and an overflow page
    wiper.note()
    first = set(wiper.pending)
    assert len(first) >= 2
    wiper.note()  # nothing new: nothing read twice into a different set
    assert wiper.pending == first
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    wiper.pending.clear()
    db.execute("INSERT INTO t VALUES ('b', 'short')")  # a new WAL, new salts
    wiper.note()
    assert 1 <= len(wiper.pending) <= 3  # its leaf, the index leaf: read from the new start
    db.close()


def test_pages_that_are_not_btree_pages_or_do_not_hold_together_are_left_alone() -> None:
    overflow = bytes(4) + b"text of a long row" + bytes(4074)
    assert unallocated(overflow, 7, 4096) == []
    leaf = bytearray(4096)
    leaf[0] = 13
    leaf[3:5] = (2).to_bytes(2, "big")  # two cells
    leaf[5:7] = (4000).to_bytes(2, "big")  # content from 4000
    leaf[8:12] = (4000).to_bytes(2, "big") + (4050).to_bytes(2, "big")  # the cells
    assert unallocated(bytes(leaf), 7, 4096) == [(12, 4000)]
    leaf[5:7] = (4020).to_bytes(2, "big")  # a start past a cell: a damaged header
    assert unallocated(bytes(leaf), 7, 4096) == []
    leaf[5:7] = (4).to_bytes(2, "big")  # content start inside the cell pointers
    assert unallocated(bytes(leaf), 7, 4096) == []
    leaf[5:7] = (4000).to_bytes(2, "big")
    leaf[1:3] = (100).to_bytes(2, "big")  # a freeblock before the content area
    assert unallocated(bytes(leaf), 7, 4096) == []


def test_a_database_opened_after_a_kill_or_made_before_wipes_every_page(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        mem.remember("Maya keeps bees on the roof.", NS, at=START)
    database = storage.Database(folder)
    assert not database.wiper.everything  # closed cleanly, and marked
    database.close()
    raw = sqlite3.connect(folder / "store.db", isolation_level=None)
    raw.execute("CREATE TABLE later (x)")
    frames = (folder / "store.db-wal").read_bytes()  # a commit no wipe followed
    raw.close()
    (folder / "store.db-wal").write_bytes(frames)  # as a kill leaves it
    database = storage.Database(folder)
    assert database.wiper.everything
    database.close()
    database = storage.Database(folder)
    assert not database.wiper.everything  # the close wiped every page
    database.db.execute("PRAGMA user_version = 0")  # a store made before
    database.db.close()
    database = storage.Database(folder)
    assert database.wiper.everything
    database.close()
    database = storage.Database(folder)
    assert not database.wiper.everything
    # A writer that does not wipe (a graphmem before it) moves the write counter on.
    database.db.execute("UPDATE meta SET body = '999' WHERE name = 'seq'")
    database.db.close()
    assert storage.Database(folder).wiper.everything


def test_every_forget_leaves_no_byte_of_what_it_took_and_never_rewrites_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "store"
    rewrites: list[str] = []
    rng = random.Random(2)
    words = ["really", "then", "also", "anyway"]
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        said = []
        for i in range(600):
            marker = f"Zorblex{i:05d}q"
            filler = " ".join(rng.choice(words) for _ in range(rng.randrange(60)))
            text = f"My friend Maya moved to {marker} and loves chess. {filler}"
            at = START + timedelta(minutes=i)
            said.append((marker, mem.remember(text, NS, at=at, session=f"s{i // 30}")))
        wiped: list[int] = []
        real_wipe = Wiper.wipe

        def counted(self: Wiper) -> int:
            wiped.append(real_wipe(self))
            return wiped[-1]

        monkeypatch.setattr(Wiper, "wipe", counted)
        monkeypatch.setattr(storage.Database, "vacuum", lambda self: rewrites.append("VACUUM"))
        for marker, result in rng.sample(said, 150):
            mem.forget(NS, episode=result.episode_id)
            held = [
                p.name
                for p in folder.rglob("*")
                if p.is_file() and marker.encode() in p.read_bytes()
            ]
            assert held == [], marker
        assert rewrites == []
        assert sum(wiped) > 0  # the wipe had copies to zero: without it some stay (below)
    db = sqlite3.connect(folder / "store.db")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert mem.stats(NS)["Episode"] == 450
