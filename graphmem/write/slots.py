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
from contextlib import AbstractContextManager, closing, nullcontext
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.errors import WriteConflict
from graphmem.model import Status
from graphmem.store.base import GraphStore, Pending, Ready, SlotBeliefs
from graphmem.store.changes import ChangeSet, Row
from graphmem.temporal import BEGINNING, END_OF_TIME
from graphmem.write.statements import live, merged_values, one_valued
from graphmem.write.timeline import Run, Said, derive


@dataclass(slots=True)
class SlotState:
    key: str
    version: int = 0
    statements: list[Row] = field(default_factory=list)
    facts: list[Row] = field(default_factory=list)
    support: dict[str, list[Row]] = field(default_factory=dict)
    # Read without history (read_slots): only the believed versions are in ``facts``, and
    # when the versions left out last changed.
    partial: bool = False
    history_changed: datetime = BEGINNING
    # The last timeline derived for this slot (see timeline_of), with what it was derived from.
    derived: tuple[tuple[tuple[str, str, str], ...], list[Said], list[Run]] | None = None

    def believed(self) -> list[Row]:
        return [f for f in self.facts if f["retired_at"] >= END_OF_TIME]


def timeline_of(slot: SlotState, statements: list[Row]) -> tuple[list[Said], list[Run]]:
    """The standing statements among ``statements`` (the slot's own, or those and one being
    weighed) and the timeline derived from them. A write derives it when it weighs a claim
    and again when it settles the slot after: the second time, over the same statements, it
    is the one remembered. Statements are compared by id and by what a write may change in
    place (status and authority, when a candidate is confirmed)."""
    key = tuple((s["id"], s["status"], s["authority"]) for s in statements)
    if slot.derived is not None and slot.derived[0] == key:
        return slot.derived[1], slot.derived[2]
    live, runs = derive_timeline(statements, one=one_valued(statements))
    slot.derived = (key, live, runs)
    return live, runs


def derive_timeline(statements: list[Row], *, one: bool) -> tuple[list[Said], list[Run]]:
    """The standing statements among ``statements`` and the timeline derived from them, the
    slot one-valued when ``one``."""
    said_here = live(statements)
    return said_here, derive(said_here, one_valued=one)


def read_slots(
    store: GraphStore, namespace: str, keys: Iterable[str], *, history: bool = True
) -> dict[str, SlotState]:
    """The state of every slot in ``keys``, read in a few batched queries. ``history=False``
    reads only the believed facts (all a write weighs claims against; a slot's retired
    versions outnumber them as it ages) and, of the rest, only when they last changed."""
    if not history:
        with closing(SlotRead(store, namespace, keys)) as read:
            return read.result()
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    # The versions first: a version read after the state could hide a commit in between.
    versions = store.slot_versions(namespace, wanted)
    statements = store.slot_statements(namespace, wanted)
    facts = store.slot_facts(namespace, wanted)
    believed = [fact for fact in facts if fact["retired_at"] >= END_OF_TIME]
    support = store.support(namespace, [f["id"] for f in believed]) if believed else []
    return _slots(wanted, SlotBeliefs(versions, statements, facts, support, {}), partial=False)


class SlotRead:
    """The state of slots read without history (``read_slots(history=False)``), in two
    steps: made, it sends the read (:meth:`GraphStore.slot_beliefs`); :meth:`result`
    collects it. A write sends it before it stages its claims, so a store's server reads
    while the write works. Only a write reads so (its claim of the slots checks their
    versions), so a namespace the store knows to be empty is not read at all."""

    def __init__(self, store: GraphStore, namespace: str, keys: Iterable[str]) -> None:
        self.keys = list(dict.fromkeys(keys))
        self._sent: Pending[SlotBeliefs] = (
            store.slot_beliefs(namespace, self.keys)
            # A namespace known empty has no slot to read (GraphStore.unwritten).
            if self.keys and not store.unwritten(namespace)
            else Ready(SlotBeliefs({}, [], [], [], {}))
        )

    def result(self) -> dict[str, SlotState]:
        return _slots(self.keys, self._sent.result(), partial=True)

    def close(self) -> None:
        self._sent.close()


def _slots(wanted: list[str], read: SlotBeliefs, *, partial: bool) -> dict[str, SlotState]:
    """Each slot's state from what was read of them all (``partial``: without history)."""
    slots = {
        key: SlotState(
            key,
            read.versions.get(key, 0),
            partial=partial,
            history_changed=read.history_changed.get(key, BEGINNING),
        )
        for key in wanted
    }
    for statement in read.statements:
        slots[statement["slot"]].statements.append(statement)
    by_slot: dict[str, str] = {}
    for fact in read.facts:
        slots[fact["slot"]].facts.append(fact)
        if fact["retired_at"] >= END_OF_TIME:
            by_slot[fact["id"]] = fact["slot"]
    for link in read.support:
        slots[by_slot[link["fact_id"]]].support.setdefault(link["fact_id"], []).append(link)
    return slots


def settle_instant(slots: Iterable[SlotState], now: datetime) -> datetime:
    """The instant a change to ``slots`` is recorded at: ``now``, or the last instant any of
    them changed when that is later — belief time only moves forward within a slot, whatever
    the callers' clocks say."""
    return max([now, *(_latest_change(slot) for slot in slots)])


def _latest_change(slot: SlotState) -> datetime:
    """The last instant anything about the slot was recorded or retired."""
    instants: list[datetime] = [s["recorded_at"] for s in slot.statements]
    instants += [f["recorded_at"] for f in slot.facts]
    instants += [f["retired_at"] for f in slot.facts if f["retired_at"] < END_OF_TIME]
    return max([*instants, slot.history_changed])


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


def fact_history(store: GraphStore, ns: str, row: Row, *, revisions: bool) -> list[Row]:
    """The history a fact belongs to: the values its one-valued slot held over time (or, in a
    many-valued slot, the versions of its own value), oldest first. Retired versions only
    with ``revisions``."""
    lane = row.get("lane") or "main"
    statements = store.slot_statements(ns, [row["slot"]])
    one = one_valued(statements)
    merged = merged_values(statements)  # a duplicate merged into a value is of its history

    def value(r: Row) -> str:
        own: str = r["object_json"]
        return merged.get(own, own)

    chain = [
        r
        for r in store.slot_facts(ns, [row["slot"]])
        if (r.get("lane") or "main") == lane
        and r["status"] != Status.CANDIDATE.value
        and (one or value(r) == value(row))
        and (revisions or r["retired_at"] >= END_OF_TIME)
    ]
    believed = row["retired_at"] >= END_OF_TIME
    if all(r["id"] != row["id"] for r in chain) and (believed or revisions):
        chain.append(row)
    chain.sort(key=lambda r: (r["valid_from"], r["recorded_at"], r["id"]))
    return chain
