"""Neo4j from a fresh database: how long opening it (graphmem's schema and indexes created)
and its first ``remember`` take together, and what every later ``remember`` of one message
costs (issue 42: ≤ 5 s together, ≤ 100 ms each after).

The server starts with the JVM's AOT cache when ``tools/neo4j/neo4j-local train`` has made
one (the header says which; ``GRAPHMEM_NEO4J_AOT=0`` starts it without). A private server is
started for the run with ``tools/neo4j/neo4j-local`` in a scratch home
on a free port (its own empty database; the server's start is timed apart and not counted:
a deployment starts its server once), and stopped after. Each round opens a fresh
``graphmem`` process so that nothing is warm in Python either: the process opens
``Memory.neo4j`` on the server, remembers one message and exits; the first round meets an
empty database, the later ones a database whose schema exists (what every restart of an
application meets).

    .venv/bin/python bench/neo4j_cold_start.py [--later 30]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import machine

REPO = Path(__file__).resolve().parent.parent
LOCAL = REPO / "tools" / "neo4j" / "neo4j-local"
PYTHON = sys.executable

# One process: open, remember once, then `later` more remembers, each timed.
_CHILD = """
import sys, time
t0 = time.perf_counter()
from graphmem import Memory
from graphmem.store.neo4j import Neo4jStore
mem = Memory(store=Neo4jStore(sys.argv[1], plan_ahead=sys.argv[3] == "plan"))
t1 = time.perf_counter()
mem.remember("I live in Lisbon and work at Acme.", "cold-start")
t2 = time.perf_counter()
later = []
for i in range(int(sys.argv[2])):
    t = time.perf_counter()
    text = f"Message {i}: I booked a table for {i % 7 + 2} at the harbour place."
    mem.remember(text, "cold-start")
    later.append(time.perf_counter() - t)
mem.close()
print(t1 - t0, t2 - t1, *later)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_child(uri: str, later: int, plan: bool) -> list[float]:
    env = {**os.environ}
    env.pop("NEO4J_URI", None)
    out = subprocess.run(
        [PYTHON, "-c", _CHILD, uri, str(later), "plan" if plan else "no"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return [float(x) for x in out.stdout.split()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--later", type=int, default=30, help="remembers timed after the first")
    parser.add_argument("--restarts", type=int, default=3, help="processes after the first")
    parser.add_argument(
        "--no-plan-ahead",
        action="store_true",
        help="open the store without planning recall's statements in the background",
    )
    args = parser.parse_args(argv)
    planning = "without" if args.no_plan_ahead else "with"
    print(f"# bench/neo4j_cold_start.py, {machine()}, {planning} recall planned ahead")
    with tempfile.TemporaryDirectory(prefix="graphmem-cold-") as home:
        port = free_port()
        env = {**os.environ, "GRAPHMEM_NEO4J_HOME": home, "GRAPHMEM_NEO4J_PORT": str(port)}
        began = time.perf_counter()
        started = subprocess.run(
            ["bash", str(LOCAL), "start"], env=env, check=True, capture_output=True, text=True
        )
        server = time.perf_counter() - began
        # `neo4j-local train` made one; GRAPHMEM_NEO4J_AOT=0 starts without it.
        warm = "with" if ", AOT cache" in started.stdout else "without"
        print(f"# server started {warm} an AOT cache (tools/neo4j/neo4j-local train)")
        try:
            uri = f"bolt://127.0.0.1:{port}"
            plan = not args.no_plan_ahead
            first = run_child(uri, args.later, plan)
            again = [run_child(uri, 0, plan) for _ in range(args.restarts)]
        finally:
            subprocess.run(["bash", str(LOCAL), "stop"], check=False, env=env, capture_output=True)
    opened, remembered, later = first[0], first[1], first[2:]
    print(f"server start (not counted)                     {server:8.2f} s")
    print(f"fresh database: open (schema, indexes)         {opened:8.2f} s")
    print(f"fresh database: first remember                 {remembered:8.2f} s")
    print(f"fresh database: open + first remember          {opened + remembered:8.2f} s (goal 5)")
    if later:
        p50 = statistics.median(later)
        p95 = sorted(later)[int(0.95 * (len(later) - 1))]
        print(
            f"later remember of one message, p50 / p95      {1000 * p50:8.1f} / "
            f"{1000 * p95:.1f} ms (goal 100, {len(later)} messages)"
        )
    for i, (o, r) in enumerate(again, 1):
        print(f"restart {i}: open + first remember              {o + r:8.2f} s ({o:.2f} + {r:.2f})")


if __name__ == "__main__":
    main()
