"""Duplicates merged, sources kept (the monthly review).

A many-valued slot keeps one value beside another, so "a window seat" told in March and
"Window seats." told in May are two current facts about the same thing. The review finds
values of one slot that differ only in case, punctuation, a leading article or possessive,
and word endings (:func:`value_key`), and merges each group into its oldest value:

* every statement of a merged value is marked ``same_as`` the value it joins (a statement
  patch: what was said, and its words, stay as they were);
* the slot's timeline is derived again, and derivation counts those statements for the
  value they joined (``graphmem.write.statements.merged_values``): the surviving fact gains
  their episodes as support, the merged fact is retired in belief time (history keeps it),
  linked ``(kept)-[:SUPERSEDES {reason: 'duplicate merged'}]->(merged)``, and audited;
* the same spelling said again later joins the kept value too, and a forget that takes the
  kept value's own statements away leaves the merged spelling standing alone again.

Only plain spelling counts: "no sugar" and "sugar", "decaf coffee" and "coffee" stay apart,
and so do values in different lanes or of a candidate.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

import regex

from graphmem.model import Actor, Status
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, Row, StatementPatch
from graphmem.store.text import stem
from graphmem.temporal import END_OF_TIME
from graphmem.write.consolidate import Consolidator, is_candidate
from graphmem.write.slots import read_slots, settle_instant

REASON = "duplicate merged"
_WORD = regex.compile(r"\w+")
# Words that only point at the value ("a", "my"): English, as the relation names are.
_LEADING = frozenset({"a", "an", "the", "my", "our", "your", "his", "her", "their", "some"})
_MERGEABLE = frozenset({Status.ACTIVE.value, Status.NEEDS_REVIEW.value})


@dataclass(frozen=True, slots=True)
class Group:
    """Values of one slot that say the same thing: the one kept and those merged into it."""

    kept: Row
    merged: tuple[Row, ...]


def value_key(text: str) -> tuple[str, ...]:
    """What a value says, spelling aside: its words case-folded and stemmed, a leading
    article or possessive dropped. Negations and qualifiers stay ("no sugar")."""
    found = [w.casefold() for w in _WORD.findall(text)]
    while len(found) > 1 and found[0] in _LEADING:
        found = found[1:]
    return tuple(stem(w) for w in found)


def find(facts: Iterable[Row]) -> list[Group]:
    """The groups of duplicate values among ``facts`` (believed, current, not candidates),
    each kept value the one believed longest (the earliest valid_from, then the earliest
    recorded)."""
    by_value: dict[tuple[str, str, str, tuple[str, ...]], dict[str, Row]] = defaultdict(dict)
    for row in facts:
        if (
            row["retired_at"] < END_OF_TIME
            or row["status"] not in _MERGEABLE
            or is_candidate(row)
            or row["valid_until"] < END_OF_TIME
        ):
            continue
        key = value_key(str(row["object_text"]))
        if not key:
            continue
        group = by_value[(row["slot"], row.get("lane") or "main", row["kind"], key)]
        group.setdefault(row["object_json"], row)
    groups = []
    for values in by_value.values():
        if len(values) < 2:
            continue
        ordered = sorted(
            values.values(), key=lambda r: (r["valid_from"], r["recorded_at"], r["id"])
        )
        groups.append(Group(ordered[0], tuple(ordered[1:])))
    return sorted(groups, key=lambda g: g.kept["id"])


def merge(store: GraphStore, namespace: str, now: datetime) -> tuple[ChangeSet, list[Group]]:
    """The change that merges every duplicate group of ``namespace`` (empty when none)."""
    groups = find(store.facts(namespace, FactFilter()))
    change = ChangeSet(namespace=namespace)
    if not groups:
        return change, []
    slots = read_slots(store, namespace, [g.kept["slot"] for g in groups])
    change.slots = {key: slot.version for key, slot in slots.items()}
    at = settle_instant(slots.values(), now)
    consolidator = Consolidator(change, at, actor=Actor.SYSTEM)
    by_slot: dict[str, list[Group]] = defaultdict(list)
    for group in groups:
        by_slot[group.kept["slot"]].append(group)
    for key, slot_groups in by_slot.items():
        slot = slots[key]
        joins = {
            row["object_json"]: group.kept["object_json"]
            for group in slot_groups
            for row in group.merged
        }
        for statement in slot.statements:
            target = joins.get(statement["object_json"])
            if target is not None and statement.get("same_as") != target:
                statement["same_as"] = target
                change.statement_patches.append(
                    StatementPatch(statement["id"], {"same_as": target})
                )
        done = consolidator.settle(slot)
        for group in slot_groups:
            # The kept value's version now: the same, or a new one when its interval grew.
            now_kept = next(
                (
                    row
                    for row in [*done.created, *done.kept]
                    if row["object_json"] == group.kept["object_json"]
                    and row["valid_until"] >= END_OF_TIME
                ),
                group.kept,
            )
            for row in group.merged:
                consolidator.merged(now_kept, row, REASON)
    return change, groups
