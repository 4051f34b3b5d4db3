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
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from graphmem.embed import Embedder
from graphmem.errors import InvalidArgument
from graphmem.model import (
    GLOBAL,
    Authority,
    Sensitivity,
    SourceKind,
    Status,
    SupportRole,
    entity_key,
)
from graphmem.period import TOLD_WITHIN, named_periods
from graphmem.results import Evidence, Provenance, ScoreParts
from graphmem.standing import asks_for_help, is_standing
from graphmem.store.base import Checked, GraphStore, Hit, Probe, RecallFilter, Row
from graphmem.store.rows import status_as_of, to_episode, to_fact
from graphmem.temporal import END_OF_TIME, AsOf
from graphmem.text import STOP_WORDS
from graphmem.time_focus import EPSILON, Focus, focus_of, names_value

_SENSITIVITY_ORDER = (Sensitivity.NORMAL, Sensitivity.PERSONAL, Sensitivity.SENSITIVE)
# Stored statuses a fact may have while it still answers an as-of query.
_HISTORIC = ("active", "superseded", "expired", "retracted")


@dataclass(frozen=True, slots=True)
class Weights:
    """How the parts of a score are blended (the seeds' defaults: 0.5/0.2/0.2/0.1)."""

    similarity: float = 0.5
    keyword: float = 0.2
    recency: float = 0.2
    confidence: float = 0.1
    use: float = 0.0
    # Credit for evidence from the time the query names ("what did we discuss on 3 June?");
    # see graphmem.period. Nothing changes for a query that names no time.
    period: float = 0.0
    # Credit for the user's standing preferences and constraints when the query asks for
    # help ("book me a trip" after "I always take the train"); see graphmem.standing.
    # Nothing changes for a query that asks about what happened.
    standing: float = 0.0
    half_life: timedelta = timedelta(days=90)
    overfetch: int = 4
    min_similarity: float = 0.1  # below it, only a keyword or entity match keeps a candidate
    outdated_factor: float = 0.5  # episodes whose claims no longer hold rank this much lower
    # Scores closer than this match equally: embedder noise must not decide between an old
    # and a new statement of the same thing (see _order).
    tie_margin: float = 0.02
    # "linear" blends raw channel scores (cosine, keyword score over the channel's best);
    # "rrf" credits each channel by rank, (rrf_k + 1) / (rrf_k + rank), so a channel's
    # first hit earns its full weight whatever its raw score: a paraphrase the embedder
    # ranks first is not buried under a weak keyword match.
    fusion: str = "linear"
    rrf_k: float = 60.0

    def __post_init__(self) -> None:
        if self.fusion not in ("linear", "rrf"):
            raise InvalidArgument(f"fusion={self.fusion!r}: use 'linear' or 'rrf'")
        if self.rrf_k < 0:
            raise InvalidArgument(f"rrf_k={self.rrf_k} must not be negative")

    @classmethod
    def balanced(cls) -> Weights:
        """Memory's default: meaning and keywords in equal parts, nothing else.

        Chosen by leave-one-dataset-out cross-validation over LoCoMo, REALTALK and
        MADial-Bench (bench/retrieval.py --cross-validate), with the offline and the
        semantic embedder: on every held-out set it ranked first or second of the five
        settings tried, while the former default (sim 0.3, kw 0.5, recency 0.1,
        confidence 0.1) ranked last of the linear ones on all three. Time still decides
        between equal matches (``tie_margin``), and superseded or outdated evidence is
        filtered or ranked down by the graph, not by a decay.

        The credit for evidence from the time a question names (``period`` 0.2) was
        added later, from the same grid with 0.05, 0.1 and 0.2 beside it: 0.2 had the
        best mean rank over the three sets with both embedders (LoCoMo NDCG@10 +0.010,
        REALTALK +0.001, MADial-Bench -0.005 with the semantic embedder); leaving LoCoMo
        out, the other two sets alone would not have chosen it.

        The credit for standing preferences when a query asks for help (``standing`` 0.2)
        was chosen on the dev half of bench/preferences.py (0.2 and 0.5 tied on hit@5 with
        both embedders; the smaller one was kept) and checked on its held-out half and on
        LoCoMo, whose questions ask what happened and so take no credit (bench/README.md)."""
        return cls(
            similarity=0.5,
            keyword=0.5,
            recency=0.0,
            confidence=0.0,
            period=0.2,
            standing=0.2,
            half_life=timedelta(days=365),
        )


# Evidence quotes at most this many characters of an episode (a pasted document, a long
# transcript): the passage around the first query word, with "…" where it was cut. The
# whole episode stays one call away (Memory.episode).
DEFAULT_MAX_CHARS = 2000
MIN_CHARS = 80


@dataclass(frozen=True, slots=True)
class RecallRequest:
    query: str
    namespace: str
    point: AsOf
    k: int = 5
    scopes: tuple[str, ...] | None = None
    include_candidates: bool = False
    include_review: bool = False
    min_authority: Authority = Authority.EXTERNAL
    max_sensitivity: Sensitivity = Sensitivity.PERSONAL
    include_episodes: bool = True
    weights: Weights = field(default_factory=Weights)
    max_chars: int = DEFAULT_MAX_CHARS
    # The caller named the time (``at``): the question's time words are not read again.
    at_given: bool = False

    def filter(self) -> RecallFilter:
        statuses = list(_HISTORIC)
        if self.include_candidates:
            statuses.append(Status.CANDIDATE.value)
        if self.include_review:
            statuses.append(Status.NEEDS_REVIEW.value)
        ceiling = _SENSITIVITY_ORDER.index(self.max_sensitivity)
        return RecallFilter(
            point=self.point,
            statuses=tuple(statuses),
            authorities=tuple(a.value for a in Authority if a.rank >= self.min_authority.rank),
            sensitivities=tuple(s.value for s in _SENSITIVITY_ORDER[: ceiling + 1]),
            scopes=self.scopes,
            include_review=self.include_review,
        )


@dataclass(slots=True)
class _Candidate:
    kind: str
    row: Row
    similarity: float = 0.0
    keyword: float = 0.0
    matched: list[str] = field(default_factory=list)
    outdated: bool = False
    ranks: dict[str, int] = field(default_factory=dict)  # channel -> best rank, from 1
    in_period: bool = False  # from a period the query names
    standing: float = 0.0  # a standing preference's credit for a request (graphmem.standing)
    ended: datetime | None = None  # an outdated episode: when what it said stopped holding


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
    ranked, support = _ranked(store, request, vector)
    if not request.at_given:
        ranked, support = _then_first(store, request, vector, ranked, support)
    return [_evidence(c, request, support) for c in ranked]


def _then_first(
    store: GraphStore,
    request: RecallRequest,
    vector: list[float],
    ranked: list[_Candidate],
    support: dict[str, list[Provenance]],
) -> tuple[list[_Candidate], dict[str, list[Provenance]]]:
    """For a question about another time (``graphmem.time_focus``): the evidence of that time
    comes first — asked again as of then, where the version true then holds — and the answer
    as of now follows (a period named loosely hides nothing told since)."""
    focus = focus_of(request.query, request.point.at)
    if focus.kind == "now":
        return ranked, support
    answer: list[_Candidate] = []
    if focus.end is not None:
        at = min(focus.end + TOLD_WITHIN, request.point.at)
    else:
        found = _version_before(store, request, ranked, focus)
        if found is None:
            return ranked, support
        at = found[0] - EPSILON
        answer = [found[1]] if found[1].row["valid_until"] <= found[0] else []
    asked = replace(request, point=replace(request.point, at=at))
    then, then_support = _ranked(store, asked, vector)
    ids = [c.row["id"] for c in answer]
    then = [*answer, *(c for c in then if c.row["id"] not in ids)]
    if not then:
        return ranked, support
    first = {c.row["id"] for c in then}
    ordered = [*then, *(c for c in ranked if c.row["id"] not in first)][: request.k]
    support = {**support, **then_support}
    lacking = [c.row["id"] for c in ordered if c.kind == "fact" and c.row["id"] not in support]
    if lacking:
        support = {**support, **_provenance(store.support(request.namespace, lacking))}
    return ordered, support


def _version_before(
    store: GraphStore, request: RecallRequest, ranked: list[_Candidate], focus: Focus
) -> tuple[datetime, _Candidate] | None:
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
    if focus.kind == "before":  # the version its words name, or none: "before the trip"
        chosen = [r for r in versions if names_value(focus.tail, r["object_text"])]
    else:
        chosen = [r for r in versions if r["valid_from"] <= point.at < r["valid_until"]]
    if not chosen:
        return None
    began = min(r["valid_from"] for r in chosen)
    before = [r for r in versions if r["valid_from"] < began <= r["valid_until"]]
    if not before or not _admits(request.filter())(before[-1]):
        return began, best
    heir = _Candidate("fact", before[-1], best.similarity, best.keyword, [*best.matched, "slot"])
    return began, heir


def _ranked(
    store: GraphStore, request: RecallRequest, vector: list[float]
) -> tuple[list[_Candidate], dict[str, list[Provenance]]]:
    ns, where = request.namespace, request.filter()
    fetch = request.k * request.weights.overfetch
    pool: dict[str, _Candidate] = {}
    # The names the query might mention go straight to the entity channel: asking first
    # which of them exist would cost a round trip and change nothing.
    keys = query_entity_keys(request.query)
    probe = Probe(request.query, vector, keys, fetch, request.include_episodes)
    found = store.recall_candidates(ns, where, probe)
    # One keyword scale for facts and episodes: the best keyword hit of the whole recall.
    # Measured against its own small index, the best fact matching one common word of the
    # question took full credit and outranked the turn that matched all of them.
    keyword_best = max(
        (hit.score for _, channel, hits in found.channels if channel == "keyword" for hit in hits),
        default=0.0,
    )
    for kind, channel, hits in found.channels:
        _merge(pool, kind, channel, hits, keyword_best)
    if request.weights.standing and asks_for_help(request.query):
        _mark_standing(pool.values())
    relevant = [c for c in pool.values() if _relevant(c, request.weights)]
    if request.weights.period:
        _mark_named_periods(request, relevant)
    ranked, support = _best(store, request, relevant, lean=found.lean)
    return _current_first(store, request, ranked, pool, support)


def _current_first(
    store: GraphStore,
    request: RecallRequest,
    ranked: list[_Candidate],
    pool: dict[str, _Candidate],
    support: dict[str, list[Provenance]],
) -> tuple[list[_Candidate], dict[str, list[Provenance]]]:
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
    admitted = _admits(request.filter())
    ordered: list[_Candidate] = []
    seen: set[str] = set()
    for c in ranked:
        if c.outdated:
            c.ended = succession.ended.get(c.row["id"])
            heirs = [
                rows[fact_id]
                for slot in succession.slots.get(c.row["id"], ())
                for fact_id in succession.current.get(slot, ())
                if fact_id in rows and fact_id not in seen and admitted(rows[fact_id])
            ]
            for row in heirs:
                ordered.append(_heir(pool, row, c))
                seen.add(row["id"])
        if c.row["id"] not in seen:
            ordered.append(c)
            seen.add(c.row["id"])
    ordered = ordered[: request.k]
    lacking = [c.row["id"] for c in ordered if c.kind == "fact" and c.row["id"] not in support]
    if lacking:
        support = {**support, **_provenance(store.support(ns, lacking))}
    return ordered, support


def _whole(c: _Candidate) -> bool:
    """A candidate row read whole (a lean Neo4j row lacks the text recall quotes)."""
    return "search_text" in c.row or "object_json" in c.row


def _heir(pool: dict[str, _Candidate], row: Row, episode: _Candidate) -> _Candidate:
    """The current fact of an outdated episode's slot, credited with the episode's match."""
    heir = pool.get(row["id"]) or _Candidate("fact", row)
    heir.row = row
    heir.similarity = max(heir.similarity, episode.similarity)
    heir.keyword = max(heir.keyword, episode.keyword)
    heir.matched = [*heir.matched, "slot"]
    return heir


def _admits(where: RecallFilter) -> Callable[[Row], bool]:
    """The recall filter, for a fact row read outside its channels."""

    def admitted(row: Row) -> bool:
        in_scope = where.scopes is None or row.get("scope", GLOBAL) in where.scopes
        reviewed = where.include_review or row.get("review_at", END_OF_TIME) > where.point.at
        return (
            row["status"] in where.statuses
            and row["authority"] in where.authorities
            and row.get("sensitivity", Sensitivity.NORMAL.value) in where.sensitivities
            and in_scope
            and reviewed
        )

    return admitted


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


def _relevant(c: _Candidate, w: Weights) -> bool:
    """A vector index always returns its nearest rows; nearest is not the same as related.
    A standing preference is related to a request by what it is (graphmem.standing)."""
    return c.keyword > 0 or c.similarity >= w.min_similarity or c.standing > 0


def _mark_standing(candidates: Iterable[_Candidate]) -> None:
    """Credit the user's standing preferences by their rank among one another by similarity
    (then the newest first): the nearest takes the whole credit, the next half, and so on."""
    standing = [c for c in candidates if c.kind == "fact" and is_standing(c.row)]
    standing.sort(key=lambda c: (-c.similarity, -_started(c)))
    for rank, c in enumerate(standing, start=1):
        c.standing = 1.0 / rank


def _mark_named_periods(request: RecallRequest, candidates: list[_Candidate]) -> None:
    periods = named_periods(request.query, request.point.at)
    for c in candidates if periods else ():
        began = _began(c)
        c.in_period = any(p.began_in(began) for p in periods)


def _merge(
    pool: dict[str, _Candidate],
    kind: str,
    channel: str,
    hits: Sequence[Hit],
    keyword_best: float,
) -> None:
    """Pool a channel's hits. Scores of different channels (cosine, BM25) are never
    compared: a keyword score counts relative to the best keyword hit of the recall (facts
    and episodes are scored by one analysis and one formula, so their BM25 scores are)."""
    top = keyword_best or 1.0
    descending = sorted(-hit.score for hit in hits)  # negated: bisect wants ascending
    for hit in hits:
        candidate = pool.get(hit.row["id"])
        if candidate is None:  # not setdefault: it would build a candidate for every hit
            candidate = pool[hit.row["id"]] = _Candidate(kind, hit.row)
        # Competition rank: equal scores share a rank (the entity channel scores in steps).
        rank = 1 + bisect.bisect_left(descending, -hit.score)
        candidate.ranks[channel] = min(candidate.ranks.get(channel, rank), rank)
        candidate.similarity = max(candidate.similarity, hit.similarity)
        if channel == "keyword":
            candidate.keyword = max(candidate.keyword, hit.score / top)
        elif channel == "entity":
            candidate.keyword = max(candidate.keyword, 0.5 * hit.score)
        candidate.matched.append(channel)


_PARTS = tuple(ScoreParts.model_fields)  # the order _score returns them in


def _total(c: _Candidate, request: RecallRequest) -> tuple[float, ScoreParts]:
    total, values = _score(c, request)
    return total, ScoreParts(**dict(zip(_PARTS, values, strict=True)))


def _score(c: _Candidate, request: RecallRequest) -> tuple[float, tuple[float, ...]]:
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
    total = (1.0 if not c.outdated else w.outdated_factor) * (
        w.similarity * similarity
        + w.keyword * keyword
        + w.recency * recency
        + w.confidence * confidence
        + w.use * use
        + w.period * period
        + w.standing * c.standing
    )
    return total, (similarity, keyword, recency, confidence, use, period, c.standing)


def _credit(c: _Candidate, channel: str, w: Weights) -> float:
    rank = c.ranks.get(channel)
    return 0.0 if rank is None else (w.rrf_k + 1) / (w.rrf_k + rank)


def _order(candidates: list[_Candidate], request: RecallRequest) -> list[_Candidate]:
    """Best first; among candidates that match equally (scores within ``tie_margin`` of the
    best of their group) what still holds comes first, then facts before the episodes they
    were drawn from (stable knowledge before events), then the newest."""
    return _order_within(candidates, request)[0]


def _order_within(
    candidates: list[_Candidate], request: RecallRequest
) -> tuple[list[_Candidate], list[_Candidate]]:
    """:func:`_order`, and the members of the groups of equal matches that reach the best
    ``request.k``: what scores below them cannot change the first k places."""
    # Ids last: equal scores keep one order whatever order the store found them in (ids
    # begin with their write time, so that order is the order they were written).
    scored = sorted(
        ((_score(c, request)[0], c) for c in candidates),
        key=lambda pair: (-pair[0], pair[1].row["id"]),
    )
    margin = request.weights.tie_margin
    ordered: list[_Candidate] = []
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
                -_started(pair[1]),
                pair[1].row["id"],
            )
        )
        ordered.extend(c for _, c in group)
        start = end
    return _newest_of_a_slot_first(list(ordered)), ordered[:reach]


_ALIKE = 0.05  # keyword credits this close come from the same words of the question


def _newest_of_a_slot_first(ordered: list[_Candidate]) -> list[_Candidate]:
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


def _began(c: _Candidate) -> datetime:
    began: datetime = c.row["valid_from"] if c.kind == "fact" else c.row["occurred_at"]
    return began


def _started(c: _Candidate) -> float:
    return _began(c).timestamp()


def _best(
    store: GraphStore, request: RecallRequest, candidates: list[_Candidate], *, lean: bool
) -> tuple[list[_Candidate], dict[str, list[Provenance]]]:
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
    return ranked, _provenance(support)


def _provenance(support: list[Row]) -> dict[str, list[Provenance]]:
    out: dict[str, list[Provenance]] = {}
    for row in support:
        out.setdefault(row["fact_id"], []).append(
            Provenance(
                episode_id=row["episode_id"],
                source=SourceKind(row["source"]),
                session=row.get("session"),
                occurred_at=row["occurred_at"],
                role=SupportRole(row["role"]),
            )
        )
    return out


def _evidence(
    c: _Candidate, request: RecallRequest, support: dict[str, list[Provenance]]
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
        needs_verification=status is Status.NEEDS_REVIEW,
        sensitivity=fact.sensitivity,
    )
