"""Retrieval quality on several public sets of different kinds, all systems in one run.

Each dataset adapter (``bench/_retrieval_data.py``: conversational memory LoCoMo,
REALTALK, MADial-Bench; documents COVID-QA; temporal news RealTime QA; a user's chats with
an assistant, preferences among them, BEAM) gives
conversations of dated items and questions with gold item ids (a question may carry the
moment it is asked: then recall, BM25 and dense all see only the items known by then).
Every item becomes one episode (``Memory.remember`` with its date, session and the item
id as ``source_ref``); every question is asked through ``Memory.recall`` and what
recall returns is mapped back to items through provenance (``bench/locomo.py``).
Beside graphmem, in the same run and over the same texts: BM25
(``graphmem.store.text.BM25``) and pure dense retrieval (cosine over the embedded
items, numpy) with each embedder graphmem runs with: the library's default (``semantic``,
or what ``GRAPHMEM_EMBEDDER`` names) and those ``--embedder`` adds. Reported: R@1, R@5,
R@10, NDCG@10 per dataset and category, and the latency of one recall / search (p50, p95).

    .venv/bin/python bench/retrieval.py --data ../shared/data --data-extra ../data-extra
    .venv/bin/python bench/retrieval.py --embedder hashing           # adds graphmem + dense with it
    .venv/bin/python bench/retrieval.py --cross-validate --conversations 3 --questions 40

``--cross-validate`` scores a small grid of fusion weight settings (or the
``--weights`` given) on every dataset and, leaving each dataset out in turn, picks
the setting with the best mean NDCG@10 rank on the others and reports it on the
held-out one: a setting is never chosen on the set it is reported on.

Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import math
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from _common import (
    DEFAULT_NEO4J,
    CachedEmbedder,
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
from _retrieval_data import ADAPTERS, DEFAULT_EXTRA, Dataset, default_paths, thin
from locomo import RECALL_OPTIONS, Conversation, Ingested, Run, bm25_run, evaluate, ingest

from graphmem import Embedder, config

METRICS = ("any@1", "any@5", "any@10", "ndcg@10")
HEAD = ("R@1", "R@5", "R@10", "ND@10")
# The cross-validation grid: the library default, the seeds' weights, and points
# between keyword-heavy and similarity-heavy fusion with and without recency.
GRID = (
    "default",
    "seeds",
    "recency=0",
    "sim=0.2,kw=0.8,rec=0,conf=0",
    "sim=0.5,kw=0.5,rec=0,conf=0",
    "sim=0.6,kw=0.3,rec=0,conf=0.1",
    # The default with a credit for evidence from the time the question names.
    "sim=0.5,kw=0.5,rec=0,conf=0,hl=365,period=0.05",
    "sim=0.5,kw=0.5,rec=0,conf=0,hl=365,period=0.1",
    "sim=0.5,kw=0.5,rec=0,conf=0,hl=365,period=0.2",
    # The default with keyword credit saturating (a weak best keyword hit stays weak).
    "default,ksat=2",
    "default,ksat=5",
    "default,ksat=10",
    "default,ksat=20",
    # An episode's keyword credit bounded by the question's n most informative terms (0: by
    # the best hit alone; the default is 2).
    "default,kterms=0",
    "default,kterms=3",
)


# ---- systems -------------------------------------------------------------------


@dataclass
class Results:
    """Every system's run on one dataset."""

    dataset: Dataset
    runs: list[Run] = field(default_factory=list)

    def get(self, label: str) -> Run:
        return next(run for run in self.runs if run.label == label)


@dataclass
class IngestStats:
    items: int = 0
    seconds: float = 0.0
    watch: Stopwatch = field(default_factory=Stopwatch)
    facts: int = 0


def graphmem_label(spec: str, setting: WeightSetting) -> str:
    return f"graphmem[{spec}] {setting.label}"


def run_graphmem(
    args: argparse.Namespace,
    spec: str,
    *,
    embedder: Embedder,
    datasets: list[Dataset],
    settings: list[WeightSetting],
    results: dict[str, Results],
) -> IngestStats:
    """Ingest every dataset into one store with ``embedder`` and ask every question
    with every weight setting."""
    stats = IngestStats()
    suffix = "" if args.store == "embedded" else f"-{uuid.uuid4().hex[:8]}"
    tag = "".join(c if c.isalnum() else "_" for c in spec)[:24]
    namespaces: list[str] = []
    with open_memory(args.store, uri=args.uri, embedder=embedder) as mem:
        try:
            for ds in datasets:
                stores: dict[int, Ingested] = {}
                for conv in ds.conversations:
                    namespace = f"rb-{ds.name}-{conv.index}-{tag}{suffix}"
                    namespaces.append(namespace)
                    started = time.perf_counter()
                    stores[conv.index] = ingest(
                        mem,
                        conv,
                        namespace,
                        stats.watch,
                        sessions=not args.no_sessions,
                        source=ds.told_by,
                    )
                    stats.seconds += time.perf_counter() - started
                    stats.items += len(conv.turns)
                    stats.facts += stores[conv.index].facts
                progress(f"  [{spec}] ingested {ds.name}: {stats.items} items so far")
                runs = evaluate(mem, ds.conversations, stores, settings, args.k)
                for setting, run in zip(settings, runs, strict=True):
                    run.label = graphmem_label(spec, setting)
                results[ds.name].runs.extend(runs)
        finally:
            if args.store == "neo4j" and not args.keep:
                drop_neo4j_namespaces(args.uri, namespaces)
    return stats


def dense_run(label: str, embedder: Embedder, conversations: list[Conversation], k: int) -> Run:
    """Cosine over the embedded items: the embedder alone, no fusion, no graph."""
    run = Run(label)
    for conv in conversations:
        ids = [turn.dia_id for turn in conv.turns]
        matrix = _unit_rows(_embed(embedder, [turn.text for turn in conv.turns]))
        times = [turn.at for turn in conv.turns]
        for qi, q in enumerate(conv.questions):
            # A question asked at a moment sees only the items known then, as recall does.
            later = None if q.at is None else np.array([t > q.at for t in times])
            with run.latency.time():
                query = _unit_rows(_embed(embedder, [q.text]))[0]
                scores = matrix @ query
                if later is not None:
                    scores[later] = -np.inf
                top = np.argsort(-scores, kind="stable")[:k]
                ranked = [ids[i] for i in top if scores[i] > -np.inf]
            values = run.scores.add(q.category, ranked, q.gold)
            run.hits10[(conv.index, qi)] = values["any@10"] > 0
    return run


def _embed(embedder: Embedder, texts: Sequence[str], batch: int = 64) -> np.ndarray:
    rows: list[list[float]] = []
    for start in range(0, len(texts), batch):
        rows.extend(embedder.embed(list(texts[start : start + batch])))
    return np.asarray(rows, dtype=np.float32)


def _unit_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1, norms)


# ---- cross-validation ----------------------------------------------------------


def ranks(values: Sequence[float]) -> list[float]:
    """1 for the highest value; ties share the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for position in range(i, j + 1):
            out[order[position]] = (i + j) / 2 + 1
        i = j + 1
    return out


@dataclass(frozen=True)
class HeldOut:
    dataset: str
    chosen: int  # index into the settings
    mean_rank_on_others: float
    rank_on_held_out: float
    best: int  # the setting best on the held-out set itself, for reference


def leave_one_out(table: dict[str, list[float]]) -> list[HeldOut]:
    """``table``: dataset -> one score per setting (higher is better). For each
    dataset, the setting with the best mean rank on the other datasets."""
    ranked = {name: ranks(scores) for name, scores in table.items()}
    out = []
    for held, scores in table.items():
        others = [name for name in table if name != held] or [held]
        n = len(scores)
        mean = [sum(ranked[o][s] for o in others) / len(others) for s in range(n)]
        chosen = min(range(n), key=lambda s: (mean[s], s))
        best = min(range(n), key=lambda s: (ranked[held][s], s))
        out.append(HeldOut(held, chosen, mean[chosen], ranked[held][chosen], best))
    return out


# ---- report --------------------------------------------------------------------


def _cells(run: Run, category: int | None = None) -> str:
    return " ".join(f"{run.scores.mean(m, category):5.3f}" for m in METRICS)


def report_dataset(res: Results) -> None:
    ds = res.dataset
    dropped = sum(c.dropped_gold for c in ds.conversations)
    empty = sum(c.no_gold for c in ds.conversations)
    print(
        f"\n== {ds.name}: {len(ds.conversations)} conversations, {ds.turns} items, "
        f"{ds.questions} questions ({empty} skipped without a valid gold item, "
        f"{dropped} gold ids naming no item dropped); {ds.source}"
    )
    width = max(len(run.label) for run in res.runs)
    print(f"{'system':<{width}} | {'  '.join(f'{h:>4}' for h in HEAD)} | p50 ms  p95 ms")
    for run in res.runs:
        s = run.latency.samples
        print(
            f"{run.label:<{width}} | {_cells(run)} | {percentile(s, 50) * 1000:6.1f}  "
            f"{percentile(s, 95) * 1000:6.1f}"
        )
    if len(ds.categories) < 2:
        return
    print(f"per category, {' / '.join(HEAD)}:")
    for number, name in ds.categories.items():
        n = res.runs[0].scores.n[number]
        if not n:
            continue
        print(f"  {number} {name} (n={n})")
        for run in res.runs:
            print(f"    {run.label:<{width}} {_cells(run, number)}")


def report_cross_validation(
    spec: str, settings: list[WeightSetting], results: dict[str, Results]
) -> None:
    table = {
        name: [res.get(graphmem_label(spec, s)).scores.mean("ndcg@10") for s in settings]
        for name, res in results.items()
    }
    ranked = {name: ranks(scores) for name, scores in table.items()}
    print(f"\nCross-validation, graphmem[{spec}]: NDCG@10 (rank) per dataset")
    width = max(len(s.label) for s in settings) + 4
    names = list(table)
    print(f"{'setting':<{width}} | " + " | ".join(f"{n:>12}" for n in names) + " | mean rank")
    for i, setting in enumerate(settings):
        cells = " | ".join(f"{table[n][i]:6.3f} ({ranked[n][i]:3.1f})" for n in names)
        mean = sum(ranked[n][i] for n in names) / len(names)
        print(f"#{i + 1} {setting.label:<{width - 3}} | {cells} | {mean:4.2f}")
    print("leave-one-dataset-out (chosen on the others by mean rank, reported on the held-out):")
    for h in leave_one_out(table):
        run = results[h.dataset].get(graphmem_label(spec, settings[h.chosen]))
        best = table[h.dataset][h.best]
        print(
            f"  held out {h.dataset:<9} chosen #{h.chosen + 1} {settings[h.chosen].label!r} "
            f"(mean rank {h.mean_rank_on_others:.2f} on the others): {' / '.join(HEAD)} "
            f"{_cells(run)}; rank {h.rank_on_held_out:.1f} of {len(settings)} there "
            f"(best there #{h.best + 1}, ND@10 {best:.3f})"
        )


# ---- the run -------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(parser)
    parser.add_argument(
        "--data-extra",
        type=Path,
        default=DEFAULT_EXTRA,
        help="folder holding realtalk/, madial-bench/, covid-qa/ and realtimeqa/ "
        f"(default: {DEFAULT_EXTRA})",
    )
    parser.add_argument(
        "--path",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="where one dataset lies (file for locomo, folder for the others)",
    )
    parser.add_argument(
        "--datasets",
        default=",".join(ADAPTERS),
        help=f"comma-separated, from {', '.join(ADAPTERS)} (default: all)",
    )
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J, help="Neo4j bolt URI (--store neo4j)")
    parser.add_argument("--keep", action="store_true", help="keep the Neo4j namespaces")
    parser.add_argument("--k", type=int, default=10, help="recall k (default 10)")
    parser.add_argument(
        "--no-sessions",
        action="store_true",
        help="store the turns with no session named, as most callers do",
    )
    parser.add_argument(
        "--max-sensitivity",
        choices=("normal", "personal", "sensitive"),
        help="recall's ceiling (default: recall's own, which holds special-category data back)",
    )
    parser.add_argument(
        "--conversations", type=int, default=None, help="first N per dataset (default all)"
    )
    parser.add_argument(
        "--questions",
        type=int,
        default=None,
        help="at most N questions per conversation, spread evenly (default all)",
    )
    parser.add_argument(
        "--embedder",
        action="append",
        default=[],
        help="besides the library's default (semantic, or GRAPHMEM_EMBEDDER): an embedder spec "
        "graphmem.factory.embedder "
        "understands (e.g. semantic, openai:<model>) or a sentence-transformers model folder; "
        "adds graphmem and pure dense with it; repeatable",
    )
    parser.add_argument(
        "--weights",
        action="append",
        type=parse_weights,
        default=None,
        help="a recall weight setting as in bench/locomo.py; repeat to compare several "
        "(default: the library default; with --cross-validate: the grid)",
    )
    parser.add_argument(
        "--cross-validate",
        action="store_true",
        help="score a grid of weight settings and choose one leaving each dataset out",
    )
    parser.add_argument(
        "--embedding-cache",
        type=Path,
        default=None,
        help="a SQLite file keeping every embedder's vectors between runs (for weight grids: "
        "quality figures are unchanged, latencies are not what a user meets)",
    )
    return parser


def load_datasets(args: argparse.Namespace) -> list[Dataset]:
    paths = default_paths(args.data, args.data_extra)
    for item in args.path:
        name, _, raw = item.partition("=")
        if name not in ADAPTERS or not raw:
            raise SystemExit(f"bad --path {item!r}: use NAME=PATH with NAME in {list(ADAPTERS)}")
        paths[name] = Path(raw)
    out = []
    for name in [n.strip() for n in args.datasets.split(",") if n.strip()]:
        if name not in ADAPTERS:
            raise SystemExit(f"unknown dataset {name!r}: use {', '.join(ADAPTERS)}")
        if not paths[name].exists():
            raise SystemExit(f"{name}: nothing at {paths[name]} (see bench/README.md)")
        ds = ADAPTERS[name](paths[name], args.conversations)
        for conv in ds.conversations:
            conv.questions = thin(conv.questions, args.questions)
        progress(
            f"loaded {name}: {len(ds.conversations)} conversations, {ds.turns} items, "
            f"{ds.questions} questions from {paths[name]}"
        )
        out.append(ds)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.max_sensitivity:
        RECALL_OPTIONS["max_sensitivity"] = args.max_sensitivity
    if args.cross_validate:
        settings = args.weights or [parse_weights(s) for s in GRID]
    else:
        settings = args.weights or [parse_weights("default")]
    datasets = load_datasets(args)
    results = {ds.name: Results(ds) for ds in datasets}
    default = config.embedder_spec()  # the configuration users get: semantic unless set
    specs = [default, *(spec for spec in args.embedder if spec != default)]
    ingests: dict[str, IngestStats] = {}
    started = time.perf_counter()
    for spec in specs:
        embedder = embedder_from_spec(spec)
        if args.embedding_cache:
            embedder = CachedEmbedder(embedder, args.embedding_cache)
        ingests[spec] = run_graphmem(
            args, spec, embedder=embedder, datasets=datasets, settings=settings, results=results
        )
        for ds in datasets:
            results[ds.name].runs.append(
                dense_run(f"dense[{spec}]", embedder, ds.conversations, args.k)
            )
    for ds in datasets:
        results[ds.name].runs.append(bm25_run(ds.conversations, args.k))
    elapsed = time.perf_counter() - started

    print(
        f"Retrieval bench — store={args.store}, k={args.k}, "
        f"sessions={'no' if args.no_sessions else 'yes'}, "
        f"{datetime.now(UTC):%Y-%m-%d} ({machine()}); {elapsed:.0f} s in all"
    )
    if args.embedding_cache:
        print(f"vectors from the cache {args.embedding_cache}: latencies below are not a user's")
    print(
        "weight settings (graphmem.read.request.Weights; half_life in days): "
        + "; ".join(f"#{i} {s.label}" for i, s in enumerate(settings, 1))
    )
    for spec, st in ingests.items():
        rate = st.items / st.seconds if st.seconds else math.nan
        print(
            f"ingest [{spec}]: {st.items} items in {st.seconds:.1f} s = {rate:.0f} items/s "
            f"(remember {st.watch.summary()}); facts written: {st.facts}"
        )
    for res in results.values():
        report_dataset(res)
    if args.cross_validate and len(settings) > 1:
        for spec in specs:
            report_cross_validation(spec, settings, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
