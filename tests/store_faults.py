"""Faults in the embedded store's files, shared by ``tests/test_journal_faults.py``,
``tests/test_forget_kills.py`` and ``bench/journal_faults.py``.

* ``build``: a store whose journal holds ~50 records of every class, with the state
  the API showed after each acknowledged call;
* ``flip``: one byte of the journal changed, the store opened, the outcome judged;
* ``kill_forget``: a real process that writes a marked episode and forgets it, killed
  by SIGKILL at a chosen fsync or after a random delay; the reopened folder judged
  by a byte scan of every file.
"""

from __future__ import annotations

import itertools
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
from graphmem.store.embedded import EmbeddedStore

NS = "maya"
JOURNAL = "journal.jsonl"
ROOT = Path(__file__).resolve().parents[1]


def state(mem: Memory) -> str:
    exported = mem.export(NS)
    exported.pop("exported_at")
    return json.dumps(exported, sort_keys=True, default=str)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def boundaries(data: bytes) -> list[int]:
    """Offsets where each journal record starts, and the end of the file."""
    return [0] + [i + 1 for i, byte in enumerate(data) if byte == ord("\n")]


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
    journal: bytes
    after: dict[int, str]  # records in the journal -> the state the API showed then
    written: dict[int, int]  # i -> record number (from 1) of the i-th remember
    ops: list[Op]
    records: list[int]  # the journal record each op wrote


def build(folder: Path, writes: int = 40) -> Built:
    """Episodes alone, facts, supersessions (``lives_in``), feedback and forgets, one
    journal record per call. Compaction is held back so that the forget records stay
    in the journal, as a kill right after their append leaves them."""
    after: dict[int, str] = {}
    written: dict[int, int] = {}
    ops: list[Op] = []
    records: list[int] = []
    compact = EmbeddedStore._compact
    EmbeddedStore._compact = lambda self: None  # type: ignore[method-assign]
    try:
        with Memory(folder) as mem:
            after[0] = state(mem)
            done: list[object] = []

            def call(op: Op) -> object:
                result = perform(mem, op, done)
                ops.append(op)
                done.append(result)
                after[(folder / JOURNAL).read_bytes().count(b"\n")] = state(mem)
                records.append(max(after))
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
                written[i] = max(after)
                if getattr(result, "fact_ids", None):
                    last_fact = len(ops) - 1
                if i % 10 == 3:
                    forgettable.append(len(ops) - 1)
                if i % 10 == 6 and last_fact is not None:
                    call(Op("feedback", ref=last_fact))
                if i % 10 == 9 and forgettable:
                    call(Op("forget", ref=forgettable.pop()))
    finally:
        EmbeddedStore._compact = compact  # type: ignore[method-assign]
    journal = (folder / JOURNAL).read_bytes()
    assert set(after) == set(range(journal.count(b"\n") + 1)), "one record per call"
    return Built(folder, journal, after, written, ops, records)


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


def replayed(built: Built, folder: Path, lost: set[int]) -> tuple[object, ...]:
    """What the store holds had the calls that wrote the ``lost`` records never been made
    (nor the calls that refer to what those returned): the oracle of a repair."""
    skipped: set[int] = set()
    done: list[object] = []
    with Memory(folder) as mem:
        for n, op in enumerate(built.ops):
            if built.records[n] in lost or (op.ref is not None and op.ref in skipped):
                skipped.add(n)
                done.append(None)
                continue
            done.append(perform(mem, op, done))
        return held(mem)


def trial(built: Built, tmp: Path, journal: bytes) -> Path:
    folder = tmp / f"t{uuid.uuid4().hex}"
    shutil.copytree(built.folder, folder)
    (folder / JOURNAL).write_bytes(journal)
    return folder


def opened_state(folder: Path) -> str:
    with Memory(folder) as mem:
        return state(mem)


@dataclass
class Flip:
    position: int
    outcome: str  # "refused", "dropped the last record", or a violation
    message: str = ""


def flip(built: Built, tmp: Path, position: int, xor: int) -> Flip:
    """Change one journal byte and open: refused with the files untouched and the
    damaged record named, or opened with every record (the last one may go only as a
    torn tail). Anything else is a violation, described in ``outcome``."""
    edges = boundaries(built.journal)
    damaged = bytearray(built.journal)
    damaged[position] ^= xor
    folder = trial(built, tmp, bytes(damaged))
    before = files(folder)
    record_start = max(e for e in edges if e <= position)
    records = len(edges) - 1
    try:
        got = opened_state(folder)
    except StoreCorrupt as exc:
        message = str(exc)
        named = re.search(r"journal\.jsonl at byte (\d+)", message)
        if files(folder) != before:
            return Flip(position, "VIOLATION: refused but changed the files", message)
        if named is None or "graphmem doctor" not in message:
            return Flip(position, "VIOLATION: the message names no offset or doctor", message)
        if not record_start <= int(named.group(1)) <= position:
            return Flip(position, "VIOLATION: the offset named is elsewhere", message)
        return Flip(position, "refused", message)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if got == built.after[records]:
        return Flip(position, "opened with every record")
    if position >= edges[-2] and got == built.after[records - 1]:
        return Flip(position, "dropped the last record")
    return Flip(position, "VIOLATION: silent loss")


def positions(built: Built, extra: int, seed: int) -> list[int]:
    """In every record: the sequence number, the checksum, a body byte, the last body
    byte and the newline; and ``extra`` more anywhere."""
    edges = boundaries(built.journal)
    rng = random.Random(seed)
    picked = set()
    for start, end in itertools.pairwise(edges):
        crc = built.journal.index(b" ", start) + 1
        picked |= {start, crc, rng.randrange(crc + 2, end - 1), end - 2, end - 1}
    picked |= {rng.randrange(len(built.journal)) for _ in range(extra)}
    return sorted(picked)


# ---- kills during forget ------------------------------------------------------

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from graphmem import Claim, Memory
    folder, marker, kill_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
    mem = Memory(folder)
    print("READY", flush=True)
    result = mem.remember([Claim("maya", "likes", marker)], namespace="maya")
    print("WROTE", result.episode_id, flush=True)
    if kill_at:
        # Die just before the kill_at-th fsync of the forget: every point of its
        # journal append and compaction, deterministically.
        real, calls = os.fsync, [0]
        def fsync(fd):
            calls[0] += 1
            if calls[0] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            real(fd)
        os.fsync = fsync
    mem.forget("maya", episode=result.episode_id)
    print("FORGOT", flush=True)
    signal.pause()
    """
)


def seed_store(folder: Path) -> None:
    """Content that must outlive every kill, a snapshot (a forget compacts) and a key."""
    with Memory(folder) as mem:
        for i in range(3):
            gone = mem.remember([Claim("maya", "likes", f"keeper {i}")], namespace=NS)
        mem.forget(NS, episode=gone.episode_id)
        mem.remember([Claim("maya", "likes", "keeper journal")], namespace=NS)


@dataclass
class Kill:
    wrote: bool
    forgot: bool
    outcome: str  # what the reopened store holds; "VIOLATION..." when wrong
    residue: bool  # the marker's bytes in some file of the folder

    @property
    def during_forget(self) -> bool:
        return self.wrote and not self.forgot


def kill_forget(folder: Path, *, kill_at: int = 0, delay: float | None = None) -> Kill:
    """Run the child, SIGKILL it (before its ``kill_at``-th fsync, or ``delay`` seconds
    after it is ready), reopen the folder and judge it."""
    marker = f"ZQX{uuid.uuid4().hex[:12]}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), marker, str(kill_at)],
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
    else:  # the child kills itself at its fsync; past every one, it says FORGOT
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
    residue = any(marker.encode() in data for data in files(folder).values())
    kill = Kill(wrote is not None, forgot, "", residue)
    if not {"keeper 0", "keeper 1", "keeper journal"} <= likes:
        kill.outcome = "VIOLATION: an earlier record was lost"
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


# ---- repair -------------------------------------------------------------------


@dataclass
class Repaired:
    position: int
    damaged: set[int]  # records whose content (body) the flip changed
    lost_intact: list[int]  # records with intact content that repair did not keep
    partial: int  # records kept in part
    matches: bool  # the salvaged store holds what the oracle replay holds
    problems: list[str]  # what check() finds in the salvaged store


def repaired(built: Built, tmp: Path, position: int, xor: int, oracle: dict) -> Repaired:
    """Change one journal byte and repair: every record whose content is intact must be
    kept, and the salvaged store must hold what replaying the calls without the damaged
    record gives (``oracle`` caches those replays by lost records)."""
    edges = boundaries(built.journal)
    damaged_bytes = bytearray(built.journal)
    damaged_bytes[position] ^= xor
    folder = trial(built, tmp, bytes(damaged_bytes))
    into = tmp / f"r{uuid.uuid4().hex}"
    record = max(n for n, e in enumerate(edges[:-1]) if e <= position) + 1
    start, end = edges[record - 1], edges[record]
    body = built.journal.index(b" ", built.journal.index(b" ", start) + 1) + 1
    damaged = {record} if body <= position < end - 1 else set()
    try:
        salvage = doctor.repair(folder, into)
        kept = set(salvage.kept)
        lost_intact = [n for n in range(1, len(edges)) if n not in kept and n not in damaged]
        key = frozenset(n for n in range(1, len(edges)) if n not in kept)
        if key not in oracle:
            oracle[key] = replayed(built, tmp / f"o{uuid.uuid4().hex}", set(key))
        with Memory(into) as mem:
            got = held(mem)
            problems = [p.kind for p in mem.check(NS).problems]
        return Repaired(
            position, damaged, lost_intact, len(salvage.partial), got == oracle[key], problems
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(into, ignore_errors=True)
