"""Damage and kills on the embedded store's database: what is refused, what is lost,
what remains on disk.

* **flips**: one byte of ``store.db`` (a store written by ~50 calls: episodes, facts,
  supersessions, feedback, forgets) changed at random positions and at the start of
  every page and of the header, with a random non-zero XOR; then the store is opened.
  Counted: refused with ``StoreCorrupt`` naming ``store.db`` (the file left as it
  was), opened with every acknowledged write, and violations (silent loss or
  change; must be 0).
* **kills during forget**: a real process writes an episode with a unique marker and
  forgets it; SIGKILL before each step of the forget's transaction and of the erasure
  after it, and after random delays. The folder is reopened and every file
  byte-scanned for the marker. Residues after a committed forget and half-forgotten
  episodes must be 0.

    .venv/bin/python bench/store_faults.py                  # ~2 minutes on 2 cores
    .venv/bin/python bench/store_faults.py --flips 1000 --kills 30
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine
from tests.store_faults import KILL_POINTS, build, flip, kill_forget, positions, seed_store


def flips(tmp: Path, count: int, seed: int) -> int:
    built = build(tmp / "built")
    rng = random.Random(seed)
    picked = positions(built, count, seed)
    outcomes = Counter()
    bad = []
    for pos in picked:
        result = flip(built, tmp, pos, rng.randrange(1, 256))
        outcomes[result.outcome] += 1
        if result.outcome.startswith("VIOLATION"):
            bad.append(result)
    print(f"flips: {len(picked)} positions in a {len(built.database):,}-byte store.db")
    for outcome, n in sorted(outcomes.items()):
        print(f"  {outcome}: {n}")
    for result in bad[:10]:
        print(f"  {result}")
    return len(bad)


def kills(tmp: Path, random_kills: int, seed: int) -> int:
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    residues = 0
    trials = [(point, None) for point in KILL_POINTS]
    trials += [(("", 0), rng.uniform(0.0, 0.6)) for _ in range(random_kills)]
    for n, (point, delay) in enumerate(trials):
        folder = tmp / f"k{n}"
        seed_store(folder)
        if delay is None:
            kill = kill_forget(folder, kill_before=point)
        else:
            kill = kill_forget(folder, delay=delay)
        outcomes[kill.outcome] += 1
        residues += int(kill.forgot and kill.residue)
    print(f"kills during forget: {len(trials)}")
    for outcome, n in sorted(outcomes.items()):
        print(f"  {outcome}: {n}")
    print(f"  residue after an acknowledged forget: {residues}")
    return sum(n for o, n in outcomes.items() if o.startswith("VIOLATION")) + residues


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--flips", type=int, default=300)
    parser.add_argument("--kills", type=int, default=10, help="random-delay kills")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("flips", "kills"), default=None)
    args = parser.parse_args()
    print(f"embedded store faults ({machine()})\n")
    started = time.perf_counter()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="graphmem-faults-") as scratch:
        tmp = Path(scratch)
        if args.only in (None, "flips"):
            failures += flips(tmp, args.flips, args.seed)
        if args.only in (None, "kills"):
            failures += kills(tmp, args.kills, args.seed)
    print(f"\n{failures} violations, {time.perf_counter() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
