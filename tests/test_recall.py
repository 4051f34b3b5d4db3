"""Recall filters before it ranks, and returns evidence with provenance — on both stores."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem import Claim, InvalidArgument, Memory
from graphmem.read.recall import _order
from graphmem.read.request import Candidate, RecallRequest, Weights
from graphmem.temporal import AsOf
from tests.stores import Clock

NS = Callable[[str], str]


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


def texts(found: list) -> list[str]:
    return [e.text for e in found if e.kind == "fact"]


def test_expired_window_is_not_recalled(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(8, 20))
    memory.remember(
        [Claim("maya", "prefers", "writing blocks 9-11am", valid_from=d(9), valid_until=d(10))],
        namespace=maya,
    )
    inside = memory.recall("writing blocks", namespace=maya, at=d(9, 15), include_episodes=False)
    assert texts(inside) == ["maya prefers writing blocks 9-11am"]
    assert (
        memory.recall("writing blocks", namespace=maya, at=d(10, 2), include_episodes=False) == []
    )


def test_superseded_value_is_not_recalled_as_current(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3, 2))
    memory.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    clock.set(d(7, 2))
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))
    now = memory.recall("where does maya live", namespace=maya, include_episodes=False)
    assert texts(now) == ["maya lives in Denver"]
    then = memory.recall("where does maya live", namespace=maya, at=d(4), include_episodes=False)
    assert texts(then) == ["maya lives in Austin"]
    assert then[0].status is not None
    assert then[0].status.value == "active"


def test_candidate_is_recalled_only_when_asked(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember(
        [Claim("maya", "prefers", "no meetings before 9am", inferred=True)],
        namespace=maya,
        source="agent",
    )
    assert memory.recall("meetings before 9am", namespace=maya, include_episodes=False) == []
    asked = memory.recall(
        "meetings before 9am", namespace=maya, include_candidates=True, include_episodes=False
    )
    assert [e.status.value for e in asked if e.status] == ["candidate"]


def test_other_namespaces_never_appear(memory: Memory, clock: Clock, ns: NS) -> None:
    a, b = ns("acme-prod"), ns("acme-prod-eu")
    clock.set(d(3))
    memory.remember([Claim("service", "runs_on", "kubernetes cluster alpha")], namespace=a)
    memory.remember([Claim("service", "runs_on", "kubernetes cluster beta")], namespace=b)
    found = memory.recall("kubernetes cluster", namespace=a, k=10)
    assert found
    assert all("beta" not in e.text for e in found)


def test_email_claims_come_back_as_external(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember(
        [Claim("acme invoice 4411", "due_on", "2026-03-31")],
        namespace=maya,
        source="email",
        source_ref="billing@acme.example",
    )
    found = memory.recall("acme invoice due", namespace=maya, include_episodes=False)
    assert found[0].authority.value == "external"
    assert found[0].episodes[0].source.value == "email"
    assert memory.recall("acme invoice due", namespace=maya, min_authority="user") == []


def test_scope_keeps_other_projects_out(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember(
        [
            Claim("maya", "timezone", "America/Denver"),
            Claim("maya", "prefers", "calendar invites with agenda", scope="task:calendar"),
            Claim("maya", "plans", "private trip to Lisbon", scope="situation:private"),
        ],
        namespace=maya,
    )
    found = texts(
        memory.recall(
            "calendar timezone private trip",
            namespace=maya,
            scope="task:calendar",
            k=10,
            include_episodes=False,
        )
    )
    assert "maya timezone America/Denver" in found
    assert any("agenda" in t for t in found)
    assert not any("Lisbon" in t for t in found)


def test_evidence_explains_its_score(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("maya", "lives_in", "Denver")], namespace=maya)
    top = memory.recall("Denver", namespace=maya, include_episodes=False)[0]
    assert top.fact_id
    assert top.episodes
    assert {"vector", "keyword", "entity"} & set(top.matched)
    assert 0 < top.parts.similarity <= 1
    assert top.score > 0


def test_bad_recall_arguments(memory: Memory, ns: NS) -> None:
    with pytest.raises(InvalidArgument, match="k="):
        memory.recall("x", namespace=ns("m"), k=0)
    with pytest.raises(InvalidArgument, match="min_authority"):
        memory.recall("x", namespace=ns("m"), min_authority="boss")
    with pytest.raises(InvalidArgument, match="scope"):
        memory.recall("x", namespace=ns("m"), scope="nowhere")


@pytest.mark.neo4j
def test_vector_index_path_filters_like_the_exact_path(neo4j_uri: str, ns: NS) -> None:
    from graphmem.store.neo4j import Neo4jStore

    clock = Clock()
    exact = Memory(store=Neo4jStore(neo4j_uri), clock=clock)
    indexed = Memory(store=Neo4jStore(neo4j_uri, exact_below=0), clock=clock)
    maya, other = ns("maya"), ns("other")
    clock.set(d(3, 2))
    exact.remember([Claim("maya", "lives_in", "Austin")], namespace=maya, at=d(3))
    exact.remember([Claim("maya", "lives_in", "Lisbon")], namespace=other, at=d(3))
    clock.set(d(7, 2))
    exact.remember([Claim("maya", "lives_in", "Denver")], namespace=maya, at=d(7))
    for at in (d(4), d(8)):
        want = texts(exact.recall("where does maya live", namespace=maya, at=at))
        got = texts(indexed.recall("where does maya live", namespace=maya, at=at))
        assert got == want
        assert not any("Lisbon" in t for t in got)
    exact.close()
    indexed.close()


def test_episodes_whose_claims_were_superseded_are_marked_and_ranked_lower(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3, 2))
    memory.remember("I live in Austin.", namespace=maya, at=d(3))
    clock.set(d(7, 2))
    memory.remember("I live in Denver.", namespace=maya, at=d(7))
    found = memory.recall("where do I live", namespace=maya, k=10)
    episodes = {e.text: e for e in found if e.kind == "episode"}
    assert episodes["I live in Austin."].status is not None
    assert episodes["I live in Austin."].status.value == "superseded"
    assert episodes["I live in Denver."].status is None
    assert episodes["I live in Denver."].score > episodes["I live in Austin."].score


def test_unrelated_material_is_not_padding(memory: Memory, clock: Clock, ns: NS) -> None:
    maya = ns("maya")
    clock.set(d(3))
    memory.remember([Claim("maya", "likes", "sourdough bread")], namespace=maya)
    assert memory.recall("quarterly tax filing deadline", namespace=maya) == []


def test_a_hub_is_never_walked(memory: Memory, clock: Clock, ns: NS) -> None:
    """One hop from a named entity reaches its neighbours' facts, except a hub's: an entity
    with more than HUB_DEGREE linked facts is never expanded through, and named, it credits
    only those of its facts the other channels found (``found``) — a question about someone
    who lives there, or about the hub itself, must not pull in everything said about it."""
    from graphmem.read.request import RecallRequest
    from graphmem.store.base import HUB_DEGREE
    from graphmem.temporal import AsOf

    space = ns("hub")
    clock.set(d(3))
    for name in ("lives_in", "works_in", "has_district", "has_landmark"):
        memory.define_predicate(name, cardinality="many", kind="fact")
    memory.remember(
        [Claim("maya", "lives_in", "Lyon"), Claim("maya", "works_in", "Paris")], namespace=space
    )
    memory.remember([Claim("Lyon", "has_district", f"district {i}") for i in range(3)], space)
    memory.remember(
        [Claim("Paris", "has_landmark", f"landmark {i}") for i in range(HUB_DEGREE + 1)], space
    )
    where = RecallRequest("q", space, AsOf.of(d(4), d(4))).filter()
    landmarks = {
        f.object: f.id
        for f in memory.facts(space, subject="Paris", at=d(4))
        if f.predicate == "has_landmark"
    }
    assert len(landmarks) == HUB_DEGREE + 1

    def found(key: str, among: list[str] = []) -> dict[str, float]:  # noqa: B006
        hits = memory.store.entity_facts(space, where, [key], None, 1000, found=among)
        return {f"{h.row['subject']} {h.row['object_json']}": h.score for h in hits}

    about_maya = found("maya")
    assert sum("Lyon" in k and "district" in k for k in about_maya) == 3  # a neighbour: one hop
    assert not any("landmark" in k for k in about_maya)  # the hub is not expanded through
    assert found("paris") == {}  # named, the hub is not walked
    credited = [landmarks["landmark 7"], landmarks["landmark 8"], "fact-of-nothing"]
    assert found("paris", credited) == {
        'Paris "landmark 7"': 1.0,
        'Paris "landmark 8"': 1.0,
    }  # only what the other channels found, as named hits; nothing one hop out of it
    assert found("lyon", credited) == {  # not a hub: all its own facts, whatever was found
        'Lyon "district 0"': 1.0,
        'Lyon "district 1"': 1.0,
        'Lyon "district 2"': 1.0,
        'maya "Lyon"': 1.0,
    } | {k: v for k, v in found("lyon").items() if v == 0.5}


def test_a_question_naming_a_hub_still_finds_its_facts(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    """Naming a hub does not lose what is said about it: the vector and keyword channels find
    the hub's matching facts, and the entity channel credits them as named."""
    from graphmem.store.base import HUB_DEGREE

    space = ns("hubq")
    clock.set(d(3))
    memory.define_predicate("has_landmark", cardinality="many", kind="fact")
    memory.remember(
        [Claim("Paris", "has_landmark", f"landmark {i}") for i in range(HUB_DEGREE + 5)], space
    )
    memory.remember([Claim("Paris", "has_landmark", "the Eiffel Tower")], space)
    found = memory.recall("Eiffel Tower in Paris", space, k=3, at=d(4))
    assert found, "nothing recalled"
    assert "Eiffel" in found[0].text, [e.text for e in found]


def test_recall_does_not_wait_for_a_write_in_progress(
    memory: Memory, clock: Clock, ns: NS, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Use statistics are buffered and flushed in the background: a recall returns while
    a long write holds the write lock, and the counts still reach the store."""
    import threading
    import time

    monkeypatch.setattr("graphmem.read.usage.USE_FLUSH_EVERY", 5)
    space = ns("uses")
    clock.set(d(3))
    memory.define_predicate("owns", cardinality="many", kind="fact")
    memory.remember([Claim("maya", "owns", f"book {i}") for i in range(30)], space)
    release = threading.Event()

    def long_write() -> None:
        with memory._lock:  # what a slow remember holds
            release.wait(30)

    writer = threading.Thread(target=long_write)
    writer.start()
    try:
        time.sleep(0.1)
        started = time.monotonic()
        for i in range(3):  # more distinct facts than a batch: a flush starts
            assert memory.recall(f"book {i}", namespace=space, k=20, include_episodes=False)
        assert time.monotonic() - started < 25
    finally:
        release.set()
        writer.join()
    flusher = memory._usage.flusher
    assert flusher is not None  # the batch went to the background, not to a recall
    flusher.join(30)
    memory.flush()
    ids = [f.id for f in memory.facts(space)]
    used = [r.get("use_count") or 0 for r in memory.store.facts_by_id(space, ids)]
    assert sum(used) >= 5


PLACES = ["Peru", "Norway", "Kenya", "Chile", "Egypt", "Nepal", "Ghana", "Oman", "Fiji", "Cuba"]
VALUES = ["Quechua", "Swedish", "Swahili", "Arabic", "Hindi", "French", "Japanese", "Tagalog"]


def test_of_two_statements_that_match_equally_the_newer_comes_first(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    # "The official language of X is A", later "... is B": the question matches both
    # sentences equally, so the embedder's noise must not pick the old one.
    space = ns("ties")
    rng = random.Random(5)
    pairs = {place: rng.sample(VALUES, 2) for place in PLACES}
    clock.set(d(6))
    for month, which in ((1, 0), (5, 1)):
        for day, (place, values) in enumerate(pairs.items(), start=1):
            said = f"The official language of {place} is {values[which]}."
            memory.remember(said, namespace=space, at=d(month, day))
    for place, (old, new) in pairs.items():
        top = memory.recall(f"What is the official language of {place}?", namespace=space, k=3)
        assert new in top[0].text, (place, [e.text for e in top])
        assert old not in top[0].text


def test_rank_fusion_credits_each_channel_by_rank(memory: Memory, clock: Clock, ns: NS) -> None:
    space = ns("rrf")
    clock.set(d(3))
    memory.remember("Maya enjoys hiking in the Alps.", namespace=space)
    memory.remember("Maya works at Acme as a designer.", namespace=space)
    fused = Weights(similarity=0.5, keyword=0.5, recency=0, confidence=0, fusion="rrf")
    top = memory.recall("hiking", namespace=space, weights=fused)[0]
    assert "hiking" in top.text
    # The keyword channel's first hit earns the channel's whole weight.
    assert top.parts.keyword == 1.0
    with pytest.raises(InvalidArgument, match="fusion"):
        Weights(fusion="borda")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_candidates_that_score_alike_come_back_in_one_order(data: st.DataObject) -> None:
    # The same candidates in any order the store found them rank the same: equal scores fall
    # back to their ids (the order they were written), not to the order they arrived in.
    when = datetime(2026, 5, 1, tzinfo=UTC)
    n = data.draw(st.integers(min_value=2, max_value=12))
    similarities = data.draw(st.lists(st.sampled_from([0.2, 0.5]), min_size=n, max_size=n))
    kinds = data.draw(st.lists(st.sampled_from(["fact", "episode"]), min_size=n, max_size=n))
    candidates = [
        Candidate(
            kind,
            {"id": f"x_{i:04d}", "valid_from": when, "occurred_at": when, "confidence": 0.8},
            similarity=similarity,
        )
        for i, (kind, similarity) in enumerate(zip(kinds, similarities, strict=True))
    ]
    request = RecallRequest("q", "ns", AsOf.of(when, when), k=n)
    shuffled = data.draw(st.permutations(candidates))
    assert [c.row["id"] for c in _order(list(shuffled), request)] == [
        c.row["id"] for c in _order(candidates, request)
    ]


def test_a_built_in_relation_is_found_by_the_words_a_question_uses(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    # "city" and "boss" are not in "lives in Lindenfall" nor in "manager Wren Ashdown".
    space = ns("asked")
    memory.remember([Claim("user", "lives_in", "Lindenfall")], namespace=space)
    memory.remember([Claim("user", "manager", "Wren Ashdown")], namespace=space)
    [city] = memory.recall("What's my current city?", namespace=space, k=1)
    assert "Lindenfall" in city.text
    assert "(" not in city.text  # the words are for search, never shown
    [boss] = memory.recall("Who is my boss?", namespace=space, k=1)
    assert "Wren Ashdown" in boss.text


@pytest.mark.parametrize("agent_first", [True, False])
def test_among_equal_matches_the_users_words_come_before_the_agents(
    memory: Memory, clock: Clock, ns: NS, agent_first: bool
) -> None:
    """BEAM: an assistant's reply restates the user's message beside it and matches a
    question as well; the user's words are the evidence, the reply the agent's own. Among
    equal matches the user's come first, whichever was told last."""
    maya = ns("maya")
    clock.set(d(6))
    said = "The dashboard API responds in 250ms since the caching change."
    told = [("agent", said), ("user", said)] if agent_first else [("user", said), ("agent", said)]
    for minute, (source, text) in enumerate(told):
        memory.remember(text, maya, source=source, at=datetime(2026, 4, 5, 9, minute, tzinfo=UTC))
    found = memory.recall("How fast does the dashboard API respond?", maya, k=5)
    assert [e.authority.value for e in found[:2]] == ["user", "inferred"], found


def _passage(i: int, similarity: float, source: str, when: datetime) -> Candidate:
    row = {
        "id": f"e_{i:04d}",
        "occurred_at": when,
        "confidence": 0.5,
        "authority": "external" if source == "document" else "user",
        "source": source,
    }
    return Candidate("episode", row, similarity=similarity)


@pytest.mark.parametrize("source", ["document", "user"])
def test_a_documents_passages_of_one_day_keep_the_order_of_their_match(source: str) -> None:
    """COVID-QA: a paper's paragraphs stored one after another matched a question within the
    tie margin, and "newest first" put the paragraph after the answer above it. Passages of
    a document stored the same day keep their match order; what a person said is still
    newest first among equal matches (a later telling may replace an earlier one)."""
    morning = datetime(2026, 5, 1, 9, tzinfo=UTC)
    best = _passage(1, 0.60, source, morning)  # the better match, stored first
    later = [_passage(i, 0.59, source, morning.replace(minute=i)) for i in range(2, 6)]
    request = RecallRequest("q", "ns", AsOf.of(d(6), d(6)), k=5)
    order = [c.row["id"] for c in _order([*later, best], request)]
    if source == "document":
        assert order[0] == "e_0001", order
    else:
        assert order[0] == "e_0005", order


def test_a_document_of_a_later_day_still_comes_first_among_equal_matches() -> None:
    first_day, next_day = datetime(2026, 5, 1, 9, tzinfo=UTC), datetime(2026, 5, 2, 9, tzinfo=UTC)
    old = _passage(1, 0.60, "document", first_day)
    new = _passage(2, 0.59, "document", next_day)
    request = RecallRequest("q", "ns", AsOf.of(d(6), d(6)), k=5)
    assert [c.row["id"] for c in _order([old, new], request)] == ["e_0002", "e_0001"]


def test_a_documents_passages_are_ordered_alike_on_both_stores(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    # The same passage twice, stored a minute apart: equal matches. A document's copies come
    # back in the order they were stored (the tie falls to the ids); the user's, newest first.
    # The Neo4j store ranks lean rows, so this also checks that they carry the source.
    space = ns("passages")
    clock.set(d(6))
    said = "Chloroquine blocks the entry of the virus into cultured cells."
    for source in ("document", "user"):
        for minute in (0, 1):
            at = datetime(2026, 5, 1, 9, minute, tzinfo=UTC)
            memory.remember(said, space, source=source, at=at, session=f"{source}-{minute}")
    found = memory.recall("What blocks the entry of the virus into cells?", space, k=10)
    episodes = [e for e in found if e.kind == "episode"]
    for authority, expected in (("external", [0, 1]), ("user", [1, 0])):
        minutes = [e.valid_from.minute for e in episodes if e.authority.value == authority]
        assert minutes == expected, (authority, [(e.authority, e.valid_from) for e in episodes])


def test_a_high_cosine_earns_its_excess_again_when_asked() -> None:
    """``similarity_boost`` (off by default): above the knee a cosine counts 1 + boost times, so
    a near-paraphrase outranks a passage that shares the question's words but not its sense;
    below the knee nothing changes."""
    when = datetime(2026, 5, 1, 9, tzinfo=UTC)
    paraphrase = _passage(1, 0.8, "document", when)
    wordy = _passage(2, 0.3, "document", when)
    wordy.keyword = 1.0
    plain = Weights.balanced()
    boosted = replace(plain, similarity_boost=2.0, similarity_knee=0.5)
    point = AsOf.of(d(6), d(6))

    def first(weights: Weights) -> str:
        request = RecallRequest("q", "ns", point, k=2, weights=weights)
        return _order([wordy, paraphrase], request)[0].row["id"]

    assert first(plain) == "e_0002"
    assert first(boosted) == "e_0001"
    low = replace(boosted, similarity_knee=0.9)  # the paraphrase is below this knee
    assert first(low) == "e_0002"
    with pytest.raises(InvalidArgument, match="similarity_boost"):
        Weights(similarity_boost=-1)
