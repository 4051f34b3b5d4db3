"""The offline extractor measured: triples on the labelled sets, FactConsolidation as text, time.

    .venv/bin/python bench/extraction.py                # all figures, embedded store
    .venv/bin/python bench/extraction.py --skip-memory  # extraction figures only
    .venv/bin/python bench/extraction.py --errors 20    # and the misses and false triples

1. Recall and precision of (subject, predicate, object, negated) triples on
   ``tests/data/extraction/gold.jsonl`` (dev: used while writing the grammar) and
   ``heldout.jsonl`` (written before the grammar, never used to tune it). The
   speaker is ``user``; names compare case-insensitively without a leading article.
2. FactConsolidation: each of the 455 numbered facts is given to the extractor as
   text. A sentence *yields its triple* when a claim has the fact's subject and
   object and the predicate the extractor uses for that sentence template (the most
   common one over the template's sentences; printed). Then the facts are written
   as text through ``Memory.remember`` (embedded store), in number order, with the
   extractor's predicates declared one-valued as a deployment would; the run counts
   supersessions (``UPDATE`` operations, against those the numbering implies) and
   answers each single-hop question from ``Memory.facts()`` alone.
3. Extraction time for mixed text of 50 KB and 800 KB (must grow linearly).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import open_memory, progress
from bench._gold import GOLD, Key, gold_key, norm, read_set
from bench.factconsolidation import follow
from bench.factconsolidation_adapter import SINGLE_HOP, Dataset, exact_match, load, parse_question
from graphmem.extract.offline import OfflineExtractor
from graphmem.model import Claim

REPO = Path(__file__).resolve().parent.parent
AT = datetime(2026, 8, 20, 12, tzinfo=UTC)
BASE_TIME = datetime(2024, 1, 1, tzinfo=UTC)
# shared/ sits beside the repository (or beside the folder of work trees).
DEFAULT_DATA = next(
    (p / "shared" / "data" for p in REPO.parents if (p / "shared" / "data").is_dir()),
    REPO.parent / "shared" / "data",
)


def claim_key(claim: Claim) -> Key:
    return (norm(claim.subject), claim.predicate, norm(str(claim.object)), claim.negated)


@dataclass
class Score:
    sentences: int = 0
    gold: int = 0
    found: int = 0
    correct: int = 0
    misses: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.correct / self.gold if self.gold else 1.0

    @property
    def precision(self) -> float:
        return self.correct / self.found if self.found else 1.0


def score(rows: Iterable[dict[str, object]], extractor: OfflineExtractor | None = None) -> Score:
    """Triples recovered (recall) and triples right (precision) over labelled sentences."""
    extractor = extractor or OfflineExtractor()
    out = Score()
    for row in rows:
        text = str(row["text"])
        want = {gold_key(t) for t in row["triples"]}  # type: ignore[attr-defined]
        got = {claim_key(c) for c in extractor.extract(text, occurred_at=AT, speaker="user")}
        out.sentences += 1
        out.gold += len(want)
        out.found += len(got)
        out.correct += len(want & got)
        out.misses += [f"{text!r}: missed {k}" for k in sorted(want - got)]
        out.wrong += [f"{text!r}: wrong {k}" for k in sorted(got - want)]
    return out


# ---- FactConsolidation -----------------------------------------------------------------


@dataclass
class FactText:
    sentences: int = 0
    yielded: int = 0
    mapping: dict[str, str] = field(default_factory=dict)  # template predicate -> ours
    misses: list[str] = field(default_factory=list)


def fact_sentences(ds: Dataset) -> FactText:
    extractor = OfflineExtractor()
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    readings: list[tuple[str, str, set[str]]] = []
    for t in ds.triples:
        claims = extractor.extract(t.sentence, occurred_at=AT, speaker="user")
        matching = {
            c.predicate
            for c in claims
            if not c.negated
            and norm(c.subject) == norm(t.subject)
            and norm(str(c.object)) == norm(t.object)
        }
        votes[t.predicate].update(matching)
        readings.append((t.predicate, t.sentence, matching))
    out = FactText(sentences=len(ds.triples))
    out.mapping = {p: v.most_common(1)[0][0] for p, v in votes.items() if v}
    for predicate, sentence, matching in readings:
        if out.mapping.get(predicate) in matching:
            out.yielded += 1
        else:
            out.misses.append(f"{sentence!r}: got predicates {sorted(matching)}")
    return out


@dataclass
class ThroughMemory:
    updates: int = 0
    expected_updates: int = 0
    operations: Counter[str] = field(default_factory=Counter)
    single_hop: int = 0
    single_hop_correct: int = 0
    strict: int = 0  # the right value is the slot's only current value
    stale_beside: int = 0  # the right value is current, and an older one too
    seconds: float = 0.0
    learned: list[str] = field(default_factory=list)  # relations the maintenance learnt


def through_memory(
    ds: Dataset, mapping: dict[str, str], declare: bool = True, maintain: bool = False
) -> ThroughMemory:
    """The sentences through ``remember``; ``declare``: the extractor's predicates are defined
    one-valued first, as a deployment that knows them would. Without, the default
    configuration must find out which relations hold one value by itself; ``maintain``: the
    daily maintenance runs once after the writes, as a deployment's scheduler would (it
    learns from the history which relations hold one value at a time)."""
    out = ThroughMemory()
    held: dict[tuple[str, str], str] = {}
    for t in ds.triples:
        slot = (norm(t.subject), t.predicate)
        if slot in held and held[slot] != norm(t.object):
            out.expected_updates += 1
        held[slot] = norm(t.object)
    ns = "fc-text"
    with open_memory("embedded") as mem:
        for predicate in sorted(set(mapping.values())) if declare else ():
            mem.define_predicate(predicate, cardinality="one")
        started = time.perf_counter()
        for t in ds.triples:
            result = mem.remember(
                t.sentence,
                namespace=ns,
                source="document",
                at=BASE_TIME + timedelta(minutes=t.number),
                source_ref=f"fact {t.number}",
            )
            out.operations.update(op.kind for op in result.operations)
        if maintain:
            [space] = mem.maintain(ns).namespaces
            out.learned = [p for job in space.ran for p in job.learned]
        out.seconds = time.perf_counter() - started
        out.updates = out.operations.get("UPDATE", 0)
        graph = ds.graph
        for q in ds.questions[SINGLE_HOP]:
            out.single_hop += 1
            chain = parse_question(q.text, graph)
            if chain is None or any(p not in mapping for p in chain.predicates):
                continue
            got, _, _ = follow(mem, ns, chain.anchor, [mapping[p] for p in chain.predicates])
            out.single_hop_correct += exact_match(got, q.answers)
            held = mem.facts(ns, subject=chain.anchor, predicate=mapping[chain.predicates[0]])
            right = [f for f in held if exact_match(str(f.object), q.answers)]
            out.strict += bool(right) and len(held) == 1
            out.stale_beside += bool(right) and len(held) > 1
    return out


# ---- real conversation -----------------------------------------------------------------


def locomo_claims(path: Path) -> tuple[int, Counter[str]]:
    """Claims from every LoCoMo turn, each read alone with its speaker: (turns, per predicate).

    No labels exist for these, so this counts what the extractor finds in real chat
    (and lets one read a sample), it does not score it.
    """
    extractor, turns, found = OfflineExtractor(), 0, Counter[str]()
    for conversation in json.loads(path.read_text(encoding="utf-8")):
        for name, session in conversation["conversation"].items():
            if not name.startswith("session_") or not isinstance(session, list):
                continue
            for turn in session:
                turns += 1
                claims = extractor.extract(turn["text"], occurred_at=AT, speaker=turn["speaker"])
                found.update(c.predicate for c in claims)
    return turns, found


# ---- time ------------------------------------------------------------------------------


def mixed_text(size: int) -> str:
    rows = read_set(GOLD / "gold.jsonl") + read_set(GOLD / "heldout.jsonl")
    base = " ".join(
        str(r["text"]) if str(r["text"])[-1:] in ".!?" else f"{r['text']}." for r in rows
    )
    return (base + " ") * (size // (len(base) + 1)) + base[: size % (len(base) + 1)]


def extraction_seconds(size: int) -> float:
    text = mixed_text(size)
    started = time.process_time()
    OfflineExtractor().extract(text, occurred_at=AT)
    return time.process_time() - started


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--errors", type=int, default=0, help="print this many errors per set")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-time", action="store_true")
    args = parser.parse_args()
    for name in ("gold", "heldout"):
        s = score(read_set(GOLD / f"{name}.jsonl"))
        label = "dev (gold.jsonl)" if name == "gold" else "held-out (heldout.jsonl)"
        print(
            f"{label}: {s.sentences} sentences, {s.gold} gold triples, {s.found} extracted; "
            f"recall {pct(s.recall)}, precision {pct(s.precision)}"
        )
        shown = s.misses[: args.errors] + s.wrong[: args.errors] if name == "gold" else []
        for line in shown:  # the held-out errors stay unseen: they must not steer the grammar
            print(f"  {line}")
    ds = load(args.data / "factconsolidation" / "factconsolidation_official_6k.json")
    fc = fact_sentences(ds)
    print(
        f"FactConsolidation sentences: {fc.yielded}/{fc.sentences} yield their triple "
        f"({pct(fc.yielded / fc.sentences)}); predicates: "
        + ", ".join(f"{k}->{v}" for k, v in sorted(fc.mapping.items()))
    )
    for line in fc.misses[: args.errors]:
        print(f"  {line}")
    if not args.skip_memory:
        runs = [
            (True, False, "predicates declared one-valued"),
            (False, False, "default configuration"),
            (False, True, "default configuration, then one daily maintain"),
        ]
        for declare, maintain, how in runs:
            progress(f"writing the 455 facts as text through Memory (embedded, {how}) ...")
            m = through_memory(ds, fc.mapping, declare, maintain)
            ops = ", ".join(f"{k} {v}" for k, v in sorted(m.operations.items()))
            print(
                f"FactConsolidation through Memory.remember(text), {how}: {m.seconds:.1f} s; "
                f"operations: {ops}; supersessions {m.updates} (expected "
                f"{m.expected_updates}); single-hop via facts(): the newest current value "
                f"right {m.single_hop_correct}/{m.single_hop}, the right value alone "
                f"{m.strict}/{m.single_hop}, right beside a stale one {m.stale_beside}"
                + (f"; relations learnt one-valued: {len(m.learned)}" if maintain else "")
            )
    locomo = args.data / "locomo" / "locomo10.json"
    if locomo.exists():
        turns, found = locomo_claims(locomo)
        top = ", ".join(f"{p} {n}" for p, n in found.most_common(8))
        print(f"LoCoMo: {sum(found.values())} claims from {turns} turns (unlabelled); top: {top}")
    if not args.skip_time:
        small, large = extraction_seconds(50_000), extraction_seconds(800_000)
        print(
            f"extraction CPU time: 50 KB {small:.2f} s, 800 KB {large:.2f} s "
            f"(ratio {large / small:.1f} for 16x the text)"
        )


if __name__ == "__main__":
    main()
