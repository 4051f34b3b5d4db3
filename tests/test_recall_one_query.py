"""Neo4j recall with its candidate statements sent at once (cypher/recall/candidates_facts,
candidates_episodes and candidates_entity), then recall/rows for the final k, returns exactly
the evidence the channel-per-query composition returns: same candidates, filters, scores,
order, quotes and provenance — on the exact and on the vector-index path."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graphmem import Claim, Evidence, Memory
from graphmem.model import Authority
from graphmem.read.recall import recall
from graphmem.read.request import RecallRequest
from graphmem.store import channels
from graphmem.store.base import Candidates, Probe, RecallFilter, WholeRows
from graphmem.store.changes import Row
from graphmem.temporal import AsOf
from tests.stores import Clock

pytestmark = pytest.mark.neo4j


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


def _composed(store_type: type) -> type:
    class Composed(store_type):  # type: ignore[misc, valid-type]
        """The same store, one query a channel: what recall did before."""

        def recall_candidates(
            self, namespace: str, where: RecallFilter, probe: Probe
        ) -> Candidates:
            return channels.compose(self, namespace, where, probe)

        def recall_rows(
            self, namespace: str, fact_ids: list[str], episode_ids: list[str], point: AsOf
        ) -> WholeRows:
            return channels.rows(self, namespace, fact_ids, episode_ids, point)

    return Composed


def _exact(e: Evidence) -> dict[str, object]:
    """Everything but the scores: a full-text score moves a little as other namespaces write
    to the shared index between two recalls (its statistics are index-wide)."""
    return e.model_dump(exclude={"score", "parts"})


def _scores(e: Evidence) -> list[float]:
    assert e.parts is not None
    return [e.score, *e.parts.model_dump().values()]


QUESTIONS = (
    "where does maya live",
    "what does maya like to eat",
    "who is Tom",
    "Paris landmarks",
    "who lives in Lyon",
    "invoice from the landlord",
    "quarterly tax filing deadline",
)


@pytest.mark.parametrize("exact_below", [1_000, 0], ids=["exact", "index"])
def test_one_statement_recall_matches_the_composed_channels(
    neo4j_uri: str, exact_below: int
) -> None:
    from graphmem.store.neo4j import Neo4jStore

    clock = Clock()
    one = Memory(store=Neo4jStore(neo4j_uri, exact_below=exact_below), clock=clock)
    composed = _composed(Neo4jStore)(neo4j_uri, exact_below=exact_below)
    space = f"onequery-{uuid.uuid4().hex[:8]}"
    for name in ("likes", "has_landmark", "knows"):
        one.define_predicate(name, cardinality="many", kind="fact")
    clock.set(d(3, 2))
    one.remember("I live in Austin. I like tacos.", namespace=space, at=d(3))
    one.remember([Claim("maya", "knows", "Tom"), Claim("Tom", "lives_in", "Lyon")], space)
    one.remember(
        [Claim("maya", "likes", "ramen", scope="project:travel", confidence=0.7)], space, at=d(3)
    )
    one.remember("Invoice from the landlord: rent is due on the 5th.", space, source="email")
    # Two hubs (more than HUB_DEGREE facts): Paris as a subject, Lyon as an object.
    one.remember([Claim("Paris", "has_landmark", f"landmark {i}") for i in range(105)], space)
    one.remember([Claim(f"neighbour {i}", "lives_in", "Lyon") for i in range(105)], space)
    clock.set(d(7, 2))
    one.remember("I moved: I live in Denver now.", namespace=space, at=d(7))
    one.remember([Claim("maya", "lives_in", "Denver")], space, at=d(7, 3))
    points = (AsOf.of(d(4), d(4)), AsOf.of(d(8), d(8)), AsOf.of(d(8), d(4)))
    compared = 0
    for question in QUESTIONS:
        for point in points:
            for options in (
                {},
                {"scopes": ("global", "project:travel")},
                {"include_episodes": False, "k": 3},
                {"min_authority": Authority.USER, "include_candidates": True},
            ):
                request = RecallRequest(question, space, point, **options)  # type: ignore[arg-type]
                want = recall(composed, one.embedder, request)
                got = recall(one.store, one.embedder, request)
                assert [_exact(e) for e in got] == [_exact(e) for e in want], (question, point)
                for a, b in zip(got, want, strict=True):
                    assert _scores(a) == pytest.approx(_scores(b), rel=0.01)
                compared += len(got)
    assert compared > 50  # the data answers most questions
    composed.drop_namespace(space)
    one.close()
    composed.close()


def test_lean_candidates_carry_what_scoring_reads(neo4j_uri: str) -> None:
    from graphmem.store.neo4j import Neo4jStore

    store = Neo4jStore(neo4j_uri)
    memory = Memory(store=store, clock=Clock(d(3, 2)))
    space = f"lean-{uuid.uuid4().hex[:8]}"
    memory.remember("I live in Austin.", namespace=space, at=d(3) + timedelta(microseconds=7))
    where = RecallRequest("q", space, AsOf.of(d(4), d(4))).filter()
    vector = memory.embedder.embed(["where do I live"])[0]
    found = store.recall_candidates(space, where, Probe("live Austin", vector, ["austin"], 10))
    assert found.lean
    kinds = {(kind, channel): hits for kind, channel, hits in found.channels}
    episode = kinds[("episode", "keyword")][0].row
    assert episode["occurred_at"] == d(3) + timedelta(microseconds=7)
    assert "content" not in episode  # the text is read for the final k only
    fact = kinds[("fact", "keyword")][0].row
    assert set(fact) == {"id", "valid_from", "confidence", "authority", "use_count", "slot", "kind"}
    read = store.recall_rows(space, [fact["id"]], [episode["id"]], AsOf.of(d(4), d(4)))
    whole, support = read.rows, read.support
    assert whole[episode["id"]]["content"] == "I live in Austin."
    assert [s["episode_id"] for s in support] == [episode["id"]]
    store.drop_namespace(space)
    memory.close()


def _channels(found: Candidates) -> dict[str, list[Row]]:
    return {f"{kind} {channel}": [h.row for h in hits] for kind, channel, hits in found.channels}


@pytest.mark.parametrize("exact_below", [1_000, 0], ids=["exact", "index"])
def test_every_channel_of_the_statement_filters(neo4j_uri: str, exact_below: int) -> None:
    """Each filter, made to fail on its own, empties every channel: a filter dropped from
    one channel of the candidate statements (or from the hop of the entity channel) shows."""
    from graphmem.store.neo4j import Neo4jStore

    store = Neo4jStore(neo4j_uri, exact_below=exact_below)
    memory = Memory(store=store, clock=Clock(d(3, 2)))
    space = f"filters-{uuid.uuid4().hex[:8]}"
    memory.define_predicate("knows", cardinality="many", kind="fact")
    memory.remember(
        [Claim("maya", "knows", "Tom"), Claim("Tom", "lives_in", "Lyon")], space, at=d(3)
    )
    question = "who does maya know"
    probe = Probe(question, memory.embedder.embed([question])[0], ["maya"], 40)
    passing = RecallRequest(question, space, AsOf.of(d(4), d(4))).filter()
    found = _channels(store.recall_candidates(space, passing, probe))
    assert all(found.values()), {name: len(rows) for name, rows in found.items()}
    assert len(found["fact entity"]) == 2  # maya's fact, and Tom's one hop away
    failing = {
        "validity": replace(passing, point=AsOf.of(d(2, 1), d(4))),
        "belief": replace(passing, point=AsOf.of(d(4), d(3, 1))),
        "status": replace(passing, statuses=("candidate",)),
        "scope": replace(passing, scopes=("project:elsewhere",)),
        "authority": replace(passing, authorities=("system",)),
        "sensitivity": replace(passing, sensitivities=("sensitive",)),
    }
    for name, where in failing.items():
        left = _channels(store.recall_candidates(space, where, probe))
        if name == "status":  # episodes have no status
            left = {k: v for k, v in left.items() if k.startswith("fact")}
        assert not any(left.values()), (name, {k: len(v) for k, v in left.items()})
    elsewhere = _channels(store.recall_candidates(f"{space}-other", passing, probe))
    assert not any(elsewhere.values())
    store.drop_namespace(space)
    memory.close()


def test_the_hop_runs_when_a_named_entity_has_no_admitted_fact(neo4j_uri: str) -> None:
    """The entity channel's hop follows a named entity's current links even when none of its
    own facts is admitted (here: of another scope), in the statement as in the composition."""
    from graphmem.store.neo4j import Neo4jStore

    store = Neo4jStore(neo4j_uri)
    composed = _composed(Neo4jStore)(neo4j_uri)
    memory = Memory(store=store, clock=Clock(d(3, 2)))
    space = f"hop-{uuid.uuid4().hex[:8]}"
    memory.define_predicate("knows", cardinality="many", kind="fact")
    memory.remember([Claim("maya", "knows", "Tom", scope="project:x")], space, at=d(3))
    memory.remember([Claim("Tom", "lives_in", "Lyon")], space, at=d(3))
    question = "who does maya know"
    probe = Probe(question, memory.embedder.embed([question])[0], ["maya"], 40)
    where = RecallRequest(question, space, AsOf.of(d(4), d(4)), scopes=("global",)).filter()
    one = [r["id"] for r in _channels(store.recall_candidates(space, where, probe))["fact entity"]]
    want = [
        r["id"] for r in _channels(composed.recall_candidates(space, where, probe))["fact entity"]
    ]
    assert one == want
    assert len(one) == 1  # Tom's, one hop away; maya's own fact is of another scope
    store.drop_namespace(space)
    memory.close()
    composed.close()


def test_the_vector_channel_finds_what_holds_behind_many_closed_versions(neo4j_uri: str) -> None:
    """The fact vector channel asks the index for the namespace's nearest and checks validity
    after it; when closed versions crowd out the facts that hold, it asks again with validity
    inside the index. Either way it returns what exact cosine over the admitted facts
    returns."""
    from graphmem.store.neo4j import Neo4jStore

    indexed = Neo4jStore(neo4j_uri, exact_below=0)
    exact = Neo4jStore(neo4j_uri, exact_below=10**9)
    memory = Memory(store=indexed, clock=Clock(d(3, 2)))
    space = f"crowd-{uuid.uuid4().hex[:8]}"
    memory.define_predicate("likes", cardinality="many", kind="fact")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for i in range(130):  # 129 closed versions of one slot, the latest holds
        memory.remember(
            [Claim("maya", "lives_in", f"Town {i}")], space, at=start + timedelta(hours=i)
        )
    memory.remember([Claim("ivan", "likes", f"dish {i}") for i in range(30)], space, at=d(3))
    where = RecallRequest("q", space, AsOf.of(d(3, 2), d(3, 2))).filter()
    current = memory.facts(space, subject="maya", at=d(3, 2))[0].id
    for question in ("where does maya live now", "which dishes does ivan like"):
        vector = memory.embedder.embed([question])[0]
        want = exact.similar_facts(space, where, vector, 10)
        got = indexed.similar_facts(space, where, vector, 10)
        probe = Probe(question, vector, [], 10, include_episodes=False)
        found = indexed.recall_candidates(space, where, probe).channels[0][2]
        for hits in (got, found):  # the same best similarities (ties may swap places)
            assert len(hits) == len(want) == 10, question
            assert [h.similarity for h in hits] == pytest.approx(
                [h.similarity for h in want], abs=1e-5
            )
        if "maya" in question:
            assert current in {h.row["id"] for h in got} & {h.row["id"] for h in found}
    assert "maya" in memory.recall("where does maya live now", space, k=1, at=d(3, 2))[0].text
    indexed.drop_namespace(space)
    memory.close()
    exact.close()


def test_the_keyword_channels_find_what_holds_behind_many_closed_versions(
    neo4j_uri: str,
) -> None:
    """Lucene ranks 130 versions of one slot alike for a question about it; the keyword
    channels take the best few, check validity after, and when too few of those hold ask
    Lucene again for more: the one version that holds is found (a first ask of four times
    the limit, and no second, missed it)."""
    from graphmem.store.neo4j import Neo4jStore

    store = Neo4jStore(neo4j_uri, exact_below=0)
    memory = Memory(store=store, clock=Clock(d(3, 2)))
    space = f"kwcrowd-{uuid.uuid4().hex[:8]}"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for i in range(130):  # 129 closed versions of one slot, the latest holds
        memory.remember(
            [Claim("maya", "lives_in", f"Town {i}")], space, at=start + timedelta(hours=i)
        )
    where = RecallRequest("q", space, AsOf.of(d(3, 2), d(3, 2))).filter()
    current = memory.facts(space, subject="maya", at=d(3, 2))[0].id
    question = "where maya lives"
    vector = memory.embedder.embed([question])[0]
    composed = store.keyword_facts(space, where, question, vector, 10)
    probe = Probe(question, vector, [], 10, include_episodes=False)
    one = _channels(store.recall_candidates(space, where, probe))["fact keyword"]
    assert [h.row["id"] for h in composed] == [current]
    assert [r["id"] for r in one] == [current]
    store.drop_namespace(space)
    memory.close()


def _db_hits(plan: Any) -> int:
    return int(plan.get("dbHits", 0)) + sum(_db_hits(child) for child in plan.get("children", ()))


def test_statement_work_does_not_grow_with_hubs_or_big_episodes(neo4j_uri: str) -> None:
    """The work of the candidate statements (database hits) for a question about one person,
    and for one naming the city, stays flat while a city everyone lives in grows into a hub
    and the episodes that support the facts grow large: no channel walks a hub's relationships
    or an episode's facts — with the episodes searched through the vector index or exactly
    (a small namespace)."""
    import neo4j

    from graphmem.store import cypher
    from graphmem.store.neo4j import Neo4jStore
    from graphmem.store.neo4j.connection import Sent

    class Recording(Neo4jStore):
        sent: dict[str, dict[str, Any]]

        def _send(self, name: str, params: dict[str, Any]) -> Sent:
            if name.startswith("recall/candidates_"):
                self.sent = {**getattr(self, "sent", {}), name: params}
            return super()._send(name, params)

    store = Recording(neo4j_uri, exact_below=0)  # facts through the index, as at scale
    memory = Memory(store=store, clock=Clock(d(3, 2)))
    space = f"hubwork-{uuid.uuid4().hex[:8]}"
    driver = neo4j.GraphDatabase.driver(neo4j_uri, notifications_min_severity="OFF")
    hits: dict[tuple[str, bool], list[int]] = {}
    people = 0
    try:
        # 400 facts already fill the keyword channels' fetch (KEYWORD_FETCH x 20 rows: every
        # fact names Paris), so the growth measured is the hub's and the episode's alone.
        for batch in (400, 1600):
            memory.remember(
                [Claim(f"person {people + i}", "lives_in", "Paris") for i in range(batch)],
                space,
                at=d(3),
            )
            people += batch
            # about one person, and about the hub itself (named, it is never walked)
            for question in ("where does person 7 live", "who lives in Paris"):
                memory.recall(question, space, at=d(4))
                for exact in (False, True):
                    work = 0
                    for name, sent in store.sent.items():
                        params = dict(sent)
                        if "exact_episodes" in params:
                            params["exact_episodes"] = exact
                        with driver.session() as session:
                            result = session.run(cypher.prefixed(name, "PROFILE"), params)
                            work += _db_hits(result.consume().profile)
                    hits.setdefault((question, exact), []).append(work)
    finally:
        driver.close()
        store.drop_namespace(space)
        memory.close()
    for work in hits.values():  # 5x the facts, the hub's degree and the episode's size
        assert work[1] < 1.5 * work[0], hits


def test_recalls_from_many_threads_match_one_at_a_time(neo4j_uri: str) -> None:
    """Each recall sends its candidate statements at once, each on a connection of its own:
    recalls from eight threads at once each get what they get alone."""
    from concurrent.futures import ThreadPoolExecutor

    from graphmem.store.neo4j import Neo4jStore

    memory = Memory(store=Neo4jStore(neo4j_uri, exact_below=0), clock=Clock(d(3, 2)))
    space = f"threads-{uuid.uuid4().hex[:8]}"
    memory.define_predicate("likes", cardinality="many", kind="fact")
    memory.remember("I live in Austin. I like tacos.", namespace=space, at=d(3))
    memory.remember([Claim("maya", "likes", f"dish {i}") for i in range(40)], space, at=d(3))
    memory.remember([Claim(f"neighbour {i}", "lives_in", "Lyon") for i in range(105)], space)
    questions = [*QUESTIONS, "what does maya like", "where do I live", "who lives in Lyon"] * 3
    try:
        alone = [[_exact(e) for e in memory.recall(q, space, k=8)] for q in questions]
        assert sum(map(len, alone)) > 30  # the data answers most questions
        with ThreadPoolExecutor(8) as pool:
            together = list(
                pool.map(lambda q: [_exact(e) for e in memory.recall(q, space, k=8)], questions)
            )
        assert together == alone
    finally:
        memory.store.drop_namespace(space)
        memory.close()
