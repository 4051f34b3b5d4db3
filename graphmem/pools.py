"""Thread pools that survive a fork: each is made on first use by the process that uses it
(a forked child would otherwise inherit its parent's pool, without the threads)."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor


class ProcessPool:
    """A :class:`ThreadPoolExecutor` of ``threads`` threads, one per process that asks."""

    def __init__(self, threads: int, name: str) -> None:
        self._threads = threads
        self._name = name
        self._made: tuple[int, ThreadPoolExecutor] | None = None
        self._lock = threading.Lock()

    def get(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._made is None or self._made[0] != os.getpid():
                made = ThreadPoolExecutor(self._threads, thread_name_prefix=self._name)
                self._made = (os.getpid(), made)
            return self._made[1]

    def shutdown(self) -> None:
        """Wait for this process's pool (if it made one) to finish, and let it go."""
        with self._lock:
            made, self._made = self._made, None
        if made is not None and made[0] == os.getpid():
            made[1].shutdown(wait=True)
