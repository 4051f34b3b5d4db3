"""Several processes writing one embedded store folder, taking turns (issue 42: 8 writers, no
writer starved: the longest wait at most 10x the median).

Each of ``--processes`` real processes opens the folder with ``EmbeddedStore(path,
wait=...)``, remembers one message, closes, and does that ``--writes`` times. The wait of
a turn is the time its open spent in the lock (``graphmem.store.lock.acquire``), timed in
the child; the turn is the whole open-remember-close. Each child first writes once to a
folder of its own, so its lazy imports happen outside the lock. At the end every message
must be in the store. ``--retry`` shows what callers did before the queue: open with
``wait=0`` and retry on ``StoreLocked``.

    .venv/bin/python bench/writers.py [--processes 8] [--writes 16]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time

from _common import machine

_CHILD = """
import json, sys, time
import graphmem.store.embedded.store as store_module
from graphmem import Memory
from graphmem.store.embedded import EmbeddedStore

waits = []
acquire = store_module.acquire
def timed(folder, wait):
    began = time.perf_counter()
    try:
        return acquire(folder, wait)
    finally:
        waits.append(time.perf_counter() - began)
store_module.acquire = timed

from graphmem.errors import StoreLocked

folder, who, writes, queued = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "queue"


def opened():
    if queued:
        return EmbeddedStore(folder, wait=300)
    began = time.perf_counter()  # before the queue: a retry loop, as callers wrote one
    while True:
        try:
            store = EmbeddedStore(folder)
            break
        except StoreLocked:
            time.sleep(0.005)
    waits[-1] = time.perf_counter() - began
    return store


# A writer process has run before its first turn (what a service's worker is): its lazy
# imports and the gate's tables are built outside the lock, on a folder of its own.
import tempfile
with tempfile.TemporaryDirectory() as own:
    warm = Memory(store=EmbeddedStore(own))
    warm.remember("Warming up: the kettle is in box 0.", "warm")
    warm.recall("where is the kettle?", "warm")
    warm.close()
waits.clear()

turns = []
for i in range(writes):
    began = time.perf_counter()
    memory = Memory(store=opened())
    try:
        memory.remember(f"Writer {who} says note {i}: the kettle is in box {i}.", "writers")
    finally:
        memory.close()
    turns.append(time.perf_counter() - began)
print(json.dumps({"waits": waits, "turns": turns}))
"""

_COUNT = """
import sys
from graphmem import Memory
memory = Memory(sys.argv[1])
print(memory.stats("writers").get("Episode", 0))
memory.close()
"""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--writes", type=int, default=16)
    parser.add_argument(
        "--retry", action="store_true", help="no queue: open with wait=0 and retry on StoreLocked"
    )
    args = parser.parse_args(argv)
    mode = "retry" if args.retry else "queue"
    print(f"# bench/writers.py, {machine()}, {mode}")
    with tempfile.TemporaryDirectory(prefix="graphmem-writers-") as folder:
        began = time.perf_counter()
        children = [
            subprocess.Popen(
                [sys.executable, "-c", _CHILD, folder, str(n), str(args.writes), mode],
                stdout=subprocess.PIPE,
                text=True,
            )
            for n in range(args.processes)
        ]
        results = [json.loads(child.communicate()[0]) for child in children]
        wall = time.perf_counter() - began
        if any(child.returncode for child in children):
            sys.exit("a writer failed")
        stored = subprocess.run(
            [sys.executable, "-c", _COUNT, folder], capture_output=True, text=True, check=True
        ).stdout.strip()
    waits = sorted(w for r in results for w in r["waits"])
    turns = sorted(t for r in results for t in r["turns"])
    median = statistics.median(waits)
    worst = waits[-1]
    print(f"{args.processes} processes x {args.writes} writes in {wall:.1f} s; stored {stored}")
    print(
        f"wait for the lock: median {1000 * median:.0f} ms, p95 "
        f"{1000 * waits[int(0.95 * (len(waits) - 1))]:.0f} ms, max {1000 * worst:.0f} ms; "
        f"max / median {worst / median if median else float('inf'):.1f} (goal <= 10)"
    )
    print(
        f"turn (open, remember, close): median {1000 * statistics.median(turns):.0f} ms, "
        f"max {1000 * turns[-1]:.0f} ms"
    )
    per_writer = [max(r["waits"]) for r in results]
    print("longest wait per writer (ms):", " ".join(f"{1000 * w:.0f}" for w in per_writer))


if __name__ == "__main__":
    main()
