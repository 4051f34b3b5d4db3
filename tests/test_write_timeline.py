"""A write derives a slot's timeline when it weighs a claim and again when it settles the
slot; the second derivation reuses the first only over the same statements in the same
state (graphmem.write.slots.timeline_of). Confirming a candidate changes a statement in place,
between the two: the settled timeline must see it confirmed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from graphmem import Claim, Memory
from graphmem.store.base import FactFilter
from graphmem.write.slots import SlotState, timeline_of
from graphmem.write.statements import one_valued, said, standing
from graphmem.write.timeline import Run, derive

T = datetime(2025, 5, 1, tzinfo=UTC)


def test_restating_an_inferred_value_confirms_it_in_the_settled_version(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("confirm")
    memory.remember([Claim("maya", "likes", "sushi", inferred=True)], namespace=space, at=T)
    memory.remember([Claim("maya", "likes", "sushi")], namespace=space, at=T + timedelta(days=1))

    believed = memory.facts(space, include_candidates=True)
    # One version, active, that holds from when the now-confirmed statement said it did;
    # a timeline derived before the confirmation would leave the candidate believed beside
    # a version starting a day later.
    assert [(f.object, f.status.value, f.valid_from) for f in believed] == [("sushi", "active", T)]


def test_a_remembered_timeline_is_the_one_derived_afresh(
    memory: Memory, ns: Callable[[str], str]
) -> None:
    space = ns("same")
    memory.remember([Claim("maya", "lives_in", "Lisbon")], namespace=space, at=T)
    memory.remember([Claim("maya", "lives_in", "Porto")], namespace=space, at=T + timedelta(days=1))
    slot_key = memory.store.facts(space, FactFilter(include_candidates=True))[0]["slot"]
    statements = memory.store.slot_statements(space, [slot_key])
    slot = SlotState(slot_key, statements=statements)

    def fresh() -> list[Run]:
        live = [said(s) for s in standing(statements)]
        return derive(live, one_valued=one_valued(statements))

    first = timeline_of(slot, statements)[1]
    assert first == fresh()
    assert timeline_of(slot, list(statements))[1] is first  # same statements: reused
    statements[0]["status"] = "rejected"  # changed in place, as a write may
    assert timeline_of(slot, statements)[1] == fresh() != first
