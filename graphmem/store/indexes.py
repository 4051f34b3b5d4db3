"""The embedded store's recall indexes, and their files beside the snapshot.

Each namespace's facts and its episodes form a :class:`Table`: a stable row per
node, the node's unit vector in :class:`~graphmem.store.vectors.VectorRows` and
its words in :class:`~graphmem.store.keywords.KeywordRows`, under that row.

The files (``index/``) are derived data, written at each compaction for tables
of ``keywords.BASE_FROM`` nodes or more, and for smaller tables of many words (a
few long episodes), whose analysed words are kept in ``delta.json`` instead of a
tantivy base: ``manifest.json`` (sealed) names the snapshot
sequence they match, each table's ids by row, and a size and CRC for every
file. An open uses them only if the manifest matches the snapshot and every
file checks out; otherwise the tables are rebuilt from the graph. The manifest
is removed before any index file changes and written (tmp, fsync, rename) after
they all have, so a crash in between leaves no manifest, never a wrong one.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import zlib
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import faiss
import numpy as np
import orjson

from graphmem.store import vector_files
from graphmem.store.integrity import DamageFound, seal, unseal
from graphmem.store.keywords import KeywordRows
from graphmem.store.vector_files import GRAPH, VECTORS, Layout, write_file
from graphmem.store.vectors import VectorRows

_FORMAT = 1
INDEXED = ("Fact", "Episode")
DELTA_FILE_FROM = 20_000  # tokens: a table without a keyword base keeps its analysed words


class Table:
    """One namespace's nodes of one label, by row."""

    def __init__(self) -> None:
        self.ids: list[str | None] = []
        self.row_of: dict[str, int] = {}
        self.vectors = VectorRows()
        self.keywords = KeywordRows()

    def row(self, node_id: str) -> int:
        row = self.row_of.get(node_id)
        if row is None:
            row = self.row_of[node_id] = len(self.ids)
            self.ids.append(node_id)
        return row

    def remove(self, node_id: str) -> None:
        row = self.row_of.pop(node_id, None)
        if row is None:
            return
        self.ids[row] = None
        self.vectors.clear(row)
        self.keywords.remove(row, erase=True)

    def catch_up(self, *, force: bool = False) -> None:
        self.vectors.catch_up(len(self.ids), force=force)


def _name(label: str, namespace: str) -> str:
    return hashlib.sha256(f"{label}\x1f{namespace}".encode()).hexdigest()[:20]


def _crc(path: Path) -> tuple[int, int]:
    crc = 0
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 22):
            crc = zlib.crc32(chunk, crc)
    return path.stat().st_size, crc


def _files(
    folder: Path, known: dict[str, list[int]] | None = None, fresh: Iterable[str] = ()
) -> dict[str, list[int]]:
    """Size and CRC of every file of ``folder``; a vector file ``known`` from the last
    manifest is taken as it was unless ``fresh`` names it or its size changed (a wrong
    guess costs no more than a rebuild: the open that checks it finds the difference)."""
    known, fresh = known or {}, set(fresh)
    out = {}
    for p in sorted(folder.rglob("*")):
        if not p.is_file() or p.name.startswith(".tantivy"):
            continue
        name = str(p.relative_to(folder))
        was = known.get(name)
        # Only the vector files are large; the others change names as they are written.
        if name in (VECTORS, GRAPH) and name not in fresh and was and was[0] == p.stat().st_size:
            out[name] = was
        else:
            out[name] = list(_crc(p))
    return out


def _fsync_tree(folder: Path) -> None:
    for path in [*sorted(folder.rglob("*")), folder]:
        _fsync(path)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class IndexFiles:
    """``index/`` in a store folder."""

    def __init__(self, store: Path) -> None:
        self.folder = store / "index"
        self.manifest = self.folder / "manifest.json"
        # By table folder, as last written or read: where the vectors lie, the files'
        # sizes and CRCs, and the files changed in place since (a forget).
        self._layouts: dict[str, Layout | None] = {}
        self._checked: dict[str, dict[str, list[int]]] = {}
        self._touched: dict[str, set[str]] = {}

    def clear(self) -> None:
        if self.folder.exists():
            shutil.rmtree(self.folder)
            _fsync_tree(self.folder.parent)
        self._layouts, self._checked, self._touched = {}, {}, {}

    def erase(self, namespace: str, tables: dict[tuple[str, str], Table]) -> None:
        """A forget in ``namespace``: its tables' files lose what it may have taken — each
        vector changed since they were written is zeroed where they hold it, the keyword
        files are deleted — and the manifest goes first, so that an open rebuilds rather
        than trusts them. A cost of the rows changed, not of the files' size; ``close``
        writes them again."""
        if not self.folder.exists():
            return
        self.invalidate()
        # What changed is made durable, not every file (a forget at 100k facts fsynced some
        # fifty index files: 150 ms when a build's pages were still being written back):
        # the vectors zeroed are fsynced where they are written, and the folders whose
        # entries were removed here.
        changed = [self.folder]
        for (label, ns), table in tables.items():
            folder = self.folder / _name(label, ns)
            if ns != namespace or not folder.exists():
                continue
            layout = self._layouts.get(folder.name)
            vectors = table.vectors
            if layout is None or layout.dim != vectors.dim:
                shutil.rmtree(folder)
                continue
            changed.append(folder)
            vector_files.zero(folder, layout, vectors.changed)
            self._touched.setdefault(folder.name, set()).update((VECTORS, GRAPH))
            # A row erased is now zero in memory and in the files alike; one set again
            # since the files were written still differs from them.
            has = vectors.has
            vectors.changed = {r for r in vectors.changed if r < len(has) and has[r]}
            shutil.rmtree(folder / "keywords", ignore_errors=True)
            (folder / "delta.json").unlink(missing_ok=True)
            (folder / "terms.json").unlink(missing_ok=True)
        for path in changed:
            _fsync(path)

    def invalidate(self) -> None:
        """The manifest gone, durably, before any index file changes: an open then rebuilds
        rather than trusts them. Its folder's entry is all that changed."""
        if self.manifest.exists():
            self.manifest.unlink()
            _fsync(self.folder)

    def save(
        self,
        seq: int,
        tables: dict[tuple[str, str], Table],
        texts: Callable[[str, Table], Iterable[tuple[int, str]]],
    ) -> None:
        """Write every large table's files as of snapshot ``seq``; drop the others'."""
        if not any(_kept(table) for table in tables.values()):
            self.clear()  # small tables are rebuilt from the snapshot in no time
            return
        self.folder.mkdir(exist_ok=True)
        self.invalidate()
        entries = []
        keep = set()
        for (label, namespace), table in sorted(tables.items()):
            if not _kept(table):
                continue
            name = _name(label, namespace)
            keep.add(name)
            folder = self.folder / name
            folder.mkdir(exist_ok=True)
            table.catch_up()  # a short tail stays outside the graph: searched exactly
            vectors = table.vectors
            rows = min(len(table.ids), len(vectors.matrix))
            layout = self._layouts.get(name)
            # The vector files beside the keyword files: writing them and faiss let go of
            # the GIL, so on a second core the two overlap (a close after a build of 100k
            # facts writes both whole).
            with ThreadPoolExecutor(1, thread_name_prefix="graphmem-save") as pool:
                written = pool.submit(vector_files.write, folder, vectors, rows, layout)
                delta = self._save_keywords(folder, label, table, texts)
                fresh = set(written.result())
            fresh |= self._touched.pop(name, set())
            _fsync_tree(folder)
            self._layouts[name] = vector_files.layout_of(vectors, rows, folder)
            vectors.saved, vectors.changed = rows, set()
            files = _files(folder, self._checked.get(name), fresh)
            self._checked[name] = files
            entries.append(
                {
                    "label": label,
                    "namespace": namespace,
                    "name": name,
                    "ids": table.ids,
                    "ann_rows": vectors.ann_rows,
                    "base_rows": sorted(table.keywords.base_rows),
                    "base_tokens": table.keywords.base_tokens,
                    "delta": delta,
                    "files": files,
                }
            )
        for stray in self.folder.iterdir():  # tables now small, or gone
            if stray.is_dir() and stray.name not in keep:
                shutil.rmtree(stray)
        body = {"format": _FORMAT, "seq": seq, "tables": entries}
        write_file(self.manifest, seal(_json(body)))
        _fsync_tree(self.folder)

    @staticmethod
    def _save_keywords(
        folder: Path,
        label: str,
        table: Table,
        texts: Callable[[str, Table], Iterable[tuple[int, str]]],
    ) -> bool:
        """The table's keyword files; True when they are a delta on none (no base)."""
        delta = not table.keywords.wants_base()
        if delta:
            write_file(folder / "delta.json", orjson.dumps(_delta_of(table.keywords)))
            shutil.rmtree(folder / "keywords", ignore_errors=True)
            (folder / "terms.json").unlink(missing_ok=True)
        else:
            table.keywords.write_base(folder / "keywords", texts(label, table))
            (folder / "delta.json").unlink(missing_ok=True)
            terms = sorted(table.keywords.base_terms.items())
            write_file(folder / "terms.json", orjson.dumps(terms))
        return delta

    def load(self, seq: int) -> dict[tuple[str, str], Table] | None:
        """The tables as written at snapshot ``seq``, or None (then: rebuild)."""
        found = self.load_any()
        return found[1] if found is not None and found[0] == seq else None

    def load_any(self) -> tuple[int, dict[tuple[str, str], Table]] | None:
        """The tables as last written, and the snapshot sequence they match; None when
        there are none or they do not check out. (An open reads them while it reads the
        snapshot, and keeps them if the sequences match.)"""
        try:
            state = unseal(self.manifest.read_bytes(), self.manifest.name)
        except (OSError, DamageFound):
            return None
        if not isinstance(state, dict) or state.get("format") != _FORMAT:
            return None
        tables = {}
        layouts: dict[str, Layout | None] = {}
        checked: dict[str, dict[str, list[int]]] = {}
        try:
            for entry in state["tables"]:
                folder = self.folder / entry["name"]
                if _files(folder) != entry["files"]:
                    return None  # a file changed, went missing or appeared
                table = Table()
                table.ids = entry["ids"]
                table.row_of = {node: row for row, node in enumerate(table.ids) if node}
                vectors = table.vectors
                vectors.matrix = np.load(folder / "vectors.npy", allow_pickle=False)
                vectors.has = np.load(folder / "has.npy", allow_pickle=False)
                graph = folder / "ann.faiss"
                if graph.exists():
                    vectors.ann = faiss.read_index(str(graph))
                    vectors.ann_rows = int(entry["ann_rows"])
                vectors.saved = rows = len(vectors.matrix)
                layouts[entry["name"]] = vector_files.layout_of(vectors, rows, folder)
                checked[entry["name"]] = entry["files"]
                keywords = table.keywords
                if entry.get("delta"):
                    _restore_delta(keywords, orjson.loads((folder / "delta.json").read_bytes()))
                else:
                    keywords.base_rows = set(entry["base_rows"])
                    keywords.base_tokens = int(entry["base_tokens"])
                    keywords.open_base(folder / "keywords")
                    if (folder / "terms.json").exists():  # files written before it: none
                        terms = orjson.loads((folder / "terms.json").read_bytes())
                        keywords.base_terms = {int(row): str(body) for row, body in terms}
                tables[(entry["label"], entry["namespace"])] = table
            seq = int(state["seq"])
        except (OSError, ValueError, KeyError, RuntimeError, TypeError, AttributeError):
            return None
        self._layouts, self._checked, self._touched = layouts, checked, {}
        return seq, tables

    def holding(self, needle: str) -> list[str]:
        """The index files whose bytes contain ``needle`` (case-folded): a deletion audit."""
        if not self.folder.exists():
            return []
        wanted = needle.casefold().encode()
        return [
            str(path.relative_to(self.folder.parent))
            for path in sorted(self.folder.rglob("*"))
            if path.is_file() and wanted in path.read_bytes().lower()
        ]


def _kept(table: Table) -> bool:
    """Whether a table's files are worth writing: a keyword base, or words enough that
    analysing them again would slow an open (a few long episodes)."""
    return table.keywords.wants_base() or table.keywords.delta_tokens >= DELTA_FILE_FROM


def _delta_of(keywords: KeywordRows) -> dict[str, Any]:
    """The analysed words of a table without a keyword base: its rows' term counts."""
    return {"rows": [[row, dict(counts)] for row, counts in keywords.docs.items()]}


def _restore_delta(keywords: KeywordRows, value: Any) -> None:
    """Fill ``keywords`` from ``_delta_of``'s value, as ``KeywordRows.add`` would have."""
    postings: dict[str, set[int]] = {}
    for row, counts in value["rows"]:
        terms = Counter({str(term): int(n) for term, n in counts.items()})
        keywords.docs[int(row)] = terms
        keywords.lengths[int(row)] = length = terms.total()
        keywords.delta_tokens += length
        for term in terms:
            posting = postings.get(term)
            if posting is None:
                posting = postings[term] = set()
            posting.add(int(row))
    keywords.postings = postings


def _json(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()
