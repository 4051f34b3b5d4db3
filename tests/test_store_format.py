"""The embedded store's database (store.db: rows of JSON with datetimes marked, vectors as
float32 BLOBs) and the derived files an open reads fast: a folder written by an earlier
graphmem (journal and snapshot, format 1) opens with everything and moves to the
database, leaving none of its old files; damaged rows are refused, damaged index files
rebuilt; a forget leaves no file holding the forgotten vectors or words."""

from __future__ import annotations

import random
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pytest

from graphmem import Claim, Memory, StoreCorrupt
from graphmem.lifecycle import doctor
from graphmem.lifecycle.residue import scan
from graphmem.models.embed import HashingEmbedder
from graphmem.store import indexes
from graphmem.store.embedded import EmbeddedStore, migrate, storage
from graphmem.store.rows import dumps, loads
from graphmem.store.snapshot import build_graph, decode_records, encode_records

NS = "snap"
START = datetime(2025, 1, 1, tzinfo=UTC)
_USE = ("use_count", "last_used_at")  # recall counts its uses: not what is compared
FORMAT_1 = Path(__file__).parent / "data" / "store_format1"  # written by graphmem 0.1 (main)


def _store(mem: Memory) -> EmbeddedStore:
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    return store


def _grow(mem: Memory, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for i in range(n):
        person = f"Person {i % 7}"
        claims = [
            Claim(person, "lives_in", rng.choice(("Lisbon", "Osaka", "Bergen", "Hanoi"))),
            Claim(person, "likes_food", rng.choice(("ramen", "pho", "tacos", "curry"))),
        ]
        mem.remember(claims, namespace=NS, at=START + timedelta(hours=i))


def _everything(mem: Memory, ns: str, question: str) -> tuple[object, ...]:
    store = _store(mem)
    rows = {
        label: [{k: v for k, v in row.items() if k not in _USE} for row in found]
        for label, found in store.export_rows(ns).items()
    }
    hits = [(h.text, round(h.score, 5)) for h in mem.recall(question, namespace=ns, k=8)]
    vectors = {
        node: _Close(table.vectors.get(row))
        for (_, space), table in store._tables.items()
        if space == ns
        for node, row in table.row_of.items()
        if table.vectors.get(row) is not None
    }
    return rows, hits, vectors


class _Close:
    """A vector that equals another within float32 rounding (a unit vector normalised
    once more on the way back in may move in its last bit)."""

    def __init__(self, vector: np.ndarray) -> None:  # type: ignore[type-arg]
        self.vector = np.array(vector)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Close) and bool(np.allclose(self.vector, other.vector, atol=1e-6))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"_Close({self.vector[:4]}...)"


def test_a_store_written_in_format_1_opens_whole_and_moves_to_the_database(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "old"
    shutil.copytree(FORMAT_1, folder)
    assert b'"format":1' in (folder / "snapshot.json").read_bytes()[:200]
    question = "Where does Person 1 live?"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        before = _everything(mem, "old", question)
        rows, hits, vectors = before
        assert len(rows["Fact"]) >= 10
        assert len(vectors) >= 10
        assert "Person 1 works_at Initech" in [text for text, _ in hits]  # type: ignore[attr-defined]
        assert all(isinstance(f["valid_from"], datetime) for f in rows["Fact"])  # type: ignore[index]
        # Moved on open: no file of the old format is left to hold what a forget takes.
        assert set(migrate.OLD_FILES) & {p.name for p in folder.iterdir()} == set()
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["lock", "store.db"]
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert _everything(mem, "old", question) == before
    assert scan(folder, ["Quillbrook"]) == []  # forgotten before the move, still gone


def test_a_move_killed_before_or_after_its_commit_finishes_on_the_next_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "Where does Person 1 live?"
    with Memory(shutil.copytree(FORMAT_1, tmp_path / "ref"), embedder=HashingEmbedder()) as mem:
        want = _everything(mem, "old", question)
    # Before the commit: the transaction never happened, the old files are all there.
    folder = shutil.copytree(FORMAT_1, tmp_path / "before")
    with monkeypatch.context() as patch:

        def killed(*args: object, **kwargs: object) -> None:
            raise KeyboardInterrupt

        patch.setattr(storage.Database, "write", killed)
        with pytest.raises(KeyboardInterrupt):
            Memory(folder, embedder=HashingEmbedder())
    assert sorted(p.name for p in FORMAT_1.iterdir()) == sorted(
        p.name for p in folder.iterdir() if p.name not in ("lock", "store.db")
    )
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert _everything(mem, "old", question) == want
    # After the commit, before the old files went: the next open only deletes them.
    folder = shutil.copytree(FORMAT_1, tmp_path / "after")
    with monkeypatch.context() as patch:
        patch.setattr(migrate, "remove_old", lambda folder: None)
        Memory(folder, embedder=HashingEmbedder()).close()
    assert (folder / "snapshot.json").exists()
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert _everything(mem, "old", question) == want
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["lock", "store.db"]


def test_a_damaged_old_folder_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    folder = shutil.copytree(FORMAT_1, tmp_path / "old")
    journal = folder / "journal.jsonl"
    journal.write_bytes(journal.read_bytes() + b"1 2 not a record\n")
    names = [p.name for p in FORMAT_1.iterdir()]
    before = {name: (folder / name).read_bytes() for name in names}
    with pytest.raises(StoreCorrupt, match=r"journal\.jsonl"):
        Memory(folder, embedder=HashingEmbedder())
    assert {name: (folder / name).read_bytes() for name in names} == before
    assert doctor.diagnose(folder).damaged
    # repair reads the old files and writes a store of the database format.
    doctor.repair(folder, tmp_path / "new")
    assert (tmp_path / "new" / "store.db").exists()
    with Memory(tmp_path / "new", embedder=HashingEmbedder()) as mem:
        assert "Person 1 works_at Initech" in [
            e.text for e in mem.recall("Where does Person 1 live?", namespace="old", k=8)
        ]


def test_the_database_keeps_datetimes_vectors_and_relationships(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        _grow(mem, 30)
        before = _everything(mem, NS, "Who likes pho?")
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert _everything(mem, NS, "Who likes pho?") == before


def test_the_graph_is_built_as_networkx_builds_it() -> None:
    when = datetime(2025, 3, 4, 5, 6, 7, 891, tzinfo=UTC)
    state: dict[str, Any] = {
        "graph": {"made": when},
        "nodes": [
            {"id": "a", "at": when, "tags": [when, {"deep": when}], "n": 1},
            {"id": "b", "at": None, "props": {"x": 1}},
            {"id": "e", "at": when + timedelta(days=1), "tags": [{"x": when}], "n": 2},
            {"id": "f", "at": when, "tags": ["no datetime"], "n": 3},
            {"id": "c"},
        ],
        "edges": [
            {"source": "a", "target": "b", "key": "K", "at": when},
            {"source": "a", "target": "b", "key": "L"},
            {"source": "b", "target": "a", "key": "K"},
            {"source": "c", "target": "d", "key": "K"},  # an end node without a record
        ],
    }
    want = nx.MultiDiGraph(made=when)
    want.add_nodes_from((n["id"], dict(n)) for n in state["nodes"])
    want.add_edges_from(
        (e["source"], e["target"], e["key"], {k: v for k, v in e.items() if k[0] not in "stk"})
        for e in state["edges"]
    )
    # As a snapshot writes and reads it: JSON (datetimes as records.dumps writes them).
    written = loads(dumps({"graph": {"made": when}, **encode_records(state)}))
    assert len(written["nodes"]["groups"]) == 4  # a and e share one group
    assert written["nodes"]["groups"][0]["rows"][0][1] == when.isoformat()
    read: dict[str, Any] = {"graph": written["graph"]}
    decode_records(read, {"nodes": written["nodes"], "edges": written["edges"]})
    assert read["nodes"] == state["nodes"]
    got = build_graph(read)
    assert nx.utils.graphs_equal(got, want)
    assert got.nodes["a"]["tags"] == [when, {"deep": when}]
    assert got.edges["a", "b", "K"]["at"] == when
    got.add_edge("c", "a", key="NEW")  # an ordinary graph: the API works on it
    assert list(got.predecessors("a")) == ["b", "c"]
    got.remove_node("b")
    assert "b" not in got.succ["a"]
    assert "b" not in got.pred["a"]


def _db_store(folder: Path) -> None:
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        _grow(mem, 12)


def test_damage_in_a_row_is_refused_naming_the_database(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    _db_store(folder)
    path = folder / "store.db"
    pristine = path.read_bytes()
    db = sqlite3.connect(path)
    values = [row[0] for row in db.execute("SELECT vector FROM vectors LIMIT 3")]
    values += [row[0].encode() for row in db.execute("SELECT body FROM nodes LIMIT 3")]
    db.close()
    for value in values:
        at = pristine.index(value[:48]) + 24  # a row may run on into an overflow page
        damaged = bytearray(pristine)
        damaged[at] ^= 0x40
        path.write_bytes(bytes(damaged))
        with pytest.raises(StoreCorrupt, match=r"store\.db.*checksum"):
            Memory(folder, embedder=HashingEmbedder())
        # Left as it was: SQLite's close may count one more change in the file's header.
        assert path.read_bytes()[100:] == bytes(damaged)[100:]
        report = doctor.diagnose(folder)
        assert [p.file for p in report.problems] == ["store.db"]
    path.write_bytes(pristine)
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert len(mem.recall("Who likes pho?", namespace=NS, k=3)) == 3


def test_repair_keeps_the_vectors(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    _db_store(folder)
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        before = _everything(mem, NS, "Who likes pho?")
    doctor.repair(folder, tmp_path / "new")
    with Memory(tmp_path / "new", embedder=HashingEmbedder()) as mem:
        assert _everything(mem, NS, "Who likes pho?") == before


def _vector_bytes(mem: Memory, node: str) -> bytes:
    for (_, space), table in _store(mem)._tables.items():
        if space == NS and node in table.row_of:
            vector = table.vectors.get(table.row_of[node])
            assert vector is not None
            return np.asarray(vector, dtype="<f4").tobytes()[:32]
    raise AssertionError(node)


def _files_holding(folder: Path, needle: bytes) -> list[str]:
    return [
        str(p.relative_to(folder))
        for p in sorted(folder.rglob("*"))
        if p.is_file() and needle in p.read_bytes()
    ]


def test_a_forget_leaves_no_file_holding_the_forgotten_vectors(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        _grow(mem, 10)
        secret = mem.remember(
            [Claim("Person 3", "lives_in", "Zanzibarquux")], namespace=NS, at=START
        )
        _grow(mem, 3, seed=5)
        facts = mem.facts(NS, subject="Person 3", history=True)
        fact = next(f for f in facts if f.object == "Zanzibarquux")
        needles = [_vector_bytes(mem, fact.id), _vector_bytes(mem, secret.episode_id)]
        assert all(_files_holding(folder, n) for n in needles)  # store.db or its WAL
        mem.forget(NS, episode=secret.episode_id)
        for needle in needles:
            assert _files_holding(folder, needle) == []
    for needle in needles:
        assert _files_holding(folder, needle) == []
    assert scan(folder, ["Zanzibarquux"]) == []


@pytest.fixture
def word_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the analysed words of small tables in files from a few words on."""
    monkeypatch.setattr(indexes, "DELTA_FILE_FROM", 20)


def _long_episodes(mem: Memory, n: int) -> None:
    for i in range(n):
        claims = [Claim(f"Person {j}", "likes_food", f"dish{i}x{j}") for j in range(6)]
        mem.remember(claims, namespace=NS, at=START + timedelta(hours=i))


def test_the_words_of_a_small_table_are_read_back_not_analysed_again(
    tmp_path: Path, word_files: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        _long_episodes(mem, 8)
        mem.store.compact()  # type: ignore[attr-defined]
        want = [e.text for e in mem.recall("dish3x2", namespace=NS, k=5)]
        words = _store(mem)._tables[("Episode", NS)].keywords
        docs = {row: dict(counts) for row, counts in words.docs.items()}
    assert list((folder / "index").rglob("delta.json"))
    analysed: list[str] = []
    monkeypatch.setattr(
        EmbeddedStore, "_index_table", lambda self, node, data, vector: analysed.append(node)
    )
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        assert analysed == []  # every table came from its files
        words = _store(mem)._tables[("Episode", NS)].keywords
        assert {row: dict(counts) for row, counts in words.docs.items()} == docs
        assert [e.text for e in mem.recall("dish3x2", namespace=NS, k=5)] == want


def test_a_damaged_words_file_is_rebuilt_and_a_forget_erases_its_words(
    tmp_path: Path, word_files: None
) -> None:
    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        _long_episodes(mem, 6)
        gone = mem.remember(
            [Claim("Person 2", "likes_food", "Quokkaberry")], namespace=NS, at=START
        )
        mem.store.compact()  # type: ignore[attr-defined]
        want = [e.text for e in mem.recall("dish3x2", namespace=NS, k=5)]
    delta = next((folder / "index").rglob("delta.json"))
    assert b"quokkaberri" in delta.read_bytes() or b"quokkaberry" in delta.read_bytes()
    delta.write_bytes(delta.read_bytes().replace(b"dish3x2", b"dish3x9"))
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        store = _store(mem)
        assert not (folder / "index").exists()  # refused as a whole, rebuilt from the database
        assert [e.text for e in mem.recall("dish3x2", namespace=NS, k=5)] == want
        store.compact()
        assert list((folder / "index").rglob("delta.json"))
        mem.forget(NS, episode=gone.episode_id)
        assert scan(folder, ["quokkaberry", "quokkaberri"]) == []
    assert scan(folder, ["quokkaberry", "quokkaberri"]) == []


def test_every_forget_leaves_no_byte_of_what_it_took_without_a_purge(tmp_path: Path) -> None:
    # Rows move between pages as the store grows (SQLite's b-tree rebalancing), which can
    # leave an old copy of a row where secure_delete does not reach: each forget zeroes
    # that space in the pages written since the last (wipe.py), never rewriting the file.
    folder = tmp_path / "store"
    rng = random.Random(4)
    vacuums: list[int] = []
    real = storage.Database.vacuum

    def counted(self: storage.Database) -> None:
        vacuums.append(1)
        real(self)

    with Memory(folder, embedder=HashingEmbedder()) as mem:
        storage.Database.vacuum = counted  # type: ignore[method-assign]
        try:
            _grow(mem, 40)
            for i in range(25):
                marker = f"Quorblat{i}x{rng.randrange(10**6)}"
                said = mem.remember(
                    [Claim(f"Person {i % 7}", "visited", marker)],
                    namespace=NS,
                    at=START + timedelta(days=i),
                )
                _grow(mem, 3, seed=i)
                mem.forget(NS, episode=said.episode_id)
                assert scan(folder, [marker]) == [], (i, vacuums)
            assert vacuums == []
        finally:
            storage.Database.vacuum = real  # type: ignore[method-assign]
    assert scan(folder, ["Quorblat"]) == []


def test_forgetting_a_turn_does_not_rewrite_the_file_for_its_neighbours_words(
    tmp_path: Path,
) -> None:
    # A turn's context holds its neighbours' words; they stay when the turn goes, so they
    # are no sign of a stale copy (they were, and every such forget ran a VACUUM).
    vacuums: list[int] = []
    real = storage.Database.vacuum

    def counted(self: storage.Database) -> None:
        vacuums.append(1)
        real(self)

    folder = tmp_path / "store"
    with Memory(folder, embedder=HashingEmbedder()) as mem:
        mem.remember("Bramblewick keeps three hives of bees on the roof.", NS, at=START)
        said = mem.remember(
            "Quorblattine swims at the Tarrowby lido.", NS, at=START + timedelta(minutes=1)
        )
        storage.Database.vacuum = counted  # type: ignore[method-assign]
        try:
            mem.forget(NS, episode=said.episode_id)
        finally:
            storage.Database.vacuum = real  # type: ignore[method-assign]
        assert vacuums == []
        assert scan(folder, ["Quorblattine"]) == []
        assert "Bramblewick" in mem.recall("Who keeps bees?", namespace=NS)[0].text
