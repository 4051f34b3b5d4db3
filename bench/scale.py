"""The scale run: graphmem on Neo4j at 10,000, 100,000 and 1,000,000 facts.

One synthetic namespace grows size by size (the world of ``recall_latency.py``:
people, cities, companies, preferences; one- and many-valued predicates), with
the offline hashing embedder and no model. At each size it reports:

* ingest throughput through ``Memory.remember`` (gate, batched slot reads,
  rule decisions, one transaction a batch) for the facts added since the last
  size, and — as the ceiling — raw batched writes of the same kind of nodes
  (``store.apply`` of prepared change sets, no reads, no decisions) into a
  second namespace, in the same run;
* recall latency p50/p95 (the query's embedding time apart);
* as-of query latency p50/p95 (``facts(subject, at, known_at)``);
* the time to forget one episode (a move that superseded an earlier value, so
  forgetting it restores that value): the ratio between sizes shows whether
  forgetting stays proportional to the affected neighbourhood.

    .venv/bin/python bench/scale.py                       # 10k, 100k, 1M
    .venv/bin/python bench/scale.py --sizes 10000,100000  # quicker
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta

from _common import DEFAULT_NEO4J, Stopwatch, machine, ms, percentile, progress
from recall_latency import START, World, define_predicates, grow, person

from graphmem import Claim, Memory
from graphmem.consolidate import Consolidator
from graphmem.decide import Proposal
from graphmem.model import Authority, Cardinality, Kind, Status, canonical_json, entity_key
from graphmem.records import new_id
from graphmem.store.base import ChangeSet
from graphmem.store.rows import slot_key
from graphmem.temporal import END_OF_TIME


def ticks(start: datetime) -> Iterator[datetime]:
    moment = start
    while True:
        yield moment
        moment += timedelta(minutes=7)


def raw_batch(mem: Memory, namespace: str, claims: list[Claim], at: datetime) -> ChangeSet:
    """The nodes ``remember`` would write for these claims, prepared without reading."""
    change = ChangeSet(namespace=namespace)
    episode = new_id("ep")
    change.episodes.append(
        {
            "id": episode,
            "content": " ; ".join(f"{c.subject} {c.predicate} {c.object}" for c in claims),
            "source": "user",
            "authority": "user",
            "occurred_at": at,
            "recorded_at": at,
            "redactions": 0,
        }
    )
    consolidator = Consolidator(change, episode, at)
    for claim in claims:
        subject = entity_key(claim.subject)
        text = str(claim.object)
        consolidator.add(
            Proposal(
                subject=claim.subject,
                subject_key=subject,
                predicate=claim.predicate,
                object_json=canonical_json(claim.object),
                object_text=text,
                object_key=entity_key(text),
                kind=Kind.FACT,
                scope="global",
                slot=slot_key(subject, claim.predicate, "global"),
                cardinality=Cardinality.MANY,
                authority=Authority.USER,
                status=Status.ACTIVE,
                confidence=1.0,
                valid_from=at,
                valid_until=END_OF_TIME,
                negated=False,
                quote=None,
            ),
            "raw",
        )
    texts = {row["id"]: row["search_text"] for row in change.facts}
    texts[episode] = change.episodes[0]["content"]
    change.embeddings.update(zip(texts, mem.embedder.embed(list(texts.values())), strict=True))
    return change


def ceiling(mem: Memory, world: World, namespace: str, n: int, batch: int) -> float:
    """Facts a second through raw batched writes of n facts."""
    clock = ticks(START)
    started = time.perf_counter()
    written = 0
    while written < n:
        claims = world.claims(min(batch, n - written))
        mem.store.apply(raw_batch(mem, namespace, claims, next(clock)))
        written += len(claims)
    return n / (time.perf_counter() - started)


def latencies(mem: Memory, world: World, namespace: str, queries: int) -> dict[str, float]:
    rng = random.Random(11)
    recall, embed, as_of = Stopwatch(), Stopwatch(), Stopwatch()
    for question in world.questions(queries):
        with embed.time():
            mem.embedder.embed([question])
        with recall.time():
            mem.recall(question, namespace=namespace, k=10)
    span = (datetime.now(START.tzinfo) - START).total_seconds()
    for _ in range(queries):
        subject = person(rng.randrange(world.people()))
        at = START + timedelta(seconds=rng.uniform(0, span))
        with as_of.time():
            mem.facts(namespace, subject=subject, at=at, known_at=at + timedelta(days=30))
    return {
        "recall p50": percentile(recall.samples, 50),
        "recall p95": percentile(recall.samples, 95),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--no-ceiling", action="store_true")
    parser.add_argument(
        "--ceiling-up-to",
        type=int,
        default=100_000,
        help="measure raw writes only up to this size (they double the data)",
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    run = uuid.uuid4().hex[:8]
    grown, raw = f"scale-{run}", f"scale-raw-{run}"
    mem = Memory.neo4j(args.uri)
    define_predicates(mem)
    world, raw_world = World(random.Random(1)), World(random.Random(2))
    clock = ticks(START)
    rows = []
    have = 0
    try:
        for size in sizes:
            progress(f"growing {grown} to {size} facts")
            ingest = grow(mem, world, grown, size - have, batch=args.batch, clock=clock)
            top = 0.0
            if not args.no_ceiling and size <= args.ceiling_up_to:
                progress(f"raw batched writes of {size - have} facts into {raw}")
                top = ceiling(mem, raw_world, raw, size - have, args.batch)
            have = size
            progress(f"measuring at {size} facts")
            figures = latencies(mem, world, grown, args.queries)
            forget = forget_one(mem, world, grown, next(clock))
            rows.append((size, ingest.claims / ingest.seconds, top, figures, forget))
            progress(
                f"  at {size}: remember {rows[-1][1]:.0f} facts/s, raw {top:.0f} facts/s, "
                f"{ {k: ms(v) for k, v in figures.items()} }, forget {ms(forget)} ms"
            )
    finally:
        try:
            for namespace in (grown, raw):
                mem.store.drop_namespace(namespace)
        except Exception as exc:  # housekeeping must not hide the figures
            progress(f"warning: could not drop {grown}, {raw}: {exc}")
        mem.close()
    print(f"\nscale run on Neo4j ({machine()}), batch {args.batch}, offline embedder\n")
    print(
        "| facts | remember facts/s | raw writes facts/s | recall p50 / p95 ms | "
        "embed p50 ms | as-of p50 / p95 ms | forget one episode ms |"
    )
    print("|---|---|---|---|---|---|---|")
    for size, rate, top, fig, forget in rows:
        print(
            f"| {size:,} | {rate:,.0f} | {top:,.0f} | {ms(fig['recall p50'])} / "
            f"{ms(fig['recall p95'])} | {ms(fig['embed p50'])} | {ms(fig['as-of p50'])} / "
            f"{ms(fig['as-of p95'])} | {ms(forget)} |"
        )
    if len(rows) > 1:
        print(f"\nforget time, largest / smallest size: {rows[-1][4] / rows[0][4]:.2f}")


if __name__ == "__main__":
    main()
