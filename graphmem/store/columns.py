"""What recall may see in the embedded store: the filter as numpy columns.

A namespace's facts (or episodes) become one column per filtered property, by
the rows of its :class:`~graphmem.store.indexes.Table`; the filter (validity at
``at``, belief at ``known_at``, status, scope, authority, sensitivity, review)
is a few vector comparisons. Removed rows carry NaN times, which no comparison
admits. The columns are built once, refreshed row by row after a write, and
shared by a recall's channels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    # The part of a mask that does not depend on time, by filter: recalls between two
    # writes differ only in their instant ("now"), so they share it.
    _fixed: dict[tuple[Any, ...], Any] = field(default_factory=dict)

    @classmethod
    def build(cls, label: str, ids: list[str | None], nodes: dict[str, dict[str, Any]]) -> Columns:
        """``nodes``: the node dicts by id (the graph's own dict: a view's lookup costs a
        second at 100k facts, on the first recall after an open)."""
        vocab: dict[str, int] = {}
        n = len(ids)
        nan = float("nan")
        rows = [None if i is None else nodes[i] for i in ids]
        times = {
            f: np.fromiter((nan if d is None else d[f].timestamp() for d in rows), np.float64, n)
            for f in TIME_COLUMNS[label]
        }
        codes = {
            f: np.fromiter(
                # Episodes written before sensitivity was recorded count as normal.
                (
                    -1 if d is None else vocab.setdefault(d.get(f, "normal"), len(vocab))
                    for d in rows
                ),
                np.int64,
                n,
            )
            for f in CODE_COLUMNS[label]
        }
        alive = np.fromiter((d is not None for d in rows), bool, n)
        return cls(times=times, codes=codes, vocab=vocab, alive=alive)

    def refresh(
        self, ids: list[str | None], nodes: dict[str, dict[str, Any]], rows: set[int]
    ) -> None:
        """Catch up with a table that grew to ``ids`` and whose ``rows`` changed (patched,
        removed); every other row is as :meth:`build` made it."""
        have, n = len(self.alive), len(ids)
        if n > have:
            extra = n - have
            nan = np.full(extra, float("nan"))
            self.times = {f: np.concatenate([c, nan]) for f, c in self.times.items()}
            none = np.full(extra, -1, dtype=np.int64)
            self.codes = {f: np.concatenate([c, none]) for f, c in self.codes.items()}
            self.alive = np.concatenate([self.alive, np.zeros(extra, dtype=bool)])
        vocab = self.vocab
        for row in sorted(rows | set(range(have, n))):
            node = ids[row]
            data = None if node is None else nodes[node]
            for f, column in self.times.items():
                column[row] = float("nan") if data is None else data[f].timestamp()
            for f, column in self.codes.items():
                if data is None:
                    column[row] = -1
                else:
                    column[row] = vocab.setdefault(data.get(f, "normal"), len(vocab))
            self.alive[row] = data is not None
        self._fixed.clear()

    def _isin(self, column: str, allowed: tuple[str, ...]) -> Any:
        # A lookup table by code: the last entry answers removed rows (code -1).
        table = np.zeros(len(self.vocab) + 1, dtype=bool)
        table[[self.vocab[v] for v in allowed if v in self.vocab]] = True
        return table[self.codes[column]]

    def _codes(self, where: RecallFilter) -> Any:
        """Alive rows whose status, scope, authority and sensitivity the filter admits."""
        key = (where.statuses, where.authorities, where.sensitivities, where.scopes)
        fixed = self._fixed.get(key)
        if fixed is None:
            fixed = self.alive & self._isin("authority", where.authorities)
            fixed &= self._isin("sensitivity", where.sensitivities)
            if "status" in self.codes:  # facts
                fixed &= self._isin("status", where.statuses)
                if where.scopes is not None:
                    fixed &= self._isin("scope", where.scopes)
            if len(self._fixed) > 16:
                self._fixed.clear()
            self._fixed[key] = fixed
        return fixed

    def mask(self, where: RecallFilter) -> Any:
        """A new array: the caller may change it."""
        at, known = where.point.at.timestamp(), where.point.known_at.timestamp()
        t = self.times
        if "occurred_at" in t:  # episodes: happened and recorded by then, authority floor
            return self._codes(where) & (t["occurred_at"] <= at) & (t["recorded_at"] <= known)
        mask = self._codes(where) & (t["valid_from"] <= at)
        mask &= at < t["valid_until"]
        mask &= t["recorded_at"] <= known
        mask &= known < t["retired_at"]
        if not where.include_review:
            mask &= t["review_at"] > at
        return mask


@dataclass(frozen=True, slots=True)
class Admitted:
    """The rows recall may see under one filter: ``mask`` by row, and ``vector_rows``
    (admitted rows that have a vector)."""

    mask: Any
    vector_rows: Any
