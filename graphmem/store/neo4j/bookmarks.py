"""Bookmarks shared by processes: in a Neo4j cluster, a read after another process's write.

In a cluster (or Aura) reads go to followers, which apply the leader's writes a moment
later. The driver's *bookmarks* say which writes a transaction must see: within one
``Neo4jStore`` they are shared by every read and write, so a process always reads its own
writes. Between processes they must be passed on. :func:`shared_bookmarks` keeps them in
a file for the processes of one host (workers of one application sharing a folder); for
processes on several hosts, build the driver's own manager
(``neo4j.GraphDatabase.bookmark_manager``) with a supplier and consumer on what they
share (a cache, a queue) and pass it as ``Memory.neo4j(..., bookmarks=...)``.

On a single server every read already sees every committed write; bookmarks cost nothing
there.
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path
from typing import Any

import neo4j
from neo4j.api import BookmarkManager

KEEP_SECONDS = 3600.0  # a process gone this long left bookmarks every server has applied


def shared_bookmarks(path: str | Path) -> BookmarkManager:
    """A bookmark manager whose bookmarks live in the file ``path``: each transaction of any
    process using it starts from the bookmarks there (so it sees what they wrote), and each
    write puts its own there, beside the latest of every other process (one entry a
    process, replaced under a lock: a concurrent writer's entry is never lost, and the file
    does not grow with the writes)."""
    file = Path(path)
    me = str(os.getpid())

    def supply() -> neo4j.Bookmarks:
        return neo4j.Bookmarks.from_raw_values(_all(_read(file)))

    def consume(bookmarks: neo4j.Bookmarks) -> None:
        file.parent.mkdir(parents=True, exist_ok=True)
        with open(f"{file}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            entries = _read(file)
            now = time.time()
            entries = {pid: e for pid, e in entries.items() if now - e["at"] < KEEP_SECONDS}
            entries[me] = {"at": now, "bookmarks": sorted(bookmarks.raw_values)}
            tmp = file.with_name(f"{file.name}.{me}.tmp")
            tmp.write_text(json.dumps(entries), encoding="utf-8")
            os.replace(tmp, file)

    return neo4j.GraphDatabase.bookmark_manager(
        initial_bookmarks=neo4j.Bookmarks.from_raw_values(_all(_read(file))),
        bookmarks_supplier=supply,
        bookmarks_consumer=consume,
    )


def _all(entries: dict[str, dict[str, Any]]) -> list[str]:
    return sorted({b for e in entries.values() for b in e["bookmarks"]})


def _read(file: Path) -> dict[str, dict[str, Any]]:
    try:
        found = json.loads(file.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):  # none yet: start from none
        return {}
    if not isinstance(found, dict):
        return {}
    return {
        str(pid): {"at": float(e.get("at", 0)), "bookmarks": [str(b) for b in e["bookmarks"]]}
        for pid, e in found.items()
        if isinstance(e, dict) and isinstance(e.get("bookmarks"), list)
    }
