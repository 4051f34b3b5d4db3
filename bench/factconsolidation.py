"""FactConsolidation (MemoryAgentBench): supersession and multi-hop answers over current facts.

The 455 numbered facts of the shared context become 455 episodes, in number
order, each with its one triple as a ``Claim`` (``at`` = a fixed base time plus
the fact's number in minutes). Every predicate is defined one-valued — what a
deployment would configure — so graphmem's own decision rules supersede the old
value when a higher-numbered fact gives a new one. Each question is then read
into a chain (``factconsolidation_adapter``) and answered from the *current*
facts through the public API: ``Memory.facts(ns, subject=..., predicate=...)``,
hop by hop, the object of one hop being the subject of the next. A question the
adapter cannot read falls back to ``Memory.recall`` (the object of the top fact).

Facts are written with ``source="document"`` by default: the context is a
document, so its claims carry authority ``external``, and external content may
supersede external content (it could not supersede a user's statement, which
does not arise here). ``--source user`` gives them authority ``user`` instead.

    .venv/bin/python bench/factconsolidation.py                     # embedded store
    .venv/bin/python bench/factconsolidation.py --store neo4j       # bolt://127.0.0.1:7687
    .venv/bin/python bench/factconsolidation.py --data path/to/factconsolidation_official_6k.json

Figures go to stdout, progress to stderr. Besides graphmem's answers the run
prints diagnostics computed from the parsed context alone: a reference reading
(the highest-numbered value of each slot) that tells a misread question or a
gold answer that ignores a later override from a store error, and a check of
every slot's current value against it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):  # run as a script: bench/ is on sys.path, the repo is not
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.factconsolidation_adapter import (
    MULTI_HOP,
    PREDICATES,
    SINGLE_HOP,
    Chain,
    ContextGraph,
    Dataset,
    Question,
    Subset,
    default_data_path,
    exact_match,
    follow_reference,
    key,
    latest_values,
    load,
    normalize_answer,
    parse_question,
)
from graphmem import Claim, Memory

DEFAULT_NEO4J = "bolt://127.0.0.1:7687"
BASE_TIME = datetime(2024, 1, 1, tzinfo=UTC)


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ---- stores --------------------------------------------------------------------------


@contextmanager
def open_memory(store: str, uri: str) -> Iterator[Memory]:
    if store == "embedded":
        with tempfile.TemporaryDirectory(prefix="graphmem-fc-") as tmp:
            mem = Memory(Path(tmp) / "store")
            try:
                yield mem
            finally:
                mem.close()
    else:
        mem = Memory.neo4j(uri)
        try:
            yield mem
        finally:
            mem.close()


def drop_namespace(uri: str, namespace: str) -> None:
    """Housekeeping: leave nothing of the run on the server."""
    from graphmem.store.neo4j import Neo4jStore

    try:
        store = Neo4jStore(uri, install_schema=False)
        try:
            store.drop_namespace(namespace)
        finally:
            store.close()
    except Exception as exc:  # a cleanup failure must not hide the figures
        progress(f"warning: could not drop namespace {namespace}: {exc}")


# ---- ingest --------------------------------------------------------------------------


@dataclass
class Ingest:
    seconds: float = 0.0
    operations: Counter[str] = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)
    expected_updates: int = 0  # facts whose slot already held another value
    expected_noops: int = 0  # facts that repeat the slot's current value
    per_fact: list[float] = field(default_factory=list)
    learned: list[str] = field(default_factory=list)  # --undeclared: relations learnt


def ingest(mem: Memory, ds: Dataset, ns: str, source: str, *, declare: bool = True) -> Ingest:
    out = Ingest()
    for predicate in PREDICATES if declare else ():
        mem.define_predicate(predicate, cardinality="one")
    held: dict[tuple[str, str], str] = {}
    start = time.perf_counter()
    for t in ds.triples:
        slot = (key(t.subject), t.predicate)
        if slot in held:
            if key(held[slot]) == key(t.object):
                out.expected_noops += 1
            else:
                out.expected_updates += 1
        held[slot] = t.object
        began = time.perf_counter()
        result = mem.remember(
            [Claim(t.subject, t.predicate, t.object, quote=t.sentence)],
            namespace=ns,
            source=source,
            at=BASE_TIME + timedelta(minutes=t.number),
            source_ref=f"fact {t.number}",
        )
        out.per_fact.append(time.perf_counter() - began)
        out.operations.update(op.kind for op in result.operations)
        out.refused.extend(f"{t.number}. {r.claim}: {r.reason}" for r in result.refused)
    if not declare:
        # What a deployment's scheduler does daily: among other jobs, it learns from the
        # history which relations hold one value at a time (learn_cardinality).
        [space] = mem.maintain(ns).namespaces
        out.learned = [p for job in space.ran for p in job.learned]
    out.seconds = time.perf_counter() - start
    return out


@dataclass
class SlotCheck:
    slots: int = 0
    one_current: int = 0
    matches_latest: int = 0
    problems: list[str] = field(default_factory=list)


def check_slots(mem: Memory, ds: Dataset, ns: str) -> SlotCheck:
    """Every (subject, predicate) slot should hold exactly its highest-numbered value now."""
    latest = latest_values(ds.triples)
    names = {(key(t.subject), t.predicate): t.subject for t in ds.triples}
    out = SlotCheck()
    for slot, want in latest.items():
        out.slots += 1
        current = mem.facts(ns, subject=names[slot], predicate=slot[1])
        values = [str(f.object) for f in current]
        if len(values) == 1:
            out.one_current += 1
        if len(values) == 1 and key(values[0]) == key(want):
            out.matches_latest += 1
        else:
            out.problems.append(f"{names[slot]} / {slot[1]}: current {values}, expected [{want!r}]")
    return out


# ---- answering -----------------------------------------------------------------------


@dataclass
class Answer:
    question: Question
    chain: Chain | None
    answer: str | None
    path: list[str]  # "subject -predicate-> object" per hop followed
    via: str  # template | plan | plan-alternative | recall
    used: tuple[str, ...] = ()  # the predicates followed
    correct: bool = False
    reference: str | None = None
    multi_valued: int = 0  # hops where more than one current value came back
    reason: str = ""


def follow(
    mem: Memory, ns: str, anchor: str, predicates: Sequence[str]
) -> tuple[str | None, list[str], int]:
    """Follow current facts from ``anchor``: (answer, or None at a dead end; path; multi-valued)."""
    current, path, multi = anchor, [], 0
    for predicate in predicates:
        facts = mem.facts(ns, subject=current, predicate=predicate)
        if not facts:
            path.append(f"{current} -{predicate}-> (nothing current)")
            return None, path, multi
        if len(facts) > 1:
            multi += 1
        fact = max(facts, key=lambda f: f.valid_from)  # the newest, should there be several
        path.append(f"{current} -{predicate}-> {fact.object}")
        current = str(fact.object)
    return current, path, multi


def from_recall(mem: Memory, ns: str, question: str) -> tuple[str | None, list[str]]:
    """The object of the top fact evidence that recall returns for the question."""
    for evidence in mem.recall(question, namespace=ns, k=5):
        if evidence.fact_id is None:
            continue
        for fact in mem.history(evidence.fact_id, namespace=ns):
            if fact.id == evidence.fact_id:
                return str(fact.object), [f"recall top fact: {evidence.text}"]
    return None, ["recall: no fact evidence"]


def answer(mem: Memory, ns: str, q: Question, graph: ContextGraph) -> Answer:
    chain = parse_question(q.text, graph)
    if chain is None:
        got, path = from_recall(mem, ns, q.text)
        return Answer(q, None, got, path, "recall")
    got, path, multi = follow(mem, ns, chain.anchor, chain.predicates)
    via: str = chain.how
    used = chain.predicates
    for alternative in chain.alternatives if got is None else ():
        alt, alt_path, alt_multi = follow(mem, ns, chain.anchor, alternative)
        if alt is not None:
            got, path, multi, via, used = alt, alt_path, alt_multi, "plan-alternative", alternative
            break
    return Answer(q, chain, got, path, via, used, multi_valued=multi)


def diagnose(a: Answer, graph: ContextGraph, latest: dict[tuple[str, str], str]) -> str:
    """Why a wrong answer is wrong, judged from the parsed context alone."""
    if a.chain is None:
        return "question not parsed (recall fallback)"
    if a.answer is not None and (a.reference is None or key(a.reference) != key(a.answer)):
        return "store answer differs from the reference reading: check graphmem"
    if a.answer is None and a.reference is not None:
        return "store dead end where the reference reading has a value: check graphmem"
    gold = {normalize_answer(g) for g in a.question.answers}
    for path in graph.paths(a.chain.anchor, a.used):
        if path and normalize_answer(path[-1].object) in gold:
            stale = [
                f"{t.number}. {t.sentence} (overridden by "
                f"{graph.versions[(key(t.subject), t.predicate)][-1].number})"
                for t in path
                if key(latest[(key(t.subject), t.predicate)]) != key(t.object)
            ]
            return "gold follows an overridden fact: " + "; ".join(stale)
    return "chain misread, or gold off the chain"


# ---- the run -------------------------------------------------------------------------


@dataclass
class Run:
    ingest: Ingest
    statuses: Counter[str]
    slots: SlotCheck
    results: dict[Subset, list[Answer]]
    answer_seconds: float


def run_store(args: argparse.Namespace, ds: Dataset, ns: str) -> Run:
    graph = ds.graph
    latest = latest_values(ds.triples)
    with open_memory(args.store, args.neo4j_uri) as mem:
        try:
            progress(f"ingesting {len(ds.triples)} facts into {args.store} ...")
            ing = ingest(mem, ds, ns, args.source, declare=not args.undeclared)
            statuses = Counter(str(f.status) for f in mem.facts(ns, history=True))
            slots = check_slots(mem, ds, ns)
            results: dict[Subset, list[Answer]] = {}
            started = time.perf_counter()
            for subset in (SINGLE_HOP, MULTI_HOP):
                progress(f"answering {subset} ...")
                results[subset] = []
                for q in ds.questions[subset]:
                    a = answer(mem, ns, q, graph)
                    a.correct = exact_match(a.answer, q.answers)
                    if a.chain is not None:
                        a.reference = follow_reference(a.chain, latest)
                    if not a.correct:
                        a.reason = diagnose(a, graph, latest)
                    results[subset].append(a)
            seconds = time.perf_counter() - started
        finally:
            if args.store == "neo4j" and not args.keep:
                drop_namespace(args.neo4j_uri, ns)
    return Run(ing, statuses, slots, results, seconds)


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "n/a"


def report_ingest(r: Run, n_facts: int, examples: int) -> None:
    ing, per = r.ingest, sorted(r.ingest.per_fact)
    print(
        f"ingest: {n_facts} episodes in {ing.seconds:.2f} s "
        f"({1000 * ing.seconds / max(len(per), 1):.1f} ms/fact, "
        f"p50 {1000 * per[len(per) // 2]:.1f} ms, max {1000 * per[-1]:.1f} ms)"
    )
    ops = ", ".join(f"{k} {v}" for k, v in sorted(ing.operations.items()))
    print(f"operations: {ops}; refused {len(ing.refused)}")
    print(
        f"supersessions: {ing.operations.get('UPDATE', 0)} UPDATE applied "
        f"(expected {ing.expected_updates} from the numbering; "
        f"{ing.expected_noops} repeats expected as NOOP)"
    )
    if ing.learned:
        print(f"relations learnt one-valued by the daily maintenance: {len(ing.learned)}")
    print(f"fact statuses after ingest: {dict(sorted(r.statuses.items()))}")
    print(
        f"slots: {r.slots.slots}; exactly one current value: {r.slots.one_current}; "
        f"current value = highest-numbered: {r.slots.matches_latest}"
    )
    for line in r.slots.problems[:examples]:
        print(f"  slot problem: {line}")
    for line in ing.refused[:examples]:
        print(f"  refused: {line}")


def report_answers(r: Run) -> None:
    total = sum(len(v) for v in r.results.values())
    print(f"answers ({r.answer_seconds:.2f} s for {total} questions)")
    print(f"{'subset':<11} {'n':>4} {'EM':>7} {'parsed':>7} {'recall':>7} {'alt':>4} {'ref EM':>7}")
    for subset, answers in r.results.items():
        n = len(answers)
        correct = sum(a.correct for a in answers)
        parsed = sum(a.chain is not None for a in answers)
        fallback = sum(a.via == "recall" for a in answers)
        alternative = sum(a.via == "plan-alternative" for a in answers)
        ref = sum(exact_match(a.reference, a.question.answers) for a in answers)
        print(
            f"{subset:<11} {n:>4} {pct(correct, n):>7} {parsed:>7} {fallback:>7} "
            f"{alternative:>4} {pct(ref, n):>7}"
        )
    print("  EM: graphmem's answers, normalised exact match; parsed: questions read into a chain")
    print("  (the rest are parse failures); recall: answered by the recall fallback; alt: by a")
    print("  next-best reading of the chain after the best one dead-ended in the current facts;")
    print("  ref EM: the same chains over the highest-numbered value of each slot (no graphmem).")
    multi = sum(a.multi_valued for v in r.results.values() for a in v)
    print(f"hops that found more than one current value: {multi}")


def report_failures(r: Run, examples: int) -> None:
    for subset, answers in r.results.items():
        wrong = [a for a in answers if not a.correct]
        print(f"{subset}: {len(wrong)} wrong")
        kinds = Counter(a.reason.split(":")[0] for a in wrong)
        for reason, count in kinds.most_common():
            print(f"  {count:>3}  {reason}")
        for a in wrong[:examples]:
            print(f"  [{a.question.index}] {a.question.text}")
            print(
                f"      gold {list(a.question.answers)}; got {a.answer!r} via {a.via}; "
                f"reference {a.reference!r}"
            )
            if a.chain is not None:
                print(f"      chain {a.chain.describe()}")
            for step in a.path:
                print(f"        {step}")
            print(f"      -> {a.reason}")


def run(args: argparse.Namespace) -> int:
    path = args.data
    if path.is_dir():
        path = path / "factconsolidation" / "factconsolidation_official_6k.json"
    if not path.exists():
        progress(f"no data at {path}: pass --data")
        return 2
    ds = load(path)
    ns = f"fc-{uuid.uuid4().hex[:8]}"
    where = f" {args.neo4j_uri}" if args.store == "neo4j" else ""
    print(f"FactConsolidation — {ds.source.get('dataset')} {ds.source.get('split')} ({path})")
    print(f"store: {args.store}{where}, namespace {ns}, source={args.source}")
    print(
        f"context: {len(ds.triples) + len(ds.unparsed)} fact lines, {len(ds.triples)} parsed, "
        f"{len(ds.unparsed)} unparsed; {len(PREDICATES)} predicates; "
        f"{len(latest_values(ds.triples))} slots"
    )
    for line in ds.unparsed:
        print(f"  unparsed: {line}")
    r = run_store(args, ds, ns)
    print()
    report_ingest(r, len(ds.triples), args.examples)
    print()
    report_answers(r)
    print()
    report_failures(r, args.examples)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--neo4j-uri", default=DEFAULT_NEO4J)
    parser.add_argument(
        "--data",
        type=Path,
        default=default_data_path(),
        help="the dataset file, or the shared data folder (default: %(default)s)",
    )
    parser.add_argument("--source", choices=("document", "user"), default="document")
    parser.add_argument("--examples", type=int, default=8, help="failed examples to print")
    parser.add_argument("--keep", action="store_true", help="keep the Neo4j namespace")
    parser.add_argument(
        "--undeclared",
        action="store_true",
        help="declare no predicate; run the daily maintenance once after the facts",
    )
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
