"""One process at a time in an embedded store folder: an exclusive ``flock`` on its
``lock`` file, which also records the holder's pid for the message a second opener gets.

A process may wait for its turn (``wait`` seconds) instead of failing at once. Waiters take
turns in the order they came: each leaves a ticket in ``queue/`` (its arrival time and pid)
and takes the lock only when no older waiter is still alive, so one writer cannot lose
every race to the others (``flock`` itself wakes its waiters in no order). A ticket whose
process has died is removed by the next waiter that finds it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from pathlib import Path
from typing import IO, NoReturn

from graphmem.errors import StoreLocked

_POLL = 0.005  # seconds between looks at the queue: a turn is a few milliseconds


def acquire(folder: Path, wait: float = 0.0) -> IO[str]:
    """The folder's exclusive lock, with this process's pid written in it; waiting up to
    ``wait`` seconds, in arrival order, when another process holds it."""
    folder.mkdir(parents=True, exist_ok=True)
    handle = (folder / "lock").open("a+", encoding="utf-8")
    if _try(handle):
        if wait <= 0 or not _waiting(folder):
            return _held(handle)
        fcntl.flock(handle, fcntl.LOCK_UN)  # others came first: queue behind them
    elif wait <= 0 or _holder(handle) == str(os.getpid()):
        _refuse(folder, handle)
    ticket = _ticket(folder)
    deadline = time.monotonic() + wait
    try:
        while True:
            if _first(folder, ticket) and _try(handle):
                return _held(handle)
            if time.monotonic() >= deadline:
                _refuse(folder, handle, waited=wait)
            time.sleep(_POLL)
    finally:
        ticket.unlink(missing_ok=True)


def release(handle: IO[str]) -> None:
    fcntl.flock(handle, fcntl.LOCK_UN)
    handle.close()


def _try(handle: IO[str]) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _held(handle: IO[str]) -> IO[str]:
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def _holder(handle: IO[str]) -> str:
    handle.seek(0)
    return handle.read().strip() or "unknown"


def _refuse(folder: Path, handle: IO[str], waited: float = 0.0) -> NoReturn:
    holder = _holder(handle)
    with contextlib.suppress(OSError):
        fcntl.flock(handle, fcntl.LOCK_UN)  # held only if we won a race out of turn
    handle.close()
    if holder == str(os.getpid()):
        raise StoreLocked(
            f"the embedded store at {folder} is already open in this process; "
            "share that Memory (it is thread-safe) or close it first"
        )
    after = f" after waiting {waited:g} s" if waited else ""
    raise StoreLocked(
        f"the embedded store at {folder} is open in another process (pid {holder}){after}; "
        "close it there, wait for it (EmbeddedStore(path, wait=SECONDS) or "
        "GRAPHMEM_LOCK_WAIT), or point GRAPHMEM_PATH at another folder"
    )


def _queue(folder: Path) -> Path:
    queue = folder / "queue"
    queue.mkdir(exist_ok=True)
    return queue


def _ticket(folder: Path) -> Path:
    ticket = _queue(folder) / f"{time.time_ns():020d}-{os.getpid()}"
    ticket.touch()
    return ticket


def _waiting(folder: Path) -> bool:
    """Whether live waiters are queued (then a newcomer queues behind them)."""
    return _first_live(folder) is not None


def _first(folder: Path, ticket: Path) -> bool:
    return _first_live(folder) in (None, ticket.name)


def _first_live(folder: Path) -> str | None:
    try:
        names = sorted(os.listdir(folder / "queue"))
    except FileNotFoundError:
        return None  # nobody has waited here yet
    for name in names:
        pid = name.rpartition("-")[2]
        if pid.isdigit() and _alive(int(pid)):
            return name
        (folder / "queue" / name).unlink(missing_ok=True)  # its process died waiting
    return None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
