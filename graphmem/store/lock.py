"""One process at a time in an embedded store folder: an exclusive ``flock`` on its
``lock`` file, which also records the holder's pid for the message a second opener gets."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from graphmem.errors import StoreLocked


def acquire(folder: Path) -> IO[str]:
    """The folder's exclusive lock, with this process's pid written in it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "lock"
    handle = path.open("a+", encoding="utf-8")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError as exc:
        handle.seek(0)
        holder = handle.read().strip() or "unknown"
        handle.close()
        if holder == str(os.getpid()):
            raise StoreLocked(
                f"the embedded store at {folder} is already open in this process; "
                "share that Memory (it is thread-safe) or close it first"
            ) from exc
        raise StoreLocked(
            f"the embedded store at {folder} is open in another process (pid {holder}); "
            "close it there, or point GRAPHMEM_PATH at another folder"
        ) from exc
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def release(handle: IO[str]) -> None:
    fcntl.flock(handle, fcntl.LOCK_UN)
    handle.close()
