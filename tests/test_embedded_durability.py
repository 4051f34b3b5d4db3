"""The embedded store survives kills and refuses a second process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from graphmem import Memory, StoreLocked
from graphmem.store.embedded import EmbeddedStore

WRITER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, datetime
    from graphmem import Claim, Memory
    mem = Memory(sys.argv[1])
    i = 0
    while True:
        mem.remember([Claim("maya", "likes", f"thing {i}")], namespace="maya",
                     at=datetime(2026, 1, 1, tzinfo=UTC))
        print(i, flush=True)  # acknowledged: remember() returned
        i += 1
    """
)


def test_kill_mid_write_leaves_no_partial_fact_and_keeps_every_acknowledged_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "store"
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    assert child.stdout is not None
    acknowledged = -1
    deadline = time.monotonic() + 60
    while acknowledged < 40 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    assert acknowledged >= 40, "the writer did not get going"

    with Memory(path) as mem:
        likes = {f.object for f in mem.facts("maya", predicate="likes", history=True)}
        stats = mem.stats("maya")
        for fact in mem.facts("maya", predicate="likes"):
            assert [s.role.value for s in mem.history(fact.id, "maya")[0].support] == ["stated"]
    assert {f"thing {i}" for i in range(acknowledged + 1)} <= likes
    # Each remember() writes one episode and one fact together, or neither.
    assert stats["Episode"] == stats["Fact"] == len(likes)


def test_second_process_gets_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "store"
    holder = EmbeddedStore(path)
    try:
        code = f"from graphmem.store.embedded import EmbeddedStore; EmbeddedStore({str(path)!r})"
        proc = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": os.getcwd()},
            check=False,
        )
        assert proc.returncode != 0
        assert "StoreLocked" in proc.stderr
        assert "open in another process" in proc.stderr
    finally:
        holder.close()
    EmbeddedStore(path).close()  # free again once the holder closed


def test_lock_error_type_in_process(tmp_path: Path) -> None:
    # flock locks belong to the open file, so a second open in-process is refused too,
    # and the message says it is this process, not "another process (pid <our own>)".
    holder = EmbeddedStore(tmp_path / "s")
    try:
        with pytest.raises(StoreLocked, match="already open in this process"):
            EmbeddedStore(tmp_path / "s")
    finally:
        holder.close()


def test_a_store_after_a_forget_opens_again(tmp_path: Path) -> None:
    from graphmem import Claim

    path = tmp_path / "store"
    with Memory(path) as mem:
        kept = mem.remember([Claim("maya", "likes", "tea")], namespace="maya")
        gone = mem.remember([Claim("maya", "likes", "coffee")], namespace="maya")
        mem.forget("maya", episode=gone.episode_id)  # deletes rows, vacuums, empties the WAL
    with Memory(path) as mem:
        assert [f.object for f in mem.facts("maya")] == ["tea"]
        assert mem.history(kept.fact_ids[0], "maya")[0].support[0].episode_id == kept.episode_id
        assert mem.recall("tea", namespace="maya", include_episodes=False)[0].text.endswith("tea")
