"""Damage and kills on the embedded store's files: what is refused, what is lost,
what remains on disk.

* **flips**: one byte of a ~50-record journal (episode writes, fact writes,
  supersessions, feedback, forgets) changed at every record's sequence number,
  checksum, a body byte, its last body byte and its newline, plus random positions,
  with a random non-zero XOR; then the store is opened. Counted: refused with
  ``StoreCorrupt`` (files unchanged, offset named), opened with every record,
  dropped the last record (only a torn tail may go), and silent losses / other
  violations (must be 0).
* **cuts**: the journal cut at every record boundary and inside every record.
* **repairs**: the same kind of flips, then ``graphmem repair``. Counted: intact
  records not kept (a record whose header or line ending was hit is intact: its
  content is unchanged), salvaged stores that differ from the oracle — the same
  calls replayed without the ones whose records were lost — and salvaged stores
  ``check`` finds a problem in (all three must be 0).
* **sealed files**: bytes of ``snapshot.json`` and ``keys.json`` changed.
* **kills during forget**: a real process writes an episode with a unique marker and
  forgets it; SIGKILL at each fsync of the forget and after random delays. The folder
  is reopened and every file byte-scanned for the marker. Residues after an
  acknowledged forget and half-forgotten episodes must be 0.

    .venv/bin/python bench/journal_faults.py                 # ~3 minutes on 2 cores
    .venv/bin/python bench/journal_faults.py --kills 30 --extra-flips 300
    .venv/bin/python bench/journal_faults.py --only repairs --repair-flips 300
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
from graphmem import Claim, Memory, StoreCorrupt
from tests.store_faults import (
    NS,
    Built,
    Kill,
    boundaries,
    build,
    flip,
    kill_forget,
    opened_state,
    positions,
    repaired,
    seed_store,
    trial,
)


def flips(tmp: Path, extra: int, seed: int) -> int:
    built = build(tmp / "built")
    picked = positions(built, extra, seed)
    rng = random.Random(seed)
    outcomes = Counter(flip(built, tmp, pos, rng.randrange(1, 256)).outcome for pos in picked)
    records = len(built.after) - 1
    print(f"\njournal flips: {len(picked)} trials on {records} records, {len(built.journal)} bytes")
    for outcome, count in sorted(outcomes.items()):
        print(f"  {outcome:<40} {count:>5}")
    refused = outcomes["refused"]
    silent = outcomes["VIOLATION: silent loss"]
    print(f"  StoreCorrupt {refused}, silent losses {silent}")
    bad = sum(n for o, n in outcomes.items() if o.startswith("VIOLATION"))
    return bad + cuts(built, tmp)


def cuts(built: Built, tmp: Path) -> int:
    edges = boundaries(built.journal)
    rng = random.Random(1)
    trials = bad = 0
    for count in range(1, len(edges)):
        start, end = edges[count - 1], edges[count]
        for at, want in ((end, count), (rng.randrange(start + 1, end), count - 1)):
            trials += 1
            if opened_state(trial(built, tmp, built.journal[:at])) != built.after[want]:
                bad += 1
    print(f"\njournal cuts: {trials} trials (every boundary, and inside every record)")
    print(f"  lost an acknowledged record before the cut: {bad}")
    return bad


def repairs(tmp: Path, count: int, seed: int) -> int:
    built = build(tmp / "repair-built")
    edges = boundaries(built.journal)
    rng = random.Random(seed)
    # Every record's header, body and line ending once, then random positions.
    picked = sorted(positions(built, 0, seed))
    picked = rng.sample(picked, min(count, len(picked)))
    while len(picked) < count:
        picked.append(rng.randrange(len(built.journal)))
    oracle: dict[frozenset[int], tuple[object, ...]] = {}
    results = [repaired(built, tmp, at, rng.randrange(1, 256), oracle) for at in picked]
    records = len(edges) - 1
    lost = [r for r in results if r.lost_intact]
    wrong = [r for r in results if not r.matches]
    flawed = [r for r in results if r.problems]
    print(f"\nrepairs: {len(results)} flips on {records} records, each repaired into a new store")
    hit = sum(bool(r.damaged) for r in results)
    rows = [
        ("flips that hit a record's content (it is lost)", hit),
        ("flips in a header or line ending (content intact)", len(results) - hit),
        ("repairs that kept a record in part", sum(bool(r.partial) for r in results)),
        ("intact records not kept", sum(len(r.lost_intact) for r in results)),
        ("salvaged stores unlike the oracle replay", len(wrong)),
        ("salvaged stores check() finds problems in", len(flawed)),
    ]
    for label, n in rows:
        print(f"  {label:<52} {n:>5}")
    for r in (lost + wrong + flawed)[:5]:
        print(
            f"    e.g. byte {r.position}: lost {r.lost_intact[:5]}, {r.matches}, {r.problems[:3]}"
        )
    return sum(len(r.lost_intact) for r in results) + len(wrong) + len(flawed)


def sealed(tmp: Path, per_file: int, seed: int) -> int:
    folder = tmp / "sealed"
    with Memory(folder) as mem:
        for i in range(20):
            gone = mem.remember([Claim("maya", "likes", f"thing {i}")], namespace=NS)
        mem.forget(NS, episode=gone.episode_id)
    rng = random.Random(seed)
    print(f"\nsealed files: {per_file} flips each")
    bad = 0
    for name in ("snapshot.json", "keys.json"):
        pristine = (folder / name).read_bytes()
        refused = 0
        for _ in range(per_file):
            damaged = bytearray(pristine)
            damaged[rng.randrange(len(damaged))] ^= rng.randrange(1, 256)
            (folder / name).write_bytes(bytes(damaged))
            try:
                Memory(folder).close()
            except StoreCorrupt as exc:
                named = name in str(exc)
                unchanged = (folder / name).read_bytes() == bytes(damaged)
                refused += 1
                bad += not (named and unchanged)
            else:
                bad += 1
            (folder / name).write_bytes(pristine)
        print(f"  {name:<14} {len(pristine):>7} bytes: StoreCorrupt {refused}/{per_file}")
    return bad


def kills(tmp: Path, random_kills: int, window: float, seed: int) -> int:
    rng = random.Random(seed)
    results: list[Kill] = []
    for n, kill_at in enumerate([1, 2, 3, 4, 5] + [0] * random_kills):
        folder = tmp / f"kill{n}"
        seed_store(folder)
        delay = None if kill_at else rng.uniform(0.0, window)
        results.append(kill_forget(folder, kill_at=kill_at, delay=delay))
    acked = [k for k in results if k.forgot]
    during = [k for k in results if k.during_forget]
    residues = sum(k.residue for k in acked)
    violations = [k.outcome for k in results if k.outcome.startswith("VIOLATION")]
    print(
        f"\nkills: {len(results)} (before each of a forget's 4 fsyncs, once after it "
        f"returned, {random_kills} at random moments)"
    )
    print(f"  killed during forget (written, not acknowledged): {len(during)}")
    print(f"  forget acknowledged before the kill:               {len(acked)}")
    print(
        f"  killed before the episode was acknowledged:       {sum(not k.wrote for k in results)}"
    )
    for outcome, count in sorted(Counter(k.outcome for k in results).items()):
        print(f"    reopened: {outcome:<36} {count:>4}")
    print(f"  residues (marker bytes in a file after an acknowledged forget): {residues}")
    print(f"  not all-or-nothing: {len(violations)}")
    return residues + len(violations)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--extra-flips", type=int, default=100, help="random journal positions")
    parser.add_argument("--sealed-flips", type=int, default=40, help="per sealed file")
    parser.add_argument("--kills", type=int, default=30, help="kills at random moments")
    parser.add_argument("--window", type=float, default=0.12, help="random kill delay, s")
    parser.add_argument("--repair-flips", type=int, default=300, help="flips then repairs")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--only", choices=["flips", "repairs", "sealed", "kills"], help="one part alone"
    )
    args = parser.parse_args(argv)
    print(f"journal faults; {machine()}")
    started = time.monotonic()
    parts = {
        "flips": lambda tmp: flips(tmp, args.extra_flips, args.seed),
        "repairs": lambda tmp: repairs(tmp, args.repair_flips, args.seed),
        "sealed": lambda tmp: sealed(tmp, args.sealed_flips, args.seed),
        "kills": lambda tmp: kills(tmp, args.kills, args.window, args.seed),
    }
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, part in parts.items():
            if args.only in (None, name):
                bad += part(Path(tmp))
    print(f"\nviolations in all: {bad}  ({time.monotonic() - started:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
