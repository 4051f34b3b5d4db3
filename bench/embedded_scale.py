"""The embedded store at 10,000 and 100,000 facts: recall, reopen, memory per fact.

One store folder grows size by size with the synthetic world of
``recall_latency.py`` (offline hashing embedder, no model). At each size it
reports recall p50/p95 (k=10, the query's embedding time apart), then closes
the store and reopens the folder in a fresh process, which reports the time
``Memory(path)`` takes plus its first recall, and the resident memory the open
store holds (RSS after the open minus RSS before, divided by Fact nodes; the
RSS counts the graph, the columns and the indexes, native ones included). It also
times ``close()`` right after the build, and, on the reopened store, the forget
of one episode (one message remembered just before) and the ``close()`` after it.

    .venv/bin/python bench/embedded_scale.py                        # 10k, 100k in a temp dir
    .venv/bin/python bench/embedded_scale.py --dir /tmp/s --sizes 100000 --keep
    .venv/bin/python bench/embedded_scale.py --dir /tmp/s --measure-only   # reuse a folder

``--dir`` with ``--keep`` leaves the folder, so another build of graphmem can be
measured on the same data with ``--measure-only``: given the options the folder was built
with (``--sizes``, ``--seed``, ``--batch``, ``--queries``), it grows the same world again
without writing, and so asks the questions the build asked at its last size.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from _common import machine, ms, percentile, progress
from recall_latency import START, World, clock_from, define_predicates, grow

from graphmem import Memory

NAMESPACE = "bench-embedded-scale"


def rss_bytes() -> int:
    """Resident set size of this process, from /proc (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    import os

    return pages * os.sysconf("SC_PAGE_SIZE")


def recall_figures(mem: Memory, world: World, queries: int) -> dict[str, float]:
    questions = world.questions(queries + 10)
    for q in questions[:10]:
        mem.recall(q, namespace=NAMESPACE, k=10)
    samples = []
    for q in questions[10:]:
        start = time.perf_counter()
        mem.embedder.embed([q])
        middle = time.perf_counter()
        mem.recall(q, namespace=NAMESPACE, k=10)
        end = time.perf_counter()
        samples.append(max((end - middle) - (middle - start), 0.0))
    return {"p50": percentile(samples, 50), "p95": percentile(samples, 95)}


def reopen(folder: Path) -> dict[str, float]:
    """Open ``folder`` in a fresh process: seconds to open and answer, and RSS held."""
    before = rss_bytes()
    started = time.perf_counter()
    mem = Memory(folder)
    opened = time.perf_counter() - started
    mem.recall("Where does Maya Okafor 3 work?", namespace=NAMESPACE, k=10)
    answered = time.perf_counter() - started
    held = rss_bytes() - before
    facts = mem.stats(NAMESPACE)["Fact"]
    mem.close()
    return {"open": opened, "first recall": answered, "rss": held, "facts": facts}


def reopen_elsewhere(folder: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--reopen-child", str(folder)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


FORGETS = 5  # episodes forgotten one by one: the first after an open, and the ones after it


def forget_and_close(mem: Memory, clock: Iterator[datetime]) -> dict[str, float]:
    """Seconds to forget one episode (remembered just before), :data:`FORGETS` times: the
    first and the median; then to close."""
    took, said_in = [], []
    for n in range(FORGETS):
        started = time.perf_counter()
        said = mem.remember(
            f"Maya Okafor {3 + n} moved to Lisbon last spring.", namespace=NAMESPACE, at=next(clock)
        )
        said_in.append(time.perf_counter() - started)
        started = time.perf_counter()
        mem.forget(NAMESPACE, episode=said.episode_id)
        took.append(time.perf_counter() - started)
    started = time.perf_counter()
    mem.close()
    closed = time.perf_counter() - started
    return {
        "forget": took[0],
        "forget p50": statistics.median(took),
        "remember p50": statistics.median(said_in),
        "close": closed,
    }


def regrow(world: World, clock: Iterator[datetime], have: int, size: int, batch: int) -> None:
    """The world a build grew from ``have`` to ``size`` claims, grown again without writing:
    the questions it then asks are those the build asked (a fresh world asks of people the
    folder does not hold)."""
    for done in range(have, size, batch):
        world.claims(min(batch, size - done))
        next(clock)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--dir", type=Path, default=None, help="store folder (default: temp)")
    parser.add_argument("--keep", action="store_true", help="leave the folder")
    parser.add_argument("--measure-only", action="store_true", help="do not grow --dir")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reopen-child", type=Path, default=None, help=argparse.SUPPRESS)
    return parser


def main() -> int:
    args = _parser().parse_args()
    if args.reopen_child is not None:
        print(json.dumps(reopen(args.reopen_child)))
        return 0
    sizes = sorted(int(s) for s in args.sizes.split(","))
    temp = None
    if args.dir is None:
        temp = tempfile.TemporaryDirectory(prefix="graphmem-scale-")
        args.dir = Path(temp.name) / "store"
    rows = []
    closed = float("nan")
    world = World(random.Random(args.seed))
    clock = clock_from(START)
    have = 0
    for size in sizes:
        if args.measure_only:
            regrow(world, clock, have, size, args.batch)
            have = size
            if size != sizes[-1]:
                world.questions(args.queries + 10)  # what the build asked at this size
                for _ in range(FORGETS):  # and the forgets' messages
                    next(clock)
                continue
        else:
            mem = Memory(args.dir)
            define_predicates(mem)
            progress(f"growing to {size} claims")
            grow(mem, world, NAMESPACE, size - have, batch=args.batch, clock=clock)
            have = size
            started = time.perf_counter()
            mem.close()
            closed = time.perf_counter() - started
        progress(f"reopening at {size} claims")
        opened = reopen_elsewhere(args.dir)
        mem = Memory(args.dir)
        define_predicates(mem)
        progress(f"recall at {size} claims")
        recall = recall_figures(mem, world, args.queries)
        recall.update(forget_and_close(mem, clock))
        recall["close after build"] = closed if not args.measure_only else float("nan")
        size_on_disk = sum(p.stat().st_size for p in args.dir.rglob("*") if p.is_file())
        rows.append((size, opened, recall, size_on_disk))
        progress(f"  {size}: {opened}, {recall}")
    print(f"\nembedded store ({machine()}), offline embedder, batch {args.batch}\n")
    print(
        "| claims | Fact nodes | recall p50 / p95 ms | reopen s (open + first recall) | "
        "RSS per fact | folder MB | forget 1 episode ms (first, p50 of "
        f"{FORGETS}) | remember 1 message ms (p50 of {FORGETS}) | close after build s | close s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size, opened, recall, disk in rows:
        print(
            f"| {f'{size:,} as found' if args.measure_only else f'{size:,}'} | "
            f"{int(opened['facts']):,} | "
            f"{ms(recall['p50'])} / {ms(recall['p95'])} | "
            f"{opened['open']:.1f} ({opened['first recall']:.1f}) | "
            f"{opened['rss'] / max(opened['facts'], 1) / 1024:.1f} KB | {disk / 1e6:.0f} | "
            f"{ms(recall['forget'])}, {ms(recall['forget p50'])} | {ms(recall['remember p50'])} | "
            f"{recall['close after build']:.2f} | {recall['close']:.2f} |"
        )
    if temp is not None and not args.keep:
        temp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
