"""What recall may see in the embedded store: the filter as numpy columns.

A namespace's facts (or episodes) become one column per filtered property, by
the rows of its :class:`~graphmem.store.indexes.Table`; the filter (validity at
``at``, belief at ``known_at``, status, scope, authority, sensitivity, review)
is a few vector comparisons. Removed rows carry NaN times, which no comparison
admits. The columns are built once per write and shared by a recall's channels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from graphmem.store.base import RecallFilter

TIME_COLUMNS = {
    "Fact": ("valid_from", "valid_until", "recorded_at", "retired_at", "review_at"),
    "Episode": ("occurred_at", "recorded_at"),
}
CODE_COLUMNS = {
    "Fact": ("status", "authority", "sensitivity", "scope"),
    "Episode": ("authority", "sensitivity"),
}


@dataclass(slots=True)
class Columns:
    """A namespace's facts or episodes as numpy columns, by row."""

    times: dict[str, Any]
    codes: dict[str, Any]
    vocab: dict[str, int]
    alive: Any

    @classmethod
    def build(cls, label: str, ids: list[str | None], nodes: Any) -> Columns:
        vocab: dict[str, int] = {}
        n = len(ids)
        nan = float("nan")
        times = {
            f: np.fromiter(
                (nan if i is None else nodes[i][f].timestamp() for i in ids), np.float64, n
            )
            for f in TIME_COLUMNS[label]
        }
        codes = {
            f: np.fromiter(
                # Episodes written before sensitivity was recorded count as normal.
                (
                    -1 if i is None else vocab.setdefault(nodes[i].get(f, "normal"), len(vocab))
                    for i in ids
                ),
                np.int64,
                n,
            )
            for f in CODE_COLUMNS[label]
        }
        alive = np.fromiter((i is not None for i in ids), bool, n)
        return cls(times=times, codes=codes, vocab=vocab, alive=alive)

    def _isin(self, column: str, allowed: tuple[str, ...]) -> Any:
        wanted = [self.vocab[v] for v in allowed if v in self.vocab]
        return np.isin(self.codes[column], wanted)

    def mask(self, where: RecallFilter) -> Any:
        at, known = where.point.at.timestamp(), where.point.known_at.timestamp()
        t = self.times
        if "occurred_at" in t:  # episodes: happened and recorded by then, authority floor
            return (
                self.alive
                & (t["occurred_at"] <= at)
                & (t["recorded_at"] <= known)
                & self._isin("authority", where.authorities)
                & self._isin("sensitivity", where.sensitivities)
            )
        mask = self.alive & (t["valid_from"] <= at) & (at < t["valid_until"])
        mask &= (t["recorded_at"] <= known) & (known < t["retired_at"])
        mask &= self._isin("status", where.statuses)
        mask &= self._isin("authority", where.authorities)
        mask &= self._isin("sensitivity", where.sensitivities)
        if where.scopes is not None:
            mask &= self._isin("scope", where.scopes)
        if not where.include_review:
            mask &= t["review_at"] > at
        return mask


@dataclass(frozen=True, slots=True)
class Admitted:
    """The rows recall may see under one filter: ``mask`` by row, and ``vector_rows``
    (admitted rows that have a vector)."""

    mask: Any
    vector_rows: Any
