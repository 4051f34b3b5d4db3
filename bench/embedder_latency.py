"""Recall latency with one embedder beside another, in one process (issue 39's third criterion).

LoCoMo's first ``--conversations`` conversations are stored once per embedder (each in a
fresh embedded store, sessions named), then every question is asked of each store in blocks
of ``--block`` questions, the blocks in shuffled order and the embedders taking turns block
by block, so that machine load falls on both alike. Printed per embedder: recall p50 / p95
(the whole ``Memory.recall``), the query's own embedding p50 (timed apart, the same texts)
and the p50 ratio to the first embedder named.

    .venv/bin/python bench/embedder_latency.py                       # semantic vs contextual
    .venv/bin/python bench/embedder_latency.py --embedders hashing,semantic,contextual
    .venv/bin/python bench/embedder_latency.py --embedders semantic,contextual,contextual@2

``contextual@N`` runs the contextual model on N intra-op threads (``MiniLMEmbedder(threads=N)``).

Figures go to stdout, progress to stderr.
"""

from __future__ import annotations

import argparse
import random
import time
import uuid
from collections.abc import Sequence
from contextlib import ExitStack
from datetime import timedelta

from _common import (
    Stopwatch,
    add_data_argument,
    embedder_from_spec,
    machine,
    ms,
    open_memory,
    percentile,
    progress,
)
from locomo import Conversation, Question, ingest, load

from graphmem import Memory
from graphmem.models.embed import Embedder


def _asked(
    conversations: Sequence[Conversation], block: int, seed: int
) -> list[list[tuple[int, Question]]]:
    """Every (conversation, question) in blocks of ``block``, the blocks shuffled."""
    pairs = [(c.index, q) for c in conversations for q in c.questions]
    blocks = [pairs[i : i + block] for i in range(0, len(pairs), block)]
    random.Random(seed).shuffle(blocks)
    return blocks


def _embedder(name: str) -> Embedder:
    """``name`` as :func:`embedder_from_spec` reads it, or ``contextual@N``."""
    if name.startswith("contextual@"):
        from graphmem.models.contextual import MiniLMEmbedder

        return MiniLMEmbedder(threads=int(name.partition("@")[2]))
    return embedder_from_spec(name)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(parser)
    parser.add_argument("--embedders", default="semantic,contextual")
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--block", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=2, help="times every question is asked")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    names = [n.strip() for n in args.embedders.split(",") if n.strip()]
    conversations = load(args.data / "locomo" / "locomo10.json", args.conversations)
    by_index = {c.index: c for c in conversations}
    print(machine())
    with ExitStack() as stack:
        mems: dict[str, Memory] = {
            name: stack.enter_context(open_memory("embedded", embedder=_embedder(name)))
            for name in names
        }
        namespaces: dict[tuple[str, int], str] = {}
        for name, mem in mems.items():
            for conv in conversations:
                namespace = f"lat-{name}-{conv.index}-{uuid.uuid4().hex[:6]}"
                ingest(mem, conv, namespace, Stopwatch())
                namespaces[(name, conv.index)] = namespace
            mem.flush()
            progress(f"{name}: stored {len(conversations)} conversations")
        recall = {name: Stopwatch() for name in names}
        embed = {name: Stopwatch() for name in names}
        for round_ in range(args.rounds):
            for block in _asked(conversations, args.block, args.seed + round_):
                for name, mem in mems.items():
                    for index, q in block:
                        at = q.at or by_index[index].last_at + timedelta(days=1)
                        start = time.perf_counter()
                        mem.embedder.embed([q.text])
                        embed[name].samples.append(time.perf_counter() - start)
                        with recall[name].time():
                            mem.recall(q.text, namespace=namespaces[(name, index)], k=10, at=at)
                    mem.flush()
    base = percentile(recall[names[0]].samples, 50)
    print(
        f"LoCoMo, {len(conversations)} conversations, {args.rounds} rounds, blocks of {args.block}"
    )
    print("| embedder | recall p50 | recall p95 | query embed p50 | p50 ratio |")
    print("|---|---|---|---|---|")
    for name in names:
        p50 = percentile(recall[name].samples, 50)
        print(
            f"| {name} | {ms(p50)} ms | {ms(percentile(recall[name].samples, 95))} ms "
            f"| {ms(percentile(embed[name].samples, 50))} ms | {p50 / base:.2f}x |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
