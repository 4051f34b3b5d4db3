"""The embedded store's vectors: one float32 matrix per namespace and label, searched
exactly when small and through a faiss HNSW graph when large.

Rows are stable (a node keeps its row until it is removed; removed rows are zeroed,
never reused in an open store), so the recall filter's columns, this matrix and the
keyword index share row numbers. The HNSW graph covers rows ``[0, ann_rows)``; rows
written since are searched exactly and merged in, so a query never waits for the
graph to catch up. The filter runs *inside* the HNSW search (an ``IDSelectorBitmap``
over the admitted rows): a result is never lost because rows the filter refuses
crowded it out. A selective filter (few rows admitted) is answered exactly.

A forgotten node's vector is zeroed in the matrix and in the graph's own storage,
so the files written at the next compaction hold no trace of it.
"""

from __future__ import annotations

from typing import Any

import faiss
import numpy as np
from threadpoolctl import ThreadpoolController

# Below this many admitted rows an exact product is as fast as the graph and exact.
EXACT_BELOW = 20_000
# Rows written since the graph last caught up are added once there are this many.
CATCH_UP = 4096
_M = 16  # HNSW links per node: build time and memory against accuracy
_EF_CONSTRUCTION = 40
_EF_SEARCH = 96

faiss.omp_set_num_threads(1)  # small batches and single queries: threads cost more than they save


def unit(vector: Any) -> Any:
    array = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(array))
    return array / norm if norm else array


class VectorRows:
    """Unit vectors by row, and the HNSW graph over the older rows."""

    def __init__(self) -> None:
        self.matrix: Any = np.zeros((0, 0), dtype=np.float32)
        self.has: Any = np.zeros(0, dtype=bool)
        self.ann: Any = None
        self.ann_rows = 0
        # Rows of the index files (``saved``) whose vector changed since they were
        # written: where the files hold a vector a forget must erase (indexes.py).
        self.saved = 0
        self.changed: set[int] = set()

    @property
    def dim(self) -> int:
        return int(self.matrix.shape[1])

    def _grow(self, rows: int, dim: int) -> None:
        if dim != self.dim and self.has.any():
            # Another embedder (graphmem reembed): the old vectors mean nothing now.
            self.__init__()  # type: ignore[misc]
        have = self.matrix.shape[0]
        if rows <= have and dim == self.dim:
            return
        size = max(rows, 2 * have, 64)
        matrix = np.zeros((size, dim), dtype=np.float32)
        flags = np.zeros(size, dtype=bool)
        if dim == self.dim:
            matrix[:have] = self.matrix
            flags[:have] = self.has
        self.matrix, self.has = matrix, flags

    def set(self, row: int, vector: Any) -> None:
        vec = unit(vector)
        self._grow(row + 1, len(vec))
        self.matrix[row] = vec
        self.has[row] = True
        if row < self.saved:
            self.changed.add(row)
        if row < self.ann_rows:
            self._ann_view()[row] = vec

    def clear(self, row: int) -> None:
        if row < self.saved:
            self.changed.add(row)
        if row < len(self.has):
            self.matrix[row] = 0.0
            self.has[row] = False
        if row < self.ann_rows:
            self._ann_view()[row] = 0.0  # erased from the graph's storage too

    def get(self, row: int) -> Any:
        return self.matrix[row] if row < len(self.has) and self.has[row] else None

    def _ann_view(self) -> Any:
        storage: Any = faiss.downcast_index(self.ann.storage)
        raw = faiss.rev_swig_ptr(storage.codes.data(), self.ann.ntotal * self.dim * 4)
        return raw.view(np.float32).reshape(self.ann.ntotal, self.dim)

    def catch_up(self, rows: int, *, force: bool = False) -> None:
        """Add rows ``[ann_rows, rows)`` to the graph once the namespace is large."""
        if not self.has.any() or int(self.has[:rows].sum()) < EXACT_BELOW:
            return
        if not force and rows - self.ann_rows < CATCH_UP:
            return
        if self.ann is None:
            self.ann = faiss.IndexHNSWFlat(self.dim, _M, faiss.METRIC_INNER_PRODUCT)
            self.ann.hnsw.efConstruction = _EF_CONSTRUCTION
        if rows > self.ann_rows:
            self.ann.add(np.ascontiguousarray(self.matrix[self.ann_rows : rows]))
            self.ann_rows = rows

    def search(self, query: Any, admitted: Any, limit: int) -> list[tuple[int, float]]:
        """The best ``limit`` (row, similarity) among ``admitted`` rows (with vectors)."""
        if not len(admitted) or limit <= 0:
            return []
        q = unit(query)
        if len(q) != self.dim:
            return []
        if self.ann is None or len(admitted) < EXACT_BELOW:
            return _top(admitted, self._exact(admitted, q), limit)
        old = admitted[admitted < self.ann_rows]
        new = admitted[admitted >= self.ann_rows]
        mask = np.zeros(self.ann_rows, dtype=bool)
        mask[old] = True
        bitmap = np.packbits(mask, bitorder="little")
        params = faiss.SearchParametersHNSW(  # type: ignore[attr-defined]
            sel=faiss.IDSelectorBitmap(self.ann_rows, faiss.swig_ptr(bitmap)),
            efSearch=max(_EF_SEARCH, 2 * limit),
        )
        sims, rows = self.ann.search(q[None, :], limit, params=params)
        found = [(int(r), float(s)) for r, s in zip(rows[0], sims[0], strict=True) if r >= 0]
        if len(found) < min(limit, len(old)):  # the graph came up short: answer exactly
            return _top(admitted, self._exact(admitted, q), limit)
        if len(new):
            found += _top(new, self._exact(new, q), limit)
            found.sort(key=lambda hit: (-hit[1], hit[0]))
        return found[:limit]

    def _exact(self, rows: Any, q: Any) -> Any:
        # One query: waking BLAS threads costs more than it saves (bench/recall_latency.py).
        with _BLAS.limit(limits=1, user_api="blas"):
            if len(rows) * 4 < len(self.has):
                return self.matrix[rows] @ q  # gathering few rows is cheaper than all
            return (self.matrix @ q)[rows]


_BLAS = ThreadpoolController()


def _top(rows: Any, similarity: Any, limit: int) -> list[tuple[int, float]]:
    top = min(limit, len(similarity))
    order = np.argpartition(-similarity, top - 1)[:top]
    order = order[np.lexsort((rows[order], -similarity[order]))]
    return [(int(rows[i]), float(similarity[i])) for i in order]
