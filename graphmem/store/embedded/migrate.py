"""A store folder of the journal-and-snapshot format, moved to ``store.db`` on open.

Automatic, not a command: the old files are read by the code that always read them
(``graphmem.store.journal``), so the move needs nothing from the user, and an old
folder left in place would keep text a later forget could not reach. The rows are
written in one transaction that also records ``format``; only then are the old files
deleted. A kill before the commit leaves the old files and an empty database (the
next open starts again); a kill after it leaves a database marked as moved, and the
next open only deletes what is left of the old files.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphmem.store.journal import Journal, Snapshot

OLD_FILES = ("snapshot.json", "journal.jsonl", "keys.json", "embedder.json")


def old_files(folder: Path) -> list[Path]:
    """The files of the old format in ``folder`` (``*.tmp`` of its interrupted writes too)."""
    found = [folder / name for name in OLD_FILES if (folder / name).exists()]
    return found + sorted(folder.glob("*.tmp"))


def is_old(folder: Path) -> bool:
    return (folder / "snapshot.json").exists() or (folder / "journal.jsonl").exists()


@dataclass(slots=True)
class Old:
    """What an old folder holds: its snapshot, the journal entries after it, its meta."""

    snapshot: Snapshot
    entries: list[tuple[int, Any]]
    meta: dict[str, Any]


def read_old(folder: Path) -> Old:
    """The old files, checked as the old format always was (``StoreCorrupt`` naming the
    file and offset on damage); nothing is changed."""
    journal = Journal(folder, lock=False)
    try:
        meta = {name: journal.read_meta(name) for name in ("keys", "embedder")}
        snapshot = journal.read_snapshot()
        replay = journal.replay(after=snapshot.seq, cut=False)
    finally:
        journal.close()
    entries = replay.fresh
    return Old(snapshot, entries, {k: v for k, v in meta.items() if v is not None})


def remove_old(folder: Path) -> None:
    """Delete the old files and the index files made beside them (derived, written
    again), then make the deletions durable."""
    for path in old_files(folder):
        path.unlink(missing_ok=True)
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
