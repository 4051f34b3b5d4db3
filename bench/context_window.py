"""Which turns to index with a chat turn: a quick simulation of recall's fusion over windows.

For each window (turns before, turns after, how many times the turn's own words count)
every turn of a conversation is indexed for BM25 (``graphmem.store.text.BM25``) with the words of
its window in its session, and embedded alone; each question is scored as graphmem's
default fusion scores it (0.5 cosine + 0.5 BM25 over the best BM25 hit, candidates from
the top 40 of each channel, cosine below 0.1 dropped without a keyword match). No store,
no facts, no sensitivity filter: it ranks windows against each other in a minute, and
``retrieval.py`` measures the one chosen through ``Memory``.

    .venv/bin/python bench/context_window.py --embedder semantic
    .venv/bin/python bench/context_window.py --datasets locomo --window 2,1,3 --window 1,0,1

Prints R@1 and R@10 (any gold turn) per dataset and window.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from _common import add_data_argument, embedder_from_spec, progress
from _retrieval_data import ADAPTERS, DEFAULT_EXTRA, Dataset, default_paths
from locomo import Conversation

from graphmem import Embedder
from graphmem.store.text import BM25

FETCH = 40
WINDOWS = ((0, 0, 1), (1, 0, 1), (1, 1, 1), (2, 1, 1), (2, 2, 1), (3, 1, 1), (2, 1, 2), (2, 1, 3))


@dataclass(frozen=True)
class Window:
    before: int
    after: int
    own: int  # times the turn's own words are written into its keyword text

    def label(self) -> str:
        return f"before={self.before} after={self.after} own={self.own}"


def keyword_texts(conv: Conversation, window: Window) -> list[str]:
    turns = conv.turns
    texts = []
    for i, turn in enumerate(turns):
        around = [*turns[max(0, i - window.before) : i], *turns[i + 1 : i + 1 + window.after]]
        context = [t.text for t in around if t.session == turn.session]
        own = [turn.text] * (window.own if context else 1)
        texts.append("\n".join(own + context))
    return texts


def unit(matrix: np.ndarray) -> np.ndarray:
    return matrix / (np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-12)


def score(dataset: Dataset, embedder: Embedder, window: Window) -> tuple[float, float]:
    """R@1 and R@10 of the simulated fusion with ``window``."""
    at1 = at10 = asked = 0
    for conv in dataset.conversations:
        index = BM25()
        for i, text in enumerate(keyword_texts(conv, window)):
            index.add(str(i), text)
        vectors = unit(np.asarray(embedder.embed([t.text for t in conv.turns]), np.float64))
        for q in conv.questions:
            query = unit(np.asarray(embedder.embed([q.text]), np.float64))[0]
            cosine = vectors @ query
            pool = {int(i): [float(cosine[i]), 0.0] for i in np.argsort(-cosine)[:FETCH]}
            hits = index.search(q.text, FETCH)
            best = max((s for _, s in hits), default=0.0) or 1.0
            for doc, s in hits:
                pool.setdefault(int(doc), [float(cosine[int(doc)]), 0.0])[1] = s / best
            ranked = sorted(
                ((0.5 * max(sim, 0.0) + 0.5 * kw, i) for i, (sim, kw) in pool.items()
                 if kw > 0 or sim >= 0.1),
                reverse=True,
            )  # fmt: skip
            top = [conv.turns[i].dia_id for _, i in ranked[:10]]
            asked += 1
            at1 += bool(top[:1] and top[0] in q.gold)
            at10 += any(d in q.gold for d in top)
    return at1 / asked, at10 / asked


def _window(spec: str) -> Window:
    before, after, own = (int(v) for v in spec.split(","))
    return Window(before, after, own)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(parser)
    parser.add_argument("--data-extra", type=Path, default=DEFAULT_EXTRA)
    parser.add_argument("--datasets", default="locomo,realtalk")
    parser.add_argument(
        "--embedder", default=None, help="semantic or hashing (default: the library's)"
    )
    parser.add_argument(
        "--window", action="append", type=_window, default=None, metavar="BEFORE,AFTER,OWN"
    )
    args = parser.parse_args(argv)
    embedder = embedder_from_spec(args.embedder)
    paths = default_paths(args.data, args.data_extra)
    windows = args.window or [Window(*w) for w in WINDOWS]
    print(f"simulated fusion, embedder {args.embedder}: R@1 / R@10")
    for name in args.datasets.split(","):
        dataset = ADAPTERS[name](paths[name], None)
        progress(f"{name}: {dataset.questions} questions")
        for window in windows:
            at1, at10 = score(dataset, embedder, window)
            print(f"{name:9} {window.label():28} {at1:.3f} / {at10:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
