"""Recall's candidate channels on Neo4j: on a server that filters inside its vector index, in
three statements sent at once (``cypher/recall/candidates_facts``, ``candidates_episodes``,
``candidates_entity``), else one query a channel (``channels.compose``); then the final k rows
in one more (``cypher/recall/rows``)."""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable
from typing import Any, cast

from graphmem.model import check_namespace
from graphmem.store import channels, cypher
from graphmem.store.base import (
    HUB_DEGREE,
    NOTHING_CHECKED,
    Candidates,
    Checked,
    GraphStore,
    Hit,
    Probe,
    RecallFilter,
    Succession,
    WholeRows,
)
from graphmem.store.changes import Row
from graphmem.store.keywords import K1, B
from graphmem.store.neo4j.connection import Connection, ns_token
from graphmem.store.neo4j.values import from_epoch, from_triples, native, support_row
from graphmem.store.text import tokens
from graphmem.temporal import AsOf

_SIZE_TTL = 60.0  # seconds a namespace's size is trusted: only its magnitude matters
# Each index is first asked for FETCH times the rows a channel keeps, and again for eight
# times as many only when too few of those pass the filter and it had more (the queries of
# cypher/recall say why that finds what one larger ask would). Twice as many first saved
# about a millisecond of a recall's 27 at 100k facts and asked again for one question in ten
# instead of one in forty: the p95 rose by half (docs/benchmarks-log.md).
FETCH = 4
# The keyword channels ask Lucene for KEYWORD_FETCH times the rows they keep and score every
# one that passes with BM25 over the namespace (cypher/recall/candidates_facts). Lucene
# orders them by statistics of the whole index, every tenant's documents: on a server that
# also held REALTALK, MADial-Bench and three more copies of LoCoMo, fetching 4 times left a
# better-scored hit out for 136 of LoCoMo's 1,536 questions, 16 times for none
# (bench/keyword_candidates.py; a LoCoMo namespace holds some 600 turns).
KEYWORD_FETCH = 16


class Channels(Connection):
    def _filter_params(self, namespace: str, where: RecallFilter) -> dict[str, Any]:
        return {
            "namespace": check_namespace(namespace),
            "at": where.point.at,
            "known_at": where.point.known_at,
            "statuses": list(where.statuses),
            "authorities": list(where.authorities),
            "sensitivities": list(where.sensitivities),
            "scopes": None if where.scopes is None else list(where.scopes),
            "include_review": where.include_review,
        }

    def similar_facts(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        params = self._filter_params(namespace, where)
        if not self.in_index_filter or self._small(namespace, "Fact"):
            rows = self._read("recall/facts_vector_exact", vector=vector, limit=limit, **params)
        else:
            rows = self._read(
                "recall/facts_vector_index",
                vector=vector,
                limit=limit,
                fetch=limit * FETCH,
                **params,
            )
        return _hits(rows, "f")

    def _small(self, namespace: str, label: str) -> bool:
        """Whether exact search suits this namespace (sizes cached for a minute)."""
        now = time.monotonic()
        seen = self._sizes.get((namespace, label))
        if seen is None or now - seen[0] > _SIZE_TTL:
            rows = self._read("read/label_count", namespace=namespace, label=label)
            seen = (now, int(rows[0]["n"]) if rows else 0)
            self._sizes[(namespace, label)] = seen
        return seen[1] < self.exact_below

    def keyword_facts(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        lucene = lucene_query(namespace, text)
        if lucene is None:
            return []
        rows = self._read(
            "recall/facts_keyword",
            lucene=lucene,
            **keyword_params(text),
            vector=vector,
            keyword_fetch=limit * KEYWORD_FETCH,
            limit=limit,
            **self._filter_params(namespace, where),
        )
        return _hits(rows, "f")

    def entity_facts(
        self,
        namespace: str,
        where: RecallFilter,
        keys: list[str],
        vector: list[float] | None,
        limit: int,
        *,
        found: Collection[str] = (),
    ) -> list[Hit]:
        if not keys:
            return []
        rows = self._read(
            "recall/facts_of_entities",
            keys=keys,
            vector=vector,
            hub_degree=HUB_DEGREE,
            found=list(found),
            limit=limit,
            **self._filter_params(namespace, where),
        )
        return _hits(rows, "f")

    def similar_episodes(
        self, namespace: str, where: RecallFilter, vector: list[float], limit: int
    ) -> list[Hit]:
        params = {**_episode_params(namespace, where), "vector": vector, "limit": limit}
        if not self.in_index_filter or self._small(namespace, "Episode"):
            rows = self._read("recall/episodes_vector_exact", **params)
        else:
            rows = self._read("recall/episodes_vector_index", fetch=limit * FETCH, **params)
        return _hits(rows, "e")

    def keyword_episodes(
        self,
        namespace: str,
        where: RecallFilter,
        text: str,
        vector: list[float] | None,
        limit: int,
    ) -> list[Hit]:
        lucene = lucene_query(namespace, text)
        if lucene is None:
            return []
        rows = self._read(
            "recall/episodes_keyword",
            lucene=lucene,
            **keyword_params(text),
            vector=vector,
            keyword_fetch=limit * KEYWORD_FETCH,
            limit=limit,
            **_episode_params(namespace, where),
        )
        return _hits(rows, "e")

    def _of_episodes(
        self, query: str, namespace: str, ids: Iterable[str], point: AsOf
    ) -> list[dict[str, Any]]:
        """``query`` about the episodes ``ids`` at ``point``."""
        return self._read(
            query,
            namespace=check_namespace(namespace),
            ids=list(ids),
            at=point.at,
            known_at=point.known_at,
        )

    def episodes_standing(self, namespace: str, ids: Iterable[str], point: AsOf) -> dict[str, bool]:
        rows = self._of_episodes("recall/episodes_standing", namespace, ids, point)
        return {r["id"]: bool(r["current"]) for r in rows}

    def succession(self, namespace: str, ids: Iterable[str], point: AsOf) -> Succession:
        rows = self._of_episodes("recall/succession", namespace, ids, point)
        found = Succession()
        for row in rows:
            found.ended[row["id"]] = from_epoch(row["ended"])
            found.slots[row["id"]] = tuple(row["slots"])
            for slot, fact_id in row["current"]:
                held = found.current.get(slot, ())
                found.current[slot] = held if fact_id in held else (*held, fact_id)
        return found

    def told_slots(
        self, namespace: str, ids: Iterable[str], point: AsOf
    ) -> dict[str, tuple[str, ...]]:
        rows = self._of_episodes("recall/told_slots", namespace, ids, point)
        return {row["id"]: tuple(row["slots"]) for row in rows}

    def recall_candidates(
        self,
        namespace: str,
        where: RecallFilter,
        probe: Probe,
    ) -> Candidates:
        if not self.in_index_filter:  # no SEARCH clause on this server: a query a channel
            return channels.compose(cast("GraphStore", self), namespace, where, probe)
        params = self._candidates_params(
            namespace,
            where,
            probe,
            exact_facts=self._small(namespace, "Fact"),
            exact_episodes=probe.include_episodes and self._small(namespace, "Episode"),
        )
        # The fact index searches, the episodes and the entity walk at once, each statement
        # on a server thread of its own: a statement runs on one core, and the channels'
        # searches are most of a recall's time. (The two fact searches in two statements
        # gained nothing measurable at 100k facts: docs/benchmarks-log.md.)
        facts, told, named = self._read_at_once(
            candidate_statement("recall/candidates_facts", params),
            candidate_statement("recall/candidates_episodes", params)
            if probe.include_episodes
            else None,
            candidate_statement("recall/candidates_entity", params) if probe.keys else None,
        )
        told = told or {"episode_vector": [], "episode_keyword": []}
        named = named or {"fact_entity": [], "hubs": []}
        by_index = cast("Row", facts)  # always sent
        entity = credit_hubs(
            _present(named["fact_entity"]),
            named["hubs"],
            _present([*by_index["fact_vector"], *by_index["fact_keyword"]]),
            probe.limit,
        )
        return Candidates(
            [
                ("fact", "vector", _lean_hits(by_index["fact_vector"], "valid_from")),
                ("fact", "keyword", _lean_hits(by_index["fact_keyword"], "valid_from")),
                ("fact", "entity", _lean_hits(entity, "valid_from")),
                ("episode", "vector", _lean_hits(told["episode_vector"], "occurred_at")),
                ("episode", "keyword", _lean_hits(told["episode_keyword"], "occurred_at")),
            ][: 5 if probe.include_episodes else 3],
            lean=True,
        )

    def _candidates_params(
        self,
        namespace: str,
        where: RecallFilter,
        probe: Probe,
        *,
        exact_facts: bool,
        exact_episodes: bool,
    ) -> dict[str, Any]:
        """The parameters of recall's candidate statements, one set for all of them (also
        what plan_ahead plans them with: the server caches a plan per parameter types, so
        both must build them alike)."""
        return one_size(
            {
                "vector": probe.vector,
                "fact_lucene": lucene_query(namespace, probe.text),
                "episode_lucene": lucene_query(namespace, probe.text),
                **keyword_params(probe.text),
                "keys": probe.keys,
                "hub_degree": HUB_DEGREE,
                "exact_facts": exact_facts,
                "exact_episodes": exact_episodes,
                "fetch": probe.limit * FETCH,
                "keyword_fetch": probe.limit * KEYWORD_FETCH,
                "limit": probe.limit,
                **self._filter_params(namespace, where),
            }
        )

    def recall_rows(
        self,
        namespace: str,
        fact_ids: list[str],
        episode_ids: list[str],
        point: AsOf,
        *,
        checked: Checked = NOTHING_CHECKED,
    ) -> WholeRows:
        params = rows_params(namespace, fact_ids, episode_ids, point, checked=checked)
        found = self._read_once("recall/rows", params)
        rows = [from_triples(triples) for triples in (*found["facts"], *found["episodes"])]
        return WholeRows(
            {row["id"]: row for row in _present(rows)},
            [support_row(r) for r in found["support"] if r["occurred_at"] is not None],
            {row["id"]: row["standing"] for row in found["standing"]},
            frozenset(found["present"]),
        )


# Neo4j caches a plan per statement, parameter types and parameter *sizes* (measured on
# 2026.08: strings of up to 100 characters and of 101 to 1,000 are planned apart, and lists
# of 1, of 2 to 10 and of 11 to 100 elements), and planning a candidate statement takes seconds:
# every new size class a question brought (a longer question, a name fewer) cost it 1.5 s on
# a warm server. Lists are therefore padded with PAD (a lone space: no id, status, authority,
# scope or sensitivity holds a space, and an entity key is never blank or padded, so nothing
# more matches) and Lucene queries with spaces (which Lucene ignores), so that the questions
# of a namespace share one plan.
PAD = " "
_LIST_SIZE = 11
_TEXT_SIZE = 101
_UNPADDED = frozenset({"vector", "namespace"})


def one_size(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with lists and Lucene queries padded into one size class."""
    out = dict(params)
    for key, value in params.items():
        if key in _UNPADDED:
            continue
        if isinstance(value, list) and len(value) < _LIST_SIZE:
            out[key] = value + [PAD] * (_LIST_SIZE - len(value))
        elif isinstance(value, str) and key.endswith("_lucene"):
            out[key] = value.ljust(_TEXT_SIZE)
    return out


def candidate_statement(name: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One of recall's candidate statements with the parameters it reads, of the set
    :meth:`Channels._candidates_params` builds for all of them: a parameter a statement does
    not read would still key its plan."""
    reads = cypher.parameters(name)
    return name, {key: value for key, value in params.items() if key in reads}


def credit_hubs(entity: list[Row], hubs: list[str], found: Iterable[Row], limit: int) -> list[Row]:
    """The entity channel with the named hubs' facts in it: those of ``found`` (the vector
    and keyword channels' facts) whose subject or entity object is a hub count as named
    (score 1.0), as cypher/recall/facts_of_entities counts them; best score first, then the
    nearest, then by id, at most ``limit``."""
    if not hubs:
        return entity
    named = set(hubs)
    best = {row["id"]: row for row in entity}
    for row in found:
        if row["subject_key"] in named or row["object_key"] in named:
            seen = best.get(row["id"])
            if seen is None or seen["score"] < 1.0:
                best[row["id"]] = {**row, "score": 1.0}
    ordered = sorted(best.values(), key=lambda r: (-r["score"], -(r["similarity"] or 0.0), r["id"]))
    return ordered[:limit]


def rows_params(
    namespace: str,
    fact_ids: list[str],
    episode_ids: list[str],
    point: AsOf,
    *,
    checked: Checked = NOTHING_CHECKED,
) -> dict[str, Any]:
    """The parameters of recall/rows, in one size class (:func:`one_size`)."""
    return one_size(
        {
            "namespace": check_namespace(namespace),
            "fact_ids": fact_ids,
            "episode_ids": episode_ids,
            "checked_fact_ids": list(checked.fact_ids),
            "checked_episode_ids": list(checked.episode_ids),
            "at": point.at,
            "known_at": point.known_at,
        }
    )


def _episode_params(namespace: str, where: RecallFilter) -> dict[str, Any]:
    return {
        "namespace": check_namespace(namespace),
        "at": where.point.at,
        "known_at": where.point.known_at,
        "authorities": list(where.authorities),
        "sensitivities": list(where.sensitivities),
        "scopes": None if where.scopes is None else list(where.scopes),
    }


def lucene_query(namespace: str, text: str, *, every: bool = False) -> str | None:
    """A Lucene query for the keyword terms of ``text`` (graphmem.store.text.tokens, the
    analysis both stores index with) in the ``keywords`` field of fact_terms and
    episode_terms, within the namespace's token; any term, or with ``every`` all of them.
    Each term is quoted, so no user text is parsed as query syntax; the indexes' whitespace
    analyzer leaves it as it is. None when ``text`` has no keyword term."""
    terms = sorted(set(tokens(text)))
    if not terms:
        return None
    joined = (" AND " if every else " OR ").join(_quoted(t) for t in terms)
    return f"ns_token:{ns_token(namespace)} AND keywords:({joined})"


def keyword_params(text: str) -> dict[str, Any]:
    """What recall's keyword queries score with besides the Lucene query: the terms of
    ``text`` (sorted: a score adds its terms up in this order on both stores) and BM25's
    parameters."""
    return {"terms": sorted(set(tokens(text))), "k1": K1, "b": B}


def _quoted(word: str) -> str:
    escaped = word.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _present(rows: list[Row]) -> list[Row]:
    """``rows`` less those of nodes a concurrent forget deleted after the statement matched
    them: such a node reads as null fields, or as no keys at all (tests/
    test_recall_while_forgetting.py)."""
    return [r for r in rows if r.get("id") is not None]


def _hits(rows: list[Row], key: str) -> list[Hit]:
    # Neo4j reports cosine similarity as (1 + cos) / 2; both stores hand back plain cosine.
    return [
        Hit(
            native(r[key]),
            2 * float(r["similarity"]) - 1 if r["similarity"] else 0.0,
            float(r["score"] or 0.0),
            tuple(float(idf) for idf in r.get("idfs") or ()),
        )
        for r in rows
        if r[key].get("id") is not None  # deleted after the match (_present)
    ]


# What scoring and the tie-break read of a lean hit (a document's passages keep their
# match order among equal matches: graphmem.read.recall._newer).
_LEAN_KEYS = ("id", "confidence", "authority", "use_count", "slot", "kind", "about", "source")


def _lean_hits(rows: list[Row], when: str) -> list[Hit]:
    """Hits of recall's candidate statements: the datetime scoring reads comes as epoch
    microseconds (no driver temporal to decode), and an absent field stays absent so
    scoring's defaults apply."""
    hits = []
    for r in rows:
        if r.get("id") is None or r.get(when) is None:
            continue  # deleted between the index hit and the read (either field first): gone
        row: Row = {
            key: value
            for key in (
                "id",
                "confidence",
                "authority",
                "use_count",
                "slot",
                "kind",
                "about",
                "source",
            )
            if (value := r.get(key)) is not None
        }
        row[when] = from_epoch(r[when])
        similarity = r["similarity"]
        score = float(r["score"] or 0.0)
        idfs = tuple(float(idf) for idf in r.get("idfs") or ())  # keyword hits only
        hits.append(Hit(row, 2 * float(similarity) - 1 if similarity else 0.0, score, idfs))
    return hits
