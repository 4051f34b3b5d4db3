"""What SQLite leaves of a row it moved: the unallocated space of the pages it wrote.

``secure_delete`` zeroes a deleted cell where it lies and a page when it is freed. One
place it does not reach: when a b-tree page is rebuilt (cells moved to a sibling as the
table grows or shrinks), the bytes between its cell pointers and its new cell content
still hold the cells as they were. They are copies of live rows, harmless until one of
those rows is forgotten; then they are the forgotten text, in a file graphmem owns.

So the store zeroes that space itself, in the pages SQLite wrote since it last did: the
WAL names each page a commit wrote (a frame header per page), so the work follows what
was written, never the size of the file. The space zeroed is what the file format
declares unused (the gap after the cell pointer array, and the body of each freeblock),
on pages whose header reads as a b-tree page; the file's records and SQLite's own
checks are unchanged by it. It is done only where every committed page is in the
database file (after a full checkpoint, no transaction open, the folder's lock held),
and the connection is opened again after it, so that no page cached from before is
written back with its old bytes.

A kill can fall between a checkpoint and the wipe, so the WAL is emptied only after
the wipe: a database opened with a WAL that holds frames has its every page wiped.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path

_BTREE = {2: 12, 5: 12, 10: 8, 13: 8}  # page type -> header length (interior, leaf)
_LARGEST = 1 << 24  # pages: above, an overflow page's first byte could look like a type
WIPE_EVERY = 4096  # pages written before the store wipes without waiting for a forget


class Unreadable(Exception):
    """The database's header does not read as a file whose pages can be wiped."""


class Layout:
    """Page size, usable size and whether pointer-map pages exist (auto-vacuum)."""

    def __init__(self, header: bytes) -> None:
        if len(header) < 100 or not header.startswith(b"SQLite format 3\x00"):
            raise Unreadable("no SQLite header")
        size = int.from_bytes(header[16:18], "big")
        self.page = 65536 if size == 1 else size
        if self.page < 512 or self.page & (self.page - 1):
            raise Unreadable(f"page size {size}")
        self.usable = self.page - header[20]
        self.pointer_maps = int.from_bytes(header[52:56], "big") != 0

    def is_pointer_map(self, page: int) -> bool:
        # Page 2, then one every usable/5 pages (each maps that many pages after it).
        return self.pointer_maps and page >= 2 and (page - 2) % (self.usable // 5 + 1) == 0


def unallocated(page: bytes, number: int, usable: int) -> list[tuple[int, int]]:
    """The unused ranges of one b-tree page, ``[]`` for any other page or one whose
    header does not hold together (nothing is written where the layout is unsure)."""
    at = 100 if number == 1 else 0
    length = _BTREE.get(page[at])
    if length is None:
        return []
    cells = int.from_bytes(page[at + 3 : at + 5], "big")
    content = int.from_bytes(page[at + 5 : at + 7], "big") or 65536
    start = at + length + 2 * cells
    if not start <= content <= usable:
        return []
    # Every cell must lie in the content area: a header damaged on disk (a count or a
    # start that changed) would otherwise make live bytes look unallocated.
    pointers = struct.unpack_from(f">{cells}H", page, at + length)
    if pointers and (min(pointers) < content or max(pointers) >= usable):
        return []
    ranges = [(start, content)] if start < content else []
    block = int.from_bytes(page[at + 1 : at + 3], "big")
    while block:
        following = int.from_bytes(page[block : block + 2], "big")
        size = int.from_bytes(page[block + 2 : block + 4], "big")
        if block < content or size < 4 or block + size > usable:
            return []
        if following and following <= block + size:
            return []  # a chain must move forward past each block
        ranges.append((block + 4, block + size))  # the block's header stays
        block = following
    return ranges


class Wiper:
    """The pages written since the last wipe, and the wipe."""

    def __init__(self, database: Path, *, everything: bool) -> None:
        self.database = database
        self.wal = database.with_name(database.name + "-wal")
        self.pending: set[int] = set()
        self.everything = everything  # every page: after a kill, or a store made before
        self._salt = b""
        self._offset = 0

    def note(self) -> None:
        """Add the pages of the frames appended to the WAL since the last call."""
        try:
            fd = os.open(self.wal, os.O_RDONLY)
        except FileNotFoundError:
            self._salt, self._offset = b"", 0
            return
        try:
            end = os.fstat(fd).st_size
            header = os.pread(fd, 32, 0)
            if len(header) < 32:
                self._salt, self._offset = b"", 0
                return
            frame = 24 + int.from_bytes(header[8:12], "big")
            salt = header[16:24]
            if salt != self._salt:  # a new WAL: its frames start after its header
                self._salt, self._offset = salt, 32
            at = self._offset
            while at + frame <= end:
                head = os.pread(fd, 24, at)
                if head[8:16] != salt:
                    break  # a frame of an earlier WAL the new one has not reached
                self.pending.add(int.from_bytes(head[0:4], "big"))
                at += frame
                if int.from_bytes(head[4:8], "big"):
                    # Resume after the last commit: frames past it may be rewritten by
                    # the next transaction (a rolled back one spilled them).
                    self._offset = at
        finally:
            os.close(fd)

    def due(self) -> bool:
        return self.everything or len(self.pending) >= WIPE_EVERY

    def wipe(self) -> int:
        """Zero the unallocated space of the pending pages in the database file (every
        committed page must be in it); the number of pages changed."""
        with open(self.database, "r+b", buffering=0) as handle:
            fd = handle.fileno()
            layout = Layout(os.pread(fd, 100, 0))
            count = os.fstat(fd).st_size // layout.page
            if count >= _LARGEST:
                raise Unreadable(f"{count} pages")
            pages = range(1, count + 1) if self.everything else sorted(self.pending)
            changed = 0
            for number, page in _read(fd, layout.page, pages, count):
                if layout.is_pointer_map(number):
                    continue
                dirty = False
                for start, end in unallocated(page, number, layout.usable):
                    if page.count(0, start, end) != end - start:
                        os.pwrite(fd, bytes(end - start), (number - 1) * layout.page + start)
                        dirty = True
                changed += dirty
            if changed:
                os.fsync(fd)
        self.pending.clear()
        self.everything = False
        return changed


def _read(fd: int, size: int, pages: Iterable[int], count: int) -> Iterator[tuple[int, bytes]]:
    """Each page that exists, read in runs of consecutive pages (one call per run)."""
    run: list[int] = []
    for number in pages:
        if number > count:
            continue
        if run and (number != run[-1] + 1 or len(run) == 256):
            yield from _run(fd, size, run)
            run = []
        run.append(number)
    if run:
        yield from _run(fd, size, run)


def _run(fd: int, size: int, run: list[int]) -> Iterator[tuple[int, bytes]]:
    data = os.pread(fd, size * len(run), (run[0] - 1) * size)
    for i, number in enumerate(run):
        yield number, data[i * size : (i + 1) * size]
