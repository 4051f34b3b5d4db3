"""What ``remember`` costs on messages of odd shapes, and how that cost grows with their size.

Agents store what models and people write: a diagram drawn in spaces, a markdown table, a
log line of digits, a run of "!!!!", code. A pattern that tries every split of a run of
the same character costs the square (or the cube) of the run's length, and one such run
is enough to stall a write for minutes: BEAM holds an assistant's reply of 348 KB, most of
it a triangle drawn in spaces, which took minutes to read before the extractor took runs of
spaces as one (issue 39; docs/benchmarks-log.md).

Each shape is generated at ``--size`` characters and at twice that, and each is remembered
once into a fresh embedded store (offline extractor, every gate on). Printed: the wall
time of each and their ratio; a ratio near 2 is linear, near 4 quadratic.

    .venv/bin/python bench/odd_shapes.py                 # 30,000 and 60,000 characters
    .venv/bin/python bench/odd_shapes.py --size 100000 --shapes drawing,digits
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _common import machine

from graphmem import Memory


def _drawing(n: int) -> str:
    line = "   |" + " " * 250 + "\\\n"
    return ("I live in Lyon.\n" + line * 20) * (n // 5100 + 1)


# name -> text of about n characters; each opens with a statement worth reading.
SHAPES: dict[str, Callable[[int], str]] = {
    "drawing": _drawing,
    "bangs": lambda n: "I love it" + "!" * n,
    "commas": lambda n: "I live in Paris" + ", " * (n // 2),
    "ands": lambda n: "I like tea " + "and " * (n // 4),
    "dots": lambda n: "Note" + "." * n,
    "dashes": lambda n: "I work at Acme " + "-" * n,
    "one_word": lambda n: "x" * n,
    "newlines": lambda n: "I live in Rome" + "\n" * n,
    "tabs": lambda n: "I live in Oslo" + "\t" * n,
    "digits": lambda n: "My number is " + "1" * n,
    "spaced_digits": lambda n: "My code is " + "1 " * (n // 2),
    "equals": lambda n: "password" + "=" * n,
    "quotes": lambda n: "I said " + '"' * n,
    "emoji": lambda n: "I love 🎉" + "🎉" * (n // 2),
    "spaced_letters": lambda n: " ".join("a" * (n // 2)),
    "table": lambda n: "| a | b | c |\n|---|---|---|\n" * (n // 28),
    "code": lambda n: "    def f(x):\n        return x  # comment\n" * (n // 44),
    "colons": lambda n: "key" + ": " * (n // 2),
    "brackets": lambda n: "(" * (n // 2) + ")" * (n // 2),
    "hebrew": lambda n: "אני גר בתל אביב " * (n // 16),
}


def seconds(mem: Memory, text: str, namespace: str) -> float:
    started = time.perf_counter()
    mem.remember(text, namespace=namespace, source="user", session="s")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=30_000, help="characters (then twice that)")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="comma-separated names")
    args = parser.parse_args()
    names = [s.strip() for s in args.shapes.split(",") if s.strip()]
    unknown = sorted(set(names) - set(SHAPES))
    if unknown:
        parser.error(f"unknown shapes {unknown}: choose from {sorted(SHAPES)}")
    print(f"odd shapes — {machine()}; remember wall time, embedded store, offline extractor")
    print(f"{'shape':<15} {args.size:>9,} ch {2 * args.size:>9,} ch  ratio")
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="graphmem-odd-") as tmp:
        mem = Memory(Path(tmp) / "store")
        try:
            mem.remember("hello", namespace="warm", source="user")  # imports and models loaded
            for name in names:
                small = seconds(mem, SHAPES[name](args.size), f"{name}-1")
                large = seconds(mem, SHAPES[name](2 * args.size), f"{name}-2")
                ratio = large / max(small, 1e-3)
                worst = max(worst, ratio)
                print(f"{name:<15} {small:10.2f} s {large:10.2f} s  {ratio:5.1f}")
        finally:
            mem.close()
    print(f"largest ratio {worst:.1f} (2 is linear)")


if __name__ == "__main__":
    main()
