"""Which relations hold one value at a time, learnt from the namespace's own history.

Nobody declares every relation their texts use, and a relation nobody knows keeps every
value beside the others (``graphmem.write.cardinality``). The history tells more: when
several subjects each moved from one value to another — the old value never said again
once the new one appeared, and no message ever giving two values at once — the relation
behaves as one value at a time *in this memory*. The daily maintenance learns that:

* a slot **switched** when its values, ordered by when each was first said, follow one
  another: each was last said before the next was first said;
* a slot **held two at once** when one message gave it two values, when a value was said
  again after another had appeared ("I speak French" ... "I speak German" ... "my French
  is rusty but I still speak it"), or when a later value came with a word that adds
  rather than replaces ("I speak German *too*", "*auch*", "*aussi*", "*también*": the words
  of :data:`_ADDED`, in the statement's quote);
* a relation is learnt one-valued when at least :data:`MIN_SUBJECTS` subjects switched and
  no slot held two at once. Only plain facts are learnt (preferences and rules are
  governed by what they govern: ``graphmem.write.governs``), and never a relation the
  application declared (``define_predicate``) or a built-in one.

What it learns is written where cardinality lives — on the relation's statements
(``cardinality: one``, a statement patch) — and each slot's timeline is derived again in the
same transaction, so a value that followed another supersedes it, in history as in the
present. One audit entry per relation says what the guess rests on (target
``cardinality:<predicate>``). A wrong guess is corrected by declaring the relation, which
wins for every later statement.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from graphmem.model import Actor, Kind, Status
from graphmem.records import audit_row
from graphmem.store.base import FactFilter, GraphStore
from graphmem.store.changes import ChangeSet, Row, StatementPatch
from graphmem.temporal import END_OF_TIME
from graphmem.write.consolidate import Consolidator
from graphmem.write.slots import read_slots, settle_instant
from graphmem.write.statements import STANDING
from graphmem.write.timeline import Op

# Two subjects: FactConsolidation's plain text, default configuration, one daily run: the
# right value alone 48/100 -> 99/100 (3 subjects: 93/100), bench/extraction.py.
MIN_SUBJECTS = 2
# Words that add a value beside the others, in the languages the extractors read: a later
# value said with one is held together with the earlier ones, whatever came before.
_ADDED = re.compile(
    r"\b(?:too|also|as\s+well|another|in\s+addition|additionally|besides|auch|ebenfalls|"
    r"zusätzlich|aussi|également|en\s+plus|también|además|anche|inoltre|também|ook|"
    r"eveneens|också|även|også|też|również|тоже|также|ayrıca)\b",
    re.IGNORECASE,
)
ACTION, UNLEARN = "learn", "unlearn"
LEARNT = "learnt from history"  # a statement's cardinality_from when learning set it


@dataclass(slots=True)
class Evidence:
    """What a relation's slots show: the subjects that switched value, and how many slots
    held two values at once."""

    switched: set[str] = field(default_factory=set)
    together: int = 0

    @property
    def one_valued(self) -> bool:
        return self.together == 0 and len(self.switched) >= MIN_SUBJECTS


def slot_evidence(statements: Iterable[Row]) -> bool | None:
    """Whether one slot switched (True), held two values at once (False), or shows
    neither (None: one value, or nothing but candidates and ends)."""
    first: dict[str, datetime] = {}
    last: dict[str, datetime] = {}
    told: dict[str, set[str]] = defaultdict(set)  # episode -> the values it gave
    added: set[str] = set()  # values said with a word that adds them beside the others
    for s in statements:
        if s["op"] != Op.ASSERT.value or s["status"] not in STANDING:
            continue
        if s["status"] == Status.CANDIDATE.value:
            continue
        value = s["object_json"]
        first[value] = min(first.get(value, s["said_at"]), s["said_at"])
        last[value] = max(last.get(value, s["said_at"]), s["said_at"])
        for episode in s.get("episodes") or ():
            told[episode].add(value)
        if _ADDED.search(str(s.get("quote") or "")):
            added.add(value)
    if len(first) < 2:
        return None
    if any(len(values) > 1 for values in told.values()):
        return False
    order = sorted(first, key=lambda v: (first[v], v))
    if any(value in added for value in order[1:]):
        return False
    return all(last[a] < first[b] for a, b in itertools.pairwise(order))


def learn(
    store: GraphStore, namespace: str, now: datetime, declared: Callable[[str], bool]
) -> tuple[ChangeSet, list[str]]:
    """The change that applies what the namespace's history teaches (empty when nothing),
    and the relations learnt one-valued by it. A relation learnt before whose history now
    shows two values held at once, or that the application has declared since, is given
    back its many values (``unlearn``): the guess was the history's, so the history, or
    the declaration, may take it back."""
    change = ChangeSet(namespace=namespace)
    slots_of: dict[str, set[str]] = defaultdict(set)
    plain: dict[str, bool] = {}
    for row in store.facts(namespace, FactFilter()):
        predicate = row["predicate"]
        plain[predicate] = plain.get(predicate, True) and row["kind"] == Kind.FACT.value
        if row["retired_at"] >= END_OF_TIME:
            slots_of[predicate].add(row["slot"])
    wanted = [p for p, slots in slots_of.items() if plain[p]]
    said: dict[str, list[Row]] = defaultdict(list)
    keys = sorted({slot for p in wanted for slot in slots_of[p]})
    for statement in store.slot_statements(namespace, keys) if keys else []:
        said[statement["slot"]].append(statement)
    learnt: list[str] = []
    marks: dict[str, bool] = {}  # slot -> whether its statements are learnt one-valued
    for predicate in sorted(wanted):
        slots = sorted(slots_of[predicate])
        was_learnt = [slot for slot in slots if any(_learnt(s) for s in said[slot])]
        found = Evidence()
        for slot in slots:
            verdict = slot_evidence(said[slot])
            if verdict is False:
                found.together += 1
            elif verdict is True:
                found.switched.add(said[slot][0]["subject_key"])
        if declared(predicate) or not found.one_valued:
            if was_learnt:
                marks.update(dict.fromkeys(was_learnt, False))
                change.audit.append(_entry(now, predicate, found, one=False))
            continue
        behind = [s for s in slots if any(x.get("cardinality") != "one" for x in said[s])]
        if behind:
            learnt.append(predicate)
            marks.update(dict.fromkeys(behind, True))
            change.audit.append(_entry(now, predicate, found, one=True))
    if marks:
        _settle(store, change, marks, now)
    return change, learnt


_MANY: Row = {"cardinality": "many", "cardinality_from": None, "learnt_at": None}


def _one(at: datetime) -> Row:
    # When it was learnt: before, the slot held several values by right (check.py).
    return {"cardinality": "one", "cardinality_from": LEARNT, "learnt_at": at}


def _learnt(statement: Row) -> bool:
    return statement.get("cardinality_from") == LEARNT


def _entry(now: datetime, predicate: str, found: Evidence, *, one: bool) -> Row:
    if one:
        note = (
            f"one value at a time, learnt from history: {len(found.switched)} subjects moved "
            "from one value to another and none held two at once; define_predicate corrects "
            "a wrong guess"
        )
    else:
        note = "many values again: declared so, or the history now shows two values held at once"
    return audit_row(
        now,
        Actor.SYSTEM,
        ACTION if one else UNLEARN,
        target_id=f"cardinality:{predicate}",
        after={"cardinality": "one" if one else "many", "subjects_switched": len(found.switched)},
        note=note,
    )


def _settle(store: GraphStore, change: ChangeSet, marks: dict[str, bool], now: datetime) -> None:
    """Give the slots' statements their cardinality (one where ``marks`` says so, back to
    many elsewhere) and derive each slot again."""
    slots = read_slots(store, change.namespace, list(marks))
    change.slots = {key: slot.version for key, slot in slots.items()}
    at = settle_instant(slots.values(), now)
    consolidator = Consolidator(change, at, actor=Actor.SYSTEM)
    for key, slot in slots.items():
        one = marks[key]
        mark = _one(at) if one else _MANY
        for statement in slot.statements:
            # Learning marks what it changes; unlearning gives back only what it marked.
            done = statement.get("cardinality") == "one" if one else not _learnt(statement)
            if done:
                continue
            statement.update(mark)
            change.statement_patches.append(StatementPatch(statement["id"], dict(mark)))
        consolidator.settle(slot)
