"""Faults in the embedded store's files, shared by ``tests/test_store_faults.py``,
``tests/test_forget_kills.py`` and ``bench/store_faults.py``.

* ``build``: a store written by ~50 calls of every kind (episodes, facts,
  supersessions, feedback, forgets), with the state the API showed at the end;
* ``flip``: one byte of ``store.db`` changed, the store opened, the outcome judged;
* ``kill_forget``: a real process that writes a marked episode and forgets it, killed
  by SIGKILL before a chosen SQL statement of the forget or after a random delay; the
  reopened folder judged by a byte scan of every file.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from graphmem import Claim, Memory, StoreCorrupt, UnknownId
from graphmem.lifecycle import doctor
from graphmem.trust.secrets import claim_secret, contains_secret

NS = "maya"
DATABASE = "store.db"
HEADER = 100  # SQLite's file header: a close may count one more change in it
ROOT = Path(__file__).resolve().parents[1]


def state(mem: Memory) -> str:
    exported = mem.export(NS)
    exported.pop("exported_at")
    return json.dumps(exported, sort_keys=True, default=str)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@dataclass(frozen=True)
class Op:
    """One API call of :func:`build`: ``note`` (text), ``claim`` (predicate, value),
    ``feedback`` or ``forget`` (on what the call ``ref`` returned)."""

    kind: str
    args: tuple[str, ...] = ()
    ref: int | None = None


@dataclass
class Built:
    folder: Path
    database: bytes  # store.db after a clean close
    final: str  # the state the API showed after the last call
    ops: list[Op]


def build(folder: Path, writes: int = 40) -> Built:
    """Episodes alone, facts, supersessions (``lives_in``), feedback and forgets."""
    ops: list[Op] = []
    with Memory(folder) as mem:
        done: list[object] = []

        def call(op: Op) -> object:
            result = perform(mem, op, done)
            ops.append(op)
            done.append(result)
            return result

        forgettable: list[int] = []
        last_fact: int | None = None
        for i in range(writes):
            if i % 4 == 0:
                result = call(Op("note", (f"Maya wrote note number {i} today.",)))
            elif i % 4 == 1:
                result = call(Op("claim", ("lives_in", f"City{i}")))
            else:
                result = call(Op("claim", ("likes", f"thing {i}")))
            if getattr(result, "fact_ids", None):
                last_fact = len(ops) - 1
            if i % 10 == 3:
                forgettable.append(len(ops) - 1)
            if i % 10 == 6 and last_fact is not None:
                call(Op("feedback", ref=last_fact))
            if i % 10 == 9 and forgettable:
                call(Op("forget", ref=forgettable.pop()))
        final = state(mem)
    return Built(folder, (folder / DATABASE).read_bytes(), final, ops)


def perform(mem: Memory, op: Op, done: list[object]) -> object:
    if op.kind == "note":
        return mem.remember(op.args[0], namespace=NS)
    if op.kind == "claim":
        return mem.remember([Claim("maya", op.args[0], op.args[1])], namespace=NS)
    target = done[op.ref] if op.ref is not None else None
    if op.kind == "feedback":
        return mem.feedback(target.fact_ids[0], NS, "good")  # type: ignore[union-attr]
    return mem.forget(NS, episode=target.episode_id)  # type: ignore[union-attr]


def held(mem: Memory) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[str]]:
    """What a user sees, ids and times aside: the current facts, every version's value,
    the episodes' words."""
    exported = mem.export(NS)
    return (
        sorted((f.predicate, str(f.object)) for f in mem.facts(NS)),
        sorted({(f.predicate, str(f.object)) for f in mem.facts(NS, history=True)}),
        sorted(e["content"] for e in exported["episodes"]),
    )


def trial(built: Built, tmp: Path, database: bytes) -> Path:
    folder = tmp / f"t{uuid.uuid4().hex}"
    shutil.copytree(built.folder, folder)
    (folder / DATABASE).write_bytes(database)
    return folder


def opened_state(folder: Path) -> str:
    with Memory(folder) as mem:
        return state(mem)


@dataclass
class Flip:
    position: int
    outcome: str  # "refused", "opened with every write", or a violation
    message: str = ""


def flip(built: Built, tmp: Path, position: int, xor: int) -> Flip:
    """Change one byte of the database and open: refused with the file left as it was
    and the database named, or opened with every acknowledged write. Anything else is a
    violation, described in ``outcome``."""
    damaged = bytearray(built.database)
    damaged[position] ^= xor
    folder = trial(built, tmp, bytes(damaged))
    try:
        got = opened_state(folder)
    except StoreCorrupt as exc:
        message = str(exc)
        if (folder / DATABASE).read_bytes()[HEADER:] != bytes(damaged)[HEADER:]:
            return Flip(position, "VIOLATION: refused but changed the file", message)
        if not re.search(r"store\.db", message) or "graphmem doctor" not in message:
            return Flip(position, "VIOLATION: the message names no file or doctor", message)
        return Flip(position, "refused", message)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if got == built.final:
        return Flip(position, "opened with every write")
    return Flip(position, "VIOLATION: silent loss or change")


def positions(built: Built, count: int, seed: int) -> list[int]:
    """``count`` positions anywhere in the database, and the first bytes of its header
    and of every page (where SQLite keeps a page's kind and layout)."""
    rng = random.Random(seed)
    size = len(built.database)
    page = int.from_bytes(built.database[16:18], "big") or 65536
    picked = {rng.randrange(size) for _ in range(count)}
    picked |= set(range(0, 100, 7))
    picked |= {p + off for p in range(page, size, page) for off in (0, 3, 5)}
    return sorted(picked)


# ---- kills during forget ------------------------------------------------------

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from graphmem import Claim, Memory
    folder, marker, kill_before, nth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    mem = Memory(folder)
    print("READY", flush=True)
    result = mem.remember([Claim("maya", "likes", marker)], namespace="maya")
    print("WROTE", result.episode_id, flush=True)
    if kill_before:
        # Die just before the nth SQL statement of the forget that starts with
        # kill_before: every step of its transaction and of the erasure after it.
        class Dying:
            def __init__(self, db):
                self.db, self.seen = db, 0
            def execute(self, sql, *args):
                if sql.startswith(kill_before):
                    self.seen += 1
                    if self.seen == nth:
                        os.kill(os.getpid(), signal.SIGKILL)
                return self.db.execute(sql, *args)
            def close(self):
                # After the wipe, before the WAL is deleted with the last connection.
                if kill_before == "close":
                    os.kill(os.getpid(), signal.SIGKILL)
                self.db.close()
            def __getattr__(self, name):
                return getattr(self.db, name)
        mem.store._db.db = Dying(mem.store._db.db)
        if kill_before == "wipe":  # the checkpoint done, the unallocated space not zeroed
            from graphmem.store.embedded import wipe
            wipe.Wiper.wipe = lambda self: os.kill(os.getpid(), signal.SIGKILL)
    mem.forget("maya", episode=result.episode_id)
    print("FORGOT", flush=True)
    signal.pause()
    """
)

# Statements of a forget, in order: (prefix, occurrence) to die before.
KILL_POINTS = [
    ("BEGIN", 1),  # nothing written
    ("DELETE FROM nodes", 1),  # inside the transaction
    ("DELETE FROM nodes", 3),
    ("INSERT OR REPLACE INTO meta", 1),  # the last statement before the commit
    ("COMMIT", 1),
    ("PRAGMA incremental_vacuum", 1),  # committed; the freed pages still in the file
    ("PRAGMA wal_checkpoint", 1),  # the WAL still holds the rows as they were
    ("wipe", 1),  # every page in the file, its unallocated space not yet zeroed
    ("close", 1),  # wiped, and the WAL not yet deleted
    ("", 0),  # never: killed after FORGOT
]


def seed_store(folder: Path) -> None:
    """Content that must outlive every kill, an earlier forget and a tombstone key."""
    with Memory(folder) as mem:
        for i in range(3):
            gone = mem.remember([Claim("maya", "likes", f"keeper {i}")], namespace=NS)
        mem.forget(NS, episode=gone.episode_id)
        mem.remember([Claim("maya", "likes", "keeper last")], namespace=NS)


@dataclass
class Kill:
    wrote: bool
    forgot: bool
    outcome: str  # what the reopened store holds; "VIOLATION..." when wrong
    residue: bool  # the marker's bytes in some file of the folder

    @property
    def during_forget(self) -> bool:
        return self.wrote and not self.forgot


def plain_marker() -> str:
    """A unique word the secret gate keeps: a random one can look like a password to it
    ("ZQX6cecbfb7faba" did), and then the write never held it and the kill is misjudged
    (the episode left, its redacted claim gone: about 1 run in 40)."""
    while True:
        marker = f"ZQX{uuid.uuid4().hex[:12]}"
        if claim_secret("maya", "likes", marker) is None and not contains_secret(marker):
            return marker


def kill_forget(
    folder: Path, *, kill_before: tuple[str, int] = ("", 0), delay: float | None = None
) -> Kill:
    """Run the child, SIGKILL it (before the statement ``kill_before`` names, or
    ``delay`` seconds after it is ready), reopen the folder and judge it."""
    marker = plain_marker()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    prefix, nth = kill_before
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), marker, prefix, str(nth)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    ready = child.stdout.readline()
    assert ready.startswith("READY"), ready
    said: list[str] = []
    if delay is not None:
        time.sleep(delay)
    else:  # the child kills itself at its statement; past every one, it says FORGOT
        for line in child.stdout:
            said.append(line)
            if line.startswith("FORGOT"):
                break
    child.send_signal(signal.SIGKILL)
    out, _ = child.communicate(timeout=60)
    return judge(folder, marker, said + out.splitlines())


def judge(folder: Path, marker: str, said: list[str]) -> Kill:
    wrote = next((line.split()[1] for line in said if line.startswith("WROTE")), None)
    forgot = any(line.startswith("FORGOT") for line in said)
    with Memory(folder) as mem:  # the reopen finishes an interrupted erasure first
        likes = {f.object for f in mem.facts(NS, predicate="likes", history=True)}
        episode = None
        if wrote is not None:
            try:
                episode = mem.episode(wrote, NS)
            except UnknownId:
                episode = None
        # While it is open (WAL and all): the erasure was finished before it served.
        residue = any(marker.encode() in data for data in files(folder).values())
    residue = residue or any(marker.encode() in data for data in files(folder).values())
    kill = Kill(wrote is not None, forgot, "", residue)
    if not {"keeper 0", "keeper 1", "keeper last"} <= likes:
        kill.outcome = "VIOLATION: an earlier write was lost"
    elif doctor.diagnose(folder).damaged:
        kill.outcome = "VIOLATION: the store is damaged"
    elif marker in likes:  # the episode is there: all of it
        present = episode is not None or wrote is None
        kill.outcome = "kept" if present and not forgot else "VIOLATION: partly forgotten"
    elif residue:
        kill.outcome = "VIOLATION: gone from the graph, residue on disk"
    elif episode is not None:
        kill.outcome = "VIOLATION: the episode outlived its fact"
    else:
        kill.outcome = "forgotten" if wrote or forgot else "never written"
    return kill
