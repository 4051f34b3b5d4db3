"""Standing preferences recalled for the request they should shape, all systems in one run.

A user states a preference or a constraint ("I'm vegetarian", "never book me anything
before 10am"); many turns later they ask for help the preference should shape ("Can you
suggest a recipe for dinner tonight?"). The request shares no content word with the
statement, so keywords cannot find it: meaning, or knowing what a standing preference is,
has to.

Corpus (synthetic, written for this bench; ``bench/data/``): ``preferences_dev.jsonl`` and
``preferences_heldout.jsonl`` — one case a line (id, domain, the preference as the user says
it, the later request) — and ``preference_distractors.jsonl``: ordinary turns, other
people's preferences and temporary or past ones. Each case is its own namespace: 20-40
distractor turns and four of the user's other preferences (other domains, same split)
around the case's preference, one turn an hour, then the request a day later. Every turn
goes through ``Memory.remember`` (embedded store in a temp dir by default); a hit is the
preference's episode or a fact drawn from it. A preference the write path classes as
sensitive (health) is held back by default; for those cases the request is recalled with
``max_sensitivity="sensitive"``, as an application that plans meals around allergies would
(their count is printed).

Off-topic check: in every namespace one ordinary turn has a question of its own ("Where did
I lose my umbrella?"); reported are that turn's hit@5 and how many of the user's
preferences (the case's and the four others) the question's top 5 holds (``pref@5``): a
mechanism that surfaces preferences must not flood ordinary questions with them. And for
the request itself, how many of the four other preferences its top 5 holds (``other@5``).

Beside graphmem, over the same turns in the same run: BM25 (``graphmem.store.text.BM25``) and
pure dense retrieval (cosine, numpy) with each embedder graphmem runs with.

    .venv/bin/python bench/preferences.py                          # hashing embedder
    .venv/bin/python bench/preferences.py --embedder semantic      # adds the semantic one
    .venv/bin/python bench/preferences.py --split dev --weights sim=0.5,kw=0.5

Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from _common import (
    WeightSetting,
    drop_neo4j_namespaces,
    machine,
    open_memory,
    parse_weights,
)
from _common import progress as say
from retrieval import _embed, _unit_rows

from graphmem import Embedder, Memory, factory
from graphmem.read.standing import is_standing
from graphmem.results import Evidence
from graphmem.store.text import BM25, tokens

DATA = Path(__file__).resolve().parent / "data"
SPLITS = ("dev", "heldout")
START = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
OTHER_PREFERENCES = 4
K = 10


@dataclass(frozen=True)
class Turn:
    id: str
    text: str


@dataclass(frozen=True)
class Case:
    id: str
    domain: str
    preference: str
    request: str
    turns: tuple[Turn, ...]  # in the order they are said; the preference is "pref"
    probe: str  # the off-topic question
    probe_gold: str  # the turn it asks about
    preference_ids: frozenset[str]  # the case's preference and the user's other ones


def load(split: str, data: Path = DATA) -> list[Case]:
    raw = _jsonl(data / f"preferences_{split}.jsonl")
    pool = _jsonl(data / "preference_distractors.jsonl")
    asked = [row for row in pool if "question" in row]
    cases = []
    for row in raw:
        rng = random.Random(zlib.crc32(row["id"].encode()))
        probe = rng.choice(asked)
        rest = [p for p in pool if p is not probe]
        chosen = [probe, *rng.sample(rest, rng.randint(19, 39))]
        others = rng.sample([r for r in raw if r["domain"] != row["domain"]], OTHER_PREFERENCES)
        items = [(f"d{i}", p["text"]) for i, p in enumerate(chosen)]
        items += [(f"o{i}", r["preference"]) for i, r in enumerate(others)]
        rng.shuffle(items)
        # The preference is said early: most of the conversation comes between it and the request.
        items.insert(rng.randint(0, len(items) // 2), ("pref", row["preference"]))
        cases.append(
            Case(
                id=row["id"],
                domain=row["domain"],
                preference=row["preference"],
                request=row["request"],
                turns=tuple(Turn(i, t) for i, t in items),
                probe=probe["question"],
                probe_gold="d0",
                preference_ids=frozenset(["pref", *(f"o{i}" for i in range(len(others)))]),
            )
        )
    return cases


def _jsonl(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def shared_words(case: Case) -> set[str]:
    """Content words (as the keyword analysis sees them) the request shares with the
    preference: the corpus is written to have none."""
    return set(tokens(case.preference)) & set(tokens(case.request))


# ---- scoring -------------------------------------------------------------------


@dataclass
class Tally:
    label: str
    hits: dict[int, int] = field(default_factory=lambda: {1: 0, 5: 0, 10: 0})
    cases: int = 0
    probe_hits: int = 0
    flood: int = 0  # preferences in the off-topic question's top 5, summed
    others: int = 0  # the user's other preferences in the request's top 5, summed
    sensitive: int = 0
    # Cases whose preference the extractor made a standing fact, and their hits at 5.
    standing: list[int] = field(default_factory=lambda: [0, 0])
    seconds: float = 0.0

    def add(self, ranked: Sequence[str], probe_ranked: Sequence[str], case: Case) -> None:
        self.cases += 1
        for k in self.hits:
            self.hits[k] += "pref" in ranked[:k]
        self.probe_hits += case.probe_gold in probe_ranked[:5]
        self.flood += sum(t in case.preference_ids for t in probe_ranked[:5])
        self.others += sum(t in case.preference_ids and t != "pref" for t in ranked[:5])

    def row(self) -> str:
        n = max(self.cases, 1)
        cells = [f"{self.hits[k] / n:.3f}" for k in (1, 5, 10)]
        cells += [f"{self.others / n:.2f}", f"{self.probe_hits / n:.3f}", f"{self.flood / n:.2f}"]
        return f"{self.label:<20}" + "".join(f"{c:>9}" for c in cells)


COLUMNS = ("hit@1", "hit@5", "hit@10", "other@5", "probe@5", "pref@5")
HEAD = f"{'system':<20}" + "".join(f"{h:>9}" for h in COLUMNS)


def turn_ranking(evidence: Sequence[Evidence], turn_of: dict[str, str]) -> list[str]:
    """Evidence mapped back to the turns it came from (a fact through its provenance),
    first mention first."""
    ranked: list[str] = []
    for e in evidence:
        episodes = [e.episode_id] if e.kind == "episode" else [p.episode_id for p in e.episodes]
        for episode in episodes:
            turn = turn_of.get(episode or "")
            if turn is not None and turn not in ranked:
                ranked.append(turn)
    return ranked


def run_graphmem(
    args: argparse.Namespace,
    spec: str,
    embedder: Embedder,
    cases: list[Case],
    setting: WeightSetting | None,
) -> Tally:
    tally = Tally(f"graphmem[{spec}]")
    tag = "".join(c if c.isalnum() else "_" for c in spec)[:16]
    namespaces: list[str] = []
    with open_memory(args.store, uri=args.uri, embedder=embedder) as mem:
        if setting:
            mem.weights = setting.for_memory(mem)
        for case in cases:
            namespace = f"pref-{case.id}-{tag}-{args.run_id}"
            namespaces.append(namespace)
            turn_of = ingest(mem, case, namespace)
            episode = next(e for e, t in turn_of.items() if t == "pref")
            sensitive = mem.episode(episode, namespace).sensitivity.value == "sensitive"
            tally.sensitive += sensitive
            extracted = any(is_standing(f) for f in mem.store.episode_facts(namespace, episode))
            asked = START + timedelta(hours=len(case.turns), days=1)
            started = time.perf_counter()
            found = mem.recall(
                case.request,
                namespace,
                at=asked,
                k=K,
                max_sensitivity="sensitive" if sensitive else "personal",
            )
            probe = mem.recall(case.probe, namespace, at=asked, k=5)
            tally.seconds += time.perf_counter() - started
            tally.add(turn_ranking(found, turn_of), turn_ranking(probe, turn_of), case)
            if extracted:
                tally.standing[0] += 1
                tally.standing[1] += "pref" in turn_ranking(found, turn_of)[:5]
            if args.show_misses and "pref" not in turn_ranking(found, turn_of)[:5]:
                say(f"  miss {case.id}: {case.request!r} -> {[e.text for e in found[:3]]}")
    if args.store == "neo4j":
        drop_neo4j_namespaces(args.uri, namespaces)
    return tally


def ingest(mem: Memory, case: Case, namespace: str) -> dict[str, str]:
    turn_of: dict[str, str] = {}
    for hour, turn in enumerate(case.turns):
        result = mem.remember(
            turn.text, namespace, at=START + timedelta(hours=hour), source_ref=turn.id
        )
        if result.episode_id:
            turn_of[result.episode_id] = turn.id
    return turn_of


def run_bm25(cases: list[Case]) -> Tally:
    tally = Tally("BM25")
    for case in cases:
        index = BM25()
        for turn in case.turns:
            index.add(turn.id, turn.text)
        ranked = [d for d, _ in index.search(case.request, K)]
        probe = [d for d, _ in index.search(case.probe, 5)]
        tally.add(ranked, probe, case)
    return tally


def run_dense(spec: str, embedder: Embedder, cases: list[Case]) -> Tally:
    tally = Tally(f"dense[{spec}]")
    for case in cases:
        ids = [t.id for t in case.turns]
        matrix = _unit_rows(_embed(embedder, [t.text for t in case.turns]))
        queries = _unit_rows(_embed(embedder, [case.request, case.probe]))
        ranked, probe = (
            [ids[i] for i in np.argsort(-(matrix @ q), kind="stable")] for q in queries
        )
        tally.add(ranked[:K], probe[:5], case)
    return tally


# ---- main ----------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=(*SPLITS, "both"), default="both")
    parser.add_argument(
        "--embedder",
        action="append",
        default=None,
        help="hashing (default) and/or any spec graphmem.factory.embedder knows; repeatable",
    )
    parser.add_argument("--weights", type=parse_weights, default=None)
    parser.add_argument("--store", choices=("embedded", "neo4j"), default="embedded")
    parser.add_argument("--uri", default="bolt://127.0.0.1:7699")
    parser.add_argument("--limit", type=int, default=None, help="first N cases of each split")
    parser.add_argument("--show-misses", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    args.run_id = f"{time.time_ns() % 10**8:08d}"
    specs = ["hashing", *(s for s in (args.embedder or []) if s != "hashing")]
    embedders = {spec: factory.embedder(spec) for spec in specs}
    splits = SPLITS if args.split == "both" else (args.split,)
    print(f"# preferences bench, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    print(f"# store={args.store} k={K} weights={args.weights.label if args.weights else 'default'}")
    for split in splits:
        cases = load(split)[: args.limit]
        overlapping = [c.id for c in cases if shared_words(c)]
        turns = sum(len(c.turns) for c in cases)
        print(f"\n## {split}: {len(cases)} cases, {turns} turns; sharing a word: {overlapping}")
        tallies = [run_bm25(cases)]
        for spec, embedder in embedders.items():
            tallies.append(run_dense(spec, embedder, cases))
            say(f"[{split}] graphmem[{spec}] ...")
            tallies.append(run_graphmem(args, spec, embedder, cases, args.weights))
        print(HEAD)
        for tally in tallies:
            print(tally.row())
        sensitive = {t.label: t.sensitive for t in tallies if t.sensitive}
        print(f"# held back as sensitive (recalled with max_sensitivity=sensitive): {sensitive}")
        for t in tallies:
            if t.label.startswith("graphmem"):
                (n, hits), rest = t.standing, t.cases - t.standing[0]
                print(
                    f"# {t.label}: preference extracted as a standing fact in {n} cases "
                    f"(hit@5 {hits / max(n, 1):.3f}); not in {rest} "
                    f"(hit@5 {(t.hits[5] - hits) / max(rest, 1):.3f})"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
