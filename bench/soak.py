"""Many writers and a forgetter in separate processes on one slot: what survives the race.

Runs ``tests/racing.py``'s race (each writer a real OS process with its own Memory;
every value and every valid-from instant distinct, arrival order shuffled against valid
time, so back-dated writes are the norm) and prints, per round:

* writes acknowledged and errors (any error is a failure: WriteConflict is raised only
  after 50 lost attempts, and from the second attempt a writer holds the slot's lock);
* instants checked against the acknowledged claims replayed one by one into a fresh
  embedded store, instants with more than one value, instants that differ;
* forgotten values still found anywhere in the store's properties (residues);
* Memory.check() problems, and the wall time.

    .venv/bin/python bench/soak.py --store neo4j --uri bolt://127.0.0.1:7687
    .venv/bin/python bench/soak.py --store embedded --processes 8 --writes 64
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import DEFAULT_NEO4J, machine
from graphmem import Memory
from tests.racing import compare, expected, race


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", choices=["neo4j", "embedded"], default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--writes", type=int, default=64)
    parser.add_argument("--forgets", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"soak on the {args.store} store; {machine()}")
    print(
        f"{args.processes} writer processes x {args.writes} writes on one slot, "
        f"1 forgetter x {args.forgets} write+forget"
    )
    header = ("round", "acked", "errors", "forgot", "instants", "several", "differ", "residue")
    print(" ".join(f"{h:>8}" for h in (*header, "problems", "s")))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for round_no in range(args.rounds):
            folder = Path(tmp) / f"store{round_no}"
            store = f"neo4j:{args.uri}" if args.store == "neo4j" else f"embedded:{folder}"
            namespace = f"soak-{uuid.uuid4().hex[:8]}"
            outcome = race(
                store,
                namespace,
                args.processes,
                args.writes,
                forgets=args.forgets,
                seed=round_no,
            )
            raced = Memory.neo4j(args.uri) if args.store == "neo4j" else Memory(folder)
            with raced, expected(outcome, Path(tmp) / f"replay{round_no}") as replay:
                found = compare(raced, namespace, replay, outcome)
                residue = sum(
                    bool(raced.store.find_text(namespace, str(r["value"])))
                    for r in outcome.forgotten
                )
                problems = len(raced.check(namespace).problems)
            row = (
                round_no,
                len(outcome.acknowledged),
                len(outcome.errors),
                len(outcome.forgotten),
                found.instants,
                len(found.several),
                len(found.differ),
                residue,
                problems,
            )
            print(" ".join(f"{v:>8}" for v in row), f"{outcome.seconds:>8.1f}")
            for error in outcome.errors[:3]:
                print("  error:", error)
            failed += bool(outcome.errors or found.several or found.differ or residue or problems)
    print("PASS" if not failed else f"FAIL in {failed} round(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
