"""Writers in separate processes racing on one slot, and a forgetter racing them.

Used by ``tests/test_racing_processes.py`` (small budget) and ``bench/soak.py``
(the issue's 8 processes x 64 writes). Each writer is a real OS process with its
own ``Memory``: on Neo4j they share the server; on the embedded store, which is
one process at a time by design, each write opens the folder, writes and closes,
and waits while another process holds it (``StoreLocked`` is the documented
answer to a second opener, so the worker retries on it and on nothing else).

Every value is distinct and every valid-from instant is distinct, so the
expected timeline is unambiguous: the acknowledged claims (minus the forgotten
ones) replayed one by one, in any order, into a fresh embedded store.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from graphmem import Claim, Memory, StoreLocked

BASE = datetime(2020, 1, 1, tzinfo=UTC)
SUBJECT, PREDICATE = "maya", "lives_in"
REPO = Path(__file__).resolve().parent.parent


def valid_from(slot_index: int) -> datetime:
    return BASE + timedelta(hours=slot_index)


@contextmanager
def opened(store: str) -> Iterator[Memory]:
    """A Memory on ``neo4j:<uri>`` or ``embedded:<path>``, waiting out another opener."""
    kind, _, where = store.partition(":")
    if kind == "neo4j":
        with Memory.neo4j(where) as memory:
            yield memory
        return
    deadline = time.monotonic() + 120
    while True:
        try:
            memory = Memory(where)
            break
        except StoreLocked:
            if time.monotonic() > deadline:
                raise
            time.sleep(random.uniform(0.001, 0.02))
    with memory:
        yield memory


def _emit(record: dict[str, object]) -> None:
    print(json.dumps(record), flush=True)


def writer(store: str, namespace: str, worker: int, writes: int, slots: list[int]) -> None:
    """Write ``writes`` claims, one per assigned instant; report each acknowledged one."""
    with ExitStack() as stack:
        # Neo4j: one Memory for all writes; embedded: one per write (one process at a time).
        shared = stack.enter_context(opened(store)) if store.startswith("neo4j") else None
        for j in range(writes):
            value = f"city-{worker}-{j}"
            at = valid_from(slots[j])
            claim = Claim(SUBJECT, PREDICATE, value, valid_from=at)
            try:
                if shared is not None:
                    result = shared.remember([claim], namespace=namespace, at=at)
                else:
                    with opened(store) as memory:
                        result = memory.remember([claim], namespace=namespace, at=at)
            except Exception as exc:  # reported, so the parent can name it
                _emit({"error": type(exc).__name__, "message": str(exc)[:300]})
                continue
            _emit({"episode": result.episode_id, "value": value, "slot": slots[j]})


def forgetter(store: str, namespace: str, rounds: int, slots: list[int]) -> None:
    """Write a marked claim into the raced slot and forget it at once, ``rounds`` times."""
    for k in range(rounds):
        value = f"gone-{k}-zq"
        at = valid_from(slots[k])
        try:
            with opened(store) as memory:
                result = memory.remember(
                    [Claim(SUBJECT, PREDICATE, value, valid_from=at)], namespace=namespace, at=at
                )
                memory.forget(namespace, episode=result.episode_id)
        except Exception as exc:
            _emit({"error": type(exc).__name__, "message": str(exc)[:300]})
            continue
        _emit({"forgotten": result.episode_id, "value": value, "slot": slots[k]})


@dataclass
class Outcome:
    """What the processes reported."""

    acknowledged: list[dict[str, object]] = field(default_factory=list)
    forgotten: list[dict[str, object]] = field(default_factory=list)
    errors: list[dict[str, object]] = field(default_factory=list)
    seconds: float = 0.0


def race(
    store: str, namespace: str, processes: int, writes: int, *, forgets: int = 0, seed: int = 0
) -> Outcome:
    """Run ``processes`` writers (and one forgetter when ``forgets``) at once."""
    rng = random.Random(seed)
    instants = list(range(processes * writes + forgets))
    rng.shuffle(instants)  # arrival order unrelated to valid time: back-dating included
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    commands = []
    for worker in range(processes):
        mine = instants[worker * writes : (worker + 1) * writes]
        commands.append(["writer", str(worker), str(writes), json.dumps(mine)])
    if forgets:
        commands.append(["forgetter", "0", str(forgets), json.dumps(instants[-forgets:])])
    started = time.monotonic()
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.racing", store, namespace, *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=REPO,
        )
        for command in commands
    ]
    outcome = Outcome()
    for child in children:
        out, err = child.communicate(timeout=1800)
        if child.returncode != 0:
            outcome.errors.append({"error": "exit", "message": err[-2000:]})
        for line in out.splitlines():
            record = json.loads(line)
            if "episode" in record:
                outcome.acknowledged.append(record)
            elif "forgotten" in record:
                outcome.forgotten.append(record)
            else:
                outcome.errors.append(record)
    outcome.seconds = time.monotonic() - started
    return outcome


def expected(outcome: Outcome, folder: Path, seed: int = 0) -> Memory:
    """The acknowledged claims replayed one at a time, shuffled, into a fresh store."""
    records = list(outcome.acknowledged)
    random.Random(seed).shuffle(records)
    memory = Memory(folder)
    for record in records:
        at = valid_from(int(str(record["slot"])))
        claim = Claim(SUBJECT, PREDICATE, str(record["value"]), valid_from=at)
        memory.remember([claim], namespace="replay", at=at)
    return memory


@dataclass
class Violations:
    """Instants where the raced store disagrees with the replay or holds several values."""

    instants: int = 0
    several: list[datetime] = field(default_factory=list)
    differ: list[tuple[datetime, list[object], list[object]]] = field(default_factory=list)


def compare(raced: Memory, namespace: str, replay: Memory, outcome: Outcome) -> Violations:
    """Ask both at every start instant, one microsecond either side."""
    found = Violations()
    starts = sorted(
        valid_from(int(str(r["slot"]))) for r in [*outcome.acknowledged, *outcome.forgotten]
    )
    tick = timedelta(microseconds=1)
    for start in starts:
        for at in (start - tick, start, start + tick):
            found.instants += 1
            got = [
                f.object
                for f in raced.facts(namespace, subject=SUBJECT, predicate=PREDICATE, at=at)
            ]
            want = [
                f.object
                for f in replay.facts("replay", subject=SUBJECT, predicate=PREDICATE, at=at)
            ]
            if len(got) > 1:
                found.several.append(at)
            if sorted(map(str, got)) != sorted(map(str, want)):
                found.differ.append((at, got, want))
    return found


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("store")
    parser.add_argument("namespace")
    parser.add_argument("role", choices=["writer", "forgetter"])
    parser.add_argument("worker", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("slots", type=json.loads)
    args = parser.parse_args(argv)
    if args.role == "writer":
        writer(args.store, args.namespace, args.worker, args.count, args.slots)
    else:
        forgetter(args.store, args.namespace, args.count, args.slots)


if __name__ == "__main__":
    main(sys.argv[1:])
