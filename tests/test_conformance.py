"""The stores against the reference model, on generated histories (hypothesis).

Each example is a random sequence of operations — statements with random valid
times arriving in random order, one- and many-valued predicates, two scopes,
windows, ends, corrections, one-off events, external and inferred sources,
forgetting an episode, a fact or an entity, confirming and rejecting
candidates — replayed on a real store through the public API and on
``tests.reference_model``. After every operation the current answers must agree
at every boundary instant; at the end, answers as believed at every moment the
store changed (and a microsecond either side), candidates included, and every
fact's history. ``bench/conformance.py`` runs the same with a larger budget.
"""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given, settings

from graphmem import Memory
from tests.conformance import CLOCK0, Replay, operations
from tests.reference_model import after, before
from tests.stores import Clock

pytestmark = pytest.mark.slow

BUDGET = {"embedded": 150, "neo4j": 40}


def replay(memory: Memory, clock: Clock, ops: list[dict]) -> Replay:
    memory.define_predicate(
        "writing_block", cardinality="one", kind="preference", object_is_entity=False
    )
    clock.set(CLOCK0)
    run = Replay(memory, clock, f"conf-{uuid.uuid4().hex[:10]}")
    for op in ops:
        run.run(op)
        run.compare(at=run.probe_points(), known=[clock()])
    known = sorted({k for r in run.recorded for k in (before(r), r, after(r))})
    run.compare(at=run.probe_points(), known=[*known[:: max(1, len(known) // 12)], clock()])
    run.compare(at=run.probe_points(), known=[clock()], candidates=True)
    run.compare_histories()
    report = memory.check(run.namespace)
    assert report.ok, report.problems
    return run


def _budget(memory: Memory) -> int:
    return BUDGET["neo4j" if type(memory.store).__name__ == "Neo4jStore" else "embedded"]


def test_stores_agree_with_the_reference_model(memory: Memory, clock: Clock) -> None:
    @settings(
        max_examples=_budget(memory),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=True,
    )
    @given(operations())
    def check(ops: list[dict]) -> None:
        replay(memory, clock, ops)

    check()
