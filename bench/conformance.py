"""The property-based conformance suite with a larger budget: stores vs the reference model.

Generates random histories (``tests/conformance.py``: statements with random valid times
in random arrival order, one- and many-valued slots, scopes, windows, ends, corrections,
events, external and inferred sources, forget by episode/fact/entity, confirm/reject),
replays each on a real store through the public API and on ``tests/reference_model.py``,
and compares every answer at every boundary instant (exact starts and ends, one
microsecond either side), on both axes, plus histories and ``Memory.check``. Prints how
many sequences, operations and questions it checked; any disagreement stops the run with
hypothesis's shrunk counterexample.

    .venv/bin/python bench/conformance.py --examples 1000
    .venv/bin/python bench/conformance.py --store neo4j --uri bolt://127.0.0.1:7687 --examples 200
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import DEFAULT_NEO4J, machine
from graphmem import Memory
from tests.conformance import check_sequence, operations
from tests.stores import Clock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", choices=["neo4j", "embedded"], default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--max-ops", type=int, default=20)
    args = parser.parse_args(argv)
    counts = {"sequences": 0, "operations": 0, "questions": 0}
    clock = Clock()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        memory = Memory.neo4j(args.uri, clock=clock) if args.store == "neo4j" else None
        memory = memory or Memory(Path(tmp) / "store", clock=clock)

        @settings(
            max_examples=args.examples,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        @given(operations(max_size=args.max_ops))
        def check(ops: list[dict]) -> None:
            counts["questions"] += check_sequence(memory, clock, ops)
            counts["sequences"] += 1
            counts["operations"] += len(ops)

        with memory:
            check()
    print(f"conformance on the {args.store} store; {machine()}")
    print(
        f"{counts['sequences']} sequences, {counts['operations']} operations, "
        f"{counts['questions']} questions compared with the reference model: all agree "
        f"({time.monotonic() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
