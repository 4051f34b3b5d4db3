"""The scale run: graphmem on Neo4j at 10,000, 100,000 and 1,000,000 facts.

One synthetic namespace grows size by size (the world of ``recall_latency.py``:
people, cities, companies, preferences; one- and many-valued predicates), with
the offline hashing embedder and no model. At each size it reports:

* ingest throughput through ``Memory.remember`` (gate, batched slot reads,
  rule decisions, one transaction a batch) for the facts added since the last
  size, and — as the ceiling — the very rows each ``remember`` applied, ids
  renamed, written again into a second namespace by one UNWIND statement in one
  transaction (``cypher/bench/write_ceiling``: no read, no check, no decision),
  batch by batch in the same run, and the ratio;
* recall latency p50/p95, and for the same questions on the same data the
  one-query ceiling: vector and full text in one statement, ids and scores only
  (``cypher/bench/recall_ceiling``), and the ratios; the slowest question over
  the median (hub entities included: the questions name cities everyone visits);
* as-of query latency p50/p95 (``facts(subject, at, known_at)``);
* the time to forget one episode (a move that superseded an earlier value, so
  forgetting it restores that value): the ratio between sizes shows whether
  forgetting stays proportional to the affected neighbourhood.

* the first recall of a run apart (three untimed questions plan the statements; the
  first of them is reported as "first recall": what a process pays once after a server
  start, the plans being kept: ``CYPHER replan=skip`` in cypher/recall).

    .venv/bin/python bench/scale.py                       # 10k, 100k, 1M
    .venv/bin/python bench/scale.py --sizes 10000,100000  # quicker

Growing 1M facts through ``remember`` takes hours on a small machine. ``--fill-to``
reaches a size the other way: after the sizes grown through ``remember`` (their rows
saved to ``--rows`` as ``remember`` applied them), it writes copies of those change sets
into the same namespace — node ids suffixed, every person renamed (copy c of "Ada Berg 3"
is "Ada Berg 1003"), texts embedded again as remember embeds them — through
cypher/bench/write_ceiling, one change set a transaction. The copies have graphmem's
structure (slots, statements, supersessions, support, episodes, embeddings) but no
``remember`` decided them; cities
and the other shared values keep their names, so hubs grow with the copies. Questions
still name the people of the grown part.

    .venv/bin/python bench/scale.py --sizes 100000 --keep --rows /tmp/rows.pickle
    .venv/bin/python bench/scale.py --namespace scale-<run> --sizes 100000 --fill-only \
        --fill-to 1000000 --rows /tmp/rows.pickle      # fill, then measure at 1M
    .venv/bin/python bench/scale.py --namespace scale-<run> --sizes 100000      # measure again
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import pickle
import random
import re
import statistics
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, BinaryIO

import neo4j
from _common import DEFAULT_NEO4J, CpuMeter, Stopwatch, machine, ms, percentile, progress
from recall_latency import FIRST, LAST, START, World, define_predicates, person

from graphmem import Claim, Memory
from graphmem.store import cypher
from graphmem.store.changes import ChangeSet
from graphmem.store.neo4j import canonical, lucene_query, ns_token
from graphmem.store.rows import slot_node_id


def open_world(uri: str) -> tuple[Memory, neo4j.Driver, World]:
    """What the scale run and bench/*_parts.py start from: a memory on the Neo4j at ``uri``
    with the world's predicates, a driver of its own for the ceilings' statements, and the
    world (seed 1, so every script asks and writes alike)."""
    mem = Memory.neo4j(uri)
    define_predicates(mem)
    return (
        mem,
        neo4j.GraphDatabase.driver(uri, notifications_min_severity="OFF"),
        World(random.Random(1)),
    )


def ticks(start: datetime) -> Iterator[datetime]:
    moment = start
    while True:
        yield moment
        moment += timedelta(minutes=7)


# Fields of a change set's rows that name a node the same write (or an earlier one) made.
_ID_KEYS = frozenset({"id", "fact_id", "episode_id", "new_id", "old_id", "target_id"})
_ID_LISTS = frozenset({"episodes", "statements"})


def _renamed(value: Any, suffix: str = "~c", names: Callable[[str], str] | None = None) -> Any:
    """A change set's rows with every node id renamed (``suffix`` appended), so that they can
    be written again beside the originals (ids are unique store-wide); ``names``, when given,
    rewrites every other string (the people a copy is about)."""
    if isinstance(value, dict):
        return {
            key: (
                f"{item}{suffix}"
                if key in _ID_KEYS and isinstance(item, str)
                else [f"{i}{suffix}" for i in item]
                if key in _ID_LISTS and isinstance(item, list)
                else _renamed(item, suffix, names)
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_renamed(item, suffix, names) for item in value]
    if isinstance(value, str) and names is not None:
        return names(value)
    return value


def ceiling_params(
    change: ChangeSet,
    namespace: str,
    suffix: str = "~c",
    names: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """The rows ``remember`` applied, renamed and moved to ``namespace``, as parameters of
    cypher/bench/write_ceiling."""
    rows = {
        name: _renamed(part, suffix, names)
        for name, part in {
            "episodes": [
                {**row, "embedding": change.embeddings.get(row["id"])} for row in change.episodes
            ],
            "entities": change.entities,
            "mentions": change.mentions,
            "facts": [
                {"props": row, "embedding": change.embeddings.get(row["id"])}
                for row in change.facts
            ],
            "statements": [
                {
                    "props": {k: v for k, v in row.items() if k != "episodes"},
                    "episodes": row["episodes"],
                }
                for row in change.statements
            ],
            "supports": change.supports,
            "supersessions": change.supersessions,
            "patches": [{"fact_id": p.fact_id, "changes": p.changes} for p in change.patches],
            "audit": change.audit,
        }.items()
    }
    return canonical(
        {
            **rows,
            "namespace": namespace,
            "ns_token": ns_token(namespace),
            "slots": sorted(
                slot_node_id(namespace, names(key) if names else key) for key in change.slots
            ),
        }
    )


@dataclass
class Writes:
    claims: int = 0
    remember: float = 0.0  # seconds in Memory.remember
    ceiling: float = 0.0  # seconds writing the same rows in one statement
    # CPU a batch, client and server, in remember and in the ceiling's statements
    remember_cpu: CpuMeter = dataclasses.field(default_factory=CpuMeter)
    ceiling_cpu: CpuMeter = dataclasses.field(default_factory=CpuMeter)


def recording(mem: Memory, applied: list[ChangeSet]) -> Callable[[], None]:
    """Make ``mem``'s store append every change set it applies to ``applied``; returns what
    puts the store's own ``apply`` back (its class's again, so that a later wrapper of the
    class's method — bench/remember_parts.py — is seen)."""
    store_apply = mem.store.apply

    def record(change: ChangeSet) -> None:
        store_apply(change)
        applied.append(change)

    mem.store.apply = record  # type: ignore[method-assign]

    def undo() -> None:
        del mem.store.apply

    return undo


def grow_beside_ceiling(
    mem: Memory,
    driver: neo4j.Driver,
    world: World,
    namespaces: tuple[str, str],
    n: int,
    *,
    batch: int,
    clock: Iterator[datetime],
    ceiling: bool,
    capture: BinaryIO | None = None,
    server_pid: int | None = None,
) -> Writes:
    """Grow ``namespaces[0]`` by n claims through ``remember``; after each batch, write the
    rows it applied again into ``namespaces[1]`` with one statement in one transaction
    (cypher/bench/write_ceiling). Interleaved, so both see the same load and the same size."""
    grown, raw = namespaces
    applied: list[ChangeSet] = []
    stop_recording = recording(mem, applied)
    query = cypher.load("bench/write_ceiling")
    done = Writes(remember_cpu=CpuMeter(server_pid), ceiling_cpu=CpuMeter(server_pid))
    report_every = max(n // 10, batch)
    try:
        while done.claims < n:
            claims = world.claims(min(batch, n - done.claims))
            applied.clear()
            started = time.perf_counter()
            with done.remember_cpu.time():
                mem.remember(claims, namespace=grown, source="user", at=next(clock))
            done.remember += time.perf_counter() - started
            if ceiling:
                params = [ceiling_params(change, raw) for change in applied]
                started = time.perf_counter()
                with done.ceiling_cpu.time():
                    for one in params:
                        with driver.session() as session:
                            session.execute_write(lambda tx, p=one: tx.run(query, p).consume())
                done.ceiling += time.perf_counter() - started
            done.claims += len(claims)
            if capture is not None:  # for --fill-to: the rows, as remember applied them
                pickle.dump((len(claims), list(applied)), capture)
            if done.claims % report_every < batch:
                progress(
                    f"    {done.claims}/{n} claims, remember {done.claims / done.remember:.0f}/s"
                    + (f", ceiling {done.claims / done.ceiling:.0f}/s" if done.ceiling else "")
                )
    finally:
        stop_recording()
    return done


def _people(copy: int) -> Callable[[str], str]:
    """Renames every person of recall_latency's world in a text ("Ada Berg 3", its entity
    key "ada berg 3") to a person of copy ``copy`` ("Ada Berg 1003"): a copy is about other
    people. Cities, companies and the rest keep their names, so hubs grow with the copies."""
    pattern = re.compile(rf"\b((?:{'|'.join(FIRST)}) (?:{'|'.join(LAST)})) (\d+)\b", re.IGNORECASE)
    return lambda text: pattern.sub(lambda m: f"{m[1]} {int(m[2]) + 1000 * copy}", text)


def fill(
    mem: Memory, driver: neo4j.Driver, namespace: str, *, rows: str, have: int, target: int
) -> int:
    """Grow ``namespace`` from ``have`` to ``target`` claims by writing copies of the change
    sets remember applied (saved in ``rows`` while growing), each copy with its node ids
    suffixed and its people renamed (``_people``), texts embedded again, one change set a
    transaction through cypher/bench/write_ceiling — the rows remember would have written
    for those people, without remember's reads and decisions. Returns the claims reached."""
    query = cypher.load("bench/write_ceiling")
    embed = mem.embedder.embed
    copy = 0
    started = time.perf_counter()
    while have < target:
        copy += 1
        names = _people(copy)
        with open(rows, "rb") as saved:
            while have < target:
                try:
                    claims, changes = pickle.load(saved)
                except EOFError:
                    break
                for change in changes:
                    texts = {
                        row["id"]: names(row[field])
                        for field, part in (
                            ("search_text", change.facts),
                            ("content", change.episodes),
                        )
                        for row in part
                        if isinstance(row.get(field), str) and row["id"] in change.embeddings
                    }
                    vectors = dict(zip(texts, embed(list(texts.values())), strict=True))
                    moved = dataclasses.replace(change, embeddings={**change.embeddings, **vectors})
                    params = ceiling_params(moved, namespace, f"~fill{copy}", names)
                    with driver.session() as session:
                        session.execute_write(lambda tx, p=params: tx.run(query, p).consume())
                have += claims
                if have % 50_000 < claims:
                    took = time.perf_counter() - started
                    progress(f"    filled to {have} claims (copy {copy}, {took:.0f} s)")
    return have


def replay(world: World, clock: Iterator[datetime], n: int, batch: int) -> Writes:
    """Advance the world and the clock as growing by n claims would, writing nothing (for
    --namespace: the questions then name the same people as in the run that grew it)."""
    done = Writes()
    while done.claims < n:
        done.claims += len(world.claims(min(batch, n - done.claims)))
        next(clock)
    return done


def latencies(
    mem: Memory,
    driver: neo4j.Driver,
    world: World,
    namespace: str,
    queries: int,
    *,
    server_pid: int | None = None,
) -> dict[str, float]:
    """Recall and, for the same question on the same data, the one-query ceiling (vector and
    full text in one statement, ids only: cypher/bench/recall_ceiling), alternately."""
    rng = random.Random(11)
    recall, ceiling, embed, as_of = Stopwatch(), Stopwatch(), Stopwatch(), Stopwatch()
    recall_cpu, ceiling_cpu = CpuMeter(server_pid), CpuMeter(server_pid)
    query = cypher.load("bench/recall_ceiling")
    k = 10
    limit = k * mem.weights.overfetch
    first: list[float] = []  # apart: the server plans each query once (reported, not in p50)
    for question in world.questions(3):
        vector = mem.embedder.embed([question])[0]
        started = time.perf_counter()
        mem.recall(question, namespace=namespace, k=k)
        first.append(time.perf_counter() - started)
        lucene = lucene_query(namespace, question)
        params = {"namespace": namespace, "vector": vector, "lucene": lucene, "limit": limit}
        driver.execute_query(query, params, routing_=neo4j.RoutingControl.READ)
    for question in world.questions(queries):
        with embed.time():
            vector = mem.embedder.embed([question])[0]
        with recall.time(), recall_cpu.time():
            mem.recall(question, namespace=namespace, k=k)
        lucene = lucene_query(namespace, question)
        with ceiling.time(), ceiling_cpu.time():
            driver.execute_query(
                query,
                {"namespace": namespace, "vector": vector, "lucene": lucene, "limit": limit},
                routing_=neo4j.RoutingControl.READ,
            )
    span = (datetime.now(START.tzinfo) - START).total_seconds()
    for _ in range(queries):
        subject = person(rng.randrange(world.people()))
        at = START + timedelta(seconds=rng.uniform(0, span))
        with as_of.time():
            mem.facts(namespace, subject=subject, at=at, known_at=at + timedelta(days=30))
    cpu = {}
    for name, meter in (("recall", recall_cpu), ("ceiling", ceiling_cpu)):
        client, server = meter.per_block()
        cpu[f"{name} cpu client"] = client
        if server is not None:
            cpu[f"{name} cpu server"] = server
    return cpu | {
        "recall p50": percentile(recall.samples, 50),
        "recall p95": percentile(recall.samples, 95),
        "recall max": max(recall.samples),
        "first recall": first[0],
        "warm-up max": max(first),
        "ceiling p50": percentile(ceiling.samples, 50),
        "ceiling p95": percentile(ceiling.samples, 95),
        "embed p50": percentile(embed.samples, 50),
        "as-of p50": percentile(as_of.samples, 50),
        "as-of p95": percentile(as_of.samples, 95),
    }


def forget_one(mem: Memory, world: World, namespace: str, at: datetime, tries: int = 5) -> float:
    """Median seconds to forget a move (one episode that superseded an earlier value)."""
    rng = random.Random(5)
    samples = []
    for i in range(tries):
        subject = person(rng.randrange(world.people()))
        mem.remember(
            [Claim(subject, "lives_in", "Reykjavik")],
            namespace=namespace,
            at=at + timedelta(days=i),
        )
        move = mem.remember(
            [Claim(subject, "lives_in", "Ushuaia")],
            namespace=namespace,
            at=at + timedelta(days=i, hours=1),
        )
        started = time.perf_counter()
        report = mem.forget(namespace, episode=move.episode_id)
        samples.append(time.perf_counter() - started)
        assert report.restored, "forgetting the move restores the value it superseded"
    return statistics.median(samples)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--no-ceiling", action="store_true")
    parser.add_argument(
        "--server-pid",
        type=int,
        help="pid of the Neo4j server, when it runs on this machine (tools/neo4j/neo4j-local "
        "status prints it): the CPU table then has the server's share beside the client's",
    )
    parser.add_argument(
        "--keep", action="store_true", help="leave the namespaces in the store (prints their name)"
    )
    parser.add_argument(
        "--namespace",
        help="measure a namespace a --keep run left (same --sizes): nothing is written but the "
        "forget probes; the world is replayed without writing so the questions are the same",
    )
    parser.add_argument(
        "--ceiling-up-to",
        type=int,
        default=100_000,
        help="measure the write ceiling only up to this size (it doubles the data)",
    )
    parser.add_argument(
        "--fill-to",
        type=int,
        help="after the sizes grown through remember, reach this many claims by writing "
        "renamed copies of the rows remember applied (see fill()), then measure there",
    )
    parser.add_argument(
        "--rows",
        help="file the rows remember applied are saved to while growing (with --fill-to; "
        "read back by a --namespace run). Default: a file in /tmp named after the namespace",
    )
    parser.add_argument(
        "--fill-only",
        action="store_true",
        help="with --namespace: do not measure at --sizes, only fill and measure at --fill-to",
    )
    parser.add_argument(
        "--filled",
        action="store_true",
        help="with --namespace and --fill-to: the namespace was filled by an earlier run; "
        "only measure there",
    )
    args = parser.parse_args()
    if args.server_pid is not None and not os.path.exists(f"/proc/{args.server_pid}/stat"):
        parser.error(f"--server-pid {args.server_pid}: no such process on this machine")
    return args


def main() -> None:
    args = _arguments()
    sizes = [int(s) for s in args.sizes.split(",")]
    run = uuid.uuid4().hex[:8]
    grown, raw = f"scale-{run}", f"scale-raw-{run}"
    if args.namespace:
        grown, raw = args.namespace, args.namespace.replace("scale-", "scale-raw-", 1)
    mem, driver, world = open_world(args.uri)
    clock = ticks(START)
    rows = []
    have = 0
    saved = args.rows or f"/tmp/{grown}-rows.pickle"
    capture = open(saved, "ab") if (args.fill_to or args.rows) and not args.namespace else None  # noqa: SIM115
    try:
        for size in sizes:
            ceiling = not args.no_ceiling and size <= args.ceiling_up_to
            progress(
                f"growing {grown} to {size} facts" + (f", and {raw} beside" if ceiling else "")
            )
            if args.namespace:
                writes = replay(world, clock, size - have, args.batch)
            else:
                writes = grow_beside_ceiling(
                    mem,
                    driver,
                    world,
                    (grown, raw),
                    size - have,
                    batch=args.batch,
                    clock=clock,
                    ceiling=ceiling,
                    capture=capture,
                    server_pid=args.server_pid,
                )
            have = size
            if args.fill_only:
                continue
            progress(f"measuring at {size} facts")
            figures = latencies(mem, driver, world, grown, args.queries, server_pid=args.server_pid)
            forget = forget_one(mem, world, grown, next(clock))
            rows.append((size, writes, figures, forget))
            progress(
                f"  at {size}: remember {writes.claims / (writes.remember or 1e-9):.0f} facts/s, "
                f"{ {k: ms(v) for k, v in figures.items()} }, forget {ms(forget)} ms"
            )
        if capture is not None:
            capture.close()
        if args.fill_to:
            rows.append(
                _filled(args, mem, driver, world, where=(grown, saved), have=have, clock=clock)
            )
    finally:
        try:
            if args.keep or args.namespace:
                progress(f"kept namespace {grown} (and {raw})")
            for namespace in () if args.keep or args.namespace else (grown, raw):
                mem.store.drop_namespace(namespace)
        except Exception as exc:  # housekeeping must not hide the figures
            progress(f"warning: could not drop {grown}, {raw}: {exc}")
        driver.close()
        mem.close()
    _table(rows, args.batch, grown_up_to=have)


Figures = tuple[int, Writes, dict[str, float], float]  # size, writes, latencies, forget


def _filled(
    args: argparse.Namespace,
    mem: Memory,
    driver: neo4j.Driver,
    world: World,
    *,
    where: tuple[str, str],
    have: int,
    clock: Iterator[datetime],
) -> Figures:
    """--fill-to: fill the namespace with copies, then measure there."""
    grown, saved = where
    if args.filled:  # a --keep run filled it already
        filled = args.fill_to
    else:
        progress(f"filling {grown} from {have} to {args.fill_to} claims with copies")
        filled = fill(mem, driver, grown, rows=saved, have=have, target=args.fill_to)
    progress(f"measuring at {filled} claims (filled)")
    figures = latencies(mem, driver, world, grown, args.queries, server_pid=args.server_pid)
    forget = forget_one(mem, world, grown, next(clock))
    progress(f"  at {filled}: { {k: ms(v) for k, v in figures.items()} }")
    return filled, Writes(filled - have), figures, forget


def _table(rows: list[Figures], batch: int, *, grown_up_to: int) -> None:
    """The figures as a Markdown table; a size above ``grown_up_to`` was filled (--fill-to)."""
    print(f"\nscale run on Neo4j ({machine()}), batch {batch}, offline embedder\n")
    print(
        "| facts | remember facts/s | one-UNWIND ceiling facts/s | ratio | "
        "recall p50 / p95 ms | one-query ceiling p50 / p95 ms | ratio p50 / p95 | "
        "slowest / median | first recall ms | as-of p50 / p95 ms | forget one episode ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size, w, fig, forget in rows:
        rate = w.claims / w.remember if w.remember else 0.0
        top = w.claims / w.ceiling if w.ceiling else 0.0
        print(
            f"| {size:,}{' (filled)' if size > grown_up_to else ''} | {rate:,.0f} | {top:,.0f} | "
            + (f"{rate / top:.0%}" if top else "—")
            + f" | {ms(fig['recall p50'])} / {ms(fig['recall p95'])} | "
            f"{ms(fig['ceiling p50'])} / {ms(fig['ceiling p95'])} | "
            f"{fig['recall p50'] / fig['ceiling p50']:.1f}× / "
            f"{fig['recall p95'] / fig['ceiling p95']:.1f}× | "
            f"{fig['recall max'] / fig['recall p50']:.1f}× | {ms(fig['first recall'])} | "
            f"{ms(fig['as-of p50'])} / {ms(fig['as-of p95'])} | {ms(forget)} |"
        )
    if len(rows) > 1:
        print(f"\nforget time, largest / smallest size: {rows[-1][3] / rows[0][3]:.2f}")
    _cpu_table(rows, batch)


def _cpu_table(rows: list[Figures], batch: int) -> None:
    """CPU a call beside the wall time, client (this process) + server: on a machine whose
    cores the two share, a call's wall time cannot fall below their sum over the cores."""
    print(f"\nCPU ms a call, client + server ({machine()}; — : not measured, no --server-pid)\n")
    print(
        "| facts | remember a batch of " + str(batch) + " | one-UNWIND ceiling a batch | "
        "recall | one-query ceiling |"
    )
    print("|---|---|---|---|---|")

    def cell(client: float, server: float | None) -> str:
        return f"{ms(client)} + {'—' if server is None else ms(server)}"

    for size, w, fig, _ in rows:
        writes = [
            cell(*meter.per_block()) if meter.blocks else "—"
            for meter in (w.remember_cpu, w.ceiling_cpu)
        ]
        reads = [
            cell(fig[f"{name} cpu client"], fig.get(f"{name} cpu server"))
            for name in ("recall", "ceiling")
        ]
        print(f"| {size:,} | " + " | ".join(writes + reads) + " |")


if __name__ == "__main__":
    main()
