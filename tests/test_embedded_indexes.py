"""The embedded store's vector and keyword indexes (faiss HNSW, tantivy BM25): the
indexed paths answer as the exact ones do under every filter, their files beside the
database are reused on reopen and rebuilt when stale or damaged, and a forget leaves
no file of the store holding the forgotten words."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from graphmem import Claim, Memory
from graphmem.lifecycle.residue import scan
from graphmem.model import Authority, Sensitivity, Status
from graphmem.models.embed import HashingEmbedder
from graphmem.store import keywords, vectors
from graphmem.store.base import FactFilter, RecallFilter
from graphmem.store.embedded import EmbeddedStore
from graphmem.store.text import BM25
from graphmem.temporal import AsOf

NS = "idx"
START = datetime(2025, 1, 1, tzinfo=UTC)
CITIES = ("Lisbon", "Osaka", "Nairobi", "Krakow", "Hanoi", "Bergen", "Porto", "Lyon", "Seoul")
FOODS = ("ramen", "tacos", "pierogi", "sushi", "falafel", "paella", "pho", "curry", "risotto")


@pytest.fixture
def small_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Index paths from a few hundred rows on, so that a test store uses them."""
    monkeypatch.setattr(vectors, "EXACT_BELOW", 40)
    monkeypatch.setattr(vectors, "CATCH_UP", 16)
    monkeypatch.setattr(keywords, "BASE_FROM", 40)


def _grow(mem: Memory, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for i in range(n):
        person = f"Person {i % 60}"
        claims = [
            Claim(person, "lives_in", rng.choice(CITIES)),
            Claim(person, "likes_food", rng.choice(FOODS)),
        ]
        mem.remember(claims, namespace=NS, at=START + timedelta(hours=i))


def _filters() -> Iterator[RecallFilter]:
    statuses = tuple(s.value for s in Status)
    authorities = tuple(a.value for a in Authority)
    sensitivities = tuple(s.value for s in Sensitivity)
    for hours in (5, 60, 150, 10_000):
        point = AsOf(START + timedelta(hours=hours), START + timedelta(hours=hours))
        yield RecallFilter(point, ("active",), authorities, sensitivities)
        yield RecallFilter(point, statuses, authorities, sensitivities, include_review=True)


def _sims(hits: list) -> list[float]:  # type: ignore[type-arg]
    return [round(h.similarity, 5) for h in hits]


def test_the_hnsw_path_answers_as_exact_search_under_filters(
    tmp_path: Path, small_thresholds: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = HashingEmbedder()
    mem = Memory(tmp_path / "store", embedder=embedder)
    _grow(mem, 160)
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    table = store._tables[("Fact", NS)]
    assert table.vectors.ann is not None  # the graph is used
    assert table.vectors.ann_rows > 0
    questions = [f"Where does Person {i} live?" for i in range(0, 60, 7)]
    questions += [
        f"Does Person {i} like {f}?" for i, f in zip(range(3, 60, 9), FOODS, strict=False)
    ]
    compared = 0
    for where in _filters():
        for question in questions:
            vector = embedder.embed([question])[0]
            indexed = store.similar_facts(NS, where, vector, 10)
            monkeypatch.setattr(vectors, "EXACT_BELOW", 10**9)
            exact = store.similar_facts(NS, where, vector, 10)
            monkeypatch.setattr(vectors, "EXACT_BELOW", 40)
            # Ties may be broken differently; the similarities, in order, may not differ.
            assert _sims(indexed) == _sims(exact)
            admitted = {h.row["id"] for h in store.similar_facts(NS, where, vector, 10**6)}
            assert {h.row["id"] for h in indexed} <= admitted
            compared += 1
    assert compared > 50
    mem.close()


def test_the_tantivy_base_scores_as_the_reference_bm25_under_filters(
    tmp_path: Path, small_thresholds: None
) -> None:
    mem = Memory(tmp_path / "store", embedder=HashingEmbedder())
    _grow(mem, 120)
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    store.compact()  # the facts move into tantivy
    assert store._tables[("Fact", NS)].keywords.base is not None
    _grow(mem, 20, seed=2)  # and a delta on top
    # the reference: BM25 over every fact of the namespace, the best admitted first
    reference = BM25()
    for row in store.facts(NS, FactFilter(include_candidates=True)):
        reference.add(row["id"], row["search_text"])
    for where in _filters():
        admitted = {h.row["id"] for h in store.similar_facts(NS, where, [1.0] * 256, 10**6)}
        for question in ("Does Person 7 like ramen?", "Who lives in Lyon?", "pho Person 12"):
            got = store.keyword_facts(NS, where, question, None, 10)
            assert {h.row["id"] for h in got} <= admitted
            ranked = [s for i, s in reference.search(question, 10**6) if i in admitted][:10]
            assert [round(h.score, 3) for h in got] == [round(s, 3) for s in ranked]
    mem.close()


def _answers(mem: Memory) -> list[list[str]]:
    return [
        [e.text for e in mem.recall(q, namespace=NS, k=5)]
        for q in ("Where does Person 4 live?", "Who likes sushi?", "Person 33 food")
    ]


def test_a_reopen_reuses_the_index_files_and_rebuilds_stale_or_damaged_ones(
    tmp_path: Path, small_thresholds: None
) -> None:
    folder = tmp_path / "store"
    mem = Memory(folder, embedder=HashingEmbedder())
    _grow(mem, 120)
    mem.store.compact()  # type: ignore[attr-defined]
    want = _answers(mem)
    mem.close()
    assert (folder / "index" / "manifest.json").exists()

    mem = Memory(folder, embedder=HashingEmbedder())
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    assert store._tables[("Fact", NS)].keywords.base is not None  # read, not rebuilt
    assert _answers(mem) == want
    _grow(mem, 3, seed=9)  # the database moves past the index files' state
    want = _answers(mem)
    store._abandon()  # a kill: no index files written on the way out

    mem = Memory(folder, embedder=HashingEmbedder())
    assert _answers(mem) == want
    mem.store.compact()  # type: ignore[attr-defined]
    mem.close()

    damaged = next((folder / "index").rglob("vectors.npy"))
    data = bytearray(damaged.read_bytes())
    data[-7] ^= 0xFF
    damaged.write_bytes(bytes(data))
    mem = Memory(folder, embedder=HashingEmbedder())
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    assert store._tables[("Fact", NS)].keywords.base is None  # rebuilt from the database
    assert _answers(mem) == want
    mem.close()


def _with_a_secret(folder: Path) -> tuple[Memory, EmbeddedStore, Any]:
    """A store whose index files hold "Zanzibarquux" (a fact among 220)."""
    mem = Memory(folder, embedder=HashingEmbedder())
    _grow(mem, 100)
    secret = mem.remember(
        [Claim("Person 5", "lives_in", "Zanzibarquux")], namespace=NS, at=START + timedelta(days=30)
    )
    _grow(mem, 10, seed=3)
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    store.compact()
    return mem, store, secret


def test_after_a_forget_no_file_of_the_store_holds_the_forgotten_words(
    tmp_path: Path, small_thresholds: None
) -> None:
    folder = tmp_path / "store"
    mem, store, secret = _with_a_secret(folder)
    base = store._tables[("Fact", NS)].keywords
    assert base.base is not None
    assert base._searcher.doc_freq("body", "zanzibarquux") == 1  # in tantivy's files
    mem.forget(NS, episode=secret.episode_id)
    # The forget deletes the keyword files at once and zeroes the vectors it took in the
    # others (the base stays open in memory, its row marked stale); the close writes
    # them again from the live rows.
    assert scan(folder, ["zanzibarquux", "Zanzibarquux"]) == []
    assert all("Zanzibarquux" not in e.text for e in mem.recall("Zanzibarquux", namespace=NS))
    mem.close()
    assert scan(folder, ["zanzibarquux", "Zanzibarquux"]) == []
    mem = Memory(folder, embedder=HashingEmbedder())
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    # tantivy's term dictionary is compressed: ask it too (deleted documents count
    # until a merge, so zero means the word left its files)
    assert store._tables[("Fact", NS)].keywords.base is not None  # read from its files
    assert store._tables[("Fact", NS)].keywords._searcher.doc_freq("body", "zanzibarquux") == 0
    assert store._tables[("Episode", NS)].keywords.base is None or (
        store._tables[("Episode", NS)].keywords._searcher.doc_freq("body", "zanzibarquux") == 0
    )
    assert all("Zanzibarquux" not in e.text for e in mem.recall("Zanzibarquux", namespace=NS))
    mem.close()


def test_recall_after_each_kind_of_write_sees_what_a_fresh_filter_sees(tmp_path: Path) -> None:
    """The filter's columns follow writes row by row (not rebuilt after each): after new
    facts, supersessions, candidates, confirmations, feedback and forgets, recall answers
    as it does from columns built afresh."""
    clock = [START + timedelta(days=30)]
    mem = Memory(tmp_path / "store", embedder=HashingEmbedder(), clock=lambda: clock[0])
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    questions = ("Where does Person 3 live?", "Who likes ramen?", "Person 5 food", "Lisbon")
    points = [None, START + timedelta(days=2), START + timedelta(days=40)]

    def answers() -> list[list[tuple[str, str | None, str | None, str | None]]]:
        return [
            [
                (e.kind, e.fact_id, e.episode_id, e.status)
                for e in mem.recall(
                    q, namespace=NS, at=at, known_at=at, k=20, include_episodes=episodes
                )
            ]
            for q in questions
            for at in points
            for episodes in (False, True)
        ]

    def admitted() -> list[set[str]]:
        """Every fact and episode the filter lets through, at each point."""
        out = []
        now = AsOf(clock[0], clock[0])
        for where in [*_filters(), *(replace(w, point=now) for w in _filters())]:
            out.append({h.row["id"] for h in store.similar_facts(NS, where, [1.0] * 256, 10**6)})
            hits = store.similar_episodes(NS, where, [1.0] * 256, 10**6)
            out.append({h.row["id"] for h in hits})
        return out

    def check() -> None:
        refreshed = answers(), admitted()
        store._cols.clear()  # the next recall builds its columns from every node
        store._seen.clear()
        assert refreshed == (answers(), admitted())

    _grow(mem, 30)
    check()
    writes = [
        lambda: _grow(mem, 12, seed=2),  # new rows, and supersessions of one-valued facts
        lambda: mem.remember(
            [Claim(f"Person {i}", "likes_food", "ceviche", inferred=True) for i in (3, 4, 7)],
            namespace=NS,
            source="agent",
        ),
        lambda: mem.confirm(_candidates(mem)[0], NS),
        lambda: mem.reject(_candidates(mem)[-1], NS),
        lambda: mem.feedback(_a_fact(mem, "Person 5"), NS, "bad"),
        lambda: mem.forget(NS, fact=_a_fact(mem, "ramen")),
        lambda: mem.forget(NS, entity="Person 3"),
        lambda: _grow(mem, 5, seed=3),
    ]
    for write in writes:
        clock[0] += timedelta(days=1)
        write()
        check()
    mem.close()


def _candidates(mem: Memory) -> list[str]:
    facts = mem.facts(NS, include_candidates=True)
    found = [f.id for f in facts if f.status is Status.CANDIDATE]
    assert found, "the inferred claims should wait as candidates"
    return found


def _a_fact(mem: Memory, query: str) -> str:
    found = mem.recall(query, namespace=NS, include_episodes=False)[0].fact_id
    assert found is not None
    return found


def test_a_forget_zeroes_the_forgotten_vectors_inside_the_index_files_it_keeps(
    tmp_path: Path, small_thresholds: None
) -> None:
    # The forget no longer deletes the vector files (their size, not what it forgets,
    # set its cost): it zeroes the rows it changed where the files hold them.
    folder = tmp_path / "store"
    mem, store, secret = _with_a_secret(folder)
    table = store._tables[("Fact", NS)]
    fact = next(f for f in mem.facts(NS, history=True) if f.object == "Zanzibarquux")
    vector = table.vectors.matrix[table.row_of[fact.id]].tobytes()
    files = sorted(
        p for p in (folder / "index").rglob("*") if p.name in ("vectors.npy", "ann.faiss")
    )
    held = [p.name for p in files if vector in p.read_bytes()]
    assert sorted(held) == ["ann.faiss", "vectors.npy"]
    mem.forget(NS, episode=secret.episode_id)
    assert all(p.exists() for p in files)  # kept, edited in place
    assert [p.name for p in files if vector in p.read_bytes()] == []
    assert not (folder / "index" / "manifest.json").exists()  # an open would rebuild
    assert scan(folder, ["zanzibarquux", "Zanzibarquux"]) == []
    after = _answers(mem)
    store._abandon()  # a kill before close: the index files are never trusted again
    mem = Memory(folder, embedder=HashingEmbedder())
    assert _answers(mem) == after
    mem.close()
    mem = Memory(folder, embedder=HashingEmbedder())  # the files close wrote, read back
    reopened = mem.store
    assert isinstance(reopened, EmbeddedStore)
    assert reopened._tables[("Fact", NS)].keywords.base is not None
    # The HNSW graph read back ranks near-ties below the top as it likes (as before).
    assert [a[:4] for a in _answers(mem)] == [a[:4] for a in after]
    assert all("Zanzibarquux" not in e.text for e in mem.recall("Zanzibarquux", namespace=NS))
    mem.close()


def test_a_close_after_a_forget_and_a_few_writes_keeps_the_graph_file_and_appends(
    tmp_path: Path, small_thresholds: None
) -> None:
    # What a close writes follows what changed since the files: the rows added are
    # appended to vectors.npy, the HNSW graph file stays (its rows did not change), and
    # the keyword base is rebuilt from the terms it holds, not by analysing every text.
    folder = tmp_path / "store"
    mem = Memory(folder, embedder=HashingEmbedder())
    _grow(mem, 120)
    gone = mem.remember(
        [Claim("Person 6", "lives_in", "Quorblattville")],
        namespace=NS,
        at=START + timedelta(days=40),
    )
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    store.compact()
    fact_files = next(p.parent for p in (folder / "index").rglob("ann.faiss"))
    inodes = {n: (fact_files / n).stat().st_ino for n in ("vectors.npy", "ann.faiss")}
    size = (fact_files / "vectors.npy").stat().st_size
    analysed: list[str] = []
    real = keywords.tokens
    mem.forget(NS, episode=gone.episode_id)
    for i in range(3):
        mem.remember(
            [Claim(f"Person {i}", "likes_food", f"gnocchi{i}")],
            namespace=NS,
            at=START + timedelta(days=50 + i),
        )
    want = [*_answers(mem), [e.text for e in mem.recall("gnocchi1", namespace=NS, k=3)]]
    keywords.tokens = lambda text: analysed.append(text) or real(text)  # type: ignore[assignment]
    try:
        mem.close()
    finally:
        keywords.tokens = real  # type: ignore[assignment]
    assert analysed == []  # no text analysed again
    assert {n: (fact_files / n).stat().st_ino for n in inodes} == inodes  # not rewritten
    assert (fact_files / "vectors.npy").stat().st_size > size  # the new rows, appended
    assert scan(folder, ["Quorblattville", "quorblattvill"]) == []
    mem = Memory(folder, embedder=HashingEmbedder())
    reopened = mem.store
    assert isinstance(reopened, EmbeddedStore)
    assert reopened._saved == reopened._seq  # the files were read, not rebuilt
    assert [*_answers(mem), [e.text for e in mem.recall("gnocchi1", namespace=NS, k=3)]] == want
    mem.close()
