"""``graphmem doctor`` and ``graphmem repair``: what is intact in an embedded store
folder, and a salvage of it into a new folder.

Both only read the damaged folder: no truncation, no lock taken over, nothing
written there. A store open in a live process is refused (its files may be
changing).

A store of the database format (``store.db``): ``doctor`` runs SQLite's ``PRAGMA
integrity_check`` and checks every row's checksum and the row counts the last commit
recorded; ``repair`` copies every row that reads back intact into a new store (first
through the ``sqlite3`` command's ``.recover`` when it is installed, which reads past
damaged b-tree pages), dropping relationships and vectors whose node was lost.

A folder of the old format (journal and snapshot, moved to the database on its next
open): ``repair`` writes a new store holding the readable snapshot and every
journal record whose content is intact, in sequence order (``graphmem.store.salvage``
says how intact content is told from damaged). A record that refers to something
lost keeps its part that still applies, and every slot such a record touched is
derived again from the statements that survived.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from graphmem.errors import InvalidArgument, StoreLocked
from graphmem.model import Actor
from graphmem.store.changes import ChangeSet
from graphmem.store.embedded import EmbeddedStore, damage, migrate, storage
from graphmem.store.integrity import Damage, DamageFound, Record, scan_journal, unseal
from graphmem.store.journal import Journal, against_snapshot, read_snapshot
from graphmem.store.lock import acquire, release
from graphmem.store.salvage import recovered
from graphmem.temporal import now as clock_now
from graphmem.write.consolidate import Consolidator
from graphmem.write.slots import read_slots, settle_instant

SNAPSHOT = "snapshot.json"
JOURNAL = "journal.jsonl"


@dataclass(slots=True)
class Report:
    """What ``diagnose`` found; ``problems`` is empty when the store is intact."""

    path: str
    database: bool = False  # of the database format (store.db); else journal and snapshot
    snapshot_seq: int | None = None  # None: no snapshot, or an unreadable one
    records: int = 0  # intact journal records
    first_seq: int | None = None
    last_seq: int | None = None
    stale: int = 0  # records the snapshot already holds (an interrupted compaction)
    torn_tail: int | None = None  # offset of an unacknowledged tail, dropped on open
    leftovers: list[str] = field(default_factory=list)  # *.tmp, deleted on open
    problems: list[Damage] = field(default_factory=list)

    @property
    def damaged(self) -> bool:
        return bool(self.problems)

    def lines(self) -> list[str]:
        out = [f"{self.path}: {'DAMAGED' if self.damaged else 'intact'}"]
        if self.database:
            out.append(f"  {storage.DATABASE}: integrity_check, row checksums, row counts")
            out.extend(f"  PROBLEM {p.describe()}" for p in self.problems)
            if self.damaged:
                out.append(f"  salvage what is intact: graphmem repair {self.path} --into NEW")
            return out
        if self.snapshot_seq is not None:
            out.append(f"  {SNAPSHOT}: intact, holds records up to {self.snapshot_seq}")
        span = "" if self.first_seq is None else f" (records {self.first_seq}..{self.last_seq})"
        out.append(f"  {JOURNAL}: {self.records} intact records{span}")
        if self.stale:
            out.append(f"  {self.stale} journal records already in the snapshot (open drops them)")
        if self.torn_tail is not None:
            out.append(f"  torn tail at byte {self.torn_tail}: never acknowledged, open drops it")
        for name in self.leftovers:
            out.append(f"  {name}: left by an interrupted write, open deletes it")
        out.extend(f"  PROBLEM {p.describe()}" for p in self.problems)
        if self.damaged:
            out.append(f"  salvage what is intact: graphmem repair {self.path} --into NEW_FOLDER")
        return out

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "damaged": self.damaged}


@dataclass(slots=True)
class Salvage:
    """What ``repair`` kept and skipped."""

    into: str
    rows: dict[str, int] = field(default_factory=dict)  # database format: rows kept, by table
    snapshot_seq: int | None = None  # the snapshot copied, up to this record
    kept: list[int] = field(default_factory=list)  # journal seqs, as numbered in the source
    # Records kept in part: (seq, what was dropped because it referred to a lost record).
    partial: list[tuple[int, str]] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)  # (seq, why)
    rederived: int = 0  # slots derived again from their statements
    meta_kept: list[str] = field(default_factory=list)
    recovered: list[Damage] = field(default_factory=list)  # damage around intact content
    lost: list[Damage] = field(default_factory=list)  # what could not be read at all

    def lines(self) -> list[str]:
        out = [f"new store: {self.into}"]
        if self.rows:
            kept = ", ".join(f"{n} {table}" for table, n in self.rows.items())
            out.append(f"  kept the rows that read back intact: {kept}")
        if self.snapshot_seq is not None:
            out.append(f"  kept the snapshot (records up to {self.snapshot_seq})")
        out.append(f"  kept {len(self.kept)} journal records" + _span(self.kept))
        out.extend(f"  kept {name}" for name in self.meta_kept)
        out.extend(f"  recovered {damage.describe()}" for damage in self.recovered)
        out.extend(
            f"  kept record {seq} in part: dropped {what} (they refer to what was lost)"
            for seq, what in self.partial
        )
        if self.rederived:
            out.append(f"  derived {self.rederived} slots again from the statements that survived")
        out.extend(f"  skipped record {seq}: {why}" for seq, why in self.skipped)
        out.extend(f"  lost {damage.describe()}" for damage in self.lost)
        if any(d.file == JOURNAL for d in self.lost):
            out.append(
                "  a lost journal record may have been a forget: check that what was "
                "forgotten is still gone (graphmem recall / find) and forget it again"
            )
        if any(d.file == SNAPSHOT for d in self.lost):
            out.append(
                "  the snapshot was lost: what it held is gone, tombstones of earlier forgets "
                "included, and records that refer to it were skipped"
            )
        if any(d.file == "keys.json" for d in self.lost):
            out.append(
                "  keys.json was lost: new tombstone keys are made, so earlier tombstones no "
                "longer recognise forgotten text if it is written again"
            )
        return out

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _span(seqs: list[int]) -> str:
    return f" ({seqs[0]}..{seqs[-1]})" if seqs else ""


@dataclass(slots=True)
class _Found:
    report: Report
    state: Any = None
    records: list[Record] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    vectors: dict[str, Any] = field(default_factory=dict)  # by node id (snapshot format 2)


def diagnose(path: str | Path) -> Report:
    """Read an embedded store folder and report every damaged stretch of every file."""
    folder = _folder(path)
    with _reading(folder):
        if _database(folder):
            report = Report(str(folder), database=True)
            found = damage.check(folder / storage.DATABASE)
            report.problems = [Damage(storage.DATABASE, 0, why) for why in found]
            return report
        return _examine(folder).report


def repair(path: str | Path, into: str | Path) -> Salvage:
    """Salvage what is intact in ``path`` into the new folder ``into``; ``path`` is
    only read."""
    folder, target = _folder(path), Path(into)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise InvalidArgument(f"{target} exists and is not empty: repair writes a new store")
    if _database(folder):
        with _reading(folder):
            return _repair_database(folder, target)
    with _reading(folder):
        found = _examine(folder)
    problems = found.report.problems
    salvage = Salvage(
        str(target),
        recovered=[d for d in problems if d.recovered],
        lost=[d for d in problems if not d.recovered],
    )
    journal = Journal(target)
    try:
        if found.state is not None:
            salvage.snapshot_seq = found.report.snapshot_seq
            journal.compact(found.report.snapshot_seq or 0, found.state, found.vectors.items())
        for name, value in sorted(found.meta.items()):
            journal.write_meta(name, value, private=name == "keys")
            salvage.meta_kept.append(f"{name}.json")
    finally:
        journal.close()
    after = salvage.snapshot_seq or 0
    store = EmbeddedStore(target)
    try:
        touched: dict[str, set[str]] = {}
        seen: set[int] = set()
        for record in sorted(found.records, key=lambda r: r.seq):
            if record.seq <= after or record.seq in seen:
                continue
            seen.add(record.seq)
            part = store.salvage(record.payload)
            if isinstance(part, str):
                salvage.skipped.append((record.seq, part))
                continue
            salvage.kept.append(record.seq)
            if part.dropped:
                salvage.partial.append((record.seq, ", ".join(part.dropped)))
                touched.setdefault(part.change.namespace, set()).update(part.slots)
        for namespace, keys in sorted(touched.items()):
            salvage.rederived += _rederive(store, namespace, keys)
        store.compact()
    finally:
        store.close()
    return salvage


def _database(folder: Path) -> bool:
    return (folder / storage.DATABASE).exists() and not migrate.is_old(folder)


def _repair_database(folder: Path, target: Path) -> Salvage:
    source = folder / storage.DATABASE
    rows = damage.salvage(source)
    if rows.lost and shutil.which("sqlite3"):
        # SQLite's own recovery reads past damaged pages; its rows are checked as well.
        with tempfile.TemporaryDirectory(prefix="graphmem-recover-") as scratch:
            recovered = Path(scratch) / storage.DATABASE
            if _recover(source, recovered):
                better = damage.salvage(recovered)
                if len(better.nodes) + len(better.edges) > len(rows.nodes) + len(rows.edges):
                    better.lost = rows.lost  # what the damage was, as the original shows it
                    rows = better
    salvage = Salvage(str(target), lost=[Damage(storage.DATABASE, 0, why) for why in rows.lost])
    nodes = {node["id"]: node for node in rows.nodes if "id" in node}
    outgoing: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for source_id, target_id, key, props in rows.edges:
        if source_id in nodes and target_id in nodes:  # both ends survived
            outgoing.setdefault(source_id, []).append((target_id, key, props))
    vectors = [(node, vector) for node, vector in rows.vectors.items() if node in nodes]
    meta = {k: v for k, v in rows.meta.items() if k in ("keys", "embedder", "format")}
    held = acquire(target)
    try:
        database = storage.Database(target)
        database.write(list(nodes.items()), list(outgoing.items()), vectors, meta)
        database.close()
    finally:
        release(held)
    salvage.rows = {
        "nodes": len(nodes),
        "relationships": sum(map(len, outgoing.values())),
        "vectors": len(vectors),
    }
    EmbeddedStore(target).close()  # opens whole, and writes the index files
    return salvage


def _recover(source: Path, into: Path) -> bool:
    """``sqlite3 source .recover | sqlite3 into``: True when it made a database."""
    try:
        dump = subprocess.run(
            ["sqlite3", f"file:{source}?mode=ro", ".recover"],
            capture_output=True,
            check=True,
            timeout=600,
        )
        subprocess.run(
            ["sqlite3", str(into)], input=dump.stdout, capture_output=True, check=True, timeout=600
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return into.exists()


def _rederive(store: EmbeddedStore, namespace: str, keys: set[str]) -> int:
    """Derive the slots again from their statements: the versions a lost record made or
    retired are replaced by what the surviving statements say (a new belief, now)."""
    slots = read_slots(store, namespace, sorted(keys))
    now = settle_instant(slots.values(), clock_now())
    change = ChangeSet(namespace=namespace)
    consolidator = Consolidator(change, now, actor=Actor.SYSTEM)
    for slot in slots.values():
        consolidator.settle(slot)
    change.slots = {key: slot.version for key, slot in slots.items()}
    store.apply(change)
    return len(slots)


def _folder(path: str | Path) -> Path:
    folder = Path(path)
    if not folder.is_dir():
        raise InvalidArgument(f"{folder} is not an embedded store folder")
    return folder


@contextmanager
def _reading(folder: Path) -> Iterator[None]:
    """A shared lock while reading: refused if a live process holds the store; never
    written, so the pid in it stays the last writer's."""
    lock = folder / "lock"
    if not lock.exists():
        yield
        return
    fd = os.open(lock, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "unknown"
            raise StoreLocked(
                f"the embedded store at {folder} is open in process {holder}; close it "
                "first (doctor and repair read a store only while nothing writes it)"
            ) from exc
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _examine(folder: Path) -> _Found:
    found = _Found(Report(str(folder)))
    report = found.report
    snapshot = folder / SNAPSHOT
    if snapshot.exists():
        try:
            held = read_snapshot(snapshot.read_bytes(), SNAPSHOT)
        except DamageFound as exc:
            report.problems.append(exc.damage)
        else:
            report.snapshot_seq, found.state, found.vectors = held.seq, held.state, held.vectors
    for meta in sorted(folder.glob("*.json")):
        if meta.name != SNAPSHOT:
            value = _unsealed(meta, report)
            if value is not None:
                found.meta[meta.stem] = value
    report.leftovers = sorted(p.name for p in folder.glob("*.tmp"))
    journal = folder / JOURNAL
    if journal.exists():
        # The sequence number the first line should carry: one past the snapshot's.
        first = 1 if not snapshot.exists() else None
        if report.snapshot_seq is not None:
            first = report.snapshot_seq + 1
        scan = scan_journal(journal.read_bytes(), JOURNAL, recover=recovered, first=first)
        found.records = scan.records
        report.problems.extend(scan.damage)
        report.torn_tail = scan.torn_at
        report.records = len(scan.records)
        if scan.records:
            report.first_seq, report.last_seq = scan.records[0].seq, scan.records[-1].seq
        if report.snapshot_seq is not None:
            report.stale = sum(r.seq <= report.snapshot_seq for r in scan.records)
            if all(d.recovered for d in scan.damage):
                report.problems.extend(against_snapshot(scan, report.snapshot_seq, JOURNAL))
    return found


def _unsealed(path: Path, report: Report) -> Any:
    try:
        return unseal(path.read_bytes(), path.name)
    except DamageFound as exc:
        report.problems.append(exc.damage)
        return None
