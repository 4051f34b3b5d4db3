"""Ranking a channel's candidate rows in the embedded store over numpy arrays.

The keyword and entity channels order their hits by channel score, then cosine to
the query, then id. A named hub (a city, a company) brings thousands of facts to
the entity channel; scoring them one row at a time in Python was most of a recall
at 100k facts. Here a batched product picks the few rows that can reach the top
``limit``, and only those get the one-row product every hit reported before, so a
recall returns the same hits with the same similarities, to the last bit.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graphmem.store.vectors import VectorRows

# A batched float32 product and a one-row one may differ in the last bits; for unit
# vectors by at most about dims x 6e-8. Rows this close to the cut are re-scored one by one.
_SLACK = 1e-3


def best_rows(
    vectors: VectorRows,
    ids: list[str | None],
    rows: Any,
    scores: Any,
    *,
    query: Any,
    limit: int,
) -> list[tuple[int, float, float]]:
    """The best ``limit`` of ``rows`` (with channel ``scores``) as (row, similarity,
    score): score descending, then similarity to the unit ``query`` (0 for a row
    without a vector, or when ``query`` is None) descending, then id ascending."""
    rows = np.asarray(rows, dtype=np.int64)
    scores = np.asarray(scores, dtype=np.float64)
    if not len(rows) or limit <= 0:
        return []
    has = np.zeros(len(rows), dtype=bool)
    if query is not None:
        inside = rows < len(vectors.has)
        has[inside] = vectors.has[rows[inside]]
    if len(rows) > limit:
        # Rows scoring above the limit-th best score are in; rows below it are out; among
        # those tied with it (a named hub's facts all score 1), the cosine decides.
        threshold = np.partition(scores, len(scores) - limit)[len(scores) - limit]
        keep = scores > threshold
        tied = np.flatnonzero(scores == threshold)
        places = limit - int(keep.sum())
        if len(tied) > places:
            approx = np.zeros(len(tied), dtype=np.float64)
            stored = has[tied]
            if stored.any():
                approx[stored] = vectors.matrix[rows[tied[stored]]] @ query
            cut = np.partition(approx, len(tied) - places)[len(tied) - places]
            tied = tied[approx >= cut - _SLACK]
        keep[tied] = True
        rows, scores, has = rows[keep], scores[keep], has[keep]
    matrix = vectors.matrix
    found = [
        (int(row), float(matrix[row] @ query) if stored else 0.0, float(score))
        for row, score, stored in zip(rows.tolist(), scores.tolist(), has.tolist(), strict=True)
    ]
    found.sort(key=lambda hit: (-hit[2], -hit[1], ids[hit[0]] or ""))
    return found[:limit]
