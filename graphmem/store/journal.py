"""The embedded store's old format: a snapshot plus an append-only journal. Stores
are SQLite databases now (``graphmem.store.embedded.storage``); this is read to move
an older folder (``embedded/migrate.py``) and by ``graphmem doctor`` / ``repair``.

Each write is one journal line carrying its sequence number and a CRC, flushed
and fsynced before the write returns (the line format, and which damage may be
dropped, are in ``graphmem.store.integrity``). On open the whole journal is
checked before anything is replayed: a torn tail (bytes after the last newline,
never acknowledged) is cut, and any other damage raises ``StoreCorrupt`` naming
the file and byte offset and leaves the store's files as they were (only the
lock records the opener), so no acknowledged write is ever dropped silently.
The snapshot is replaced atomically (write, fsync, rename), is sealed with a
CRC, and names the last sequence it contains, so a crash between snapshot and
journal truncation replays nothing twice. Its vectors travel in the same file,
after the JSON and under the same CRC (format 2, ``graphmem.store.snapshot``);
format 1 snapshots (vectors as text in the nodes) are still read, and rewritten
at the next compaction, at the latest when the store closes. Compaction also erases forgotten
content from disk; a reopen finishes an interrupted one (see
``EmbeddedStore``), and leftover ``*.tmp`` files of an interrupted replacement
(which may hold forgotten text) are deleted as soon as the files have read back
intact.

One process at a time: an exclusive ``flock`` on ``lock`` guards the folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from graphmem.errors import StoreCorrupt
from graphmem.store.integrity import (
    Damage,
    DamageFound,
    JournalScan,
    scan_journal,
    seal,
    seal_line,
    unseal,
    unseal_parts,
)
from graphmem.store.lock import acquire, release
from graphmem.store.rows import dumps
from graphmem.store.snapshot import (
    decode_records,
    encode_records,
    pack_vectors,
    raw_loads,
    unpack_vectors,
)

SNAPSHOT_FORMAT = 2  # 1: vectors as base64 text inside the nodes (still read)
_READS = (1, 2)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a snapshot holds: the records up to ``seq``, the graph's ``state``
    (``None``: no snapshot yet), and the vectors by node id (format 1 keeps them in
    the nodes instead)."""

    seq: int
    state: Any
    vectors: dict[str, Any]
    format: int = SNAPSHOT_FORMAT


def read_snapshot(data: bytes, name: str) -> Snapshot:
    """A snapshot file's content; :class:`DamageFound` when it is damaged or of a
    format this version does not read."""
    value, tail = unseal_parts(data, name, raw_loads)
    if not isinstance(value, dict) or value.get("format") not in _READS or "state" not in value:
        raise DamageFound(Damage(name, 0, "not a snapshot this version reads"))
    try:
        decode_records(value["state"], value["records"] if value["format"] > 1 else None)
        vectors = unpack_vectors(value.get("vectors") or [], tail)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise DamageFound(Damage(name, 0, f"the snapshot's layout is not intact ({exc})")) from exc
    return Snapshot(int(value["seq"]), value["state"], vectors, int(value["format"]))


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class Replay:
    """What an open found in the journal: entries past the snapshot, and how many
    the snapshot already holds (left by a compaction a kill interrupted)."""

    fresh: list[tuple[int, Any]]
    stale: int


def against_snapshot(scan: JournalScan, snapshot_seq: int, name: str) -> list[Damage]:
    """Damage in how the journal continues the snapshot: a gap, or a journal that
    ends before it (a compaction empties the journal, so that cannot happen)."""
    if not scan.records:
        return []
    first, last = scan.records[0], scan.records[-1]
    if first.seq > snapshot_seq + 1:
        reason = f"the journal starts at record {first.seq}, the snapshot ends at {snapshot_seq}"
        return [Damage(name, first.offset, reason, (snapshot_seq + 1, first.seq - 1))]
    if last.seq < snapshot_seq:
        reason = f"the journal ends at record {last.seq}, before the snapshot ({snapshot_seq})"
        return [Damage(name, last.offset, reason, None)]
    return []


class Journal:
    """The files behind one embedded store folder."""

    def __init__(self, folder: Path, *, lock: bool = True) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        # lock=False: read by a store that holds the folder's lock already (a migration).
        self._lock = acquire(folder) if lock else None
        self.snapshot_path = folder / "snapshot.json"
        self.journal_path = folder / "journal.jsonl"
        self._out: IO[bytes] | None = None
        self.entries = 0

    def read_snapshot(self) -> Snapshot:
        if not self.snapshot_path.exists():
            return Snapshot(0, None, {})
        try:
            return read_snapshot(self.snapshot_path.read_bytes(), self.snapshot_path.name)
        except DamageFound as exc:
            raise exc.damage.error(self.folder) from exc
        except OSError as exc:
            raise StoreCorrupt(f"cannot read {self.snapshot_path}: {exc}") from exc

    def _sealed(self, path: Path) -> Any:
        try:
            return unseal(path.read_bytes(), path.name)
        except DamageFound as exc:
            raise exc.damage.error(self.folder) from exc
        except OSError as exc:
            raise StoreCorrupt(f"cannot read {path}: {exc}") from exc

    def replay(self, after: int, *, cut: bool = True) -> Replay:
        """Check the whole journal, cut a torn tail (``cut``), and return its entries;
        raise ``StoreCorrupt`` (changing nothing) on any other damage."""
        data = self.journal_path.read_bytes() if self.journal_path.exists() else b""
        scan = scan_journal(data, self.journal_path.name)
        damage = scan.damage or against_snapshot(scan, after, self.journal_path.name)
        if damage:
            raise damage[0].error(self.folder)
        if not cut:
            return Replay([(r.seq, r.payload) for r in scan.records if r.seq > after], 0)
        self.remove_strays()  # only once all read back: a refused store is left as it was
        if scan.torn_at is not None:
            # A torn last line from a crash: it never returned, so it never happened.
            with self.journal_path.open("r+b") as handle:
                handle.truncate(scan.torn_at)
                handle.flush()
                os.fsync(handle.fileno())
        self.entries = len(scan.records)
        fresh = [(r.seq, r.payload) for r in scan.records if r.seq > after]
        return Replay(fresh, len(scan.records) - len(fresh))

    def append(self, seq: int, payload: Any) -> None:
        line = seal_line(seq, dumps(payload).encode("utf-8"))
        if self._out is None:
            self._out = self.journal_path.open("ab")
        handle = self._out
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())
        self.entries += 1

    def compact(self, seq: int, state: Any, vectors: Iterable[tuple[str, Any]] = ()) -> None:
        """Write a snapshot as of ``seq`` (the graph's ``state`` and the ``vectors`` by
        node id) and empty the journal."""
        tmp = self.snapshot_path.with_suffix(".tmp")
        groups, blob = pack_vectors(vectors)
        graph = {k: v for k, v in state.items() if k not in ("nodes", "edges")}
        records = encode_records(state)
        body = dumps(
            {
                "format": SNAPSHOT_FORMAT,
                "seq": seq,
                "state": graph,
                "records": records,
                "vectors": groups,
            }
        )
        with tmp.open("wb") as handle:
            handle.write(seal(body.encode(), blob))
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
        state = self.read_snapshot().state
        if state is not None:
            inside = {n["id"] for n in state["nodes"] if n.get("namespace") == namespace}
            for node in state["nodes"]:
                if node["id"] in inside:
                    yield self.snapshot_path.name, dumps(node)
            for source, target, key, properties in state["edges"]:
                if source in inside or target in inside:
                    edge = {**properties, "source": source, "target": target, "key": key}
                    yield self.snapshot_path.name, dumps(edge)
        if self.journal_path.exists():
            data = self.journal_path.read_bytes()
            for record in scan_journal(data).records:
                if record.payload.get("namespace") == namespace:
                    raw = data[record.offset : record.end]
                    yield self.journal_path.name, raw.decode("utf-8", "replace")

    def read_meta(self, name: str) -> Any:
        path = self.folder / f"{name}.json"
        if not path.exists():
            return None
        return self._sealed(path)

    def write_meta(self, name: str, value: Any, *, private: bool = False) -> None:
        """Replace ``<name>.json`` atomically; ``private`` files are readable by the owner only."""
        path = self.folder / f"{name}.json"
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(seal(dumps(value).encode("utf-8")))
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
        if self._lock is not None:
            release(self._lock)
