"""A slot's state as one write sees it: its statements, its fact versions, its version number.

A slot is (subject, predicate, scope). Every write that touches a slot reads its
state first and hands the store the version it read; the store applies the
change only if no other writer changed the slot in between (optimistic
concurrency), otherwise the write is decided again on fresh state — that time holding the
slots' locks (``GraphStore.hold_slots``), so the second try reads, decides and writes with
no one able to move the slots under it.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.errors import WriteConflict
from graphmem.store.base import ChangeSet, GraphStore, Row
from graphmem.temporal import BEGINNING, END_OF_TIME


@dataclass(slots=True)
class SlotState:
    key: str
    version: int = 0
    statements: list[Row] = field(default_factory=list)
    facts: list[Row] = field(default_factory=list)
    support: dict[str, list[Row]] = field(default_factory=dict)

    def believed(self) -> list[Row]:
        return [f for f in self.facts if f["retired_at"] >= END_OF_TIME]


def read_slots(store: GraphStore, namespace: str, keys: Iterable[str]) -> dict[str, SlotState]:
    """The state of every slot in ``keys``, read in a few batched queries."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    versions = store.slot_versions(namespace, wanted)
    slots = {key: SlotState(key, versions.get(key, 0)) for key in wanted}
    for statement in store.slot_statements(namespace, wanted):
        slots[statement["slot"]].statements.append(statement)
    believed = []
    for fact in store.slot_facts(namespace, wanted):
        slots[fact["slot"]].facts.append(fact)
        if fact["retired_at"] >= END_OF_TIME:
            believed.append(fact)
    by_slot = {f["id"]: f["slot"] for f in believed}
    for link in store.support(namespace, list(by_slot)) if by_slot else []:
        slots[by_slot[link["fact_id"]]].support.setdefault(link["fact_id"], []).append(link)
    return slots


def latest_change(slot: SlotState) -> datetime:
    """The last instant anything about the slot was recorded or retired."""
    instants = [s["recorded_at"] for s in slot.statements]
    instants += [f["recorded_at"] for f in slot.facts]
    instants += [f["retired_at"] for f in slot.facts if f["retired_at"] < END_OF_TIME]
    return max(instants, default=BEGINNING)


def apply_fresh(store: GraphStore, build: Callable[[], ChangeSet], attempts: int = 50) -> ChangeSet:
    """Build a change set from fresh reads and apply it. When another writer changed one of
    its slots in between, build again holding those slots (:func:`held_after`), so a busy
    slot makes writers queue, never starve. Returns the change set that was applied."""
    held: ChangeSet | None = None
    for attempt in itertools.count(1):
        try:
            with held_after(store, held):
                change = build()
                store.apply(change)
        except WriteConflict:
            if attempt >= attempts:
                raise
            held = change
            time.sleep(random.uniform(0, 0.002 * attempt))
            continue
        return change
    raise AssertionError("unreachable")  # pragma: no cover


def held_after(store: GraphStore, conflicted: ChangeSet | None) -> AbstractContextManager[None]:
    """Nothing on a first try (optimistic: no lock while a model or embedder is asked); after a
    conflict, the lock on the slots the lost attempt touched, for the whole retry."""
    if conflicted is None or not conflicted.slots:
        return nullcontext()
    return store.hold_slots(conflicted.namespace, conflicted.slots)
