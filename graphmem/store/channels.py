"""Recall's candidate channels composed from the one-channel store methods: the default
``recall_candidates`` and ``recall_rows`` of a store that has no single query for them
(the embedded store, a Neo4j server without in-index vector filtering)."""

from __future__ import annotations

from graphmem.store.base import (
    NOTHING_CHECKED,
    Candidates,
    Checked,
    GraphStore,
    Hit,
    Probe,
    RecallFilter,
    WholeRows,
)
from graphmem.temporal import AsOf


def compose(store: GraphStore, namespace: str, where: RecallFilter, probe: Probe) -> Candidates:
    """One store call a channel; the rows are whole, so recall reads nothing more of them."""
    text, vector, limit = probe.text, probe.vector, probe.limit
    similar = store.similar_facts(namespace, where, vector, limit)
    matching = store.keyword_facts(namespace, where, text, vector, limit)
    ids = [hit.row["id"] for hit in (*similar, *matching)]  # what a named hub may credit
    named = store.entity_facts(namespace, where, probe.keys, vector, limit, found=ids)
    found: list[tuple[str, str, list[Hit]]] = [
        ("fact", "vector", similar),
        ("fact", "keyword", matching),
        ("fact", "entity", named),
    ]
    if probe.include_episodes:
        found.append(("episode", "vector", store.similar_episodes(namespace, where, vector, limit)))
        found.append(
            ("episode", "keyword", store.keyword_episodes(namespace, where, text, vector, limit))
        )
    return Candidates(found)


def rows(
    store: GraphStore,
    namespace: str,
    fact_ids: list[str],
    episode_ids: list[str],
    point: AsOf,
    *,
    checked: Checked = NOTHING_CHECKED,
) -> WholeRows:
    found = {
        row["id"]: row
        for row in (
            *store.facts_by_id(namespace, fact_ids),
            *store.episodes_by_id(namespace, episode_ids),
        )
    }
    present = {
        row["id"]
        for row in (
            *(store.facts_by_id(namespace, checked.fact_ids) if checked.fact_ids else []),
            *(store.episodes_by_id(namespace, checked.episode_ids) if checked.episode_ids else []),
        )
    }
    standing_of = [*episode_ids, *checked.episode_ids]
    return WholeRows(
        found,
        store.support(namespace, fact_ids) if fact_ids else [],
        store.episodes_standing(namespace, standing_of, point) if standing_of else {},
        frozenset(present),
    )
