"""Recall latency at 10,000 and 100,000 facts, on the embedded store and on Neo4j.

A synthetic namespace (people, cities, companies, languages, preferences; a mix
of one-valued and many-valued predicates) is written through
``Memory.remember([Claim, ...])`` in batches, and grown size by size: the
latency at 100,000 facts is measured on the same namespace after the 10,000
measurement. At each size, random natural-language questions about random
subjects are asked; the time of ``mem.embedder.embed([query])`` is measured
apart from the time of the whole ``mem.recall`` call (which embeds the query
again), so "query" = recall - embed. The offline hashing embedder is used.

    .venv/bin/python bench/recall_latency.py                       # 10k,100k on both
    .venv/bin/python bench/recall_latency.py --sizes 10000 --store neo4j
    .venv/bin/python bench/recall_latency.py --profile 2000 --store embedded

A size whose estimated ingest time (from the rate of the size before) exceeds
--budget minutes is skipped and the estimate reported, unless --force.
Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from _common import (
    DEFAULT_NEO4J,
    Stopwatch,
    drop_neo4j_namespaces,
    machine,
    ms,
    open_memory,
    percentile,
    progress,
)

from graphmem import Claim, Memory

# ---- the synthetic world -----------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


FIRST = _words(
    "Ada Alan Amara Ben Carla Chen Dario Elena Farah Gustav Hana Ivan Jonas Kaito Lena Maya "
    "Nadia Omar Priya Quinn Rafael Sara Tomas Uma Viktor Wen Yara Zoe Felix Ines"
)
LAST = _words(
    "Novak Okafor Lindqvist Moreau Tanaka Silva Kowalski Haddad Petrov Nguyen Fischer Rossi "
    "Byrne Costa Dubois Ibrahim Jensen Kim Larsen Mendes Ortiz Park Quist Reyes Sato Varga"
)
CITIES = _words(
    "Denver Lisbon Osaka Nairobi Montreal Krakow Valencia Hanoi Bergen Porto Austin Lyon "
    "Seoul Tbilisi Cusco Dublin Accra Perth Gdansk Bologna Quito Tallinn Hobart Leeds"
)
COMPANIES = _words(
    "Acme Globex Initech Umbrella Hooli Stark Wayne Tyrell Cyberdyne Soylent Wonka Aperture "
    "Vandelay Gringotts Oscorp Nakatomi Piedmont Dunder Prestige Massive Zenith Orbital"
)
LANGUAGES = _words("English Spanish Japanese Swahili French Polish Korean Georgian Portuguese")
FOODS = _words("ramen tacos pierogi sushi falafel paella pho curry dumplings risotto ceviche")
HOBBIES = _words("climbing chess pottery sailing running painting birding cycling jazz gardening")
PREFERENCES = (
    "window seats",
    "morning meetings",
    "email over phone calls",
    "vegetarian restaurants",
    "short summaries",
    "dark mode",
    "quiet hotels",
    "train travel",
)

# predicate -> (cardinality, kind, value pool, object is an entity, weight)
PREDICATES: dict[str, tuple[str, str, Sequence[str], bool, int]] = {
    "lives_in": ("one", "fact", CITIES, True, 3),
    "works_at": ("one", "fact", COMPANIES, True, 3),
    "born_in": ("one", "fact", CITIES, True, 1),
    "prefers": ("one", "preference", PREFERENCES, False, 2),
    "visited": ("many", "event", CITIES, True, 4),
    "speaks": ("many", "fact", LANGUAGES, True, 2),
    "likes_food": ("many", "preference", FOODS, False, 3),
    "enjoys": ("many", "preference", HOBBIES, False, 3),
    "knows": ("many", "fact", (), True, 4),  # another person
}
QUESTIONS = {
    "lives_in": ("Where does {s} live?", "Which city is {s} based in these days?"),
    "works_at": ("Where does {s} work?", "Which company employs {s}?"),
    "born_in": ("Where was {s} born?",),
    "prefers": ("What does {s} prefer?", "How does {s} like things done?"),
    "visited": ("Which cities has {s} visited?", "Has {s} been to {o}?"),
    "speaks": ("What languages does {s} speak?", "Does {s} speak {o}?"),
    "likes_food": ("What food does {s} like?", "Does {s} like {o}?"),
    "enjoys": ("What are {s}'s hobbies?", "Does {s} enjoy {o}?"),
    "knows": ("Who does {s} know?", "Does {s} know {o}?"),
}
FACTS_PER_PERSON = 10
START = datetime(2024, 1, 1, tzinfo=UTC)


def person(i: int) -> str:
    return f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i // 780 + 1}"


@dataclass
class World:
    """A seeded stream of distinct claims; people are added as the stream grows."""

    rng: random.Random
    written: int = 0
    seen: set[tuple[int, str, str]] = field(default_factory=set)

    def people(self) -> int:
        return self.written // FACTS_PER_PERSON + 20

    def claims(self, n: int) -> list[Claim]:
        names = list(PREDICATES)
        weights = [spec[4] for spec in PREDICATES.values()]
        out: list[Claim] = []
        while len(out) < n:
            subject = self.rng.randrange(self.people())
            predicate = self.rng.choices(names, weights)[0]
            value = self._value(predicate, subject)
            if PREDICATES[predicate][0] == "many" and (subject, predicate, value) in self.seen:
                continue  # a repeat would be a NOOP, not a new fact
            self.seen.add((subject, predicate, value))
            out.append(Claim(person(subject), predicate, value))
        self.written += n
        return out

    def _value(self, predicate: str, subject: int) -> str:
        pool = PREDICATES[predicate][2]
        if pool:
            return self.rng.choice(pool)
        other = self.rng.randrange(self.people())
        return person(other if other != subject else (other + 1) % self.people())

    def questions(self, n: int) -> list[str]:
        out = []
        for _ in range(n):
            predicate = self.rng.choice(list(PREDICATES))
            template = self.rng.choice(QUESTIONS[predicate])
            subject = person(self.rng.randrange(self.people()))
            out.append(template.format(s=subject, o=self._value(predicate, -1)))
        return out


def define_predicates(mem: Memory) -> None:
    for name, (cardinality, kind, _, is_entity, _) in PREDICATES.items():
        mem.define_predicate(name, cardinality=cardinality, kind=kind, object_is_entity=is_entity)


# ---- ingest and measure ------------------------------------------------------


@dataclass
class Ingest:
    claims: int = 0
    seconds: float = 0.0
    ops: Counter[str] = field(default_factory=Counter)
    calls: Stopwatch = field(default_factory=Stopwatch)


def grow(
    mem: Memory,
    world: World,
    namespace: str,
    n: int,
    *,
    batch: int,
    clock: Iterator[datetime],
) -> Ingest:
    done = Ingest()
    started = time.perf_counter()
    report_every = max(n // 10, batch)
    while done.claims < n:
        claims = world.claims(min(batch, n - done.claims))
        with done.calls.time():
            result = mem.remember(claims, namespace=namespace, source="user", at=next(clock))
        done.ops.update(op.kind for op in result.operations)
        done.ops.update("refused" for _ in result.refused)
        done.claims += len(claims)
        if done.claims % report_every < batch:
            elapsed = time.perf_counter() - started
            progress(
                f"    {done.claims}/{n} claims, {elapsed:.0f} s, "
                f"{done.claims / elapsed:.0f} claims/s (last batch {ms(done.calls.samples[-1])} ms)"
            )
    done.seconds = time.perf_counter() - started
    return done


@dataclass
class Latency:
    embed: list[float] = field(default_factory=list)
    recall: list[float] = field(default_factory=list)
    query: list[float] = field(default_factory=list)  # recall - embed, per question
    evidence: int = 0


def measure(mem: Memory, namespace: str, questions: list[str], k: int, warmup: int) -> Latency:
    for q in questions[:warmup]:
        mem.recall(q, namespace=namespace, k=k)
    out = Latency()
    for q in questions[warmup:]:
        start = time.perf_counter()
        mem.embedder.embed([q])
        middle = time.perf_counter()
        found = mem.recall(q, namespace=namespace, k=k)
        end = time.perf_counter()
        out.embed.append(middle - start)
        out.recall.append(end - middle)
        out.query.append(max((end - middle) - (middle - start), 0.0))
        out.evidence += len(found)
    return out


def clock_from(start: datetime) -> Iterator[datetime]:
    at = start
    while True:
        yield at
        at += timedelta(minutes=7)


@dataclass
class Row:
    store: str
    size: int
    facts: int
    ingest: Ingest | None
    latency: Latency | None
    note: str = ""


def run_store(store: str, args: argparse.Namespace) -> list[Row]:
    rows: list[Row] = []
    namespace = f"bench-latency-{uuid.uuid4().hex[:8]}"
    world = World(random.Random(args.seed))
    clock = clock_from(START)
    with open_memory(store, uri=args.uri) as mem:
        define_predicates(mem)
        try:
            have, rate, per_query = 0, 0.0, 0.0
            for size in args.sizes:
                need = size - have
                if rate and not args.force and need / rate > args.budget * 60:
                    note = (
                        f"skipped: {need} more claims at {rate:.0f} claims/s "
                        f"~ {need / rate / 60:.0f} min > budget {args.budget:g} min"
                    )
                    progress(f"  {store} {size}: {note}")
                    rows.append(Row(store, size, have, None, None, note))
                    continue
                progress(f"  {store}: growing {namespace} from {have} to {size} claims")
                done = grow(mem, world, namespace, need, batch=args.batch, clock=clock)
                have = size
                tail = done.calls.samples[-max(len(done.calls.samples) // 5, 1) :]
                rate = args.batch * len(tail) / sum(tail)  # the latest rate, for extrapolation
                facts = mem.stats(namespace)["Fact"]
                queries = args.queries
                if per_query and not args.force:
                    # Recall time grows about linearly with the namespace; keep to the budget.
                    guess = per_query * size / rows[-1].size
                    queries = min(queries, max(20, int(args.query_budget * 60 / guess)))
                progress(f"  {store} {size}: {facts} facts; measuring {queries} questions")
                questions = world.questions(queries + args.warmup)
                latency = measure(mem, namespace, questions, args.k, args.warmup)
                rows.append(Row(store, size, facts, done, latency))
                per_query = percentile(latency.recall, 50)
                progress(f"  {store} {size}: recall p50 {ms(percentile(latency.recall, 50))} ms")
        finally:
            if store == "neo4j" and not args.keep:
                progress(f"  dropping {namespace} from Neo4j")
                drop_neo4j_namespaces(args.uri, [namespace])
    return rows


def profile(store: str, args: argparse.Namespace) -> None:
    """cProfile of ingesting ``--profile`` claims, then of the questions, on one store."""
    namespace = f"bench-profile-{uuid.uuid4().hex[:8]}"
    world = World(random.Random(args.seed))
    with open_memory(store, uri=args.uri) as mem:
        define_predicates(mem)
        try:
            for what in ("ingest", "recall"):
                profiler = cProfile.Profile()
                profiler.enable()
                if what == "ingest":
                    grow(
                        mem,
                        world,
                        namespace,
                        args.profile,
                        batch=args.batch,
                        clock=clock_from(START),
                    )
                else:
                    measure(mem, namespace, world.questions(args.queries), args.k, 0)
                profiler.disable()
                out = io.StringIO()
                stats = pstats.Stats(profiler, stream=out)
                stats.sort_stats("tottime").print_stats(args.top)
                stats.sort_stats("cumulative").print_stats(args.top)
                # graphmem's own functions by cumulative time: which store call dominates
                stats.sort_stats("cumulative").print_stats(r"graphmem/(store|recall|write)", 15)
                print(
                    f"\n==== profile: {store}, {what} ({args.profile} claims, batch {args.batch})"
                )
                print(_trim(out.getvalue()))
        finally:
            if store == "neo4j" and not args.keep:
                drop_neo4j_namespaces(args.uri, [namespace])


def _trim(text: str) -> str:
    keep = [line for line in text.splitlines() if line.strip() and "Ordered by" not in line]
    return "\n".join(line[:160] for line in keep)


def report(rows: list[Row], args: argparse.Namespace) -> None:
    print(
        f"recall latency — k={args.k}, up to {args.queries} questions (+{args.warmup} warm-up), "
        f"hashing embedder, batch {args.batch} claims per remember, seed {args.seed}; "
        f"{datetime.now(UTC):%Y-%m-%d} ({machine()})"
    )
    print(
        "store    |    size |   facts | ingest claims/s (remember p50 ms) |   n | "
        "embed p50/p95 ms | query p50/p95 ms | recall p50/p95 ms"
    )
    for row in rows:
        head = f"{row.store:<8} | {row.size:>7} | {row.facts:>7}"
        if row.ingest is None or row.latency is None:
            print(f"{head} | {row.note}")
            continue
        i, lat = row.ingest, row.latency
        print(
            f"{head} | {i.claims / i.seconds:>8.0f} ({ms(percentile(i.calls.samples, 50)):>6})"
            f" in {i.seconds:>6.0f} s | {len(lat.recall):>3} | "
            f"{ms(percentile(lat.embed, 50)):>6} /{ms(percentile(lat.embed, 95)):>6} | "
            f"{ms(percentile(lat.query, 50)):>6} /{ms(percentile(lat.query, 95)):>6} | "
            f"{ms(percentile(lat.recall, 50)):>6} /{ms(percentile(lat.recall, 95)):>6}"
        )
    for row in rows:
        if row.ingest is not None:
            ops = ", ".join(f"{k} {v}" for k, v in sorted(row.ingest.ops.items()))
            print(f"  {row.store} {row.size}: operations {ops} (this step)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000", help="facts, ascending (grown in turn)")
    parser.add_argument("--store", default="embedded,neo4j", help="embedded, neo4j or both")
    parser.add_argument("--uri", default=DEFAULT_NEO4J, help="Neo4j bolt URI")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--batch", type=int, default=100, help="claims per remember call")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--budget", type=float, default=15.0, help="ingest minutes per size")
    parser.add_argument(
        "--query-budget",
        type=float,
        default=10.0,
        help="minutes of questions per size; fewer questions (at least 20) at a larger size "
        "if recall is slow, estimated from the size before",
    )
    parser.add_argument("--force", action="store_true", help="ignore both budgets")
    parser.add_argument("--keep", action="store_true", help="keep the Neo4j namespace")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="instead: cProfile N claims + queries"
    )
    parser.add_argument("--top", type=int, default=25, help="functions shown per profile")
    args = parser.parse_args(argv)
    args.sizes = sorted(int(s) for s in str(args.sizes).split(","))
    stores = [s.strip() for s in str(args.store).split(",") if s.strip()]

    if args.profile:
        for store in stores:
            profile(store, args)
        return 0
    rows: list[Row] = []
    for store in stores:
        rows += run_store(store, args)
    report(rows, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
