"""A table's vectors on disk: ``vectors.npy``, ``has.npy`` and the HNSW graph
``ann.faiss`` (indexes.py writes them beside the keyword files).

Written so that neither a forget nor a close costs the size of the files: a forget
zeroes the vectors it changed where the files hold them (the offsets are known, and
checked against the vectors in memory whenever the files are written or read), and a
close appends the rows added since and leaves the graph file as it is unless the graph
itself changed (rows added to it, or a vector in it set again). Anything else — another
dimension, a layout that does not check out, a header that would change length — is a
full rewrite.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO

import faiss
import numpy as np

from graphmem.store.vectors import VectorRows

VECTORS, HAS, GRAPH = "vectors.npy", "has.npy", "ann.faiss"


class Layout:
    """Where the files hold row ``r``'s vector: ``vectors.npy`` at ``header + r * width``
    for its ``rows`` rows, ``ann.faiss`` at ``codes + r * width`` for its ``ann_rows``
    (faiss writes an HNSW graph's flat storage last)."""

    def __init__(self, dim: int, rows: int, header: int, ann_rows: int, codes: int) -> None:
        self.dim, self.rows, self.header = dim, rows, header
        self.ann_rows, self.codes = ann_rows, codes

    @property
    def width(self) -> int:
        return 4 * self.dim


def layout_of(vectors: VectorRows, rows: int, folder: Path) -> Layout | None:
    """The layout of a table's files as written or read, checked against the vectors in
    memory; None when it is not as expected (a forget then deletes the files)."""
    width = 4 * vectors.dim
    header = (folder / VECTORS).stat().st_size - rows * width
    if vectors.matrix.dtype != np.dtype("<f4") or header <= 0:
        return None
    graph = folder / GRAPH
    if vectors.ann is None or not vectors.ann_rows or not graph.exists():
        return Layout(vectors.dim, rows, header, 0, 0)
    total = int(vectors.ann.ntotal)
    codes = graph.stat().st_size - total * width
    if codes <= 0:
        return None
    with graph.open("rb") as handle:
        handle.seek(codes)
        stored = handle.read(width)
    if stored != np.ascontiguousarray(vectors._ann_view()[0]).tobytes():
        return None
    return Layout(vectors.dim, rows, header, total, codes)


def zero(folder: Path, layout: Layout, rows: Iterable[int]) -> None:
    """Zero ``rows``' vectors where the files hold them, fsynced."""
    rows = sorted(rows)
    spots = [(VECTORS, layout.header, layout.rows), (GRAPH, layout.codes, layout.ann_rows)]
    for name, start, count in spots:
        inside = [r for r in rows if r < count]
        if not inside:
            continue
        fd = os.open(folder / name, os.O_WRONLY)
        try:
            for row in inside:
                os.pwrite(fd, bytes(layout.width), start + row * layout.width)
            os.fsync(fd)
        finally:
            os.close(fd)


def write(folder: Path, vectors: VectorRows, rows: int, layout: Layout | None) -> list[str]:
    """The table's vector files as of now, written as little as they allow; the names of
    the files changed."""
    written = [HAS]
    write_file(folder / HAS, npy(vectors.has[:rows]))
    matrix = vectors.matrix[:rows]
    graph = folder / GRAPH
    same_graph = (
        not graph.exists()
        if vectors.ann is None
        else layout is not None and layout.ann_rows == vectors.ann_rows and graph.exists()
    )
    if (
        layout is not None
        and layout.dim == vectors.dim
        and not vectors.changed
        and layout.rows <= len(matrix)
        and same_graph
        and (folder / VECTORS).exists()
    ):
        if len(matrix) == layout.rows:
            return written
        if _append(folder / VECTORS, layout, matrix):
            return [*written, VECTORS]
    write_array(folder / VECTORS, matrix)
    written.append(VECTORS)
    if vectors.ann is not None:
        tmp = graph.with_name(GRAPH + ".tmp")
        faiss.write_index(vectors.ann, str(tmp))
        with tmp.open("rb+") as handle:
            os.fsync(handle.fileno())
        tmp.replace(graph)
        written.append(GRAPH)
    else:
        graph.unlink(missing_ok=True)
    return written


def _append(path: Path, layout: Layout, matrix: Any) -> bool:
    """Rows ``[layout.rows, len(matrix))`` written after the file's rows, its header
    saying the new shape; False (nothing written) when that header has another length."""
    out = io.BytesIO()
    header = {"descr": "<f4", "fortran_order": False, "shape": matrix.shape}
    np.lib.format.write_array_header_1_0(out, header)
    if len(out.getvalue()) != layout.header:
        return False
    fd = os.open(path, os.O_WRONLY)
    try:
        tail = np.ascontiguousarray(matrix[layout.rows :]).tobytes()
        os.pwrite(fd, tail, layout.header + layout.rows * layout.width)
        os.pwrite(fd, out.getvalue(), 0)
        os.fsync(fd)
    finally:
        os.close(fd)
    return True


def npy(array: Any) -> bytes:
    out = io.BytesIO()
    np.save(out, np.ascontiguousarray(array), allow_pickle=False)
    return out.getvalue()


def write_array(path: Path, array: Any) -> None:
    """``array`` as ``.npy`` in ``path``, whole or not at all, without a copy in memory."""
    _whole(path, lambda handle: np.save(handle, np.ascontiguousarray(array), allow_pickle=False))


def write_file(path: Path, data: bytes) -> None:
    """``data`` in ``path`` whole or not at all."""
    _whole(path, lambda handle: handle.write(data))


def _whole(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """What ``write`` writes in ``path`` whole or not at all (a temporary file, fsynced,
    renamed)."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as handle:
        write(handle)
        handle.flush()
        os.fsync(handle.fileno())
    tmp.replace(path)
