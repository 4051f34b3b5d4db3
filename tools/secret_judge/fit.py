"""Fitting the judge's wide-and-deep model (graphmem/trust/secrets/judge.py) in numpy.

Weighted log-loss with L2, minibatch Adam, a fixed seed: the same data gives the same
weights. The gradients are written out by hand (bincount scatters them to the hashed
slots), so nothing beyond numpy is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from graphmem.trust.secrets.judge import Judge
from graphmem.trust.secrets.judge_features import DEEP, DIM
from tools.secret_judge.data import Matrix

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Settings:
    l2: float = 1e-4  # on every weight but the bias
    pos_weight: float = 2.0  # a secret token counts this many times a harmless one
    epochs: int = 30
    rate: float = 0.01
    batch: int = 4096  # tokens a step
    hidden: int = 16  # width of the deep part
    seed: int = 0
    labels: bool = True  # a number named by its own label is not the judge's either


@dataclass
class _Batch:
    slots: npt.NDArray[np.int64]
    starts: npt.NDArray[np.int64]
    rows: npt.NDArray[np.int64]  # the row of each slot
    y: Array


def _batches(x: Matrix, size: int, rng: np.random.Generator) -> list[_Batch]:
    lengths = x.lengths
    order = rng.permutation(len(x.y))
    out = []
    for at in range(0, len(order), size):
        rows = np.sort(order[at : at + size])
        lens = lengths[rows]
        pieces = [x.indices[a : a + n] for a, n in zip(x.starts[rows], lens, strict=True)]
        slots = np.concatenate(pieces)
        starts = np.concatenate([[0], np.cumsum(lens)[:-1]]).astype(np.int64)
        out.append(_Batch(slots, starts, np.repeat(np.arange(len(rows)), lens), x.y[rows]))
    return out


def fit(x: Matrix, s: Settings, threshold: float = 0.5, bare: float = 0.5) -> Judge:
    rng = np.random.default_rng(s.seed)
    p: dict[str, Array] = {
        "wide": np.zeros(DIM),
        "deep": rng.normal(0.0, 0.05, (DEEP, s.hidden)),
        "hidden": np.zeros(s.hidden),
        "out": rng.normal(0.0, 0.1, s.hidden),
    }
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(a) for k, a in p.items()}
    batches = _batches(x, s.batch, rng)
    total = float(np.where(x.y > 0, s.pos_weight, 1.0).sum()) / len(batches)
    step = 0
    for _ in range(s.epochs):
        for i in rng.permutation(len(batches)):
            b = batches[i]
            step += 1
            deep = b.slots & (DEEP - 1)
            embedded = np.add.reduceat(p["deep"][deep], b.starts) + p["hidden"]
            active = np.maximum(embedded, 0.0)
            z = np.add.reduceat(p["wide"][b.slots], b.starts) + active @ p["out"]
            dz = (1.0 / (1.0 + np.exp(-z)) - b.y) * np.where(b.y > 0, s.pos_weight, 1.0) / total
            g = {"wide": np.bincount(b.slots, weights=dz[b.rows], minlength=DIM)}
            g["out"] = active.T @ dz
            dh = np.outer(dz, p["out"]) * (embedded > 0)
            g["hidden"] = dh.sum(axis=0)
            spread = dh[b.rows]
            g["deep"] = np.stack(
                [np.bincount(deep, weights=spread[:, k], minlength=DEEP) for k in range(s.hidden)],
                axis=1,
            )
            g["wide"][1:] += s.l2 * p["wide"][1:]
            g["deep"] += s.l2 * p["deep"]
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k]
                hat = m[k] / (1 - 0.9**step) / (np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8)
                p[k] -= s.rate * hat
    return Judge(
        wide=p["wide"].astype(np.float32),
        deep=p["deep"].astype(np.float32),
        hidden=p["hidden"].astype(np.float32),
        out=p["out"].astype(np.float32),
        threshold=threshold,
        bare=bare,
    )
