"""Arrival-order invariance: the same statements in shuffled order give the same timeline.

Two corpora are replayed through ``Memory.remember`` (as Claims, so the extractor is
out of the picture), first in their own order and then in shuffled arrival orders with
unchanged valid times (each Claim keeps its ``at`` and validity):

* FactConsolidation (MemoryAgentBench, MIT; ../shared/data): 455 numbered facts, each
  valid from its number (a later number overrides an earlier one);
* the scripted agent-memory corpus (``bench/corpus_episodes.py``): seven personas'
  user messages, tool results and emails, with the gold claims an extraction model
  would return.

For every replay the bench asks ``facts()`` now and at every instant where a valid
time begins or ends (and a microsecond before), and counts the answers that differ
from the in-order replay — the figure must be 0 — and runs ``Memory.check``.

    .venv/bin/python bench/arrival_order.py                  # embedded store, 3 shuffles
    .venv/bin/python bench/arrival_order.py --store neo4j --uri bolt://127.0.0.1:7687
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.corpus_episodes import build_corpus
from bench.factconsolidation_adapter import PREDICATES, default_data_path, load
from graphmem import Claim, Memory
from graphmem.extract.llm import ExtractionResponse, to_claim

BASE = datetime(2026, 1, 1, tzinfo=UTC)
Write = tuple[str, list[Claim], str, datetime]  # namespace suffix, claims, source, at


def factconsolidation(path: Path) -> tuple[list[Write], list[str]]:
    ds = load(path)
    writes = [
        (
            "fc",
            [Claim(t.subject, t.predicate, t.object)],
            "document",
            BASE + timedelta(minutes=t.number),
        )
        for t in ds.triples
    ]
    return writes, list(PREDICATES)


def corpus() -> tuple[list[Write], list[str]]:
    writes = []
    for episode in build_corpus():
        reply = ExtractionResponse.model_validate(episode.extraction_reply())
        claims = [to_claim(c, text=episode.scrubbed, speaker=episode.speaker) for c in reply.claims]
        if claims:
            writes.append((episode.persona, claims, episode.source, episode.at))
    return writes, []


@contextmanager
def open_memory(store: str, uri: str, clock: list[datetime]) -> Iterator[Memory]:
    def now() -> datetime:
        clock[0] += timedelta(seconds=1)
        return clock[0]

    if store == "embedded":
        with tempfile.TemporaryDirectory(prefix="graphmem-order-") as tmp:
            mem = Memory(Path(tmp) / "store", clock=now)
            try:
                yield mem
            finally:
                mem.close()
    else:
        mem = Memory.neo4j(uri, clock=now)
        try:
            yield mem
        finally:
            mem.close()


def replay(mem: Memory, writes: list[Write], one_valued: list[str], tag: str) -> list[str]:
    for predicate in one_valued:
        mem.define_predicate(predicate, cardinality="one")
    spaces = {}
    for suffix, claims, source, at in writes:
        space = spaces.setdefault(suffix, f"order-{tag}-{suffix}-{uuid.uuid4().hex[:6]}")
        mem.remember(claims, namespace=space, source=source, at=at)
    return [spaces[s] for s in sorted(spaces)]


def answers(mem: Memory, spaces: list[str]) -> tuple[list[Any], int, int]:
    """Every answer of every namespace at every boundary instant, and the check's problems."""
    out: list[Any] = []
    problems = 0
    asked = 0
    for space in spaces:
        versions = [f for f in mem.facts(space, history=True) if f.retired_at is None]
        instants = sorted(
            {f.valid_from for f in versions} | {f.valid_until for f in versions if f.valid_until}
        )
        probes = [None, *instants, *(i - timedelta(microseconds=1) for i in instants)]
        for at in probes:
            facts = mem.facts(space, at=at)
            asked += 1
            out.append(
                (
                    space.split("-")[2],
                    at,
                    sorted(
                        (
                            f.subject,
                            f.predicate,
                            f.scope,
                            str(f.object),
                            f.valid_from,
                            f.valid_until,
                        )
                        for f in facts
                    ),
                )
            )
        problems += len(mem.check(space).problems)
    return out, asked, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["embedded", "neo4j"], default="embedded")
    parser.add_argument("--uri", default="bolt://127.0.0.1:7687")
    parser.add_argument("--shuffles", type=int, default=3)
    parser.add_argument("--data", type=Path, default=default_data_path())
    args = parser.parse_args(argv)
    sets = {"factconsolidation": factconsolidation(args.data), "scripted corpus": corpus()}
    print(f"arrival-order invariance on the {args.store} store ({args.shuffles} shuffles each)")
    columns = ("writes", 6), ("order", 9), ("answers", 8), ("differ", 7), ("check", 6), ("s", 6)
    print(f"{'corpus':<18} " + " ".join(f"{name:>{width}}" for name, width in columns))
    total_differ = 0
    for name, (writes, one_valued) in sets.items():
        reference = None
        for shuffle in range(args.shuffles + 1):
            order = list(writes)
            if shuffle:
                random.Random(shuffle).shuffle(order)
            clock = [datetime(2027, 1, 1, tzinfo=UTC)]
            began = time.perf_counter()
            with open_memory(args.store, args.uri, clock) as mem:
                spaces = replay(mem, order, one_valued, f"{shuffle}")
                got, asked, problems = answers(mem, spaces)
            if reference is None:
                reference = got
            differ = sum(a != b for a, b in zip(got, reference, strict=False)) + abs(
                len(got) - len(reference)
            )
            total_differ += differ
            label = "in order" if not shuffle else f"shuffle {shuffle}"
            print(
                f"{name:<18} {len(writes):>6} {label:>9} {asked:>8} {differ:>7} {problems:>6} "
                f"{time.perf_counter() - began:>6.1f}"
            )
    print(f"answers that differ from the in-order replay: {total_differ}")
    return 0 if total_differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
