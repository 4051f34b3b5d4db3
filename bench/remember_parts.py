"""Where a Neo4j ``remember`` spends its time, beside the one-UNWIND ceiling of the same rows.

A fresh namespace is grown to ``--facts`` claims of ``recall_latency``'s world (as
``scale.py`` grows it), then ``--batches`` more batches are remembered with a timer around
each step of the write path, and after each batch its rows are written again by
``cypher/bench/write_ceiling`` into a namespace beside it (``scale.grow_beside_ceiling``).
Printed: each step's milliseconds a batch (the sum over its calls, divided by the batches;
indented steps run inside the step above them), the wall time and the client's CPU of a
``remember``, the ceiling's wall time, their ratio, and the time ``remember`` spends before
its transaction starts — the part the ceiling has no counterpart for.

    .venv/bin/python bench/remember_parts.py --uri bolt://127.0.0.1:7687 --facts 10000

Both namespaces are dropped at the end.
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from _common import DEFAULT_NEO4J, machine, progress
from recall_latency import START
from scale import grow_beside_ceiling, open_world, ticks

import graphmem.write.consolidate
import graphmem.write.remember
import graphmem.write.slots
from graphmem import Memory
from graphmem.store.neo4j import writes

TRANSACTION = "the transaction, its commit included"

# (depth, label, owner, attribute): the steps timed, in the order a write takes them.
STEPS: list[tuple[int, str, Any, str]] = [
    (0, "Memory.remember", Memory, "remember"),
    (1, "the claims' text (prepare)", graphmem.write.remember.WritePath, "prepare"),
    (
        1,
        "the slot read sent, versions waited for",
        graphmem.write.remember.WritePath,
        "_slots_ahead",
    ),
    (1, "the episode redacted", graphmem.write.remember, "redact"),
    (1, "the claims through the gate", graphmem.write.remember.WritePath, "_stage"),
    (1, "the episode's sensitivity and whom it is about", graphmem.write.remember, "read_from"),
    (1, "deciding", graphmem.write.remember.WritePath, "_decide_all"),
    (2, "waiting for the slot read", graphmem.write.slots.SlotRead, "result"),
    (2, "rule decisions", graphmem.write.remember, "decide_by_rules"),
    (2, "consolidation", graphmem.write.consolidate.Consolidator, "settle"),
    (1, "embedding", graphmem.write.remember, "embed_change"),
    (1, TRANSACTION, writes.Writes, "apply"),
    (2, "the statements sent and checked", writes, "_apply"),
    (3, "parameters converted", writes, "outgoing"),
]


@contextmanager
def timed_steps(totals: dict[str, list[float]]) -> Iterator[None]:
    """Wrap every step of :data:`STEPS` so that each call appends its seconds to
    ``totals[label]``; put the originals back on exit."""
    originals = [(owner, name, getattr(owner, name)) for _, _, owner, name in STEPS]
    for (_, label, owner, name), (_, _, inner) in zip(STEPS, originals, strict=True):
        setattr(owner, name, _timer(inner, totals[label]))
    try:
        yield
    finally:
        for owner, name, inner in originals:
            setattr(owner, name, inner)


def _timer(inner: Callable[..., Any], seconds: list[float]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            seconds.append(time.perf_counter() - started)

    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--facts", type=int, default=10_000, help="claims grown before timing")
    parser.add_argument("--batches", type=int, default=10, help="batches timed")
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--server-pid", type=int, default=None)
    args = parser.parse_args()

    mem, driver, world = open_world(args.uri)
    clock = ticks(START)
    run = uuid.uuid4().hex[:8]
    namespaces = (f"parts-{run}", f"parts-raw-{run}")
    totals: dict[str, list[float]] = defaultdict(list)
    try:
        progress(f"growing {namespaces[0]} to {args.facts} claims")
        grow_beside_ceiling(
            mem,
            driver,
            world,
            namespaces,
            args.facts,
            batch=args.batch,
            clock=clock,
            ceiling=False,
        )
        progress(f"timing {args.batches} batches of {args.batch}")
        walls: list[float] = []
        cpus: list[float] = []
        servers: list[float] = []
        ceilings: list[float] = []
        with timed_steps(totals):
            for _ in range(args.batches):
                one = grow_beside_ceiling(
                    mem,
                    driver,
                    world,
                    namespaces,
                    args.batch,
                    batch=args.batch,
                    clock=clock,
                    ceiling=True,
                    server_pid=args.server_pid,
                )
                walls.append(one.remember)
                cpus.append(one.remember_cpu.client)
                servers.append(one.remember_cpu.server)
                ceilings.append(one.ceiling)
    finally:
        for namespace in namespaces:
            mem.store.drop_namespace(namespace)
        driver.close()
        mem.close()

    batches = args.batches
    print(f"remember's parts on Neo4j at {args.facts:,} claims ({machine()}), batch {args.batch}\n")
    print("| step of a remember | ms a batch | calls a batch |\n|---|---|---|")
    for depth, label, _, _ in STEPS:
        seconds = totals[label]
        indent = "&nbsp;&nbsp;" * depth
        ms = sum(seconds) / batches * 1000
        print(f"| {indent}{label} | {ms:.1f} | {len(seconds) / batches:.0f} |")
    wall = statistics.median(walls) * 1000
    ceiling = statistics.median(ceilings) * 1000
    client = statistics.median(cpus) * 1000
    server = f", server {statistics.median(servers) * 1000:.0f}" if args.server_pid else ""
    print(
        f"\nmedian a batch: remember {wall:.0f} ms (CPU: client {client:.0f}{server} ms), the"
        f" one-UNWIND ceiling {ceiling:.0f} ms: {ceiling / wall:.0%} of its throughput."
    )
    # The budget from means, as the steps above are: what 60% leaves beside this transaction.
    transaction = sum(totals[TRANSACTION]) / batches * 1000
    before = sum(totals["Memory.remember"]) / batches * 1000 - transaction
    mean_ceiling = statistics.fmean(ceilings) * 1000
    print(
        f"mean a batch: remember before its transaction {before:.0f} ms, the transaction"
        f" {transaction:.0f} ms, the ceiling {mean_ceiling:.0f} ms; 60% of the ceiling's"
        f" throughput leaves {mean_ceiling / 0.6 - transaction:.0f} ms before this transaction."
    )


if __name__ == "__main__":
    main()
