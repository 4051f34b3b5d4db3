"""A pool made by one process is never used by a child it forks: the child's copy has the
pool's state but none of its threads, and work sent to it would wait forever."""

from __future__ import annotations

import multiprocessing
import os
from multiprocessing.queues import Queue

from graphmem.pools import ProcessPool


def _in_child(pool: ProcessPool, out: Queue[int]) -> None:
    out.put(pool.get().submit(os.getpid).result(timeout=5))


def test_a_forked_child_runs_work_on_a_pool_of_its_own() -> None:
    pool = ProcessPool(1, "graphmem-test")
    assert pool.get().submit(os.getpid).result(timeout=5) == os.getpid()
    fork = multiprocessing.get_context("fork")
    out: Queue[int] = fork.Queue()
    child = fork.Process(target=_in_child, args=(pool, out))
    child.start()
    try:
        assert out.get(timeout=20) == child.pid
    finally:
        child.join(timeout=20)
        if child.is_alive():
            child.kill()
    assert child.exitcode == 0
    pool.shutdown()
    assert pool.get().submit(lambda: 42).result(timeout=5) == 42  # made again after shutdown
    pool.shutdown()
