"""Forgetting a person by name at two sizes of namespace (issue 42: forget by entity at 100k ≤
10× forget at 1k): does its cost follow what it forgets, or the namespace's size?

Each namespace is grown through ``Memory.remember`` to ``n`` messages of everyday talk, each
naming someone from a pool of a few hundred people; two more people are each named in three
messages only. One of them is forgotten the way graphmem forgets a name
(``GraphStore.naming``: on Neo4j the full-text indexes, then the records they find), the
other with the namespace-wide scan it replaces (``find_text``, kept for audits), and both
forgets are timed. The printed ratio, largest size over smallest, is what the goal reads.

    .venv/bin/python bench/forget_by_name.py --store neo4j --sizes 1000,10000
    .venv/bin/python bench/forget_by_name.py --store embedded --sizes 1000,10000
"""

from __future__ import annotations

import argparse
import random
import time
import uuid
from datetime import UTC, datetime, timedelta

from _common import DEFAULT_NEO4J, machine, open_memory, progress

from graphmem import Memory
from graphmem.store.base import named_in

FIRST = ["Ana", "Ben", "Chen", "Dara", "Eli", "Fatima", "Goran", "Hana", "Ivo", "Jun", "Kofi"]
LAST = ["Reyes", "Novak", "Haddad", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Silva", "Weber"]
SAID = [
    "Had lunch with {p} near the station, the soup was great.",
    "{p} sent the slides for Thursday, I still need to read them.",
    "Remind me that {p} prefers calls after 10.",
    "Played tennis with {p} this morning, lost two sets.",
    "{p} recommended a bakery on the corner of the market square.",
]
TARGETS = ("Ostrowska", "Kowalczyk")  # each named in three messages only


def grow(mem: Memory, ns: str, n: int, seed: int) -> None:
    rng = random.Random(seed)
    people = [f"{f} {last}" for f in FIRST for last in LAST]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    marked = {rng.randrange(n): name for name in TARGETS for _ in range(3)}
    for i in range(n):
        person = marked.get(i) or rng.choice(people)
        text = rng.choice(SAID).format(p=person)
        mem.remember(text, ns, at=start + timedelta(minutes=i))
        if i and i % 2000 == 0:
            progress(f"  {ns}: {i} of {n}")


def timed_forget(mem: Memory, ns: str, name: str) -> float:
    began = time.perf_counter()
    mem.forget(ns, entity=name)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="neo4j")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--sizes", default="1000,10000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"# bench/forget_by_name.py, {machine()}, store {args.store}")
    rows = []
    with open_memory(args.store, uri=args.uri) as mem:
        store = mem.store
        indexed = store.naming
        for n in sizes:
            ns = f"forget-name-{n}-{uuid.uuid4().hex[:6]}"
            progress(f"growing {ns} to {n} messages ...")
            grow(mem, ns, n, seed=n)
            new = timed_forget(mem, ns, TARGETS[0])
            # The scan it replaces: every property of the namespace, then the same filter.
            store.naming = lambda namespace, name: [  # type: ignore[method-assign]
                r for r in store.find_text(namespace, name) if named_in(r)
            ]
            try:
                old = timed_forget(mem, ns, TARGETS[1])
            finally:
                store.naming = indexed  # type: ignore[method-assign]
            gone = [t for t in TARGETS if store.find_text(ns, t)]
            rows.append((n, new, old, gone))
            if args.store == "neo4j":
                mem.forget(ns, everything=True)
    print(f"{'messages':>9} {'forget by name ms':>18} {'with the scan ms':>17}  left behind")
    for n, new, old, gone in rows:
        print(f"{n:>9} {1000 * new:>18.1f} {1000 * old:>17.1f}  {gone or 'nothing'}")
    if len(rows) > 1:
        print(
            f"largest / smallest: {rows[-1][1] / rows[0][1]:.2f} by name, "
            f"{rows[-1][2] / rows[0][2]:.2f} with the scan (sizes {rows[-1][0] / rows[0][0]:.0f}x)"
        )


if __name__ == "__main__":
    main()
