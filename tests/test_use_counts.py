"""Use counts: every recall counts the facts it returned, and a flush adds the counts to what
the store holds when it writes (``GraphStore.add_uses``). However many threads or processes
recall the same facts, each fact ends with exactly as many uses as recalls returned it."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Claim, Memory
from tests.stores import Clock

REPO = Path(__file__).resolve().parent.parent
QUESTION = "where do maya and tom live"


def _facts(memory: Memory, space: str) -> None:
    memory.remember(
        [
            Claim(subject="maya", predicate="lives_in", object="Denver"),
            Claim(subject="tom", predicate="lives_in", object="Lyon"),
            Claim(subject="maya", predicate="works_at", object="Acme"),
        ],
        space,
    )


def _recall_and_flush(memory: Memory, space: str) -> list[str]:
    """One recall, its uses flushed at once (a flush each, so that flushes meet)."""
    found = memory.recall(QUESTION, namespace=space, k=5, include_episodes=False)
    memory.flush()
    return [e.fact_id for e in found if e.fact_id is not None]


def _counts(memory: Memory, space: str) -> dict[str, int]:
    return {fact.id: fact.use_count for fact in memory.facts(space)}


def test_uses_counted_from_many_threads_are_all_kept(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("uses")
    _facts(memory, space)
    returned: Counter[str] = Counter()
    lock = threading.Lock()

    def recaller() -> None:
        for _ in range(8):
            ids = _recall_and_flush(memory, space)
            with lock:
                returned.update(ids)

    threads = [threading.Thread(target=recaller) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    memory.flush()
    assert sum(returned.values()) > 0
    counts = _counts(memory, space)
    assert counts == {fact_id: returned[fact_id] for fact_id in counts}


def test_a_fact_forgotten_before_its_uses_are_written_stays_forgotten(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("uses-gone")
    _facts(memory, space)
    found = memory.recall(QUESTION, namespace=space, k=5, include_episodes=False)
    gone = next(e.fact_id for e in found if e.fact_id is not None)
    memory.forget(space, fact=gone)
    memory.flush()  # the forgotten fact's use is skipped, not written back
    assert gone not in _counts(memory, space)
    assert memory.store.facts_by_id(space, [gone]) == []
    assert memory.check(space).ok


def test_a_use_counts_on_the_version_of_its_value_believed_when_it_is_written(
    memory: Memory, clock: Clock, ns: Callable[[str], str]
) -> None:
    """Recalled, then closed by a move before the flush: the value was asked about, and the
    version believed now (Austin, until the move) carries the use, not the retired one."""
    space = ns("uses-moved")
    memory.remember([Claim("user", "lives_in", "Austin", valid_from=clock())], space)
    clock.advance(days=10)
    [austin] = memory.recall("where do I live", space, k=1, include_episodes=False)
    clock.advance(days=10)
    memory.remember([Claim("user", "lives_in", "Denver", valid_from=clock())], space)

    memory.flush()

    versions = {f.object: f for f in memory.facts(space, history=True)}
    assert versions["Austin"].id != austin.fact_id  # the move wrote Austin again, closed
    assert (versions["Austin"].use_count, versions["Denver"].use_count) == (1, 0)
    assert memory.check(space).ok


@pytest.mark.neo4j
def test_uses_counted_by_processes_at_once_are_all_kept(neo4j_uri: str) -> None:
    space = f"uses-{uuid.uuid4().hex[:8]}"
    with Memory.neo4j(neo4j_uri) as memory:
        _facts(memory, space)
        workers = [
            subprocess.Popen(
                [sys.executable, "-m", "tests.test_use_counts", neo4j_uri, space, "12"],
                cwd=REPO,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        returned: Counter[str] = Counter()
        for worker in workers:
            out, _ = worker.communicate(timeout=300)
            assert worker.returncode == 0
            for line in out.splitlines():
                returned.update(json.loads(line))
        counts = _counts(memory, space)
    assert sum(returned.values()) >= 3 * 12
    assert counts == {fact_id: returned[fact_id] for fact_id in counts}


def _worker(uri: str, space: str, recalls: int) -> None:
    with Memory.neo4j(uri) as memory:
        for _ in range(recalls):
            print(json.dumps(_recall_and_flush(memory, space)), flush=True)


if __name__ == "__main__":
    _worker(sys.argv[1], sys.argv[2], int(sys.argv[3]))
