"""Recall's sense of time: what holds at the recall's point ranks above what only
says what held before, and a question about another time gets the version true then
first. Kept apart from scoring: these rules decide which version answers, not how well
a text matches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from graphmem.model import Authority, Sensitivity, Status
from graphmem.read.period import TOLD_WITHIN
from graphmem.read.request import Candidate, RecallRequest, admits, supported
from graphmem.read.time_focus import EPSILON, Focus, focus_of, names_value
from graphmem.results import Provenance
from graphmem.store.base import GraphStore, RecallFilter
from graphmem.store.changes import Row

# Recall's own ranking, asked again as of another time.
Rank = Callable[
    [GraphStore, RecallRequest, list[float]],
    tuple[list[Candidate], dict[str, list[Provenance]]],
]


def _version_before(
    store: GraphStore, request: RecallRequest, ranked: list[Candidate], focus: Focus
) -> tuple[datetime, Candidate] | None:
    """For a "before" or "used to" question: when the version it is about began (the one its
    words name, else the one that holds now, of the slot the best fact is about), and the
    version that held just before, as a candidate credited with that fact's match: the graph
    knows the answer even where no word of the question matches it."""
    best = next((c for c in ranked if c.kind == "fact" and c.row.get("slot")), None)
    if best is None:
        return None
    point = request.point
    versions = [
        row
        for row in store.slot_facts(request.namespace, [best.row["slot"]])
        if row["recorded_at"] <= point.known_at < row["retired_at"]
        and row["status"] != Status.CANDIDATE.value
        and row["valid_from"] <= point.at
    ]
    if focus.tail:  # the version its words name, or none: "before the trip"
        chosen = [r for r in versions if names_value(focus.tail, r["object_text"])]
    else:
        chosen = [r for r in versions if r["valid_from"] <= point.at < r["valid_until"]]
    if not chosen:
        return None
    began = min(r["valid_from"] for r in chosen)
    before = [r for r in versions if r["valid_from"] < began <= r["valid_until"]]
    if not before or not admits(request.filter())(before[-1]):
        return began, best
    heir = Candidate("fact", before[-1], best.similarity, best.keyword, [*best.matched, "slot"])
    return began, heir


def current_first(
    store: GraphStore,
    request: RecallRequest,
    ranked: list[Candidate],
    pool: dict[str, Candidate],
    support: dict[str, list[Provenance]],
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """What holds at the recall's point ranks above what only says what held before: before
    each outdated episode of the best k come the facts that now hold in the slots it spoke of
    (read if the candidates lacked them), credited with its match. "Where do I live?" after
    "I live in Austin" and "I moved to Denver" answers Denver first, whatever the words of
    the Austin episode share with the question. The episode stays, dated: its window ends
    where its claims stopped holding."""
    outdated = [c for c in ranked if c.outdated]
    if not outdated:
        return ranked, support
    ns, point = request.namespace, request.point
    succession = store.succession(ns, [c.row["id"] for c in outdated], point)
    wanted = {
        fact_id
        for c in outdated
        for slot in succession.slots.get(c.row["id"], ())
        for fact_id in succession.current.get(slot, ())
    }
    placed = {c.row["id"] for c in ranked}
    known = {i for i, c in pool.items() if c.kind == "fact" and _whole(c)}
    missing = sorted(wanted - placed - known)
    rows = {i: pool[i].row for i in wanted & known}
    if missing:
        rows.update(store.recall_rows(ns, missing, [], point).rows)
    where = request.filter()
    admitted = admits(where)
    held = [rows[i] for i in sorted(wanted) if i in rows and not admitted(rows[i])]
    told = _told_last(store, request, where, held)
    ordered: list[Candidate] = []
    seen: set[str] = set()
    for c in ranked:
        if c.outdated:
            c.ended = succession.ended.get(c.row["id"])
            current = [
                fact_id
                for slot in succession.slots.get(c.row["id"], ())
                for fact_id in succession.current.get(slot, ())
                if fact_id in rows and fact_id not in seen
            ]
            heirs = [_heir(pool, rows[i], c) for i in current if admitted(rows[i])]
            # A current version held back only because its review is due still outranks
            # the one it replaced: the message that told it stands in, dated ("I moved to
            # Denver" before "I live in Austin"), and the fact stays out as the filter asks.
            heirs += [_heir(pool, told[i], c, "episode") for i in current if i in told]
            for heir in heirs:
                if heir.row["id"] not in seen and heir.row["id"] != c.row["id"]:
                    ordered.append(heir)
                    seen.add(heir.row["id"])
        if c.row["id"] not in seen:
            ordered.append(c)
            seen.add(c.row["id"])
    ordered = ordered[: request.k]
    return supported(store, ns, ordered, support)


def _whole(c: Candidate) -> bool:
    """A candidate row read whole (a lean Neo4j row lacks the text recall quotes)."""
    return "search_text" in c.row or "object_json" in c.row


def _told_last(
    store: GraphStore, request: RecallRequest, where: RecallFilter, held: list[Row]
) -> dict[str, Row]:
    """For the fact rows ``held`` back by the recall filter only because their review is
    due: the latest message that told each, where the filter admits it (its sensitivity,
    its teller's authority)."""
    reviewable = admits(replace(where, include_review=True))
    due = [row["id"] for row in held if reviewable(row)]
    if not due:
        return {}
    ns, point = request.namespace, request.point
    latest: dict[str, Row] = {}
    for row in store.support(ns, due):
        if (
            row["fact_id"] not in latest
            or row["occurred_at"] > latest[row["fact_id"]]["occurred_at"]
        ):
            latest[row["fact_id"]] = row
    episodes = store.recall_rows(ns, [], sorted({r["episode_id"] for r in latest.values()}), point)
    told: dict[str, Row] = {}
    for fact_id, link in latest.items():
        episode = episodes.rows.get(link["episode_id"])
        if episode is not None and _admits_episode(where, episode):
            told[fact_id] = episode
    return told


def _admits_episode(where: RecallFilter, row: Row) -> bool:
    return (
        row.get("sensitivity", Sensitivity.NORMAL.value) in where.sensitivities
        and row.get("authority", Authority.USER.value) in where.authorities
        and row["occurred_at"] <= where.point.at
    )


def _heir(
    pool: dict[str, Candidate], row: Row, episode: Candidate, kind: str = "fact"
) -> Candidate:
    """The current fact of an outdated episode's slot (or the message that told it),
    credited with the episode's match."""
    heir = pool.get(row["id"]) or Candidate(kind, row)
    heir.row = row
    heir.similarity = max(heir.similarity, episode.similarity)
    heir.keyword = max(heir.keyword, episode.keyword)
    heir.matched = [*heir.matched, "slot"]
    return heir


def then_first(
    store: GraphStore,
    request: RecallRequest,
    vector: list[float],
    ranked: list[Candidate],
    support: dict[str, list[Provenance]],
    *,
    rank: Rank,
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """For a question about another time (``graphmem.read.time_focus``): the evidence of that time
    comes first — asked again as of then, where the version true then holds — and the answer
    as of now follows (a period named loosely hides nothing told since)."""
    focus = focus_of(request.query, request.point.at)
    if focus.kind == "now":
        return ranked, support
    answer: list[Candidate] = []
    # A version the words name comes first ("before Tangent Tuesday" names a podcast, not a
    # day); else the period named; else the version before the one that holds.
    found = (
        _version_before(store, request, ranked, focus) if focus.tail or focus.end is None else None
    )
    if found is not None:
        at = found[0] - EPSILON
        answer = [found[1]] if found[1].row["valid_until"] <= found[0] else []
    elif focus.end is not None:
        at = min(focus.end + TOLD_WITHIN, request.point.at)
    else:
        return ranked, support
    asked = replace(request, point=replace(request.point, at=at))
    then, then_support = rank(store, asked, vector)
    ids = [c.row["id"] for c in answer]
    then = [*answer, *(c for c in then if c.row["id"] not in ids)]
    if not then:
        return ranked, support
    first = {c.row["id"] for c in then}
    ordered = [*then, *(c for c in ranked if c.row["id"] not in first)][: request.k]
    support = {**support, **then_support}
    return supported(store, request.namespace, ordered, support)
