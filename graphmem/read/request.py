"""What a recall asks and what it weighs: the request (query, namespace, point in
time, filters, budget), the blend of score parts (:class:`Weights`), a candidate as the
channels found it, and the two reads every stage shares (what the filter admits, where
a fact's support came from).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from graphmem.errors import InvalidArgument
from graphmem.model import GLOBAL, Authority, Sensitivity, SourceKind, Status, SupportRole
from graphmem.results import Provenance
from graphmem.store.base import GraphStore, RecallFilter
from graphmem.store.changes import Row
from graphmem.temporal import END_OF_TIME, AsOf

SENSITIVITY_ORDER = (Sensitivity.NORMAL, Sensitivity.PERSONAL, Sensitivity.SENSITIVE)
# Stored statuses a fact may have while it still answers an as-of query.
HISTORIC = ("active", "superseded", "expired", "retracted")


@dataclass(frozen=True, slots=True)
class Weights:
    """How the parts of a score are blended (the seeds' defaults: 0.5/0.2/0.2/0.1)."""

    similarity: float = 0.5
    keyword: float = 0.2
    recency: float = 0.2
    confidence: float = 0.1
    use: float = 0.0
    # Credit for evidence from the time the query names ("what did we discuss on 3 June?");
    # see graphmem.read.period. Nothing changes for a query that names no time.
    period: float = 0.0
    # Credit for the user's standing preferences and constraints when the query asks for
    # help ("book me a trip" after "I always take the train"); see graphmem.read.standing.
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
    # Keyword credit is a hit's BM25 score over (the recall's best + this): with 0, the best
    # keyword hit takes full credit however weak it is (one common word of the question);
    # with a saturation, a weak best stays weak beside a strong one.
    keyword_saturation: float = 0.0
    # Similarity above ``similarity_knee`` earns ``similarity_boost`` times its excess again:
    # a trained sentence model's high cosines say "this is it" whatever the keywords say,
    # while its middling ones are weak evidence (graphmem.read.recall._score). 0: off.
    similarity_boost: float = 0.0
    similarity_knee: float = 1.0
    # An episode's keyword credit is also bounded by the question itself: its BM25 over what
    # an episode holding the question's this-many most informative terms would score, when
    # that is more than the best hit (graphmem.read.recall._keyword_scale). 0: off.
    keyword_bound_terms: int = 0
    # A fact about someone other than the one the question asks about ("where do I work?"
    # and a sister's employer) ranks this much lower; see graphmem.read.focus. 1.0: off.
    off_focus_factor: float = 1.0
    # The read steps after scoring (graphmem.read.currency, .asked, .answered) order the best
    # ``lookahead`` × k candidates; recall returns the first k of what they ordered. With 1 they
    # see only the best k, so what a step moves down is replaced by nothing it could judge.
    lookahead: int = 1

    def __post_init__(self) -> None:
        if self.fusion not in ("linear", "rrf"):
            raise InvalidArgument(f"fusion={self.fusion!r}: use 'linear' or 'rrf'")
        if self.rrf_k < 0:
            raise InvalidArgument(f"rrf_k={self.rrf_k} must not be negative")
        if not 0 < self.off_focus_factor <= 1:
            raise InvalidArgument(
                f"off_focus_factor={self.off_focus_factor} must be above 0 and at most 1"
            )
        if self.overfetch < 1:
            raise InvalidArgument(f"overfetch={self.overfetch} must be at least 1")
        if self.lookahead < 1:
            raise InvalidArgument(f"lookahead={self.lookahead} must be at least 1")
        if self.keyword_bound_terms < 0:
            raise InvalidArgument(
                f"keyword_bound_terms={self.keyword_bound_terms} must not be negative"
            )
        if self.similarity_boost < 0:
            raise InvalidArgument(f"similarity_boost={self.similarity_boost} must not be negative")
        if self.keyword_saturation < 0:
            raise InvalidArgument(
                f"keyword_saturation={self.keyword_saturation} must not be negative"
            )

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
        LoCoMo, whose questions ask what happened and so take no credit (docs/benchmarks-log.md).

        A fact about someone the question does not ask about ranks lower (``off_focus_factor``
        0.6, graphmem.read.focus): of 1.0 / 0.8 / 0.6, bench/current_truth.py (its "now"
        first items 0.818 / 0.836 / 0.838) and MADial-Bench (R@10 0.850 at 1.0, 0.856 at
        0.6) each chose 0.6 with the other left out; LoCoMo and REALTALK, whose questions are
        in the third person, are unchanged.

        An episode's keyword credit is bounded by the question's two most informative terms
        (``keyword_bound_terms`` 2, graphmem.read.recall._keyword_scale), so that a best hit
        on one common word of the question no longer takes full credit (issue 39). Of 0, 2,
        3 and 4 (and of bounds by every term of the question, which cost MADial-Bench R@10
        0.856 -> 0.675: its questions are conversations), 2 had the best mean NDCG@10 rank
        over the five sets of bench/retrieval.py with the hashing embedder (and with the
        semantic one) and was chosen for three of the five held out; R@10 moved within
        0.005 on every set with the hashing embedder and rose up to 0.005 with the semantic
        one (docs/benchmarks-log.md).

        Recall fetches eight times k from each channel (``overfetch`` 8, was 4) and keeps the
        next k behind the best k (``lookahead`` 2) for the places an agent's reply leaves when
        the message it answers is placed (graphmem.read.answered). Of lookahead 1 / 2 and
        overfetch 4 / 8 on the six sets of bench/retrieval.py (semantic embedder, sessions
        named and not), the pair 2 / 8 had the best mean NDCG@10 rank and was chosen for
        every set held out in turn: BEAM NDCG@10 0.431 -> 0.444 (R@10 0.664 -> 0.698), the
        other five within 0.004; recall p50 on LoCoMo 2.6 -> 3.1 ms."""
        return cls(
            similarity=0.5,
            keyword=0.5,
            recency=0.0,
            confidence=0.0,
            period=0.2,
            standing=0.2,
            half_life=timedelta(days=365),
            off_focus_factor=0.6,
            keyword_bound_terms=2,
            overfetch=8,
            lookahead=2,
        )

    @classmethod
    def for_embedder(cls, name: str) -> Weights:
        """Memory's default for the embedder called ``name`` (``Embedder.name``).

        How much a cosine is worth depends on the model that made it. The static tables
        (``hashing``, ``semantic``) take :meth:`balanced`. A trained sentence model — the
        ``contextual`` extra — separates meanings well enough that its channel earns more
        than half: similarity 0.65, keyword 0.35. Chosen on bench/retrieval.py's six sets
        with that embedder, sessions named and not, leaving each set out in turn: of sim /
        kw 0.5 / 0.5, 0.6 / 0.4, 0.65 / 0.35 and 0.7 / 0.3 (beside 0.8 / 0.2, reciprocal-rank
        fusion, keyword saturation and a credit for cosines above a knee, all behind on an
        earlier grid), 0.65 / 0.35 had the best mean NDCG@10 rank over the twelve and was
        chosen for five of the twelve held out (0.7 / 0.3 for four, 0.6 / 0.4 for three). The
        sets split by kind: conversations and papers (LoCoMo, REALTALK, COVID-QA) lose up to
        0.008 NDCG@10 against 0.5 / 0.5; news, support dialogues and assistant chats
        (RealTime QA, MADial-Bench, BEAM) gain 0.019-0.030 (docs/benchmarks-log.md). Other
        models (OpenAI's, a sentence-transformers folder) were not measured and keep
        :meth:`balanced`.

        Its floor for evidence by meaning alone is higher too, ``min_similarity`` 0.2: the
        model puts unrelated texts at 0.1-0.2 ("Zorblax" and "I bought new shoes." 0.19,
        where the static table gives 0.05), so a question about a name never told found a
        stranger. On the six sets, both modes, 0.2 left R@10 / NDCG@10 unchanged on four and
        moved two by 0.001 (0.3 cost RealTime QA 0.006 R@10)."""
        if name.startswith("contextual:"):
            return replace(cls.balanced(), similarity=0.65, keyword=0.35, min_similarity=0.2)
        return cls.balanced()


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
        statuses = list(HISTORIC)
        if self.include_candidates:
            statuses.append(Status.CANDIDATE.value)
        if self.include_review:
            statuses.append(Status.NEEDS_REVIEW.value)
        ceiling = SENSITIVITY_ORDER.index(self.max_sensitivity)
        return RecallFilter(
            point=self.point,
            statuses=tuple(statuses),
            authorities=tuple(a.value for a in Authority if a.rank >= self.min_authority.rank),
            sensitivities=tuple(s.value for s in SENSITIVITY_ORDER[: ceiling + 1]),
            scopes=self.scopes,
            include_review=self.include_review,
        )


@dataclass(slots=True)
class Candidate:
    kind: str
    row: Row
    similarity: float = 0.0
    keyword: float = 0.0
    matched: list[str] = field(default_factory=list)
    outdated: bool = False
    ranks: dict[str, int] = field(default_factory=dict)  # channel -> best rank, from 1
    in_period: bool = False  # from a period the query names
    standing: float = 0.0  # a standing preference's credit for a request (graphmem.read.standing)
    ended: datetime | None = None  # an outdated episode: when what it said stopped holding
    off_focus: bool = False  # a fact about someone the question does not ask about
    contested: bool = False  # a later message about its slot told no version of it


# Whose words can change what holds: the user's, or a model relaying them. A document's later
# paragraph, an email, a tool result or the agent's own reply is no newer word of the user's.
USERS_WORDS = frozenset({SourceKind.USER.value, SourceKind.RELAYED.value})


def read_whole(store: GraphStore, request: RecallRequest, candidates: list[Candidate]) -> None:
    """Give every episode candidate with a lean row (Neo4j's: no content, no source, no turn
    context) its whole row, in one read."""
    lean = [c.row["id"] for c in candidates if c.kind == "episode" and "content" not in c.row]
    if lean:
        whole = store.recall_rows(request.namespace, [], lean, request.point).rows
        for c in candidates:
            c.row = whole.get(c.row["id"], c.row)


def admits(where: RecallFilter) -> Callable[[Row], bool]:
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


def supported(
    store: GraphStore,
    namespace: str,
    ordered: list[Candidate],
    support: dict[str, list[Provenance]],
) -> tuple[list[Candidate], dict[str, list[Provenance]]]:
    """``ordered`` with the provenance of every fact in it (read for those that lack it)."""
    lacking = [c.row["id"] for c in ordered if c.kind == "fact" and c.row["id"] not in support]
    if lacking:
        support = {**support, **provenance(store.support(namespace, lacking))}
    return ordered, support


def provenance(support: list[Row]) -> dict[str, list[Provenance]]:
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
