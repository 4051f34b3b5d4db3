"""Recall filters before it ranks, and returns evidence with provenance — on both stores."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from graphmem import Claim, InvalidArgument, Memory
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
