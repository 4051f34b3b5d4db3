"""Keyword scores are the namespace's own (issue 36): BM25 over the namespace's documents on
both stores, so that other tenants never move them, and the two stores score and rank alike —
also after forgetting, redaction and context re-windowing change what is indexed."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import neo4j
import pytest

from graphmem import Memory
from graphmem.store.base import GraphStore, RecallFilter
from graphmem.store.embedded import EmbeddedStore
from graphmem.temporal import AsOf
from tests.stores import Clock

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)
NOW = datetime(2026, 6, 1, tzinfo=UTC)

TURNS = [
    "I adopted a rescue dog named Biscuit last spring.",
    "Biscuit loves the beach; we walk on the beach every Sunday.",
    "My sister Olga lives in Lisbon and paints seascapes.",
    "Olga's paintings of the Lisbon harbour sold at a gallery.",
    "I started pottery classes on Tuesdays at the community centre.",
    "The pottery teacher says my bowls are getting better.",
    "We are planning a trip to Lisbon in September to see Olga.",
    "Biscuit will stay with my neighbour during the Lisbon trip.",
    "I work as a nurse on the night shift at the children's hospital.",
    "Night shifts make it hard to keep the pottery classes.",
]
# Other tenants say the same words, many times over.
OTHERS = [
    *TURNS,
    "Lisbon Lisbon Lisbon: the beach, the harbour and the pottery of Lisbon.",
    "A dog on the beach, a dog in the harbour, a dog at the gallery.",
    "Night shift again; the hospital needs nurses for the night.",
]
QUESTIONS = [
    "Where does Olga live?",
    "What is the dog called?",
    "When is the trip to Lisbon?",
    "What does the user do at night?",
    "pottery classes",
    "beach with Biscuit",
]
Scored = dict[str, list[tuple[str, float]]]
WHERE = RecallFilter(
    point=AsOf(NOW, NOW),
    statuses=("active",),
    authorities=("system", "user", "confirmed", "inferred", "external"),
    sensitivities=("normal", "personal"),
)


def _tell(memory: Memory, namespace: str, turns: list[str]) -> None:
    for i, text in enumerate(turns):
        memory.remember(text, namespace, at=T0 + timedelta(minutes=3 * i), session="chat")


def _keyword_scores(store: GraphStore, namespace: str) -> Scored:
    """Each question's keyword hits on both channels, by the text they index."""
    found = {}
    for question in QUESTIONS:
        facts = store.keyword_facts(namespace, WHERE, question, None, 50)
        episodes = store.keyword_episodes(namespace, WHERE, question, None, 50)
        found[question] = sorted(
            [(h.row["search_text"], h.score) for h in facts]
            + [(h.row["content"], h.score) for h in episodes]
        )
    return found


Idfs = dict[str, list[tuple[float, ...]]]


def _idfs(store: GraphStore, namespace: str) -> Idfs:
    """Each question's idfs (what recall weighs a keyword score against) on both channels."""
    found = {}
    for question in QUESTIONS:
        facts = store.keyword_facts(namespace, WHERE, question, None, 50)
        episodes = store.keyword_episodes(namespace, WHERE, question, None, 50)
        found[question] = [hit.idfs for hit in (*facts, *episodes)]
    return found


def _same_idfs(a: Idfs, b: Idfs) -> None:
    assert a.keys() == b.keys()
    for question, idfs in a.items():
        assert len(idfs) == len(b[question]), question
        for x, y in zip(idfs, b[question], strict=True):
            assert x, question
            assert x == pytest.approx(y, rel=1e-9, abs=1e-12), question


def _recalled(memory: Memory, namespace: str) -> Scored:
    return {
        question: [(e.text, e.parts.keyword) for e in memory.recall(question, namespace, k=8)]
        for question in QUESTIONS
    }


def _same_scores(a: Scored, b: Scored) -> None:
    """The same texts in the same order with the same scores (to rounding: Java's log is
    not C's)."""
    assert a.keys() == b.keys()
    for question, hits in a.items():
        assert [text for text, _ in hits] == [text for text, _ in b[question]], question
        for (_, x), (_, y) in zip(hits, b[question], strict=True):
            assert x == pytest.approx(y, rel=1e-9, abs=1e-12), question


@pytest.fixture
def neo(neo4j_uri: str) -> Iterator[GraphStore]:
    from graphmem.store.neo4j import Neo4jStore

    store = Neo4jStore(neo4j_uri)
    yield store
    store.close()


@pytest.mark.neo4j
def test_other_namespaces_leave_a_namespaces_keyword_scores_alone(neo: GraphStore) -> None:
    """Scores and orders of a namespace's keyword hits, and its recall, are the same to the
    last bit before and after other namespaces with the same words are loaded and forgotten
    in; Lucene's index-wide statistics used to move them (LoCoMo R@10 0.695 vs 0.742)."""
    suffix = uuid.uuid4().hex[:8]
    mine, others = f"kw-mine-{suffix}", [f"kw-other-{i}-{suffix}" for i in range(3)]
    memory = Memory(store=neo, clock=Clock(NOW))
    try:
        _tell(memory, mine, TURNS)
        scores, recalled = _keyword_scores(neo, mine), _recalled(memory, mine)
        assert any(scores.values())
        assert all(recalled.values())
        for other in others:
            _tell(memory, other, OTHERS * 2)
        memory.forget(others[0], everything=True)
        assert _keyword_scores(neo, mine) == scores
        assert _recalled(memory, mine) == recalled
    finally:
        for namespace in (mine, *others):
            neo.drop_namespace(namespace)  # type: ignore[attr-defined]


def _forget_some(memory: Memory, namespace: str) -> None:
    """A forget that removes a turn (its neighbours' windows change) and one that redacts
    words out of what stays."""
    told = memory.recall("pottery teacher bowls", namespace, k=3)
    episode = next(e.episode_id for e in told if e.episode_id)
    memory.forget(namespace, episode=episode)
    memory.forget(namespace, entity="Olga")


@pytest.mark.neo4j
def test_both_stores_score_and_rank_keywords_alike(neo: GraphStore, tmp_path: Path) -> None:
    """The same turns told to both stores: every keyword hit has the same score on both (BM25
    over the namespace, an episode's own words at OWN_WEIGHT beside its context), and recall
    returns the same evidence in the same order — also after forgetting re-windowed and
    redacted some of them."""
    namespace = f"kw-alike-{uuid.uuid4().hex[:8]}"
    embedded = EmbeddedStore(tmp_path / "store")
    memories = [Memory(store=store, clock=Clock(NOW)) for store in (embedded, neo)]
    try:
        for memory in memories:
            _tell(memory, namespace, TURNS)
        _same_scores(_keyword_scores(embedded, namespace), _keyword_scores(neo, namespace))
        _same_idfs(_idfs(embedded, namespace), _idfs(neo, namespace))
        _same_scores(*(_recalled(memory, namespace) for memory in memories))
        for memory in memories:
            _forget_some(memory, namespace)
        _same_scores(_keyword_scores(embedded, namespace), _keyword_scores(neo, namespace))
        _same_idfs(_idfs(embedded, namespace), _idfs(neo, namespace))
        _same_scores(*(_recalled(memory, namespace) for memory in memories))
    finally:
        embedded.close()
        neo.drop_namespace(namespace)  # type: ignore[attr-defined]


@pytest.mark.neo4j
def test_a_database_from_before_the_statistics_gets_them_counted(
    neo: GraphStore, neo4j_driver: neo4j.Driver
) -> None:
    """Facts and episodes stored before the keyword statistics existed are counted when a
    store opens on the database (Connection.count_keywords): the scores are those of a
    namespace written with them."""
    namespace = f"kw-old-{uuid.uuid4().hex[:8]}"
    memory = Memory(store=neo, clock=Clock(NOW))
    try:
        _tell(memory, namespace, TURNS)
        scores = _keyword_scores(neo, namespace)
        neo4j_driver.execute_query(  # the database as an older graphmem left it
            "MATCH (n {namespace: $ns}) WHERE n:Fact OR n:Episode "
            "REMOVE n.keywords, n.keywords_context, n.keyword_length",
            ns=namespace,
        )
        neo4j_driver.execute_query(
            "MATCH (n {namespace: $ns}) WHERE n:KeywordTerm OR n:KeywordStats DETACH DELETE n",
            ns=namespace,
        )
        assert not any(_keyword_scores(neo, namespace).values())
        assert neo.count_keywords() >= len(TURNS)  # type: ignore[attr-defined]
        assert _keyword_scores(neo, namespace) == scores
        assert neo.count_keywords() == 0  # type: ignore[attr-defined]
    finally:
        neo.drop_namespace(namespace)  # type: ignore[attr-defined]
