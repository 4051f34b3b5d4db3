"""Train the secret gate's second judge and validate it leave-one-corpus-out (issue 40).

    PYTHONPATH=. .venv/bin/python tools/secret_judge/train.py --first-sight A=38f0c65^ \
        --first-sight B=38f0c65 --first-sight fresh=8defed3^ --first-sight D=d59acf6 \
        --first-sight E=edfe3d6                     # LOCO tables, then the fit, written
    PYTHONPATH=. .venv/bin/python tools/secret_judge/train.py --loco-only

Every spent corpus (tools/secret_judge/data.py) is held out in turn: the judge is trained on
the others and measured on it, rules alone against rules + judge (secrets stored whole: a
listed value with no character redacted; look-alikes altered: any character changed).
``--first-sight NAME=COMMIT`` measures held-out corpus NAME again with the rules of COMMIT,
the code that first met it: today's rules were fitted to every spent corpus, so their
held-out figures are after-fix ones, and the rules then show what a new corpus meets.

The judge has two bars: one for a message that holds a word about access (a cue of the
lexicon that names a secret), a higher one for a message that holds none (where most
look-alikes are). The pair is chosen on the held-out figures only, never on the fit: the
fewest secrets stored whole, pooled over both measures, while neither pooled look-alike
alteration exceeds its rules' own by more than ``--max-altered``. The final weights are
then fitted on every spent corpus and written, with the bars and the tables, to
graphmem/trust/secrets/judge.npz and judge.md.

A wide-and-deep model on hashed features (tools/secret_judge/fit.py), fitted by minibatch
Adam in numpy (no other dependency); some 20 s a fit, five minutes for the whole run, on
two cores.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from graphmem.trust.secrets.judge import Judge
from tools.secret_judge.card import write_card
from tools.secret_judge.data import CORPORA, ROOT, Matrix, Message, featurise, load
from tools.secret_judge.evaluate import (
    Bars,
    Held,
    Spans,
    Tally,
    Vector,
    first_sight,
    rules_at,
    table,
    tally,
)
from tools.secret_judge.fit import Settings, fit

# Probabilities a token must reach; past 0.9 in steps of the log-odds.
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.998, 0.999, 0.9995, 0.9998)
NEVER = 1.01  # a bar no probability reaches


def scores(judge: Judge, msgs: list[Message]) -> list[Vector]:
    return [judge.probabilities(m.slots) for m in msgs]


def loco(msgs: list[Message], s: Settings, names: list[str]) -> Held:
    held: Held = {}
    for name in names:
        started = time.perf_counter()
        train = [m for m in msgs if m.corpus != name]
        test = [m for m in msgs if m.corpus == name]
        held[name] = (test, scores(fit(Matrix.of(train), s), test))
        print(f"  held out {name}: fitted in {time.perf_counter() - started:.0f} s", flush=True)
    return held


def choose(
    held: Held, old: dict[str, tuple[str, list[Spans]]], s: Settings, max_altered: float
) -> tuple[Bars, list[str]]:
    """The pair of bars (a message with a word about access, one without) that leaves the
    fewest secrets whole over the held-out corpora, with today's rules and with the rules
    of before each was read, while neither pooled look-alike alteration exceeds the rules'
    own by more than ``max_altered``; the sweep as lines of a table."""
    rules, then = Tally(), Tally()
    for test, _ in held.values():
        rules += tally(test, None, (NEVER, NEVER), s)
    for name, (_, spans) in old.items():
        then += tally(held[name][0], None, (NEVER, NEVER), s, spans)
    lines = [f"| rules alone | | {rules.text()} | {then.text() if old else ''} |"]
    best: tuple[tuple[int, int], Bars] | None = None
    rows: list[tuple[Bars, str]] = []
    for bars in [(c, b) for c in THRESHOLDS for b in (*THRESHOLDS, NEVER) if b >= c]:
        both, sight = Tally(), Tally()
        for test, probs in held.values():
            both += tally(test, probs, bars, s)
        for name, (_, spans) in old.items():
            sight += tally(held[name][0], held[name][1], bars, s, spans)
        ok = both.altered / both.benign <= rules.altered / rules.benign + max_altered and (
            not old or sight.altered / sight.benign <= then.altered / then.benign + max_altered
        )
        key = (both.whole + sight.whole, both.altered + sight.altered)
        if ok and (best is None or key < best[0]):
            best = (key, bars)
        bare = "never" if bars[1] == NEVER else bars[1]
        rows.append(
            (bars, f"| {bars[0]} | {bare} | {both.text()} | {sight.text() if old else ''} |")
        )
    chosen = (NEVER, NEVER) if best is None else best[1]
    lines += [
        line + (" **chosen**" if bars == chosen else "")
        for bars, line in rows
        if bars[0] == bars[1] or bars[1] == chosen[1] or bars[1] == NEVER
    ]
    return chosen, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loco-only", action="store_true", help="validate, write nothing")
    parser.add_argument("--max-altered", type=float, default=0.005)
    parser.add_argument("--l2", type=float, default=Settings.l2)
    parser.add_argument("--pos-weight", type=float, default=Settings.pos_weight)
    parser.add_argument("--epochs", type=int, default=Settings.epochs)
    parser.add_argument("--no-labels", action="store_true")
    parser.add_argument("--corpus", action="append", help="hold out only these (a quick look)")
    parser.add_argument(
        "--first-sight",
        action="append",
        default=[],
        metavar="NAME=COMMIT",
        help="also score held-out corpus NAME with the rules of COMMIT (before it was read)",
    )
    args = parser.parse_args()
    s = Settings(args.l2, args.pos_weight, args.epochs, labels=not args.no_labels)
    started = time.perf_counter()
    msgs = load()
    for msg in msgs:
        featurise(msg)
    n_tok = sum(len(m.spans) for m in msgs)
    print(f"{len(msgs)} messages, {n_tok} tokens featurised in "
          f"{time.perf_counter() - started:.0f} s; {s}", flush=True)  # fmt: skip
    held = loco(msgs, s, args.corpus or list(CORPORA))
    old: dict[str, tuple[str, list[Spans]]] = {}
    for pin in args.first_sight:
        name, commit = pin.split("=", 1)
        old[name] = (commit, rules_at(commit, [m.text for m in held[name][0]]))
    bars, sweep = choose(held, old, s, args.max_altered)
    print("\nSweep, pooled: bars | LOCO stored whole | altered | first sight stored whole | "
          "altered\n")  # fmt: skip
    print("\n".join(sweep))
    loco_table = table(held, bars, s)
    print(f"\nLOCO at the chosen bars {bars}\n\n{loco_table}")
    sight = first_sight(held, old, bars, s) if old else ""
    if sight:
        print(f"\nFirst sight: the rules of before each corpus was read\n\n{sight}")
    if args.loco_only:
        return
    judge = fit(Matrix.of(msgs), s, bars[0], bars[1])
    out = ROOT / "graphmem" / "trust" / "secrets" / "judge.npz"
    np.savez_compressed(
        out,
        wide=judge.wide.astype(np.float16),
        deep=judge.deep.astype(np.float16),
        hidden=judge.hidden,
        out=judge.out,
        threshold=np.float64(bars[0]),
        bare=np.float64(bars[1]),
    )
    write_card(
        out.with_suffix(".md"),
        date=datetime.date.today().isoformat(),
        corpora=", ".join(f"{k} {sum(m.corpus == k for m in msgs)}" for k in CORPORA),
        settings=str(s),
        hidden=s.hidden,
        threshold=bars[0],
        bare="never" if bars[1] == NEVER else bars[1],
        max_altered=f"{100 * args.max_altered:.1f}",
        loco=loco_table,
        first_sight=sight or "(not run)",
        sweep="\n".join(sweep),
    )
    print(f"\nwrote {out.relative_to(ROOT)} ({out.stat().st_size // 1024} KiB) and its card")


if __name__ == "__main__":
    main()
