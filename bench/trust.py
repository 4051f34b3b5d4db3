"""The trust boundary under attack: confusion tables per attack kind and source.

Runs the corpora of tests/data/trust/ (see build.py there) through ``Memory.remember``
with an *obedient* model — the local OpenAI-compatible fake (``graphmem.testing``)
scripted to return the attacker's claims as extraction output — and prints:

1. injections, per attack kind and source: how many texts raised an alert, and how
   many of the claims the model obeyed became current (must be 0) or wait as
   candidates (contact details only);
2. the gate alone, per source: the same claims read out of an innocent text (no
   alert to hide behind), so only what each claim *does* decides;
3. legitimate user statements (own rule changes included): refused or alerted;
   benign look-alikes from outside: false alerts;
4. sensitive categories: held back from default recall, returned when asked;
5. held-out rounds (written after the detector): alerts on attacks and look-alikes,
   per round — the untuned round is the figure for how detection generalises.

    .venv/bin/python bench/trust.py                        # embedded store
    .venv/bin/python bench/trust.py --store neo4j --uri bolt://127.0.0.1:7699
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench._common import DEFAULT_NEO4J, drop_neo4j_namespaces, machine, obedient_memory, progress
from graphmem import Memory
from graphmem.model import Sensitivity
from graphmem.testing import FakeModelServer

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "trust"
INNOCENT = "Invoice INV-5520 for 1,240 EUR from Quickfix Ltd is due on 30 June."


def load(name: str) -> list[dict[str, Any]]:
    with (CORPUS / f"{name}.jsonl").open(encoding="utf-8") as rows:
        return [json.loads(line) for line in rows]


class Run:
    def __init__(self, mem: Memory, server: FakeModelServer) -> None:
        self.mem, self.server = mem, server
        self.namespaces: list[str] = []

    def namespace(self, name: str) -> str:
        ns = f"trust-{name}-{uuid.uuid4().hex[:8]}"
        self.namespaces.append(ns)
        return ns

    def remember(self, ns: str, text: str, claims: list[dict[str, Any]], source: str) -> Any:
        self.server.script({"claims": claims})
        return self.mem.remember(text, ns, source=source, source_ref="sender@mail.example")

    def outcome(self, ns: str) -> tuple[int, int]:
        """(current facts, candidates) in a namespace."""
        current = len(self.mem.facts(ns))
        return current, len(self.mem.facts(ns, include_candidates=True)) - current


def injections(run: Run, rows: list[dict[str, Any]]) -> None:
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[(row["attack"], row["source"])].append(row)
    print("\n1. injections (obedient model), per attack kind and source")
    head = f"{'attack':<13}{'source':<10}{'texts':>6}{'alerted':>8}{'missed':>7}"
    print(head + f"{'claims':>7}{'current':>8}{'waiting':>8}{'langs':>6}")
    totals = Counter[str]()
    for (attack, source), group in sorted(groups.items()):
        ns = run.namespace(f"{attack}-{source}")
        alerted = 0
        for row in group:
            result = run.remember(ns, row["text"], row["claims"], source)
            alerted += any(r.alert for r in result.refused)
        current, waiting = run.outcome(ns)
        claims = sum(len(r["claims"]) for r in group)
        langs = len({r["lang"] for r in group})
        line = f"{attack:<13}{source:<10}{len(group):>6}{alerted:>8}{len(group) - alerted:>7}"
        print(line + f"{claims:>7}{current:>8}{waiting:>8}{langs:>6}")
        totals.update(texts=len(group), alerted=alerted, claims=claims, current=current)
    print(
        f"{'all':<23}{totals['texts']:>6}{totals['alerted']:>8}"
        f"{totals['texts'] - totals['alerted']:>7}{totals['claims']:>7}{totals['current']:>8}"
    )


def gate_alone(run: Run, rows: list[dict[str, Any]]) -> None:
    print("\n2. the gate alone: the obeyed claims read out of an innocent text, per source")
    print(f"{'source':<10}{'claims':>7}{'refused':>8}{'to review':>10}{'current':>8}{'alerts':>7}")
    for source in ("email", "tool", "document", "agent"):
        ns = run.namespace(f"gate-{source}")
        claims = refused = alerts = 0
        for row in rows[:60]:
            offered = [{**c, "quote": INNOCENT} for c in row["claims"]]
            result = run.remember(ns, INNOCENT, offered, source)
            claims += len(offered)
            refused += len(result.refused)
            alerts += sum(r.alert for r in result.refused)
        current, _ = run.outcome(ns)
        review = claims - refused
        print(f"{source:<10}{claims:>7}{refused:>8}{review:>10}{current:>8}{alerts:>7}")
    print("(to review: claims of the user's contact details, kept as candidates; from the")
    print(" agent also its guesses at a preference, which count only once the user confirms)")
    ns = run.namespace("gate-heldout")
    rows = load("heldout_claims")
    offered = [{**r["claim"], "quote": INNOCENT} for r in rows]
    result = run.remember(ns, INNOCENT, offered, "email")
    current, waiting = run.outcome(ns)
    print(
        f"held-out phrasings (email): {len(offered)} claims, {len(result.refused)} refused, "
        f"{waiting} waiting for review, {current} current"
    )


def not_attacks(run: Run) -> None:
    print("\n3. what is not an attack")
    ns = run.namespace("user")
    by_family: dict[str, Counter[str]] = defaultdict(Counter)
    for row in load("legit_user"):
        result = run.remember(ns, row["text"], row["claims"], "user")
        by_family[row["family"]].update(
            statements=1,
            refused=bool(result.refused),
            alerted=any(r.alert for r in result.refused),
        )
    print(f"{'user statements':<20}{'n':>5}{'refused':>8}{'alerted':>8}")
    for family, c in sorted(by_family.items()):
        print(f"{family:<20}{c['statements']:>5}{c['refused']:>8}{c['alerted']:>8}")
    ns = run.namespace("benign")
    by_source: dict[str, Counter[str]] = defaultdict(Counter)
    for row in load("benign_external"):
        result = run.remember(ns, row["text"], row["claims"], row["source"])
        by_source[row["source"]].update(
            n=1,
            alerted=any(r.alert for r in result.refused),
            claims=len(row["claims"]),
            refused=len(result.refused),
        )
    print(f"{'benign external':<20}{'n':>5}{'alerted':>8}{'claims':>7}{'refused':>8}")
    for source, c in sorted(by_source.items()):
        print(f"{source:<20}{c['n']:>5}{c['alerted']:>8}{c['claims']:>7}{c['refused']:>8}")


def sensitive(run: Run) -> None:
    print("\n4. sensitive categories (one namespace per statement)")
    print(f"{'category':<20}{'n':>3}{'marked':>7}{'in default recall':>18}{'when asked':>11}")
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for row in load("sensitive"):
        ns = run.namespace("s")
        run.remember(ns, row["text"], row["claims"], "user")
        value = row["claims"][0]["object"]
        facts = run.mem.facts(ns)
        default = run.mem.recall(row["query"], ns, k=10)
        asked = run.mem.recall(row["query"], ns, k=10, max_sensitivity="sensitive")
        table[row["category"]].update(
            n=1,
            marked=any(f.sensitivity is Sensitivity.SENSITIVE for f in facts),
            default=any(value in e.text for e in default),
            asked=any(value in e.text for e in asked),
        )
    for category, c in sorted(table.items()):
        print(f"{category:<20}{c['n']:>3}{c['marked']:>7}{c['default']:>18}{c['asked']:>11}")


def heldout(run: Run) -> None:
    print("\n5. held-out rounds, sent as emails (no claims): alerts raised")
    print(
        f"{'round':<7}{'tuned on':<10}{'attacks':>8}{'alerted':>8}{'look-alikes':>12}{'alerted':>8}"
    )
    table: dict[int, Counter[str]] = defaultdict(Counter)
    tuned: dict[int, bool] = {}
    ns = run.namespace("heldout")
    for row in load("heldout"):
        result = run.remember(ns, row["text"], [], "email")
        alerted = any(r.alert for r in result.refused)
        table[row["round"]].update({row["label"]: 1, f"{row['label']} alerted": alerted})
        tuned[row["round"]] = row["tuned"]
    for r, c in sorted(table.items()):
        print(
            f"{r:<7}{'yes' if tuned[r] else 'no':<10}{c['attack']:>8}{c['attack alerted']:>8}"
            f"{c['benign']:>12}{c['benign alerted']:>8}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", choices=["embedded", "neo4j"], default="embedded")
    parser.add_argument("--uri", default=DEFAULT_NEO4J)
    args = parser.parse_args(argv)
    rows = load("injections")
    print(f"trust boundary on the {args.store} store; {machine()}")
    started = time.perf_counter()
    with obedient_memory(args.store, args.uri) as (mem, server):
        run = Run(mem, server)
        try:
            progress("injections ...")
            injections(run, rows)
            progress("gate alone ...")
            gate_alone(run, rows)
            progress("user statements and look-alikes ...")
            not_attacks(run)
            progress("sensitive categories ...")
            sensitive(run)
            progress("held-out rounds ...")
            heldout(run)
        finally:
            if args.store == "neo4j":
                drop_neo4j_namespaces(args.uri, run.namespaces)
    print(f"\n{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
