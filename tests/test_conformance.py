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

import pytest
from hypothesis import HealthCheck, given, settings

from graphmem import Memory
from tests.conformance import check_sequence, operations
from tests.stores import Clock

pytestmark = pytest.mark.slow

BUDGET = {"embedded": 150, "neo4j": 40}


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
        check_sequence(memory, clock, ops)

    check()
