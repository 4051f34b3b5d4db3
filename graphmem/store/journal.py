"""Durability for the embedded store: a snapshot plus an append-only journal.

Each write is one journal line carrying its sequence number and a CRC of its
payload, flushed and fsynced before the write returns. A line cut short by a
crash fails its CRC and is dropped on the next open, so a half-written change
never reaches the graph, and every change that returned is replayed. The
snapshot is replaced atomically (write, fsync, rename) and names the last
sequence it contains, so a crash between snapshot and journal truncation
replays nothing twice. Compaction also erases forgotten content from disk.

One process at a time: an exclusive ``flock`` on ``lock`` guards the folder.
"""

from __future__ import annotations

import fcntl
import os
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from graphmem.errors import StoreCorrupt, StoreLocked
from graphmem.records import dumps, loads

_FORMAT = 1


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Journal:
    """The files behind one embedded store folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._lock = self._acquire(folder / "lock")
        self.snapshot_path = folder / "snapshot.json"
        self.journal_path = folder / "journal.jsonl"
        self._out: IO[bytes] | None = None
        self.entries = 0

    @staticmethod
    def _acquire(path: Path) -> IO[str]:
        handle = path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            handle.close()
            if holder == str(os.getpid()):
                raise StoreLocked(
                    f"the embedded store at {path.parent} is already open in this process; "
                    "share that Memory (it is thread-safe) or close it first"
                ) from exc
            raise StoreLocked(
                f"the embedded store at {path.parent} is open in another process (pid {holder}); "
                "close it there, or point GRAPHMEM_PATH at another folder"
            ) from exc
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        return handle

    def read_snapshot(self) -> tuple[int, Any]:
        if not self.snapshot_path.exists():
            return 0, None
        try:
            data = loads(self.snapshot_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise StoreCorrupt(f"cannot read {self.snapshot_path}: {exc}") from exc
        if data.get("format") != _FORMAT:
            raise StoreCorrupt(f"{self.snapshot_path} has format {data.get('format')!r}")
        return int(data["seq"]), data["state"]

    def replay(self, after: int) -> Iterator[tuple[int, Any]]:
        """Yield (seq, payload) of intact entries past ``after``; cut a torn tail."""
        if not self.journal_path.exists():
            return
        good = 0
        with self.journal_path.open("rb") as handle:
            for raw in handle:
                entry = self._parse(raw)
                if entry is None:
                    break
                good += len(raw)
                self.entries += 1
                if entry[0] > after:
                    yield entry
        if good != self.journal_path.stat().st_size:
            # A torn last line from a crash: it never returned, so it never happened.
            with self.journal_path.open("r+b") as handle:
                handle.truncate(good)
                handle.flush()
                os.fsync(handle.fileno())

    @staticmethod
    def _parse(raw: bytes) -> tuple[int, Any] | None:
        if not raw.endswith(b"\n"):
            return None
        try:
            seq_text, crc_text, body = raw.rstrip(b"\n").split(b" ", 2)
            if zlib.crc32(body) != int(crc_text):
                return None
            return int(seq_text), loads(body.decode("utf-8"))
        except ValueError:
            return None

    def append(self, seq: int, payload: Any) -> None:
        body = dumps(payload).encode("utf-8")
        line = b"%d %d %s\n" % (seq, zlib.crc32(body), body)
        if self._out is None:
            self._out = self.journal_path.open("ab")
        handle = self._out
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())
        self.entries += 1

    def compact(self, seq: int, state: Any) -> None:
        """Write a snapshot as of ``seq`` and empty the journal."""
        tmp = self.snapshot_path.with_suffix(".tmp")
        with tmp.open("w", encoding="utf-8") as handle:
            handle.write(dumps({"format": _FORMAT, "seq": seq, "state": state}))
            handle.flush()
            os.fsync(handle.fileno())
        tmp.replace(self.snapshot_path)
        _fsync_dir(self.folder)
        if self._out is not None:
            self._out.close()
            self._out = None
        with self.journal_path.open("w", encoding="utf-8") as handle:
            handle.flush()
            os.fsync(handle.fileno())
        self.entries = 0

    def texts_on_disk(self, namespace: str) -> Iterator[tuple[str, str]]:
        """(file, text) of every record on disk that belongs to ``namespace``: what a
        deletion audit scans, straight from the files."""
        _, state = self.read_snapshot()
        if state is not None:
            inside = {n["id"] for n in state["nodes"] if n.get("namespace") == namespace}
            for node in state["nodes"]:
                if node["id"] in inside:
                    yield self.snapshot_path.name, dumps(node)
            for edge in state["edges"]:
                if edge["source"] in inside or edge["target"] in inside:
                    yield self.snapshot_path.name, dumps(edge)
        if self.journal_path.exists():
            with self.journal_path.open("rb") as handle:
                for raw in handle:
                    entry = self._parse(raw)
                    if entry is not None and entry[1].get("namespace") == namespace:
                        yield self.journal_path.name, raw.decode("utf-8", "replace")

    def read_meta(self, name: str) -> Any:
        path = self.folder / f"{name}.json"
        if not path.exists():
            return None
        try:
            return loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise StoreCorrupt(f"cannot read {path}: {exc}") from exc

    def write_meta(self, name: str, value: Any, *, private: bool = False) -> None:
        """Replace ``<name>.json`` atomically; ``private`` files are readable by the owner only."""
        path = self.folder / f"{name}.json"
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(dumps(value))
            handle.flush()
            os.fsync(handle.fileno())
        tmp.replace(path)
        _fsync_dir(self.folder)

    def remove_strays(self) -> int:
        """Delete the ``*.tmp`` files of replacements a crash interrupted (they may hold
        text the replaced file no longer does); how many."""
        stray = list(self.folder.glob("*.tmp"))
        for path in stray:
            path.unlink(missing_ok=True)
        if stray:
            _fsync_dir(self.folder)
        return len(stray)

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None
        fcntl.flock(self._lock, fcntl.LOCK_UN)
        self._lock.close()
