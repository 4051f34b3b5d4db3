"""An episode behind a fact of another scope stays out of a scoped recall — on both stores,
however the episode came to support that fact, and only for as long as it does.

The Neo4j store decides it from the scopes each episode keeps of the facts it supports
(``support_scopes``, cypher/write/supports_add) rather than from every fact the episode
supports; these tests hold it to the rule the embedded store computes from the graph."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime

import pytest

from graphmem import Claim, Memory
from graphmem.store.changes import ChangeSet
from tests.stores import Clock

NS = Callable[[str], str]
QUESTION = "maya timezone Denver trip Lisbon"


def d(month: int, day: int = 1) -> datetime:
    return datetime(2026, month, day, tzinfo=UTC)


def episodes(memory: Memory, namespace: str, scope: str | None) -> set[str]:
    found = memory.recall(QUESTION, namespace=namespace, scope=scope, k=10)
    return {e.episode_id for e in found if e.kind == "episode" and e.episode_id}


def fact_id(memory: Memory, namespace: str, text: str) -> str:
    found = memory.recall(QUESTION, namespace=namespace, k=10, include_episodes=False)
    return next(e.fact_id for e in found if e.fact_id and text in e.text)


def test_an_episode_is_out_of_a_scope_while_it_supports_a_fact_of_another(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    written = memory.remember(
        [
            Claim("maya", "timezone", "America/Denver"),
            Claim("maya", "plans", "private trip to Lisbon", scope="situation:private"),
        ],
        namespace=maya,
    )
    both = written.episode_id
    assert both in episodes(memory, maya, None)
    assert both in episodes(memory, maya, "situation:private")
    assert both not in episodes(memory, maya, "task:calendar")

    # Forgetting the private fact leaves the episode (redacted) behind global facts only.
    clock.set(d(4))
    memory.forget(maya, fact=fact_id(memory, maya, "Lisbon"))
    assert both in episodes(memory, maya, "task:calendar")


def test_an_episode_that_comes_to_support_a_scoped_fact_leaves_other_scopes(
    memory: Memory, clock: Clock, ns: NS
) -> None:
    maya = ns("maya")
    clock.set(d(3))
    first = memory.remember([Claim("maya", "timezone", "America/Denver")], namespace=maya)
    clock.set(d(4))
    memory.remember(
        [Claim("maya", "plans", "private trip to Lisbon", scope="situation:private")],
        namespace=maya,
    )
    assert first.episode_id in episodes(memory, maya, "task:calendar")
    link = {
        "fact_id": fact_id(memory, maya, "Lisbon"),
        "episode_id": first.episode_id,
        "role": "corroborated",
        "added_at": d(5),
    }
    memory.store.apply(ChangeSet(namespace=maya, supports=[link]))
    assert first.episode_id not in episodes(memory, maya, "task:calendar")
    assert first.episode_id in episodes(memory, maya, "situation:private")


@pytest.mark.neo4j
def test_episodes_written_before_their_scopes_were_kept_are_checked_the_long_way(
    neo4j_uri: str, clock: Clock, ns: NS
) -> None:
    from graphmem.store.neo4j import Neo4jStore

    maya = ns("maya")
    clock.set(d(3))
    with closing(Neo4jStore(neo4j_uri)) as store:
        memory = Memory(store=store, clock=clock)
        written = memory.remember(
            [
                Claim("maya", "timezone", "America/Denver"),
                Claim("maya", "plans", "private trip to Lisbon", scope="situation:private"),
            ],
            namespace=maya,
        )
        # As an episode written by an earlier graphmem is stored: without support_scopes.
        store._driver.execute_query(
            "MATCH (e:Episode {namespace: $namespace, id: $id}) REMOVE e.support_scopes",
            {"namespace": maya, "id": written.episode_id},
        )
        assert written.episode_id not in episodes(memory, maya, "task:calendar")
        assert written.episode_id in episodes(memory, maya, "situation:private")
