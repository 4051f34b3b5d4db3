"""Processes that wait for an embedded store folder take turns in arrival order
(graphmem/store/lock.py), with real processes: a holder, waiters, one killed while waiting."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.errors import InvalidArgument, StoreLocked
from graphmem.store.embedded import EmbeddedStore

# A process that takes the folder's lock (waiting up to argv[2] s), prints when it got it,
# holds it argv[3] s and lets go.
_TAKE = """
import sys, time
from pathlib import Path
from graphmem.store.lock import acquire, release
held = acquire(Path(sys.argv[1]), float(sys.argv[2]))
print(time.time(), flush=True)
time.sleep(float(sys.argv[3]))
release(held)
"""


def _take(folder: Path, wait: float, hold: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _TAKE, str(folder), str(wait), str(hold)],
        stdout=subprocess.PIPE,
        text=True,
    )


def _done(process: subprocess.Popen[str]) -> int:
    process.communicate(timeout=60)  # closes its pipe
    return process.returncode


def _held_by_other(folder: Path) -> subprocess.Popen[str]:
    holder = _take(folder, 0, 1.5)
    assert holder.stdout is not None
    holder.stdout.readline()  # it holds the lock now
    return holder


def test_an_open_waits_for_the_process_that_holds_the_folder(tmp_path: Path) -> None:
    Memory(tmp_path).close()
    holder = _held_by_other(tmp_path)
    with pytest.raises(StoreLocked, match="another process"):
        EmbeddedStore(tmp_path)  # no wait: at once, as before
    with pytest.raises(StoreLocked, match=r"after waiting 0\.2 s"):
        EmbeddedStore(tmp_path, wait=0.2)
    began = time.monotonic()
    memory = Memory(store=EmbeddedStore(tmp_path, wait=30))
    try:
        assert time.monotonic() - began < 20
        assert memory.remember("The kettle is in box 3.", "w").episode_id
    finally:
        memory.close()
    assert _done(holder) == 0


def test_waiters_take_their_turns_in_the_order_they_came(tmp_path: Path) -> None:
    holder = _held_by_other(tmp_path)
    waiters = []
    for _ in range(4):
        waiters.append(_take(tmp_path, 60, 0.1))
        time.sleep(0.3)  # each queues before the next starts
    got = [float(w.communicate(timeout=60)[0]) for w in waiters]
    assert got == sorted(got)
    assert _done(holder) == 0
    assert all(w.returncode == 0 for w in waiters)


def test_a_waiter_killed_in_the_queue_does_not_block_the_others(tmp_path: Path) -> None:
    holder = _held_by_other(tmp_path)
    doomed = _take(tmp_path, 60, 0)
    time.sleep(0.3)
    assert len(os.listdir(tmp_path / "queue")) == 1  # its ticket
    os.kill(doomed.pid, signal.SIGKILL)
    _done(doomed)
    later = _take(tmp_path, 60, 0)
    assert later.communicate(timeout=60)[0].strip()
    assert later.returncode == 0
    assert _done(holder) == 0
    assert os.listdir(tmp_path / "queue") == []  # the dead ticket was cleared


def test_the_same_process_opening_twice_is_told_at_once(tmp_path: Path) -> None:
    store = EmbeddedStore(tmp_path)
    try:
        began = time.monotonic()
        with pytest.raises(StoreLocked, match="already open in this process"):
            EmbeddedStore(tmp_path, wait=30)
        assert time.monotonic() - began < 5
    finally:
        store.close()


@pytest.mark.parametrize("wait", [-1, float("nan"), "5", True])
def test_a_wait_that_is_no_number_of_seconds_is_refused(tmp_path: Path, wait: object) -> None:
    with pytest.raises(InvalidArgument, match="wait"):
        EmbeddedStore(tmp_path, wait=wait)  # type: ignore[arg-type]


def test_graphmem_lock_wait_is_read_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_LOCK_WAIT", "soon")
    with pytest.raises(InvalidArgument, match="GRAPHMEM_LOCK_WAIT"):
        EmbeddedStore(tmp_path)
    monkeypatch.setenv("GRAPHMEM_LOCK_WAIT", "20")
    holder = _held_by_other(tmp_path)
    Memory(tmp_path).close()  # waited its turn
    assert _done(holder) == 0
