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


def test_after_a_forget_no_file_of_the_store_holds_the_forgotten_words(
    tmp_path: Path, small_thresholds: None
) -> None:
    folder = tmp_path / "store"
    mem = Memory(folder, embedder=HashingEmbedder())
    _grow(mem, 100)
    secret = mem.remember(
        [Claim("Person 5", "lives_in", "Zanzibarquux")], namespace=NS, at=START + timedelta(days=30)
    )
    _grow(mem, 10, seed=3)
    mem.store.compact()  # type: ignore[attr-defined]
    store = mem.store
    assert isinstance(store, EmbeddedStore)
    base = store._tables[("Fact", NS)].keywords
    assert base.base is not None
    assert base._searcher.doc_freq("body", "zanzibarquux") == 1  # in tantivy's files
    mem.forget(NS, episode=secret.episode_id)
    # The forget deletes the index files at once (the base stays open in memory, its
    # row marked stale) and the close writes them again from the live rows.
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
