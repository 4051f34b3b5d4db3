"""Forget, then purge: what stays on disk, and what the purge costs, by store size.

For each size, on a launcher Neo4j of its own (a temporary home, a free port) and on an
embedded store: write N episodes, forget one episode, one entity and one namespace, scan
every file for the forgotten phrases, purge, scan again, and check that the live data
still answers. Prints per store and size: files holding forgotten text after forget and
after purge, the forget and purge wall times, and the live episodes after purge.

    .venv/bin/python bench/purge.py --sizes 200 2000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine, progress
from graphmem import Claim, Memory
from graphmem.lifecycle.residue import scan
from tests.neo4j_server import launch_private

GONE = [
    "Velvetine Oberkampf-Quasimodo swims at the Tarrowby Lido every single morning",
    "Hollingsworth-Vandermeer Shipbuilding Cooperative",
    "the allotment behind Cranleigh-Fotheringay Terrace grows purple asparagus",
]


def _fill(mem: Memory, size: int) -> float:
    """Write, then forget three ways; the forget wall time."""
    for i in range(size):
        mem.remember(f"Note {i}: the tram to depot {i % 37} was {i % 11} minutes late.", "bench")
    first = mem.remember(GONE[0], "bench")
    mem.define_predicate("works_for", cardinality="one", kind="fact")
    mem.remember([Claim("arlo", "works_for", GONE[1])], "bench")
    mem.remember(GONE[2], "bench-gone")
    assert first.episode_id is not None
    started = time.monotonic()
    mem.forget("bench", episode=first.episode_id)
    mem.forget("bench", entity=GONE[1])
    mem.forget("bench-gone", everything=True)
    return time.monotonic() - started


def _files(root: Path) -> int:
    return len({r.file for r in scan(root, GONE)})


def _row(store: str, size: int, mem: Memory, root: Path) -> str:
    forget_s = _fill(mem, size)
    before = _files(root)
    report = mem.purge(timeout=3600)
    after = _files(root)
    live = mem.stats("bench")["Episode"]
    return (
        f"{store:<9} {size:>6} {before:>13} {after:>12} "
        f"{forget_s:>9.2f} {report.seconds:>8.1f} {live:>6}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--stores", nargs="+", default=["embedded", "neo4j"])
    args = parser.parse_args()
    print(machine())
    print("store       size  files_forget  files_purge  forget_s  purge_s   live")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            if "embedded" in args.stores:
                progress(f"embedded {size}")
                folder = Path(tmp) / "store"
                with Memory(folder) as mem:
                    print(_row("embedded", size, mem, folder), flush=True)
            if "neo4j" in args.stores:
                progress(f"neo4j {size}")
                with launch_private(Path(tmp) / "neo4j-home") as server:
                    mem = Memory.neo4j(server.uri)
                    try:
                        print(_row("neo4j", size, mem, server.home), flush=True)
                    finally:
                        mem.close()


if __name__ == "__main__":
    main()
