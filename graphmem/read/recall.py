"""The read path: filter ─► candidates ─► score ─► rerank ─► budget ─► Evidence.

Filter before similarity: every candidate channel asks the store for facts that
hold at ``at``, were believed at ``known_at``, belong to the namespace and the
asked scope, and pass the authority floor and the sensitivity ceiling — in the
store's own query. A vector index says two texts are related, not that one is
current, authorised or true.

Candidates come from three channels — vector similarity, keywords, and the
entities the query names (plus one hop) — over-fetched to several times ``k``.
Each is scored by a blend of similarity, keyword rank, recency (exponential
decay), confidence and use, and the best ``k`` are returned as Evidence.
"""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from graphmem.errors import InvalidArgument
from graphmem.model import Authority, SourceKind, Status, entity_key
from graphmem.models.embed import Embedder
from graphmem.read.answered import answered_first
from graphmem.read.asked import Meaning, asked_first, meaning_of
from graphmem.read.currency import current_first, then_first
from graphmem.read.focus import SELF_KEY, Focus, focus_of, off_focus
from graphmem.read.period import named_periods
from graphmem.read.request import Candidate, RecallRequest, Weights, provenance
from graphmem.read.restated import later_told_first
from graphmem.read.standing import asks_for_help, is_standing
from graphmem.results import Evidence, Provenance, ScoreParts
from graphmem.store.base import Checked, GraphStore, Hit, Probe
from graphmem.store.changes import Row
from graphmem.store.rows import slot_subject, status_as_of, to_episode, to_fact
from graphmem.store.text import STOP_WORDS


def query_entity_keys(query: str) -> list[str]:
    """Word n-grams (1-3) of the query, normalised as entity names are."""
    words = [w.strip(".,;:!?\"'()[]") for w in query.split()]
    words = [w for w in words if w]
    keys: list[str] = []
    for size in (3, 2, 1):
        for start in range(len(words) - size + 1):
            gram = words[start : start + size]
            if size == 1 and gram[0].casefold() in STOP_WORDS:
                continue
            keys.append(entity_key(" ".join(gram)))
    return list(dict.fromkeys(keys))


def recall(store: GraphStore, embedder: Embedder, request: RecallRequest) -> list[Evidence]:
    if request.k < 1:
        raise InvalidArgument(f"k={request.k} must be at least 1")
    if not request.query.strip():
        raise InvalidArgument("query is empty: say what to recall")
    vector = embedder.embed([request.query])[0]
    rank = functools.partial(_ranked, meaning=meaning_of(embedder, vector))
    ranked, support = rank(store, request, vector)
    if not request.at_given:
        ranked, support = then_first(store, request, vector, ranked, support, rank=rank)
    return [_evidence(c, request, support) for c in ranked]


def _ranked(
    store: GraphStore, request: RecallRequest, vector: list[float], meaning: Meaning | None = None
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    ns, where = request.namespace, request.filter()
    fetch = request.k * request.weights.overfetch
    pool: dict[str, Candidate] = {}
    # The names the query might mention go straight to the entity channel: asking first
    # which of them exist would cost a round trip and change nothing.
    keys = query_entity_keys(request.query)
    probe = Probe(request.query, vector, keys, fetch, request.include_episodes)
    found = store.recall_candidates(ns, where, probe)
    # The best keyword hit of the whole recall, for facts and episodes alike: measured
    # against its own small index, the best fact matching one common word of the question
    # took full credit and outranked the turn that matched all of them.
    keyword_best = max(
        (hit.score for _, channel, hits in found.channels if channel == "keyword" for hit in hits),
        default=0.0,
    )
    for kind, channel, hits in found.channels:
        _merge(pool, kind, channel, hits, _keyword_scale(kind, hits, keyword_best, request.weights))
    if request.weights.standing and asks_for_help(request.query):
        _mark_standing(pool.values())
    relevant = [c for c in pool.values() if _relevant(c, request.weights)]
    if request.weights.off_focus_factor < 1:
        _mark_off_focus(focus_of(request.query), relevant)
    if request.weights.period:
        _mark_named_periods(request, relevant)
    # The best k and, behind them, the reserve that takes a place a reply leaves (a reply
    # placed after its message, graphmem.read.answered): read whole and checked as they are.
    wide = replace(request, k=request.k * request.weights.lookahead)
    ranked, support = _best(store, wide, relevant, lean=found.lean)
    ranked, reserve = ranked[: request.k], ranked[request.k :]
    ranked, support = current_first(store, request, ranked, pool, support)
    ranked, support = asked_first(store, request, ranked, pool, support, meaning=meaning)
    ranked = later_told_first(store, request, ranked)
    placed = {c.row["id"] for c in ranked}
    ranked = [*ranked, *(c for c in reserve if c.row["id"] not in placed)]
    return answered_first(store, request, ranked, pool), support


def excerpt(text: str, query: str, max_chars: int) -> str:
    """``text`` whole if it fits, else the ``max_chars`` around the first query word it
    contains (the start when none does), marked with "…" where it was cut."""
    if len(text) <= max_chars:
        return text
    folded = text.casefold()
    hits = [
        at
        for word in query.casefold().split()
        if len(word) > 2 and word not in STOP_WORDS and (at := folded.find(word)) >= 0
    ]
    first = min(hits, default=0)
    start = max(0, min(first - max_chars // 4, len(text) - max_chars))
    end = start + max_chars
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def _relevant(c: Candidate, w: Weights) -> bool:
    """A vector index always returns its nearest rows; nearest is not the same as related.
    A standing preference is related to a request by what it is (graphmem.read.standing)."""
    return c.keyword > 0 or c.similarity >= w.min_similarity or c.standing > 0


def _mark_standing(candidates: Iterable[Candidate]) -> None:
    """Credit the user's standing preferences by their rank among one another by similarity
    (then the newest first): the nearest takes the whole credit, the next half, and so on."""
    standing = [c for c in candidates if c.kind == "fact" and is_standing(c.row)]
    standing.sort(key=lambda c: (-c.similarity, -_started(c)))
    for rank, c in enumerate(standing, start=1):
        c.standing = 1.0 / rank


def _mark_off_focus(focus: Focus | None, candidates: list[Candidate]) -> None:
    for c in candidates if focus is not None else ():
        if c.kind == "fact":
            about_user: bool | None = slot_subject(c.row["slot"]) == SELF_KEY
        else:  # whom the message was about, when what was read from it said
            about = c.row.get("about")
            about_user = None if about is None else about == "user"
        c.off_focus = off_focus(focus, about_user)


def _mark_named_periods(request: RecallRequest, candidates: list[Candidate]) -> None:
    periods = named_periods(request.query, request.point.at)
    for c in candidates if periods else ():
        began = _began(c)
        c.in_period = any(p.began_in(began) for p in periods)


def _merge(
    pool: dict[str, Candidate],
    kind: str,
    channel: str,
    hits: Sequence[Hit],
    keyword_scale: float,
) -> None:
    """Pool a channel's hits. Scores of different channels (cosine, BM25) are never
    compared: a keyword score counts as its share of ``keyword_scale`` (_keyword_scale)."""
    top = keyword_scale or 1.0
    descending = sorted(-hit.score for hit in hits)  # negated: bisect wants ascending
    for hit in hits:
        candidate = pool.get(hit.row["id"])
        if candidate is None:  # not setdefault: it would build a candidate for every hit
            candidate = pool[hit.row["id"]] = Candidate(kind, hit.row)
        # Competition rank: equal scores share a rank (the entity channel scores in steps).
        rank = 1 + bisect.bisect_left(descending, -hit.score)
        candidate.ranks[channel] = min(candidate.ranks.get(channel, rank), rank)
        candidate.similarity = max(candidate.similarity, hit.similarity)
        if channel == "keyword":
            candidate.keyword = max(candidate.keyword, hit.score / top)
        elif channel == "entity":
            candidate.keyword = max(candidate.keyword, 0.5 * hit.score)
        candidate.matched.append(channel)


def _keyword_scale(kind: str, hits: Sequence[Hit], keyword_best: float, w: Weights) -> float:
    """What a keyword hit's BM25 score is divided by for its credit: the best keyword hit of
    the recall (plus the weights' saturation; facts and episodes are scored by one analysis
    and one formula, so their scores compare) — for an episode, or what the question itself
    could score in the episodes' index when that is more: the BM25 of an episode holding the
    question's ``w.keyword_bound_terms`` most informative terms once each at the mean
    length, the sum of their idf (a term no episode holds counts at its full idf). So a best
    hit on one common word of a question whose telling words nothing holds ("any
    recommendations for a durable and stylish sofa?" and a podcast someone recommended)
    earns a fraction of the credit, whatever else was found, and what the embedder ties to
    the question's meaning can outrank it. Only the most informative terms count: a question
    of forty words (a conversation) is not expected to be matched whole. Facts keep the
    best hit's scale: their keyword text is a triple's few words (a name, a relation, a
    value), and bounded too they lost current_truth questions to the embedder (now / then
    0.917 / 0.892 -> 0.915 / 0.889; episodes only: 0.923 / 0.897)."""
    scale = keyword_best + w.keyword_saturation
    idfs = next((hit.idfs for hit in hits if hit.idfs), ())  # a channel's hits share them
    if kind == "episode" and w.keyword_bound_terms and idfs:
        scale = max(scale, sum(sorted(idfs, reverse=True)[: w.keyword_bound_terms]))
    return scale


_PARTS = tuple(ScoreParts.model_fields)  # the order _score returns them in


def _total(c: Candidate, request: RecallRequest) -> tuple[float, ScoreParts]:
    total, values = _score(c, request)
    return total, ScoreParts(**dict(zip(_PARTS, values, strict=True)))


def _score(c: Candidate, request: RecallRequest) -> tuple[float, tuple[float, ...]]:
    """The total and its parts as floats: ranking every candidate builds no ScoreParts."""
    w = request.weights
    row = c.row
    start = row["valid_from"] if c.kind == "fact" else row["occurred_at"]
    age_days = max((request.point.at - start).total_seconds(), 0.0) / 86400
    half_life_days = max(w.half_life.total_seconds() / 86400, 1e-9)
    recency = math.exp(-math.log(2) * age_days / half_life_days)
    confidence = float(row.get("confidence", 0.8 if row.get("authority") != "external" else 0.5))
    use = min(math.log1p(row.get("use_count") or 0) / math.log1p(100), 1.0)
    similarity, keyword = max(c.similarity, 0.0), c.keyword
    if w.fusion == "rrf":
        similarity = _credit(c, "vector", w)
        keyword = max(_credit(c, "keyword", w), 0.5 * _credit(c, "entity", w))
    period = 1.0 if c.in_period else 0.0
    factor = (w.outdated_factor if c.outdated else 1.0) * (
        w.off_focus_factor if c.off_focus else 1.0
    )
    boosted = similarity + w.similarity_boost * max(similarity - w.similarity_knee, 0.0)
    total = factor * (
        w.similarity * boosted
        + w.keyword * keyword
        + w.recency * recency
        + w.confidence * confidence
        + w.use * use
        + w.period * period
        + w.standing * c.standing
    )
    return total, (similarity, keyword, recency, confidence, use, period, c.standing)


def _credit(c: Candidate, channel: str, w: Weights) -> float:
    rank = c.ranks.get(channel)
    return 0.0 if rank is None else (w.rrf_k + 1) / (w.rrf_k + rank)


def _order(candidates: list[Candidate], request: RecallRequest) -> list[Candidate]:
    """Best first; among candidates that match equally (scores within ``tie_margin`` of the
    best of their group) what still holds comes first, then facts before the episodes they
    were drawn from (stable knowledge before events), then episodes by who told them (the
    user's words before the agent's replies, which restate them), then the newest (a
    document's passages of one day by their match: :func:`_newer`)."""
    return _order_within(candidates, request)[0]


def _order_within(
    candidates: list[Candidate], request: RecallRequest
) -> tuple[list[Candidate], list[Candidate]]:
    """:func:`_order`, and the members of the groups of equal matches that reach the best
    ``request.k``: what scores below them cannot change the first k places."""
    # Ids last: equal scores keep one order whatever order the store found them in (ids
    # begin with their write time, so that order is the order they were written).
    scored = sorted(
        ((_score(c, request)[0], c) for c in candidates),
        key=lambda pair: (-pair[0], pair[1].row["id"]),
    )
    margin = request.weights.tie_margin
    ordered: list[Candidate] = []
    reach = 0  # the end of the last group that starts within the best k
    start = 0
    while start < len(scored):
        end = start + 1
        while end < len(scored) and scored[start][0] - scored[end][0] <= margin:
            end += 1
        if start < request.k:
            reach = end
        group = scored[start:end]
        group.sort(
            key=lambda pair: (
                pair[1].outdated,
                pair[1].kind != "fact",
                -_told_by(pair[1]),
                *_newer(pair),
                pair[1].row["id"],
            )
        )
        ordered.extend(c for _, c in group)
        start = end
    return _newest_of_a_slot_first(list(ordered)), ordered[:reach]


_ALIKE = 0.05  # keyword credits this close come from the same words of the question


def _newest_of_a_slot_first(ordered: list[Candidate]) -> list[Candidate]:
    """Facts of one slot whose keyword credit is about the same differ only in values the
    question does not name ("the official language of Norway is French / ... Japanese"):
    whatever the embedder makes of those values, the newest takes the best of their places.
    (About the same: full-text engines score equal matches a little apart.)"""
    places: dict[str, list[int]] = {}
    for at, c in enumerate(ordered):
        if c.kind == "fact" and c.row.get("slot"):
            places.setdefault(c.row["slot"], []).append(at)
    for positions in places.values():
        anchor = ordered[positions[0]].keyword
        alike = [at for at in positions if abs(ordered[at].keyword - anchor) <= _ALIKE]
        if len(alike) > 1:
            members = sorted((ordered[at] for at in alike), key=lambda c: -_started(c))
            for at, c in zip(alike, members, strict=True):
                ordered[at] = c
    return ordered


def _began(c: Candidate) -> datetime:
    began: datetime = c.row["valid_from"] if c.kind == "fact" else c.row["occurred_at"]
    return began


def _told_by(c: Candidate) -> int:
    """An episode's authority as a rank (the user's words above the agent's own notes and
    guesses, those above a document's); a fact's is no tie-break: it has its own order."""
    if c.kind == "fact":
        return 0
    try:
        return Authority(str(c.row.get("authority"))).rank
    except ValueError:  # an unknown authority ranks lowest
        return -1


def _started(c: Candidate) -> float:
    return _began(c).timestamp()


_DAY = 86400.0


def _newer(pair: tuple[float, Candidate]) -> tuple[float, float]:
    """The tie-break among equal matches, as a key: the newest first — a later telling may
    have replaced an earlier one. A document's passages are not tellings one after another:
    stored the same day (one paper's paragraphs, one day's news), they keep the order of
    their match (COVID-QA's first right paragraph had gone to its successor: NDCG@10 0.777
    -> 0.783); a document of a later day still comes first."""
    score, c = pair
    if c.kind == "episode" and c.row.get("source") == SourceKind.DOCUMENT.value:
        return (-(_started(c) // _DAY * _DAY), -score)
    return (-_started(c), 0.0)


def _best(
    store: GraphStore, request: RecallRequest, candidates: list[Candidate], *, lean: bool
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """The best k, whole, with their provenance.

    An episode whose every claim no longer holds is what was said then, not what is true: it
    stays evidence, marked and ranked lower. That is learnt only for the episodes that reach
    the best k or tie with them, in the store call that reads the best k whole: being
    outdated only lowers an episode, so one found outdated can only make room, and what takes
    its place is asked about in turn (asking every candidate cost a recall on Neo4j more than
    the rest of its episode channel). A lean candidate deleted since it was found is left
    out.

    Equal matches are ordered as a group (:func:`_order`), so a candidate just past the k-th
    place can still decide that order by being in the group, or by leaving it: of every
    member of the groups that reach the best k, recall also learns whether it still exists
    and, for an episode, whether it is outdated (no whole row)."""
    ns, point = request.namespace, request.point
    whole: dict[str, Row] = {}  # lean candidates read whole (scored as found, quoted whole)
    read: set[str] = set()  # ids read whole or found gone
    checked: set[str] = set()  # ids whose existence and standing are known
    support: list[Row] = []
    while True:
        ordered, reaching = _order_within(candidates, request)
        ranked = ordered[: request.k]
        to_read = [c for c in ranked if lean and c.row["id"] not in read]
        known = checked | read | {c.row["id"] for c in to_read}
        to_check = {c.row["id"]: c for c in (*ranked, *reaching) if c.row["id"] not in known}
        gone: set[int] = set()
        if lean and (to_read or to_check):
            found = store.recall_rows(
                ns,
                [c.row["id"] for c in to_read if c.kind == "fact"],
                [c.row["id"] for c in to_read if c.kind == "episode"],
                point,
                checked=Checked(
                    tuple(i for i, c in to_check.items() if c.kind == "fact"),
                    tuple(i for i, c in to_check.items() if c.kind == "episode"),
                ),
            )
            whole.update(found.rows)
            support += found.support
            standing = found.standing
            gone = {id(c) for c in to_read if c.row["id"] not in found.rows}
            gone |= {id(c) for i, c in to_check.items() if i not in found.present}
        else:
            episodes = [i for i, c in to_check.items() if c.kind == "episode"]
            standing = store.episodes_standing(ns, episodes, point) if episodes else {}
        fresh = [*to_read, *to_check.values()]
        read.update(c.row["id"] for c in to_read)
        checked.update(c.row["id"] for c in fresh)
        outdated = [c for c in fresh if c.kind == "episode" and standing.get(c.row["id"]) is False]
        for c in outdated:
            c.outdated = True
        if gone:
            candidates = [c for c in candidates if id(c) not in gone]
        if not (gone or outdated):
            break
    if lean:
        for c in ranked:
            c.row = whole[c.row["id"]]
    else:
        facts = [c.row["id"] for c in ranked if c.kind == "fact"]
        support = store.support(ns, facts) if facts else []
    return ranked, provenance(support)


def _evidence(
    c: Candidate, request: RecallRequest, support: dict[str, list[Provenance]]
) -> Evidence:
    total, parts = _total(c, request)
    matched = list(dict.fromkeys(c.matched))
    if c.kind == "episode":
        episode = to_episode(c.row)
        quoted = excerpt(episode.content, request.query, request.max_chars)
        return Evidence(
            kind="episode",
            text=quoted,
            truncated=len(quoted) != len(episode.content),
            episode_id=episode.id,
            authority=episode.authority,
            status=Status.SUPERSEDED if c.outdated else None,
            confidence=parts.confidence,
            valid_from=episode.occurred_at,
            valid_until=c.ended if c.outdated else None,
            score=round(total, 6),
            parts=parts,
            matched=matched,
            sensitivity=episode.sensitivity,
            alerts=episode.alerts,
            episodes=[
                Provenance(
                    episode_id=episode.id,
                    source=episode.source,
                    session=episode.session,
                    occurred_at=episode.occurred_at,
                )
            ],
        )
    fact = to_fact(c.row, request.point)
    status = status_as_of(c.row, request.point)
    return Evidence(
        kind="fact",
        text=fact.text,
        fact_id=fact.id,
        authority=fact.authority,
        status=status,
        confidence=fact.confidence,
        scope=fact.scope,
        valid_from=fact.valid_from,
        valid_until=fact.valid_until,
        episodes=support.get(fact.id, []),
        score=round(total, 6),
        parts=parts,
        matched=matched,
        needs_verification=status is Status.NEEDS_REVIEW or c.contested,
        sensitivity=fact.sensitivity,
    )
