"""The CPU meter of the benchmarks (bench/_common.py): what bench/scale.py prints beside
its wall times to show what bounds a ratio when client and server share the cores. It must
count this process's threads and another process by its pid, and nothing else."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from _common import CpuMeter

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_the_client_share_counts_every_thread_of_this_process() -> None:
    meter = CpuMeter()
    with meter.time():
        helper = threading.Thread(target=_spin, args=(0.15,))
        helper.start()
        helper.join()
        _spin(0.15)
    client, server = meter.per_block()
    assert client >= 0.25
    assert server is None  # no pid given: not measured, not zero


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


def test_the_server_share_is_the_other_process_and_waiting_costs_the_client_nothing() -> None:
    busy = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time\nend = time.process_time() + 0.4\nwhile time.process_time() < end: pass\n",
        ]
    )
    try:
        meter = CpuMeter(server_pid=busy.pid)
        with meter.time():
            # Wait by /proc, not by poll(): an exited child stays readable there (a zombie,
            # its CPU kept) until it is reaped, and the meter reads it when the block ends.
            while _state(busy.pid) != "Z":
                time.sleep(0.01)
    finally:
        busy.wait()
    client, server = meter.per_block()
    assert server is not None
    assert server >= 0.3
    assert client < 0.2
